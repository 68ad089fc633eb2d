import { describe, expect, it } from 'vitest';
import { rateFideTournament, type FidePlayer } from '../../../domain/rules/fide-2024/engine';
import type { Game, Score } from '../../../domain/rules/elo-common/game';
import { playerIn } from '../../../domain/rules/shared/present';

/**
 * fide-2024 against rating changes FIDE itself published (ratings.fide.com tournament reports and individual
 * calculations, 2008–2010), as transcribed — opponents' ratings, results, K, FIDE's "change" and expected points —
 * into the tests of the CPAN distribution Games-Ratings (Christian Bartolomaeus), read at
 * metacpan/metacpan-cpan-extracted, distros/G/Games-Ratings/t/<file>, commit 993b7552173ac0b6a5de89ee43f76652c94661e6.
 * Table 8.1.2 (PD by rating difference) is the table FIDE used then; no game here has a difference over 350, so
 * neither the 350-point rule then nor the 400-point rule now (§8.3.1) applies, and K is FIDE's, given as the
 * calculator takes it. A different table, or the exact curve, misses most of them (the curve gives Carlsen +2.45).
 */
interface Official {
  readonly who: string;
  readonly file: string;
  readonly source: string;
  readonly rating: number;
  readonly k: number;
  readonly opponents: readonly (readonly [rating: number, score: Score])[];
  /** FIDE's K × Σ(score − PD), as printed (one decimal, or two for Bologan). */
  readonly change: number;
  /** FIDE's Σ PD. */
  readonly expected: number;
}

const W = 1 as Score;
const D = 0.5 as Score;
const L = 0 as Score;
const pairs = (ratings: readonly number[], scores: readonly Score[]) => ratings.map((r, i) => {
  const score = scores[i];
  if (score === undefined) throw new Error(`no score for the opponent rated ${r}: ${ratings.length} ratings, ${scores.length} scores`);
  return [r, score] as const;
});
const corus2010 = 'ratings.fide.com/tournament_report.phtml?event16=42427 (Corus A, Wijk aan Zee, January 2010)';
const event44463 = 'ratings.fide.com/tournament_report.phtml?event16=44463';
const fideId4625200 = (period: string) => `ratings.fide.com/individual_calculations.phtml?idnumber=4625200&rating_period=${period}`;

const OFFICIAL: readonly Official[] = [
  {
    who: 'Magnus Carlsen, the winner (the issue\'s "2010 super-tournament")', file: '105.Elo.t', 
    source: 'ratings.fide.com/individual_calculations.phtml?idnumber=1503014&rating_period=2010-03-01',
    rating: 2810, k: 10, change: 2.9, expected: 8.21,
    opponents: pairs([2662, 2657, 2641, 2696, 2708, 2790, 2749, 2723, 2788, 2720, 2712, 2739, 2675], [D, W, W, D, D, D, W, D, L, W, W, D, D]),
  },
  {
    who: 'Vladimir Kramnik', file: '106.Elo.t', source: corus2010, rating: 2788, k: 10, change: 1.9, expected: 7.81,
    opponents: pairs([2662, 2657, 2641, 2696, 2708, 2810, 2749, 2723, 2790, 2720, 2712, 2739, 2675], [D, W, W, D, W, W, D, D, L, D, D, D, D]),
  },
  {
    who: 'Alexei Shirov', file: '107.Elo.t', source: corus2010, rating: 2723, k: 10, change: 14.3, expected: 6.57,
    opponents: pairs([2662, 2657, 2641, 2696, 2708, 2810, 2749, 2790, 2788, 2720, 2712, 2739, 2675], [W, W, W, D, L, D, D, L, D, D, D, W, W]),
  },
  {
    who: 'Viswanathan Anand', file: '108.Elo.t', source: corus2010, rating: 2790, k: 10, change: -3.5, expected: 7.85,
    opponents: pairs([2720, 2696, 2712, 2708, 2739, 2810, 2675, 2749, 2662, 2723, 2657, 2788, 2641], [D, D, D, D, D, D, D, D, D, W, D, W, D]),
  },
  {
    who: 'Hikaru Nakamura', file: '109.Elo.t', source: corus2010, rating: 2708, k: 10, change: 12.2, expected: 6.28,
    opponents: pairs([2657, 2641, 2696, 2790, 2810, 2749, 2723, 2788, 2720, 2712, 2739, 2675, 2662], [D, W, W, D, D, D, W, L, L, D, D, D, W]),
  },
  {
    who: 'Alexei Shirov', file: '111.Elo.t', source: event44463, rating: 2745, k: 10, change: -32, expected: 5.2,
    opponents: pairs([2676, 2700, 2677, 2730, 2690, 2702, 2684, 2682, 2660], [L, L, L, L, D, D, L, D, D]),
  },
  {
    who: 'Viktor Bologan', file: '112.Elo.t', source: event44463, rating: 2690, k: 10, change: 0.7, expected: 4.43,
    opponents: pairs([2730, 2682, 2702, 2684, 2745, 2660, 2676, 2700, 2677], [L, W, D, D, D, L, D, W, D]),
  },
  {
    who: 'FIDE id 4625200, rating period 2008-07', file: '103.Elo.t', source: fideId4625200('2008-07-01'), rating: 2240, k: 15, change: -18.9, expected: 4.26,
    opponents: pairs([2242, 2360, 2289, 2251, 2303, 2152, 2313, 2309, 2110], [D, D, D, L, L, D, D, D, L]),
  },
  {
    who: 'FIDE id 4625200, rating period 2008-10', file: '102.Elo.t', source: fideId4625200('2008-10-01'), rating: 2221, k: 15, change: 13.5, expected: 4.6,
    opponents: pairs([1871, 2015, 2122, 2552, 2155, 2123, 2316, 2151], [D, W, W, L, D, W, D, W]),
  },
  {
    who: 'FIDE id 4625200, rating period 2009-07', file: '101.Elo.t', source: fideId4625200('2009-07-01'), rating: 2235, k: 15, change: -11.1, expected: 4.74,
    opponents: pairs([2120, 2121, 2118, 2026, 2328, 2231, 2197, 2190], [D, D, W, L, L, W, L, W]),
  },
  {
    who: 'FIDE id 4625200, rating period 2010-05', file: '100.Elo.t', source: fideId4625200('2010-05-01'), rating: 2224, k: 15, change: 3.9, expected: 3.24,
    opponents: pairs([2319, 2181, 2246, 2261, 2312, 2297, 2144], [L, W, W, D, L, L, W]),
  },
];

const player = (rating: number, k: number | null): FidePlayer =>
  ({ rating, games: 100, birthYear: null, reached2400: rating >= 2400, k, period: null, pool: [] });

/** One player's published games as one tournament; his period's K, Σ PD and K × Σ(score − PD). */
const ratedPeriod = (o: Official) => {
  const players: Record<string, FidePlayer> = { P: player(o.rating, o.k) };
  const games: Game[] = o.opponents.map(([rating, score], i) => {
    players[`O${i}`] = player(rating, null);
    return { a: 'P', b: `O${i}`, score };
  });
  const period = playerIn(rateFideTournament({ list: 'standard' }, { date: '2010-01-31' }, players, games).players, 'P').period!;
  const scored = o.opponents.reduce((s, [, score]) => s + score, 0);
  return { k: period.k, expected: (100 * scored - period.sum) / 100, change: (period.k * period.sum) / 100 };
};

describe('fide-2024 against rating changes FIDE published', () => {
  it.each(OFFICIAL)('$who ($file): change $change, expected $expected', (o) => {
    const r = ratedPeriod(o);
    expect(r.k).toBe(o.k);
    expect(r.expected).toBeCloseTo(o.expected, 10);
    expect(r.change).toBeCloseTo(o.change, 10);
  });

  it('FIDE\'s calculator as quoted by chesschess.blogspot.com (2008-09, "Topalov expected to be world no. 1"): 2812 beats 2786 at K 10, +4.6', () => {
    expect(ratedPeriod({ who: '', file: '', source: '', rating: 2812, k: 10, change: 0, expected: 0, opponents: [[2786, W]] }).change).toBeCloseTo(4.6, 10);
  });
});
