import { createHash } from 'crypto';
import * as path from 'path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Api } from './api';
import { browserOrSkip, expectAccessible, launchChromium, screenshot, SCREENSHOTS, tableText as tableTextOf } from '../../support/browser';
import { chainOf, eventDate, ledger, nekomadoChain, tempDir } from '../../support/helpers';

const executablePath = browserOrSkip('web pages in a browser');

interface ListedPlayer {
  rank: number;
  playerId: string;
  name: string;
  grade: string;
  rating: number;
  games: number;
  provisional: boolean;
  lastPlayed: string;
  country: string;
}
interface Career {
  ratings: { tournamentId: string; name: string; date: string; before: number; after: number; change: number; grade: string }[];
  grades: { date: string; grade: string; from: string; rule: string }[];
  dan: { dan: number; minOpponent: number; games: number; gamesNeeded: number; opponents: string[]; met: boolean }[];
}
interface Crosstable {
  rows: { nr: number; lastName: string; firstName: string; rating: number; provisional: boolean; points: number; change: number | null }[];
  games: { game: string; round: number; second: string | null; status: string }[];
}
interface Explanation {
  tournaments: { tournamentId: string; report: { preRating: number; postRating: number; games?: { opponent: string; opponentRatingUsed: number; expected: number; k: number; change: number }[] } }[];
}
interface Diff {
  runs: { tournamentId: string; playerId: string; oldRating: number | null; newRating: number | null }[];
  list: { playerId: string; oldRating: number | null; newRating: number | null; oldGrade: string; newGrade: string }[];
}

const signed = (n: number): string => (n > 0 ? `+${n}` : String(n));
const points = (p: number): string => (Number.isInteger(p) ? String(p) : p.toFixed(1));

/**
 * The pages as a person uses them in Chromium, on the club's whole chain: open the list, find a name, follow a
 * player to a tournament and to the explanation of his rating change; look up a published list and what changed
 * since; compare two rule sets. Everything shown equals what the CLI says for the same ledger, every page passes
 * axe-core, and the pages' own script runs under their CSP (no console error on any page).
 */
describe.skipIf(executablePath === undefined)('web pages in a browser', () => {
  const dir = tempDir('pages');
  const db = path.join(dir, 'ledger.db');
  const chain = nekomadoChain();
  const lastDate = eventDate(chain[chain.length - 1]!);
  const publishedOn = eventDate(chain[11]!);
  const corrected = '05_5th_nekomadoken';
  let api: Api;
  let browser: Browser;
  let page: Page;
  const problems: string[] = [];

  const cli = async (...argv: string[]) => {
    const r = await ledger(...argv, '--db', db);
    if (r.code !== 0) throw new Error(`${argv.join(' ')}: ${r.err}`);
    return r.out;
  };
  const cliJson = async <T>(...argv: string[]): Promise<T> => JSON.parse(await cli(...argv, '--json')) as T;
  /** The text of every cell of a table's body, row by row, as the browser renders it. */
  const tableText = (selector: string): Promise<string[][]> => tableTextOf(page, selector);
  const heading = () => page.locator('h1').innerText();
  const visit = async (name: string, what: string) => {
    await expectAccessible(page, what);
    await screenshot(page, name);
  };

  beforeAll(async () => {
    await cli('fesa', 'import', chainOf(chain), '--reconcile');
    await cli('list', 'publish', '--id', 'L-club', '--as-of', publishedOn, '--format', 'fesa');
    // a correction after the publication: the published list stays, "what changed since" shows it
    await cli('game', 'correct', '--game', 'r2-2-8', '--tournament', corrected, '--result', 'win', '--reason', 'score sheet: the first player won', '--decided', '2017-06-01');
    api = await startApi(db);
    browser = await launchChromium(executablePath!);
    page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
    // a CSP refusal or a script error shows in the console: the pages must have none
    page.on('console', (m) => (m.type() === 'error' ? problems.push(`${m.text()} (${m.location().url})`) : undefined));
    page.on('pageerror', (e) => problems.push(e.message));
  });
  afterAll(async () => {
    await browser?.close();
    await api?.close();
  });

  it('shows the list of a date as the CLI lists it, pages it, searches it by name and sorts it', async () => {
    // today nobody of the club is active (its last tournament was years ago): the home page says so and links on
    await page.goto(`${api.base}/`);
    expect(await heading()).toBe('Current rating list');
    expect(await page.locator('main').innerText()).toContain(`The last rated tournament ended on ${lastDate}`);
    await visit('00-home', 'home page');
    // on a phone (390 px wide) the menu is the site's name over one line of links, not three lines
    await page.setViewportSize({ width: 390, height: 800 });
    const tops = await page.evaluate<number[]>(`[...document.querySelectorAll('header.site nav li:not(.brand)')].map((li) => Math.round(li.getBoundingClientRect().top))`);
    expect(tops.length).toBeGreaterThan(3);
    expect(new Set(tops).size).toBe(1);
    await page.setViewportSize({ width: 1100, height: 900 });
    await page.click('text=the list of that date');
    // the dated list's address is the API's: copied into a script it gives the list
    await page.waitForURL(new RegExp(`/lists\\?as-of=${lastDate}$`));
    expect(await heading()).toBe(`Rating list of ${lastDate}`);
    const listed = (await cliJson<{ players: ListedPlayer[] }>('list', '--as-of', lastDate)).players;
    const asShown = (players: ListedPlayer[]) => players.map((p) => [String(p.rank), p.name, p.grade, `${p.rating}${p.provisional ? '*' : ''}`, String(p.games), p.lastPlayed, p.country]);
    expect(listed.length).toBeGreaterThan(100);
    expect(await page.locator('#rating-list caption').innerText()).toBe(`Rating list of ${lastDate}: ${listed.length} players, 100 a page`);
    expect(await tableText('#rating-list')).toEqual(asShown(listed.slice(0, 100)));
    expect(await page.locator('.provenance').innerText()).toMatch(/^Computed \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC from the log up to position \d+, rule set as-adopted\.$/);
    const downloads = await page.evaluate<string[]>(`[...document.querySelectorAll('.downloads a')].map((a) => a.getAttribute('href'))`);
    expect(downloads).toEqual(['fesa', 'fesa-all', 'table', 'csv', 'json'].map((f) => `/lists?as-of=${lastDate}&format=${f}`));
    // a download link gives the list's bytes, as the CLI writes them
    const csv = await api.request('GET', downloads[3]!, { headers: { accept: 'text/html' } });
    expect(csv.bytes.toString()).toBe(await cli('list', '--as-of', lastDate, '--format', 'csv'));
    // the provisional mark is explained under the table, on screen and on paper (not only on hover)
    expect(listed.some((p) => p.provisional)).toBe(true);
    expect(await page.locator('#provisional-note').innerText()).toBe('* provisional rating: fewer rated games than the rules need for an established one.');
    await visit('01-list', 'list page');
    await page.locator('a[rel="next"]').first().click();
    await page.waitForURL(/page=2/);
    expect(await tableText('#rating-list')).toEqual(asShown(listed.slice(100)));

    // searching asks the server for the whole list's matches (works without the script)
    const matching = listed.filter((p) => p.name.includes('N2'));
    await page.fill('#search', 'N2');
    await page.press('#search', 'Enter');
    await page.waitForURL(/q=N2/);
    expect(await tableText('#rating-list')).toEqual(asShown(matching));
    expect(await page.locator('#search-status').innerText()).toBe(`${matching.length} of ${listed.length} match "N2"`);
    await visit('02-list-search', 'searched list');
    // on a list that fits one page the script narrows the rows while one types
    await page.fill('#search', 'N24');
    expect(await tableText('#rating-list')).toEqual(asShown(matching.filter((p) => p.name.includes('N24'))));
    expect(await page.locator('#search-status').innerText()).toBe(`${matching.filter((p) => p.name.includes('N24')).length} shown`);
    // and sorts by a click on a heading
    await page.fill('#search', '');
    await page.click('#rating-list thead a[data-sort-key="games"]');
    expect((await tableText('#rating-list')).map((r) => Number(r[4]))).toEqual(matching.map((p) => p.games).sort((a, b) => a - b));
    // the server sorts the whole list through the same heading's link
    await page.goto(`${api.base}/?as-of=${lastDate}&sort=games&dir=desc`);
    expect((await tableText('#rating-list')).map((r) => Number(r[4]))).toEqual(listed.map((p) => p.games).sort((a, b) => b - a).slice(0, 100));
    expect(problems).toEqual([]);
  });

  it('follows a player from the list to a tournament and to the explanation of his change, with the CLI\'s numbers', async () => {
    await page.goto(`${api.base}/?as-of=${lastDate}`);
    await page.click('#rating-list a[href="/players/N2"]');
    await page.waitForURL(/\/players\/N2$/);
    expect(await heading()).toBe('N2');
    const career = await cliJson<Career>('history', 'N2');
    const tournaments = await tableText('#tournaments');
    // a first rating has no rating before it: a dash, not 0 and +2262
    expect(career.ratings[0]!.before).toBe(0);
    expect(tournaments.map((r) => r.slice(0, 5))).toEqual(career.ratings.map((r) => [r.date, r.name, r.before === 0 ? '—' : String(r.before), String(r.after), r.before === 0 ? 'first rating' : signed(r.change)]));
    expect(tournaments.map((r) => r[7])).toEqual(career.ratings.map((r) => r.grade));
    // the chart: one point per tournament, titled with the tournament and its change; promotions marked
    const titles = await page.locator('svg.chart .point title').allTextContents();
    expect(titles.length).toBe(career.ratings.length);
    const last = career.ratings[career.ratings.length - 1]!;
    expect(titles[titles.length - 1]).toBe(`${last.name} (${last.date}): ${last.before} → ${last.after} (${signed(last.change)})`);
    expect(await page.locator('svg.chart .promotion').count()).toBeGreaterThan(0);
    // grade history with the rule behind each promotion, and the dan counts
    // grades reached one after the other at one game by one rule are one row: from the first to the last
    const grades = await tableText('#grades');
    expect(grades.length).toBeLessThan(career.grades.length);
    expect(grades.map((r) => r[2])).toContain(career.grades.at(-1)!.grade);
    let at = 0;
    for (const row of grades) {
      const grades = Number(/\((\d+) grades at once\)$/.exec(row[3]!)?.[1] ?? 1);
      expect([row[0], row[1], row[2]]).toEqual([career.grades[at]!.date, career.grades[at]!.from, career.grades[at + grades - 1]!.grade]);
      at += grades;
    }
    expect(at).toBe(career.grades.length);
    expect(await tableText('#dan')).toEqual(career.dan.map((d) => [`${d.dan} Dan`, String(d.minOpponent), String(d.games), String(d.gamesNeeded), String(d.opponents.length), d.met ? 'yes' : 'no']));
    await visit('03-player', 'player page');
    // printed: no navigation, forms or links to other pages' actions; the chart and the tables stay (a PDF to look at)
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('header.site nav').isVisible()).toBe(false);
    expect(await page.locator('p.no-print').isVisible()).toBe(false);
    expect(await page.locator('svg.chart').isVisible()).toBe(true);
    expect(await page.locator('.provenance').isVisible()).toBe(true);
    await page.pdf({ path: path.join(SCREENSHOTS, '03-player.pdf'), format: 'A4' });
    await page.emulateMedia({ media: 'screen' });

    // to the tournament whose game was corrected
    await page.click(`#tournaments a[href="/tournaments/${corrected}"]`);
    await page.waitForURL(new RegExp(`/tournaments/${corrected}$`));
    const shown = await cliJson<Crosstable>('tournament', 'show', corrected);
    const crosstable = await tableText('#crosstable');
    expect(crosstable.map((r) => [r[0], r[1], r[4], r[5], r[r.length - 3], r[r.length - 2]])).toEqual(
      shown.rows.map((r) => [String(r.nr), `${r.lastName}${r.firstName ? ` ${r.firstName}` : ''}`, r.provisional ? '-' : String(r.rating), r.provisional ? `${r.rating}*` : String(r.rating + (r.change ?? 0)), points(r.points), r.change === null ? '' : signed(r.change)]),
    );
    expect((await tableText('#games')).map((r) => [r[0], r[1], r[6]])).toEqual(shown.games.map((g) => [g.game, String(g.round), g.status]));
    // each round's cell names its game by id (both players' cells; a bye's one), a link to the game's row
    const played = shown.games.filter((g) => g.status !== 'withdrawn');
    expect((await page.locator('#crosstable a.game-id').allInnerTexts()).sort()).toEqual(played.flatMap((g) => (g.second === null ? [g.game] : [g.game, g.game])).sort());
    await page.locator('#crosstable a.game-id', { hasText: 'r2-2-8' }).first().click();
    expect(new URL(page.url()).hash).toBe('#game-r2-2-8');
    expect(await page.locator('#games tr:target th').innerText()).toBe('r2-2-8');
    // the officer who corrected it is not named to the public (a name is personal data)
    expect(await tableText('#amendments')).toEqual([['2017-06-01', expect.stringMatching(/ UTC \(position \d+\)$/), 'r2-2-8', 'corrected', 'score sheet: the first player won']]);
    await visit('04-tournament', 'tournament page');

    // one click to the explanation of N2's games there
    await page.click(`#crosstable a[href="/players/N2/explain?tournament=${corrected}"]`);
    await page.waitForURL(/\/players\/N2\/explain\?tournament=/);
    const explained = (await cliJson<Explanation>('explain', 'N2', '--tournament', corrected)).tournaments[0]!.report;
    expect(await page.locator('main p').nth(1).innerText()).toContain(`${explained.preRating} → ${explained.postRating}`);
    const games = await tableText('main table');
    expect(games.map((r) => [r[1], r[2], r[5], r[6], r[10]])).toEqual(
      (explained.games ?? []).map((g) => [g.opponent, String(g.opponentRatingUsed), g.expected.toFixed(4), String(g.k), `${g.change >= 0 ? '+' : ''}${Number.isInteger(g.change) ? g.change : g.change.toFixed(2)}`]),
    );
    await visit('05-explanation', 'explanation page');
    expect(problems).toEqual([]);
  });

  it('shows a published list with its hash and exact bytes, and what changed since for an auditor', async () => {
    await page.goto(`${api.base}/`);
    await page.click('nav >> text=Published lists');
    expect(await heading()).toBe('Published lists');
    const [published] = (await api.get('/lists/published')).body.lists as { listId: string; asOf: string; contentHash: string }[];
    expect(await tableText('#published-lists')).toEqual([['L-club', publishedOn, 'as-adopted', 'FESA post list (ratingliste.post)', expect.stringMatching(/log position \d+$/), published!.contentHash, 'bytes', 'changes']]);
    const bytesLink = await page.locator('#published-lists a[download]').getAttribute('href');
    const bytes = await api.request('GET', bytesLink!, { headers: { accept: 'text/html' } });
    expect(createHash('sha256').update(bytes.bytes).digest('hex')).toBe(published!.contentHash);
    await visit('06-published', 'published lists');
    await page.click('#published-lists a:text("changes")');
    await page.waitForURL(/\/lists\/published\/L-club\/diff$/);
    const diff = await cliJson<Diff>('diff', '--published', 'L-club');
    expect(diff.runs.some((r) => r.tournamentId === corrected)).toBe(true);
    const runs = await tableText('table.diff-runs');
    const rating = (r: number | null) => (r === null ? '—' : String(r));
    expect(runs.map((r) => [r[0], r[1], r[2]])).toEqual(diff.runs.map((r) => [r.playerId, rating(r.oldRating), rating(r.newRating)]));
    expect((await tableText('#diff-list')).map((r) => [r[0], r[1], r[2]])).toEqual(diff.list.map((l) => [l.playerId, rating(l.oldRating), rating(l.newRating)]));
    // why it changed: the correction recorded after the publication, with its tournament, game, reason and officer
    const correctedName = (await api.get(`/tournaments/${corrected}`)).body.name as string;
    expect(await tableText('#since')).toEqual([['2017-06-01', expect.stringMatching(/ UTC \(position \d+\)$/), correctedName, 'r2-2-8', 'corrected', 'score sheet: the first player won']]);
    expect(await page.locator('#since th a').getAttribute('href')).toBe(`/tournaments/${corrected}#game-r2-2-8`);
    await visit('07-published-diff', 'what changed since');
    expect(problems).toEqual([]);
  });

  it('puts two rule sets side by side on a date for an auditor signed in with the token as the password', async () => {
    // not signed in: the server asks the browser for its sign-in box (HTTP Basic); headless, with nobody to type in it,
    // Chromium gives up on the page
    // (and reports the refused load on its console, which is no fault of the pages)
    page.removeAllListeners('console');
    await expect(page.goto(`${api.base}/diff`)).rejects.toThrow(/ERR_INVALID_AUTH_CREDENTIALS/);
    // the browser's own sign-in (HTTP Basic): the officer's name, the token as the password
    const token = await api.appoint('auditor-1', 'auditor');
    const signedIn = await browser.newContext({ viewport: { width: 1100, height: 900 }, httpCredentials: { username: 'auditor-1', password: token } });
    page = await signedIn.newPage();
    page.on('console', (m) => (m.type() === 'error' ? problems.push(`${m.text()} (${m.location().url})`) : undefined));
    page.on('pageerror', (e) => problems.push(e.message));
    await page.goto(`${api.base}/diff`);
    expect(await heading()).toBe('Rule sets side by side');
    await page.fill('#as-of', lastDate);
    await page.selectOption('#rules-a', 'fesa');
    await page.selectOption('#rules-b', 'fesa-published');
    await page.click('button:text("Compare")');
    await page.waitForURL(/as-of=/);
    const diff = await cliJson<Diff>('diff', '--rules', 'fesa', '--rules', 'fesa-published', '--as-of', lastDate);
    expect(diff.list.some((l) => l.oldGrade !== l.newGrade)).toBe(true);
    const rating = (r: number | null) => (r === null ? '—' : String(r));
    expect((await tableText('#diff-list')).map((r) => [r[0], r[1], r[2], r[4], r[5]?.replace(' (differs)', '')])).toEqual(diff.list.map((l) => [l.playerId, rating(l.oldRating), rating(l.newRating), l.oldGrade, l.newGrade]));
    expect((await tableText('table.diff-runs')).length).toBe(diff.runs.length);
    // what the two rule sets are and where they differ, and each grade one click from the rule behind it
    expect(await tableText('#rule-options')).toContainEqual(['provisionalPromotion', expect.stringContaining('promote'), '"ub-plus-one"', '"ub"']);
    const differs = diff.list.find((l) => l.oldGrade !== l.newGrade)!;
    expect(await page.locator(`#diff-list a[href="/players/${differs.playerId}?rules=fesa-published#grades-heading"]`).innerText()).toBe(differs.newGrade);
    await visit('08-rule-sets', 'rule sets side by side');
    expect(problems).toEqual([]);
  });

  // eleven kinds of page, each printed to a PDF and checked by axe-core twice: on a busy machine that takes minutes
  it('answers every kind of page at its API URL, without JavaScript, accessible, printable, saying when and from which log position', async () => {
    const token = await api.appoint('auditor-2', 'auditor');
    // the club's first list entry of the last date, and what each kind of page must show a person
    const [first] = (await cliJson<{ players: ListedPlayer[] }>('list', '--as-of', lastDate)).players;
    const tournamentName = (await cliJson<{ name: string }>('tournament', 'show', corrected)).name;
    // [kind, URL, a text the page shows, what a script gets at the same URL: a JSON field, or the published bytes]
    const kinds: [kind: string, url: string, shows: string, script: string][] = [
      ['list of today', '/', `The last rated tournament ended on ${lastDate}`, 'routes'],
      ['list of a date', `/lists?as-of=${lastDate}`, first!.name, 'players'],
      ['players', '/players', 'N2', 'players'],
      ['player', '/players/N2', 'Dan-qualifying games', 'career'],
      ['explanation', `/players/N2/explain?tournament=${corrected}`, `N2 in ${tournamentName}: game by game`, 'tournaments'],
      ['tournaments', '/tournaments', tournamentName, 'tournaments'],
      ['tournament', `/tournaments/${corrected}`, 'score sheet: the first player won', 'rows'],
      ['published lists', '/lists/published', 'L-club', 'lists'],
      ['published list', '/lists/published/L-club', 'Download the list exactly as published', 'bytes'],
      ['what changed since', '/lists/published/L-club/diff', 'score sheet: the first player won', 'list'],
      ['rule sets', `/diff?as-of=${lastDate}&rules=fesa&rules=fesa-published`, 'provisionalPromotion', 'list'],
    ];
    // no script at all: what a person sees is the server's HTML (the auditor signed in through the browser's box)
    const noScript = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1100, height: 900 }, httpCredentials: { username: 'auditor-2', password: token } });
    const withScript = await browser.newContext({ viewport: { width: 1100, height: 900 }, httpCredentials: { username: 'auditor-2', password: token } });
    try {
      const bare = await noScript.newPage();
      const checked = await withScript.newPage();
      for (const [kind, url, shows, script] of kinds) {
        const answer = await bare.goto(`${api.base}${url}`);
        expect({ kind, status: answer!.status() }).toEqual({ kind, status: 200 });
        expect(await bare.locator('main').innerText(), kind).toContain(shows);
        expect(await bare.locator('h1').count(), kind).toBe(1);
        expect(await bare.locator('.provenance').innerText(), kind).toMatch(/^Computed \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC from the log up to position \d+(, rule set [\w-]+)?\.$/);
        // every table has a caption and header cells for its columns
        const tables = await bare.evaluate<{ caption: boolean; headers: number }[]>(`[...document.querySelectorAll('main table')].map((t) => ({ caption: t.caption !== null, headers: t.querySelectorAll('thead th[scope=col]').length }))`);
        for (const t of tables) expect({ kind, ...t }).toEqual({ kind, caption: true, headers: expect.any(Number) as number });
        expect(tables.every((t) => t.headers > 0), kind).toBe(true);
        // printed: the heading, the content and the provenance; no navigation, forms or pagers
        await bare.emulateMedia({ media: 'print' });
        expect(await bare.locator('h1').isVisible(), kind).toBe(true);
        expect(await bare.locator('.provenance').isVisible(), kind).toBe(true);
        expect(await bare.locator('header.site nav').isVisible(), kind).toBe(false);
        for (const hidden of await bare.locator('main form, main .pager').all()) expect(await hidden.isVisible(), kind).toBe(false);
        await bare.pdf({ path: path.join(SCREENSHOTS, `print-${kind.replaceAll(' ', '-')}.pdf`), format: 'A4' });
        await screenshot(bare, `print-${kind.replaceAll(' ', '-')}`);
        await bare.emulateMedia({ media: 'screen' });
        // axe-core runs as a script: on the same page with scripts allowed
        await checked.goto(`${api.base}${url}`);
        await expectAccessible(checked, kind);
        await screenshot(checked, `kind-${kind.replaceAll(' ', '-')}`);
        // the URL copied from the browser works in a script: JSON (a published list: its exact bytes)
        const fromScript = await api.request('GET', url, { token, headers: { accept: script === 'bytes' ? '*/*' : 'application/json' } });
        expect({ kind, status: fromScript.status, json: fromScript.type.startsWith('application/json') }).toEqual({ kind, status: 200, json: script !== 'bytes' });
        if (script !== 'bytes') expect(Object.keys(fromScript.body), kind).toContain(script);
      }
    } finally {
      await noScript.close();
      await withScript.close();
    }
  }, 300_000);
});
