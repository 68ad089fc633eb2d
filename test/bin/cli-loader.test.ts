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
  compiledEntry: (dist: string) => string;
  bundleStampOf: (dist: string) => object;
  loadCli: (dist: string, argv: readonly string[]) => { main: () => string } | undefined;
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
});
