import { createHash } from 'crypto';
import * as path from 'path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bulletin } from '../../../src/app/bulletin';
import { startApi, type Api } from './api';
import { browserOrSkip, expectAccessible, openBrowserPage, screenshot, tableText } from '../../support/browser';
import { nekomadoTournaments, officerLedger } from '../../support/helpers';

const executablePath = browserOrSkip('publications and identities on the web pages');

interface ListedPlayer {
  rank: number;
  playerId: string;
  name: string;
  country: string;
  grade: string;
  rating: number;
  games: number;
  provisional: boolean;
  lastPlayed: string;
}

/** What the browser's XML parser found in the feed. */
interface AtomFeed {
  errors: number;
  root: [string, string];
  id: string | null;
  updated: string | null;
  author: string | null;
  entries: { id: string | null; title: string | null; updated: string | null; links: [string | null, string | null][] }[];
}

/**
 * What the pages tell a player or a club's webmaster about identities and publications (issue 32): an id absorbed
 * by a merge says whose record it is now; a published list shows its players as published, with its exact bytes;
 * the bulletin and the Atom feed of the publications; every link of the public menu opens without a sign-in.
 */
describe.skipIf(executablePath === undefined)('publications and identities on the web pages', () => {
  const { dir, db, ok: cli } = officerLedger('publications-pages');
  let api: Api;
  let browser: Browser;
  let page: Page;
  let problems: string[] = [];
  /** The lists as the CLI gave them just before each was published. */
  let firstList: ListedPlayer[] = [];
  let secondList: ListedPlayer[] = [];

  const listed = async (...argv: string[]) => (JSON.parse(await cli('list', ...argv, '--json')) as { players: ListedPlayer[] }).players;
  const asShown = (players: ListedPlayer[]) => players.map((p) => [String(p.rank), p.name, p.grade, `${p.rating}${p.provisional ? '*' : ''}`, String(p.games), p.lastPlayed, p.country]);

  beforeAll(async () => {
    await cli('fesa', 'import', nekomadoTournaments(path.join(dir, 'spring'), ['01', '02', '03']));
    // the program's file holds every rated player
    firstList = await listed('--as-of', '2016-06-12', '--active-years', '0');
    await cli('list', 'publish', '--id', 'L-spring', '--as-of', '2016-06-12', '--format', 'fesa');
    await cli('fesa', 'import', nekomadoTournaments(path.join(dir, 'summer'), ['04', '05', '06']));
    await cli('game', 'correct', '--tournament', '02_2nd_nekomadoken', '--game', 'r1-2-7', '--result', 'win', '--reason', 'score sheet: the first player won');
    secondList = await listed('--as-of', '2016-09-03');
    await cli('list', 'publish', '--id', 'L-summer', '--as-of', '2016-09-03', '--format', 'csv');
    await cli('player', 'merge', 'N18', 'N36', '--reason', 'registered twice', '--date', '2016-09-10');
    api = await startApi(db);
    ({ browser, page, problems } = await openBrowserPage(executablePath!));
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await api?.close();
  });

  it("opens a merged id's page with whose record it is now, a link there and the survivor as canonical; the JSON says the same", async () => {
    const answer = await page.goto(`${api.base}/players/N36`);
    expect(answer!.status()).toBe(200);
    expect(await page.locator('h1').innerText()).toBe('N18');
    expect(await page.locator('#merged-into').innerText()).toBe('N36 was merged into N18 (N18) on 2016-09-10 (registered twice): N36, registered as N36, is the same person, so what follows is N18\'s record.');
    expect(await page.locator('#merged-into a').getAttribute('href')).toBe('/players/N18');
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe('/players/N18');
    await expectAccessible(page, 'merged id');
    await screenshot(page, '40-merged-id');
    // the survivor's own page has no such notice
    await page.goto(`${api.base}/players/N18`);
    expect(await page.locator('#merged-into').count()).toBe(0);
    const json = await api.get('/players/N36');
    expect(json.body.mergedInto).toEqual({ absorbed: 'N36', survivor: 'N18', survivorName: 'N18', registeredAs: 'N36', date: '2016-09-10', reason: 'registered twice', merge: expect.any(String) as string });
    expect((await api.get('/players/N18')).body.mergedInto).toBeUndefined();
    expect(problems).toEqual([]);
  });

  it('shows a published list as published in a table, FESA file and CSV alike, with its exact bytes to download', async () => {
    for (const [id, players] of [['L-spring', firstList], ['L-summer', secondList]] as const) {
      await page.goto(`${api.base}/lists/published/${id}`);
      expect(await page.locator('h1').innerText()).toBe(`Published list ${id}`);
      expect(players.length).toBeGreaterThan(10);
      expect(await tableText(page, '#published-list')).toEqual(asShown(players));
      // the download is the bytes whose hash was recorded
      const href = await page.locator('a[download]').first().getAttribute('href');
      const bytes = (await api.request('GET', href!, { headers: { accept: 'text/html' } })).bytes;
      const recorded = ((await api.get('/lists/published')).body.lists as { listId: string; contentHash: string }[]).find((l) => l.listId === id)!;
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(recorded.contentHash);
      expect(await page.locator(`a[href="/lists/published/${id}/diff"]`).count()).toBe(1);
      await expectAccessible(page, `published list ${id}`);
    }
    await screenshot(page, '41-published-list');
    expect(problems).toEqual([]);
  });

  it("counts a tournament's byes apart from its games", async () => {
    const shown = JSON.parse(await cli('tournament', 'show', '02_2nd_nekomadoken', '--json')) as { games: { second: string | null; status: string }[] };
    const byes = shown.games.filter((g) => g.second === null).length;
    expect(byes).toBeGreaterThan(0);
    await page.goto(`${api.base}/tournaments/02_2nd_nekomadoken`);
    expect(await page.locator('main > dl.facts').innerText()).toMatch(new RegExp(`Games\\s+${shown.games.length - byes} and ${byes} byes$`));
  });

  it('opens every link of the public menu without a sign-in, each page accessible, the menu on two lines at most at 390 px', async () => {
    await page.goto(`${api.base}/`);
    const links = await page.locator('header.site nav a').evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
    expect(links.length).toBeGreaterThanOrEqual(4);
    for (const href of links) {
      const answer = await page.goto(`${api.base}${href}`);
      expect(answer!.status(), href).toBe(200);
      await expectAccessible(page, `menu link ${href}`);
    }
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(`${api.base}/`);
    const rows = await page.locator('header.site nav li').evaluateAll((lis) => new Set(lis.map((li) => (li as unknown as { offsetTop: number }).offsetTop)).size);
    expect(rows).toBeLessThanOrEqual(2);
    await screenshot(page, '42-menu-390px');
    await page.setViewportSize({ width: 1100, height: 900 });
    expect(problems).toEqual([]);
  });

  it("shows a published list's bulletin as the CLI prints it, and its JSON is the CLI's", async () => {
    const cliBulletin = JSON.parse(await cli('list', 'bulletin', '--published', 'L-summer', '--json')) as Bulletin;
    expect((await api.get('/lists/published/L-summer/bulletin')).body).toEqual(cliBulletin);
    await page.goto(`${api.base}/lists/published/L-summer`);
    await page.click('text=The bulletin of this list');
    await page.waitForURL(/\/lists\/published\/L-summer\/bulletin$/);
    expect(await page.locator('h1').innerText()).toBe('Bulletin of L-summer');
    expect(await tableText(page, '#bulletin-new')).toEqual(cliBulletin.newPlayers.map((p) => [p.name, String(p.rating), p.grade ?? '—']));
    expect(await tableText(page, '#bulletin-grades')).toEqual(cliBulletin.grades.map((g) => [g.name, g.from ?? '—', g.to ?? '—']));
    const moved = (cs: Bulletin['gains']) => cs.map((c) => [c.name, String(c.before), String(c.after), c.change > 0 ? `+${c.change}` : String(c.change)]);
    expect(await tableText(page, '#bulletin-gains')).toEqual(moved(cliBulletin.gains));
    expect(await tableText(page, '#bulletin-losses')).toEqual(moved(cliBulletin.losses));
    expect(await tableText(page, '#bulletin-corrections')).toEqual([['2nd Nekomado-ken', 'r1-2-7', 'corrected', 'score sheet: the first player won']]);
    await expectAccessible(page, 'bulletin');
    await screenshot(page, '43-bulletin');
    expect(problems).toEqual([]);
  });

  it('offers the publications as a well-formed Atom 1.0 feed, newest first, each entry linking to its page and bulletin', async () => {
    const feed = await api.request('GET', '/lists/published.atom');
    expect(feed.status).toBe(200);
    expect(feed.type).toBe('application/atom+xml; charset=utf-8');
    // parsed by the browser's XML parser: a parse error is a <parsererror> document
    await page.goto(`${api.base}/`);
    const parsed = (await page.evaluate(`((text) => {
      const doc = new DOMParser().parseFromString(text, 'application/xml');
      const atom = 'http://www.w3.org/2005/Atom';
      const one = (el, name) => el.getElementsByTagNameNS(atom, name)[0]?.textContent ?? null;
      const root = doc.documentElement;
      return {
        errors: doc.getElementsByTagName('parsererror').length,
        root: [root.namespaceURI, root.localName],
        id: one(root, 'id'),
        updated: one(root, 'updated'),
        author: one(root, 'name'),
        entries: [...root.getElementsByTagNameNS(atom, 'entry')].map((e) => ({
          id: one(e, 'id'),
          title: one(e, 'title'),
          updated: one(e, 'updated'),
          links: [...e.getElementsByTagNameNS(atom, 'link')].map((l) => [l.getAttribute('rel'), l.getAttribute('href')]),
        })),
      };
    })(${JSON.stringify(feed.bytes.toString('utf8'))})`)) as AtomFeed;
    expect(parsed.errors).toBe(0);
    expect(parsed.root).toEqual(['http://www.w3.org/2005/Atom', 'feed']);
    expect(parsed.id).toBe(`${api.base}/lists/published`);
    expect(parsed.author).toBe('Rating ledger');
    const recorded = (await api.get('/lists/published')).body.lists as { listId: string; recordedAt: string }[];
    expect(parsed.updated).toBe(recorded.map((l) => l.recordedAt).sort().pop());
    expect(parsed.entries.map((e) => e.id)).toEqual(['L-summer', 'L-spring'].map((id) => `${api.base}/lists/published/${id}`));
    for (const e of parsed.entries) {
      expect(e.updated).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
      expect(e.links).toEqual([['alternate', e.id], ['related', `${e.id}/bulletin`], ['enclosure', `${e.id}?download=1`]]);
      // every link of an entry answers
      for (const [, href] of e.links) expect((await api.request('GET', new URL(href!).pathname + new URL(href!).search)).status).toBe(200);
    }
    expect(parsed.entries[0]!.title).toBe('Rating list L-summer as of 2016-09-03 (as-adopted)');
  });
});
