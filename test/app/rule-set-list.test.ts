import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Command } from '../../domain/commands/decide';
import type { LoggedEvent } from '../../domain/events';
import { Ledger } from '../../src/app/ledger';
import { loadFacts } from '../../src/app/load';
import { ruleSetList } from '../../src/app/rule-set-list';
import { openSqliteStore } from '../../src/adapters/store/sqlite';
import type { EventStore } from '../../src/app/ports/event-store';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-rule-set-list-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const actor = 'test-officer';
const noTc = { mainMinutes: 0, byoyomiSeconds: 0, incrementSeconds: 0 };
const player = (playerId: string, familyName: string, givenName: string, country = 'NO'): Command =>
  ({ kind: 'RegisterPlayer', validDate: '2019-01-01', actor, playerId, familyName, givenName, country });
const elo = (rating: number, games: number) => ({ rating, games, birthYear: null, reached2400: false });
const balance = (playerId: string, ruleSet: string, state: Record<string, unknown>): Command =>
  ({ kind: 'ImportOpeningBalance', validDate: '2019-01-01', actor, playerId, ruleSet, state, source: 'legacy list 2018' });
const tournament = (tournamentId: string, date: string, ratingSystem: string): Command =>
  ({ kind: 'RegisterTournament', validDate: date, actor, tournamentId, name: tournamentId, place: 'Oslo', startDate: date, endDate: date, ratingSystem, rated: true, timeControl: noTc });
const game = (tournamentId: string, date: string, gameId: string, first: string, second: string, result: string, round = 1): Command =>
  ({ kind: 'ReportGame', validDate: date, actor, tournamentId, gameId, round, first, second, result }) as Command;
const close = (tournamentId: string, date: string): Command => ({ kind: 'CloseTournament', validDate: date, actor, tournamentId });

/**
 * Two Ola Hansens (namesakes), a duplicate registration of Kari Berg merged into her, fide balances and a fide
 * tournament whose result is corrected afterwards; a us-shogi-1997-text tournament between players of declared grades.
 */
describe('ruleSetList: the list of a non-FESA rule set with names', () => {
  let store: EventStore;
  let facts: LoggedEvent[];
  let beforeCorrection: number;

  beforeAll(async () => {
    store = openSqliteStore(path.join(dir, 'ledger.db'));
    const ledger = new Ledger(store);
    const run = async (cs: readonly Command[]) => { for (const c of cs) await ledger.execute(c); };
    await run([player('P1', 'Hansen', 'Ola'), player('P2', 'Hansen', 'Ola', 'SE'), player('P3', 'Berg', 'Kari', 'DK'), player('P9', 'Berg', 'Karin', 'DK')]);
    await run([balance('P1', 'fide', elo(1800, 50)), balance('P2', 'fide', elo(1800, 50)), balance('P3', 'fide', elo(1700, 40))]);
    await run([{ kind: 'MergePlayers', validDate: '2019-02-01', actor, survivor: 'P3', absorbed: 'P9', reason: 'registered twice' } as Command]);
    await run([tournament('F1', '2020-03-01', 'fide'), game('F1', '2020-03-01', 'g1', 'P1', 'P2', 'win'), game('F1', '2020-03-01', 'g2', 'P9', 'P1', 'draw', 2), close('F1', '2020-03-01')]);
    beforeCorrection = await store.headPosition();
    await run([{ kind: 'CorrectResult', validDate: '2020-03-01', actor, tournamentId: 'F1', gameId: 'g1', round: 1, first: 'P1', second: 'P2', result: 'loss', reason: 'score sheet' } as Command]);
    await run([
      { kind: 'DeclarePriorGrade', validDate: '2019-01-01', actor, playerId: 'P1', grade: '2 Dan', source: 'NSR' } as Command,
      { kind: 'DeclarePriorGrade', validDate: '2019-01-01', actor, playerId: 'P2', grade: '3 Kyu', source: 'NSR' } as Command,
      tournament('U1', '2021-05-01', 'us-shogi-1997-text'), game('U1', '2021-05-01', 'g1', 'P2', 'P1', 'win'), close('U1', '2021-05-01'),
      tournament('G1', '2021-06-01', 'gobase-go'), game('G1', '2021-06-01', 'g1', 'P1', 'P2', 'win'), close('G1', '2021-06-01'),
    ]);
    facts = await loadFacts(store);
  });
  afterAll(async () => store.close());

  it('ranks by rating with names as the FESA list gives them: namesakes apart, a merged id under its survivor', () => {
    const list = ruleSetList(facts, 'fide', { asOf: '2020-12-31' });
    expect(list).toMatchObject({ ruleSet: 'fide', asOf: '2020-12-31', activeYears: 0 });
    // corrected, K 20 (≥ 30 games): P2 beat P1 (+10); P1 also drew P3 (as P9): 20·(0.5 − 0.64) = −2.8, so P1 1787, P3 1703
    expect(list.players.map((p) => [p.rank, p.id, p.name, p.country, p.games, p.lastPlayed])).toEqual([
      [1, 'P2', 'Hansen Ola (P2)', 'SE', 51, '2020-03-01'],
      [2, 'P1', 'Hansen Ola', 'NO', 52, '2020-03-01'],
      [3, 'P3', 'Berg Kari', 'DK', 41, '2020-03-01'],
    ]);
    expect(list.players.map((p) => p.rating)).toEqual([1810, 1787, 1703]);
    expect(list.players.every((p) => !('grade' in p) && !p.provisional)).toBe(true);
  });

  it('as known before the correction gives the earlier ratings; as of a date before the tournament the balances', () => {
    const earlier = ruleSetList(facts, 'fide', { asOf: '2020-12-31', knownAt: beforeCorrection });
    // as first reported P1 beat P2: 1800 + 10 − 2.8 → 1807
    expect(earlier.players.map((p) => [p.id, p.rating])).toEqual([['P1', 1807], ['P2', 1790], ['P3', 1703]]);
    const balances = ruleSetList(facts, 'fide', { asOf: '2019-12-31' });
    expect(balances.players.map((p) => [p.id, p.rating, p.lastPlayed])).toEqual([['P1', 1800, null], ['P2', 1800, null], ['P3', 1700, null]]);
  });

  it('keeps only players active in the last N years when asked', () => {
    expect(ruleSetList(facts, 'fide', { asOf: '2023-06-01', activeYears: 2 }).players).toEqual([]);
    expect(ruleSetList(facts, 'fide', { asOf: '2021-06-01', activeYears: 2 }).players).toHaveLength(3);
  });

  it('gives the grade the US system holds, in its own words', () => {
    const list = ruleSetList(facts, 'us-shogi-1997-text', { asOf: '2021-12-31' });
    expect(list.players.map((p) => [p.id, p.grade, p.games])).toEqual([['P1', '2-dan', 1], ['P2', '3-kyu', 1]]);
    expect(list.players[0]!.rating).toBeGreaterThan(list.players[1]!.rating);
  });

  it('reads a GoBase grade off the rating on its own scale (100 points a grade, 1 dan = 1900)', () => {
    // 2 Dan starts at 2000, 3 Kyu at 1600 (spec gobase-go.md §1); C 30, Se Φ(2) = 0.977: +0.68 → 2001, −0.68 → 1599
    const list = ruleSetList(facts, 'gobase-go', { asOf: '2021-12-31' });
    expect(list.players.map((p) => [p.id, p.rating, p.grade])).toEqual([['P1', 2001, '2-dan'], ['P2', 1599, '4-kyu']]);
  });
});
