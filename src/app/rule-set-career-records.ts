/**
 * The records of the careers model of the non-FESA rule sets (rule-set-career-model.ts), in two parts split at the
 * model's cut date (the fold cut's, rule-set-fold-cut.ts): a player's **head** record holds what is dated before the
 * cut — written when the model is made, never by a splice — and his **tail** record what is dated from the cut on,
 * with what the page shows of him now (his standings) and the grade carry at the cut. A write after the cut rewrites
 * the tails alone (the players two seasons name, not every record of the ledger), and a read joins a player's two
 * lines. A player without a tail line has nothing from the cut on: his head record is his whole record.
 */
import type { GenericExplanation } from '../../projections/generic/explain';
import type { GradeCarry, GradeChange } from '../../projections/generic/grades';
import type { RuleSetStanding } from './career-rule-sets';
import type { GenericCareer } from './tournaments';

/**
 * One player's whole record (and the head record's shape): his career under every non-FESA rule set (null: none),
 * what `explain` tells of him (null: nothing, or the fold failed), his standings (what his page shows of his state
 * under each rule set) and what his grade history carries over the model's cut date (null: nothing).
 */
export type PlayerRecord = readonly [playerId: string, career: GenericCareer | null, explanation: GenericExplanation['data'] | null, standings: readonly RuleSetStanding[], carry: GradeCarry | null];

/** A career's items from the cut on. */
type CareerTail = Pick<GenericCareer, 'openingBalances' | 'tournaments'>;
/** An explanation's items from the cut on (its grades are the career's). */
type ExplanationTail = Pick<GenericExplanation['data'], 'tournaments' | 'officerFacts'>;

/**
 * A player's tail record: his name (null: he has no career), his career's items from the cut on (null: the fold from
 * the cut gives him none), his explanation's and his grade changes from the cut on, his standings now, his carry, and
 * his carry at the fine cut (the model's `fineDate`), which a splice of the items from the fine cut on starts from.
 */
export type TailRecord = readonly [
  playerId: string, name: string | null, career: CareerTail | null, explanation: ExplanationTail, grades: readonly GradeChange[], standings: readonly RuleSetStanding[], carry: GradeCarry | null,
  fineCarry: GradeCarry | null,
];

/** A record as a line of its bucket: the date of its last dated item ('': none), the id as JSON, the record as JSON. */
export interface Line {
  readonly last: string;
  readonly id: string;
  readonly text: string;
}

/** Whether an explanation tells anything (a record keeps none that does not). */
export const explainsAnything = (data: Pick<GenericExplanation['data'], 'tournaments' | 'officerFacts' | 'grades'>): boolean =>
  data.tournaments.length > 0 || data.officerFacts.length > 0 || data.grades.length > 0;

export const nonEmpty = (carry: GradeCarry): GradeCarry | null => (Object.keys(carry).length === 0 ? null : carry);

const lastDateOf = ([, career, explained]: PlayerRecord): string => {
  let last = '';
  const seen = (date: string): void => {
    if (date > last) last = date;
  };
  for (const t of career?.tournaments ?? []) seen(t.endDate);
  for (const items of [career?.openingBalances, career?.grades, explained?.tournaments, explained?.officerFacts, explained?.grades]) for (const i of items ?? []) seen(i.date);
  return last;
};

const lineWith = (last: string, id: string, record: unknown): Line => ({ last, id, text: `${last}\t${JSON.stringify(id)}\t${JSON.stringify(record)}` });

export const lineOf = (record: PlayerRecord): Line => lineWith(lastDateOf(record), record[0], record);

/** A tail's line: the date of its last dated item, as a head record's. */
export const tailLineOf = (record: TailRecord): Line => {
  const [id, , career, explanation, grades] = record;
  return lineWith(lastDateOf([id, career && { playerId: id, name: '', grades, ...career }, { playerId: id, ...explanation, grades }, [], null]), id, record);
};

export const parseLine = (text: string): Line => {
  const [a, b] = [text.indexOf('\t'), text.indexOf('\t', text.indexOf('\t') + 1)];
  return { last: text.slice(0, a), id: JSON.parse(text.slice(a + 1, b)) as string, text };
};

const jsonOfLine = ({ text }: Line): string => text.slice(text.indexOf('\t', text.indexOf('\t') + 1) + 1);

export const recordOfLine = (line: Line): PlayerRecord => JSON.parse(jsonOfLine(line)) as PlayerRecord;

export const tailOfLine = (line: Line): TailRecord => JSON.parse(jsonOfLine(line)) as TailRecord;

const before = <T extends { readonly date: string }>(items: readonly T[] | undefined, cut: string): T[] => (items ?? []).filter((i) => i.date < cut);
const fromOn = <T extends { readonly date: string }>(items: readonly T[] | undefined, cut: string): T[] => (items ?? []).filter((i) => i.date >= cut);

/**
 * A whole record split at `cut`: its head record, and its tail when it holds anything dated from the cut on (with his
 * carry at the fine cut, `fineCarry`; a player without a tail carries his head record's carry there).
 */
export const splitAtCut = (record: PlayerRecord, cut: string, fineCarry: GradeCarry | null): { head: PlayerRecord; tail: TailRecord | undefined } => {
  if (lastDateOf(record) < cut) return { head: record, tail: undefined };
  const [id, career, explained, standings, carry] = record;
  const headCareer = career && { ...career, openingBalances: before(career.openingBalances, cut), grades: before(career.grades, cut), tournaments: career.tournaments.filter((t) => t.endDate < cut) };
  const headExplained = explained && { ...explained, tournaments: before(explained.tournaments, cut), officerFacts: before(explained.officerFacts, cut), grades: before(explained.grades, cut) };
  const tail: TailRecord = [
    id,
    career?.name ?? null,
    career && { openingBalances: fromOn(career.openingBalances, cut), tournaments: career.tournaments.filter((t) => t.endDate >= cut) },
    { tournaments: fromOn(explained?.tournaments, cut), officerFacts: fromOn(explained?.officerFacts, cut) },
    fromOn(career?.grades ?? explained?.grades, cut),
    standings,
    carry,
    fineCarry,
  ];
  return { head: [id, headCareer, headExplained, standings, carry], tail };
};

/**
 * A tail made again from a fold resumed at the fine cut `fine` (`fresh`: its items from `fine` on, the standings and
 * carries now) joined with the saved tail's items dated before `fine`, which that fold did not see: what a fold
 * resumed at the coarse cut would have made of the two. A career part is kept where either side has one with items
 * (a fold gives a career part to a player with an opening balance at any date, with or without items).
 */
export const tailJoinedAt = (fine: string, old: TailRecord | undefined, fresh: TailRecord): TailRecord => {
  if (old === undefined) return fresh;
  const [id, name, freshCareer, freshExplained, freshGrades, standings, carry, fineCarry] = fresh;
  const [, oldName, oldCareer, oldExplained, oldGrades] = old;
  const kept = oldCareer && { openingBalances: before(oldCareer.openingBalances, fine), tournaments: oldCareer.tournaments.filter((t) => t.endDate < fine) };
  const career =
    freshCareer === null && (kept === null || kept.openingBalances.length + kept.tournaments.length === 0)
      ? null
      : { openingBalances: [...(kept?.openingBalances ?? []), ...(freshCareer?.openingBalances ?? [])], tournaments: [...(kept?.tournaments ?? []), ...(freshCareer?.tournaments ?? [])] };
  const explanation = { tournaments: [...before(oldExplained.tournaments, fine), ...freshExplained.tournaments], officerFacts: [...before(oldExplained.officerFacts, fine), ...freshExplained.officerFacts] };
  return [id, name ?? oldName, career, explanation, [...before(oldGrades, fine), ...freshGrades], standings, carry, fineCarry];
};

/** A player's whole record from his head record and his tail (undefined: the model holds nothing of him). */
export const joined = (id: string, head: PlayerRecord | undefined, tail: TailRecord | undefined): PlayerRecord | undefined => {
  if (tail === undefined) return head;
  const [, name, careerTail, explanationTail, gradesTail, standings, carry] = tail;
  const [, headCareer, headExplained] = head ?? [id, null, null];
  const grades = [...(headCareer?.grades ?? headExplained?.grades ?? []), ...gradesTail];
  const tournaments = [...(headCareer?.tournaments ?? []), ...(careerTail?.tournaments ?? [])];
  const career: GenericCareer | null =
    name === null || (headCareer?.tournaments.length ?? 0) + (careerTail === null ? 0 : 1) === 0
      ? null
      : { playerId: id, name, openingBalances: [...(headCareer?.openingBalances ?? []), ...(careerTail?.openingBalances ?? [])], grades, tournaments };
  const explanation = {
    playerId: id,
    tournaments: [...(headExplained?.tournaments ?? []), ...explanationTail.tournaments],
    officerFacts: [...(headExplained?.officerFacts ?? []), ...explanationTail.officerFacts],
    grades,
  };
  const explained = explainsAnything(explanation) ? explanation : null;
  return career !== null || explained !== null || standings.length > 0 ? [id, career, explained, standings, carry] : undefined;
};
