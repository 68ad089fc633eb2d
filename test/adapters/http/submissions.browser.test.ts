import * as fs from 'fs';
import * as path from 'path';
import * as E from 'fp-ts/Either';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEventFolder } from '../../../src/adapters/formats/fesa/folders';
import { logChecksum } from '../../../src/adapters/store/migrate';
import { importFesaFolders } from '../../../src/app/fesa-import';
import { loadFacts } from '../../../src/app/load';
import { browserOrSkip, expectAccessible, openBrowserPage, screenshot, tableText } from '../../support/browser';
import { eventDate, FIXTURES, NEKOMADO, tempDir } from '../../support/helpers';
import { GRANDMOMMYSCUP, grandmommyscupLines, round1Corrected } from '../../support/corrected-trf';
import { startApi, type Api } from './api';

const executablePath = browserOrSkip('submission pages');

const FOLDERS = ['01_1st_nekomadoken', '02_2nd_nekomadoken'];
const FILES = ['turnering.txt', 'nye-spillere', 'ratingliste.pre'];

/**
 * An organiser submits the club archive's folders through the web form, an officer reviews each on its page and
 * approves it (issue 33): nothing moves before the approval, and after it the list reads as `fesa import` of the same
 * folders; a bad file is one answer on the form and records nothing.
 */
describe.skipIf(executablePath === undefined)('submission pages', () => {
  let api: Api;
  let imported: Api;
  let browser: Browser;
  let organiser: Page;
  let officer: Page;
  let problems: string[] = [];
  let ola = '';
  let kari = '';
  const fesaList = async (on: Api, asOf: string): Promise<Buffer> => (await on.get(`/lists?as-of=${asOf}&format=fesa`)).bytes;

  beforeAll(async () => {
    api = await startApi(path.join(tempDir('submission-pages'), 'ledger.db'));
    ola = await api.appoint('ola', 'organiser');
    kari = await api.appoint('kari', 'officer');
    imported = await startApi(path.join(tempDir('submission-pages-import'), 'ledger.db'));
    const folders = FOLDERS.map((f) => readEventFolder(path.join(NEKOMADO, f))).map((f) => (E.isRight(f) ? f.right : expect.fail(f.left)));
    await importFesaFolders(imported.ledger, folders, { actor: 'kari' });
    // each signs in with the browser's own box: his name, the token as the password
    ({ browser, page: organiser, problems } = await openBrowserPage(executablePath!, { httpCredentials: { username: 'ola', password: ola } }));
    officer = await (await browser.newContext({ viewport: { width: 1100, height: 900 }, httpCredentials: { username: 'kari', password: kari } })).newPage();
    officer.on('pageerror', (e) => problems.push(e.message));
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await api?.close();
    await imported?.close();
  });

  const submitThroughForm = async (tournamentId: string, dir: string): Promise<string> => {
    await organiser.goto(`${api.base}/submissions`);
    await organiser.getByLabel('Tournament id').fill(tournamentId);
    await organiser.getByLabel('Files').setInputFiles(FILES.map((f) => path.join(dir, f)));
    await organiser.getByLabel('Your token').fill(ola);
    await organiser.getByRole('button', { name: 'Submit' }).click();
    const outcome = organiser.locator('#submission-form .outcome');
    await outcome.filter({ hasText: /^(Received|Not received)/ }).waitFor();
    return outcome.innerText();
  };

  it('an organiser submits each folder through the form; an officer approves it on its page; the list reads as fesa import', async () => {
    for (const folder of FOLDERS) {
      const date = eventDate(path.join(NEKOMADO, folder));
      const before = await fesaList(api, date);
      expect(await submitThroughForm(folder, path.join(NEKOMADO, folder))).toBe(`Received, pending an officer's approval: submission ${folder}-1`);
      expect((await fesaList(api, date)).equals(before)).toBe(true);
      if (folder === FOLDERS[0]) {
        await expectAccessible(organiser, 'submission form');
        await screenshot(organiser, '60-submission-form');
      }
      // the officer's review: what approving would do to today's list, then the decision with its reason
      await officer.goto(`${api.base}/submissions/${folder}-1`);
      expect(await officer.locator('#status').innerText()).toBe('pending');
      expect((await tableText(officer, '#preview-list')).length).toBeGreaterThan(0);
      if (folder === FOLDERS[1]) {
        await expectAccessible(officer, 'submission review');
        await screenshot(officer, '61-submission-review');
      }
      await officer.getByLabel('Reason').fill('cross table checked');
      await officer.getByLabel('Your token').fill(kari);
      await Promise.all([officer.waitForEvent('load'), officer.getByRole('button', { name: 'Approve and record' }).click()]);
      expect(await officer.locator('#status').innerText()).toMatch(/^approved by kari on \d{4}-\d{2}-\d{2}: cross table checked$/);
    }
    const last = eventDate(path.join(NEKOMADO, FOLDERS[1]!));
    expect((await fesaList(api, last)).equals(await fesaList(imported, last))).toBe(true);
    // the organiser sees the outcome in his list
    await organiser.goto(`${api.base}/submissions`);
    expect((await tableText(organiser, '#submissions')).map((row) => row[row.length - 1])).toEqual(['approved', 'approved']);
    expect(problems).toEqual([]);
  }, 60_000);

  it("the review page says how each player is matched and what changed since the tournament's pending submission", async () => {
    const folder = '03_3rd_nekomadoken';
    const filesOf = (dir: string) => FILES.map((name) => ({ name, base64: fs.readFileSync(path.join(dir, name)).toString('base64') }));
    for (const dir of [path.join(NEKOMADO, folder), path.join(FIXTURES, 'fesa-corrected', folder)]) {
      expect((await api.post('/submissions', { tournamentId: folder, format: 'fesa', files: filesOf(dir) }, ola)).status).toBe(201);
    }
    await officer.goto(`${api.base}/submissions/${folder}-2`);
    expect(await tableText(officer, '#differences')).toEqual([
      ['game round 1: N16 – N8', 'changed', 'win', 'loss'],
      ['game round 3: N14 – N16', 'changed', 'loss', 'draw'],
    ]);
    const matched = await tableText(officer, '#preview-players');
    // players of the first two tournaments by their names, the newcomers of this one new
    expect(matched).toContainEqual(['N8', 'by name "N8"', 'N8']);
    expect(matched.filter((row) => row[1] === 'new player').length).toBeGreaterThan(0);
    expect(matched.every((row) => row[1] === 'new player' || row[1] === `by name "${row[0]}"`)).toBe(true);
    await expectAccessible(officer, 'submission review with differences');
    await screenshot(officer, '62-submission-differences');
    expect(problems).toEqual([]);
  });

  it('a bad file is answered on the form with its file and line, and records nothing', async () => {
    const bad = path.join(tempDir('submission-pages-bad'), '03_3rd_nekomadoken');
    fs.mkdirSync(bad);
    for (const f of FILES) fs.copyFileSync(path.join(NEKOMADO, '03_3rd_nekomadoken', f), path.join(bad, f));
    const cross = fs.readFileSync(path.join(bad, 'turnering.txt'), 'latin1');
    fs.writeFileSync(path.join(bad, 'turnering.txt'), Buffer.from(cross.replace(/\[(\d+)\+ /, '[$1* '), 'latin1'));
    const at = await logChecksum(api.store);
    expect(await submitThroughForm('03_3rd_nekomadoken', bad)).toMatch(/^Not received: turnering\.txt:\d+: round \d+: expected a result \+, - or = after opponent \d+, found "\*"$/);
    // two lines at fault: both, as a list
    fs.writeFileSync(path.join(bad, 'turnering.txt'), Buffer.from(cross.replace(/\[(\d+)\+ /g, '[$1* '), 'latin1'));
    expect(await submitThroughForm('03_3rd_nekomadoken', bad)).toMatch(/^Not received: \d+ problems in the files:/);
    const lines = await organiser.locator('#submission-form .outcome li').allInnerTexts();
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.every((l) => /^turnering\.txt:\d+: round \d+: expected a result/.test(l))).toBe(true);
    await expectAccessible(organiser, 'submission refused');
    expect(await logChecksum(api.store)).toEqual(at);
  });

  it("a TRF file without dates goes through the form with its rule set and days, which its page then shows", async () => {
    // the refusals above are 422s the browser logs: this case starts with none
    problems.splice(0);
    await organiser.goto(`${api.base}/submissions`);
    await organiser.getByLabel('Tournament id').fill('c5');
    await organiser.getByLabel('Format').selectOption('trf');
    await organiser.getByLabel('Files').setInputFiles(path.join(FIXTURES, 'trf', 'bbp-dutch_2025_C5.trf'));
    await organiser.getByLabel('Rule set').selectOption('uscf-k');
    await organiser.getByLabel('First day').fill('2025-05-01');
    await organiser.getByLabel('Last day').fill('2025-05-03');
    await organiser.getByLabel('Your token').fill(ola);
    await organiser.getByRole('button', { name: 'Submit' }).click();
    const outcome = organiser.locator('#submission-form .outcome');
    await outcome.filter({ hasText: /^(Received|Not received)/ }).waitFor();
    expect(await outcome.innerText()).toBe("Received, pending an officer's approval: submission c5-1");
    await officer.goto(`${api.base}/submissions/c5-1`);
    expect(await officer.locator('#import-options').innerText()).toBe('rule set uscf-k; first day 2025-05-01; last day 2025-05-03');
    expect(await officer.locator('#preview-tournament').innerText()).toContain('rated under uscf-k: 6 players');
    await expectAccessible(officer, 'submission review of a TRF file with options');
    expect(problems).toEqual([]);
  });

  // before interchange.ts `correct`, the corrected file was refused on the form: "game r1-51-1 ... is already reported with other facts"
  it('a corrected TRF report of a tournament approved already: its review page shows the corrections before approval', async () => {
    const fileOf = (bytes: Buffer) => ({ name: 'grandmommyscup.trf', base64: bytes.toString('base64') });
    expect((await api.post('/submissions', { tournamentId: 'grandmommyscup', format: 'trf', files: [fileOf(fs.readFileSync(GRANDMOMMYSCUP))] }, ola)).status).toBe(201);
    expect((await api.post('/submissions/grandmommyscup-1/approve', { reason: 'cross table checked' }, kari)).status).toBe(201);
    const lines = grandmommyscupLines();
    const corrected = round1Corrected(lines);
    expect(corrected).not.toEqual(lines);
    const file = path.join(tempDir('submission-pages-corrected'), 'grandmommyscup.trf');
    fs.writeFileSync(file, Buffer.from(corrected.join('\n'), 'latin1'));
    problems.splice(0);
    await organiser.goto(`${api.base}/submissions`);
    await organiser.getByLabel('Tournament id').fill('grandmommyscup');
    await organiser.getByLabel('Format').selectOption('trf');
    await organiser.getByLabel('Files').setInputFiles(file);
    await organiser.getByLabel('Your token').fill(ola);
    await organiser.getByRole('button', { name: 'Submit' }).click();
    const outcome = organiser.locator('#submission-form .outcome');
    await outcome.filter({ hasText: /^(Received|Not received)/ }).waitFor();
    expect(await outcome.innerText()).toBe("Received, pending an officer's approval: submission grandmommyscup-2");

    const before = await loadFacts(api.store);
    await officer.goto(`${api.base}/submissions/grandmommyscup-2`);
    expect(await officer.locator('#status').innerText()).toBe('pending');
    expect(await officer.locator('#preview-corrections').innerText()).toBe('The tournament is recorded already: these files correct 1 of its results.');
    expect(await tableText(officer, '#differences')).toEqual([['game round 1: FIDE-70123454321 – FIDE-75123454321', 'changed', '=', '1']]);
    // what the correction does to the two players' ratings after the tournament, under the rule set it is rated with
    const rated = await tableText(officer, '#preview-consequences');
    expect(rated.map((row) => [row[0], row[2], row[3]])).toEqual([
      ['grandmommyscup', 'Test0001 Player0001 (FIDE-70123454321)', 'fide-2024'],
      ['grandmommyscup', 'Test0051 Player0051 (FIDE-75123454321)', 'fide-2024'],
    ]);
    expect(rated.every((row) => row[4] !== row[5])).toBe(true);
    await expectAccessible(officer, 'submission review of a correction');
    await screenshot(officer, '63-submission-correction');
    expect((await loadFacts(api.store)).length).toBe(before.length);

    await officer.getByLabel('Reason').fill('score sheet checked');
    await officer.getByLabel('Your token').fill(kari);
    await Promise.all([officer.waitForEvent('load'), officer.getByRole('button', { name: 'Approve and record' }).click()]);
    expect(await officer.locator('#status').innerText()).toMatch(/^approved by kari on \d{4}-\d{2}-\d{2}: score sheet checked$/);
    const corrections = (await loadFacts(api.store)).filter((f) => f.event.type === 'ResultCorrected' && f.event.tournamentId === 'grandmommyscup');
    expect(corrections.map((f) => (f.event as { gameId: string; result: string }).gameId)).toEqual(['r1-51-1']);
    expect(problems).toEqual([]);
  }, 60_000);
});
