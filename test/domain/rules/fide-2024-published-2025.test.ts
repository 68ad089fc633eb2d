import { describe, expect, it } from 'vitest';
import { initialRating, nextRating, nextState, rateFideTournament, unratedPlayer, type FidePlayer } from '../../../domain/rules/fide-2024/engine';
import type { Game, Score } from '../../../domain/rules/elo-common/game';
import { playerIn } from '../../../domain/rules/shared/present';

/**
 * fide-2024 against FIDE's own published calculations under the 2024 regulations (and the October 2025 amendment of
 * §8.3.1): ratings.fide.com/a_indv_calculation.php?id_number=<id>&rating_period=<period>-01&t=0, the data behind
 * calculations.phtml, as recorded game by game — the opponent's rating FIDE used, the score, chg, K and K×chg — in
 * zugzwang-foundation/Chess-ELO-Rating tests/fixtures/fide_calculator/published_calculations.json and
 * published_initial_rating.json (commit 477bdd946b22783116f53df186448c6b2299cc82, fetched from FIDE 2026-10-09),
 * with the player's ratings on FIDE's monthly lists quoted there. FIDE prints "1995 *" when it counted an opponent
 * more than 400 below as 400 below; such an opponent is entered here at the rating FIDE used, which gives the same PD.
 */
const W = 1 as Score;
const D = 0.5 as Score;
const L = 0 as Score;
const standard = { list: 'standard' } as const;

type Published = readonly (readonly [opponent: number, score: Score, kchg: number])[];

const player = (rating: number, more: Partial<FidePlayer> = {}): FidePlayer =>
  ({ rating, games: 100, birthYear: null, reached2400: rating >= 2400, k: null, period: null, pool: [], ...more });

/**
 * One published event rated through the engine: the player against opponents at the ratings FIDE used. Returns the
 * player's state after it, and K × (score − PD) of each game as FIDE prints it (two decimals).
 */
const rateEvent = (me: FidePlayer, when: string | { readonly date: string; readonly start: string }, games: Published, tag = 'o') => {
  const { date, start } = typeof when === 'string' ? { date: when, start: undefined } : when;
  const players: Record<string, FidePlayer> = { P: me };
  const list: Game[] = games.map(([opponent, score], i) => {
    players[`${tag}${i}`] = player(opponent);
    return { a: 'P', b: `${tag}${i}`, score };
  });
  const after = playerIn(rateFideTournament(standard, { date, start }, players, list).players, 'P');
  const { k } = after.period!;
  // Σ(score − PD) the event adds to its list's period (an open period of an earlier list is another one)
  const added = (p: FidePlayer) => p.period!.sum - (me.period?.list === p.period!.list ? me.period.sum : 0);
  const perGame = list.map((g) => (k * added(playerIn(rateFideTournament(standard, { date, start }, { P: me, [g.b]: playerIn(players, g.b) }, [g]).players, 'P'))) / 100);
  return { state: after, k, perGame, eventChange: (k * added(after)) / 100 };
};

const kchgs = (games: Published) => games.map(([, , kchg]) => kchg);
const sum = (xs: readonly number[]) => Math.round(100 * xs.reduce((s, x) => s + x, 0)) / 100;
const twoDecimals = (xs: readonly number[]) => xs.map((x) => Math.round(100 * x) / 100);

describe('fide-2024 against FIDE\'s published calculations of 2025–2026', () => {
  it('F-P01, id 2016192, period 2025-12 (event 435715, 7–9 Nov 2025): a 2813 player plays with the real difference (§8.3.1 as amended), −2.50 is rounded to −3 (§8.3.4), list 2813 → 2810', () => {
    const games: Published = [[1787, W, 0], [2025, W, 0], [2310, W, 0.4], [2400, W, 0.7], [2505, D, -3.6]];
    const r = rateEvent(player(2813), '2025-11-09', games);
    expect(r.k).toBe(10);
    expect(twoDecimals(r.perGame)).toEqual(kchgs(games));
    expect(r.eventChange).toBeCloseTo(-2.5, 10);
    expect(nextRating(r.state)).toBe(2810);
    // before the amendment the same games were capped at 400: a win over 1787 was worth .08 × 10
    expect(rateEvent(player(2813), '2025-09-28', games).perGame[0]).toBeCloseTo(0.8, 10);
  });

  it('F-P02, id 9953698, period 2025-12: the 2813 opponent is "2800 *" for a 2400 player — the exemption is the 2650 player\'s alone; each of several capped games is capped', () => {
    const event1: Published = [[1995, W, 0.8], [2205, D, -2.5], [2325, L, -6], [1995, W, 0.8], [1995, W, 0.8]];
    const event2: Published = [[2000, W, 0.8], [2000, W, 0.8], [2121, W, 1.6], [2813, L, -0.8], [2084, W, 1.3]];
    const event3: Published = [[2000, W, 0.8], [2000, W, 0.8], [2230, W, 2.8], [2505, W, 6.4], [2155, D, -3]];
    const cases = [[2395, '2025-11-02', event1, -6.1], [2400, '2025-11-09', event2, 3.7], [2400, '2025-11-23', event3, 7.8]] as const;
    for (const [ro, date, games, change] of cases) {
      const r = rateEvent(player(ro, { k: 10 }), date, games);
      expect(twoDecimals(r.perGame)).toEqual(kchgs(games));
      expect(r.eventChange).toBeCloseTo(change, 10);
    }
  });

  it('F-P03, id 2064871, period 2025-12: three events, +2.10 from Ro 2499 then +2.90 and −3.10 from 2505 — Σ 1.90, list 2505 → 2507 rounded once', () => {
    const event1: Published = [[2099, W, 0.8], [2322, W, 2.7], [2422, W, 3.9], [2325, D, -2.3], [2255, D, -3]];
    const event2: Published = [[2105, W, 0.8], [2105, W, 0.8], [2237, D, -3.3], [2134, W, 1], [2813, D, 3.6]];
    const event3: Published = [[2105, W, 0.8], [2105, W, 0.8], [2105, W, 0.8], [2400, L, -6.4], [2118, W, 0.9]];
    expect(twoDecimals(rateEvent(player(2499), '2025-11-02', event1).perGame)).toEqual(kchgs(event1));
    const second = rateEvent(player(2505), '2025-11-09', event2);
    const third = rateEvent(second.state, '2025-11-23', event3, 'p');
    expect([twoDecimals(second.perGame), twoDecimals(third.perGame)]).toEqual([kchgs(event2), kchgs(event3)]);
    expect([second.eventChange, third.eventChange]).toEqual([2.9, -3.1]);
    // the period from the November list: 2505 + 2.10 + 2.90 − 3.10 = 2506.9 → 2507, FIDE's December list
    expect(2505 + Math.round(sum([2.1, second.eventChange, third.eventChange]))).toBe(2507);
  });

  it('F-P02 and F-P03 through their periods: an event of 31 Oct – 2 Nov on the December list is rated from the October list in force at its start (2395, 2499), K from November\'s (2400: K 10), the later events from November\'s', () => {
    const event1 = [[1995, W, 0.8], [2205, D, -2.5], [2325, L, -6], [1995, W, 0.8], [1995, W, 0.8]] as const;
    // October list 2395 and the November period still open (+5, to 2400), as at the event's start
    const p02 = player(2395, { birthYear: 2006, period: { list: '2025-11', k: 20, games: 5, sum: 25 } });
    const first = rateEvent(p02, { start: '2025-10-31', date: '2025-11-02' }, event1);
    expect([first.k, first.state?.rating, first.eventChange]).toEqual([10, 2400, -6.1]);
    expect(twoDecimals(first.perGame)).toEqual(kchgs(event1));
    const second = rateEvent(first.state, { start: '2025-11-07', date: '2025-11-09' }, [[2000, W, 0.8], [2000, W, 0.8], [2121, W, 1.6], [2813, L, -0.8], [2084, W, 1.3]], 'b');
    expect(second.eventChange).toBeCloseTo(3.7, 10);
    const p03 = player(2499, { period: { list: '2025-11', k: 10, games: 5, sum: 60 } });
    const thanksgiving = rateEvent(p03, { start: '2025-10-31', date: '2025-11-02' }, [[2099, W, 0.8], [2322, W, 2.7], [2422, W, 3.9], [2325, D, -2.3], [2255, D, -3]]);
    expect([thanksgiving.state?.rating, thanksgiving.eventChange]).toEqual([2505, 2.1]);
    const dulles = rateEvent(thanksgiving.state, { start: '2025-11-07', date: '2025-11-09' }, [[2105, W, 0.8], [2105, W, 0.8], [2237, D, -3.3], [2134, W, 1], [2813, D, 3.6]], 'b');
    const virginia = rateEvent(dulles.state, { start: '2025-11-21', date: '2025-11-23' }, [[2105, W, 0.8], [2105, W, 0.8], [2105, W, 0.8], [2400, L, -6.4], [2118, W, 0.9]], 'c');
    expect([dulles.eventChange, virginia.eventChange]).toEqual([2.9, -3.1]);
    // 2505 + 2.10 + 2.90 − 3.10 rounded once: FIDE's December list
    expect(nextRating(virginia.state)).toBe(2507);
    // rated from the list before its own (November's 2505), the first event would have given 1.80, not FIDE's 2.10
    expect(rateEvent(p03, '2025-11-02', [[2099, W, 0.8], [2322, W, 2.7], [2422, W, 3.9], [2325, D, -2.3], [2255, D, -3]]).eventChange).toBeCloseTo(1.8, 10);
  });

  it('F-P04, id 30915422, period 2025-12: K 20 (an adult below 2400), −0.20 → the list keeps 2053', () => {
    const games: Published = [[1675, W, 1.8], [2310, L, -3.6], [1653, W, 1.6], [1884, W, 5.6], [2218, L, -5.6]];
    const r = rateEvent(player(2053, { birthYear: 1998 }), '2025-11-09', games);
    expect(r.k).toBe(20);
    expect(twoDecimals(r.perGame)).toEqual(kchgs(games));
    expect(nextRating(r.state)).toBe(2053);
  });

  it('F-P05, id 25759884, period 2026-10: 39 games in five events on one list — K × n ≤ 700 makes K 20 into 17 (§8.3.3), Σ 92.48 rounded once → 2054 → 2146', () => {
    const events: readonly (readonly [string, Published])[] = [
      ['2026-08-30', [[2406, L, -1.87], [1908, W, 5.1], [2220, W, 12.24], [2216, L, -4.93], [2204, D, 3.4], [2189, W, 11.56], [2223, L, -4.76], [2221, D, 3.74]]],
      ['2026-09-04', [[2350, L, -2.55], [1928, L, -11.39], [2085, W, 9.18], [1993, W, 7.14], [1931, W, 5.61], [2055, D, 0], [2454, D, 7.14], [1861, W, 4.25]]],
      ['2026-09-12', [[2217, W, 12.24], [1743, W, 2.38], [1947, W, 5.95], [2266, D, 4.59], [2189, D, 3.06], [2186, W, 11.56]]],
      ['2026-09-19', [[1654, W, 1.36], [2283, L, -3.57], [1822, W, 3.57], [2251, L, -4.25], [1884, W, 4.76], [2215, D, 3.57], [2210, D, 3.57], [1872, W, 4.42]]],
      ['2026-09-27', [[1654, W, 1.36], [2247, W, 12.75], [2308, L, -3.23], [2168, L, -5.78], [1810, L, -13.6], [1747, W, 2.38], [1852, W, 4.08], [1875, D, -3.91], [1654, W, 1.36]]],
    ];
    let state = player(2054, { birthYear: 2003 });
    events.forEach(([date, games], i) => { state = rateEvent(state, date, games, `e${i}-`).state; });
    // the Sants open ended 30 August, two days before the September list: it goes on October's, with the others
    expect(state.period).toMatchObject({ list: '2026-10', k: 20, games: 39 });
    expect((17 * state.period!.sum) / 100).toBeCloseTo(92.48, 10);
    expect(nextRating(state)).toBe(2146);
    expect(nextState(state).games).toBe(139);
  });

  it('F-M03 (published_multi_event_periods.json, commit 26e861f5), id 1304070, period 2025-12: three events, −51.20, −4.20, +3.80 — rounded once, −51.60 → −52 and 2024 → 1972 (rounded per event it would be 1973)', () => {
    const senior: Published = [[1709, W, 2.8], [2213, D, 5], [2192, L, -5.6], [1851, L, -14.6], [1861, L, -14.2], [1818, D, -5.2], [1693, L, -17.6],
      [1771, D, -6.2], [1809, D, -5.4], [1799, W, 4.4], [1844, W, 5.4]];
    // on the October list at 2023, with the period of the November list (2024) still open when the Seniors started
    const october = player(2023, { birthYear: 1952, period: { list: '2025-11', k: 20, games: 1, sum: 5 } });
    const first = rateEvent(october, { start: '2025-10-21', date: '2025-11-01' }, senior);
    expect(twoDecimals(first.perGame)).toEqual(kchgs(senior));
    expect(first.eventChange).toBeCloseTo(-51.2, 10);
    // FIDE rated the later events from the November list (2024), the World Seniors (21 Oct – 1 Nov) from October's
    const second = rateEvent(first.state, '2025-11-21', [[1770, W, 3.8]], 'b');
    const third = rateEvent(second.state, '2025-11-22', [[1864, D, -4.2]], 'c');
    expect([second.eventChange, third.eventChange]).toEqual([3.8, -4.2]);
    expect(first.state?.rating).toBe(2024);
    expect(third.state?.period).toMatchObject({ list: '2025-12', k: 20, games: 13 });
    expect(nextRating(third.state)).toBe(1972);
  });

  it('F-N01, id 39998126, period 2025-12: a first rating under §8.2.2–8.2.3 — 3/5 against 1902, 1877, 1884, 2012, 1832 and two 1800 draws → 1922 on the December list', () => {
    const games: readonly (readonly [number, Score])[] = [[1902, D], [1877, D], [1884, W], [2012, L], [1832, W]];
    expect(initialRating(games.map(([opponent, score]) => ({ opponent, score })))).toBe(1922);
    const players: Record<string, FidePlayer> = { N: unratedPlayer(2004) };
    games.forEach(([r], i) => { players[`o${i}`] = player(r); });
    const r = rateFideTournament(standard, { date: '2025-11-09' }, players, games.map(([, score], i) => ({ a: 'N', b: `o${i}`, score })));
    expect(nextRating(playerIn(r.players, 'N'))).toBe(1922);
  });

  it('FIDE\'s database, June 2017, quoted by elo-calculator.chesselo.com/test-other-elo.html: 1922 at K 40 beats 1798, loses to 1801, beats 1897 — +13.20, −26.40, +18.80, Σ 5.60', () => {
    const games: Published = [[1798, W, 13.2], [1801, L, -26.4], [1897, W, 18.8]];
    const r = rateEvent(player(1922, { k: 40 }), '2017-05-02', games);
    expect(twoDecimals(r.perGame)).toEqual(kchgs(games));
    expect(r.eventChange).toBeCloseTo(5.6, 10);
  });
});

/**
 * FIDE's online calculator (ratings.fide.com/a_calc_rtd.php, behind calc.phtml), one game each, as recorded in
 * zugzwang-foundation/Chess-ELO-Rating tests/fixtures/fide_calculator/calculator_rating_change.json (F-C01–F-C24,
 * same commit): the edges of table 8.1.2 on both sides, the 400-point rule, K 15 and 30. The calculator applies the
 * 400-point rule to everyone, as §8.3.1 read before 1 October 2025, so the cases are rated at a date before it.
 */
const CALCULATOR: readonly (readonly [own: number, opponent: number, score: Score, k: number, change: number])[] = [
  [2000, 2000, W, 10, 5], [2003, 2000, W, 10, 5], [2004, 2000, W, 10, 4.9], [2010, 2000, W, 10, 4.9], [2011, 2000, W, 10, 4.8],
  [2206, 2000, W, 10, 2.4], [2207, 2000, W, 10, 2.3], [2391, 2000, W, 10, 0.9], [2392, 2000, W, 10, 0.8], [2000, 2003, L, 10, -5],
  [2000, 2004, L, 10, -4.9], [1656, 2000, L, 10, -1.2], [1655, 2000, L, 10, -1.1], [2600, 2100, W, 10, 0.8], [2649, 2149, W, 10, 0.8],
  [2650, 2150, W, 10, 0.8], [2700, 2200, W, 10, 0.8], [2200, 2700, L, 20, -1.6], [2100, 2600, L, 20, -1.6], [2700, 1964, W, 10, 0.8],
  [2700, 1900, L, 10, -9.2], [1500, 2000, D, 20, 8.4], [2092, 2000, W, 15, 5.55], [2000, 2092, D, 30, 3.9],
];

describe('fide-2024 against FIDE\'s online calculator (2026)', () => {
  it.each(CALCULATOR)('%i v %i, score %s, K %i → %s', (own, opponent, score, k, change) => {
    expect(rateEvent(player(own, { k }), '2025-09-28', [[opponent, score, change]]).eventChange).toBeCloseTo(change, 10);
  });
});
