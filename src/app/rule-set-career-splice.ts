/**
 * What a splice of the non-FESA careers model (rule-set-career-model.ts) makes of each player from the fold of the list
 * slice resumed at a cut: his head record kept (renamed where he was), his tail kept or made again. The model's
 * splice saves every bucket's tails so; a page after a write reads one player's record so, saving nothing.
 */
import * as E from 'fp-ts/Either';
import { explanationData } from '../../projections/generic/explain';
import { foldGeneric } from '../../projections/generic/history';
import { gradeHistory, type GradeCarry } from '../../projections/generic/grades';
import type { GenericRuleSetId } from '../../projections/generic/systems';
import type { RatedTournamentSlice } from './rated-tournament';
import type { SliceFold } from './rule-set-list-model';
import { careerName, careerReader } from './tournaments';
import { lineOf, nonEmpty, recordOfLine, tailJoinedAt, tailOfLine, tailLineOf, type Line, type TailRecord } from './rule-set-career-records';
import { ruleSetStandings } from './career-rule-sets';
import { listNamer, listOfFold, type RuleSetListRow } from './rule-set-list';

/**
 * Each rule set's list row of a player at the end of the timeline (as `ruleSetList` gives it, everybody rated), from
 * the fold already made: the page repeats its grade and category.
 */
export const listRows = (
  slice: RatedTournamentSlice,
  folded: ReturnType<typeof foldGeneric>,
  /** How the list names a state key (a splice's rows give the page only their grade and category: any name will do). */
  named: (key: string) => { id: string; name: string; country: string } = listNamer(slice.facts),
): ((ruleSet: GenericRuleSetId, playerId: string) => RuleSetListRow | undefined) => {
  const rows = new Map<GenericRuleSetId, ReadonlyMap<string, RuleSetListRow>>();
  return (ruleSet, playerId) => {
    if (E.isLeft(folded)) return undefined;
    let list = rows.get(ruleSet);
    if (list === undefined) rows.set(ruleSet, (list = new Map(listOfFold(folded.right, ruleSet, END_OF_TIME, 0, named).players.map((row) => [row.id, row]))));
    return list.get(playerId);
  };
};

const END_OF_TIME = '9999-12-31';

/** A head record's line, and a tail's, with the career's name `name` (unchanged when he has no career or `name` is undefined). */
export const headRenamed = (line: Line, name: string | undefined): Line => {
  const record = recordOfLine(line);
  return record[1] === null || name === undefined ? line : lineOf([record[0], { ...record[1], name }, record[2], record[3], record[4]]);
};
export const tailRenamed = (line: Line, name: string | undefined): Line => {
  const record = tailOfLine(line);
  return record[1] === null || name === undefined ? line : tailLineOf([record[0], name, record[2], record[3], record[4], record[5], record[6], record[7]]);
};

/**
 * What a splice of the careers model saved as `saved` with the fold of the list slice resumed at the cut (`fold.from`,
 * where the saved records are split) makes of each player: his head record kept as saved (renamed where `renamed`
 * holds him), his tail kept as saved where nothing from the date the write `touched` names him, else made again from
 * the fold, each grade history carried over the cut from the record's carry. Undefined when the fold failed or was
 * resumed at another date than the model's (the caller makes the model anew: a failure is told as the whole fold
 * tells it).
 */
export const spliceOf = (saved: { readonly cutDate: string; readonly fineDate: string }, fold: SliceFold, renamed: ReadonlySet<string>, touched: string) => {
  const { slice, folded, from } = fold;
  // resumed at the fine cut: the tails keep their items before it, each grade history carried over it
  const fine = fold.grain === 'fine';
  if (E.isLeft(folded) || (fine ? saved.fineDate !== from || from <= saved.cutDate : saved.cutDate !== from)) return undefined;
  const fineDate = fold.fineDate ?? saved.fineDate;
  const resumed = folded.right;
  const careerOf = careerReader(slice.facts, slice.state, folded);
  // a state is kept under the person's id (a merge makes the models anew): the rows by that id, names not read again
  const listedOf = listRows(slice, folded, (key) => ({ id: key, name: key, country: '' }));
  const nameOf = (id: string): string | undefined => {
    const player = slice.state.players.get(id);
    return player && careerName(player);
  };
  /** His tail made again: `old` his saved tail, `headCarry` his head record's carry (where he has no tail yet). */
  const tailOf = (id: string, old: TailRecord | undefined, headCarry: GradeCarry | null): TailRecord => {
    // the carry the fold's first item starts from: at the cut it was resumed at (a player without a tail has nothing between the two)
    const start = (fine ? (old === undefined ? headCarry : old[7]) : (old?.[6] ?? headCarry)) ?? {};
    let carry: GradeCarry = fine ? (old?.[6] ?? headCarry ?? {}) : start;
    let fineCarry: GradeCarry = start;
    // the carry at the split date: a model whose cut moved since is made anew, not spliced from another date
    const grades = gradeHistory(resumed, id, { carry: start, carryAt: { date: from, take: (c) => (fine ? undefined : (carry = c)) } });
    gradeHistory(resumed, id, { carry: start, carryAt: { date: fineDate, take: (c) => (fineCarry = c) } });
    const post = careerOf(id);
    const now = explanationData(resumed, id);
    const standings = ruleSetStandings(folded, id, (ruleSet) => listedOf(ruleSet, id));
    const made: TailRecord = [id, nameOf(id) ?? null, post === undefined ? null : { openingBalances: post.openingBalances, tournaments: post.tournaments }, { tournaments: now.tournaments, officerFacts: now.officerFacts }, grades, standings, nonEmpty(carry), nonEmpty(fineCarry)];
    return fine ? tailJoinedAt(from, old, made) : made;
  };
  // a tail kept as saved carries what it did at the fine date where that date stays, or where it holds nothing from the earlier of the two on
  const fineCarryHolds = (last: string): boolean => fineDate === saved.fineDate || last < (fineDate < saved.fineDate ? fineDate : saved.fineDate);
  // the players the items from the cut on name, whom the saved tails may not hold yet; those of the items from the
  // date the write touches on, whose tails change (the items before it are folded as they were)
  const [named, touchedNow] = [new Set<string>(), new Set<string>()];
  const name = (date: string, ids: Iterable<string>): void => {
    for (const id of ids) {
      named.add(id);
      if (date >= touched) touchedNow.add(id);
    }
  };
  for (const r of resumed.runs) name(r.date, Object.keys(r.before));
  for (const f of resumed.officerFacts) name(f.date, f.playerIds);
  for (const t of slice.state.tournaments.values()) for (const g of t.games.values()) if (!g.withdrawn) name(t.registration.endDate, [g.facts.first, g.facts.second].filter((id) => id !== null));
  return {
    fine,
    fineDate,
    named,
    /** His head record's line as the splice saves it. */
    headLine: (line: Line): Line => (renamed.has(line.id) ? headRenamed(line, nameOf(line.id)) : line),
    /** His tail's line as the splice saves it: `old` his saved one (a tail with nothing from the date the write touches, of a player nothing from it names, is as it was), else a newcomer's from his head record's carry. */
    tailLine: (id: string, old: Line | undefined, headCarry: GradeCarry | null): Line =>
      old === undefined ? tailLineOf(tailOf(id, undefined, headCarry)) : old.last < touched && !touchedNow.has(id) && !renamed.has(id) && fineCarryHolds(old.last) ? old : tailLineOf(tailOf(id, tailOfLine(old), null)),
  };
};
