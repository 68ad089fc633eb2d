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

const single = Math.fround;
const identity = (x: number): number => x;

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
  if (games.length === 0) throw new Error('performance rating of an empty game list');
  const r = precision === 'single' ? single : identity;
  const log10over400 = r(r(Math.LN10) / 400);
  const tolStep = r(0.0001);
  let limit = r(0.001);
  let guess = games[0].opponentRating;
  for (let steps = 1; ; steps++) {
    let a = 0;
    let b = 0;
    for (const g of games) {
      const u1 = r(Math.pow(10, r(r(g.opponentRating - guess) / 400)));
      const u2 = r(1 / r(1 + u1));
      a = r(a + r(g.weight * r(g.score - u2)));
      b = r(b + r(r(r(g.weight * u1) * u2) * u2));
    }
    let modification = r(r(a / b) / log10over400);
    if (modification > 800) modification = 800;
    else if (modification < -800) modification = -800;
    limit = r(limit + tolStep);
    if (Math.abs(modification) < limit) {
      return { rating: Math.max(floor, roundHalfEven(r(guess + modification))), steps };
    }
    guess = r(guess + modification);
  }
};
