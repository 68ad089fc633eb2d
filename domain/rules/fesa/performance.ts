import { roundHalfEven } from './lisp-number';
import type { FesaScore } from './types';

export interface PerformanceGame {
  readonly opponentRating: number;
  readonly score: FesaScore;
  readonly weight: number;
}

export interface PerformanceSolution {
  readonly rating: number;
  readonly steps: number;
}

/**
 * Performance rating (seed 000 §2): the zero of g(x) = Σ w·(res − 1/(1+10^((or−x)/400))), found like the official
 * program's `innsats2`: Newton steps step = Σw(s−p) / (Σ w·u·p² · ln10/400) with u = 10^((or−x)/400), p = 1/(1+u),
 * each step clamped to ±800, starting at the first game's opponent rating; stop when |step| < tol, where tol starts
 * at 0.001 and grows by 0.0001 before every test; result round(x + step), halves to even, at least `floor`.
 *
 * 'single' replays CLISP single-float arithmetic operation by operation (every literal of the program — 400.0,
 * 0.001, (log 10) — is a single-float; integers and the rational 1/2 are converted on contact), 'double' is the
 * same iteration in double precision.
 */
export const performanceRating = (games: readonly PerformanceGame[], precision: 'single' | 'double', floor = 1): PerformanceSolution => {
  const n = games.length;
  const opponents = new Float64Array(n);
  const scores = new Float64Array(n);
  const weights = new Float64Array(n);
  games.forEach((g, i) => {
    opponents[i] = g.opponentRating;
    scores[i] = g.score;
    weights[i] = g.weight;
  });
  return performanceRatingOf(opponents, scores, weights, n, precision, floor);
};

/** `performanceRating` over the first `count` games given as parallel arrays (the engine's inner loop). */
export const performanceRatingOf = (
  opponents: ArrayLike<number>,
  scores: ArrayLike<number>,
  weights: ArrayLike<number>,
  count: number,
  precision: 'single' | 'double',
  floor = 1,
): PerformanceSolution => {
  if (count === 0) throw new Error('performance rating of an empty game list');
  return precision === 'single' ? solveSingle(opponents, scores, weights, count, floor) : solveDouble(opponents, scores, weights, count, floor);
};

// The two precisions are written out separately: one loop passing every result through a rounding callback made the
// whole FESA engine ~35 % slower (390 → 530 ms on the 2,000 tournaments of the history bench at scale 0.1).

const single = Math.fround;

/** Half the width of the band around exp(x·ln 10) that must round to one single float (relative). */
const BAND = 2 ** -40;

/**
 * single(10^x) as the single-float solve needs it (the program's `expt` on a single float), through exp: Math.exp is
 * 4–5× cheaper than Math.pow in V8, and this runs for every game of every Newton step. For |x| ≤ 16 exp(x·ln 10) is
 * within 2^-46 (relative) of Math.pow(10, x) (the product x·ln 10 costs at most 2^-46.8, each function < 1 ulp), so
 * when the whole band of ±2^-40 around it rounds to one single, Math.pow's value rounds to that single too. Only a
 * value within the band of a midpoint between two singles (12,233 of the 2.2 × 10^9 singles in [−16, 16]) takes
 * Math.pow. Checked for every single float in [−16, 16] against single(Math.pow(10, x)) by
 * scripts/check/pow10-single.ts: no difference (exp alone would differ at one of them, x = −10.434617…, which the band
 * sends to Math.pow); a test repeats the check on random singles and on that one.
 */
export const pow10Single = (x: number): number => {
  if (!(x >= -16 && x <= 16)) return single(Math.pow(10, x));
  const e = Math.exp(x * Math.LN10);
  const f = single(e);
  if (single(e * (1 + BAND)) !== f || single(e * (1 - BAND)) !== f) return single(Math.pow(10, x));
  return f;
};

const solveSingle = (opponents: ArrayLike<number>, scores: ArrayLike<number>, weights: ArrayLike<number>, count: number, floor: number): PerformanceSolution => {
  const log10over400 = single(single(Math.LN10) / 400);
  const tolStep = single(0.0001);
  let limit = single(0.001);
  let guess = opponents[0]!;
  for (let steps = 1; ; steps++) {
    let a = 0;
    let b = 0;
    for (let i = 0; i < count; i++) {
      const w = weights[i]!;
      const u1 = pow10Single(single(single(opponents[i]! - guess) / 400));
      const u2 = single(1 / single(1 + u1));
      a = single(a + single(w * single(scores[i]! - u2)));
      b = single(b + single(single(single(w * u1) * u2) * u2));
    }
    let modification = single(single(a / b) / log10over400);
    if (modification > 800) modification = 800;
    else if (modification < -800) modification = -800;
    limit = single(limit + tolStep);
    if (Math.abs(modification) < limit) return { rating: Math.max(floor, roundHalfEven(single(guess + modification))), steps };
    guess = single(guess + modification);
  }
};

const solveDouble = (opponents: ArrayLike<number>, scores: ArrayLike<number>, weights: ArrayLike<number>, count: number, floor: number): PerformanceSolution => {
  const log10over400 = Math.LN10 / 400;
  let limit = 0.001;
  let guess = opponents[0]!;
  for (let steps = 1; ; steps++) {
    let a = 0;
    let b = 0;
    for (let i = 0; i < count; i++) {
      const w = weights[i]!;
      const u1 = Math.pow(10, (opponents[i]! - guess) / 400);
      const u2 = 1 / (1 + u1);
      a += w * (scores[i]! - u2);
      b += w * u1 * u2 * u2;
    }
    let modification = a / b / log10over400;
    if (modification > 800) modification = 800;
    else if (modification < -800) modification = -800;
    limit += 0.0001;
    if (Math.abs(modification) < limit) return { rating: Math.max(floor, roundHalfEven(guess + modification)), steps };
    guess += modification;
  }
};
