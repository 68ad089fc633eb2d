import * as E from 'fp-ts/Either';
import { decodePlayerState } from '../../domain/rules/registry';
import * as pan from '../../domain/rules/pan-atlantic';
import { GRADE_TABLE, NSR_GRADES, type Grade } from '../../domain/rules/pan-atlantic/tables';
import * as us from '../../domain/rules/us-shogi-1997';
import { PROMOTION_GAMES } from '../../domain/rules/us-shogi-1997/tables';
import type { GenericFold } from './history';
import type { GenericRuleSetId } from './systems';

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
  /** entry: the US rank a newcomer came in with; promotion: the system's own rule; scale: GoBase's grade read off the rating; ratification-requested: a 5/6-dan earned, awaiting the NSR; opening-balance and redetermination: an officer's fact. */
  readonly kind: 'entry' | 'opening-balance' | 'promotion' | 'ratification-requested' | 'redetermination' | 'scale';
  readonly from: string | null;
  readonly to: string;
  readonly rule: string;
  readonly tournamentId?: string;
  /** The rating after the change (null: unrated). */
  readonly rating: number | null;
}

export const GRADED_RULE_SETS: readonly GenericRuleSetId[] = ['us-shogi-1997-text', 'us-shogi-1997-card', 'pan-atlantic', 'gobase-go'];

/** GoBase's scale (spec gobase-go.md §1): 100 points a grade, 1 dan = 1900, 1 pro = 2500, 25 points a pro grade. */
export const goGradeOf = (rating: number): string => {
  if (rating >= 2500) return `${Math.min(9, Math.floor((rating - 2500) / 25) + 1)}-pro`;
  if (rating >= 1900) return `${Math.floor((rating - 1900) / 100) + 1}-dan`;
  return `${Math.min(30, Math.ceil((1900 - rating) / 100))}-kyu`;
};

const ratingOf = (s: unknown): number | null => (s === undefined ? null : (s as { rating: number | null }).rating);

const gradeOf = (ruleSet: GenericRuleSetId, s: unknown): string | null => {
  if (s === undefined) return null;
  if (ruleSet === 'gobase-go') return ratingOf(s) === null ? null : goGradeOf(ratingOf(s)!);
  return ruleSet === 'pan-atlantic' ? (s as pan.PanPlayer).grade : (s as us.UsPlayerIn).rank;
};

const goRule = (grade: string, rating: number | null): string =>
  `a rating of ${rating} lies in ${grade}'s range on GoBase's scale: 100 points a grade, 1 dan = 1900, 1 pro = 2500 (§1)`;

const usRule = (rank: us.UsRank): string =>
  `${PROMOTION_GAMES} consecutive rated games at or above ${us.rankLowerBound(rank)}, the lower bound of ${rank} (§4)`;

const nextGrade = (g: Grade): Grade | undefined => pan.GRADES[pan.GRADES.indexOf(g) + 1];

const panRule = (g: Grade, post: number | null): string => {
  const row = GRADE_TABLE[g];
  if (NSR_GRADES.includes(g)) return `${row.lbGames} consecutive games at or above ${row.lb} with one at or above ${row.mp}, ratified (§4.2)`;
  const next = nextGrade(g);
  if (post !== null && next !== undefined && post >= GRADE_TABLE[next].lb) {
    return `rule 3: a rating of ${post} after the tournament reaches ${GRADE_TABLE[next].lb}, the lower bound of ${next} (§4.1)`;
  }
  const mp = row.mpGames === null ? '' : `, or at or above ${row.mp} (its midpoint) over ${row.mpGames}`;
  return `rules 1–2: a rating at or above ${row.lb} (the lower bound of ${g}) over ${row.lbGames} consecutive games${mp} (§4.1)`;
};

const ratificationRule = (g: Grade): string => {
  const row = GRADE_TABLE[g];
  return `${row.lbGames} consecutive games at or above ${row.lb} with one at or above ${row.mp}; ${g} is the NSR's to award (§4.2)`;
};

type Item =
  | { readonly date: string; readonly order: 0; readonly fact: GenericFold['officerFacts'][number] }
  | { readonly date: string; readonly order: 1; readonly run: GenericFold['runs'][number] };

export const gradeHistory = (fold: GenericFold, playerId: string): GradeChange[] => {
  const out: GradeChange[] = [];
  const items: Item[] = [
    ...fold.officerFacts.filter((f) => GRADED_RULE_SETS.includes(f.ruleSet) && f.playerIds.includes(playerId)).map((fact) => ({ date: fact.date, order: 0 as const, fact })),
    ...fold.runs.filter((r) => GRADED_RULE_SETS.includes(r.ruleSet) && playerId in r.after).map((run) => ({ date: run.date, order: 1 as const, run })),
  ];
  // the fold's order: on one date officer facts first, then tournaments (both lists are already in it)
  items.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.order - b.order));
  const grade = new Map<GenericRuleSetId, string | null>();
  const pending = new Map<GenericRuleSetId, string | null>();
  for (const item of items) {
    if (item.order === 0) {
      const { fact } = item;
      const e = fact.event;
      const rating = fact.changes[playerId]?.after ?? null;
      if (e.type === 'OpeningBalanceImported') {
        const state = decodePlayerState(fact.ruleSet, playerId, e.state);
        const to = E.isRight(state) ? gradeOf(fact.ruleSet, state.right) : null;
        if (to !== null && to !== (grade.get(fact.ruleSet) ?? null)) {
          out.push({ date: fact.date, ruleSet: fact.ruleSet, kind: 'opening-balance', from: grade.get(fact.ruleSet) ?? null, to, rule: `opening balance (${e.source}${e.reason ? `: ${e.reason}` : ''})`, rating });
          grade.set(fact.ruleSet, to);
        }
      } else if (e.operation === 'redetermination' && typeof e.details?.clubGrade === 'string') {
        out.push({
          date: fact.date, ruleSet: fact.ruleSet, kind: 'redetermination', from: null, to: e.details.clubGrade, rating,
          rule: `club grade redetermined by the rating officer: unrated with two games assumed at ${e.details.clubGrade} (seed 6C; ${e.reason})`,
        });
      }
      continue;
    }
    const { run } = item;
    const after = run.after[playerId];
    const to = gradeOf(run.ruleSet, after);
    const before = run.before[playerId];
    if (!grade.has(run.ruleSet) && run.ruleSet.startsWith('us-shogi-1997') && before !== undefined && (before as us.UsPlayerIn).rating === null) {
      const rank = (before as us.UsPlayerIn).rank;
      out.push({ date: run.date, ruleSet: run.ruleSet, kind: 'entry', from: null, to: rank, rule: 'the rank a newcomer enters with: his declared grade, else the rank whose range holds his starting rating', tournamentId: run.tournamentId, rating: null });
      grade.set(run.ruleSet, rank);
    }
    const from = grade.get(run.ruleSet) ?? gradeOf(run.ruleSet, before);
    const rating = ratingOf(after);
    if (to !== null && to !== from) {
      const rule = run.ruleSet === 'gobase-go' ? goRule(to, rating) : run.ruleSet === 'pan-atlantic' ? panRule(to as Grade, rating) : usRule(to as us.UsRank);
      out.push({ date: run.date, ruleSet: run.ruleSet, kind: run.ruleSet === 'gobase-go' ? 'scale' : 'promotion', from, to, rule, tournamentId: run.tournamentId, rating });
    }
    grade.set(run.ruleSet, to);
    if (run.ruleSet === 'pan-atlantic') {
      const requested = (after as pan.PanPlayer).pendingRatification;
      if (requested !== null && requested !== (pending.get(run.ruleSet) ?? null)) {
        out.push({ date: run.date, ruleSet: run.ruleSet, kind: 'ratification-requested', from: to, to: requested, rule: ratificationRule(requested), tournamentId: run.tournamentId, rating });
      }
      pending.set(run.ruleSet, requested);
    }
  }
  return out;
};
