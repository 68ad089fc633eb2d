import * as fs from 'fs';
import * as path from 'path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../../domain/events';
import { contentHash, listBytes } from '../../../src/app/lists';
import { toNewEvent } from '../../../src/app/event-log';
import { ledger, tempDir } from '../../support/helpers';
import { startApi, type Api } from './api';
import { buildHostileLedger, PERSONAL, RECORDED_BY, type hostileNames } from './hostile-ledger';

const BROWSER = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
const basic = (officer: string, token: string) => ({ authorization: `Basic ${Buffer.from(`${officer}:${token}`).toString('base64')}` });

/**
 * What the public surface lets out of stored text (issue 28): the official program's turnering.html, which writes
 * names as given, is a file to save and never a page of this site; CSV cells cannot run as spreadsheet formulas;
 * personal data (club, birth year, who recorded what) reaches only signed-in readers.
 */
describe('the public surface with hostile names', () => {
  const db = path.join(tempDir('http-surface'), 'ledger.db');
  let api: Api;
  let names: ReturnType<typeof hostileNames>;
  let auditor = '';

  beforeAll(async () => {
    names = await buildHostileLedger(db, 'http://127.0.0.1:9');
    api = await startApi(db);
    auditor = await api.appoint('auditor-1', 'auditor');
  }, 60_000);
  afterAll(async () => api.close());

  it('serves turnering.html byte for byte as the CLI writes it, but as a download a browser never runs: attachment, not sniffed, sandboxed', async () => {
    const file = await api.request('GET', '/tournaments/T1?format=fesa-html', { headers: BROWSER });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toBe('attachment; filename=T1-turnering.html');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
    expect(file.type).toBe('text/html; charset=iso-8859-1');
    const written = path.join(tempDir('http-surface-out'), 'turnering.html');
    expect((await ledger('tournament', 'show', 'T1', '--format', 'fesa-html', '--out', written, '--db', db)).code).toBe(0);
    expect(file.bytes.equals(fs.readFileSync(written))).toBe(true);
    // the program's file holds the markup as given: that is why it is never served as a page
    expect(file.bytes.toString('latin1')).toContain(names.refresh);
    // the pages themselves keep helmet's policy, no sandbox needed
    expect((await api.request('GET', '/tournaments/T1', { headers: BROWSER })).headers.get('content-security-policy')).toMatch(/script-src 'self'/);
  });

  it('writes a CSV cell that a spreadsheet would run as a formula as quoted text with a single quote first; numbers stay numbers', async () => {
    const http = (await api.request('GET', '/lists?as-of=2026-03-31&format=csv')).bytes.toString();
    const cli = await ledger('list', '--as-of', '2026-03-31', '--format', 'csv', '--db', db);
    expect(http).toBe(cli.out);
    const row = http.split('\n').find((l) => l.includes('H4'))!;
    expect(row).toMatch(/^\d,H4,"'=cmd\|' \/C calc'!A0 @SUM\(1\+1\)",NO,-,\d+,\d,true,2026-03-08$/);
    // every text cell of the list starts with neither = + - @ nor a tab (bar the lone "-" of no grade)
    const cells = http.trimEnd().split('\n').slice(1).flatMap((l) => l.match(/("([^"]|"")*"|[^,]*)(,|$)/g)!.map((c) => c.replace(/,$/, '').replace(/^"|"$/g, '')));
    expect(cells.filter((c) => c.length > 1 && /^[=+\-@\t\r]/.test(c) && !/^-?\d+$/.test(c))).toEqual([]);
  });

  it('reproduces a CSV list published before its cells were guarded, byte for byte as it was published', async () => {
    const dir = tempDir('http-surface-legacy');
    const legacyDb = path.join(dir, 'ledger.db');
    await buildHostileLedger(legacyDb, 'http://127.0.0.1:9');
    const legacy = await startApi(legacyDb);
    try {
      const guarded = (await legacy.request('GET', '/lists?as-of=2026-03-31&format=csv')).bytes.toString();
      // what the ledger wrote before the guard: the formula cell as it was
      const unguarded = guarded.replace(`"'=cmd|' /C calc'!A0 @SUM(1+1)"`, "=cmd|' /C calc'!A0 @SUM(1+1)");
      expect(unguarded).not.toBe(guarded);
      const event = { type: 'RatingListPublished', version: 1, eventId: 'list:old', validDate: '2026-03-31', actor: 'kari', listId: 'old', asOf: '2026-03-31', ruleSet: 'as-adopted', format: 'csv', contentHash: contentHash(listBytes(unguarded, 'csv')), activeYears: 2 };
      await legacy.store.append('ledger-lists', [toNewEvent(event as unknown as DomainEvent)], 'any');
      const published = await legacy.request('GET', '/lists/published/old');
      expect(published.status).toBe(200);
      expect(published.bytes.toString()).toBe(unguarded);
      expect((await ledger('list', '--published', 'old', '--db', legacyDb)).out).toBe(unguarded);
    } finally {
      await legacy.close();
    }
  });

  it('shows the public what a published list shows (id, name, country) and signed-in readers also club, birth year and who recorded what', async () => {
    const everything = JSON.stringify([
      (await api.get('/players')).body,
      (await api.get('/players?q=H1')).body,
      (await api.get('/players/H1')).body,
      (await api.get('/players/H1/explain')).body,
      (await api.get('/tournaments')).body,
      (await api.get('/tournaments/T1')).body,
      (await api.get('/lists/published')).body,
      (await api.get('/lists/published/L1/diff')).body,
    ]);
    for (const secret of [PERSONAL.club, PERSONAL.birthYear, RECORDED_BY, 'auditor-1']) expect(everything).not.toContain(secret);
    expect((await api.get('/players/H1')).body.registration).toEqual({ playerId: 'H1', familyName: names.script, givenName: 'Ola', country: 'NO' });
    expect(((await api.get('/players')).body.players as object[])[0]).toEqual({ playerId: expect.any(String), familyName: expect.any(String), givenName: expect.any(String), country: 'NO' });
    // the pages alike: no club column, no officer's name
    for (const url of ['/players', '/players/H1', '/tournaments/T1', '/lists/published', '/lists/published/L1', '/lists/published/L1/diff']) {
      const shown = (await api.request('GET', url, { headers: BROWSER })).bytes.toString();
      expect(shown, url).toMatch(/<h1/);
      for (const secret of [PERSONAL.club, RECORDED_BY]) expect(shown, `${url}: ${secret}`).not.toContain(secret);
    }

    // signed in (a token, or a browser's Basic credentials), the same routes say it all
    expect((await api.get('/players/H1', auditor)).body.registration).toMatchObject({ club: PERSONAL.club, birthYear: Number(PERSONAL.birthYear), actor: RECORDED_BY });
    expect(JSON.stringify((await api.get('/players?q=H1', auditor)).body)).toContain(PERSONAL.club);
    expect(((await api.get('/lists/published', auditor)).body.lists as { actor: string }[])[0]!.actor).toBe(RECORDED_BY);
    expect(((await api.get('/tournaments', auditor)).body.tournaments as { actor: string }[])[0]!.actor).toBe(RECORDED_BY);
    for (const [url, secret] of [['/players', PERSONAL.club], ['/players/H1', PERSONAL.club], ['/tournaments/T1', RECORDED_BY], ['/lists/published/L1', RECORDED_BY], ['/lists/published/L1/diff', RECORDED_BY]] as const) {
      expect((await api.request('GET', url, { headers: { ...BROWSER, ...basic('auditor-1', auditor) } })).bytes.toString(), url).toContain(secret);
    }
  });
});
