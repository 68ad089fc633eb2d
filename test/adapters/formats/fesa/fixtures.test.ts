import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as E from 'fp-ts/Either';
import { afterAll, describe, expect, it } from 'vitest';
import { rateEvent } from '../../../../domain/rules/fesa/rate-event';
import { fesaRun, readFesaFolder } from '../../../../src/adapters/formats/fesa/run';

/** Shared material lives beside the checkout; SHARED_DIR overrides. */
export const sharedDir = (): string => process.env.SHARED_DIR ?? path.resolve(__dirname, '../../../../../shared');

const runFolders = (root: string): string[] =>
  existsSync(root)
    ? readdirSync(root)
        .filter((d) => statSync(path.join(root, d)).isDirectory() && existsSync(path.join(root, d, 'ratingliste.post')))
        .sort()
        .map((d) => path.join(root, d))
    : [];

const tmp = mkdtempSync(path.join(os.tmpdir(), 'fesa-fixtures-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The first differing line of two files, for a readable failure. */
const sameBytes = (actual: Buffer, expected: Buffer, name: string): void => {
  if (!actual.equals(expected)) {
    const a = actual.toString('latin1').split('\n');
    const b = expected.toString('latin1').split('\n');
    const i = a.findIndex((l, k) => l !== b[k]);
    expect(`${name} line ${i + 1}: ${a[i]}`).toBe(`${name} line ${i + 1}: ${b[i]}`);
  }
  expect(actual.equals(expected)).toBe(true);
};

/** The program's files of a run folder that `fesa run` must reproduce (all.txt and turnering.html where kept). */
const PROGRAM_FILES = ['ratingliste.post', 'all.txt', 'turnering.html'];
const expectedFiles = (dir: string): string[] => PROGRAM_FILES.filter((f) => existsSync(path.join(dir, f)));

const byteIdentical = (dir: string): void => {
  const out = mkdtempSync(path.join(tmp, `${path.basename(dir)}-`));
  const r = fesaRun(dir, { outDir: out });
  if (E.isLeft(r)) throw new Error(r.left.message);
  expect(r.right.written.map((f) => path.basename(f))).toEqual(PROGRAM_FILES);
  for (const name of expectedFiles(dir)) sameBytes(readFileSync(path.join(out, name)), readFileSync(path.join(dir, name)), name);
};

const nekomado = runFolders(path.join(sharedDir(), 'data', 'fesa-nekomado'));

describe('official FESA program archive (shared/data/fesa-nekomado): ratingliste.post, all.txt and turnering.html byte-identical', () => {
  it('has all 26 archived runs, each with the all.txt and turnering.html the program wrote', () => {
    expect(nekomado.length).toBe(26);
    expect(nekomado.filter((d) => expectedFiles(d).length === 3).length).toBe(26);
  });
  for (const dir of nekomado) it(path.basename(dir), () => byteIdentical(dir));
});

const own = runFolders(path.resolve(__dirname, '../../../fixtures/fesa-own'));
describe('own fixtures produced with the official program (test/fixtures/fesa-own)', () => {
  for (const dir of own) it(path.basename(dir), () => byteIdentical(dir));
});

describe('rating without the explanation (what list folds use) gives the same list and promotions', () => {
  for (const dir of [...nekomado, ...own]) {
    it(`${path.basename(path.dirname(dir))}/${path.basename(dir)}`, () => {
      const folder = readFesaFolder(dir);
      if (E.isLeft(folder)) throw new Error(folder.left);
      const { list, newPlayers, event } = folder.right;
      const full = rateEvent(list, newPlayers, event);
      const lean = rateEvent(list, newPlayers, event, undefined, { explain: false });
      if (E.isLeft(full) || E.isLeft(lean)) throw new Error('rating failed');
      expect(lean.right.list).toEqual(full.right.list);
      const outline = (r: typeof full.right) => r.report.players.map(({ lastName, firstName, method, preRating, postRating, promotions }) => ({ lastName, firstName, method, preRating, postRating, promotions }));
      expect(outline(lean.right)).toEqual(outline(full.right));
      expect(lean.right.report.iterations).toBe(full.right.report.iterations);
      expect(lean.right.report.players.some((p) => p.games !== undefined || p.performanceGames !== undefined)).toBe(false);
    });
  }
});
