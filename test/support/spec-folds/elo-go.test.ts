import { describe, expect, it } from 'vitest';
import { eloExpected, eloRateEvent, linearPerformance, type EloState } from './elo';
import { goExpected, goRateEvent, gradeOfRating, startingRating, type GoState } from './gobase-go';
import { roundHalfAwayFromZero, type SpecGame } from './season-fold';

/** The independent folds of the acceptance seasons against the worked examples their specs end with (§5). */

const elo = (rating: number | null, games = 50, more: Partial<EloState> = {}): EloState => ({ rating, games, birthYear: null, reached2400: false, ...more });
/** One player `X` against opponents `O0…` rated `opps`, with X's scores. */
const event = (opps: readonly number[], scores: readonly (0 | 0.5 | 1)[]): { players: Record<string, EloState>; games: SpecGame[] } => ({
  players: Object.fromEntries(opps.map((r, i) => [`O${i}`, elo(r)])),
  games: scores.map((score, i) => ({ a: 'X', b: `O${i}`, score })),
});
const SEED_OPPONENTS = [1609, 1477, 1388, 1586, 1720];

describe('elo-fide-uscf.md §5 through the independent fold', () => {
  it('the seed\'s five-game event: 1601, with a draw for the first loss 1617; fide 1606 (K 20) or 1598 (K 40)', () => {
    const lost = event(SEED_OPPONENTS, [0, 0.5, 1, 1, 0]);
    const drew = event(SEED_OPPONENTS, [0.5, 0.5, 1, 1, 0]);
    const x = (scheme: 'fide' | 'uscf-k', e: typeof lost, games = 50) => eloRateEvent(scheme, { ...e.players, X: elo(1613, games) }, e.games, '2026-01-01').X!;
    expect(x('uscf-k', lost)).toEqual(elo(1601, 55));
    expect(x('uscf-k', drew).rating).toBe(1617);
    expect(x('fide', lost).rating).toBe(1606);
    expect(x('fide', lost, 10).rating).toBe(1598);
    expect(SEED_OPPONENTS.map((r) => Number(eloExpected(1613, r).toFixed(3)))).toEqual([0.506, 0.686, 0.785, 0.539, 0.351]);
  });

  it('USCF bounds, FIDE reached2400 and the 30-game rule, a newcomer\'s performance rating', () => {
    const beatsEqual = (scheme: 'fide' | 'uscf-k', r: number, games = 50) => eloRateEvent(scheme, { X: elo(r, games), Y: elo(r) }, [{ a: 'X', b: 'Y', score: 1 }], '2026-01-01').X!;
    expect([2099, 2100, 2400, 2401].map((r) => beatsEqual('uscf-k', r).rating! - r)).toEqual([16, 12, 12, 8]);
    expect(beatsEqual('fide', 2390)).toEqual(elo(2400, 51, { reached2400: true }));
    const four = eloRateEvent('fide', { X: elo(1800, 28), A: elo(1800), B: elo(1800), C: elo(1800), D: elo(1800) }, ['A', 'B', 'C', 'D'].map((b) => ({ a: 'X', b, score: 1 as const })), '2026-01-01').X!;
    expect(four).toEqual(elo(1880, 32));
    expect(linearPerformance([[1500, 1], [1700, 0], [1600, 1]])).toBe(1733);
    const newcomer = eloRateEvent('fide', { N: elo(null, 0), A: elo(1500), B: elo(1700), C: elo(1600) }, [{ a: 'N', b: 'A', score: 1 }, { a: 'N', b: 'B', score: 0 }, { a: 'N', b: 'C', score: 1 }], '2026-01-01');
    expect(newcomer.N).toEqual(elo(1733, 3));
  });

  it('a junior under 2300 with 30 games is K 40; one who reached 2400 stays K 10', () => {
    const junior = (more: Partial<EloState>, r = 2000) => eloRateEvent('fide', { X: elo(r, 40, { birthYear: 2008, ...more }), Y: elo(r) }, [{ a: 'X', b: 'Y', score: 1 }], '2026-06-01').X!.rating! - r;
    expect(junior({})).toBe(20);
    expect(junior({ birthYear: 2007 })).toBe(10);
    expect(junior({ reached2400: true }, 2200)).toBe(5);
  });
});

describe('gobase-go.md §5 through the independent fold', () => {
  const go = (rating: number, games = 10): GoState => ({ rating, games });
  const one = (ra: number, rb: number) => goRateEvent({ A: go(ra), B: go(rb) }, [{ a: 'A', b: 'B', score: 1 }]);
  it('the seed\'s three examples and the C of the go table', () => {
    expect(one(2100, 2100)).toEqual({ A: go(2115, 11), B: go(2085, 11) });
    expect(one(2100, 2000)).toEqual({ A: go(2109, 11), B: go(1991, 11) });
    expect(one(1900, 2100)).toEqual({ A: go(1925, 11), B: go(2075, 11) });
    expect([2199, 2290, 2350, 2500].map((r) => one(r, r).A!.rating! - r)).toEqual([15, 12, 10, 5]);
    expect(one(2100, 2350)).toEqual({ A: go(2127, 11), B: go(2332, 11) });
  });
  it('Φ(d/200) to 1e-4, one event of three games, ranks, rounding', () => {
    const table: [number, number][] = [[0, 0.5], [20, 0.5398], [40, 0.5793], [60, 0.6179], [80, 0.6554], [100, 0.6915], [120, 0.7257], [140, 0.758], [160, 0.7881], [180, 0.8159], [200, 0.8413], [300, 0.9332], [400, 0.9772]];
    for (const [d, v] of table) expect(Math.abs(goExpected(2000 + d, 2000) - v)).toBeLessThan(1e-4);
    expect(goExpected(2000 + 900, 2000)).toBeCloseTo(0.9999966, 7);
    const three = goRateEvent({ X: go(1800), A: go(1750), B: go(1950), C: go(1620) }, [{ a: 'X', b: 'A', score: 1 }, { a: 'X', b: 'B', score: 0 }, { a: 'X', b: 'C', score: 1 }]);
    expect(three.X).toEqual(go(1811, 13));
    expect(['1-kyu', '30-kyu', '1-dan', '4-dan', '1-pro', '9-pro'].map(startingRating)).toEqual([1800, -1100, 1900, 2200, 2500, 2700]);
    expect([-1500, 1799, 1800, 1899, 1900, 2399, 2499, 2500, 2549, 2550, 2800].map(gradeOfRating)).toEqual(['30-kyu', '2-kyu', '1-kyu', '1-kyu', '1-dan', '5-dan', '6-dan', '1-pro', '2-pro', '3-pro', '9-pro']);
    expect([12.5, -12.5, 12.49999999, 0.4].map(roundHalfAwayFromZero)).toEqual([13, -13, 13, 0]);
  });
});
