/**
 * In Chromium (issue 29, the read surface's gaps): a US Shogi 1997 player's chart opens with his opening balance, and
 * the auditors' /diff page puts a non-FESA pair side by side with the numbers its JSON gives, a tournament's page
 * asked under another rule set (rules=S, as `tournament show T --rules S`) gives the standings its JSON and the CLI
 * give; the home page of a ledger rating only under US Shogi is its US list (it was FESA's, empty, saying nobody had
 * played), and once FESA rates a tournament too the list page offers both; all pass axe-core.
 */
import * as path from 'path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Api } from './api';
import { browserOrSkip, expectAccessible, openBrowserPage, screenshot, tableText } from '../../support/browser';
import { ledgerProcess, tempDir } from '../../support/helpers';

const executablePath = browserOrSkip('the non-FESA read surface in Chromium');
const US = 'us-shogi-1997-text';

describe.skipIf(executablePath === undefined)('the non-FESA read surface in Chromium', () => {
  const db = path.join(tempDir('rule-set-surface-pages'), 'ledger.db');
  let api: Api;
  let browser: Browser;
  let page: Page;
  let auditor = '';

  const ok = async (...argv: string[]) => {
    const r = await ledgerProcess([...argv, '--db', db, '--actor', 'officer']);
    if (r.code !== 0) throw new Error(`ledger ${argv.join(' ')}: ${r.err}`);
  };

  beforeAll(async () => {
    await ok('init');
    for (const p of ['A', 'B', 'C']) await ok('player', 'add', '--id', p, '--family', `Fam${p}`, '--given', `G${p}`, '--country', 'US');
    await ok('player', 'balance', '--id', 'A', '--rules', US, '--rating', '1800', '--games', '30', '--date', '2026-01-01', '--reason', 'US list');
    await ok('player', 'balance', '--id', 'B', '--rules', US, '--rating', '1600', '--games', '30', '--date', '2026-01-01', '--reason', 'US list');
    await ok('tournament', 'add', '--id', 't1', '--name', 'US one', '--start', '2026-02-07', '--rules', US);
    await ok('game', 'report', '--tournament', 't1', '--game', 'g1', '--round', '1', '--first', 'A', '--second', 'B', '--result', 'win');
    await ok('game', 'report', '--tournament', 't1', '--game', 'g2', '--round', '2', '--first', 'C', '--second', 'B', '--result', 'loss');
    await ok('tournament', 'close', '--id', 't1');
    api = await startApi(db);
    auditor = await api.appoint('aud', 'auditor');
    ({ browser, page } = await openBrowserPage(executablePath!, { httpCredentials: { username: 'aud', password: auditor } }));
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await api?.close();
  });

  it("opens the player's chart with his opening balance", async () => {
    await page.goto(`${api.base}/players/A`);
    const points = page.locator(`section[aria-labelledby="rules-${US}"] svg.chart .point`);
    expect(await points.allTextContents()).toEqual(['opening balance (2026-01-01): 1800', 'US one (2026-02-07): 1800 → 1808 (+8)']);
    await screenshot(page, 'rule-set-surface-player');
    await expectAccessible(page, 'a US Shogi player');
  });

  it('shows a tournament under another rule set (rules=S) with the standings its JSON and tournament show --rules give', async () => {
    type Under = { ruleSet: string; players: { playerId: string; name: string; before: number | null; after: number | null; points: number }[]; asked: { rules: string; enteredAtGrade: boolean } };
    for (const rules of ['pan-atlantic', 'fide']) {
      const answer = await api.get(`/tournaments/t1?rules=${rules}`);
      expect(answer.status).toBe(200);
      const json = answer.body as unknown as Under;
      const cli = await ledgerProcess(['tournament', 'show', 't1', '--rules', rules, '--json', '--db', db]);
      expect(cli.code).toBe(0);
      expect(json).toEqual(JSON.parse(cli.out));
      expect(json.ruleSet).toBe(rules);
      expect(json.asked.rules).toBe(rules);
      await page.goto(`${api.base}/tournaments/t1?rules=${rules}`);
      const rows = await tableText(page, '#players');
      const shown = (n: number | null) => (n === null ? '–' : String(n));
      expect(rows.map((r) => [r[1], r[3], r[4], r[6]])).toEqual(json.players.map((p) => [p.name, shown(p.before), shown(p.after), String(p.points)]));
      expect(await page.locator('#asked-rules').textContent()).toContain(`Every tournament of the ledger rated under ${rules}, as asked`);
      await expectAccessible(page, `a tournament under ${rules}`);
    }
    // fide, with nobody to be rated against, enters them at their grade, and both say so
    expect(((await api.get('/tournaments/t1?rules=fide')).body as unknown as Under).asked.enteredAtGrade).toBe(true);
    expect(await page.locator('#asked-rules').textContent()).toContain('entered at their declared grade');
    await screenshot(page, 'rule-set-surface-tournament-under');
    // the program's file is FESA's alone; an unknown rule set is named
    expect((await api.get('/tournaments/t1?rules=fide&format=fesa-html')).status).toBe(400);
    expect((await api.get('/tournaments/t1?rules=elo')).status).toBe(400);
    expect((await api.get('/tournaments/nope?rules=fide')).status).toBe(404);
  }, 120_000);

  it('shows a non-FESA pair side by side on the /diff page, as its JSON', async () => {
    const url = `/diff?rules=${US}&rules=us-shogi-1997-card&as-of=2026-12-31`;
    const json = (await api.get(url, auditor)).body as { players: { playerId: string; name: string; a: { rating: number; grade: string } | null; b: { rating: number; grade: string } | null; delta: number | null }[] };
    await page.goto(`${api.base}${url}`);
    const rating = (r: { rating: number; grade: string } | null) => (r === null ? '—' : r.grade === '-' ? String(r.rating) : `${r.rating} ${r.grade}`);
    const rows = await tableText(page, 'table');
    expect(rows.map((r) => r.slice(0, 4))).toEqual(json.players.map((p) => [`${p.name} ${p.playerId}`, rating(p.a), rating(p.b), p.delta === null ? '—' : p.delta > 0 ? `+${p.delta}` : String(p.delta)]));
    expect(rows.length).toBe(3);
    await screenshot(page, 'rule-set-surface-diff');
    await expectAccessible(page, 'the side-by-side page');
  });

  const usRows = async () => {
    const json = (await api.get(`/lists?rules=${US}`)).body as { players: { rank: number; name: string; rating: number }[] };
    return json.players.map((p) => [String(p.rank), p.name, String(p.rating)]);
  };

  it('shows the US list on the home page of a ledger that rates only under US Shogi', async () => {
    await page.goto(`${api.base}/`);
    const rows = (await tableText(page, '#rating-list')).map((r) => [r[0]!, r[1]!, r[3]!.replace('*', '')]);
    expect(rows).toEqual(await usRows());
    expect(rows.length).toBe(3);
    expect(await page.locator('main').innerText()).toContain(`every tournament rated under ${US}`);
    expect(await page.locator('nav[aria-label="Lists by rule set"]').count()).toBe(0);
    await screenshot(page, 'rule-set-surface-home');
    await expectAccessible(page, 'the home page of a US Shogi ledger');
  });

  it('offers the FESA list and the US list side by side once FESA rates a tournament too', async () => {
    await ok('tournament', 'add', '--id', 'f1', '--name', 'Shogi cup', '--start', '2026-03-07');
    await ok('game', 'report', '--tournament', 'f1', '--game', 'g1', '--round', '1', '--first', 'A', '--second', 'C', '--result', 'win');
    await ok('tournament', 'close', '--id', 'f1');
    await page.goto(`${api.base}/?as-of=2026-03-07`);
    const nav = page.locator('nav[aria-label="Lists by rule set"]');
    expect(await nav.locator('a').allTextContents()).toEqual(['FESA', US]);
    expect(await nav.locator('a[aria-current="page"]').textContent()).toBe('FESA');
    expect((await tableText(page, '#rating-list')).map((r) => r[1])).toEqual(expect.arrayContaining(['FamA GA', 'FamC GC']));
    await nav.locator(`a:text-is("${US}")`).click();
    await page.waitForURL(/rules=us-shogi-1997-text/);
    expect(await nav.locator('a[aria-current="page"]').textContent()).toBe(US);
    expect((await tableText(page, '#rating-list')).map((r) => [r[0]!, r[1]!, r[3]!.replace('*', '')])).toEqual(await usRows());
    await screenshot(page, 'rule-set-surface-lists');
    await expectAccessible(page, 'the lists offered side by side');
  });
});
