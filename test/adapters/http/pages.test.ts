import * as path from 'path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Api } from './api';
import { chainOf, eventDate, FIXTURES, ledger, nekomadoChain, tempDir } from '../../support/helpers';

const BROWSER = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

/**
 * The pages on the API's own URLs, over plain HTTP: a browser's Accept gets HTML, anything else the JSON as before;
 * a name full of markup is text on every page; the pages run no inline script (helmet's CSP would refuse it).
 */
describe('web pages over HTTP', () => {
  const dir = tempDir('pages-http');
  const db = path.join(dir, 'ledger.db');
  const chain = nekomadoChain().slice(0, 8);
  const asOf = eventDate(chain[7]!);
  const evil = '<script>alert(1)</script>';
  let api: Api;

  const page = (url: string) => api.request('GET', url, { headers: BROWSER });

  beforeAll(async () => {
    for (const argv of [
      ['fesa', 'import', chainOf(chain)],
      ['player', 'rename', '--id', 'N2', '--family', evil, '--given', '"Bob" & <b>', '--reason', 'a name full of markup'],
    ]) {
      const r = await ledger(...argv, '--db', db);
      if (r.code !== 0) throw new Error(`${argv.join(' ')}: ${r.err}`);
    }
    api = await startApi(db);
  });
  afterAll(async () => {
    await api.close();
  });

  it('answers HTML to a browser and JSON to everyone else at the same URL', async () => {
    const html = await page('/');
    expect(html.status).toBe(200);
    expect(html.type).toBe('text/html; charset=utf-8');
    expect(html.headers.get('vary')).toMatch(/Accept/);
    expect(html.bytes.toString()).toMatch(/^<!DOCTYPE html>\n<html lang="en">/);
    for (const headers of [{}, { accept: '*/*' }, { accept: 'application/json' }, { accept: 'application/json, text/html' }] as Record<string, string>[]) {
      const json = await api.request('GET', '/', { headers });
      expect(json.type).toBe('application/json; charset=utf-8');
      expect(json.body.routes).toContain('GET /players/:id?rules=');
      expect(json.headers.get('vary')).toMatch(/Accept/);
    }
    // a player: the page, or the registration and career as JSON (the career as /players/:id/history gives it)
    expect((await page('/players/N16')).type).toBe('text/html; charset=utf-8');
    const player = await api.get('/players/N16');
    expect(player.body.career).toEqual((await api.get('/players/N16/history')).body);
    // a list URL with a format is a download whatever the browser accepts
    const csv = await page(`/lists?as-of=${asOf}&format=csv`);
    expect(csv.type).toBe('text/csv; charset=utf-8');
    expect((await page(`/lists?as-of=${asOf}`)).type).toBe('text/html; charset=utf-8');
    // the tournament page, the archive of published lists and the rule sets side by side are pages too
    for (const url of ['/tournaments', '/tournaments/05_5th_nekomadoken', '/lists/published']) expect((await page(url)).type, url).toBe('text/html; charset=utf-8');
    // the cross table and games as JSON, as tournament show --json gives them (from the server's live projection)
    const crosstable = await api.get('/tournaments/05_5th_nekomadoken');
    expect(crosstable.type).toBe('application/json; charset=utf-8');
    const shown = await ledger('tournament', 'show', '05_5th_nekomadoken', '--json', '--db', db);
    expect(crosstable.body).toEqual(JSON.parse(shown.out));
    // the cross table's footnote on provisional players and blank changes is there only where a row needs it
    const footnoted: boolean[] = [];
    for (const t of (await api.get('/tournaments?page=1')).body.tournaments as { tournamentId: string }[]) {
      const rows = (await api.get(`/tournaments/${t.tournamentId}`)).body.rows as { provisional: boolean; change: number | null }[];
      const needed = rows.some((r) => r.provisional || r.change === null);
      expect((await page(`/tournaments/${t.tournamentId}`)).bytes.toString().includes('id="provisional-note"'), t.tournamentId).toBe(needed);
      footnoted.push(needed);
    }
    expect(new Set(footnoted)).toEqual(new Set([true, false]));
    expect((await page('/tournaments/05_5th_nekomadoken?format=fesa-html')).type).toBe('text/html; charset=iso-8859-1');
    expect((await api.get('/lists/published')).body).toEqual({ lists: [] });
    // rule sets side by side are the auditors', as a page and as JSON alike
    const refused = await page(`/diff?as-of=${asOf}`);
    expect([refused.status, refused.type]).toEqual([401, 'text/html; charset=utf-8']);
    expect((await api.get(`/diff?rules=fesa&rules=fesa-published&as-of=${asOf}`)).status).toBe(401);
    // the tournaments: a page of them, newest first, the same as JSON at the same URL
    const tournaments = await api.get('/tournaments?page=1');
    expect(tournaments.body).toMatchObject({ page: 1, pages: 1, pageSize: 100, matching: 8, total: 8 });
    const named = (await page('/tournaments')).bytes.toString();
    const order = (tournaments.body.tournaments as { tournamentId: string }[]).map((t) => named.indexOf(`href="/tournaments/${t.tournamentId}"`));
    expect(order.every((at, i) => at > 0 && (i === 0 || at > order[i - 1]!))).toBe(true);
    expect((await api.get('/tournaments?q=5th')).body).toMatchObject({ matching: 1, tournaments: [{ tournamentId: '05_5th_nekomadoken' }] });
    expect((await api.get('/tournaments?page=0')).body).toMatchObject({ status: 400, parameter: 'page' });
    // the players: by family name as now known (a rename counts), the same as JSON at the same URL
    const players = await api.get('/players');
    const auditor = await api.appoint('auditor-1', 'auditor');
    const registered = ((await api.get('/events?limit=10000', auditor)).body.events as { event: { type: string } }[]).filter((e) => e.event.type === 'PlayerRegistered').length;
    expect(players.body).toMatchObject({ page: 1, pages: Math.ceil(registered / 100), pageSize: 100, total: registered, matching: registered });
    const everyone = players.body.players as { playerId: string; familyName: string }[];
    expect(new Set(everyone.map((p) => p.playerId)).size).toBe(registered);
    expect(everyone.map((p) => p.familyName)).toEqual(everyone.map((p) => p.familyName).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect((await api.get('/players?q=script')).body).toMatchObject({ matching: 1, players: [{ playerId: 'N2', familyName: evil }] });
    expect((await page('/players?q=N2')).bytes.toString()).toContain('href="/players/N2"');
    // errors: a page with the API's sentence for a browser, the problem for a client
    const missing = await page('/players/Nobody');
    expect(missing.status).toBe(404);
    expect(missing.type).toBe('text/html; charset=utf-8');
    expect(missing.bytes.toString()).toContain('no player &quot;Nobody&quot; in the ledger');
    expect((await api.get('/players/Nobody')).type).toBe('application/problem+json; charset=utf-8');
    const bad = await page('/?as-of=2017-02-30');
    expect(bad.status).toBe(400);
    expect(bad.bytes.toString()).toContain('as-of must be a date YYYY-MM-DD that exists, got &quot;2017-02-30&quot;');
  });

  it('escapes every name: markup in a player\'s name is text on the list, the player page and the explanation', async () => {
    const escaped = '&lt;script&gt;alert(1)&lt;/script&gt; &quot;Bob&quot; &amp; &lt;b&gt;';
    for (const url of [`/?as-of=${asOf}`, `/?as-of=${asOf}&q=${encodeURIComponent('<script>')}`, '/players/N2', '/players/N2/explain', '/tournaments/05_5th_nekomadoken']) {
      const text = (await page(url)).bytes.toString();
      expect(text, url).toContain(escaped);
      expect(text, url).not.toContain('<script>alert');
      expect(text, url).not.toContain('<b>');
    }
    // the search term echoed back is escaped too
    expect((await page(`/?q=${encodeURIComponent('"><img src=x onerror=alert(1)>')}`)).bytes.toString()).toContain('value="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"');
    expect((await api.get('/players/N2')).body.registration).toMatchObject({ familyName: evil });
  });

  it('a list page kept for its date follows the log: the request after a write shows it', async () => {
    const url = `/?as-of=${asOf}&q=N16`;
    expect((await page(url)).bytes.toString()).toContain('>N16</a>');
    const renamed = await ledger('player', 'rename', '--id', 'N16', '--family', 'Renamed', '--reason', 'married', '--db', db);
    expect(renamed.code, renamed.err).toBe(0);
    const after = (await page(`/?as-of=${asOf}&q=Renamed`)).bytes.toString();
    expect(after).toContain('href="/players/N16">Renamed</a>');
    expect((await page(url)).bytes.toString()).not.toContain('>N16</a>');
  });

  it('runs under the CSP: no inline script or handler, the script and style sheet from the server itself', async () => {
    const answer = await page('/players/N16');
    expect(answer.headers.get('content-security-policy')).toContain("script-src 'self'");
    const text = answer.bytes.toString();
    expect([...text.matchAll(/<script\b[^>]*>/g)].map((m) => m[0])).toEqual(['<script src="/assets/pages.js" defer>']);
    expect(text).not.toMatch(/\son[a-z]+=/i);
    const script = await api.get('/assets/pages.js');
    expect(script.type).toBe('text/javascript; charset=utf-8');
    expect(script.bytes.toString()).toContain('data-filter-for');
    expect((await api.get('/assets/pages.css')).type).toBe('text/css; charset=utf-8');
  });

  it('shows a tournament of an EGD import with its players\' ratings and its games (colours, stones, rated or why not), as tournament show --json does', async () => {
    const id = 'opengotha-tournoi-de-juvisy';
    const imported = await ledger('egd', 'import', path.join(FIXTURES, 'egd', `${id}.h9`), '--db', db);
    expect(imported.code, imported.err).toBe(0);
    const shown = JSON.parse((await ledger('tournament', 'show', id, '--json', '--db', db)).out) as {
      ruleSet: string;
      players: { playerId: string; before: number | null; after: number | null }[];
      games: { game: string; handicapStones?: number; rated: string }[];
    };
    const body = (await page(`/tournaments/${id}`)).bytes.toString();
    expect(body).not.toContain('not rated under a FESA rule set');
    expect(body).toContain(`<dt>Rated under</dt><dd>${shown.ruleSet}</dd>`);
    const players = body.slice(body.indexOf('<table id="players"'), body.indexOf('</table>', body.indexOf('<table id="players"')));
    const rows = [...players.matchAll(/<tr><td class="num">\d+<\/td><th scope="row"><a href="\/players\/([^"?]+)[^"]*">[^<]*<\/a><\/th><td>[^<]*<\/td><td class="num">([^<]*)<\/td><td class="num">([^<]*)<\/td>/g)].map((m) => [decodeURIComponent(m[1]!), m[2], m[3]]);
    expect(rows).toEqual(shown.players.map((p) => [p.playerId, String(p.before ?? '–'), String(p.after ?? '–')]));
    const stoned = shown.games.find((g) => (g.handicapStones ?? 0) > 0)!;
    expect(body).toMatch(new RegExp(`<tr id="game-${stoned.game}"><th scope="row"><code>${stoned.game}</code></th>.*<td class="num">${stoned.handicapStones}</td><td>${stoned.rated}</td>`));
    // the JSON at the same URL is the CLI's
    expect((await api.get(`/tournaments/${id}`)).body).toEqual(shown);
    // one of its players, rated in this one tournament, is said so in the singular
    const player = (await page(`/players/${encodeURIComponent(shown.players[0]!.playerId)}`)).bytes.toString();
    expect(player).toMatch(new RegExp(`under ${shown.ruleSet}: 1 rated tournament, `));
  });
});
