/**
 * A player rated only under US Shogi 1997 (and one under pan-atlantic too) over HTTP (issue 29, the read surface's
 * gaps): his history and explanation without `rules` answer under the rule sets he is rated under, as his page shows
 * them, and his record carries each rule set's own counters, the FESA dan-qualifying table only where FESA rated him.
 * The ledger is made by the real `ledger` process; every answer is held to the OpenAPI document by `api.get`.
 */
import * as path from 'path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerProcess, tempDir } from '../../support/helpers';
import { foldJobs } from '../../../src/adapters/http/fold-jobs';
import { startApi, type Api } from './api';

const US = 'us-shogi-1997-text';

describe('HTTP answers of a player FESA never rated', () => {
  let api: Api;
  const db = path.join(tempDir('http-rule-set-player'), 'ledger.db');
  beforeAll(async () => {
    const ok = async (...argv: string[]) => {
      const r = await ledgerProcess([...argv, '--db', db, '--actor', 'officer']);
      if (r.code !== 0) throw new Error(`ledger ${argv.join(' ')}: ${r.err}`);
    };
    await ok('init');
    for (const p of ['A', 'B', 'C', 'F', 'G']) await ok('player', 'add', '--id', p, '--family', `Fam${p}`, '--given', `G${p}`, '--country', 'US');
    await ok('player', 'balance', '--id', 'A', '--rules', US, '--rating', '1800', '--games', '30', '--date', '2026-01-01', '--reason', 'US list');
    await ok('player', 'balance', '--id', 'B', '--rules', US, '--rating', '1600', '--games', '30', '--date', '2026-01-01', '--reason', 'US list');
    await ok('player', 'balance', '--id', 'B', '--rules', 'pan-atlantic', '--rating', '1600', '--games', '30', '--date', '2026-01-01', '--reason', 'pan list');
    await ok('tournament', 'add', '--id', 't1', '--name', 'US one', '--start', '2026-02-07', '--rules', US);
    await ok('game', 'report', '--tournament', 't1', '--game', 'g1', '--round', '1', '--first', 'A', '--second', 'B', '--result', 'win');
    await ok('game', 'report', '--tournament', 't1', '--game', 'g2', '--round', '2', '--first', 'C', '--second', 'B', '--result', 'loss');
    await ok('tournament', 'close', '--id', 't1');
    // F and G: a FESA tournament
    await ok('tournament', 'add', '--id', 'f1', '--name', 'FESA one', '--start', '2026-03-07', '--main', '30', '--byoyomi', '30');
    await ok('game', 'report', '--tournament', 'f1', '--game', 'f-g1', '--round', '1', '--first', 'F', '--second', 'G', '--result', 'win');
    await ok('tournament', 'close', '--id', 'f1');
    api = await startApi(db);
  }, 120_000);
  afterAll(async () => api?.close());

  it('answers history and explain under the rule set he is rated under, naming the others', async () => {
    const history = await api.get('/players/A/history');
    expect(history.status).toBe(200);
    expect(history.body).toMatchObject({ ruleSet: US, rating: 1808, tournaments: [{ tournamentId: 't1', before: 1800, after: 1808 }] });
    expect(history.headers.get('link')).toBeNull();
    // the same as asked under US 1997
    expect((await api.get(`/players/A/history?rules=${US}`)).body).toEqual(history.body);
    // B: under US 1997 first, pan-atlantic named
    const b = await api.get('/players/B/history');
    expect(b.body).toMatchObject({ ruleSet: US });
    expect(b.headers.get('link')).toBe('</players/B/history?rules=pan-atlantic>; rel="alternate"; title="pan-atlantic"');
    const explained = await api.get('/players/A/explain');
    expect(explained.status).toBe(200);
    expect(explained.body).toMatchObject({ playerId: 'A', tournaments: [{ tournamentId: 't1', ruleSet: US, before: 1800, after: 1808 }] });
    expect((await api.get(`/players/A/explain?rules=${US}`)).body).toEqual(explained.body);
    expect((await api.get('/players/B/explain')).headers.get('link')).toBe('</players/B/explain?rules=pan-atlantic>; rel="alternate"; title="pan-atlantic"');
    // a FESA player's answers are his FESA career as before, and asking FESA of A still answers FESA's (empty) career
    expect((await api.get('/players/F/history')).body).toMatchObject({ playerId: 'F', ratings: [{ tournamentId: 'f1' }] });
    expect((await api.get('/players/A/history?rules=fesa')).body).toMatchObject({ playerId: 'A', ratings: [] });
  });

  it("carries each rule set's own counters, and FESA's dan table only for a player FESA rated", async () => {
    const a = await api.get('/players/A');
    expect(a.status).toBe(200);
    expect(a.body).not.toHaveProperty('career');
    const ruleSets = a.body.ruleSets as { ruleSet: string; counters?: Record<string, number>; ratificationRequested?: string | null }[];
    expect(ruleSets.map((r) => r.ruleSet)).toEqual([US]);
    // US 1997 keeps promotion streaks (none running after one game: 20 needed), and has no ratification
    expect(ruleSets[0]!.counters).toEqual({});
    expect(ruleSets[0]).not.toHaveProperty('ratificationRequested');
    const b = (await api.get('/players/B')).body.ruleSets as { ruleSet: string; counters?: Record<string, number>; ratificationRequested?: string | null }[];
    const pan = b.find((r) => r.ruleSet === 'pan-atlantic')!;
    expect(pan.ratificationRequested).toBeNull();
    expect(pan.counters).toBeDefined();
    const f = await api.get('/players/F');
    expect((f.body.career as { dan: unknown[] }).dan.length).toBeGreaterThan(0);
  });

  it('GET /diff takes any pair of rule sets, with the numbers ledger diff --rules A --rules B prints', async () => {
    const auditor = await api.appoint('aud', 'auditor');
    for (const [a, b] of [[US, 'pan-atlantic'], ['fesa', US], [US, 'us-shogi-1997-card']] as const) {
      const answer = await api.get(`/diff?rules=${a}&rules=${b}&as-of=2026-12-31`, auditor);
      expect(answer.status).toBe(200);
      const cli = await ledgerProcess(['diff', '--rules', a, '--rules', b, '--as-of', '2026-12-31', '--json', '--db', db]);
      expect(cli.code).toBe(0);
      const printed = JSON.parse(cli.out) as { labels: string[]; players: Record<string, unknown>[]; enteredAtGrade?: string[] };
      expect(answer.body.labels).toEqual(printed.labels);
      expect(answer.body.enteredAtGrade).toEqual(printed.enteredAtGrade);
      // the same rows, the CLI's columns named by the rule sets, the API's a and b
      expect(answer.body.players).toEqual(printed.players.map(({ [a]: first, [b]: second, ...rest }) => ({ ...rest, a: first, b: second })));
      expect((answer.body.players as unknown[]).length).toBeGreaterThan(0);
    }
    // the US pair rates A and B under both: their numbers as the US list gives them
    const us = await api.get(`/diff?rules=${US}&rules=us-shogi-1997-card&as-of=2026-12-31`, auditor);
    expect((us.body.players as { playerId: string; a: { rating: number } | null }[]).find((p) => p.playerId === 'A')?.a?.rating).toBe(1808);
    expect((await api.get(`/diff?rules=${US}&rules=elo&as-of=2026-12-31`, auditor)).status).toBe(400);
  }, 60_000);

  it('GET /diff of a non-FESA pair is folded once per head of the log, its pages and its page alike, with an ETag (304 while the log has not grown)', async () => {
    const auditor = await api.appoint('aud2', 'auditor');
    const url = `/diff?rules=${US}&rules=pan-atlantic&as-of=2026-11-30`;
    const asked = foldJobs.asked;
    const first = await api.get(url, auditor);
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    // the same answer again, another page of it and the page for people: no fold more
    expect((await api.get(url, auditor)).body).toEqual(first.body);
    expect((await api.get(`${url}&page=2`, auditor)).status).toBe(200);
    expect((await api.request('GET', url, { token: auditor, headers: { accept: 'text/html' } })).status).toBe(200);
    expect(foldJobs.asked - asked).toBe(1);
    // (node's http client: fetch adds Cache-Control: no-cache to a request with If-None-Match, which asks for the body)
    expect((await api.raw('GET', url, { authorization: `Bearer ${auditor}`, 'if-none-match': etag! })).status).toBe(304);
    // an append (by another process) is a new head: folded again, once
    const r = await ledgerProcess(['player', 'add', '--id', 'H', '--family', 'FamH', '--given', 'GH', '--country', 'US', '--db', db, '--actor', 'officer']);
    expect(r.code).toBe(0);
    expect((await api.get(url, auditor)).body).toEqual(first.body);
    expect((await api.get(url, auditor)).status).toBe(200);
    expect(foldJobs.asked - asked).toBe(2);
  }, 60_000);
});
