import * as http from 'http';
import type { AddressInfo } from 'net';
import * as path from 'path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../support/helpers';
import { startApi, type Api } from './api';
import { browserOrSkip, launchChromium, screenshot } from '../../support/browser';
import { buildHostileLedger, type hostileNames } from './hostile-ledger';

const executablePath = browserOrSkip('hostile names in a browser');

/**
 * A server elsewhere: it counts the visitors sent to its `/pwned` (by a meta refresh) and serves what it is given. Only
 * that address counts: the control page's own image and favicon requests reach it too, and Chromium may send them after
 * the control page has gone (seen on a busy machine as a `/favicon.ico` counted against the ledger's pages).
 */
const attackerSite = async (): Promise<{ base: string; hits: string[]; serve: Map<string, Buffer>; close: () => Promise<void> }> => {
  const hits: string[] = [];
  const serve = new Map<string, Buffer>();
  const server = http.createServer((req, res) => {
    if (req.url === '/pwned') hits.push(req.url);
    const body = serve.get(req.url ?? '');
    res.writeHead(200, { 'content-type': body ? 'text/html; charset=iso-8859-1' : 'text/plain' }).end(body ?? 'you were sent here');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits, serve, close: () => new Promise((resolve) => server.close(() => resolve())) };
};

/** What an injection leaves in a page's DOM: markup from a name (a refresh, an image, an inline script, a handler). */
const INJECTED = 'meta[http-equiv], img, script:not([src]), [onerror], [onload], [onmouseover]';

/**
 * Issue 28, point 5: names full of markup, in Chromium. The official program's turnering.html (byte for byte, markup
 * and all) is a download that never becomes a page of the site; every page of the ledger shows each name as text,
 * with nothing of it in the DOM as markup: no visitor is sent elsewhere, no script of a name runs.
 */
describe.skipIf(executablePath === undefined)('hostile names in a browser', () => {
  let api: Api;
  let browser: Browser;
  let attacker: Awaited<ReturnType<typeof attackerSite>>;
  let names: ReturnType<typeof hostileNames>;
  let auditor = '';

  beforeAll(async () => {
    attacker = await attackerSite();
    const db = path.join(tempDir('injection'), 'ledger.db');
    names = await buildHostileLedger(db, attacker.base);
    api = await startApi(db);
    auditor = await api.appoint('auditor-1', 'auditor');
    browser = await launchChromium(executablePath!);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await api?.close();
    await attacker?.close();
  });

  const watch = (page: Page) => {
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    return dialogs;
  };

  it('turnering.html: the same bytes as a page elsewhere send the visitor away; from the ledger they are a download, the visitor stays', async () => {
    const fileUrl = `${api.base}/tournaments/T1?format=fesa-html`;
    const bytes = (await api.request('GET', '/tournaments/T1?format=fesa-html')).bytes;
    expect(bytes.toString('latin1')).toContain(names.refresh);
    const context = await browser.newContext({ acceptDownloads: true });
    try {
      // the control: served as a page (as the ledger did before), the file's meta refresh sends Chromium away
      attacker.serve.set('/control.html', bytes);
      const control = await context.newPage();
      await control.goto(`${attacker.base}/control.html`);
      await control.waitForURL(`${attacker.base}/pwned`);
      await control.close();
      const before = attacker.hits.length;

      const page = await context.newPage();

      // from the ledger: the tournament page's link downloads the file; the page stays where it is
      await page.goto(`${api.base}/tournaments/T1`);
      const dialogs = watch(page);
      const [download] = await Promise.all([page.waitForEvent('download'), page.click('.downloads a')]);
      expect(download.suggestedFilename()).toBe('T1-turnering.html');
      // opened directly, the address is a download too: Chromium commits no page for it
      const opened = await context.newPage();
      const [direct] = await Promise.all([opened.waitForEvent('download'), opened.goto(fileUrl).catch((e: unknown) => e)]);
      expect(direct.url()).toBe(fileUrl);
      expect(opened.url()).not.toBe(fileUrl);
      // the page the link was on is still the ledger's, with nothing of the file's markup in it
      await page.reload();
      expect(page.url()).toBe(`${api.base}/tournaments/T1`);
      expect(await page.locator(INJECTED).count()).toBe(0);
      expect(await page.evaluate('window.pwned')).toBeUndefined();
      expect(dialogs).toEqual([]);
      expect(attacker.hits.slice(before)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('every page shows each hostile name as text: no markup of it in the DOM, no script of it run, nobody sent away', async () => {
    const pages: [string, string, number, BrowserContext | undefined][] = [];
    const publicContext = await browser.newContext({ viewport: { width: 1100, height: 900 } });
    const signedIn = await browser.newContext({ viewport: { width: 1100, height: 900 }, httpCredentials: { username: 'auditor-1', password: auditor } });
    try {
      const hostile = Object.values(names);
      // pages that name no player, tournament or reason (the archive of published lists, one list's facts, a
      // comparison of rule sets that differ for nobody here)
      const nameless = new Set(['/lists/published', '/lists/published/L1', '/diff?as-of=2026-03-31']);
      for (const [url, status] of [
        ['/', 200],
        ['/lists?as-of=2026-03-31', 200],
        [`/lists?as-of=2026-03-31&q=${encodeURIComponent(names.image)}`, 200],
        ['/players', 200],
        [`/players?q=${encodeURIComponent(names.refresh)}`, 200],
        ['/players/H1', 200],
        ['/players/H3', 200],
        ['/players/H1/explain', 200],
        ['/players/H2/explain?tournament=T1', 200],
        ['/tournaments', 200],
        ['/tournaments/T1', 200],
        ['/lists/published', 200],
        ['/lists/published/L1', 200],
        ['/lists/published/L1/diff', 200],
        [`/players/${encodeURIComponent(names.refresh)}`, 404],
        [`/tournaments/${encodeURIComponent(names.image)}`, 404],
      ] as const) pages.push([url, 'public', status, publicContext]);
      for (const url of ['/players', '/players/H1', '/tournaments/T1', '/lists/published/L1/diff', '/diff?as-of=2026-03-31']) pages.push([url, 'signed in', 200, signedIn]);

      for (const [url, who, status, context] of pages) {
        const page = await context!.newPage();
        const dialogs = watch(page);
        const hits = attacker.hits.length;
        const response = await page.goto(`${api.base}${url}`);
        expect({ url, who, status: response?.status() }).toEqual({ url, who, status });
        // a meta refresh or script would have moved the page or called out; markup in the DOM is the injection itself
        expect({ url, who, injected: await page.locator(INJECTED).count(), pwned: await page.evaluate('window.pwned'), at: page.url() }).toEqual({ url, who, injected: 0, pwned: undefined, at: `${api.base}${url}` });
        const text = await page.locator('body').innerText();
        if (!nameless.has(url)) expect(hostile.some((name) => text.includes(name)), `${url} (${who}) shows a hostile name as text`).toBe(true);
        if (url === '/tournaments/T1') {
          expect(text).toContain(names.tournament);
          expect(text).toContain(names.reason);
        }
        if (url.startsWith('/players/H1') || url === '/players/H3') expect(text).toContain(url === '/players/H3' ? names.refresh : names.script);
        expect({ url, who, dialogs, sentAway: attacker.hits.slice(hits) }).toEqual({ url, who, dialogs: [], sentAway: [] });
        if (url === '/tournaments/T1' && who === 'public') await screenshot(page, 'injection-tournament');
        await page.close();
      }
    } finally {
      await publicContext.close();
      await signedIn.close();
    }
  });
});
