/**
 * Grades and promotion (spec §4; seed 002 §6D, §6E). Grades never go down.
 */
import { EPS, isZero } from '../shared/rounding';
import { itemAt } from '../shared/present';
import { GRADES, GRADE_TABLE, Grade, HIGHEST_DIRECT_GRADE, NO_GRADE_INDEX, NSR_GRADES, gradeIndex } from './tables';

export interface StreakEntry {
  /** Current run of games after which the rating was ≥ LB of the grade. */
  readonly lb: number;
  /** Current run of games after which the rating was ≥ MP of the grade. */
  readonly mp: number;
  /** Whether the LB run contains a game ≥ MP (seed 6E: "above 2400 … at least once"). */
  readonly mpSeen: boolean;
}
export type Streaks = Readonly<Partial<Record<Grade, StreakEntry>>>;
export type NsrGrade = '5-dan' | '6-dan';

export interface GradeState {
  readonly grade: Grade | null;
  readonly streaks: Streaks;
  readonly pendingRatification: NsrGrade | null;
}

/** Whether, after game j (1-based) of the part, the player's rating was at or above threshold T. */
export type AtOrAbove = (j: number, threshold: number) => boolean;

/**
 * Playing order known (default): the change accrues game by game in proportion to the per-game terms
 * K·(s − We): r_j = PRE + (POST − PRE)·C_j/C_n, and r_n = POST.
 */
export const runningRating = (pre: number, post: number, terms: readonly number[], multiplier: number): AtOrAbove => {
  const cumulative: number[] = [];
  let c = 0;
  for (const t of terms) cumulative.push((c += t));
  const n = terms.length;
  const total = cumulative.at(-1) ?? 0;
  // j counts games from 1, so C_j is cumulative[j - 1].
  const through = (j: number): number => itemAt(cumulative, j - 1, 'game');
  const ratingAfter = (j: number): number =>
    j >= n ? post : isZero(total) ? pre + multiplier * through(j) : pre + ((post - pre) * through(j)) / total;
  return (j, t) => ratingAfter(j) >= t - EPS;
};

/**
 * Order unknown: the seed's interpolation "thr = #games · (Elo(thr) − E(0)) / (Elo(end) − Elo(0)), rounded off to
 * the nearest integer", computed on integers. Rising through T: games j ≥ thr are at or above; falling: j < thr.
 */
export const interpolatedRating = (pre: number, post: number, n: number): AtOrAbove => (j, t) => {
  if (pre >= t && post >= t) return true;
  if (pre < t && post < t) return false;
  let num = n * (t - pre);
  let den = post - pre;
  if (den < 0) [num, den] = [-num, -den];
  const thr = Math.floor((2 * num + den) / (2 * den));
  return pre < t ? j >= thr : j < thr;
};

/** A player who got his first rating in this part: every game counts at POST. */
export const flatRating = (post: number): AtOrAbove => (_j, t) => post >= t - EPS;

const indexOf = (g: Grade | null): number => (g === null ? NO_GRADE_INDEX : gradeIndex(g));
const higher = <G extends Grade>(a: G | null, b: G): G => (a === null || gradeIndex(a) < gradeIndex(b) ? b : a);

const dropUpTo = (streaks: Partial<Record<Grade, StreakEntry>>, grade: Grade | null): Partial<Record<Grade, StreakEntry>> => {
  const out: Partial<Record<Grade, StreakEntry>> = {};
  for (const g of GRADES) {
    const e = streaks[g];
    if (e !== undefined && gradeIndex(g) > indexOf(grade) && e.lb > 0) out[g] = e;
  }
  return out;
};

const settle = (s: GradeState): GradeState => ({
  grade: s.grade,
  streaks: dropUpTo({ ...s.streaks }, s.grade),
  pendingRatification:
    s.pendingRatification !== null && indexOf(s.grade) >= gradeIndex(s.pendingRatification) ? null : s.pendingRatification,
});

/**
 * Rules 1 and 2 after one game (spec §4.1): "he has had a rating above the lower bound … over the number of
 * consecutive games shown in Table III", or above the mid-point over half as many; 5/6-dan only through NSR (§4.2).
 */
const afterGame = (s: GradeState, j: number, atOrAbove: AtOrAbove, autoRatify: boolean): GradeState => {
  const streaks: Partial<Record<Grade, StreakEntry>> = {};
  let best: Grade | null = null;
  let pending = s.pendingRatification;
  for (const g of GRADES) {
    if (gradeIndex(g) <= indexOf(s.grade)) continue;
    const row = GRADE_TABLE[g];
    if (!atOrAbove(j, row.lb)) continue; // below LB: the entry is removed
    const prev = s.streaks[g] ?? { lb: 0, mp: 0, mpSeen: false };
    const aboveMp = atOrAbove(j, row.mp);
    const e: StreakEntry = { lb: prev.lb + 1, mp: aboveMp ? prev.mp + 1 : 0, mpSeen: prev.mpSeen || aboveMp };
    streaks[g] = e;
    if (NSR_GRADES.includes(g)) {
      if (e.lb >= row.lbGames && e.mpSeen) {
        if (autoRatify) best = g;
        else pending = higher(pending, g as NsrGrade);
      }
    } else if (e.lb >= row.lbGames || (row.mpGames !== null && e.mp >= row.mpGames)) {
      best = g;
    }
  }
  return settle({ grade: best ?? s.grade, streaks, pendingRatification: pending });
};

/**
 * Rule 3 after the part: "upon completion of any tournament, he has attained a rating corresponding to the next
 * higher grade. Example: a 2-kyu with a rating of 1750 (lower bound of 2-dan) or higher will be promoted to 1-dan".
 */
const ruleThree = (s: GradeState, post: number): GradeState => {
  let best: Grade | null = null;
  for (const [i, grade] of GRADES.slice(0, gradeIndex(HIGHEST_DIRECT_GRADE) + 1).entries()) {
    const next = GRADES[i + 1];
    if (next !== undefined && post >= GRADE_TABLE[next].lb) best = grade;
  }
  return best !== null && gradeIndex(best) > indexOf(s.grade) ? settle({ ...s, grade: best }) : s;
};

/** Promotion over the n rated games of one part, then rule 3 with the post-part rating. */
export const promote = (s: GradeState, n: number, post: number, atOrAbove: AtOrAbove, autoRatify: boolean): GradeState => {
  let state = settle(s);
  for (let j = 1; j <= n; j++) state = afterGame(state, j, atOrAbove, autoRatify);
  return ruleThree(state, post);
};
