import * as path from 'path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../../src/adapters/store/open';
import { shapeOf, writeSyntheticLedger } from '../../../scripts/bench/synthetic-ledger';
import { startApi, type Api } from './api';
import { browserOrSkip, expectAccessible, openBrowserPage, screenshot, tableText } from '../../support/browser';
import { ledger, tempDir } from '../../support/helpers';

const executablePath = browserOrSkip('paged web pages in a browser');

interface Diff {
  runs: { tournamentId: string; playerId: string; oldRating: number | null; newRating: number | null }[];
  list: { playerId: string; oldRating: number | null; newRating: number | null; oldGrade: string; newGrade: string }[];
}
const rating = (r: number | null) => (r === null ? '—' : String(r));
/** How the pages name a synthetic player (registered as family name `Player<i>`, given name `B`). */
const nameOf = (playerId: string) => `Player${playerId.slice(1)} B`;
/** The pages' search: every word typed is part of the text. */
const found = (text: string, search: string) => search.toLowerCase().split(/\s+/).every((w) => text.toLowerCase().includes(w));

/**
 * Long answers a page at a time, walked as a person walks them: on the history bench's synthetic ledger at a small
 * scale (150 tournaments, 750 players), the tournaments and players indexes and both diffs (what changed since a published list,
 * rule sets side by side) show 100 rows a page with the page count, "next page" reaches every row once, and the rows
 * together are the CLI's; a search narrows them; the JSON at the URL in the address bar holds the rows the page shows.
 */
describe.skipIf(executablePath === undefined)('paged web pages in a browser', () => {
  const dir = tempDir('paging');
  const db = path.join(dir, 'ledger.db');
  let api: Api;
  let browser: Browser;
  let page: Page;
  let auditor = '';
  let problems: string[] = [];

  const cliJson = async <T>(...argv: string[]): Promise<T> => {
    const r = await ledger(...argv, '--db', db, '--json');
    if (r.code !== 0) throw new Error(`${argv.join(' ')}: ${r.err}`);
    return JSON.parse(r.out) as T;
  };
  const cli = async (...argv: string[]) => {
    const r = await ledger(...argv, '--db', db);
    if (r.code !== 0) throw new Error(`${argv.join(' ')}: ${r.err}`);
  };
  const pagerText = (label: string) => page.locator(`nav[aria-label="${label}"] span`).first().innerText();
  /** Every row of a table over all its pages, following the pager's "next page" link. */
  const walk = async (table: string, label: string, pages: number): Promise<string[][]> => {
    const rows: string[][] = [];
    for (let n = 1; ; n++) {
      if (pages > 1) expect(await pagerText(label)).toBe(`page ${n} of ${pages}`);
      const shown = await tableText(page, table);
      expect(shown.length).toBeLessThanOrEqual(100);
      rows.push(...shown);
      if (n === pages) break;
      await page.locator(`nav[aria-label="${label}"] a[rel="next"]`).first().click();
      await page.waitForLoadState();
    }
    expect(await page.locator(`nav[aria-label="${label}"] a[rel="next"]`).count()).toBe(0);
    return rows;
  };
  /** The JSON at the URL the browser shows, as a script given the copied link gets it. */
  const jsonHere = async (token?: string) => (await api.get(new URL(page.url()).pathname + new URL(page.url()).search, token)).body;

  beforeAll(async () => {
    const store = await openStore(`sqlite:${db}`);
    await writeSyntheticLedger(store, shapeOf(0.0075));
    await store.close();
    const tournaments = await cliJson<{ id: string; end: string }[]>('tournament', 'list');
    // a list published halfway, then a result of the first tournament corrected: every later rating may move
    await cli('list', 'publish', '--id', 'L-half', '--as-of', tournaments[Math.floor(tournaments.length / 2)]!.end, '--format', 'csv');
    const first = await cliJson<{ games: { game: string; result: string }[] }>('tournament', 'show', tournaments[0]!.id);
    const game = first.games.find((g) => g.result === 'win')!;
    await cli('game', 'correct', '--game', game.game, '--tournament', tournaments[0]!.id, '--result', 'loss', '--reason', 'score sheet: the second player won');
    api = await startApi(db);
    auditor = await api.appoint('auditor-1', 'auditor');
    ({ browser, page, problems } = await openBrowserPage(executablePath!, { httpCredentials: { username: 'auditor-1', password: auditor } }));
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await api?.close();
  });

  it('pages the tournaments, newest first, 100 a page, and searches them by name', async () => {
    const all = await cliJson<{ id: string; name: string; start: string; end: string; games: number; closed: boolean }[]>('tournament', 'list');
    expect(all.length).toBe(150);
    const newestFirst = [...all].sort((a, b) => (a.end !== b.end ? (a.end < b.end ? 1 : -1) : a.start !== b.start ? (a.start < b.start ? 1 : -1) : a.id < b.id ? -1 : 1));
    const asShown = (ts: typeof all) => ts.map((t) => [t.start === t.end ? t.end : `${t.start} to ${t.end}`, t.name, String(t.games), t.closed ? 'yes' : 'not yet (not closed)']);
    await page.goto(`${api.base}/`);
    await page.click('nav >> text=Tournaments');
    expect(await page.locator('#tournament-list caption').innerText()).toBe('Tournaments in the ledger, newest first: 150 tournaments, 100 a page');
    await expectAccessible(page, 'tournaments, page 1');
    await screenshot(page, '10-tournaments-page-1');
    expect(await walk('#tournament-list', 'Pages of the tournaments', 2)).toEqual(asShown(newestFirst));
    // the link in the address bar gives a script the same page as JSON
    expect(page.url()).toMatch(/\/tournaments\?page=2$/);
    const second = await jsonHere();
    expect((second.tournaments as { tournamentId: string }[]).map((t) => t.tournamentId)).toEqual(newestFirst.slice(100).map((t) => t.id));
    expect(second).toMatchObject({ page: 2, pages: 2, pageSize: 100, matching: 150, total: 150 });
    await page.locator('nav[aria-label="Pages of the tournaments"] a:text("first page")').first().click();
    await page.waitForURL(/page=1$/);
    // search: the server finds the matches over all pages
    const word = newestFirst[120]!.name;
    const matching = newestFirst.filter((t) => found(`${t.name} ${t.id}`, word));
    expect(matching.length).toBeGreaterThan(1);
    await page.fill('#search', word);
    await page.press('#search', 'Enter');
    await page.waitForURL(/q=/);
    expect(await page.locator('#search-status').innerText()).toBe(`${matching.length} of 150 match "${word}"`);
    expect(await tableText(page, '#tournament-list')).toEqual(asShown(matching));
    expect(problems).toEqual([]);
  });

  it('pages every registered player by name, and finds one by name or id', async () => {
    await page.goto(`${api.base}/`);
    await page.click('nav >> text=Players');
    await page.waitForURL(/\/players$/);
    expect(await page.locator('#player-list caption').innerText()).toBe('Registered players by family name: 750 players, 100 a page');
    await expectAccessible(page, 'players, page 1');
    await screenshot(page, '13-players-page-1');
    const ids = Array.from({ length: 750 }, (_, i) => `p${i}`).sort((a, b) => (nameOf(a) < nameOf(b) ? -1 : 1));
    const rows = await walk('#player-list', 'Pages of the players', 8);
    expect(rows.map((r) => [r[0], r[1], r[2]])).toEqual(ids.map((id) => [nameOf(id), id, 'NO']));
    await page.fill('#search', 'p123');
    await page.press('#search', 'Enter');
    await page.waitForURL(/q=p123/);
    // no club column for the public (a club is personal data)
    expect(await tableText(page, '#player-list')).toEqual([['Player123 B', 'p123', 'NO']]);
    await page.click('#player-list tbody a');
    await page.waitForURL(/\/players\/p123$/);
    expect(await page.locator('h1').innerText()).toBe('Player123 B');
    expect(problems).toEqual([]);
  });

  it('pages what changed since a published list, players and ratings, and the rows together are the CLI\'s diff', async () => {
    const diff = await cliJson<Diff>('diff', '--published', 'L-half');
    expect(diff.runs.length).toBeGreaterThan(100);
    await page.goto(`${api.base}/lists/published/L-half/diff`);
    await expectAccessible(page, 'what changed since, page 1');
    await screenshot(page, '11-published-diff-paged');
    const runPages = Math.ceil(diff.runs.length / 100);
    const runs = await walk('table.diff-runs', 'Pages of the re-rated players', runPages);
    expect(runs.map((r) => [r[0], r[1], r[2]])).toEqual(diff.runs.map((r) => [nameOf(r.playerId), rating(r.oldRating), rating(r.newRating)]));
    expect(await jsonHere()).toMatchObject({ runs: diff.runs.slice((runPages - 1) * 100), paging: { runs: { page: runPages, pages: runPages, total: diff.runs.length } } });
    await page.goto(`${api.base}/lists/published/L-half/diff`);
    const list = await walk('#diff-list', 'Pages of the players whose list entry differs', Math.max(1, Math.ceil(diff.list.length / 100)));
    expect(list.map((r) => [r[0], r[1], r[2]])).toEqual(diff.list.map((l) => [nameOf(l.playerId), rating(l.oldRating), rating(l.newRating)]));
    // a search by name narrows both parts to that player
    const someone = nameOf(diff.runs[150]?.playerId ?? diff.runs[0]!.playerId);
    await page.fill('#search', someone);
    await page.press('#search', 'Enter');
    await page.waitForURL(/q=/);
    const own = diff.runs.filter((r) => found(`${nameOf(r.playerId)} ${r.playerId}`, someone));
    expect(own.length).toBeLessThan(100);
    expect((await tableText(page, 'table.diff-runs')).map((r) => [r[0], r[1], r[2]])).toEqual(own.map((r) => [nameOf(r.playerId), rating(r.oldRating), rating(r.newRating)]));
    expect(problems).toEqual([]);
  });

  it('pages two rule sets side by side for the signed-in auditor, the rows together the CLI\'s', async () => {
    const asOf = (await cliJson<{ end: string }[]>('tournament', 'list')).at(-1)!.end;
    const diff = await cliJson<Diff>('diff', '--rules', 'fesa', '--rules', 'fesa-published', '--as-of', asOf);
    await page.goto(`${api.base}/diff?rules=fesa&rules=fesa-published&as-of=${asOf}`);
    expect(await page.locator('h1').innerText()).toBe('Rule sets side by side');
    await expectAccessible(page, 'rule sets side by side, page 1');
    await screenshot(page, '12-rule-sets-paged');
    const list = await walk('#diff-list', 'Pages of the players whose list entry differs', Math.max(1, Math.ceil(diff.list.length / 100)));
    expect(list.map((r) => [r[0], r[1], r[2], r[4], r[5]!.replace(' (differs)', '')])).toEqual(diff.list.map((l) => [nameOf(l.playerId), rating(l.oldRating), rating(l.newRating), l.oldGrade, l.newGrade]));
    const runs = await walk('table.diff-runs', 'Pages of the re-rated players', Math.max(1, Math.ceil(diff.runs.length / 100)));
    expect(runs.map((r) => [r[0], r[1], r[2]])).toEqual(diff.runs.map((r) => [nameOf(r.playerId), rating(r.oldRating), rating(r.newRating)]));
    // the URL the auditor sees, with the token, is the same page as JSON
    expect(await jsonHere(auditor)).toMatchObject({ labels: ['fesa', 'fesa-published'], paging: { pageSize: 100 } });
    expect(problems).toEqual([]);
  });
});
