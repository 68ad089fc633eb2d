import * as path from 'path';
import { afterEach, describe, expect, it } from 'vitest';
import { foldJobs } from '../../../src/adapters/http/fold-jobs';
import { careersFolds } from '../../../src/adapters/http/rule-set-careers';
import { tempDir } from '../../support/helpers';
import { startApi, type Api } from './api';
import { healthWhilePending, PER_TOURNAMENT, PLAYERS, ROUNDS, TOURNAMENTS, writeRatedLedger } from './fold-ledger';

/**
 * The reads no saved model answers fold the whole log (fold-jobs.ts): under `ledger serve` on the worker thread, so
 * that `/health` is answered all the while. A ledger of 15,000 fide games makes each fold long enough for many
 * `/health` answers; the order of the answers, not their time, is what the test holds.
 */
describe('folds of the whole log off the answering thread', () => {
  let api: Api | undefined;
  afterEach(async () => api?.close());

  it(`/health is answered while another rule set's list, what changed since one was published and a player's careers under it are folded (${PLAYERS} players, ${TOURNAMENTS * ROUNDS * PER_TOURNAMENT / 2} fide games)`, async () => {
    const db = path.join(tempDir('fold-jobs'), 'ledger.db');
    const server = (api = await startApi(db));
    const games = await writeRatedLedger(server.store, 'fide');
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

    // a player's page after the correction: his fide careers folded on the worker
    const folds = careersFolds.here;
    const page = await healthWhilePending(server, '/players/p0');
    expect(page.answer.status).toBe(200);
    const fide = (page.answer.body.ruleSets as { ruleSet: string; tournaments: { tournamentId: string }[] }[]).find((c) => c.ruleSet === 'fide');
    expect(fide?.tournaments[0]?.tournamentId).toBe('t0');
    expect(page.healthBefore).toBeGreaterThanOrEqual(10);
    expect((await server.get('/players/p1')).status).toBe(200);
    expect(careersFolds.here).toBe(folds);

    // all folded on the worker, none here
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
