import * as path from 'path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Api } from './api';
import { browserOrSkip, expectAccessible, openBrowserPage, screenshot, tableText } from '../../support/browser';
import { FIXTURES, ledger, tempDir } from '../../support/helpers';

const executablePath = browserOrSkip('every rule set on the web pages');

interface ShownTournament {
  name: string;
  endDate: string;
  ruleSet: string;
  players: { playerId: string; name: string; before: number | null; after: number | null; points: number }[];
  games: { first: string; second: string | null; rated: string; status: string }[];
}

/**
 * A chess player of a TRF file and a go player of an EGD file, on one ledger without any FESA tournament: each
 * player's page shows his rating under the rule set that rated him (fide, gobase-go) with its chart and his
 * tournament's before → after, as `tournament show` and `ledger list --rules S` give them — not the FESA career he
 * does not have; the tournament's standings and the fide list link to him; the pages pass axe-core.
 */
describe.skipIf(executablePath === undefined)('every rule set on the web pages', () => {
  const dir = tempDir('rule-set-pages');
  const db = path.join(dir, 'ledger.db');
  let api: Api;
  let browser: Browser;
  let page: Page;
  let problems: string[] = [];

  const cli = async (...argv: string[]): Promise<string> => {
    const r = await ledger(...argv, '--db', db);
    if (r.code !== 0) throw new Error(`${argv.join(' ')}: ${r.err}`);
    return r.out;
  };
  const shown = async (id: string): Promise<ShownTournament> => JSON.parse(await cli('tournament', 'show', id, '--json')) as ShownTournament;
  const signed = (n: number) => (n > 0 ? `+${n}` : String(n));
  const text = (selector: string) => page.locator(selector).innerText();

  beforeAll(async () => {
    // the seed's systems, named: a TRF import is rated under fide-2024 and an EGD table under egd-gor unless told
    await cli('trf', 'import', path.join(FIXTURES, 'trf', 'grandmommyscup.trf'), '--tournament', 'gm', '--rules', 'fide');
    await cli('egd', 'import', path.join(FIXTURES, 'egd', 'opengotha-tournoi-de-juvisy.h9'), '--tournament', 'juv', '--rules', 'gobase-go');
    api = await startApi(db);
    ({ browser, page, problems } = await openBrowserPage(executablePath!));
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await api?.close();
  });

  /** His section under `ruleSet`: rating now, the chart's opening point and the tournament's, the tournament's row; no FESA career. */
  const expectRatedUnder = async (ruleSet: string, t: ShownTournament, p: ShownTournament['players'][number]) => {
    expect(await page.locator('h1').innerText()).toBe(p.name);
    expect(await text(`#rules-${ruleSet}`)).toBe(`Under ${ruleSet}`);
    const section = page.locator(`section[aria-labelledby="rules-${ruleSet}"]`);
    const facts = await section.locator('dl.facts').innerText();
    expect(facts).toMatch(new RegExp(`Rating now\\s+${p.after}\\s`));
    // as the rule set's list gives him (rating, games as its state counts them, grade where it has grades)
    const listed = (JSON.parse(await cli('list', '--rules', ruleSet, '--json')) as { players: { id: string; rating: number; games: number; grade?: string }[] }).players.find((r) => r.id === p.playerId)!;
    expect(listed.rating).toBe(p.after);
    expect(facts).toMatch(new RegExp(`Rated games\\s+${listed.games}\\s`));
    if (listed.grade !== undefined) expect(facts).toMatch(new RegExp(`Grade now\\s+${listed.grade}\\s`));
    else expect(facts).not.toContain('Grade now');
    // the chart: a real SVG opening with the rating he entered with (the import's opening balance), then one point
    // for his one tournament, titled with it and his change
    const points = section.locator('svg.chart .point');
    expect(await points.count()).toBe(2);
    expect(await points.nth(0).getAttribute('class')).toBe('point opening');
    expect(await points.nth(0).locator('title').textContent()).toMatch(new RegExp(`^opening balance \\(\\d{4}-\\d\\d-\\d\\d\\): ${p.before}$`));
    expect(await points.nth(1).locator('title').textContent()).toBe(`${t.name} (${t.endDate}): ${p.before} → ${p.after} (${signed(p.after! - p.before!)})`);
    expect(await section.locator('svg.chart path.line').getAttribute('d')).toMatch(/^M\d+(\.\d)?,\d+(\.\d)? L\d+(\.\d)?,\d+(\.\d)?$/);
    const played = t.games.filter((g) => g.status !== 'withdrawn' && g.second !== null && (g.first === p.playerId || g.second === p.playerId));
    const rated = played.filter((g) => g.rated === 'yes');
    expect(rated.length).toBeGreaterThan(0);
    expect(await tableText(page, `#tournaments-${ruleSet}`)).toEqual([[t.endDate, t.name, String(p.before), String(p.after), signed(p.after! - p.before!), String(played.length), String(rated.length), 'explain']]);
    // a player without a FESA record: no FESA career, no shogi dan-qualifying table, not "not rated yet"
    const body = await page.locator('main').innerText();
    for (const absent of ['not rated yet', 'No rated tournament yet', 'Dan-qualifying games']) expect(body).not.toContain(absent);
    expect(await page.locator('#dan').count()).toBe(0);
    expect(await page.locator('main > dl.facts').innerText()).not.toMatch(/Rating now|Grade now/);
    return facts;
  };

  it('shows a TRF-imported chess player his fide rating with its chart, from the standings of his tournament and from the fide list', async () => {
    const t = await shown('gm');
    expect(t.ruleSet).toBe('fide');
    const p = t.players[0]!;
    expect([p.before, p.after]).toEqual([2586, 2558]);
    await page.goto(`${api.base}/tournaments/gm`);
    // the standings under fide: rating before and after, points, games
    const standings = await tableText(page, '#players');
    const played = t.games.filter((g) => g.status !== 'withdrawn' && g.second !== null && (g.first === p.playerId || g.second === p.playerId)).length;
    expect(standings[0]!.slice(1, 8)).toEqual([p.name, expect.any(String), '2586', '2558', '-28', String(p.points), String(played)]);
    await page.click(`#players a[href="/players/${p.playerId}"]`);
    await page.waitForURL(new RegExp(`/players/${p.playerId}$`));
    await expectRatedUnder('fide', t, p);
    // his history under fide says the same
    const history = JSON.parse(await cli('history', p.playerId, '--rules', 'fide', '--json')) as { tournaments: { before: number; after: number }[] };
    expect(history.tournaments.map((x) => [x.before, x.after])).toEqual([[2586, 2558]]);
    await expectAccessible(page, 'player page of a TRF-imported player');
    await screenshot(page, '40-player-fide');
    // his games under fide explained in fide's own terms, one click from his record under it
    await page.click(`#tournaments-fide a[href="/players/${p.playerId}/explain?rules=fide&tournament=gm"]`);
    await page.waitForURL(/\/explain\?rules=fide&tournament=gm$/);
    expect(await page.locator('h1').innerText()).toMatch(/ under fide: game by game$/);
    expect(await page.locator('section table tbody tr').count()).toBe(played);
    expect(await page.locator('section table tbody tr td:last-child').first().innerText()).toMatch(/\bK\b|\bk\b/i);
    await expectAccessible(page, 'a TRF-imported player\'s explanation under fide');
    await screenshot(page, '41-explain-fide');
    await page.goBack();
    // a script at the same URL gets the same
    const json = (await api.get(`/players/${p.playerId}`)).body as { ruleSets: { ruleSet: string; rating: number; tournaments: { tournamentId: string; before: number; after: number }[] }[] };
    expect(json.ruleSets.map((r) => [r.ruleSet, r.rating, r.tournaments.map((x) => [x.tournamentId, x.before, x.after])])).toEqual([['fide', 2558, [['gm', 2586, 2558]]]]);
    // the fide list names him, linked to his page
    await page.goto(`${api.base}/lists?rules=fide`);
    const link = page.locator(`#rating-list a[href="/players/${p.playerId}"]`);
    expect(await link.innerText()).toBe(p.name);
    await expectAccessible(page, 'the fide list');
    await link.click();
    await page.waitForURL(new RegExp(`/players/${p.playerId}$`));
    expect(await text(`#rules-fide`)).toBe('Under fide');
    expect(problems).toEqual([]);
  });

  it('shows an EGD-imported go player his gobase-go rating beside a legacy list\'s pan-atlantic balance and grade, and the go tournament\'s standings pass axe', async () => {
    const t = await shown('juv');
    expect(t.ruleSet).toBe('gobase-go');
    const p = t.players.find((x) => x.before !== null && x.after !== null && x.after !== x.before)!;
    // a legacy pan-atlantic list gives him a second rule set with its grade, without a tournament under it yet
    await cli('player', 'balance', '--id', p.playerId, '--rules', 'pan-atlantic', '--rating', '1700', '--games', '20', '--grade', '1 Dan', '--date', '2025-01-01', '--reason', 'the club\'s legacy list');
    await page.goto(`${api.base}/tournaments/juv`);
    await expectAccessible(page, 'go tournament page');
    await page.click(`#players a[href="/players/${p.playerId}"]`);
    await page.waitForURL(new RegExp(`/players/${p.playerId}$`));
    // his grade read off GoBase's scale (gobase-go.md §1: 1 dan = 1900, 100 points a grade)
    const grade = p.after! >= 1900 ? `${Math.floor((p.after! - 1900) / 100) + 1}-dan` : `${Math.ceil((1900 - p.after!) / 100)}-kyu`;
    expect(await expectRatedUnder('gobase-go', t, p)).toMatch(new RegExp(`Grade now\\s+${grade}\\s`));
    expect(await page.locator('section.rule-set h2').allInnerTexts()).toEqual(['Under pan-atlantic', 'Under gobase-go']);
    const legacy = page.locator('section[aria-labelledby="rules-pan-atlantic"]');
    expect(await legacy.locator('dl.facts').innerText()).toMatch(/Rating now\s+1700\s[^]*Grade now\s+1-dan\s[^]*Rated games\s+20\s[^]*Opening balance\s+1700 on 2025-01-01 \(balance 2025-01-01; reason: the club's legacy list\)/);
    expect(await legacy.innerText()).toContain('No tournament rated under pan-atlantic yet');
    // his chart is the balance alone: the rating he starts from under pan-atlantic
    expect(await legacy.locator('svg').count()).toBe(1);
    expect(await legacy.locator('svg.chart .point').allTextContents()).toEqual(['opening balance (2025-01-01): 1700']);
    // his grade history under it as `ledger history --rules pan-atlantic` gives it: the balance's grade and its rule
    const history = JSON.parse(await cli('history', p.playerId, '--rules', 'pan-atlantic', '--json')) as { grades: { date: string; from: string | null; to: string; rule: string }[] };
    expect(history.grades.length).toBe(1);
    expect(await tableText(page, '#grades-pan-atlantic')).toEqual(history.grades.map((g) => [g.date, g.from ?? '—', g.to, g.rule, '']));
    // under gobase-go his grade is read off the scale of gobase-go.md §1 after each tournament: the page's grade
    // history is the one `ledger history --rules gobase-go` gives
    const go = JSON.parse(await cli('history', p.playerId, '--rules', 'gobase-go', '--json')) as { grades: { date: string; from: string | null; to: string; rule: string }[] };
    expect(go.grades.length).toBeGreaterThan(0);
    expect(go.grades.at(-1)!.to).toBe(grade);
    expect(await tableText(page, '#grades-gobase-go')).toEqual(go.grades.map((g) => [g.date, g.from ?? '—', g.to, g.rule, '']));
    await expectAccessible(page, 'player page of an EGD-imported player');
    await screenshot(page, '41-player-gobase-go');
    expect(problems).toEqual([]);
  });
});
