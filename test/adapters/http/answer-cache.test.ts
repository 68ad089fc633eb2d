import * as path from 'path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledger, tempDir } from '../../support/helpers';
import { startApi, type Api } from './api';

/**
 * Read answers kept per route, query, reader and log position (issue 30): a reader holding an answer's ETag gets
 * 304 while the log has not grown; after any write (through this server or another process on the same file) the
 * next read shows it; a signed-in reader's answer, with its personal data, is never given to anybody else.
 */
describe('answers kept at the head of the log', () => {
  const db = path.join(tempDir('answer-cache'), 'ledger.db');
  let api: Api;
  let officer = '';

  const register = (playerId: string, birthYear?: number) =>
    api.post('/commands', { kind: 'RegisterPlayer', validDate: '2026-01-01', playerId, familyName: `Family${playerId}`, givenName: 'Given', country: 'NO', ...(birthYear === undefined ? {} : { birthYear }) }, officer);
  const ids = (body: Record<string, unknown>) => (body.players as { playerId: string }[]).map((p) => p.playerId);

  beforeAll(async () => {
    api = await startApi(db);
    officer = await api.appoint('kari', 'officer');
    expect((await register('P1', 1990)).status).toBe(201);
  });
  afterAll(() => api.close());

  it('gives the same answer with the same strong ETag, and 304 without a body to a reader holding it', async () => {
    const first = await api.get('/players/P1');
    const again = await api.get('/players/P1');
    expect(first.status).toBe(200);
    expect(first.headers.get('etag')).toMatch(/^"[0-9a-f]{64}"$/);
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(again.bytes.equals(first.bytes)).toBe(true);
    // node's http client: fetch adds Cache-Control: no-cache to a request with If-None-Match, which asks for the body
    const unchanged = await api.raw('GET', '/players/P1', { 'if-none-match': first.headers.get('etag')! });
    expect([unchanged.status, unchanged.bytes.length]).toEqual([304, 0]);
    // a list keeps its own ETag, the hash of its bytes
    const list = await api.get('/lists?format=csv');
    expect(list.headers.get('etag')).toBe(`"${list.headers.get('x-content-sha256')}"`);
    expect((await api.raw('GET', '/lists?format=csv', { 'if-none-match': list.headers.get('etag')! })).status).toBe(304);
  });

  it('shows an officer his own write at once, and a reader holding the old ETag gets the new answer', async () => {
    const before = await api.get('/players', officer);
    expect(ids(before.body)).toEqual(['P1']);
    expect((await register('P2')).status).toBe(201);
    const after = await api.raw('GET', '/players', { authorization: `Bearer ${officer}`, 'if-none-match': before.headers.get('etag')! });
    expect(after.status).toBe(200);
    expect(ids(after.body)).toEqual(['P1', 'P2']);
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
  });

  it('shows a write another process made to the same ledger file', async () => {
    const before = await api.get('/players');
    expect(ids(before.body)).not.toContain('P3');
    const added = await ledger('player', 'add', '--id', 'P3', '--family', 'FamilyP3', '--given', 'Given', '--country', 'NO', '--date', '2026-01-01', '--db', db);
    expect(added.code, added.err).toBe(0);
    expect(ids((await api.get('/players')).body)).toContain('P3');
  });

  it('never gives a signed-in reader\'s answer, with his personal data, to an anonymous one', async () => {
    const signedIn = await api.get('/players/P1', officer);
    const anonymous = await api.get('/players/P1');
    expect((signedIn.body.registration as Record<string, unknown>).birthYear).toBe(1990);
    expect(anonymous.body.registration).not.toHaveProperty('birthYear');
    expect(anonymous.headers.get('etag')).not.toBe(signedIn.headers.get('etag'));
  });
});

/**
 * A long answer goes gzipped to a reader that accepts it (a dated list at a million games is 6 MB of JSON, 0.5 MB
 * gzipped: fifty readers of it filled the line, issue 30): zipped once per kept answer, with its own strong ETag, the
 * same bytes once unzipped; a reader that does not accept gzip gets them as they are.
 */
describe('long answers gzipped for readers that accept it', () => {
  const db = path.join(tempDir('answer-gzip'), 'ledger.db');
  let api: Api;

  beforeAll(async () => {
    api = await startApi(db);
    const officer = await api.appoint('kari', 'officer');
    // 100 players with long names (100 characters at most): the directory's answer is over the 16 KiB from which answers are zipped
    for (let i = 0; i < 100; i += 1) {
      const added = await api.post('/commands', { kind: 'RegisterPlayer', validDate: '2026-01-01', playerId: `P${i}`, familyName: `Family${i}${'n'.repeat(90)}`, givenName: `Given${'g'.repeat(90)}`, country: 'NO' }, officer);
      expect(added.status, JSON.stringify(added.body)).toBe(201);
    }
  }, 60_000);
  afterAll(() => api.close());

  it('zips a kept answer over 16 KiB for a reader accepting gzip, with the weak form of its ETag and the same bytes unzipped', async () => {
    const plain = await api.raw('GET', '/players', {});
    expect(plain.status).toBe(200);
    expect(plain.bytes.length).toBeGreaterThan(16 * 1024);
    expect(plain.headers.get('vary')).toMatch(/Accept-Encoding/i);
    const zipped = await api.raw('GET', '/players', { 'accept-encoding': 'gzip, deflate' });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.wire!.length).toBeLessThan(plain.bytes.length / 4);
    expect(zipped.bytes.equals(plain.bytes)).toBe(true);
    expect(zipped.headers.get('etag')).toBe(`W/${plain.headers.get('etag')!}`);
    expect(zipped.headers.get('vary')).toMatch(/Accept-Encoding/i);
    // the kept answer again, as it is, to a reader that does not accept gzip
    const again = await api.raw('GET', '/players', { 'accept-encoding': 'identity' });
    expect([again.headers.get('content-encoding'), again.bytes.equals(plain.bytes)]).toEqual([null, true]);
    const unchanged = await api.raw('GET', '/players', { 'accept-encoding': 'gzip', 'if-none-match': zipped.headers.get('etag')! });
    expect([unchanged.status, unchanged.wire!.length]).toEqual([304, 0]);
  });

  it('gives a short answer as it is, whatever the reader accepts', async () => {
    await api.raw('GET', '/players/P1', {});
    const short = await api.raw('GET', '/players/P1', { 'accept-encoding': 'gzip' });
    expect([short.status, short.headers.get('content-encoding')]).toEqual([200, null]);
  });
});
