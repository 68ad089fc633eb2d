import * as path from 'path';
import { afterEach, describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../../domain/events';
import { playerStream, tournamentStream } from '../../../domain/events';
import { toNewEvent } from '../../../src/app/event-log';
import type { EventStore } from '../../../src/app/ports/event-store';
import { foldJobs } from '../../../src/adapters/http/fold-jobs';
import { tempDir } from '../../support/helpers';
import { startApi, type Api } from './api';

const PLAYERS = 600;
const TOURNAMENTS = 300;
const PER_TOURNAMENT = 20;
const ROUNDS = 5;

const fact = (event: Record<string, unknown>) => toNewEvent({ version: 1, actor: 'test', ...event } as unknown as DomainEvent);

/**
 * A fide ledger written straight into the store (a CSV or HTTP import of this size would spawn or post for minutes):
 * PLAYERS rated players, TOURNAMENTS closed fide tournaments of PER_TOURNAMENT players × ROUNDS rounds, one a week.
 */
const writeFideLedger = async (store: EventStore): Promise<number> => {
  for (let p = 0; p < PLAYERS; p++) {
    const registered = fact({ type: 'PlayerRegistered', eventId: `player:p${p}:registered`, validDate: '2000-01-01', playerId: `p${p}`, familyName: `Family${p}`, givenName: 'F', country: 'NO' });
    // FIDE rates nobody among unrated players only: everybody comes with a rating
    const state = { rating: 1400 + ((p * 37) % 800), games: 50, birthYear: null, reached2400: false };
    const balance = fact({ type: 'OpeningBalanceImported', eventId: `opening:fide:p${p}:list-1999`, validDate: '2000-01-01', playerId: `p${p}`, ruleSet: 'fide', state, source: 'FIDE list' });
    await store.append(playerStream(`p${p}`), [registered, balance], 'no_stream');
  }
  let games = 0;
  for (let t = 0; t < TOURNAMENTS; t++) {
    const date = new Date(Date.UTC(2000, 0, 3 + 7 * t)).toISOString().slice(0, 10);
    const entrants = Array.from({ length: PER_TOURNAMENT }, (_, i) => `p${(t * 7 + i * 31) % PLAYERS}`);
    const tid = `t${t}`;
    const batch = [
      fact({ type: 'TournamentRegistered', eventId: `tournament:${tid}:registered`, validDate: date, tournamentId: tid, name: `Open ${t}`, place: 'Oslo', startDate: date, endDate: date, ratingSystem: 'fide', rated: true, timeControl: { mainMinutes: 90, byoyomiSeconds: 0, incrementSeconds: 30 } }),
    ];
    for (let round = 1; round <= ROUNDS; round++) {
      for (let board = 0; board < PER_TOURNAMENT / 2; board++) {
        const [first, second] = [entrants[board]!, entrants[(board + round) % (PER_TOURNAMENT / 2) + PER_TOURNAMENT / 2]!];
        const gameId = `g${round}-${board}`;
        batch.push(fact({ type: 'GameReported', eventId: `game:${tid}:${gameId}:reported`, validDate: date, tournamentId: tid, gameId, round, first, second, result: (t + round + board) % 3 === 0 ? 'draw' : 'win' }));
        games++;
      }
    }
    batch.push(fact({ type: 'TournamentClosed', eventId: `tournament:${tid}:closed`, validDate: date, tournamentId: tid }));
    await store.append(tournamentStream(tid), batch, 'no_stream');
  }
  return games;
};

/**
 * `url`'s answer, with the `/health` answers that came before it: `/health` asked again and again, one after the other,
 * while `url` is pending. Nothing is timed: a fold on the thread that answers holds its event loop (SQLite reads are
 * synchronous), so no `/health` asked after `url` could be answered before `url`; on the worker they keep coming.
 */
const healthWhilePending = async (server: Api, url: string, token?: string) => {
  const order: string[] = [];
  let pending = true;
  const answer = server.get(url, token).then((r) => {
    order.push(url);
    pending = false;
    return r;
  });
  while (pending) {
    const health = await server.get('/health');
    expect(health.status).toBe(200);
    if (pending) order.push('/health');
  }
  return { answer: await answer, healthBefore: order.indexOf(url) };
};

/**
 * The reads no saved model answers fold the whole log (fold-jobs.ts): under `ledger serve` on the worker thread, so
 * that `/health` is answered all the while. A ledger of 15,000 fide games makes each fold long enough for many
 * `/health` answers; the order of the answers, not their time, is what the test holds.
 */
describe('folds of the whole log off the answering thread', () => {
  let api: Api | undefined;
  afterEach(async () => api?.close());

  it(`/health is answered while another rule set's list and what changed since one was published are folded (${PLAYERS} players, ${TOURNAMENTS * ROUNDS * PER_TOURNAMENT / 2} fide games)`, async () => {
    const db = path.join(tempDir('fold-jobs'), 'ledger.db');
    const server = (api = await startApi(db));
    const games = await writeFideLedger(server.store);
    const officer = await server.appoint('kari', 'officer');
    const here = foldJobs.here;

    const list = await healthWhilePending(server, '/lists?rules=fide&as-of=2006-01-01&format=csv');
    expect(list.answer.status).toBe(200);
    const rows = list.answer.bytes.toString().trimEnd().split('\n');
    // every player played: all rated, the header line first
    expect(rows).toHaveLength(PLAYERS + 1);
    expect(list.healthBefore).toBeGreaterThanOrEqual(10);

    // a fact more: the first reader waits for the new fold, one asking while it runs is given the last list at once,
    // the officer who wrote it (read-your-writes) the new one
    const written = await server.post('/commands', { kind: 'RegisterPlayer', validDate: '2006-01-01', playerId: 'late', familyName: 'Late', givenName: 'L', country: 'NO' }, officer);
    const url = '/lists?rules=fide&as-of=2006-01-01&format=csv';
    const first = server.get(url);
    expect((await server.get('/health')).status).toBe(200);
    const meanwhile = await server.get(url);
    const own = await server.get(url, officer);
    const positions = [await first, meanwhile, own].map((a) => [a.status, Number(a.headers.get('x-ledger-position'))]);
    expect(positions).toEqual([[200, Number(written.body.position)], [200, Number(list.answer.headers.get('x-ledger-position'))], [200, Number(written.body.position)]]);

    const published = await server.post('/commands', { kind: 'PublishRatingList', validDate: '2006-01-01', listId: 'fide-2006', asOf: '2006-01-01', ruleSet: 'fide', format: 'csv', activeYears: 0 }, officer);
    expect(published.status).toBe(201);
    const late = { kind: 'CorrectResult', validDate: '2000-01-03', tournamentId: 't0', gameId: 'g1-0', round: 1, first: 'p0', second: 'p16', result: 'loss', reason: 'score sheet' };
    expect((await server.post('/commands', late, officer)).status).toBe(201);
    const diff = await healthWhilePending(server, '/lists/published/fide-2006/diff');
    expect(diff.answer.status).toBe(200);
    expect((diff.answer.body.players as { id: string }[]).map((p) => p.id)).toContain('p0');
    expect(diff.healthBefore).toBeGreaterThanOrEqual(10);

    // both folded on the worker, none here
    expect(foldJobs.here).toBe(here);
    expect(games).toBe(TOURNAMENTS * ROUNDS * (PER_TOURNAMENT / 2));
  }, 300_000);

  it('a server without saved models (as on EventStoreDB) folds its FESA lists and published lists on the worker, and a refusal there is the same problem', async () => {
    const db = path.join(tempDir('fold-jobs-no-models'), 'ledger.db');
    const server = (api = await startApi(db, { withoutCheckpoints: true }));
    const [officer, auditor] = [await server.appoint('kari', 'officer'), await server.appoint('ada', 'auditor')];
    const player = (n: number) => ({ kind: 'RegisterPlayer', validDate: '2026-01-01', playerId: `P${n}`, familyName: `Family${n}`, givenName: 'Given', country: 'NO' });
    const tournament = { kind: 'RegisterTournament', validDate: '2026-02-01', tournamentId: 'T1', name: 'Open', place: '', startDate: '2026-02-01', endDate: '2026-02-01', ratingSystem: 'fesa', rated: true, timeControl: { mainMinutes: 30, byoyomiSeconds: 30, incrementSeconds: 0 } };
    const game = (gameId: string, first: string, second: string) => ({ kind: 'ReportGame', validDate: '2026-02-01', tournamentId: 'T1', gameId, round: 1, first, second, result: 'win' });
    for (const c of [player(1), player(2), player(3), player(4), tournament, game('G1', 'P1', 'P2'), game('G2', 'P3', 'P4'), { kind: 'CloseTournament', validDate: '2026-02-01', tournamentId: 'T1' }]) {
      const posted = await server.post('/commands', c, officer);
      expect([c.kind, posted.status, posted.body.detail]).toEqual([c.kind, 201, undefined]);
    }
    expect((await server.post('/commands', { kind: 'PublishRatingList', validDate: '2026-03-01', listId: 'L1', asOf: '2026-03-01', ruleSet: 'fesa', format: 'csv' }, officer)).status).toBe(201);
    const before = await server.get('/lists?as-of=2026-03-01&format=csv&active-years=0');
    const then = Number((await server.get('/health')).body.head);
    const correction = { kind: 'CorrectResult', validDate: '2026-02-01', tournamentId: 'T1', gameId: 'G1', round: 1, first: 'P1', second: 'P2', result: 'loss', reason: 'score sheet' };
    expect((await server.post('/commands', correction, officer)).status).toBe(201);
    const here = foldJobs.here;

    const now = await server.get('/lists?as-of=2026-03-01&format=csv&active-years=0');
    const published = await server.get('/lists/published/L1');
    const since = await server.get('/lists/published/L1/diff');
    const knownThen = await server.get(`/lists?as-of=2026-03-01&format=csv&active-years=0&known-at=${then}`, auditor);
    expect([before.status, now.status, published.status, since.status, knownThen.status]).toEqual([200, 200, 200, 200, 200]);
    // the published list byte for byte as it was listed, the list now moved on by the correction
    expect(published.bytes.equals(before.bytes)).toBe(true);
    expect(knownThen.bytes.equals(before.bytes)).toBe(true);
    expect(now.bytes.equals(before.bytes)).toBe(false);
    expect((since.body.list as { playerId: string }[]).map((l) => l.playerId).sort()).toEqual(['P1', 'P2']);
    expect(Number(now.headers.get('x-ledger-position'))).toBe(await server.store.headPosition());

    // the ledger's refusal on the worker is the same 4xx problem, its sentence naming the parameter
    const refused = await server.get('/lists?format=csv&known-at=1999-01-01T00:00:00Z', auditor);
    expect([refused.status, refused.body.parameter]).toEqual([400, 'known-at']);
    expect(String(refused.body.detail)).toContain('known-at');
    expect(foldJobs.here).toBe(here);
  }, 120_000);
});
