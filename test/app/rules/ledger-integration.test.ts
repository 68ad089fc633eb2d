import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as E from 'fp-ts/Either';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Command } from '../../../domain/commands/decide';
import type { GameFacts } from '../../../domain/events';
import { fesaExpectedScore, toFesaReplayEvent } from '../../../domain/evaluation/fesa-model';
import type { LoggedEvent } from '../../../domain/events';
import { explainGeneric } from '../../../projections/generic/explain';
import { foldGeneric, ratingsOf, toSpecGame, type GenericFold } from '../../../projections/generic/history';
import { genericPredictions } from '../../../projections/generic/predictions';
import { main } from '../../../src/adapters/cli/main';
import { parseOptionFlags } from '../../../src/adapters/cli/commands/rulesets';
import { loadFacts } from '../../../src/app/load';
import { Ledger } from '../../../src/app/ledger';
import { adoptRuleSet, driftCorrection, oneTimeConversion, yearBefore } from '../../../src/app/rules/officer';
import { openSqliteStore } from '../../../src/adapters/store/sqlite';
import type { EventStore } from '../../../src/app/ports/event-store';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-generic-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const actor = 'test-officer';
const noTc = { mainMinutes: 0, byoyomiSeconds: 0, incrementSeconds: 0 };
const player = (playerId: string): Command => ({ kind: 'RegisterPlayer', validDate: '2019-01-01', actor, playerId, familyName: playerId, givenName: '', country: 'NO' });
const balance = (playerId: string, ruleSet: string, state: Record<string, unknown>): Command =>
  ({ kind: 'ImportOpeningBalance', validDate: '2019-01-01', actor, playerId, ruleSet, state, source: 'legacy list 2018' });
const tournament = (tournamentId: string, date: string, ratingSystem: string): Command =>
  ({ kind: 'RegisterTournament', validDate: date, actor, tournamentId, name: tournamentId, place: 'Oslo', startDate: date, endDate: date, ratingSystem, rated: true, timeControl: noTc });
const game = (tournamentId: string, date: string, gameId: string, round: number, first: string, second: string | null, result: string, extra: Record<string, unknown> = {}): Command =>
  ({ kind: 'ReportGame', validDate: date, actor, tournamentId, gameId, round, first, second, result, ...extra }) as Command;
const close = (tournamentId: string, date: string): Command => ({ kind: 'CloseTournament', validDate: date, actor, tournamentId });

/**
 * A small federation: A and B rated under fide, C, D, E under pan-atlantic (opening balances), a fide tournament, the
 * adoption of gobase-go from 2020-06-01, two pan-atlantic tournaments and the officers' drift correction.
 */
describe('the generic fold over a real ledger (temp SQLite)', () => {
  let store: EventStore;
  let ledger: Ledger;
  let facts: LoggedEvent[];
  let fold: GenericFold;
  let drift: ReturnType<typeof driftCorrection>;

  beforeAll(async () => {
    store = openSqliteStore(path.join(dir, 'ledger.db'));
    ledger = new Ledger(store);
    const run = async (cs: readonly Command[]) => { for (const c of cs) await ledger.execute(c); };
    await run(['A', 'B', 'C', 'D', 'E'].map(player));
    await run([
      { kind: 'DeclarePriorGrade', validDate: '2019-01-01', actor, playerId: 'A', grade: '3 Dan', source: 'NSR' } as Command,
      { kind: 'DeclarePriorGrade', validDate: '2019-01-01', actor, playerId: 'B', grade: '2 Dan', source: 'NSR' } as Command,
      balance('A', 'fide', { rating: 1800, games: 50, birthYear: null, reached2400: false }),
      balance('B', 'fide', { rating: 1800, games: 50, birthYear: null, reached2400: false }),
      balance('C', 'pan-atlantic', { rating: 2000, games: 60 }),
      balance('D', 'pan-atlantic', { rating: 1950, games: 80 }),
      balance('E', 'pan-atlantic', { rating: 1500, games: 20 }),
    ]);
    // 2019-03-01 pan-atlantic: C draws D (round 1); an unplayed game and a bye are never rated.
    await run([tournament('P0', '2019-03-01', 'pan-atlantic'), game('P0', '2019-03-01', 'g1', 1, 'C', 'D', 'sennichite'),
      game('P0', '2019-03-01', 'g2', 2, 'C', 'D', 'unplayed'), game('P0', '2019-03-01', 'g3', 1, 'E', null, 'bye'), close('P0', '2019-03-01')]);
    // 2020-02-01 pan-atlantic: both cohort players lose to E.
    await run([tournament('P1', '2020-02-01', 'pan-atlantic'), game('P1', '2020-02-01', 'g1', 1, 'E', 'C', 'win'),
      game('P1', '2020-02-01', 'g2', 2, 'D', 'E', 'loss'), close('P1', '2020-02-01')]);
    // 2020-03-01 fide: A beats B; a result first reported wrongly is corrected.
    await run([tournament('F1', '2020-03-01', 'fide'), game('F1', '2020-03-01', 'g1', 1, 'A', 'B', 'loss'),
      { kind: 'CorrectResult', validDate: '2020-03-01', actor, tournamentId: 'F1', gameId: 'g1', round: 1, first: 'A', second: 'B', result: 'win', reason: 'score sheet' } as Command,
      close('F1', '2020-03-01')]);
    const adoption = adoptRuleSet('gobase-go', '2020-06-01', parseOptionFlags(['cTable=constant-30']), actor, 'federation switched');
    if (E.isLeft(adoption)) throw new Error(adoption.left);
    await ledger.execute(adoption.right);
    // 2020-07-01: registered as fide, rated under gobase-go (adopted from 2020-06-01).
    await run([tournament('F2', '2020-07-01', 'fide'), game('F2', '2020-07-01', 'g1', 1, 'A', 'B', 'win'), close('F2', '2020-07-01')]);
    drift = driftCorrection({ facts: await loadFacts(store), date: '2020-03-15', reason: 'annual drift check 2020, unanimous', actor, amount: 10 });
    if (E.isRight(drift) && drift.right.command) await ledger.execute(drift.right.command);
    facts = await loadFacts(store);
    const folded = foldGeneric(facts);
    if (E.isLeft(folded)) throw new Error(folded.left);
    fold = folded.right;
  });
  afterAll(async () => store.close());

  it('rates a fide tournament under fide with the corrected result (spec elo-fide-uscf.md §2: K 20 with ≥ 30 games below 2400)', () => {
    const run = fold.runs.find((r) => r.tournamentId === 'F1')!;
    expect(run.ruleSet).toBe('fide');
    expect(run.ruleSetSource).toBe('tournament');
    // 1800 beats 1800: 20·(1 − 0.5) = +10.
    expect(run.after).toEqual({ A: { rating: 1810, games: 51, birthYear: null, reached2400: false }, B: { rating: 1790, games: 51, birthYear: null, reached2400: false } });
  });

  it('rates a tournament dated after a RuleSetAdopted under the adopted rule set and its options (gobase-go §5: 3d 2100 beats 2d 2000 → 2109 / 1991)', () => {
    const run = fold.runs.find((r) => r.tournamentId === 'F2')!;
    expect(run.ruleSet).toBe('gobase-go');
    expect(run.options).toEqual({ cTable: 'constant-30' });
    expect(run.ruleSetSource).toMatch(/^adopted 2020-06-01/);
    // New to gobase-go: the declared grades give the seed's go ranks (3 dan = 2100, 2 dan = 2000).
    expect(run.after).toEqual({ A: { rating: 2109, games: 1 }, B: { rating: 1991, games: 1 } });
    // The fide list is untouched by the gobase-go tournament.
    expect(ratingsOf(fold, 'fide').map((r) => [r.playerId, r.rating])).toEqual([['A', 1810], ['B', 1790]]);
  });

  it('maps games: sennichite is a draw, unplayed games and byes are never rated (pan-atlantic §3: 2000 draws 1950 → 1998 / 1952)', () => {
    const run = fold.runs.find((r) => r.tournamentId === 'P0')!;
    expect(run.games.map((g) => [g.gameId, g.game?.score ?? null, g.rating])).toEqual([
      ['g1', 0.5, { rated: true }], ['g3', null, { rated: false, reason: 'not-played' }], ['g2', null, { rated: false, reason: 'not-played' }],
    ]);
    expect((run.after.C as { rating: number }).rating).toBe(1998);
    expect((run.after.D as { rating: number }).rating).toBe(1952);
  });

  it('computes the pan-atlantic drift correction (seed 002 §5) and records it as a RatingAdjusted visible in history', () => {
    expect(E.isRight(drift)).toBe(true);
    if (E.isLeft(drift)) return;
    // Snapshot 2019-03-15: C 1998 (61 games), D 1952 (81 games), both active; now C 1975, D 1930 (lost to 1500s E).
    expect(drift.right.snapshotDate).toBe('2019-03-15');
    expect(drift.right.cohort).toEqual(['C', 'D']);
    expect(drift.right.averageThen).toBe(1975);
    expect(drift.right.averageNow).toBe(1952.5);
    expect(drift.right.allowed).toBe(22);
    expect(drift.right.applied).toBe(10);
    const fact = facts.find((f) => f.event.type === 'RatingAdjusted')!.event;
    expect(fact).toMatchObject({ ruleSet: 'pan-atlantic', operation: 'drift-correction', change: { kind: 'shift', by: 10 }, details: { allowed: 22, applied: 10, cohort: ['C', 'D'] } });
    expect(ratingsOf(fold, 'pan-atlantic').map((r) => [r.playerId, r.rating])).toEqual([['C', 1985], ['D', 1940], ['E', 1563]]);
    const history = explainGeneric(fold, 'C');
    expect(E.isRight(history) && history.right.data.officerFacts).toEqual([
      { date: '2019-01-01', ruleSet: 'pan-atlantic', kind: 'opening-balance', reason: 'legacy list 2018', before: null, after: 2000 },
      { date: '2020-03-15', ruleSet: 'pan-atlantic', kind: 'adjustment', operation: 'drift-correction', reason: 'annual drift check 2020, unanimous', before: 1975, after: 1985 },
    ]);
    expect(E.isRight(history) && history.right.text).toContain('drift-correction');
  });

  it('explains games in the system\'s own terms (pan-atlantic: stage 3, K 24; fide: K 20)', () => {
    const c = explainGeneric(fold, 'C');
    const p1 = E.isRight(c) ? c.right.data.tournaments.find((t) => t.tournamentId === 'P1')! : undefined;
    expect(p1?.games[0]).toMatchObject({ opponent: 'E', score: 0, opponentRatingUsed: 1500, terms: { stage: 3, category: 'established', K: 24 } });
    const a = explainGeneric(fold, 'A');
    expect(E.isRight(a) && a.right.data.tournaments[0]).toMatchObject({ tournamentId: 'F1', before: 1800, after: 1810, games: [{ expected: 0.5, terms: { K: 20 } }] });
  });

  it('re-rates every tournament under a forced rule set, and scores pre-game expectations', () => {
    const forced = foldGeneric(facts, { ruleSet: 'uscf-k', entry: { rating: 1600 } });
    expect(E.isRight(forced)).toBe(true);
    if (E.isLeft(forced)) return;
    expect(forced.right.runs.map((r) => [r.tournamentId, r.ruleSet])).toEqual([['P0', 'uscf-k'], ['P1', 'uscf-k'], ['F1', 'uscf-k'], ['F2', 'uscf-k']]);
    const p = genericPredictions(forced.right, 'uscf-k');
    expect(p.games).toBe(5);
    // Before F1 A and B are both at their fide-less start 1600: expectation 0.5.
    expect(p.predictions.find((x) => x.key === 'F1/g1')).toMatchObject({ expected: 0.5, actual: 1 });
  });

  it('one-time conversion of the pan-atlantic list (seed 002 §5: ratings above 1900 unchanged, 1500 → 1300)', () => {
    const conv = oneTimeConversion({ facts, ruleSet: 'pan-atlantic', date: '2020-04-01', reason: 'adoption', actor });
    expect(E.isRight(conv) && conv.right.rows).toEqual([
      { playerId: 'C', from: 1985, to: 1985 }, { playerId: 'D', from: 1940, to: 1940 }, { playerId: 'E', from: 1563, to: 1395 },
    ]);
    // Only the changed rating becomes a fact: 1900 − 1.5·(1900 − 1563) = 1394.5 → 1395.
    expect(E.isRight(conv) && conv.right.commands.map((c) => [c.target, c.change, c.operation])).toEqual([
      [{ kind: 'player', playerId: 'E' }, { kind: 'set', rating: 1395 }, 'one-time-conversion'],
    ]);
  });

  it('refuses an adoption with an option the rule set does not have, naming it', () => {
    const bad = adoptRuleSet('gobase-go', '2020-06-01', { ctable: 'go' }, actor);
    expect(E.isLeft(bad) && bad.left).toMatch(/Unknown option "ctable" for rule system gobase-go/);
    expect(E.isLeft(adoptRuleSet('elo-2000', '2020-06-01', {}, actor)) ).toBe(true);
  });
});

/** A game's facts as the codec would give them (ids and rounds are branded there; a literal is plain). */
const gameFacts = (g: Record<string, unknown>): GameFacts => g as unknown as GameFacts;

describe('game mapping and FESA predictions', () => {
  it('keeps handicap and a non-zero time control (game override before tournament default), omits an all-zero one', () => {
    const tc = { mainMinutes: 40, byoyomiSeconds: 30, incrementSeconds: 0 };
    expect(toSpecGame(gameFacts({ round: 1, first: 'A', second: 'B', result: 'loss', handicap: { type: 'bishop', giver: 'B' } }), tc))
      .toEqual({ a: 'A', b: 'B', score: 0, handicap: { type: 'bishop', giver: 'B' }, timeControl: { main: 40, byoyomi: 30, increment: 0 } });
    expect(toSpecGame(gameFacts({ round: 1, first: 'A', second: 'B', result: 'draw', timeControl: noTc }), tc)).toEqual({ a: 'A', b: 'B', score: 0.5 });
    expect(toSpecGame(gameFacts({ round: 1, first: 'A', second: 'B', result: 'forfeit-win' }), noTc)).toBeUndefined();
  });

  it('FESA predicts 1/(1+10^((o−r)/400)) from the list before the event; a never-rated player (0) gives none', () => {
    expect(fesaExpectedScore({ eloNumber: 1825 }, { eloNumber: 1800 })).toBeCloseTo(0.5359, 4);
    expect(fesaExpectedScore({ eloNumber: 0 }, { eloNumber: 1800 })).toBeNull();
  });

  it('places a side with two games on one date in two rounds', () => {
    const ev = toFesaReplayEvent({ date: '1900-01-01', games: [{ a: 'X', b: 'Y', score: 1 }, { a: 'X', b: 'Z', score: 0.5 }] });
    expect(ev.players.map((p) => [p.lastName, p.rounds.map((r) => `${r.opponentIndex}:${r.score}`)])).toEqual([
      ['X', ['2:1', '3:0.5']], ['Y', ['1:0']], ['Z', ['0:0', '1:0.5']],
    ]);
  });
});

describe('ledger rules run-case through the CLI entry', () => {
  const runCli = async (cases: unknown): Promise<{ code: number; out: unknown }> => {
    const file = path.join(dir, `cases-${Math.random().toString(36).slice(2)}.json`);
    fs.writeFileSync(file, JSON.stringify(cases));
    let text = '';
    const code = await main(['rules', 'run-case', '--file', file], (t) => { text += t; }, () => undefined);
    return { code, out: JSON.parse(text) };
  };
  const players = { A: { rating: 1800, games: 50 }, B: { rating: 1600, games: 50 } };

  it('answers a list of cases, an unknown system / op / option per case without stopping the batch', async () => {
    const { code, out } = await runCli([
      { system: 'uscf-k', op: 'expected-score', options: {}, input: { rating: 1613, opponent: 1609 } },
      { system: 'elo-2000', op: 'rate-event', options: {}, input: {} },
      { system: 'fide', op: 'drift-correction', options: {}, input: {} },
      { system: 'gobase-go', op: 'rate-event', options: { ctable: 'go' }, input: { event: {}, players, games: [] } },
      // gobase-go §5: 3d 2100 beats 2d 2000 → 2109 / 1991.
      { system: 'gobase-go', op: 'rate-event', options: {}, input: { event: {}, players: { A: { rating: 2100, games: 5 }, B: { rating: 2000, games: 5 } }, games: [{ a: 'A', b: 'B', score: 1 }] } },
    ]);
    // every case is answered; the exit code says that some were refused
    expect(code).toBe(1);
    const [ok, system, op, option, rated] = out as Record<string, any>[];
    expect(ok!.value).toBeCloseTo(0.506, 3); // elo-fide-uscf.md §5 table
    expect(system!.error).toMatchObject({ case: 1, field: 'system' });
    expect(op!.error).toMatchObject({ case: 2, field: 'op' });
    expect(op!.error.message).toMatch(/has no op "drift-correction"/);
    expect(option!.error).toMatchObject({ case: 3, field: 'options.ctable' });
    expect(rated).toEqual({ players: { A: { rating: 2109, games: 6 }, B: { rating: 1991, games: 6 } }, gamesRated: [{ rated: true }] });
  });

  it('bad input names the case and the field: unknown handicap, a self-game, a score that is not 0, ½ or 1', async () => {
    const game = (g: Record<string, unknown>) => ({ system: 'pan-atlantic', op: 'rate-event', options: {}, input: { event: {}, players, games: [{ a: 'A', b: 'B', score: 1, ...g }] } });
    const { out } = await runCli([
      game({ handicap: { type: 'queen', giver: 'A' } }),
      game({ b: 'A' }),
      game({ score: 0.7 }),
    ]);
    const [handicap, self, score] = out as { error: { case: number; field: string; message: string } }[];
    expect(handicap!.error).toMatchObject({ case: 0, field: 'input.games[0].handicap.type' });
    expect(handicap!.error.message).toMatch(/queen/);
    expect(self!.error).toMatchObject({ case: 1, field: 'input.games[0].b' });
    expect(self!.error.message).toMatch(/cannot play against himself/);
    expect(score!.error).toMatchObject({ case: 2, field: 'input.games[0].score' });
    expect(score!.error.message).toMatch(/0\.7/);
  });

  it('a game with a handicap the system does not rate is answered, not an error (gobase-go: handicap-not-ratable)', async () => {
    const { out } = await runCli({ system: 'gobase-go', op: 'rate-event', options: {}, input: { event: {}, players, games: [{ a: 'A', b: 'B', score: 1, handicap: { type: 'bishop', giver: 'A' } }] } });
    expect((out as { gamesRated: unknown[] }).gamesRated).toEqual([{ rated: false, reason: 'handicap-not-ratable' }]);
  });
});

describe('dates for officer operations', () => {
  it('a year before 29 February is 28 February', () => {
    expect(yearBefore('2020-02-29')).toBe('2019-02-28');
    expect(yearBefore('2020-03-15')).toBe('2019-03-15');
  });
});
