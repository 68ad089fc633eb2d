import * as path from 'path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Api } from './api';
import { browserOrSkip, expectAccessible, launchChromium, screenshot } from './browser';
import { chainOf, eventDate, ledger, nekomadoChain, tempDir } from '../ledger/helpers';

const executablePath = browserOrSkip('web pages in a browser');

/**
 * The pages as a person uses them in Chromium, on the club's whole chain: open the list, find a name, follow a
 * player to a tournament and to the explanation of his rating change; everything shown equals what the CLI says
 * for the same ledger, every page passes axe-core, and the pages' own script runs under their CSP.
 */
describe.skipIf(executablePath === undefined)('web pages in a browser', () => {
  const dir = tempDir('pages');
  const db = path.join(dir, 'ledger.db');
  const chain = nekomadoChain();
  const lastDate = eventDate(chain[chain.length - 1]!);
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
  const cells = (selector: string) => page.locator(selector).allInnerTexts();

  beforeAll(async () => {
    await cli('fesa', 'import', chainOf(chain), '--reconcile');
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

  it('shows the list of a date as the CLI lists it, searchable by name, and passes axe-core', async () => {
    await page.goto(`${api.base}/?as-of=${lastDate}`);
    expect(await page.locator('h1').innerText()).toBe(`Rating list of ${lastDate}`);
    const listed = await cliJson<{ players: { rank: number; playerId: string; name: string; grade: string; rating: number; games: number; provisional: boolean; lastPlayed: string; country: string }[] }>('list', '--as-of', lastDate);
    // 114 players: a page of 100 and the next page
    const rows = page.locator('#rating-list tbody tr');
    const expectRows = async (players: typeof listed.players) => {
      expect(await rows.count()).toBe(players.length);
      for (const [i, p] of players.entries()) {
        expect(await rows.nth(i).locator('td, th').allInnerTexts()).toEqual([String(p.rank), p.name, p.grade, `${p.rating}${p.provisional ? '*' : ''}`, String(p.games), p.lastPlayed, p.country]);
      }
    };
    expect(listed.players.length).toBeGreaterThan(100);
    expect(await page.locator('caption').first().innerText()).toBe(`Rating list of ${lastDate}: ${listed.players.length} players, 100 a page`);
    await expectRows(listed.players.slice(0, 100));
    expect(await page.locator('.provenance').innerText()).toMatch(/^Computed \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC from the log up to position \d+, rule set as-adopted\.$/);
    await expectAccessible(page, 'list page');
    await screenshot(page, '01-list');
    await page.locator('a[rel="next"]').first().click();
    await page.waitForURL(/page=2/);
    await expectRows(listed.players.slice(100));

    // searching asks the server for the whole list's matches (works without the script)
    const matching = listed.players.filter((p) => p.name.includes('N2'));
    await page.fill('#search', 'N2');
    await page.press('#search', 'Enter');
    await page.waitForURL(/q=N2/);
    expect(await cells('#rating-list tbody th')).toEqual(matching.map((p) => p.name));
    expect(await page.locator('#search-status').innerText()).toBe(`${matching.length} of ${listed.players.length} match "N2"`);
    await screenshot(page, '02-list-search');
    // on a list that fits one page the script narrows the rows while one types
    await page.fill('#search', 'N24');
    expect(await cells('#rating-list tbody tr:not([hidden]) th')).toEqual(matching.filter((p) => p.name.includes('N24')).map((p) => p.name));
    expect(await page.locator('#search-status').innerText()).toBe(`${matching.filter((p) => p.name.includes('N24')).length} shown`);
    // and sorts by a click on a heading
    await page.fill('#search', '');
    await page.click('#rating-list thead a[data-sort-key="games"]');
    const games = (await cells('#rating-list tbody td:nth-child(5)')).map(Number);
    expect(games).toEqual(matching.map((p) => p.games).sort((a, b) => a - b));
    // the server sorts the whole list through the same heading's link
    await page.goto(`${api.base}/?as-of=${lastDate}&sort=games&dir=desc`);
    expect((await cells('#rating-list tbody td:nth-child(5)')).map(Number)).toEqual(listed.players.map((p) => p.games).sort((a, b) => b - a).slice(0, 100));
    expect(problems).toEqual([]);
  });

  it('follows a player from the list to his career and a game-by-game explanation, with the CLI\'s numbers', async () => {
    await page.goto(`${api.base}/?as-of=${lastDate}`);
    await page.click('#rating-list a[href="/players/N2"]');
    await page.waitForURL(/\/players\/N2$/);
    expect(await page.locator('h1').innerText()).toBe('N2');
    const career = await cliJson<{ ratings: { tournamentId: string; name: string; date: string; before: number; after: number; change: number; grade: string }[]; grades: { date: string; grade: string; from: string; rule: string }[]; dan: { dan: number; minOpponent: number; games: number; gamesNeeded: number; opponents: string[]; met: boolean }[] }>('history', 'N2');
    const rows = page.locator('#tournaments tbody tr');
    expect(await rows.count()).toBe(career.ratings.length);
    for (const [i, r] of career.ratings.entries()) {
      const shown = await rows.nth(i).locator('td, th').allInnerTexts();
      expect(shown.slice(0, 5)).toEqual([r.date, r.name, String(r.before), String(r.after), r.change > 0 ? `+${r.change}` : String(r.change)]);
      expect(shown[7]).toBe(r.grade);
    }
    // the chart: one point per tournament, each titled with the tournament and its change; promotions marked
    const titles = await page.locator('svg.chart .point title').allTextContents();
    expect(titles.length).toBe(career.ratings.length);
    const last = career.ratings[career.ratings.length - 1]!;
    expect(titles[titles.length - 1]).toContain(`${last.name} (${last.date}): ${last.before} → ${last.after}`);
    expect(await page.locator('svg.chart .promotion').count()).toBeGreaterThan(0);
    // grade history with the rule behind each promotion, and the dan counts
    expect(await page.locator('#grades tbody tr').count()).toBe(career.grades.length);
    expect(await cells('#grades tbody th')).toEqual(career.grades.map((g) => g.grade));
    const danRows = page.locator('#dan tbody tr');
    for (const [i, d] of career.dan.entries()) {
      expect(await danRows.nth(i).locator('td, th').allInnerTexts()).toEqual([`${d.dan} Dan`, String(d.minOpponent), String(d.games), String(d.gamesNeeded), String(d.opponents.length), d.met ? 'yes' : 'no']);
    }
    await expectAccessible(page, 'player page');
    await screenshot(page, '03-player');
  });
});
