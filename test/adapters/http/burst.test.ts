import Database from 'better-sqlite3';
import * as path from 'path';
import { afterEach, describe, expect, it } from 'vitest';
import { resumes } from '../../../src/app/checkpoint';
import { tempDir } from '../../support/helpers';
import { startApi, type Api } from './api';

const PLAYERS = 40;
const WRITES = 1000;
const READERS = 20;
const WRITERS = 4;

const registration = (playerId: string) => ({ kind: 'RegisterPlayer', validDate: '2026-01-01', playerId, familyName: `Family ${playerId}`, givenName: 'Given', country: 'NO' });
const game = (n: number) => {
  const board = n % (PLAYERS / 2);
  const round = Math.floor(n / (PLAYERS / 2)) + 1;
  return { kind: 'ReportGame', validDate: '2026-02-01', tournamentId: 'T1', gameId: `G${n}`, round, first: `P${board + 1}`, second: `P${((board + round) % (PLAYERS / 2)) + PLAYERS / 2 + 1}`, result: n % 3 === 0 ? 'draw' : 'win' };
};
const TODAY = '/lists?format=csv&active-years=0';

/**
 * A server never stalls on a catch-up of its read models: a burst of writes over HTTP while readers poll `/health`
 * and today's list. Nothing here is timed: what holds the no-stall property is that no catch-up of the saved models
 * ran on the thread that answers (they run on the server's worker thread, model-catch-up.ts), and that `/health` is
 * answered while a catch-up provably cannot finish (its save waits for a lock this test holds).
 */
describe('HTTP under a burst of writes', () => {
  let api: Api | undefined;
  afterEach(async () => api?.close());

  it(`${WRITES} writes from ${WRITERS} officers while ${READERS} readers poll /health and today's list: nothing lost or twice, every read 200, positions never go back, no catch-up on the request thread`, async () => {
    const db = path.join(tempDir('http-burst'), 'ledger.db');
    const server = (api = await startApi(db, { limits: { writesPerMinute: 100_000 } }));
    const officers = await Promise.all(Array.from({ length: WRITERS }, (_, i) => server.appoint(`officer-${i}`, 'officer')));
    for (let p = 1; p <= PLAYERS; p++) expect((await server.post('/commands', registration(`P${p}`), officers[0])).status).toBe(201);
    const tournament = { kind: 'RegisterTournament', validDate: '2026-02-01', tournamentId: 'T1', name: 'Burst Open', place: '', startDate: '2026-02-01', endDate: '2026-02-28', ratingSystem: 'fesa', rated: true, timeControl: { mainMinutes: 30, byoyomiSeconds: 30, incrementSeconds: 0 } };
    expect((await server.post('/commands', tournament, officers[0])).status).toBe(201);
    // the saved models exist before the burst (the first list builds them)
    expect((await server.get(TODAY)).status).toBe(200);
    const resumedHere = resumes.here;

    // half registrations of new players, half game results, shared out among the writers
    const commands = Array.from({ length: WRITES }, (_, n) => (n % 2 === 0 ? registration(`R${n}`) : game((n - 1) / 2)));
    const acknowledged: { n: number; status: number; position: number }[] = [];
    let writing = true;
    const writers = officers.map(async (token, w) => {
      for (let n = w; n < WRITES; n += WRITERS) {
        const r = await server.post('/commands', commands[n], token);
        acknowledged.push({ n, status: r.status, position: Number(r.body.position) });
      }
    });
    const reads: { reader: number; route: string; status: number; position: number }[] = [];
    const readers = Array.from({ length: READERS }, async (_, reader) => {
      while (writing) {
        const health = await server.get('/health');
        reads.push({ reader, route: '/health', status: health.status, position: Number(health.body.head) });
        const list = await server.get(TODAY);
        reads.push({ reader, route: TODAY, status: list.status, position: Number(list.headers.get('x-ledger-position')) });
      }
    });
    await Promise.all(writers);
    writing = false;
    await Promise.all(readers);

    // every write acknowledged once (201) and in the log exactly once, at the position acknowledged
    expect(acknowledged.filter((a) => a.status !== 201)).toEqual([]);
    expect(new Set(acknowledged.map((a) => a.position)).size).toBe(WRITES);
    const file = new Database(db, { readonly: true });
    const ids = file.prepare(`SELECT event_id AS id, position FROM events WHERE event_id LIKE 'player:R%' OR event_id LIKE 'game:T1:%:reported'`).all() as { id: string; position: number }[];
    file.close();
    expect(ids).toHaveLength(WRITES);
    expect(new Set(ids.map((e) => e.position))).toEqual(new Set(acknowledged.map((a) => a.position)));

    // every read answered; each reader's list positions never go back, nor do the heads it was told
    expect(reads.filter((r) => r.status !== 200)).toEqual([]);
    expect(reads.filter((r) => r.route === TODAY).length).toBeGreaterThanOrEqual(READERS);
    for (let reader = 0; reader < READERS; reader++) {
      for (const route of ['/health', TODAY]) {
        const seen = reads.filter((r) => r.reader === reader && r.route === route).map((r) => r.position);
        expect(seen.every((p, i) => i === 0 || p >= seen[i - 1]!), `${route} for reader ${reader}: ${seen.join(' ')}`).toBe(true);
      }
    }
    // the catch-ups ran, on the worker: none on this (the answering) thread
    expect(resumes.here).toBe(resumedHere);

    // the final list reflects every write: the tournament closed, every player who played is rated on it
    expect((await server.post('/commands', { kind: 'CloseTournament', validDate: '2026-02-28', tournamentId: 'T1' }, officers[0])).status).toBe(201);
    const final = await server.get('/lists?format=json&active-years=0&as-of=2026-03-01', officers[0]);
    expect(final.status).toBe(200);
    expect(Number(final.headers.get('x-ledger-position'))).toBe(await server.store.headPosition());
    const rated = new Set(JSON.stringify(final.body).match(/"P\d+"/g));
    expect(rated.size).toBe(PLAYERS);
    expect(resumes.here).toBe(resumedHere);
  }, 600_000);

  /**
   * `url`'s answer, asked while another process holds the ledger's write lock (the catch-up's save must wait for it),
   * after /health was answered again and again while it waited: on the answering thread the save would hold the event
   * loop until SQLite's busy timeout, and `url` would be answered (failing) before the next /health.
   */
  const healthWhileLocked = async (db: string, server: Api, url: string, token: string) => {
    const other = new Database(db);
    other.prepare('BEGIN IMMEDIATE').run();
    let answered: number | undefined;
    const answer = server.get(url, token).then((r) => {
      answered = r.status;
      return r;
    });
    for (let i = 0; i < 10; i++) {
      const health = await server.get('/health');
      expect([health.status, answered]).toEqual([200, undefined]);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    other.prepare('ROLLBACK').run();
    other.close();
    return answer;
  };

  /** A ledger with a rated game and a published list, its saved models built, then a write that changes the lists. */
  const aLedgerMovedOnSincePublishing = async (name: string) => {
    const db = path.join(tempDir(name), 'ledger.db');
    const server = (api = await startApi(db));
    const [officer, auditor] = [await server.appoint('kari', 'officer'), await server.appoint('ada', 'auditor')];
    for (let p = 1; p <= 4; p++) expect((await server.post('/commands', registration(`P${p}`), officer)).status).toBe(201);
    const tournament = { kind: 'RegisterTournament', validDate: '2026-02-01', tournamentId: 'T1', name: 'Diff Open', place: '', startDate: '2026-02-01', endDate: '2026-02-28', ratingSystem: 'fesa', rated: true, timeControl: { mainMinutes: 30, byoyomiSeconds: 30, incrementSeconds: 0 } };
    const reported = (gameId: string, first: string, second: string) => ({ kind: 'ReportGame', validDate: '2026-02-01', tournamentId: 'T1', gameId, round: 1, first, second, result: 'win' });
    for (const command of [tournament, reported('G1', 'P1', 'P2'), { kind: 'CloseTournament', validDate: '2026-02-28', tournamentId: 'T1' }]) expect((await server.post('/commands', command, officer)).status).toBe(201);
    expect((await server.post('/commands', { kind: 'PublishRatingList', validDate: '2026-03-01', listId: 'L1', asOf: '2026-03-01', ruleSet: 'fesa', format: 'csv' }, officer)).status).toBe(201);
    // the saved models exist (the first list builds them on the worker), then a late game changes the lists
    expect((await server.get(TODAY)).status).toBe(200);
    expect((await server.post('/commands', reported('G2', 'P3', 'P4'), officer)).status).toBe(201);
    return { db, server, officer, auditor };
  };
  const DIFF = '/diff?rules=fesa&rules=fesa-published&as-of=2026-03-01';

  it('the comparison of two rule sets, what changed since a published list and the lists as known then run no catch-up on the request thread', async () => {
    const { server, auditor } = await aLedgerMovedOnSincePublishing('http-diff-worker');
    const resumedHere = resumes.here;
    const head = Number((await server.get('/health')).body.head);
    // each the first to need its rule set's models at the head (as adopted, fesa, then fesa-published)
    const answers = [
      await server.get(`/lists?known-at=${head}&format=csv&active-years=0`, auditor),
      await server.get('/lists/published/L1/diff'),
      await server.get(DIFF, auditor),
      await server.get('/lists/published/L1'),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    // the late game is in what changed since: P3 and P4 are on today's list, not on the published one
    expect(JSON.stringify(answers[1]!.body)).toContain('"P3"');
    expect(resumes.here).toBe(resumedHere);
  }, 120_000);

  it('/health is answered while a comparison of two rule sets waits for its models to catch up and cannot finish', async () => {
    const { db, server, auditor } = await aLedgerMovedOnSincePublishing('http-diff-held');
    expect((await healthWhileLocked(db, server, DIFF, auditor)).status).toBe(200);
  }, 120_000);

  it('/health is answered while a catch-up of the read models is under way and cannot finish', async () => {
    const db = path.join(tempDir('http-burst-held'), 'ledger.db');
    const server = (api = await startApi(db));
    const officer = await server.appoint('kari', 'officer');
    expect((await server.post('/commands', registration('P1'), officer)).status).toBe(201);
    expect((await server.get(TODAY)).status).toBe(200);
    const written = await server.post('/commands', registration('P2'), officer);
    const answer = await healthWhileLocked(db, server, TODAY, officer);
    // the officer's own write is in the answer (read-your-writes), the catch-up having run on the worker
    expect([answer.status, Number(answer.headers.get('x-ledger-position'))]).toEqual([200, Number(written.body.position)]);
    // a position that is not one is refused, naming the header
    const bad = await server.request('GET', TODAY, { headers: { 'X-Ledger-Min-Position': 'soon' } });
    expect([bad.status, bad.body.parameter, bad.body.detail]).toEqual([400, 'X-Ledger-Min-Position', 'X-Ledger-Min-Position must be a log position (a whole number), got "soon"']);
  }, 120_000);
});
