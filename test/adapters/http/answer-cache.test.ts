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
