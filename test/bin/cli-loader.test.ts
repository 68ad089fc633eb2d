import * as fs from 'fs';
import { createRequire } from 'module';
import * as os from 'os';
import * as path from 'path';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * bin/cli-loader.js chooses what bin/ledger.js runs: the bundle `npm run build` makes, only while it was made from
 * the tsc output now in dist/ (a `tsc` alone afterwards must never leave stale code running), and the compiled entry
 * for help. A stand-in dist/ whose two `main`s say which one ran.
 */
const loader = createRequire(__filename)(path.resolve(__dirname, '../../bin/cli-loader.js')) as {
  BUNDLE: string;
  CODE_CACHE: string;
  STAMP: string;
  HELP: string;
  compiledEntry: (dist: string) => string;
  bundleStampOf: (dist: string) => object;
  loadCli: (dist: string, argv: readonly string[]) => { main: () => string } | undefined;
  writtenHelp: (dist: string, argv: readonly string[]) => { out: string; err: string; code: number } | undefined;
};

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** A dist/ with a compiled entry and a bundle made from it, as cli-bundle.js leaves them. */
const builtDist = (): string => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'cli-loader-'));
  dirs.push(dist);
  fs.mkdirSync(path.dirname(loader.compiledEntry(dist)), { recursive: true });
  fs.writeFileSync(loader.compiledEntry(dist), "exports.main = () => 'compiled';\n");
  // the bundle requires a built-in as the real one does: require works inside it
  fs.writeFileSync(path.join(dist, loader.BUNDLE), "const path = require('path'); exports.main = () => 'bundle ' + path.basename(__filename);\n");
  fs.writeFileSync(path.join(dist, loader.STAMP), JSON.stringify(loader.bundleStampOf(dist)));
  return dist;
};

describe('cli-loader', () => {
  it('runs the bundle made from the compiled code in dist/, with or without a code cache V8 accepts', () => {
    const dist = builtDist();
    expect(loader.loadCli(dist, ['fesa', 'run', 'x'])!.main()).toBe(`bundle ${loader.BUNDLE}`);
    fs.writeFileSync(path.join(dist, loader.CODE_CACHE), 'not a code cache');
    expect(loader.loadCli(dist, ['fesa', 'run', 'x'])!.main()).toBe(`bundle ${loader.BUNDLE}`);
  });

  it('runs the compiled entry once tsc has written dist/ again after the bundle, or when no bundle was made', () => {
    const dist = builtDist();
    fs.writeFileSync(loader.compiledEntry(dist), "exports.main = () => 'compiled';  // rebuilt\n");
    expect(loader.loadCli(dist, ['fesa', 'run', 'x'])!.main()).toBe('compiled');
    const unbundled = builtDist();
    fs.rmSync(path.join(unbundled, loader.STAMP));
    expect(loader.loadCli(unbundled, ['list'])!.main()).toBe('compiled');
  });

  it('answers help and the version from the compiled entry, and nothing when dist/ is not built', () => {
    const dist = builtDist();
    for (const argv of [[], ['--help'], ['fesa', 'run', '--help'], ['--version']]) expect(loader.loadCli(dist, argv)!.main()).toBe('compiled');
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'cli-loader-'));
    dirs.push(empty);
    expect(loader.loadCli(empty, ['list'])).toBeUndefined();
  });

  it('answers help as the build wrote it down only while dist/ holds the code it was taken from, and only for the argv written', () => {
    const dist = builtDist();
    const answer = { out: 'help of list\n', err: '', code: 0 };
    fs.writeFileSync(path.join(dist, loader.HELP), JSON.stringify({ stamp: loader.bundleStampOf(dist), answers: { ['list\u0000--help']: answer } }));
    expect(loader.writtenHelp(dist, ['list', '--help'])).toEqual(answer);
    // other words, the version, or anything that is no request of help: the CLI answers them
    for (const argv of [['list', '--help', '--db', 'x'], ['--version'], ['list'], ['toString', '--help']]) expect(loader.writtenHelp(dist, argv)).toBeUndefined();
    fs.writeFileSync(loader.compiledEntry(dist), "exports.main = () => 'compiled';  // rebuilt\n");
    expect(loader.writtenHelp(dist, ['list', '--help'])).toBeUndefined();
  });
});

describe.skipIf(!fs.existsSync(path.resolve(__dirname, '../../dist', 'ledger-help.json')))('the help the build wrote down (run `npm run build` first)', () => {
  it('is, for every request of help, what the CLI answers itself', async () => {
    const { main } = await import('../../src/adapters/cli/main');
    const written = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../dist', 'ledger-help.json'), 'utf8')) as { answers: Record<string, { out: string; err: string; code: number }> };
    const line = (t: string): string => (t.endsWith('\n') ? t : `${t}\n`);
    expect(Object.keys(written.answers).length).toBeGreaterThan(40);
    for (const [key, answer] of Object.entries(written.answers)) {
      let out = '';
      let err = '';
      const code = await main(key === '' ? [] : key.split('\u0000'), (t) => void (out += line(t)), (t) => void (err += line(t)));
      expect({ out, err, code }, key).toEqual(answer);
    }
  });
});
