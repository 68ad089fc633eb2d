import { describe, expect, it } from 'vitest';
import { caseRunner } from '../../support/rule-cases';
import * as E from 'fp-ts/Either';
import { gobaseGoRuleSystem, rateEvent, defaultOptions, expectedScore, startingRating, cFactor } from '../../../domain/rules/gobase-go';

/** Spec: ../shared/rules/gobase-go.md; seed: ../shared/seeds/003_ab2a6f8ed2d9251e.txt (GoBase.org). */
const { ok, err } = caseRunner(gobaseGoRuleSystem);
const player = (rating: number | null, games = 10, extra: object = {}) => ({ rating, games, ...extra });
/** One event: `x` plays each opponent in order with the given scores. */
const oneGame = (ra: number, rb: number, score: number, options: object = {}) =>
  ok('rate-event', options, { event: {}, players: { A: player(ra), B: player(rb) }, games: [{ a: 'A', b: 'B', score }] });

describe('gobase-go: seed 003 worked examples (spec §5)', () => {
  it('Example 1: 3d 2100 beats 3d 2100 → 2115 (Se 0.50, +15); note 1: the loser goes to 2085', () => {
    const out = oneGame(2100, 2100, 1);
    expect(out.players).toEqual({ A: { rating: 2115, games: 11 }, B: { rating: 2085, games: 11 } });
    expect(out.gamesRated).toEqual([{ rated: true }]);
  });

  it('Example 2: 3d 2100 beats 2d 2000 → 2109 (exact Φ 9.26 → 9), loser 1991', () => {
    expect(oneGame(2100, 2000, 1).players).toEqual({ A: { rating: 2109, games: 11 }, B: { rating: 1991, games: 11 } });
  });

  it('Example 2 with the seed table\'s two-decimal Se 0.69: 30 · 0.31 = 9.3 → 2109', () => {
    expect(oneGame(2100, 2000, 1, { expected: 'normal-2dp' }).players.A.rating).toBe(2109);
  });

  it('Example 3: 1d 1900 beats 3d 2100 → 1925 (+25); note 1: the 3d drops 25 → 2075', () => {
    expect(oneGame(1900, 2100, 1).players).toEqual({ A: { rating: 1925, games: 11 }, B: { rating: 2075, games: 11 } });
  });

  it('Example 3 under the chess table (Table 2): the 3d has C = 25 and drops 21 → 2079', () => {
    expect(oneGame(1900, 2100, 1, { cTable: 'chess' }).players).toEqual({ A: { rating: 1925, games: 11 }, B: { rating: 2079, games: 11 } });
  });

  it('the examples use constant C 30: constant-30 gives the same three results', () => {
    expect(oneGame(2100, 2100, 1, { cTable: 'constant-30' }).players.A.rating).toBe(2115);
    expect(oneGame(2100, 2000, 1, { cTable: 'constant-30' }).players.A.rating).toBe(2109);
    expect(oneGame(1900, 2100, 1, { cTable: 'constant-30' }).players.B.rating).toBe(2075);
  });
});

describe('gobase-go: expected score = Φ(d/200) (seed Table 1, spec §2 and §5)', () => {
  const table: Array<[number, number]> = [
    [0, 0.5], [20, 0.5398], [40, 0.5793], [60, 0.6179], [80, 0.6554], [100, 0.6915], [120, 0.7257],
    [140, 0.758], [160, 0.7881], [180, 0.8159], [200, 0.8413], [300, 0.9332], [400, 0.9772],
  ];
  for (const [d, se] of table) {
    it(`expected-score ${2000 + d} vs 2000 → ${se} (tolerance 1e-4)`, () => {
      expect(Math.abs(ok('expected-score', {}, { rating: 2000 + d, opponent: 2000 }).value - se)).toBeLessThan(1e-4);
    });
  }

  it('normal-2dp reproduces the 11 rounded rows of seed Table 1 (rows 20 and 400 are truncated in the seed, §6)', () => {
    const seed: Array<[number, number]> = [[0, 0.5], [40, 0.58], [60, 0.62], [80, 0.66], [100, 0.69], [120, 0.73],
      [140, 0.76], [160, 0.79], [180, 0.82], [200, 0.84], [300, 0.93]];
    for (const [d, se] of seed) expect(ok('expected-score', { expected: 'normal-2dp' }, { rating: 2000 + d, opponent: 2000 }).value).toBe(se);
    expect(ok('expected-score', { expected: 'normal-2dp' }, { rating: 2020, opponent: 2000 }).value).toBe(0.54);
    expect(ok('expected-score', { expected: 'normal-2dp' }, { rating: 2400, opponent: 2000 }).value).toBe(0.98);
  });

  it('Se(d) + Se(−d) = 1 and the typed expectedScore agrees with the op', () => {
    const a = { rating: 1830, games: 3 };
    const b = { rating: 2011, games: 9 };
    expect(expectedScore(a, b) + expectedScore(b, a)).toBeCloseTo(1, 12);
    expect(expectedScore(a, b)).toBe(ok('expected-score', {}, { rating: 1830, opponent: 2011 }).value);
  });
});

describe('gobase-go: C tables (seed Tables 2 and 3, spec §5 "more worked cases")', () => {
  it('go table, each beating an equal: 2199 → +15, 2290 → +12 (C 24), 2350 → +10 (C 20), 2500 → +5 (C 10)', () => {
    for (const [r, gain] of [[2199, 15], [2290, 12], [2350, 10], [2500, 5], [2600, 5]] as const) {
      expect(oneGame(r, r, 1).players.A.rating - r).toBe(gain);
    }
  });

  it('chess table: 2100 → +13 (C 25, 12.5 rounds away from zero, and its loser −13), 2400 → +5', () => {
    const out = oneGame(2100, 2100, 1, { cTable: 'chess' });
    expect(out.players.A.rating).toBe(2113);
    expect(out.players.B.rating).toBe(2087);
    expect(oneGame(2400, 2400, 1, { cTable: 'chess' }).players.A.rating).toBe(2405);
  });

  it('both tables are continuous at their bounds', () => {
    expect(cFactor('go', 2200)).toBe(30);
    expect(cFactor('go', 2500)).toBe(10);
    expect(cFactor('chess', 2000)).toBe(30);
    expect(cFactor('chess', 2400)).toBe(10);
  });
});

describe('gobase-go: one event of several games (spec §3)', () => {
  const input = {
    event: {},
    players: { X: player(1800), P: player(1750), Q: player(1950), R: player(1620) },
    games: [{ a: 'X', b: 'P', score: 1 }, { a: 'Q', b: 'X', score: 1 }, { a: 'X', b: 'R', score: 1 }],
  };

  it('1800 beats 1750, loses to 1950, beats 1620 → 30·(0.4013 − 0.2266 + 0.1841) = 10.76 → 1811', () => {
    const out = ok('rate-event', {}, input);
    expect(out.players.X).toEqual({ rating: 1811, games: 13 });
    // Opponents with pre-event ratings: −12.04, +6.80, −5.52.
    expect(out.players.P.rating).toBe(1738);
    expect(out.players.Q.rating).toBe(1957);
    expect(out.players.R.rating).toBe(1614);
  });

  it('updateMode game: +12 (1812), −7 against 1950 with the current rating (1805), +5 → 1810', () => {
    expect(ok('rate-event', { updateMode: 'game' }, input).players.X).toEqual({ rating: 1810, games: 13 });
  });

  it('different C: a 2100 who beats a 2350 gains 27, the 2350 loses 18 (spec §3)', () => {
    expect(oneGame(2100, 2350, 1).players).toEqual({ A: { rating: 2127, games: 11 }, B: { rating: 2332, games: 11 } });
  });

  it('zeroSum: both use the mean C 25 → +22 and −22', () => {
    const out = oneGame(2100, 2350, 1, { zeroSum: true }).players;
    expect([out.A.rating, out.B.rating]).toEqual([2122, 2328]);
  });

  it('a draw between equals changes nothing but counts the game', () => {
    expect(oneGame(2000, 2000, 0.5).players.A).toEqual({ rating: 2000, games: 11 });
  });

  it('handicap games are not rated (the seed has no handicap rule); an even "handicap" is an even game', () => {
    const out = ok('rate-event', {}, {
      event: {}, players: { A: player(2000), B: player(1800) },
      games: [{ a: 'A', b: 'B', score: 1, handicap: { type: 'sente', giver: 'A' } }, { a: 'A', b: 'B', score: 0, handicap: { type: 'even' } }],
    });
    expect(out.gamesRated).toEqual([{ rated: false, reason: 'handicap-not-ratable' }, { rated: true }]);
    expect(out.players.A.games).toBe(11);
  });
});

describe('gobase-go: new players start from their rank (seed 003 scale, spec §1)', () => {
  it('rank table: 1 kyu 1800, 30 kyu −1100, 1 dan 1900, 4 dan 2200, 7 dan 2500, 1p 2500, 9p 2700', () => {
    const r = (s: string) => E.getOrElse(() => NaN)(startingRating(s));
    expect([r('1-kyu'), r('30-kyu'), r('1-dan'), r('4-dan'), r('7-dan'), r('1-pro'), r('9-pro')]).toEqual([1800, -1100, 1900, 2200, 2500, 2500, 2700]);
    expect(E.isLeft(startingRating('31-kyu'))).toBe(true);
  });

  it('a new 3 dan beats a 3d 2100 like Example 1; a new player outside the games comes out at his starting rating', () => {
    const out = ok('rate-event', {}, {
      event: {},
      players: { N: { rating: null, rank: '3-dan' }, B: player(2100), K: { rating: null, rank: '5-kyu', games: 0 }, I: { rating: null, initialRating: 1234 } },
      games: [{ a: 'N', b: 'B', score: 1 }],
    });
    expect(out.players).toEqual({ N: { rating: 2115, games: 1 }, B: { rating: 2085, games: 11 }, K: { rating: 1400, games: 0 }, I: { rating: 1234, games: 0 } });
  });

  it('the typed API gives the same result as the op', () => {
    const r = rateEvent(defaultOptions, { A: { rating: 2100, games: 0 }, B: { rating: 2000, games: 0 } }, [{ a: 'A', b: 'B', score: 1 }]);
    expect(E.isRight(r) && r.right.players.A?.rating).toBe(2109);
  });
});

describe('gobase-go: bad options and input are errors naming the field', () => {
  const base = { event: {}, players: { A: player(2000), B: player(2000) }, games: [{ a: 'A', b: 'B', score: 1 }] };
  it.each([
    ['options.foo', { cTable: 'go', foo: 1 }, base],
    ['options.cTable', { cTable: 'shogi' }, base],
    ['options.zeroSum', { zeroSum: 'yes' }, base],
    ['input.games[0].score', {}, { ...base, games: [{ a: 'A', b: 'B', score: 0.7 }] }],
    ['input.games[0].b', {}, { ...base, games: [{ a: 'A', b: 'A', score: 1 }] }],
    ['input.games[0].b', {}, { ...base, games: [{ a: 'A', b: 'Z', score: 1 }] }],
    ['input.games[0].score', {}, { ...base, games: [{ a: 'A', b: 'B' }] }],
    ['input.games[0].handicap.type', {}, { ...base, games: [{ a: 'A', b: 'B', score: 1, handicap: { type: '9-stones', giver: 'A' } }] }],
    ['input.players.B.rank', {}, { ...base, players: { A: player(2000), B: { rating: null } } }],
    ['input.players.B.rank', {}, { ...base, players: { A: player(2000), B: { rating: null, rank: '3 dan' } } }],
    ['input.players.A.rating', {}, { ...base, players: { A: { games: 3 }, B: player(2000) } }],
  ])('error at %s for options %j', (field, options, input) => {
    const e = err('rate-event', options, input);
    expect(e.field).toBe(field);
    expect(e.message.length).toBeGreaterThan(10);
  });

  it('an unknown option message names the option and the known ones', () => {
    expect(err('expected-score', { sigma: 200 }, { rating: 1, opponent: 2 }).message).toMatch(/"sigma".*cTable/);
  });
});
