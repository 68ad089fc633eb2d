/**
 * The CLI as one file, made by `npm run build` (and so by `npm install`'s prepare) after tsc: Node 20 has no compile
 * cache, and resolving, reading and compiling the ~170 modules `ledger fesa run` loads cost more than the run itself.
 * The bundle keeps every module's code lazy (a command's modules are evaluated only when it runs); bin/ledger.js
 * compiles it with the V8 code cache this script leaves beside it, so a process starts with its functions compiled.
 *
 *   node dist/scripts/build/cli-bundle.js [DIST]
 *
 * Writes DIST/ledger-cli.js, DIST/ledger-cli.cache, DIST/ledger-cli.json and DIST/ledger-help.json (default DIST: this
 * checkout's dist/), and DIST/ledger-fesa-run.js with DIST/ledger-fesa-run.cache: `fesa run` alone (an officer runs it
 * once per event, in place of the official program), which bin/ledger.js starts instead of the CLI's bundle.
 * The stamp records the tsc output the bundle was made from: bin/ledger.js runs the bundle only while that output is
 * unchanged, so a `tsc` alone after it never runs stale code. Without esbuild (an install without devDependencies)
 * nothing is written and the CLI runs from dist/ as compiled.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import { createRequire } from 'module';
import * as os from 'os';
import * as path from 'path';

const repo = path.resolve(__dirname, '..', '..', '..');
/** bin/cli-loader.js is plain JavaScript (bin/ledger.js loads it before anything is compiled): its names, typed here. */
const load = createRequire(__filename);
const loader = load(path.join(repo, 'bin', 'cli-loader.js')) as {
  BUNDLE: string;
  CODE_CACHE: string;
  STAMP: string;
  HELP: string;
  FESA_RUN_BUNDLE: string;
  FESA_RUN_CACHE: string;
  compiledEntry: (dist: string) => string;
  bundleStampOf: (dist: string) => { entryMtimeMs: number; entrySize: number };
};
const { BUNDLE, CODE_CACHE, STAMP, HELP, FESA_RUN_BUNDLE, FESA_RUN_CACHE, compiledEntry, bundleStampOf } = loader;
const dist = path.resolve(process.argv[2] ?? path.join(repo, 'dist'));

/** Packages kept out of the bundle: native code, and servers' clients no start-up path needs (pure-JS fp-ts and io-ts go in). */
const externalPackages = (): string[] => {
  const pkg = JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  return Object.keys(pkg.dependencies).filter((name) => name !== 'fp-ts' && name !== 'io-ts');
};

const loadEsbuild = (): typeof import('esbuild') | undefined => {
  try {
    return load('esbuild') as typeof import('esbuild');
  } catch {
    return undefined;
  }
};

/**
 * Every answer to a request of help written down as the compiled CLI gives it (`ledger`, `ledger --help`, `-h`, and
 * `ledger <command> --help` for each command), with the stamp of the code it came from: bin/ledger.js prints it
 * without loading the CLI (a start within node's own time), and only while that code is the one in dist/.
 */
const writeHelp = async (entry: string): Promise<void> => {
  const cli = load(entry) as { main: (argv: readonly string[], out: (t: string) => void, err: (t: string) => void) => Promise<number>; commands: readonly { name: string }[] };
  const line = (t: string): string => (t.endsWith('\n') ? t : `${t}\n`);
  const answers: Record<string, { out: string; err: string; code: number }> = {};
  for (const argv of [[], ['--help'], ['-h'], ...cli.commands.map((c) => [...c.name.split(' '), '--help'])]) {
    let out = '';
    let err = '';
    const code = await cli.main(argv, (t) => void (out += line(t)), (t) => void (err += line(t)));
    answers[argv.join('\u0000')] = { out, err, code };
  }
  fs.writeFileSync(path.join(dist, HELP), `${JSON.stringify({ stamp: bundleStampOf(dist), answers })}\n`);
};

const main = async (): Promise<void> => {
  const esbuild = loadEsbuild();
  const entry = compiledEntry(dist);
  for (const file of [BUNDLE, CODE_CACHE, STAMP, HELP, FESA_RUN_BUNDLE, FESA_RUN_CACHE]) fs.rmSync(path.join(dist, file), { force: true });
  if (!fs.existsSync(entry)) throw new Error(`cli-bundle: ${entry} does not exist; run tsc -p tsconfig.json first`);
  await writeHelp(entry);
  if (esbuild === undefined) {
    console.log('cli-bundle: esbuild is not installed (no devDependencies); the CLI runs from dist/ as compiled');
    return;
  }
  const bundle = (from: string, outfile: string): void => {
    esbuild.buildSync({
      entryPoints: [from],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      external: externalPackages(),
      // a third of the source to read and hash at each start; names kept, since messages and checks read class names
      minify: true,
      keepNames: true,
      logLevel: 'warning',
    });
  };
  bundle(entry, path.join(dist, BUNDLE));
  // `fesa run` alone: the FESA engine and its file formats, a tenth of the CLI's bundle
  bundle(fesaRunEntry(dist), path.join(dist, FESA_RUN_BUNDLE));
  trainCodeCache();
  fs.writeFileSync(path.join(dist, STAMP), `${JSON.stringify(bundleStampOf(dist))}\n`);
  const kib = (file: string): string => `${(fs.statSync(path.join(dist, file)).size / 1024).toFixed(0)} KiB`;
  console.log(`cli-bundle: ${path.join(dist, BUNDLE)} (${kib(BUNDLE)}) and ${FESA_RUN_BUNDLE} (${kib(FESA_RUN_BUNDLE)}), with their code caches`);
};

/** The compiled entry of `fesa run` alone (src/adapters/cli/fesa-run-main.ts), beside the CLI's. */
const fesaRunEntry = (dir: string): string => path.join(path.dirname(compiledEntry(dir)), 'fesa-run-main.js');

/**
 * The code cache holds the functions compiled when it is taken, so it is taken in a fresh process after the runs an
 * officer starts most: `--help` and `fesa run` on the smallest FESA fixture, in a temporary copy.
 */
const trainCodeCache = (): void => {
  const fixtures = path.join(repo, 'test', 'fixtures', 'fesa-own');
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cli-bundle-'));
  try {
    // a build without the tests (docker-compose.yml copies no test/) takes the cache of `--help` alone
    const event = fs.existsSync(fixtures) ? fs.readdirSync(fixtures).find((name) => fs.existsSync(path.join(fixtures, name, 'turnering.txt'))) : undefined;
    if (event !== undefined) fs.cpSync(path.join(fixtures, event), work, { recursive: true });
    const r = spawnSync(process.execPath, [path.join(repo, 'bin', 'cli-loader.js'), '--train', dist, work], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`cli-bundle: taking the code cache failed: ${r.stderr}`);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
};

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
