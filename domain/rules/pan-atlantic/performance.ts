/**
 * Performance rating of the pan-atlantic system (spec §3 stage 1 `perf`): the R at which the logistic expected
 * score over the entries equals the actual score (seed 6C: "using the Logistic formula of section 6A").
 */
import { logisticExpected } from '../elo-common/elo';
import { roundHalfAwayFromZero, snapHalf } from '../shared/rounding';

/** [effective opponent rating, score]. */
export type Entry = readonly [number, number];

/** Σ We(R, o_i) − Σ s_i is strictly increasing in R, so bisection finds the unique root. */
export const solvePerformance = (entries: readonly Entry[]): number | undefined => {
  if (entries.length === 0) return undefined;
  const score = entries.reduce((s, [, v]) => s + v, 0);
  if (score <= 0 || score >= entries.length) return undefined; // an unmixed score has no finite performance
  const excess = (r: number): number => entries.reduce((s, [o]) => s + logisticExpected(r, o), 0) - score;
  const opps = entries.map(([o]) => o);
  let lo = Math.min(...opps) - 400;
  let hi = Math.max(...opps) + 400;
  while (excess(lo) > 0) lo -= 400;
  while (excess(hi) < 0) hi += 400;
  for (let i = 0; i < 200 && hi - lo > 1e-10; i++) {
    const mid = (lo + hi) / 2;
    if (excess(mid) < 0) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
};

/**
 * `perf(entries)`: the root rounded half away from zero (a root within EPS of k + 0.5 is k + 0.5: a 1–1 score
 * against 704 and 1425 is exactly 1064.5 → 1065), then the floor. Undefined without entries or with an unmixed score.
 */
export const performanceRating = (entries: readonly Entry[], floor: number | null): number | undefined => {
  const r = solvePerformance(entries);
  if (r === undefined) return undefined;
  const rounded = roundHalfAwayFromZero(snapHalf(r));
  return floor === null ? rounded : Math.max(floor, rounded);
};
