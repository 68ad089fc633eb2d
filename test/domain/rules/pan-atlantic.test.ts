/**
 * Pan-atlantic (spec ../shared/rules/pan-atlantic.md; seed ../shared/seeds/002_8e33efe8c294dcd7.txt).
 * Every vector of spec §7 runs through the harness op, as the hidden conformance cases will.
 */
import { describe, expect, it } from 'vitest';
import * as E from 'fp-ts/Either';
import { RuleError } from '../../../domain/rules/rule-system';
import { GRADE_TABLE, PAN_ATLANTIC_DEFAULTS, panAtlantic, rateEvent, solvePerformance } from '../../../domain/rules/pan-atlantic';
import { logisticExpected } from '../../../domain/rules/elo-common/elo';
import { EPS, isZero, leq, roundHalfAwayFromZero, roundHalfUp, snapHalf } from '../../../domain/rules/shared/rounding';
import { caseRunner } from '../../support/rule-cases';

type Json = Record<string, unknown>;
interface PlayerOut {
  rating: number | null; games: number; record: [number, number][]; clubGrade: string | null; grade: string | null;
  streaks: Record<string, { lb: number; mp: number; mpSeen: boolean }>; pendingRatification: string | null;
}
interface RateOut { players: Record<string, PlayerOut>; gamesRated: Json[] }

const run = (op: string, input: unknown, options: unknown = {}): Json => caseRunner(panAtlantic).ok(op, options, input) as Json;
const runError = (op: string, input: unknown, options: unknown = {}): RuleError => caseRunner(panAtlantic).err(op, options, input);
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
    expect(out11.players.P?.grade).toBe('2-kyu');
    expect(out11.players.P?.streaks['1-kyu']).toEqual({ lb: 11, mp: 0, mpSeen: false });
  });

  it('seed 002 rule 2 example: an 11-kyu at 555 drawing 4 games (≥ 550 = 500 + 100/2) becomes 10-kyu; 3 games do not', () => {
    const four = series('P', 4, 0.5, 555);
    expect(rate({ P: est(555, '11-kyu'), ...four.players }, four.games).players.P?.grade).toBe('10-kyu');
    const three = series('P', 3, 0.5, 555);
    const out3 = rate({ P: est(555, '11-kyu'), ...three.players }, three.games);
    expect(out3.players.P?.grade).toBe('11-kyu');
    expect(out3.players.P?.streaks['10-kyu']).toEqual({ lb: 3, mp: 3, mpSeen: true });
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
    expect(rate({ A: est(1000), B: est(1000) }, [vs('A', 'B', 1)]).players.A?.rating).toBe(1032);
  });

  it('1180 beats 1180: doubling would give 1212 > 1200, so max(1200, 1196) = 1200', () => {
    expect(rate({ A: est(1180), B: est(1180) }, [vs('A', 'B', 1)]).players.A?.rating).toBe(1200);
  });

  it('1190 wins three against 1190s (+48): max(1200, 1238) = 1238', () => {
    const s = series('A', 3, 1, 1190);
    expect(rate({ A: est(1190), ...s.players }, s.games).players.A?.rating).toBe(1238);
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
    expect(rate({ A: est(2099), B: est(2099) }, [vs('A', 'B', 1)]).players.A?.rating).toBe(2111);
    expect(rate({ A: est(2100), B: est(2100) }, [vs('A', 'B', 1)]).players.A?.rating).toBe(2110);
  });

  it('perf: a 1–1 score against 704 and 1425 is exactly 1064.5 → 1065 (README EPS rule)', () => {
    expect(solvePerformance([[704, 1], [1425, 0]])).toBeCloseTo(1064.5, 9);
    expect(run('performance-rating', { entries: [[704, 1], [1425, 0]] })).toEqual({ value: 1065 });
  });
});

describe('pan-atlantic — stage 1, unrated players (spec §3, seed 6C1)', () => {
  it('a newcomer with a club grade gets two games at its mid-point, kept on his record; still unrated after 3 games', () => {
    const out = rate(
      { N: { clubGrade: '1-kyu' }, E: est(1525), F: est(1600), G: est(1600) },
      [vs('N', 'E', 1), vs('F', 'G', 0.5)],
    );
    // Entries [1525,1], [1525,0] (MP of 1-kyu) + [1525,1]: 2 of 3 → 1525 + 400·log10(2) = 1645.4 → 1645.
    const p = 1645;
    expect(out.players.N).toEqual({
      rating: null, games: 3, record: [[1525, 1], [1525, 0], [1525, 1]], clubGrade: '1-kyu', grade: null, streaks: {},
      pendingRatification: null,
    });
    // Stage 3: the established loser counts him at P; K 28 at 1525.
    expect(out.players.E?.rating).toBe(1525 + Math.round(28 * (0 - logisticExpected(1525, p))));
  });

  it('the club-grade games are not added again once on the record; the 4th game gives a provisional rating', () => {
    const out = rate(
      { N: { games: 3, clubGrade: '1-kyu', record: [[1525, 1], [1525, 0], [1525, 1]] }, E: est(1525), F: est(1600) },
      [vs('N', 'E', 0), vs('F', 'E', 0.5)],
    );
    // Entries 2 of 4 against 1525s → exactly 1525.
    expect(out.players.N).toMatchObject({ rating: 1525, games: 4, record: [], clubGrade: '1-kyu' });
  });

  it('games between unrated players converge (Jacobi): each final value is the performance against the other\'s final value', () => {
    const out = rate(
      { U: {}, V: {}, E1: est(1500), E2: est(1500) },
      [vs('U', 'E1', 1), vs('V', 'E2', 0), vs('U', 'V', 1)],
    );
    const u = out.players.U?.record ?? [];
    const v = out.players.V?.record ?? [];
    // Both stay unrated (2 games each); their records hold each real game at the opponent's PRE or final P.
    expect(out.players.U?.games).toBe(2);
    expect(u[0]).toEqual([1500, 1]);
    expect(v[0]).toEqual([1500, 0]);
    const pU = v[1]?.[0]; // V's record holds U's final P (no handicap)
    const pV = u[1]?.[0];
    expect(v[1]?.[1]).toBe(0);
    if (pU === undefined || pV === undefined) throw new Error('U and V should each hold the other in their record');
    // Fixpoint: P(U) = perf(real entries + assumed W+L at their mean), using the final P(V), and vice versa.
    const perfWithAssumed = (entries: [number, number][]): number => {
      const m = entries.reduce((s, [r]) => s + r, 0) / entries.length;
      return Math.round(solvePerformance([...entries, [m, 1], [m, 0]]) as number);
    };
    expect(pU).toBe(perfWithAssumed([[1500, 1], [pV, 1]]));
    expect(pV).toBe(perfWithAssumed([[1500, 0], [pU, 0]]));
    expect(pU).toBeGreaterThan(1500);
    expect(pV).toBeLessThan(1500);
  });

  it('the result does not depend on the order players are listed in (Jacobi, not Gauss–Seidel)', () => {
    const games = [vs('U', 'E1', 1), vs('V', 'E2', 0), vs('U', 'V', 0.5), vs('W', 'V', 1), vs('W', 'E1', 0)];
    const a = rate({ U: {}, V: {}, W: {}, E1: est(1500), E2: est(1400) }, games);
    const b = rate({ E2: est(1400), W: {}, V: {}, E1: est(1500), U: {} }, games);
    for (const id of ['U', 'V', 'W', 'E1', 'E2']) expect(b.players[id]).toEqual(a.players[id]);
  });

  it('no-anchor: two newcomers without grades who only meet each other are rated for nobody', () => {
    const out = rate({ U: {}, V: {}, E1: est(1500), E2: est(1500) }, [vs('U', 'V', 1), vs('E1', 'E2', 1)]);
    expect(out.gamesRated).toEqual([{ rated: false, reason: 'no-anchor' }, { rated: true }]);
    expect(out.players.U).toEqual({ rating: null, games: 0, record: [], clubGrade: null, grade: null, streaks: {}, pendingRatification: null });
  });

  it('a newcomer who gets his first rating counts every game at POST for grades (spec §4): 1864 → 1-dan by rule 3', () => {
    const opps = [1500, 1620, 1380, 1710, 1450];
    const players: Record<string, Json> = { N: {} };
    opps.forEach((r, i) => (players[`o${i}`] = est(r)));
    const out = rate(players, opps.map((_, i) => vs('N', `o${i}`, 1)));
    // 5 games at 1864: MP runs promote step by step to 4-kyu, then rule 3 (1864 ≥ 1750 = LB of 2-dan) gives 1-dan;
    // the 2-dan run (LB 1750, MP 1825) is 5 long.
    expect(out.players.N?.grade).toBe('1-dan');
    expect(out.players.N?.streaks).toEqual({ '2-dan': { lb: 5, mp: 5, mpSeen: true } });
  });
});

describe('pan-atlantic — events and parts (spec §2)', () => {
  it('seed 6B: a part with fewer than two provisional/established players is not ratable; minRatedPlayers 1 allows it', () => {
    const players = { U: {}, E: est(1500) };
    const out = rate(players, [vs('U', 'E', 1)]);
    expect(out.gamesRated).toEqual([{ rated: false, reason: 'not-ratable-event' }]);
    expect(out.players.E?.rating).toBe(1500);
    expect(out.players.U?.games).toBe(0);
    const one = rate(players, [vs('U', 'E', 1)], {}, { minRatedPlayers: 1 });
    expect(one.gamesRated).toEqual([{ rated: true }]);
    expect(one.players.U?.games).toBe(1);
  });

  it('seed 6B: no more than 20 games by one player per part — the 21st game is rated from the post ratings of the first 20', () => {
    const games20 = Array.from({ length: 20 }, (_, i) => vs('A', 'B', i % 3 === 0 ? 0 : 1));
    const whole = rate({ A: est(1500), B: est(1500) }, [...games20, vs('A', 'B', 1)]);
    const first = rate({ A: est(1500), B: est(1500) }, games20);
    const second = rate(first.players as unknown as Record<string, Json>, [vs('A', 'B', 1)]);
    expect(ratings(whole)).toEqual(ratings(second));
    expect(whole.players.A?.games).toBe(71);
    // One part of 21 would differ: A gains (13 − 10.5)·28 against 1500 at once.
    const onePart = rate({ A: est(1500), B: est(1500) }, [...games20, vs('A', 'B', 1)], {}, { maxGamesPerPart: 21 });
    expect(onePart.players.A?.rating).toBe(1500 + Math.round(28 * (14 - 10.5)));
    expect(onePart.players.A?.rating).not.toBe(whole.players.A?.rating);
  });

  it('time control: america is the US rule; europe needs 45 minutes (option) and some byoyomi or increment', () => {
    const tcs = [
      { main: 45, byoyomi: 30 }, { main: 60 }, { main: 40, byoyomi: 30 }, { main: 20, byoyomi: 30 }, { main: 45, increment: 10 },
      { main: 30, byoyomi: 10 },
    ];
    const games = tcs.map((timeControl) => ({ a: 'A', b: 'B', score: 1, timeControl }));
    const players = { A: est(1500), B: est(1500) };
    const r = (ev: Json, o: Json = {}) => rate(players, games, ev, o).gamesRated.map((x) => x.rated);
    expect(r({ region: 'america' })).toEqual([true, true, true, true, true, false]);
    expect(r({ region: 'europe' })).toEqual([true, false, false, false, true, false]);
    expect(r({ region: 'europe' }, { europeMinMainMinutes: 20 })).toEqual([true, false, true, true, true, true]);
  });

  it('Table II: 3p without the lance side, 7p and 8p are not ratable; europeRatesHandicap false refuses all handicaps', () => {
    const players = { A: est(2000), B: est(1000) };
    const games = ['3p', '7p', '8p', '3p-left-lance', 'sente'].map((type) => vs('A', 'B', 1, { type, giver: 'A' }));
    const reasons = (ev: Json, o: Json = {}) => rate(players, games, ev, o).gamesRated;
    const no = { rated: false, reason: 'handicap-not-ratable' };
    expect(reasons({})).toEqual([no, no, no, { rated: true }, { rated: true }]);
    expect(reasons({ region: 'europe' }, { europeRatesHandicap: false })).toEqual([no, no, no, no, no]);
  });

  it('draws are rated (0.5)', () => {
    const out = rate({ A: est(1600), B: est(1700) }, [vs('A', 'B', 0.5)]);
    expect(out.gamesRated).toEqual([{ rated: true }]);
    expect(out.players.A?.rating).toBe(1600 + Math.round(24 * (0.5 - logisticExpected(1600, 1700))));
  });

  it('differenceCap clamps opp − own in stage 3', () => {
    const out = rate({ A: est(1000), B: est(1800) }, [vs('B', 'A', 1)], {}, { differenceCap: 400 });
    expect(out.players.B?.rating).toBe(1800 + Math.round(24 * (1 - logisticExpected(400, 0))));
    expect(rate({ A: est(1000), B: est(1800) }, [vs('B', 'A', 1)]).players.B?.rating).toBe(1800);
  });
});

describe('pan-atlantic — promotion details (spec §4, seed 6D/6E)', () => {
  it('orderKnown false uses the seed\'s interpolation: thr = round(4 · 5 / 28) = 1, so all 4 games count ≥ 1450', () => {
    const players = { P: est(1445, '2-kyu'), ...series('P', 4, 0, 1445).players };
    const games = [vs('P', 'o1', 0), vs('P', 'o2', 1), vs('P', 'o3', 1), vs('P', 'o4', 1)];
    const unknown = rate(players, games, { orderKnown: false });
    expect(unknown.players.P?.rating).toBe(1473);
    expect(unknown.players.P?.streaks['1-kyu']).toEqual({ lb: 4, mp: 0, mpSeen: false });
    // In playing order the rating ran 1431, 1445, 1459, 1473: only the last two games are ≥ 1450.
    const known = rate(players, games);
    expect(known.players.P?.streaks['1-kyu']).toEqual({ lb: 2, mp: 0, mpSeen: false });
  });

  it('a streak is broken by a game below the lower bound', () => {
    const out = rate(
      { P: { rating: 1460, games: 50, grade: '2-kyu', streaks: { '1-kyu': { lb: 11, mp: 0, mpSeen: false } } }, Q: est(1460) },
      [vs('P', 'Q', 0)],
    );
    expect(out.players.P).toMatchObject({ rating: 1446, grade: '2-kyu', streaks: {} });
  });

  it('seed 6E: 16 games ≥ 2300 with one ≥ 2400 asks NSR to ratify 5-dan, the grade stays; autoRatify promotes', () => {
    const players = { P: { rating: 2450, games: 80, grade: '4-dan', streaks: { '5-dan': { lb: 15, mp: 0, mpSeen: true } } }, Q: est(2450) };
    const out = rate(players, [vs('P', 'Q', 0.5)]);
    expect(out.players.P).toMatchObject({
      grade: '4-dan', pendingRatification: '5-dan', streaks: { '5-dan': { lb: 16, mp: 1, mpSeen: true } },
    });
    const auto = rate(players, [vs('P', 'Q', 0.5)], {}, { autoRatify: true });
    expect(auto.players.P).toMatchObject({ grade: '5-dan', pendingRatification: null, streaks: {} });
  });

  it('seed 6E: without a game ≥ the mid-point there is no NSR request; rule 3 never gives 5-dan', () => {
    const out = rate(
      { P: { rating: 2350, games: 80, grade: '4-dan', streaks: { '5-dan': { lb: 15, mp: 0, mpSeen: false } } }, Q: est(2350) },
      [vs('P', 'Q', 0.5)],
    );
    expect(out.players.P).toMatchObject({ grade: '4-dan', pendingRatification: null });
    const r3 = rate({ P: est(2520, '3-dan'), Q: est(2520) }, [vs('P', 'Q', 0.5)]);
    expect(r3.players.P?.grade).toBe('4-dan');
  });

  it('an ungraded established player is promoted like anyone else (spec §6)', () => {
    const out = rate({ P: est(140, null), Q: est(140) }, [vs('P', 'Q', 0.5)]);
    // 140 ≥ LB(14-kyu) = 100 → rule 3 gives 15-kyu; 15-kyu and 14-kyu runs start.
    expect(out.players.P).toMatchObject({ grade: '15-kyu', streaks: { '14-kyu': { lb: 1, mp: 0, mpSeen: false } } });
  });
});

describe('pan-atlantic — officer operations (spec §5)', () => {
  it('seed §5 drift correction: cohort ≥ 1900, ≥ 50 games, active then and now; allowed = floor(difference)', () => {
    const input = {
      snapshot: {
        B: { rating: 1950, games: 55, active: true }, A: { rating: 2000, games: 60, active: true },
        C: { rating: 1890, games: 80, active: true }, D: { rating: 2100, games: 40, active: true },
        E: { rating: 2200, games: 100, active: false }, F: { rating: 2050, games: 70, active: true },
      },
      current: {
        A: { rating: 1980, active: true }, B: { rating: 1931, active: true }, C: { rating: 1800, active: true },
        F: { rating: 2000, active: false }, G: { rating: 1500, active: true }, H: { rating: null, active: true },
      },
      requested: 25,
    };
    const out = run('drift-correction', input);
    expect(out).toMatchObject({ cohort: ['A', 'B'], averageThen: 1975, averageNow: 1955.5, difference: 19.5, allowed: 19, applied: 19 });
    expect(out.players).toEqual({
      A: { rating: 1999 }, B: { rating: 1950 }, C: { rating: 1819 }, F: { rating: 2019 }, G: { rating: 1519 }, H: { rating: null },
    });
    expect(run('drift-correction', { ...input, requested: 10 })).toMatchObject({ allowed: 19, applied: 10 });
  });

  it('drift correction: a rise gives allowed 0; an empty cohort gives difference 0', () => {
    const up = run('drift-correction', {
      snapshot: { A: { rating: 1900, games: 50, active: true } }, current: { A: { rating: 1950, active: true } }, requested: 5,
    });
    expect(up).toMatchObject({ cohort: ['A'], allowed: 0, applied: 0, players: { A: { rating: 1950 } } });
    expect(run('drift-correction', { snapshot: {}, current: {}, requested: 5 })).toMatchObject({ cohort: [], difference: 0, allowed: 0, applied: 0 });
  });

  it('seed 6C redetermination: "an unrated player with two games assumed at his new grade", grade kept', () => {
    const out = run('redetermine', {
      player: { rating: 1300, games: 40, grade: '3-kyu', streaks: { '2-kyu': { lb: 3, mp: 0, mpSeen: false } } },
      clubGrade: '1-kyu',
    });
    expect(out).toEqual({
      player: {
        rating: null, games: 2, record: [[1525, 1], [1525, 0]], clubGrade: '1-kyu', grade: '3-kyu', streaks: {},
        pendingRatification: null,
      },
    });
    expect(GRADE_TABLE['1-kyu'].mp).toBe(1525);
  });

  it('performance-rating adds no assumed games; 3 of 4 against 1500 → 1500 + 400·log10(3) = 1690.8 → 1691', () => {
    expect(run('performance-rating', { entries: [[1500, 1], [1500, 1], [1500, 1], [1500, 0]] })).toEqual({ value: 1691 });
  });
});

describe('pan-atlantic — input and option errors name the field', () => {
  const base = () => ({ event: {}, players: { A: est(1600), B: est(1600) }, games: [vs('A', 'B', 1)] as Json[] });

  it('unknown option', () => {
    const e = runError('rate-event', base(), { autoratify: true });
    expect(e.field).toBe('options.autoratify');
    expect(e.message).toMatch(/Unknown option "autoratify" for rule system pan-atlantic/);
  });

  it('bad option value', () => {
    expect(runError('rate-event', base(), { maxPasses: 0 }).field).toBe('options.maxPasses');
    expect(runError('rate-event', base(), { differenceCap: 'none' }).message).toMatch(/a number ≥ 0 or null/);
  });

  it('bad handicap code', () => {
    const e = runError('rate-event', { ...base(), games: [vs('A', 'B', 1, { type: 'rook-bishop', giver: 'A' })] });
    expect(e.field).toBe('input.games[0].handicap.type');
    expect(e.message).toMatch(/not a handicap code/);
  });

  it('a player against himself', () => {
    const e = runError('rate-event', { ...base(), games: [vs('A', 'B', 1), vs('B', 'B', 0)] });
    expect(e.field).toBe('input.games[1].b');
    expect(e.message).toMatch(/"B" cannot play against himself/);
  });

  it('score not 0 / 0.5 / 1', () => {
    const e = runError('rate-event', { ...base(), games: [vs('A', 'B', 1), vs('A', 'B', 1), vs('A', 'B', 0.25)] });
    expect(e.field).toBe('input.games[2].score');
  });

  it('unknown player id in a game', () => {
    expect(runError('rate-event', { ...base(), games: [vs('X', 'B', 1)] }).field).toBe('input.games[0].a');
  });

  it('an unrated player (< 4 games) with a rating, a rated one without, a bad grade, a bad region', () => {
    const e = runError('rate-event', { ...base(), players: { A: { rating: 1500, games: 2 }, B: est(1600) } });
    expect(e.field).toBe('input.players.A.rating');
    expect(e.message).toMatch(/must be null for a player with 2 games/);
    expect(runError('rate-event', { ...base(), players: { A: { games: 9 }, B: est(1600) } }).field).toBe('input.players.A.rating');
    expect(runError('rate-event', { ...base(), players: { A: est(1600, '7-dan'), B: est(1600) } }).field).toBe('input.players.A.grade');
    expect(runError('rate-event', { ...base(), event: { region: 'asia' } }).field).toBe('input.event.region');
  });

  it('performance-rating needs a mixed score; redetermine needs a grade; drift needs an integer request', () => {
    const e = runError('performance-rating', { entries: [[1500, 1], [1600, 1]] });
    expect(e.field).toBe('input.entries');
    expect(e.message).toMatch(/mixed score/);
    expect(runError('performance-rating', { entries: [[1500, 2]] }).field).toBe('input.entries[0][1]');
    expect(runError('redetermine', { player: {}, clubGrade: 'shodan' }).field).toBe('input.clubGrade');
    expect(runError('drift-correction', { snapshot: {}, current: {}, requested: 2.5 }).field).toBe('input.requested');
  });

  it('the typed API re-checks states', () => {
    const r = rateEvent(PAN_ATLANTIC_DEFAULTS, { region: 'america', orderKnown: true },
      { A: { rating: 1200, games: 1, record: [], clubGrade: null, grade: null, streaks: {}, pendingRatification: null } }, []);
    expect(E.isLeft(r) && r.left.field).toBe('input.players.A.rating');
  });
});

describe('shared rounding helpers (rules/README.md "Rounding", "Arithmetic")', () => {
  it('snapHalf: within EPS = 1e-7 of k + 0.5 is k + 0.5, farther is untouched', () => {
    expect(snapHalf(1064.49999999)).toBe(1064.5);
    expect(snapHalf(1064.50000009)).toBe(1064.5);
    expect(snapHalf(1064.4999)).toBe(1064.4999);
    expect(snapHalf(-2.50000001)).toBe(-2.5);
    expect(roundHalfAwayFromZero(snapHalf(-2.49999999))).toBe(-3);
    expect(roundHalfUp(-2.5)).toBe(-2);
    expect(roundHalfAwayFromZero(-0.4)).toBe(0);
  });

  it('leq / isZero use the EPS tolerance', () => {
    expect(leq(1200.00000005, 1200)).toBe(true);
    expect(leq(1200.000001, 1200)).toBe(false);
    expect(isZero(5e-8)).toBe(true);
    expect(isZero(EPS)).toBe(false);
  });
});
