import * as path from 'path';
import { gzipSync } from 'zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toNewEvent } from '../../../src/app/event-log';
import { logChecksum } from '../../../src/adapters/store/migrate';
import { foldGate } from '../../../src/adapters/http/limits';
import type { DomainEvent } from '../../../domain/events';
import { tempDir } from '../../support/helpers';
import { startApi, type Answer, type Api } from './api';

const player = (playerId: string, extra: Record<string, unknown> = {}) => ({ kind: 'RegisterPlayer', validDate: '2026-01-01', playerId, familyName: 'Hansen', givenName: 'Kari', country: 'NO', ...extra });

/**
 * Who may do what over HTTP, and a surface that holds against hostile clients: every refusal is a problem naming the
 * parameter, changes nothing in the store, and (as every answer here) matches the OpenAPI document.
 */
describe('HTTP access: officers sign in', () => {
  let api: Api;
  let admin = '';
  let auditor = '';
  let officer = '';

  beforeAll(async () => {
    api = await startApi(path.join(tempDir('http-access'), 'ledger.db'), { limits: { writesPerMinute: 40 } });
    admin = await api.appoint('president', 'admin');
    auditor = await api.appoint('auditor-1', 'auditor');
    officer = await api.appoint('kari', 'officer');
  });
  afterAll(async () => api.close());

  it('a write without a token, with a bad token or from an auditor is refused and records nothing', async () => {
    const before = await logChecksum(api.store);
    const anonymous = await api.post('/commands', player('P1'));
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toBe('Bearer realm="ledger"');
    expect(anonymous.body).toMatchObject({ requiredRole: 'officer', detail: 'this route needs a signed-in officer: send "Authorization: Bearer <token>" (ledger officer add issues one)' });
    expect((await api.post('/commands', player('P1'), `${officer.slice(0, -3)}xyz`)).status).toBe(401);
    expect((await api.request('POST', '/commands', { body: JSON.stringify(player('P1')), headers: { authorization: 'Basic a2FyaTpzZWNyZXQ=' } })).body).toMatchObject({ status: 401, parameter: 'authorization' });
    const forbidden = await api.post('/commands', player('P1'), auditor);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toMatchObject({ requiredRole: 'officer', detail: 'this route needs the officer role; auditor-1 is an auditor' });
    expect(await logChecksum(api.store)).toEqual(before);
  });

  it("an officer's command is recorded with that officer as the actor; another actor or an eventId is refused", async () => {
    const recorded = await api.post('/commands', player('P2'), officer);
    expect(recorded.status).toBe(201);
    const events = ((await api.get('/events?limit=10000', auditor)).body.events as { event: DomainEvent }[]).map((e) => e.event);
    expect(events.find((e) => e.type === 'PlayerRegistered')).toMatchObject({ playerId: 'P2', actor: 'kari' });
    const before = await logChecksum(api.store);
    const impostor = await api.post('/commands', player('P3', { actor: 'FESA President' }), officer);
    expect(impostor.status).toBe(422);
    expect(impostor.body).toMatchObject({ parameter: 'actor', detail: 'the actor is the signed-in officer (kari); the body names "FESA President": leave actor out' });
    const squat = await api.post('/commands', { kind: 'PublishRatingList', validDate: '2026-01-01', listId: '2018-01', asOf: '2018-01-01', ruleSet: 'fesa', format: 'fesa', contentHash: 'x', eventId: 'list:2018-01' }, officer);
    expect(squat.body).toMatchObject({ status: 422, parameter: 'eventId' });
    expect((await api.post('/commands', { kind: 'AppointOfficer', validDate: '2026-01-01', officer: 'mallory', role: 'admin' }, officer)).body).toMatchObject({ status: 403, requiredRole: 'admin' });
    expect(await logChecksum(api.store)).toEqual(before);
  });

  it('merging and unmerging two ids is an officer command like the others: with its reason, the officer as actor, refused to an auditor', async () => {
    for (const id of ['M1', 'M2']) expect((await api.post('/commands', player(id, { familyName: id }), officer)).status).toBe(201);
    const merge = { kind: 'MergePlayers', validDate: '2026-01-02', survivor: 'M1', absorbed: 'M2', reason: 'registered twice' };
    const before = await logChecksum(api.store);
    expect((await api.post('/commands', merge, auditor)).body).toMatchObject({ status: 403, requiredRole: 'officer' });
    expect((await api.post('/commands', { ...merge, absorbed: 'M1' }, officer)).body).toMatchObject({ status: 422, detail: 'cannot merge M1 Kari (M1) with itself; give the id that stays and the id that goes' });
    expect(await logChecksum(api.store)).toEqual(before);
    const merged = await api.post('/commands', merge, officer);
    expect(merged.status).toBe(201);
    expect(merged.body).toMatchObject({ status: 'appended', stream: 'player-M2', events: [{ type: 'PlayersMerged', eventId: 'player:M2:merge:1', survivor: 'M1', absorbed: 'M2', actor: 'kari' }] });
    expect((await api.post('/commands', merge, officer)).status).toBe(200);
    const unmerge = { kind: 'UnmergePlayers', validDate: '2026-01-03', survivor: 'M1', absorbed: 'M2', merge: 'player:M2:merge:1', reason: 'two people' };
    expect((await api.post('/commands', unmerge, officer)).body).toMatchObject({ status: 'appended', events: [{ type: 'PlayersUnmerged', eventId: 'player:M2:unmerge:2', actor: 'kari' }] });
    expect((await api.post('/commands', unmerge, officer)).body).toMatchObject({ status: 'unchanged', events: [] });
    expect((await api.post('/commands', { ...unmerge, merge: 'player:M2:merge:7' }, officer)).body).toMatchObject({ status: 422, detail: 'M2 Kari (M2) is not merged into another player; there is nothing to unmerge' });
  });

  it('a browser signs in with the token as a Basic password, on reads only: the rule sets side by side are the auditors\' as page and as JSON', async () => {
    const page = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
    const basic = (name: string, token: string) => `Basic ${Buffer.from(`${name}:${token}`).toString('base64')}`;
    const url = '/diff?rules=fesa&rules=fesa-published&as-of=2026-01-01';
    // nobody signed in: the browser is asked for its sign-in box, an API client for a Bearer token
    const anonymous = await api.request('GET', url, { headers: page });
    expect([anonymous.status, anonymous.type]).toEqual([401, 'text/html; charset=utf-8']);
    expect(anonymous.headers.get('www-authenticate')).toMatch(/^Basic realm="ledger/);
    expect(anonymous.bytes.toString()).toContain('this page needs a signed-in auditor: sign in with your officer name and your token as the password');
    expect((await api.get(url)).headers.get('www-authenticate')).toBe('Bearer realm="ledger"');
    // an auditor's token as the password opens the page and the JSON at the same URL
    const signedIn = await api.request('GET', url, { headers: { ...page, authorization: basic('auditor-1', auditor) } });
    expect([signedIn.status, signedIn.type]).toEqual([200, 'text/html; charset=utf-8']);
    expect(signedIn.bytes.toString()).toContain('<h1>Rule sets side by side</h1>');
    const json = await api.request('GET', url, { headers: { authorization: basic('auditor-1', auditor) } });
    expect(json.body).toMatchObject({ labels: ['fesa', 'fesa-published'], paging: { pageSize: 100 } });
    // a wrong password is refused as a wrong token is; the page asks again
    const wrong = await api.request('GET', url, { headers: { ...page, authorization: basic('auditor-1', `${auditor.slice(0, -3)}xyz`) } });
    expect([wrong.status, wrong.headers.get('www-authenticate')?.startsWith('Basic')]).toEqual([401, true]);
    // a browser resends Basic credentials by itself, even from another site's form: they never sign a write in
    const before = await logChecksum(api.store);
    const write = await api.request('POST', '/commands', { body: JSON.stringify(player('B1')), headers: { authorization: basic('kari', officer) } });
    expect(write.body).toMatchObject({ status: 401, parameter: 'authorization', detail: 'a write needs the header "Authorization: Bearer <token>" (Basic credentials are taken on reads only)' });
    expect(await logChecksum(api.store)).toEqual(before);
  });

  it('public routes need no token, auditors\' routes do; under --private every route does', async () => {
    expect((await api.get('/players')).status).toBe(200);
    expect((await api.get('/events')).body).toMatchObject({ status: 401, requiredRole: 'auditor' });
    expect((await api.get('/lists?known-at=1')).body).toMatchObject({ status: 401, requiredRole: 'auditor' });
    expect((await api.get('/diff?rules=fesa&rules=fesa-published')).status).toBe(401);
    expect((await api.get('/events', auditor)).status).toBe(200);
    expect((await api.get('/verify')).body).toMatchObject({ status: 401, requiredRole: 'auditor' });
    const verified = await api.get('/verify', auditor);
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ holds: true, findings: [], head: { hash: expect.stringMatching(/^[0-9a-f]{64}$/) } });
    expect((await api.get('/officers', officer)).body).toMatchObject({ status: 403, requiredRole: 'admin' });
    const closed = await startApi(path.join(tempDir('http-private'), 'ledger.db'), { private: true });
    try {
      const token = await closed.appoint('auditor-2', 'auditor');
      expect((await closed.get('/players')).body).toMatchObject({ status: 401, requiredRole: 'auditor' });
      expect((await closed.get('/lists')).status).toBe(401);
      expect((await closed.get('/players', token)).status).toBe(200);
      expect((await closed.get('/lists', token)).headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await closed.close();
    }
  });

  it('an admin appoints, rotates and revokes; a revoked or rotated token fails on the next request', async () => {
    const appointed = await api.post('/officers', { officer: 'ola', role: 'officer', reason: 'club secretary' }, admin);
    expect(appointed.status).toBe(201);
    const token = appointed.body.token as string;
    expect((await api.post('/commands', player('P4'), token)).status).toBe(201);
    const rotated = await api.post('/officers/ola/token', {}, admin);
    expect(rotated.status).toBe(201);
    expect((await api.post('/commands', player('P5'), token)).status).toBe(401);
    const fresh = rotated.body.token as string;
    expect((await api.post('/commands', player('P5'), fresh)).status).toBe(201);
    expect((await api.request('DELETE', '/officers/ola?reason=left%20the%20club', { token: admin })).body).toEqual({ officer: 'ola', status: 'appended' });
    expect((await api.post('/commands', player('P6'), fresh)).status).toBe(401);
    const listed = (await api.get('/officers', admin)).body.officers as { officer: string; role: string | null }[];
    expect(listed.find((o) => o.officer === 'ola')).toMatchObject({ role: null, tokenIssuedAt: null });
    expect((await api.post('/officers', { officer: 'ola', role: 'king' }, admin)).body).toMatchObject({ status: 422, parameter: 'role' });
    const appointments = ((await api.get('/events?limit=10000', auditor)).body.events as { event: DomainEvent }[]).map((e) => e.event).filter((e) => e.type === 'OfficerAppointed' || e.type === 'OfficerRevoked');
    expect(appointments.filter((e) => 'officer' in e && e.officer === 'ola').map((e) => [e.type, e.actor])).toEqual([
      ['OfficerAppointed', 'president'],
      ['OfficerRevoked', 'president'],
    ]);
  });

  it('refuses an empty or null body to POST /officers, a revocation without a reason, and the last admin\'s revocation or demotion; each records nothing', async () => {
    const solo = await startApi(path.join(tempDir('http-last-admin'), 'ledger.db'));
    try {
      const only = await solo.appoint('president', 'admin');
      await solo.appoint('ola', 'officer');
      const refusals: [string, () => Promise<Answer>, number, string, RegExp][] = [
        ['an empty body', () => solo.request('POST', '/officers', { token: only, body: '', headers: { 'content-type': 'application/json' } }), 400, 'body', /^the request body is empty; expected a JSON object with officer, role and reason$/],
        ['null', () => solo.request('POST', '/officers', { token: only, body: 'null', headers: { 'content-type': 'application/json' } }), 400, 'body', /^the request body is null; expected a JSON object with officer, role and reason$/],
        ['a revocation without a reason', () => solo.request('DELETE', '/officers/ola', { token: only }), 400, 'reason', /^say why ola is revoked: DELETE \/officers\/ola\?reason=TEXT$/],
        ['a revocation with a blank reason', () => solo.request('DELETE', '/officers/ola?reason=%20', { token: only }), 400, 'reason', /^say why ola is revoked/],
        ['the last admin revoking himself', () => solo.request('DELETE', '/officers/president?reason=stepping%20down', { token: only }), 422, undefined as never, /^cannot revoke president, the last admin; appoint another admin first \(ledger officer add --name NAME --role admin\)$/],
        ['the last admin demoting himself', () => solo.post('/officers', { officer: 'president', role: 'officer', reason: 'stepping down' }, only), 422, undefined as never, /^president is the last admin and cannot become an officer; appoint another admin first/],
      ];
      for (const [what, send, status, parameter, detail] of refusals) {
        const before = await logChecksum(solo.store);
        const answer = await send();
        expect({ what, status: answer.status, type: answer.type, parameter: answer.body.parameter }).toEqual({ what, status, type: 'application/problem+json; charset=utf-8', parameter });
        expect(answer.body.detail).toMatch(detail);
        expect(await logChecksum(solo.store)).toEqual(before);
      }
      expect((await solo.get('/officers', only)).status).toBe(200);
      // with a second admin in office, the first may step down, and the second stays the last
      const kari = await solo.post('/officers', { officer: 'kari', role: 'admin', reason: 'elected' }, only);
      expect(kari.status).toBe(201);
      expect((await solo.request('DELETE', '/officers/president?reason=stepping%20down', { token: only })).body).toEqual({ officer: 'president', status: 'appended' });
      expect((await solo.request('DELETE', '/officers/kari?reason=x', { token: kari.body.token as string })).body).toMatchObject({ status: 422, detail: expect.stringMatching(/^cannot revoke kari, the last admin/) });
    } finally {
      await solo.close();
    }
  });

  it('sends security headers, CORS for public reads only, and ETags (304)', async () => {
    const list = await api.request('GET', '/lists?as-of=2026-01-01', { headers: { origin: 'https://club.example' } });
    expect(list.headers.get('x-powered-by')).toBeNull();
    expect(list.headers.get('x-content-type-options')).toBe('nosniff');
    expect(list.headers.get('access-control-allow-origin')).toBe('*');
    const etag = list.headers.get('etag')!;
    expect(etag).toBe(`"${list.headers.get('x-content-sha256')}"`);
    // (node's http client: fetch adds Cache-Control: no-cache to a request with If-None-Match, which asks for the body)
    const unchanged = await api.raw('GET', '/lists?as-of=2026-01-01', { 'if-none-match': etag });
    expect(unchanged.status).toBe(304);
    expect((await api.raw('GET', '/lists?as-of=2026-01-01', { 'if-none-match': '"other"' })).status).toBe(200);
    const preflight = await api.request('OPTIONS', '/commands', { headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' } });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const write = await api.request('POST', '/commands', { body: JSON.stringify(player('P7')), token: officer, headers: { origin: 'https://evil.example' } });
    expect(write.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('describes every route it serves in GET /openapi.json, with the role each needs', async () => {
    const document = (await api.get('/openapi.json')).body as { openapi: string; paths: Record<string, Record<string, { 'x-required-role'?: string }>> };
    expect(document.openapi).toBe('3.1.0');
    const routes = (await api.get('/')).body.routes as string[];
    for (const route of routes) {
      const [, method, template, role] = /^(\w+) ([^?\s]+)\S* ?(?:\((\w+)\))?$/.exec(route)!;
      const operation = document.paths[template!.replace(/:(\w+)/g, '{$1}')]?.[method!.toLowerCase()];
      expect(operation, route).toBeDefined();
      if (role !== undefined && template !== '/lists') expect(operation!['x-required-role'], route).toBe(role);
    }
  });

  it('refuses a Host that is not this server on a loopback server (DNS rebinding): another name, address or port', async () => {
    const port = new URL(api.base).port;
    const rebound = await api.raw('GET', '/players', { host: 'evil.example' });
    expect(rebound.body).toMatchObject({ status: 421, parameter: 'host', detail: `this server on a loopback address answers only for localhost:${port} and 127.0.0.1:${port}, not for Host "evil.example" (serve --allowed-host NAME adds a name)` });
    for (const host of ['127.0.0.2', `127.0.0.2:${port}`, `[::1]:${port}`, `localhost:${Number(port) + 1}`, `127.0.0.1:${Number(port) + 1}`, 'localhost', `0.0.0.0:${port}`, `127.1:${port}`]) {
      const before = await logChecksum(api.store);
      const refused = await api.raw('POST', '/commands', { host, authorization: `Bearer ${officer}`, 'content-type': 'application/json' }, Buffer.from(JSON.stringify(player('H1'))));
      expect({ host, status: refused.status, type: refused.type, parameter: refused.body.parameter }).toEqual({ host, status: 421, type: 'application/problem+json; charset=utf-8', parameter: 'host' });
      expect(await logChecksum(api.store)).toEqual(before);
    }
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `LOCALHOST:${port}`]) expect((await api.raw('GET', '/players', { host })).status, host).toBe(200);
  });

  it('answers for an --allowed-host name (a reverse proxy\'s) on any port, and for nothing else beside its own names', async () => {
    const proxied = await startApi(path.join(tempDir('http-allowed-host'), 'ledger.db'), { allowedHosts: ['ratings.club.example'] });
    try {
      expect((await proxied.raw('GET', '/health', { host: 'ratings.club.example' })).status).toBe(200);
      expect((await proxied.raw('GET', '/health', { host: 'ratings.club.example:8443' })).status).toBe(200);
      expect((await proxied.raw('GET', '/health', { host: 'club.example' })).status).toBe(421);
      expect((await proxied.raw('GET', '/health', { host: '127.0.0.3' })).body.detail).toMatch(/answers only for localhost:\d+, 127\.0\.0\.1:\d+ and ratings\.club\.example, not for Host "127\.0\.0\.3"/);
    } finally {
      await proxied.close();
    }
  });
});

describe('HTTP: hostile requests (issue 14)', () => {
  let api: Api;
  let officer = '';
  beforeAll(async () => {
    api = await startApi(path.join(tempDir('http-hostile'), 'ledger.db'));
    officer = await api.appoint('kari', 'officer');
    await api.post('/commands', player('P1'), officer);
    // a published list under a rule set this ledger does not know, as an older or foreign program could have recorded
    const foreign = { type: 'RatingListPublished', version: 1, eventId: 'list:foreign', validDate: '2026-01-01', actor: 'kari', listId: 'foreign', asOf: '2026-01-01', ruleSet: 'elo-9', format: 'fesa', contentHash: 'ab'.repeat(32) };
    await api.store.append('ledger-lists', [toNewEvent(foreign as DomainEvent)], 'no_stream');
  });
  afterAll(async () => api.close());

  const json = (_: string, extra: Record<string, string> = {}) => ({ 'content-type': 'application/json', ...extra });
  const deep = (depth: number) => Buffer.from(`${'['.repeat(depth)}${']'.repeat(depth)}`);
  const command = (body: Record<string, unknown>) => Buffer.from(JSON.stringify(body));
  const big = (bytes: number) => Buffer.from(`{"kind":"RegisterPlayer","familyName":"${'x'.repeat(bytes)}"}`);

  // [what, method, path, headers, body, status, parameter, detail]
  const cases: [string, string, string, Record<string, string>, Buffer | undefined, number, string, RegExp][] = [
    ['a 10 MB body', 'POST', '/commands', json(''), big(10 * 1024 * 1024), 413, 'body', /^the request body is larger than the limit of 1048576 bytes$/],
    ['a 100 MB body', 'POST', '/commands', json(''), big(100 * 1024 * 1024), 413, 'body', /larger than the limit/],
    ['JSON nested 5,000 deep', 'POST', '/commands', json(''), deep(5000), 400, 'body', /^the request body nests deeper than 32 levels$/],
    ['JSON nested 100,000 deep', 'POST', '/commands', json(''), deep(100_000), 400, 'body', /nests deeper/],
    ['an unknown charset', 'POST', '/commands', json('', { 'content-type': 'application/json; charset=klingon' }), Buffer.from('{}'), 415, 'content-type', /^the request body's charset "klingon" is not supported; send UTF-8 JSON$/],
    ['a bogus gzip body', 'POST', '/commands', json('', { 'content-encoding': 'gzip' }), Buffer.from('this is not gzip'), 400, 'body', /^the request body cannot be decoded as its content-encoding says: /],
    ['an unknown content-encoding', 'POST', '/commands', json('', { 'content-encoding': 'br2' }), Buffer.from('{}'), 415, 'content-encoding', /content-encoding "br2" is not supported/],
    ['a malformed %-escape in a path', 'GET', '/players/%E0%A4%A/history', {}, undefined, 400, 'path', /^the path has a malformed %-escape: /],
    ['a published list under an unknown rule set', 'GET', '/lists/published/foreign', {}, undefined, 409, undefined as never, /names the rule set "elo-9", which this ledger does not know .* so it cannot be reproduced$/],
    // the rule set a fact names is checked in the domain, for every adapter alike (the CLI's --rules too)
    ['a tournament under an unknown rule system', 'POST', '/commands', json(''), command({ kind: 'RegisterTournament', validDate: '2026-05-01', tournamentId: 'T9', name: 'Open', place: '', startDate: '2026-05-01', endDate: '2026-05-01', ratingSystem: 'nosuch', rated: true, timeControl: { mainMinutes: 30, byoyomiSeconds: 30, incrementSeconds: 0 } }), 422, 'ratingSystem', /^RegisterTournament: field `ratingSystem`: "nosuch" is not a rule set this ledger knows; expected one of fesa, fesa-published, us-shogi-1997-text, /],
    ['the adoption of an unknown rule set', 'POST', '/commands', json(''), command({ kind: 'AdoptRuleSet', validDate: '2026-05-01', ruleSetId: 'elo-9', ruleSetVersion: '1', options: {} }), 422, 'ruleSetId', /^AdoptRuleSet: field `ruleSetId`: "elo-9" is not a rule set this ledger knows; /],
    ['a list published under a rule set it cannot be reproduced with', 'POST', '/commands', json(''), command({ kind: 'PublishRatingList', validDate: '2026-05-01', listId: '2026-05', asOf: '2026-05-01', ruleSet: 'elo-9', format: 'fesa', contentHash: 'ab'.repeat(32) }), 422, 'ruleSet', /^PublishRatingList: field `ruleSet`: "elo-9" is not a rule set a published list can be reproduced under; expected one of as-adopted, fesa, fesa-published, us-shogi-1997-text, .*, uscf-k, fide-2024$/],
    ['a fide list published as the FESA program\'s file', 'POST', '/commands', json(''), command({ kind: 'PublishRatingList', validDate: '2026-05-01', listId: '2026-05', asOf: '2026-05-01', ruleSet: 'fide', format: 'fesa' }), 422, 'format', /^PublishRatingList: field `format`: "fesa" is the FESA program's own file, which a fide list is not written as; expected table, csv or json$/],
    // a published list's hash and format are the ledger's to compute and check, never the caller's (issue 28)
    ['a list published with a hash the ledger did not compute', 'POST', '/commands', json(''), command({ kind: 'PublishRatingList', validDate: '2026-05-01', listId: '2026-05', asOf: '2026-05-01', ruleSet: 'fesa', format: 'fesa', contentHash: '0'.repeat(64) }), 422, 'contentHash', /^PublishRatingList: field `contentHash`: the ledger writes list "2026-05" with the SHA-256 [0-9a-f]{64}, not "0{64}"; leave contentHash out/],
    ['a list published as based on an event the caller names', 'POST', '/commands', json(''), command({ kind: 'PublishRatingList', validDate: '2026-05-01', listId: '2026-05', asOf: '2026-05-01', ruleSet: 'fesa', format: 'fesa', basedOn: 'player:P1:registered' }), 422, 'basedOn', /^PublishRatingList: field `basedOn`: the ledger records which event a list is written from; leave it out$/],
    ['a list published in a format the ledger does not write', 'POST', '/commands', json(''), command({ kind: 'PublishRatingList', validDate: '2026-05-01', listId: '2026-05', asOf: '2026-05-01', ruleSet: 'fesa', format: 'pdf' }), 422, 'format', /^PublishRatingList: field `format`: "pdf" is not a format the ledger publishes lists in; expected one of fesa, fesa-all, table, csv, json$/],
    ['a FESA list published with a newcomer entry of its own', 'POST', '/commands', json(''), command({ kind: 'PublishRatingList', validDate: '2026-05-01', listId: '2026-05', asOf: '2026-05-01', ruleSet: 'fesa', format: 'fesa', entry: 'grade' }), 422, 'entry', /^PublishRatingList: field `entry`: a fesa list enters newcomers by FESA's own rule; leave entry out$/],
    ['a list published with a starting rating that is none', 'POST', '/commands', json(''), command({ kind: 'PublishRatingList', validDate: '2026-05-01', listId: '2026-05', asOf: '2026-05-01', ruleSet: 'fide', format: 'json', entry: { rating: -5 } }), 422, 'entry.rating', /^PublishRatingList: field `entry.rating`: a starting rating is a whole number from 1 to 9999, got -5$/],
    ['a family name with a line separator (U+2028)', 'POST', '/commands', json(''), command(player('P10', { familyName: 'Han\u2028sen' })), 422, 'familyName', /^RegisterPlayer: field `familyName` contains the control character U\+2028; text in the ledger is printable/],
    ['a family name of 0.9 MB', 'POST', '/commands', json(''), command(player('P10', { familyName: 'x'.repeat(900_000) })), 422, 'familyName', /^RegisterPlayer: field `familyName` is 900,000 characters long; a name or id is at most 100$/],
    ['a field named __proto__ (as JSON.parse keeps it)', 'POST', '/commands', json(''), Buffer.from('{"kind":"RegisterPlayer","validDate":"2026-01-01","playerId":"P7","familyName":"A","givenName":"","country":"NO","__proto__":{"isAdmin":true}}'), 422, '__proto__', /^RegisterPlayer: unknown field `__proto__`; a command carries only the fields of its event in the catalogue$/],
    ['a command kind that is a number', 'POST', '/commands', json(''), command({ kind: 7, validDate: '2026-01-01' }), 422, undefined as never, /^unknown command kind 7; expected one of RegisterPlayer, /],
    ['a date that does not exist', 'POST', '/commands', json(''), command(player('P8', { validDate: '2026-02-30' })), 422, 'validDate', /^RegisterPlayer: field `validDate`: expected a date YYYY-MM-DD, got "2026-02-30"$/],
    ['a player id of 300 characters', 'POST', '/commands', json(''), command(player('P'.repeat(300))), 422, 'playerId', /^RegisterPlayer: field `playerId`: expected an id of 1 to 200 characters.*\(300 characters\)$/],
    ['a game in a tournament that does not exist', 'POST', '/commands', json(''), command({ kind: 'ReportGame', validDate: '2026-01-01', tournamentId: 'T404', gameId: 'g1', round: 1, first: 'P1', second: 'P1x', result: 'win' }), 422, undefined as never, /^unknown tournament "T404"; register it first/],
    ['a body that is not an object', 'POST', '/commands', json(''), Buffer.from('["RegisterPlayer"]'), 400, 'body', /^the request body is an array; expected a JSON object with a kind, such as \{"kind":"ReportGame", …\}$/],
    ['a body that is a JSON string', 'POST', '/commands', json(''), Buffer.from('"RegisterPlayer"'), 400, 'body', /^the request body is a JSON string; expected a JSON object with a kind, /],
    ['an empty body', 'POST', '/commands', json(''), Buffer.alloc(0), 400, 'body', /^the request body is empty; expected a JSON object with a kind, such as \{"kind":"ReportGame", …\}$/],
    ['an empty body without a Content-Type', 'POST', '/commands', {}, Buffer.alloc(0), 400, 'body', /^the request body is empty; expected a JSON object with a kind, /],
    ['a body of null', 'POST', '/commands', json(''), Buffer.from('null'), 400, 'body', /^the request body is null; expected a JSON object with a kind, such as \{"kind":"ReportGame", …\}$/],
    ['a body of 7', 'POST', '/commands', json(''), Buffer.from(' 7 '), 400, 'body', /^the request body is a JSON number; expected a JSON object with a kind, /],
    ['a body that is JSON but sent as text/plain', 'POST', '/commands', { 'content-type': 'text/plain' }, command(player('P9')), 400, 'body', /^the request body is not JSON \(send it with Content-Type: application\/json\); expected a JSON object with a kind, /],
  ];

  it.each(cases)('%s: %s %s answers a problem naming the parameter; the store is unchanged', async (_what, method, target, headers, body, status, parameter, detail) => {
    const before = await logChecksum(api.store);
    const answer = await api.raw(method, target, { authorization: `Bearer ${officer}`, ...headers, ...(body !== undefined ? { 'content-length': body.length } : {}) }, body);
    expect(answer.status).toBe(status);
    expect(answer.type).toBe('application/problem+json; charset=utf-8');
    expect(answer.body.parameter).toBe(parameter);
    expect(answer.body.detail).toMatch(detail);
    expect(String(answer.body.detail)).not.toMatch(/\n\s+at /);
    expect(await logChecksum(api.store)).toEqual(before);
  });

  it('a list published without its hash is recorded with the hash of the list the ledger writes, and reads back byte for byte', async () => {
    const published = await api.post('/commands', { kind: 'PublishRatingList', validDate: '2026-05-01', listId: 'by-http', asOf: '2026-05-01', ruleSet: 'fesa', format: 'csv' }, officer);
    expect(published.status).toBe(201);
    const recorded = (published.body.events as { contentHash: string }[])[0]!.contentHash;
    expect(recorded).toMatch(/^[0-9a-f]{64}$/);
    const read = await api.raw('GET', '/lists/published/by-http', {});
    expect(read.status).toBe(200);
    expect(read.headers.get('x-content-sha256')).toBe(recorded);
    // the same list again with the hash the ledger computed is the same fact: nothing new
    expect((await api.post('/commands', { kind: 'PublishRatingList', validDate: '2026-05-01', listId: 'by-http', asOf: '2026-05-01', ruleSet: 'fesa', format: 'csv', contentHash: recorded }, officer)).status).toBe(200);
  });

  it('a gzip body that is real JSON is read', async () => {
    const body = gzipSync(JSON.stringify(player('P9')));
    const answer = await api.raw('POST', '/commands', { ...json(''), authorization: `Bearer ${officer}`, 'content-encoding': 'gzip', 'content-length': body.length }, body);
    expect(answer.status).toBe(201);
  });

  it('writes beyond the rate limit get 429 with Retry-After, and are not recorded', async () => {
    const limited = await startApi(path.join(tempDir('http-limit'), 'ledger.db'), { limits: { writesPerMinute: 2, foldsPerMinute: 1 } });
    try {
      const token = await limited.appoint('kari', 'officer');
      expect((await limited.post('/commands', player('A'), token)).status).toBe(201);
      expect((await limited.post('/commands', player('B'), token)).status).toBe(201);
      const before = await logChecksum(limited.store);
      const refused = await limited.post('/commands', player('C'), token);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(refused.body.detail).toMatch(/^more than 2 writes a minute from this officer; retry after \d+ s$/);
      expect(await logChecksum(limited.store)).toEqual(before);
      const auditor = await limited.appoint('audit', 'auditor');
      expect((await limited.get('/diff?rules=fesa&rules=fesa-published', auditor)).status).toBe(200);
      // the same comparison again is the answer kept at this head (no fold, so no fold counted); another one folds
      expect((await limited.get('/diff?rules=fesa&rules=fesa-published', auditor)).status).toBe(200);
      expect((await limited.get('/diff?rules=fesa&rules=fesa-published&as-of=2026-01-01', auditor)).status).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('runs at most so many whole-ledger folds at once; the next one is refused with Retry-After until one ends', () => {
    const gate = foldGate(1);
    const response = () => {
      const listeners: (() => void)[] = [];
      return { once: (_event: string, f: () => void) => listeners.push(f), end: () => listeners.forEach((f) => f()) };
    };
    const first = response();
    let passed = 0;
    gate({} as never, first as never, () => passed++);
    expect(passed).toBe(1);
    expect(() => gate({} as never, response() as never, () => passed++)).toThrow(/already folding the whole ledger 1 time at once/);
    first.end();
    gate({} as never, response() as never, () => passed++);
    expect(passed).toBe(2);
  });
});
