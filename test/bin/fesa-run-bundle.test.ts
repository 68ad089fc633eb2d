import * as fs from 'fs';
import { createRequire } from 'module';
import * as path from 'path';
import { describe, expect, it } from 'vitest';
import { plainFesaRun } from '../../src/adapters/cli/fesa-run-main';
import { ledger, ledgerProcess, NEKOMADO, runProcess } from '../support/helpers';
import { folderFiles, tempFolders } from '../support/temp-folders';

/**
 * `ledger fesa run` starts a small bundle of its own (dist/ledger-fesa-run.js, src/adapters/cli/fesa-run-main.ts) for
 * the plain command lines an officer types, and the whole CLI for any other; either way it answers, writes and exits as
 * the whole CLI does.
 */
const { temp, eventCopy: event } = tempFolders();

describe('the plain `fesa run` command lines the small bundle takes', () => {
  it('takes the folder first, then --out FILE or --out-dir DIR and --json, each once', () => {
    expect(plainFesaRun(['fesa', 'run', 'ev'])).toEqual({ dir: 'ev', json: false });
    expect(plainFesaRun(['fesa', 'run', 'ev', '--out-dir', 'o', '--json'])).toEqual({ dir: 'ev', outDir: 'o', json: true });
    expect(plainFesaRun(['fesa', 'run', 'ev', '--json', '--out', 'p.post'])).toEqual({ dir: 'ev', out: 'p.post', json: true });
  });

  it('leaves every other command line to the whole CLI', () => {
    for (const argv of [
      ['fesa', 'run'],
      ['fesa', 'run', '--help'],
      ['fesa', 'run', 'ev', '--help'],
      ['fesa', 'run', '--out-dir', 'o', 'ev'],
      ['fesa', 'run', 'ev', '--out', 'a', '--out-dir', 'b'],
      ['fesa', 'run', 'ev', '--out', 'a', '--out', 'b'],
      ['fesa', 'run', 'ev', '--json', '--json'],
      ['fesa', 'run', 'ev', '--out'],
      ['fesa', 'run', 'ev', '--out', '--json'],
      ['fesa', 'run', 'ev', '--out='],
      ['fesa', 'run', 'ev', '--out-dir=o'],
      ['fesa', 'run', 'ev', 'more'],
      ['fesa', 'run', 'ev', '--db', 'x.db'],
      ['fesa', 'run', 'ev', '--', 'x'],
      ['fesa', 'import', 'ev'],
      ['list'],
    ])
      expect(plainFesaRun(argv), argv.join(' ')).toBeUndefined();
  });
});

/** bin/ledger.js and bin/cli-loader.js beside a stand-in dist/ whose two bundles say which one answered. */
const standIn = (): string => {
  const root = temp('fesa-run-stand-in');
  fs.mkdirSync(path.join(root, 'bin'));
  for (const file of ['ledger.js', 'cli-loader.js']) fs.copyFileSync(path.resolve(__dirname, '../../bin', file), path.join(root, 'bin', file));
  const dist = path.join(root, 'dist');
  const loader = createRequire(__filename)(path.join(root, 'bin', 'cli-loader.js')) as {
    BUNDLE: string;
    STAMP: string;
    FESA_RUN_BUNDLE: string;
    compiledEntry: (dist: string) => string;
    bundleStampOf: (dist: string) => object;
  };
  fs.mkdirSync(path.dirname(loader.compiledEntry(dist)), { recursive: true });
  fs.writeFileSync(loader.compiledEntry(dist), "exports.main = async () => { console.log('compiled'); return 0; };\n");
  fs.writeFileSync(path.join(dist, loader.BUNDLE), "exports.main = async (argv) => { console.log('whole CLI ' + argv.join(' ')); return 3; };\n");
  fs.writeFileSync(
    path.join(dist, loader.FESA_RUN_BUNDLE),
    "exports.main = async (argv) => { if (argv.length !== 3) return undefined; console.log('small bundle ' + argv.join(' ')); return 4; };\n",
  );
  fs.writeFileSync(path.join(dist, loader.STAMP), JSON.stringify(loader.bundleStampOf(dist)));
  return root;
};

describe('bin/ledger.js', () => {
  it('starts the small bundle for `fesa run`, and the whole CLI when it declines the command line or for any other command', async () => {
    const root = standIn();
    const bin = path.join(root, 'bin', 'ledger.js');
    const run = (...argv: string[]) => runProcess(process.execPath, [bin, ...argv]);
    expect(await run('fesa', 'run', 'ev')).toEqual({ code: 4, out: 'small bundle fesa run ev\n', err: '' });
    expect(await run('fesa', 'run', 'ev', '--json')).toEqual({ code: 3, out: 'whole CLI fesa run ev --json\n', err: '' });
    expect(await run('list', 'a', 'b')).toEqual({ code: 3, out: 'whole CLI list a b\n', err: '' });
  });

  it('never starts a small bundle older than the compiled code in dist/, nor one the build did not make', async () => {
    const root = standIn();
    const bin = path.join(root, 'bin', 'ledger.js');
    const entry = path.join(root, 'dist', 'src', 'adapters', 'cli', 'main.js');
    fs.writeFileSync(entry, "exports.main = async () => { console.log('compiled again'); return 0; };\n");
    expect(await runProcess(process.execPath, [bin, 'fesa', 'run', 'ev'])).toEqual({ code: 0, out: 'compiled again\n', err: '' });
    const unmade = standIn();
    fs.rmSync(path.join(unmade, 'dist', 'ledger-fesa-run.js'));
    expect(await runProcess(process.execPath, [path.join(unmade, 'bin', 'ledger.js'), 'fesa', 'run', 'ev'])).toEqual({ code: 3, out: 'whole CLI fesa run ev\n', err: '' });
  });
});

const built = fs.existsSync(path.resolve(__dirname, '../../dist/ledger-fesa-run.js'));

describe.skipIf(!built)('`ledger fesa run` as a real process (run `npm run build` first)', () => {
  const files = folderFiles;

  /** The command line with {IN} and {OUT} filled in, run by the process and by the whole CLI in-process, each on its own copy. */
  const both = async (argv: readonly string[], prepare: (dir: string) => void = () => undefined) => {
    const results = [];
    for (const how of ['process', 'whole CLI'] as const) {
      const input = event('in');
      prepare(input);
      const output = path.join(path.dirname(input), 'out');
      fs.mkdirSync(output);
      const filled = argv.map((a) => a.replace('{IN}', input).replace('{OUT}', output));
      const r = how === 'process' ? await ledgerProcess(filled) : await ledger(...filled);
      const mask = (text: string) => text.split(input).join('<in>').split(output).join('<out>');
      results.push({ code: r.code, out: mask(r.out), err: mask(r.err), input: files(input), output: files(output) });
    }
    return results;
  };

  it('writes the three files the archive holds, and prints and exits as the whole CLI does', async () => {
    const [ours, whole] = await both(['fesa', 'run', '{IN}', '--out-dir', '{OUT}']);
    expect(ours).toEqual(whole);
    expect(ours!.code).toBe(0);
    expect(ours!.out).toMatch(/^FESA: rated 9 players in \d+ passes/);
    for (const file of ['ratingliste.post', 'all.txt', 'turnering.html'])
      expect(ours!.output[file], file).toBe(fs.readFileSync(path.join(NEKOMADO, '05_5th_nekomadoken', file), 'latin1'));
  });

  for (const [what, argv, prepare, code] of [
    ['into the folder itself, as JSON', ['fesa', 'run', '{IN}', '--json'], undefined, 0],
    ['the post list alone', ['fesa', 'run', '{IN}', '--out', '{OUT}/post'], undefined, 0],
    ['an unknown player', ['fesa', 'run', '{IN}', '--out-dir', '{OUT}'], (dir: string) => fs.rmSync(path.join(dir, 'nye-spillere')), 1],
    ['an unknown player, as JSON', ['fesa', 'run', '{IN}', '--json'], (dir: string) => fs.rmSync(path.join(dir, 'nye-spillere')), 1],
    ['a folder without turnering.txt', ['fesa', 'run', '{IN}'], (dir: string) => fs.rmSync(path.join(dir, 'turnering.txt')), 1],
    ['an output folder that does not exist', ['fesa', 'run', '{IN}', '--out-dir', '{OUT}/missing'], undefined, 1],
    ['both outputs (the whole CLI answers)', ['fesa', 'run', '{IN}', '--out-dir', '{OUT}', '--out', '{OUT}/post'], undefined, 2],
  ] as const) {
    it(`answers as the whole CLI does: ${what}`, async () => {
      const [ours, whole] = await both(argv, prepare);
      expect(ours).toEqual(whole);
      expect(ours!.code).toBe(code);
      expect(code === 0 ? ours!.err : ours!.out).toBe('');
    });
  }
});
