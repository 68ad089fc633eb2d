import * as fs from 'fs';
import * as path from 'path';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { expect } from 'vitest';

/** Where Debian's chromium package (or CHROMIUM_PATH) puts the browser the page tests drive. */
export const chromiumPath = (): string | undefined =>
  [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p): p is string => p !== undefined && p !== '' && fs.existsSync(p));

/**
 * Whether the browser tests can run. In CI a missing browser is a failure (.ci/run installs it); elsewhere the
 * tests say they are skipped and why.
 */
export const browserOrSkip = (suite: string): string | undefined => {
  const found = chromiumPath();
  if (found === undefined) {
    if (process.env.CI) throw new Error(`${suite}: no Chromium at /usr/bin/chromium (or CHROMIUM_PATH); CI must install it (apt-get install chromium, see .ci/run)`);
    console.warn(`${suite}: SKIPPED — no Chromium at /usr/bin/chromium and CHROMIUM_PATH is not set (apt-get install chromium to run them)`);
  }
  return found;
};

export const launchChromium = async (executablePath: string): Promise<Browser> => {
  const { chromium } = await import('playwright-core');
  // --no-sandbox: CI containers run as root, where Chromium's sandbox cannot start
  return chromium.launch({ executablePath, headless: true, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
};

/** One browser with one page, and every console error and uncaught exception the pages raised (a test expects none). */
export interface BrowserPage {
  readonly browser: Browser;
  readonly page: Page;
  readonly problems: string[];
}

/**
 * The set-up every browser test file shares: one Chromium launch per file, one page in a context of the given
 * viewport (and credentials), its errors collected. Close with `browser.close()` in afterAll.
 */
export const openBrowserPage = async (executablePath: string, context: BrowserContextOptions = {}): Promise<BrowserPage> => {
  const browser = await launchChromium(executablePath);
  const page = await (await browser.newContext({ viewport: { width: 1100, height: 900 }, ...context })).newPage();
  const problems: string[] = [];
  page.on('console', (m) => (m.type() === 'error' ? problems.push(`${m.text()} (${m.location().url})`) : undefined));
  page.on('pageerror', (e) => problems.push(e.message));
  return { browser, page, problems };
};

/** Screenshots go here (git-ignored) so that a person can look at what the tests saw. */
export const SCREENSHOTS = path.resolve(__dirname, '../../test-output/pages');

export const screenshot = async (page: Page, name: string): Promise<void> => {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
};

const AXE = fs.readFileSync(path.resolve(__dirname, '../../node_modules/axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  readonly id: string;
  readonly impact: string | null;
  readonly help: string;
  readonly nodes: readonly { target: readonly string[] }[];
}

/**
 * axe-core's WCAG checks on the page as shown: no serious or critical violation. axe is evaluated through the
 * DevTools protocol, not as a <script> (the pages' Content-Security-Policy would rightly refuse an inline one).
 */
export const expectAccessible = async (page: Page, what: string): Promise<void> => {
  await page.evaluate(`${AXE}\n;true`);
  const violations = (await page.evaluate(`axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations)`)) as AxeViolation[];
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`),
    `${what}: axe-core violations`,
  ).toEqual([]);
};

/** The text of every shown cell of a table's body, row by row, as the browser renders it. */
export const tableText = (page: Page, selector: string): Promise<string[][]> =>
  page.evaluate(`[...document.querySelectorAll(${JSON.stringify(`${selector} tbody tr`)})].filter((r) => !r.hidden).map((r) => [...r.cells].map((c) => c.innerText.trim()))`);
