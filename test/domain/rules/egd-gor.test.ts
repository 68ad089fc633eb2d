import { describe, expect, it } from 'vitest';
import { caseRunner } from '../../support/rule-cases';
import * as E from 'fp-ts/Either';
import {
  bonus, con, defaultOptions, egdGorRuleSystem, expectedOf, expectedResult, rateEvent, startingGor, type GorPlayerInput,
} from '../../../domain/rules/egd-gor';
import type { Game } from '../../../domain/rules/elo-common/game';

/**
 * The EGD's GoR since 2021 (https://www.europeangodatabase.eu/EGD/EGF_rating_system.php). Every expectation below is
 * a number published elsewhere, with where it was published; none is computed here and copied back.
 */
const { ok, err } = caseRunner(egdGorRuleSystem);
const rated = (rating: number | null, extra: object = {}) => ({ rating, games: 5, ...extra });
/** A plays B once; `event` may carry the class. */
const oneGame = (ra: number, rb: number, score: 0 | 0.5 | 1, more: { event?: object; goHandicap?: object; options?: object } = {}) =>
  ok('rate-event', more.options ?? {}, {
    event: more.event ?? {}, players: { A: rated(ra), B: rated(rb) },
    games: [{ a: 'A', b: 'B', score, ...(more.goHandicap ? { goHandicap: more.goHandicap } : {}) }],
  });

describe('egd-gor: the terms, against published calculations', () => {
  it('a Go REST API README quoting the EGD page (2674.564 loses to 2611.051): Se, con, bonus, change, new GoR', () => {
    // README.md "European Go Federation Rating System", endpoint new_route: its published response.
    expect(expectedResult(2674.564, 2611.051)).toBeCloseTo(0.6630749860799611, 12);
    expect(con(2674.564)).toBeCloseTo(6.197900613388789, 12);
    expect(bonus(2674.564)).toBeCloseTo(0.0018434800675773823, 15);
    const out = oneGame(2674.564, 2611.051, 0);
    expect(out.players.A.rating).toBe(2670.456); // published new_rating 2670.45617061712, gor_change −4.107829382880027
  });

  it('horaceho/ers test/ers.php (checked against the EGD GoR calculator): 2100 v 2100, a win 2109.306, a loss 2091.725', () => {
    expect(oneGame(2100, 2100, 1).players).toEqual({ A: { rating: 2109.306, games: 6 }, B: { rating: 2091.725, games: 6 } });
  });

  it('skillratings (docs.rs, src/egf.rs): expected_score 1000 v 1300 = 0.2732225596195188; 1320 v 1217 ≈ 59 %', () => {
    expect(expectedResult(1000, 1300)).toBeCloseTo(0.2732225596195188, 14);
    expect(expectedResult(1300, 1000)).toBeCloseTo(0.7267774403804812, 14);
    expect(Math.round(100 * expectedResult(1320, 1217))).toBe(59);
  });

  it('skillratings test_egf: 1000 beats 1300 → 1039 and 1274; 0 v 0: a loss −39 and 50, a jigo 6 each; doc: 950 beats 1200 → 989, 1173', () => {
    const r = (x: number) => Math.round(x);
    const win = oneGame(1000, 1300, 1).players;
    expect([r(win.A.rating), r(win.B.rating)]).toEqual([1039, 1274]);
    const loss = oneGame(0, 0, 0).players;
    expect([r(loss.A.rating), r(loss.B.rating)]).toEqual([-39, 50]);
    const jigo = oneGame(0, 0, 0.5).players;
    expect([r(jigo.A.rating), r(jigo.B.rating)]).toEqual([6, 6]);
    const doc = oneGame(950, 1200, 1).players;
    expect([r(doc.A.rating), r(doc.B.rating)]).toEqual([989, 1173]);
  });

  it('skillratings test_egf_rating_period / egf_rating_period doc: a tournament rated from the GoR before round 1', () => {
    // 0 plays 20 (win), 40 (jigo), 10 (loss), −40 (win) → 69; 220 plays 420 (loss), 40 (win), 1320 (jigo) → 273.
    const tournament = (me: number, opponents: [number, 0 | 0.5 | 1][]) => {
      const players: Record<string, object> = { P: rated(me) };
      opponents.forEach(([r], i) => { players[`O${i}`] = rated(r); });
      return ok('rate-event', {}, { players, games: opponents.map(([, s], i) => ({ a: 'P', b: `O${i}`, score: s })) }).players.P.rating;
    };
    expect(Math.round(tournament(0, [[20, 1], [40, 0.5], [10, 0], [-40, 1]]))).toBe(69);
    expect(Math.round(tournament(220, [[420, 0], [40, 1], [1320, 0.5]]))).toBe(273);
  });

  it('skillratings test_handicap: 1000 v 1300 with one stone to either side, 0.23947531043217862 and 0.30481324383684405', () => {
    // The crate's handicap h lifts the receiver by 100·(h − 0.5): a stone to the 1300 player, then to the 1000 player.
    const g = (receiver: string): Game => ({ a: 'A', b: 'B', score: 1, goHandicap: { stones: 1, receiver } });
    expect(expectedOf(g('B'), 'A', 1000, 1300)).toBeCloseTo(0.23947531043217862, 14);
    expect(expectedOf(g('A'), 'A', 1000, 1300)).toBeCloseTo(0.30481324383684405, 14);
    expect(expectedOf(g('A'), 'B', 1300, 1000)).toBeCloseTo(0.695186756163156, 14);
  });

  it('the EGD page\'s grade scale as starting GoR: 1d 2100, 6d 2600, 1k 2000, 20k 100, 1p 2700, 2p 2730, 9p 2940; 30k −900', () => {
    const at = (rank: string) => E.getOrElse(() => NaN)(startingGor(rank));
    expect(['1-dan', '6-dan', '1-kyu', '20-kyu', '1-pro', '2-pro', '9-pro', '30-kyu', '7-dan'].map(at))
      .toEqual([2100, 2600, 2000, 100, 2700, 2730, 2940, -900, 2700]);
  });
});

describe('egd-gor: the page\'s rules on a tournament', () => {
  it('a rating below −900 is reset to −900 (EGD page, "General info")', () => {
    const out = oneGame(-900, -900, 0);
    expect(out.players.A.rating).toBe(-900);
    expect(out.players.B.rating).toBeGreaterThan(-900);
  });

  it('the class weights the change: class B 0.75, C 0.5, D 0.25 of class A\'s (EGD page, "Tournament classes")', () => {
    const change = (cl: string) => oneGame(2100, 2100, 1, { event: { class: cl } }).players.A.rating - 2100;
    expect(change('B') / change('A')).toBeCloseTo(0.75, 3);
    expect(change('C') / change('A')).toBeCloseTo(0.5, 3);
    expect(change('D') / change('A')).toBeCloseTo(0.25, 3);
    expect(oneGame(2100, 2100, 1, { event: { class: 'C' }, options: { classWeight: false } }).players.A.rating).toBe(2109.306);
  });

  it('a new player enters at his declared grade; a handicap game is rated unless handicapGames is not-rated', () => {
    const players = { A: { rating: null, rank: '5-kyu' }, B: rated(2000) };
    const games = [{ a: 'A', b: 'B', score: 1, goHandicap: { stones: 4, receiver: 'A' } }];
    const out = ok('rate-event', {}, { players, games });
    expect(out.gamesRated).toEqual([{ rated: true }]);
    expect(out.players.A.games).toBe(1);
    const skipped = ok('rate-event', { handicapGames: 'not-rated' }, { players, games });
    expect(skipped.gamesRated).toEqual([{ rated: false, reason: 'handicap-not-ratable' }]);
    expect(skipped.players.A).toEqual({ rating: 1600, games: 0 });
  });

  it('the typed engine and the case agree', () => {
    const players: Record<string, GorPlayerInput> = { A: { rating: 2100, games: 0 }, B: { rating: 2100, games: 0 } };
    const r = rateEvent(defaultOptions, {}, players, [{ a: 'A', b: 'B', score: 1 }]);
    expect(E.isRight(r) && r.right.players.A?.rating).toBe(2109.306);
  });

  it('bad input names the field', () => {
    expect(err('rate-event', {}, { event: { class: 'E' }, players: {}, games: [] }).field).toBe('input.event.class');
    expect(err('rate-event', { classWeights: 1 }, { players: {}, games: [] }).field).toBe('options.classWeights');
    expect(err('rate-event', {}, { players: { A: { rating: null, rank: '31-kyu' } }, games: [] }).field).toBe('input.players.A.rank');
    const bad = err('rate-event', {}, { players: { A: rated(100), B: rated(200) }, games: [{ a: 'A', b: 'B', score: 1, goHandicap: { stones: 2, receiver: 'C' } }] });
    expect(bad.field).toBe('input.games[0].goHandicap.receiver');
  });
});
