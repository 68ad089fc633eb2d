import Database from 'better-sqlite3';
import { CHECKPOINT_FORMAT } from '../../../src/app/checkpoint';
import { createHash } from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Api } from './api';
import { chainOf, eventDate, FIXTURES, ledger, nekomadoChain, tempDir } from '../../support/helpers';

/**
 * The HTTP API a club webmaster reads lists from: the same lists, careers and explanations as the CLI (compared
 * byte for byte with the CLI and the official program's files), kept up to date as the log grows, and every error
 * a JSON sentence.
 */
describe('HTTP API', () => {
  const dir = tempDir('http');
  const db = path.join(dir, 'ledger.db');
  const chain = nekomadoChain().slice(0, 8);
  const asOf = eventDate(chain[7]!);
  let api: Api;
  let auditor = '';
  let officer = '';

  const get = async (url: string, token?: string) => {
    const r = await api.get(url, token);
    return { status: r.status, type: r.type, hash: r.headers.get('x-content-sha256'), bytes: r.bytes };
  };
  const getJson = async (url: string, token?: string) => {
    const r = await api.get(url, token);
    return { status: r.status, type: r.type, body: r.body };
  };
  /**
   * A diff's JSON walked page by page, as a script follows `paging` (the list's players, then the ratings after a
   * tournament), put together as `ledger diff --json` gives it whole; every page holds at most 100 rows.
   */
  const allPagesOf = async (url: string, token?: string) => {
    const first = (await getJson(url, token)).body as { labels: string[]; list: unknown[]; runs: unknown[]; paging: { pageSize: number; list: { pages: number; total: number }; runs: { pages: number; total: number } } };
    expect(first.paging.pageSize).toBe(100);
    const list = [...first.list];
    const runs = [...first.runs];
    for (let n = 2; n <= first.paging.list.pages; n++) list.push(...((await getJson(`${url}${url.includes('?') ? '&' : '?'}page=${n}`, token)).body.list as unknown[]));
    for (let n = 2; n <= first.paging.runs.pages; n++) runs.push(...((await getJson(`${url}${url.includes('?') ? '&' : '?'}runs-page=${n}`, token)).body.runs as unknown[]));
    expect([list.length, runs.length]).toEqual([first.paging.list.total, first.paging.runs.total]);
    return { labels: first.labels, runs, list };
  };
  const post = async (body: string) => {
    const r = await api.post('/commands', body, officer);
    return { status: r.status, body: r.body };
  };
  const cli = async (...argv: string[]) => {
    const r = await ledger(...argv, '--db', db);
    if (r.code !== 0) throw new Error(`${argv.join(' ')}: ${r.err}`);
    return r.out;
  };

  beforeAll(async () => {
    await cli('fesa', 'import', chainOf(chain));
    await cli('list', 'publish', '--id', 'L-2016', '--as-of', asOf, '--format', 'fesa');
    api = await startApi(db);
    auditor = await api.appoint('audit', 'auditor');
    officer = await api.appoint('web', 'officer');
  });
  afterAll(async () => {
    await api.close();
  });

  it('serves the list of a date in every format, as the CLI and the official program give it', async () => {
    const fesa = await get(`/lists?as-of=${asOf}&format=fesa`);
    expect(fesa.status).toBe(200);
    // the list read from the models the CLI saved in the file, with the checkpoint: the facts recorded since (the
    // publication, the officers' appointments) change no FESA list, so nothing was caught up (src/app/fesa-untouched.ts)
    const file = new Database(db, { readonly: true });
    const saved = file.prepare('SELECT name, position FROM projections').all() as { name: string; position: number }[];
    expect(saved.map((p) => p.name)).toEqual([`fesa-list-${CHECKPOINT_FORMAT}:as-adopted`]);
    const since = file.prepare('SELECT type FROM events WHERE position > ? ORDER BY position').all(saved[0]!.position) as { type: string }[];
    expect([...new Set(since.map((e) => e.type))].sort()).toEqual(['OfficerAppointed', 'RatingListPublished']);
    expect(saved[0]!.position + since.length).toBe(Number((await getJson('/health')).body.head));
    file.close();
    expect(fesa.type).toBe('text/plain; charset=iso-8859-1');
    expect(fesa.bytes.equals(fs.readFileSync(path.join(chain[7]!, 'ratingliste.post')))).toBe(true);
    expect(fesa.hash).toBe(createHash('sha256').update(fesa.bytes).digest('hex'));
    for (const format of ['json', 'csv', 'table'] as const) {
      const r = await get(`/lists?as-of=${asOf}&format=${format}&active-years=0`);
      expect(r.status).toBe(200);
      expect(r.bytes.toString('utf8').trimEnd()).toBe((await cli('list', '--as-of', asOf, '--format', format, '--active-years', '0')).trimEnd());
    }
    const json = await getJson(`/lists?as-of=${asOf}`);
    expect(json.type).toBe('application/json; charset=utf-8');
    expect((json.body.players as unknown[]).length).toBeGreaterThan(20);
  });

  it('follows the log: a correction recorded by the CLI shows in the next list; a published list stays as published', async () => {
    const original = fs.readFileSync(path.join(chain[7]!, 'ratingliste.post'));
    const published = await get('/lists/published/L-2016');
    // a published list never changes: cacheable for ever, and its ETag is its hash (weak when it came gzipped, as
    // fetch asks for it: the same list in other bytes)
    const headers = (await api.get('/lists/published/L-2016')).headers;
    expect(headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(headers.get('etag')).toBe(`${headers.get('content-encoding') === 'gzip' ? 'W/' : ''}"${published.hash}"`);
    expect(headers.get('x-content-sha256')).toBe(published.hash);
    expect(published.status, published.bytes.toString().slice(0, 300)).toBe(200);
    expect(published.bytes.equals(original)).toBe(true);
    expect((await get(`/lists?as-of=${asOf}&format=fesa`)).bytes.equals(original)).toBe(true);
    const head = Number((await getJson('/health')).body.head);
    await cli('fesa', 'import', path.join(FIXTURES, 'fesa-corrected', '03_3rd_nekomadoken'), '--correct');
    const corrected = String((await getJson('/health')).body.head);
    // requests arriving together that ask for the position of the correction catch the models up once between them
    const asking = () => api.request('GET', `/lists?as-of=${asOf}&format=fesa`, { headers: { 'X-Ledger-Min-Position': corrected } });
    const [now, ...together] = await Promise.all([1, 2, 3, 4].map(asking));
    for (const answer of [now!, ...together]) expect([answer.bytes.equals(now!.bytes), answer.headers.get('x-ledger-position')]).toEqual([true, corrected]);
    // and a reader who asks nothing, once the catch-up is done
    expect((await get(`/lists?as-of=${asOf}&format=fesa`)).bytes.equals(now!.bytes)).toBe(true);
    expect(now!.bytes.equals(fs.readFileSync(path.join(FIXTURES, 'fesa-corrected', '08_8th_nekomadoken', 'ratingliste.post')))).toBe(true);
    expect(now!.bytes.equals(original)).toBe(false);
    expect((await get('/lists/published/L-2016')).bytes.equals(original)).toBe(true);
    // as known before the correction (the second clock): the list of then again
    expect((await get(`/lists?as-of=${asOf}&format=fesa&known-at=${head}`, auditor)).bytes.equals(original)).toBe(true);
    // and what the correction changed since the list was published, as `ledger diff --published --json` says
    const changed = await getJson('/lists/published/L-2016/diff');
    expect(await allPagesOf('/lists/published/L-2016/diff')).toEqual(JSON.parse(await cli('diff', '--published', 'L-2016', '--json')));
    expect((changed.body.runs as { tournamentId: string }[]).some((r) => r.tournamentId === '03_3rd_nekomadoken')).toBe(true);
  });

  it("gives a player's career and explanation as the CLI does", async () => {
    const history = await getJson('/players/N16/history');
    expect(history.status).toBe(200);
    expect(history.body).toEqual(JSON.parse(await cli('history', 'N16', '--json')));
    const explanation = await getJson('/players/N16/explain?tournament=03_3rd_nekomadoken');
    expect(explanation.body).toEqual(JSON.parse(await cli('explain', 'N16', '--tournament', '03_3rd_nekomadoken', '--json')));
    const published = await getJson('/players/N16/explain?rules=fesa-published');
    expect(published.status).toBe(200);
    const rules = await getJson(`/diff?rules=fesa&rules=fesa-published&as-of=${asOf}`, auditor);
    expect(await allPagesOf(`/diff?rules=fesa&rules=fesa-published&as-of=${asOf}`, auditor)).toEqual(JSON.parse(await cli('diff', '--rules', 'fesa', '--rules', 'fesa-published', '--as-of', asOf, '--json')));
    expect(rules.body.labels).toEqual(['fesa', 'fesa-published']);
    // on this chain the published prose grades players differently from the program (its [DEV] items)
    expect((rules.body.list as { oldGrade: string; newGrade: string }[]).some((p) => p.oldGrade !== p.newGrade)).toBe(true);
  });

  it('answers every bad request with a problem naming the parameter, and records nothing', async () => {
    const head = (await getJson('/health')).body.head;
    const cases: [string, number, string, string | undefined][] = [
      ['/lists?as-of=2017-13-01', 400, 'as-of must be a date YYYY-MM-DD that exists, got "2017-13-01"', 'as-of'],
      ['/lists?format=pdf', 400, 'format must be one of fesa, fesa-all, table, csv, json, got "pdf"', 'format'],
      // an unknown rule set is named against every rule set, a non-FESA one where only a FESA one folds says so
      ['/lists?rules=elo', 400, 'rules must be one of fesa, fesa-published, us-shogi-1997-text, us-shogi-1997-card, pan-atlantic, gobase-go, egd-gor, fide, uscf-k, fide-2024, got "elo"', 'rules'],
      ['/players/N16/history?rules=elo', 400, 'rules must be one of fesa, fesa-published, us-shogi-1997-text, ', 'rules'],
      // (rules=fide answers the tournament under fide since issue 29, as tournament show --rules fide; not its program's file)
      ['/tournaments/01_1st_nekomadoken?rules=fide&format=fesa-html', 400, "format=fesa-html is the FESA program's page; under rules=fide leave format out", 'format'],
      ['/lists?active-years=-1', 400, 'active-years must be an integer of at least 0, got "-1"', 'active-years'],
      ['/lists?as-of=2016-06-01&as-of=2016-07-01', 400, 'as-of must be given once', 'as-of'],
      ['/lists?known-at=1970-01-01T00:00:00Z', 400, 'known-at 1970-01-01T00:00:00.000Z lies before the first event', 'known-at'],
      ['/lists?known-at=yesterday', 400, 'known-at must be a global position', 'known-at'],
      ['/lists/published/nope', 404, 'no published list "nope" in the ledger', undefined],
      ['/players/Nobody/history', 404, 'unknown player "Nobody"', undefined],
      ['/players/N16/explain?tournament=nope', 404, 'tournament "nope" was not rated', undefined],
      ['/lists/published/nope/diff', 404, 'no published list "nope" in the ledger', undefined],
      ['/diff?rules=fesa', 400, 'give two rule sets to compare: rules=A&rules=B, each one of fesa, fesa-published, us-shogi-1997-text', 'rules'],
      ['/diff?rules=fesa&rules=nosuch', 400, 'give two rule sets to compare', 'rules'],
      ['/events?limit=0', 400, 'limit must be an integer of at least 1, got "0"', 'limit'],
      ['/nope', 404, 'no resource GET /nope; the API has GET /health', undefined],
    ];
    for (const [url, status, message, parameter] of cases) {
      const r = await getJson(url, auditor);
      expect({ url, status: r.status, type: r.type }).toEqual({ url, status, type: 'application/problem+json; charset=utf-8' });
      expect(r.body.detail).toContain(message);
      expect(r.body.parameter).toBe(parameter);
    }
    const notJson = await post('{bad');
    expect(notJson.status).toBe(400);
    expect(notJson.body.detail).toMatch(/^the request body is not valid JSON: /);
    expect(await post('{"kind":"Nope","validDate":"2026-01-01"}')).toMatchObject({ status: 422, body: { type: 'urn:rating-ledger:problem:command-rejected', detail: expect.stringMatching(/^unknown command kind "Nope"; expected one of RegisterPlayer, /) } });
    expect((await post('[1]')).status).toBe(400);
    expect((await getJson('/health')).body.head).toBe(head);
    const player = JSON.stringify({ kind: 'RegisterPlayer', validDate: '2026-01-01', playerId: 'W1', familyName: 'Web', givenName: 'Master', country: 'NO' });
    const recorded = await post(player);
    expect(recorded.status).toBe(201);
    expect((recorded.body.events as { actor: string }[])[0]!.actor).toBe('web');
    expect((await post(player)).body.status).toBe('unchanged');
  });

  it('gives a tournament of an EGD import as tournament show --json does: colours, stones, rated or why not', async () => {
    const id = 'opengotha-tournoi-de-juvisy';
    await cli('egd', 'import', path.join(FIXTURES, 'egd', `${id}.h9`), '--rules', 'gobase-go');
    const r = await getJson(`/tournaments/${id}`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual(JSON.parse(await cli('tournament', 'show', id, '--json')));
    expect((r.body.games as { game: string; handicapStones?: number; rated: string }[]).find((g) => g.game === 'r4-15-1')).toMatchObject({ handicapStones: 4, rated: 'no: 4 handicap stones' });
  });

  it('compares two rule sets from their saved list models, caught up only after a fact that changes the lists', async () => {
    const url = `/diff?rules=fesa&rules=fesa-published&as-of=${asOf}`;
    const cliDiff = async () => JSON.parse(await cli('diff', '--rules', 'fesa', '--rules', 'fesa-published', '--as-of', asOf, '--json')) as unknown;
    const models = () => {
      const file = new Database(db, { readonly: true });
      try {
        return file.prepare("SELECT rule_set AS ruleSet, position FROM rm_list_meta WHERE rule_set IN ('fesa', 'fesa-published') ORDER BY rule_set").all() as { ruleSet: string; position: number }[];
      } finally {
        file.close();
      }
    };
    const head = async () => Number((await getJson('/health')).body.head);
    expect((await getJson(url, auditor)).status).toBe(200);
    const saved = models();
    expect(saved.map((m) => m.ruleSet)).toEqual(['fesa', 'fesa-published']);
    // publishing a list changes no list: the models are read as saved, not caught up again
    await cli('list', 'publish', '--id', 'L-models', '--as-of', asOf, '--format', 'csv');
    const publishedAt = await head();
    expect(saved.map((m) => m.position < publishedAt)).toEqual([true, true]);
    expect(await allPagesOf(url, auditor)).toEqual(await cliDiff());
    // (another date is not the diff kept in memory: the models are read again, as saved)
    const earlier = eventDate(chain[5]!);
    expect(await allPagesOf(`/diff?rules=fesa&rules=fesa-published&as-of=${earlier}`, auditor)).toEqual(JSON.parse(await cli('diff', '--rules', 'fesa', '--rules', 'fesa-published', '--as-of', earlier, '--json')));
    expect(models()).toEqual(saved);
    // a late correction does: both models are brought up to the head first, and the answer is still the CLI's
    await cli('game', 'correct', '--game', 'r2-2-8', '--tournament', '05_5th_nekomadoken', '--result', 'win', '--reason', 'score sheet', '--decided', '2017-06-01');
    expect(await allPagesOf(url, auditor)).toEqual(await cliDiff());
    const now = await head();
    expect(models()).toEqual([{ ruleSet: 'fesa', position: now }, { ruleSet: 'fesa-published', position: now }]);
  });
});
