import * as path from 'path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Api } from './api';
import { ledger, ledgerProcess, nekomadoTournaments, tempDir } from '../../support/helpers';

/**
 * What a newcomer tripped on (issue 32's smaller points): the store's path is not told to anyone asking /health; a
 * known-at after the end of the log is refused in one sentence (CLI and HTTP) rather than taken as "now"; `serve
 * --help` says the CORS default the server uses.
 */
describe('the smaller points a newcomer met', () => {
  const dir = tempDir('newcomer');
  const db = path.join(dir, 'ledger.db');
  let api: Api;
  let auditor = '';
  let head = 0;

  beforeAll(async () => {
    const r = await ledger('fesa', 'import', nekomadoTournaments(path.join(dir, 'spring'), ['01']), '--db', db);
    if (r.code !== 0) throw new Error(r.err);
    api = await startApi(db);
    auditor = await api.appoint('auditor-1', 'auditor');
    head = Number((await api.get('/health')).body.head);
  }, 60_000);
  afterAll(async () => api?.close());

  it("tells the store's path to signed-in readers only", async () => {
    const open = await api.get('/health');
    expect(open.body).toEqual({ status: 'ok', head });
    expect(JSON.stringify(open.body)).not.toContain(dir);
    expect((await api.get('/health', auditor)).body.store).toContain(db);
  });

  it('refuses a known-at after the last event in one sentence, on the CLI and over HTTP', async () => {
    const sentence = `--known-at 99999 lies after the last event (position ${head}); give a position up to ${head}, or leave --known-at out for the ledger as known now`;
    const cli = await ledgerProcess(['list', '--known-at', '99999', '--db', db]);
    expect([cli.code, cli.err.trim(), cli.out]).toEqual([2, `ledger: ${sentence}`, '']);
    const http = await api.get('/lists?known-at=99999', auditor);
    expect(http.status).toBe(400);
    expect(http.body.detail).toBe(sentence.replaceAll('--known-at', 'known-at'));
    // the last position itself is the ledger as known now
    expect((await ledgerProcess(['list', '--known-at', String(head), '--db', db])).code).toBe(0);
  });

  it('says in serve --help that public reads answer any origin unless told otherwise', async () => {
    const help = await ledgerProcess(['serve', '--help']);
    expect(help.out).toMatch(/--cors-origin\s+a web origin whose pages may call the public reads from the browser \(default: \* \(any origin; none under --private\)/);
  });
});
