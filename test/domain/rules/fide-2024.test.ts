import * as E from 'fp-ts/Either';
import { describe, expect, it } from 'vitest';
import {
  cappedK, closedBefore, initialRating, nextRating, rateFideTournament, unratedPlayer, type FideOptions, type FidePlayer,
} from '../../../domain/rules/fide-2024/engine';
import { fide2024RuleSystem } from '../../../domain/rules/fide-2024/ops';
import { listMonthOf, listOfTimeControl } from '../../../domain/rules/fide-2024/periods';
import { dpOfHundredths, hundredthsOf, pdHundredths } from '../../../domain/rules/fide-2024/tables';
import type { Game } from '../../../domain/rules/elo-common/game';
import { playerIn } from '../../../domain/rules/shared/present';

/**
 * fide-2024 against numbers published by others. Each `it` names its source; the regulation text itself is FIDE
 * Handbook chapter B022024 (FIDE Rating Regulations effective from 1 March 2024), cited by article.
 */
const standard: FideOptions = { list: 'standard' };
const rated = (rating: number, more: Partial<FidePlayer> = {}): FidePlayer =>
  ({ rating, games: 100, birthYear: null, reached2400: rating >= 2400, k: null, period: null, pool: [], ...more });
const op = (name: string, options: unknown, input: unknown) => fide2024RuleSystem.ops[name]!(options, input);
const right = <T>(e: E.Either<unknown, T>): T => { if (E.isLeft(e)) throw new Error(JSON.stringify(e.left)); return e.right; };

describe('fide-2024 published numbers', () => {
  it('issue 31 (FIDE calculator): a 2200 losing to a 2700 at K 20 loses 1.6 — the 400-point rule, §8.3.1', () => {
    const out = right(op('rate-event', {}, {
      event: { date: '2024-06-10' }, players: { A: { rating: 2200, k: 20 }, B: { rating: 2700, games: 500 } }, games: [{ a: 'A', b: 'B', score: 0 }],
    })) as { detail: Record<string, { change: number; rounded: number; next: number }> };
    expect(out.detail.A?.change).toBeCloseTo(-1.6, 10);
    expect(out.detail.A?.next).toBe(2198);
    // the seed's curve gives 20 × 0.0532 = 1.06; the table's .08 is what FIDE publishes
    expect(out.detail.B?.change).toBeCloseTo(0.8, 10);
  });

  it('mormubis/elo src/__tests__/index.spec.ts "FIDE ruling" (checked there against ratings.fide.com/calc.phtml): 1805 beats 1186 → 1807 and 1184', () => {
    const r = rateFideTournament(standard, { date: '2024-05-05' }, { A: rated(1805), B: rated(1186 + 0) }, [{ a: 'A', b: 'B', score: 1 }]);
    expect(nextRating(playerIn(r.players, 'A'))).toBe(1807);
    // 1186 − 1.6 = 1184.4: below the 1400 floor since 2024, so the next list shows him unrated (§7.2.1)
    expect(r.players.B?.period?.sum).toBe(-8);
    expect(nextRating(playerIn(r.players, 'B'))).toBeNull();
  });

  it('mormubis/elo index.spec.ts "FIDE Rules" (ratings.fide.com/calc.phtml): equal 1400s, a win is +10 / −10 at K 20, +20 at K 40 (new player)', () => {
    const r = rateFideTournament(standard, { date: '2024-05-05' }, { A: rated(1400), B: rated(1400), C: rated(1400, { games: 0 }), D: rated(1410) },
      [{ a: 'A', b: 'B', score: 1 }, { a: 'C', b: 'D', score: 1 }]);
    // the fixture's loser gets 1390, which since 1 March 2024 is under the floor: the next list shows him unrated (§7.2.1)
    const b = playerIn(r.players, 'B');
    expect([nextRating(playerIn(r.players, 'A')), b.rating! + b.period!.k * b.period!.sum / 100, nextRating(b), nextRating(playerIn(r.players, 'C'))]).toEqual([1410, 1390, null, 1420]);
  });

  it('mormubis/elo index.spec.ts (ratings.fide.com/calc.phtml): 3.5/5 against 1600s is a performance of 1749 — table 8.1.1, p .70 → dp 149', () => {
    expect(1600 + dpOfHundredths(hundredthsOf(3.5, 5))).toBe(1749);
  });

  it('mormubis/elo index.spec.ts "initial": §8.2 with two hypothetical 1800 draws — 5 wins v 1800 → 2109, v 2500 → 2200 (cap), v 1000 → 1538', () => {
    const five = (opponent: number) => Array.from({ length: 5 }, () => ({ opponent, score: 1 }));
    expect(initialRating(five(1800))).toBe(2109);
    expect(initialRating(five(2500))).toBe(2200);
    expect(initialRating(five(1000))).toBe(1538);
    expect(right(op('initial-rating', {}, { entries: [[1800, 1], [1800, 1], [1800, 1], [1800, 1], [1800, 1]] }))).toEqual({ value: 2109 });
  });

  it('Elo 1978 p. 37 (via Wikipedia "Elo rating system"): Portisch 2635 v Hort 2600, a difference of 35 → .55 from the table', () => {
    expect(pdHundredths(35)).toBe(55);
    expect(pdHundredths(-35)).toBe(45);
  });

  it('chesselo.com "FIDE rule of 400 points": 400+ apart the expected results are .92 and .08; 100 apart .64 and .36', () => {
    expect(right(op('expected-score', {}, { rating: 2200, opponent: 1000 }))).toEqual({ value: 0.92 });
    expect(right(op('expected-score', {}, { rating: 1800, opponent: 2482 }))).toEqual({ value: 0.08 });
    expect(right(op('expected-score', {}, { rating: 2400, opponent: 2300 }))).toEqual({ value: 0.64 });
    expect(right(op('expected-score', {}, { rating: 2300, opponent: 2400 }))).toEqual({ value: 0.36 });
  });

  it('ssmanhem.se "K-reduktion" (§8.3.3 700 rule): K 40 is cut from 18 games on, K 20 from 36', () => {
    expect([cappedK(40, 17), cappedK(40, 18), cappedK(20, 35), cappedK(20, 36)]).toEqual([40, 38, 20, 19]);
  });
});

describe('fide-2024 regulation rules', () => {
  it('§8.3.1 as amended 1 October 2025: a 2700 plays with the real difference, his 2200 opponent with 400', () => {
    const players = { A: rated(2700), B: rated(2200) };
    const after = rateFideTournament(standard, { date: '2025-10-05' }, players, [{ a: 'A', b: 'B', score: 1 }]).players;
    expect(after.A?.period?.sum).toBe(4); // 500 apart: table .96
    expect(after.B?.period?.sum).toBe(-8);
    const before = rateFideTournament(standard, { date: '2025-09-05' }, players, [{ a: 'A', b: 'B', score: 1 }]).players;
    expect(before.A?.period?.sum).toBe(8); // 400: .92
    expect(rateFideTournament({ list: 'blitz' }, { date: '2025-10-05' }, players, [{ a: 'A', b: 'B', score: 1 }]).players.A?.period?.sum).toBe(8);
  });

  it('§8.3.2–8.3.4: a period is rated once: two tournaments on one list are summed and rounded together', () => {
    const win: Game[] = [{ a: 'A', b: 'B', score: 1 }];
    const first = rateFideTournament(standard, { date: '2024-05-03' }, { A: rated(2000), B: rated(2030) }, win).players;
    const second = rateFideTournament(standard, { date: '2024-05-20' }, { A: playerIn(first, 'A'), B: rated(2030) }, win).players;
    // each win is 20 × (1 − .46) = 10.8; alone 11 each, together 21.6 → 22 on the June list
    expect(second.A?.period).toEqual({ list: '2024-06', k: 20, games: 2, sum: 108 });
    expect(nextRating(playerIn(second, 'A'))).toBe(2022);
    // a tournament on the July list closes June's period first
    const third = rateFideTournament(standard, { date: '2024-06-10' }, { A: playerIn(second, 'A'), B: rated(2022) }, [{ a: 'A', b: 'B', score: 0.5 }]).players;
    expect(third.A?.rating).toBe(2022);
    expect(third.A?.period?.list).toBe('2024-07');
  });

  it('§7.1.3: a tournament ending 3 days before a list or earlier is on it; the last two days of a month go to the list after', () => {
    expect([listMonthOf('2024-03-29'), listMonthOf('2024-03-30'), listMonthOf('2024-12-31'), listMonthOf('2024-02-27')]).toEqual(['2024-04', '2024-05', '2025-02', '2024-03']);
  });

  it('§8.3.3: juniors under 2300 keep K 40 to the end of the year they turn 18; 2400 once reached is K 10', () => {
    const game: Game[] = [{ a: 'J', b: 'X', score: 1 }];
    const k = (p: FidePlayer, date: string) => rateFideTournament(standard, { date }, { J: p, X: rated(2100) }, game).players.J?.period?.k;
    expect(k(rated(2100, { birthYear: 2006 }), '2024-12-10')).toBe(40);
    expect(k(rated(2100, { birthYear: 2006 }), '2025-01-10')).toBe(20);
    expect(k(rated(2350, { birthYear: 2010 }), '2024-05-10')).toBe(20);
    expect(k(rated(2350, { reached2400: true }), '2024-05-10')).toBe(10);
    expect(k(rated(2350, { games: 29 }), '2024-05-10')).toBe(40);
  });

  it('rapid and blitz K follow the standard rules since 1 October 2022, no longer 20 for all (scacchierando.it "Nuove regole FIDE per i rating Rapid&Blitz"; vietnamchess.org.vn "change-k-fide")', () => {
    const rapid: Game[] = [{ a: 'J', b: 'X', score: 1, timeControl: { main: 15, increment: 10, byoyomi: 0 } }];
    const k = (list: 'rapid' | 'blitz', p: FidePlayer) => rateFideTournament({ list }, { date: '2024-05-10' }, { J: p, X: rated(2000) }, list === 'rapid' ? rapid : [{ a: 'J', b: 'X', score: 1 }]).players.J?.period?.k;
    expect([k('rapid', rated(2000, { birthYear: 2010 })), k('blitz', rated(2000, { games: 10 })), k('rapid', rated(2000)), k('blitz', rated(2350, { reached2400: true }))]).toEqual([40, 40, 20, 10]);
  });

  it('§7.1.4, §8.2: an unrated player is rated from 5 games against rated opponents, pooled over tournaments; under 1400 he stays unrated', () => {
    const opp = { R1: rated(1800), R2: rated(1800), R3: rated(1800) };
    const three: Game[] = [{ a: 'U', b: 'R1', score: 1 }, { a: 'U', b: 'R2', score: 1 }, { a: 'U', b: 'R3', score: 1 }];
    const t1 = rateFideTournament(standard, { date: '2024-05-10' }, { U: unratedPlayer(null), ...opp }, three);
    expect(t1.gamesRated).toEqual([{ rated: true, only: 'U' }, { rated: true, only: 'U' }, { rated: true, only: 'U' }]);
    expect(nextRating(playerIn(t1.players, 'U'))).toBeNull(); // 3 games: not yet
    const t2 = rateFideTournament(standard, { date: '2024-06-10' }, { U: playerIn(t1.players, 'U'), ...opp }, three.slice(0, 2));
    expect(nextRating(playerIn(t2.players, 'U'))).toBe(2109);
    const weak: Game[] = [0, 1, 2, 3, 4].map(() => ({ a: 'U', b: 'R1', score: 0.5 }));
    const low = playerIn(rateFideTournament(standard, { date: '2024-05-10' }, { U: unratedPlayer(null), R1: rated(1000) }, weak).players, 'U');
    expect(initialRating(low.pool)).toBe(1229);
    expect(nextRating(low)).toBeNull();
  });

  it('§8.2.1: an unrated player scoring zero in his first event has it disregarded', () => {
    const r = rateFideTournament(standard, { date: '2024-05-10' }, { U: unratedPlayer(null), R: rated(1800) }, [{ a: 'U', b: 'R', score: 0 }]);
    expect(r.gamesRated).toEqual([{ rated: false, reason: 'unrated-opponent' }]);
    expect(r.players.U?.pool).toEqual([]);
  });

  it('§7.2.1: a rating that drops below 1400 is shown as unrated on the next list', () => {
    const p = rated(1405, { period: { list: '2024-06', k: 20, games: 1, sum: -50 } });
    expect(closedBefore(p, '2024-07').rating).toBeNull();
    expect(closedBefore(p, '2024-06').rating).toBe(1405);
  });

  it('rate of play (B022024 §1.1, B02RB §1.1): minutes for 60 moves choose the list; a standard game needs 120 minutes with a 2400 in it', () => {
    expect([listOfTimeControl({ main: 90, increment: 30, byoyomi: 0 }), listOfTimeControl({ main: 15, increment: 10, byoyomi: 0 }),
      listOfTimeControl({ main: 3, increment: 2, byoyomi: 0 }), listOfTimeControl({ main: 3, increment: 0, byoyomi: 0 })]).toEqual(['standard', 'rapid', 'blitz', null]);
    const g: Game = { a: 'A', b: 'B', score: 1, timeControl: { main: 90, increment: 0, byoyomi: 0 } };
    expect(rateFideTournament(standard, { date: '2024-05-10' }, { A: rated(2450), B: rated(2300) }, [g]).gamesRated).toEqual([{ rated: false, reason: 'time-control' }]);
    expect(rateFideTournament(standard, { date: '2024-05-10' }, { A: rated(2350), B: rated(2300) }, [g]).gamesRated).toEqual([{ rated: true }]);
    expect(rateFideTournament({ list: 'rapid' }, { date: '2024-05-10' }, { A: rated(2350), B: rated(2300) }, [g]).gamesRated).toEqual([{ rated: false, reason: 'time-control' }]);
  });

  it('a case gives K and the period\'s games so far, as FIDE\'s calculator does (§8.3.3 700 rule on the whole period)', () => {
    const out = right(op('rate-event', {}, {
      event: { date: '2024-06-10' }, players: { A: { rating: 2000, k: 40, periodGames: 17 }, B: { rating: 2000, games: 50 } },
      games: [{ a: 'A', b: 'B', score: 1 }],
    })) as { detail: Record<string, { K: number; change: number }> };
    expect(out.detail.A).toMatchObject({ K: 38, change: 19 });
    expect(E.isLeft(op('rate-event', { list: 'classic' }, { players: {}, games: [] }))).toBe(true);
    expect(op('rate-event', {}, { players: { A: { rating: 2000 } }, games: [] })).toMatchObject({ left: { field: 'input.players.A.games' } });
  });
});
