/**
 * An organiser's submission never stalls the server (issue 28, "a server that never stalls"): its check, its preview
 * and its approval fold the whole log (the import before and after its facts), which at a million games took half a
 * minute on the thread that answers. Under `ledger serve` they are fold jobs on the worker, so `/health` is answered
 * again and again before each of them answers; the order of the answers, not their time, is what the test holds.
 */
import Database from 'better-sqlite3';
import * as fs from 'fs';
import * as path from 'path';
import { afterEach, describe, expect, it } from 'vitest';
import { foldJobs } from '../../../src/adapters/http/fold-jobs';
import { NEKOMADO, tempDir } from '../../support/helpers';
import { startApi, type Api } from './api';
import { healthWhile, healthWhilePending, writeRatedLedger } from './fold-ledger';

const FOLDER = '01_1st_nekomadoken';
/** `/health` answers before each answer: a fold on the answering thread lets none through (SQLite reads are synchronous). */
const HEALTH_ANSWERS = 10;

describe('a submission checked, previewed and approved off the answering thread', () => {
  let api: Api | undefined;
  afterEach(async () => api?.close());

  it(`/health is answered at least ${HEALTH_ANSWERS} times before each; the approved files are recorded whole`, async () => {
    const db = path.join(tempDir('submission-folds'), 'ledger.db');
    const server = (api = await startApi(db));
    await writeRatedLedger(server.store, 'fesa');
    const [organiser, officer] = [await server.appoint('ola', 'organiser'), await server.appoint('kari', 'officer')];
    // each token checked once against its scrypt hash before (then kept): that wait is not the fold's
    for (const token of [organiser, officer]) expect((await server.get('/submissions', token)).status).toBe(200);
    const here = foldJobs.here;

    // without its ratingliste.pre the folder is not compared with a list of the ledger's own players
    const files = ['turnering.txt', 'nye-spillere'].map((name) => ({ name, base64: fs.readFileSync(path.join(NEKOMADO, FOLDER, name)).toString('base64') }));
    const checked = await healthWhile(server, 'POST /submissions', server.post('/submissions', { tournamentId: FOLDER, files }, organiser));
    expect(checked.answer).toMatchObject({ status: 201, body: { submissionId: `${FOLDER}-1`, status: 'appended' } });
    expect((checked.answer.body.preview as { list: unknown[] }).list).toHaveLength(17);
    expect(checked.healthBefore).toBeGreaterThanOrEqual(HEALTH_ANSWERS);

    const previewed = await healthWhilePending(server, `/submissions/${FOLDER}-1`, officer, 'application/json');
    expect(previewed.answer).toMatchObject({ status: 200, body: { status: 'pending', preview: checked.answer.body.preview } });
    expect(previewed.healthBefore).toBeGreaterThanOrEqual(HEALTH_ANSWERS);

    // the approval's append waits for the file's write lock, held here: on the answering thread it would hold the
    // event loop until SQLite's busy timeout, and the approval would be answered (failing) before the next /health
    const other = new Database(db);
    other.prepare('BEGIN IMMEDIATE').run();
    let approved = false;
    const approval = server.post(`/submissions/${FOLDER}-1/approve`, { reason: 'cross table checked' }, officer).finally(() => (approved = true));
    for (let i = 0; i < HEALTH_ANSWERS; i++) {
      expect([(await server.get('/health')).status, approved]).toEqual([200, false]);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    other.prepare('ROLLBACK').run();
    other.close();
    const outcome = await approval;
    expect(outcome).toMatchObject({ status: 201, body: { status: 'appended' } });

    // whole: the folder's 17 players' facts and the approval, in one append after the submission
    const read = new Database(db, { readonly: true });
    const after = read.prepare(`SELECT COUNT(*) AS n, COUNT(DISTINCT recorded_at) AS appends FROM events WHERE position > (SELECT position FROM events WHERE type = 'SubmissionReceived')`).get();
    read.close();
    expect(after).toEqual({ n: Number(outcome.body.recorded) + 1, appends: 1 });
    expect((await server.get(`/submissions/${FOLDER}-1`, officer)).body).toMatchObject({ status: 'approved' });
    // each of them folded on the worker, none here
    expect(foldJobs.here).toBe(here);
  }, 300_000);
});
