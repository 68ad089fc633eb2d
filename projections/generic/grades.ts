import * as E from 'fp-ts/Either';
import type { Grades } from '../../domain/rules/contract';
import { decodePlayerState } from '../../domain/rules/registry';
import { playerItems } from './by-player';
import type { GenericFold } from './history';
import type { GenericRuleSetId } from './systems';

export { goGradeOf } from '../../domain/rules/gobase-go/rule-set';

/**
 * A player's grade history under the rule systems that have grades: US Shogi 1997 ranks (§4: a rank after 20
 * consecutive rated games at or above its lower bound), pan-atlantic grades (§4.1 rules 1–3) with the ratification
 * requests of 5-dan and 6-dan, which only the NSR awards (§4.2), and the officer's redetermination of a club grade
 * (seed 6C); GoBase keeps only a rating, whose grade is read off its own scale (spec §1), so a GoBase grade changes
 * with the rating, either way. FIDE and USCF have no grades.
 * Read from the generic fold's states before and after each tournament and from the officer facts, each change with
 * the rule that made it, in words.
 */
export interface GradeChange {
  readonly date: string;
  readonly ruleSet: GenericRuleSetId;
  /** entry: the US rank a newcomer came in with; promotion: the system's own rule; scale: GoBase's grade read off the rating; ratification-requested: a 5/6-dan earned, awaiting the NSR; opening-balance, redetermination and award (the NSR's ratification, recorded by an officer): an officer's fact. */
  readonly kind: 'entry' | 'opening-balance' | 'promotion' | 'ratification-requested' | 'redetermination' | 'scale' | 'award';
  readonly from: string | null;
  readonly to: string;
  readonly rule: string;
  readonly tournamentId?: string;
  /** The rating after the change (null: unrated). */
  readonly rating: number | null;
}

type Item =
  | { readonly date: string; readonly order: 0; readonly fact: GenericFold['officerFacts'][number] }
  | { readonly date: string; readonly order: 1; readonly run: GenericFold['runs'][number] };

/**
 * What the history carries from the items before a date into the first one after it, per rule set with grades: the
 * grade held (an entry present, null included, means he held one: a newcomer's entry grade is told only where none
 * is) and the ratification request pending. A fold resumed at a cut (history.ts `GenericCut`) starts from the carry
 * of the items before the cut, which it passes over.
 */
export type GradeCarry = Readonly<Record<string, readonly [grade: string | null, pending: string | null]>>;

export interface GradeHistoryOptions {
  /** Where the items of the fold start from (a fold resumed at a cut): the carry of those before them. */
  readonly carry?: GradeCarry;
  /** Told of the carry before the first item dated on or after `date` (or after the last item). */
  readonly carryAt?: { readonly date: string; readonly take: (carry: GradeCarry) => void };
}

const carried = (grade: ReadonlyMap<string, string | null>, pending: ReadonlyMap<string, string | null>): GradeCarry =>
  Object.fromEntries([...grade].map(([ruleSet, g]) => [ruleSet, [g, pending.get(ruleSet) ?? null] as const]));

export const gradeHistory = (fold: GenericFold, playerId: string, options: GradeHistoryOptions = {}): GradeChange[] => {
  const out: GradeChange[] = [];
  const gradesOf = (ruleSet: GenericRuleSetId): Grades<unknown> | undefined => fold.registry.get(ruleSet)?.grades;
  const gradeOf = (ruleSet: GenericRuleSetId, s: unknown): string | null => (s === undefined ? null : gradesOf(ruleSet)?.of(s) ?? null);
  const mine = playerItems(fold, playerId);
  const items: Item[] = [
    ...mine.officerFacts.filter((f) => gradesOf(f.ruleSet) !== undefined).map((fact) => ({ date: fact.date, order: 0 as const, fact })),
    ...mine.runs.filter((r) => gradesOf(r.ruleSet) !== undefined).map((run) => ({ date: run.date, order: 1 as const, run })),
  ];
  // the fold's order: on one date officer facts first, then tournaments (both lists are already in it)
  items.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.order - b.order));
  const grade = new Map<string, string | null>(Object.entries(options.carry ?? {}).map(([r, [g]]) => [r, g]));
  const pending = new Map<string, string | null>(Object.entries(options.carry ?? {}).map(([r, [, p]]) => [r, p]));
  let carryAt = options.carryAt;
  for (const item of items) {
    if (carryAt !== undefined && item.date >= carryAt.date) {
      carryAt.take(carried(grade, pending));
      carryAt = undefined;
    }
    if (item.order === 0) {
      const { fact } = item;
      const e = fact.event;
      const rating = fact.changes[playerId]?.after ?? null;
      if (e.type === 'OpeningBalanceImported') {
        const state = decodePlayerState(fact.ruleSet, playerId, e.state, fold.registry);
        const to = E.isRight(state) ? gradeOf(fact.ruleSet, state.right) : null;
        if (to !== null && to !== (grade.get(fact.ruleSet) ?? null)) {
          out.push({ date: fact.date, ruleSet: fact.ruleSet, kind: 'opening-balance', from: grade.get(fact.ruleSet) ?? null, to, rule: `opening balance (${e.source}${e.reason ? `: ${e.reason}` : ''})`, rating });
          grade.set(fact.ruleSet, to);
        }
      } else if (e.type === 'GradeAwarded') {
        const to = fact.awarded?.grade ?? e.grade;
        out.push({ date: fact.date, ruleSet: fact.ruleSet, kind: 'award', from: grade.get(fact.ruleSet) ?? null, to, rule: `awarded (${e.reason})`, rating });
        grade.set(fact.ruleSet, to);
        pending.set(fact.ruleSet, fact.awarded?.pending ?? null);
      } else if (e.operation === 'redetermination' && typeof e.details?.clubGrade === 'string') {
        out.push({
          date: fact.date, ruleSet: fact.ruleSet, kind: 'redetermination', from: null, to: e.details.clubGrade, rating,
          rule: `club grade redetermined by the rating officer: unrated with two games assumed at ${e.details.clubGrade} (seed 6C; ${e.reason})`,
        });
      }
      continue;
    }
    const { run } = item;
    const grades = gradesOf(run.ruleSet)!;
    const after = run.after[playerId];
    const to = gradeOf(run.ruleSet, after);
    const before = run.before[playerId];
    const entered = grades.entersWith !== undefined && before !== undefined ? grades.entersWith(before) : null;
    if (!grade.has(run.ruleSet) && entered !== null) {
      out.push({ date: run.date, ruleSet: run.ruleSet, kind: 'entry', from: null, to: entered, rule: 'the rank a newcomer enters with: his declared grade, else the rank whose range holds his starting rating', tournamentId: run.tournamentId, rating: null });
      grade.set(run.ruleSet, entered);
    }
    const from = grade.get(run.ruleSet) ?? gradeOf(run.ruleSet, before);
    const rating = fold.registry.get(run.ruleSet)!.rating(after);
    if (to !== null && to !== from) {
      const { kind, rule } = grades.ruleOf(to, rating);
      out.push({ date: run.date, ruleSet: run.ruleSet, kind, from, to, rule, tournamentId: run.tournamentId, rating });
    }
    grade.set(run.ruleSet, to);
    if (grades.ratification !== undefined) {
      const requested = grades.ratification.requested(after);
      if (requested !== null && requested !== (pending.get(run.ruleSet) ?? null)) {
        out.push({ date: run.date, ruleSet: run.ruleSet, kind: 'ratification-requested', from: to, to: requested, rule: grades.ratification.ruleOf(requested), tournamentId: run.tournamentId, rating });
      }
      pending.set(run.ruleSet, requested);
    }
  }
  carryAt?.take(carried(grade, pending));
  return out;
};
