import * as path from 'path';
import { afterEach, describe, expect, it } from 'vitest';
import { foldJobs } from '../../../src/adapters/http/fold-jobs';
import { tempDir } from '../../support/helpers';
import { startApi, type Api } from './api';
import { healthWhilePending, PLAYERS, writeRatedLedger } from './fold-ledger';

const HTML = 'text/html';

/**
 * The reads of a FESA ledger that no saved model answers (a server without them, as on EventStoreDB): careers,
 * explanations, cross tables, the list page's rows, two rule sets side by side, a published list's page and its
 * bulletin. Each is a fold job, run on the worker under `ledger serve`: none on the answering thread (`foldJobs.here`),
 * and `/health` answered while the first fold of each projection runs (by the order of the answers, never by time).
 */
describe('careers, cross tables, list rows, rule-set diffs and publications fold off the answering thread', () => {
  let api: Api | undefined;
  afterEach(async () => api?.close());

  it(`a FESA ledger without saved models (${PLAYERS} players, 15,000 games)`, async () => {
    const db = path.join(tempDir('fold-job-reads'), 'ledger.db');
    const server = (api = await startApi(db, { withoutCheckpoints: true }));
    await writeRatedLedger(server.store, 'fesa');
    const [officer, auditor] = [await server.appoint('kari', 'officer'), await server.appoint('ada', 'auditor')];
    for (const [listId, asOf] of [['L1', '2003-01-01'], ['L2', '2006-01-01']] as const) {
      const published = await server.post('/commands', { kind: 'PublishRatingList', validDate: asOf, listId, asOf, ruleSet: 'fesa', format: 'csv' }, officer);
      expect([listId, published.status]).toEqual([listId, 201]);
    }
    const [here, asked] = [foldJobs.here, foldJobs.asked];

    // the first read of each projection on the worker folds the whole log: /health keeps being answered meanwhile
    const career = await healthWhilePending(server, '/players/p0?rules=fesa');
    expect(career.answer.status).toBe(200);
    expect((career.answer.body.career as { ratings: unknown[] }).ratings.length).toBeGreaterThan(0);
    expect(career.healthBefore).toBeGreaterThanOrEqual(10);
    const rows = await healthWhilePending(server, '/?as-of=2006-01-01&rules=fesa', undefined, HTML);
    expect([rows.answer.status, rows.answer.bytes.toString()]).toEqual([200, expect.stringContaining('Family0')]);
    expect(rows.healthBefore).toBeGreaterThanOrEqual(10);
    const pair = await healthWhilePending(server, '/diff?rules=fesa&rules=fesa-published&as-of=2006-01-01', auditor);
    expect(pair.answer.status).toBe(200);
    expect(pair.answer.body.labels).toEqual(['fesa', 'fesa-published']);
    expect(pair.healthBefore).toBeGreaterThanOrEqual(10);

    // the others from the projections the worker now holds, or folded there from the log
    const answers = [
      await server.get('/players/p1/history?rules=fesa'),
      await server.get('/players/p31/explain?rules=fesa&tournament=t0'),
      await server.get('/tournaments/t0?rules=fesa'),
      await server.get('/tournaments/t0?rules=fesa&format=fesa-html'),
      await server.request('GET', '/tournaments/t0?rules=fesa', { headers: { accept: HTML } }),
      await server.request('GET', '/players/p1?rules=fesa', { headers: { accept: HTML } }),
      await server.request('GET', '/lists/published/L1', { headers: { accept: HTML } }),
      await server.get('/lists/published/L2/bulletin'),
    ];
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    const [history, explain, table, programFile, tablePage, playerPage, publishedPage, bulletin] = answers.map((a) => a!);
    expect((history!.body.ratings as unknown[]).length).toBeGreaterThan(0);
    expect((explain!.body.tournaments as { tournamentId: string }[]).map((t) => t.tournamentId)).toEqual(['t0']);
    expect((table!.body.rows as unknown[]).length).toBe(20);
    expect(programFile!.bytes.toString('latin1')).toContain('Open 0');
    // the page links each row's player by the ledger's id and names the games' players
    expect(tablePage!.bytes.toString()).toContain('href="/players/p0');
    expect(playerPage!.bytes.toString()).toContain('Family1');
    expect(publishedPage!.bytes.toString()).toContain('Family0');
    expect(bulletin!.body.previous).toEqual({ listId: 'L1', asOf: '2003-01-01' });

    // a published list's rows are kept: asked again, no job
    const jobs = foldJobs.asked;
    expect((await server.request('GET', '/lists/published/L1?page=2', { headers: { accept: HTML } })).status).toBe(200);
    expect(foldJobs.asked).toBe(jobs);

    // one job per read above, and one more per player read (his careers under the other rule sets), every one on the worker
    expect([foldJobs.asked - asked, foldJobs.here - here]).toEqual([3 + answers.length + 2, 0]);
  }, 300_000);
});
