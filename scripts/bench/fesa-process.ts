/**
 * Start-up as an officer sees it, whole processes timed in the manner of hyperfine (warm-up runs, then N timed runs,
 * mean ± standard deviation, median, min, max), every variant alternating with the others so a busy machine slows
 * them all alike, in each environment: the bench's own as it is (with NODE_EXTRA_CA_CERTS when it is set, which
 * node 20 loads at start-up) and the same without that variable:
 *  - bare `node -e 0`, and `ledger --help` (goal: ≤ 1.2× bare node);
 *  - `ledger fesa run` on one event (node start-up, module loading, parse, rate, write all three files), beside
 *    `node -e 0` again (the floor, alternating with the runs);
 *  - the official program under clisp on the same event, where clisp and the program are present (goal: ours ≥ 2×
 *    faster); its ratingliste.post must equal ours, byte for byte, or the bench stops.
 *
 *   npm run build && node dist/scripts/bench/fesa-process.js [--bin OTHER/bin/ledger(.js)]… [--program turnering.lisp] [folder…|--every-event] [--runs N]
 *
 * Default: this checkout's bin/ledger (the launcher an officer types: package.json's bin, ./ledger) on the largest
 * club event, shared/data/fesa-nekomado/20_3rd_company_league, 30 runs; `--every-event` takes each of the 26 club
 * events (with --runs per event); `--bin X.js` runs another checkout's bin/ledger.js under node. The program defaults
 * to $FESA_PROGRAM, else /tmp/fesa-program/turnering.lisp (see test/fixtures/README.md; it is never committed). Each
 * event's inputs are copied to a temporary folder per variant, so nothing is written into shared/.
 */
import { spawnSync } from 'child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'fs';
import * as os from 'os';
import * as path from 'path';
import { performance } from 'perf_hooks';

const repo = path.resolve(__dirname, '..', '..', '..');
const shared = process.env.SHARED_DIR ?? path.resolve(repo, '..', 'shared');
const archive = path.join(shared, 'data', 'fesa-nekomado');
const INPUTS = ['turnering.txt', 'ratingliste.pre', 'nye-spillere'];

const args = process.argv.slice(2);
const bins = [path.join(repo, 'bin', 'ledger')];
let folders: string[] = [];
let runs = 30;
let program = process.env.FESA_PROGRAM ?? '/tmp/fesa-program/turnering.lisp';
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--bin') bins.push(path.resolve(args[++i]!));
  else if (args[i] === '--runs') runs = Number(args[++i]);
  else if (args[i] === '--program') program = args[++i]!;
  else if (args[i] === '--every-event') folders.push(...readdirSync(archive).sort().map((f) => path.join(archive, f)).filter((f) => existsSync(path.join(f, 'turnering.txt'))));
  else folders.push(path.resolve(args[i]!));
}
if (folders.length === 0) folders = [path.join(archive, '20_3rd_company_league')];
if (!(runs >= 1)) throw new Error('--runs must be at least 1');
const warmup = Math.min(3, runs);
const official = existsSync(program) && spawnSync('clisp', ['--version'], { encoding: 'utf8' }).status === 0;

/**
 * The environments timed: the officer's as it is (NODE_EXTRA_CA_CERTS included, when set: node 20 parses that CA
 * bundle before any JavaScript, and bin/ledger drops it for the commands that open no connection), and a machine
 * without the variable. Without it in the bench's own environment there is one.
 */
const CA = 'NODE_EXTRA_CA_CERTS';
const withoutCa = (): NodeJS.ProcessEnv => Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== CA));
const environments: readonly { readonly name: string; readonly env: NodeJS.ProcessEnv }[] =
  process.env[CA] === undefined ? [{ name: `no ${CA}`, env: process.env }] : [{ name: `${CA}=${process.env[CA]}`, env: process.env }, { name: `without ${CA}`, env: withoutCa() }];

interface Variant {
  readonly label: string;
  readonly command: string;
  readonly argv: readonly string[];
  readonly env?: NodeJS.ProcessEnv;
  readonly cwd?: string;
  readonly work?: string;
  readonly times: number[];
}

/** A bin/ledger launcher runs as the officer types it; a .js file (another checkout's bin/ledger.js) under node. */
const invoke = (bin: string, argv: readonly string[]): { command: string; argv: readonly string[] } => (bin.endsWith('.js') ? { command: process.execPath, argv: [bin, ...argv] } : { command: bin, argv });

const time = (v: Variant): number => {
  const t0 = performance.now();
  const r = spawnSync(v.command, v.argv, { encoding: 'utf8', env: v.env ?? process.env, ...(v.cwd ? { cwd: v.cwd } : {}) });
  const elapsed = performance.now() - t0;
  if (r.status !== 0) throw new Error(`${v.label} failed (exit ${r.status}): ${r.stderr}`);
  return elapsed;
};

const stats = (times: readonly number[]): { mean: number; sd: number; median: number; min: number; max: number } => {
  const sorted = [...times].sort((x, y) => x - y);
  const mean = times.reduce((s, t) => s + t, 0) / times.length;
  const sd = Math.sqrt(times.reduce((s, t) => s + (t - mean) ** 2, 0) / Math.max(1, times.length - 1));
  return { mean, sd, median: sorted[Math.floor(sorted.length / 2)]!, min: sorted[0]!, max: sorted.at(-1)! };
};
const describe = (v: Variant): string => {
  const s = stats(v.times);
  return `${v.label}: mean ${s.mean.toFixed(1)} ms ± ${s.sd.toFixed(1)} ms, median ${s.median.toFixed(1)} ms, min ${s.min.toFixed(1)} ms, max ${s.max.toFixed(1)} ms`;
};

/** Runs the variants alternately: warm-up, then `runs` timed rounds. */
const race = (variants: readonly Variant[]): void => {
  for (let i = 0; i < warmup; i++) for (const v of variants) time(v);
  for (let i = 0; i < runs; i++) for (const v of variants) v.times.push(time(v));
};

const temps: string[] = [];
const workWith = (folder: string): string => {
  const work = mkdtempSync(path.join(os.tmpdir(), 'fesa-process-'));
  temps.push(work);
  for (const name of INPUTS) if (existsSync(path.join(folder, name))) copyFileSync(path.join(folder, name), path.join(work, name));
  return work;
};

/** One label per variant and environment: the bench prints, adds and compares them by it. */
const labelled = (label: string, environment: string): string => (environments.length > 1 ? `${label} [${environment}]` : label);
const ms = (v: Variant): number => stats(v.times).median;

/** `--help` of every bin against `node -e 0`, in each environment. */
const raceHelp = (): void => {
  const rows = environments.map(({ name, env }) => ({
    bare: { label: labelled('node -e 0', name), command: process.execPath, argv: ['-e', '0'], env, times: [] },
    helps: bins.map((bin): Variant => ({ label: labelled(`${bin} --help`, name), ...invoke(bin, ['--help']), env, times: [] })),
  }));
  race(rows.flatMap((r) => [r.bare, ...r.helps]));
  for (const { bare, helps } of rows) {
    console.log(`  ${describe(bare)}`);
    for (const h of helps) console.log(`  ${describe(h)}; ${(ms(h) / ms(bare)).toFixed(2)}× bare node by the median (goal <= 1.2×)`);
  }
};

const ratios = new Map<string, number[]>();
/** Each variant's medians added up over the events: the whole season, one process per event. */
const totals = new Map<string, number>();
const add = (v: Variant): void => void totals.set(v.label, (totals.get(v.label) ?? 0) + ms(v));

/** One event: in each environment node's start-up and every bin's `fesa run`, and the official program once, all alternating. */
const raceEvent = (folder: string): void => {
  const rows = environments.map(({ name, env }) => ({
    floor: { label: labelled('node -e 0', name), command: process.execPath, argv: ['-e', '0'], env, times: [] },
    ours: bins.map((bin): Variant => {
      const work = workWith(folder);
      return { label: labelled(`${bin} fesa run`, name), ...invoke(bin, ['fesa', 'run', work]), env, work, times: [] };
    }),
  }));
  const theirs: Variant[] = [];
  if (official) {
    const work = workWith(folder);
    theirs.push({ label: 'official program (clisp)', command: 'clisp', argv: ['-q', '-norc', '-x', `(progn (load ${JSON.stringify(path.resolve(program))}) (run) (ext:quit))`], cwd: work, work, times: [] });
  }
  race([...rows.flatMap((r) => [r.floor, ...r.ours]), ...theirs]);
  console.log(`${path.basename(folder)}:`);
  for (const { floor, ours } of rows) {
    const overFloor = (v: Variant): string => `${(ms(v) / ms(floor)).toFixed(2)}× node -e 0`;
    console.log(`  ${describe(floor)}`);
    add(floor);
    for (const v of ours) {
      console.log(`  ${describe(v)} = ${overFloor(v)} (writes ${readdirSync(v.work!).filter((f) => !INPUTS.includes(f)).sort().join(', ')})`);
      add(v);
    }
  }
  for (const v of theirs) {
    add(v);
    console.log(`  ${describe(v)} = ${(ms(v) / ms(rows.at(-1)!.floor)).toFixed(2)}× node -e 0 [${environments.at(-1)!.name}]`);
    const theirPost = readFileSync(path.join(v.work!, 'ratingliste.post'));
    for (const o of rows.flatMap((r) => r.ours)) {
      if (!readFileSync(path.join(o.work!, 'ratingliste.post')).equals(theirPost)) throw new Error(`${path.basename(folder)}: ${o.label} wrote another ratingliste.post than the official program`);
      const ratio = ms(v) / ms(o);
      ratios.set(o.label, [...(ratios.get(o.label) ?? []), ratio]);
      console.log(`  ${o.label}: ${ratio.toFixed(2)}× faster than the official program by the median (goal >= 2×); the same ratingliste.post`);
    }
  }
};

try {
  console.log(`start-up bench: ${runs} timed runs per variant after ${warmup} warm-up, alternating; load average ${os.loadavg()[0]!.toFixed(2)}; environments: ${environments.map((e) => e.name).join('; ')}; official program ${official ? program : 'not timed (no clisp or no program)'}`);
  raceHelp();
  for (const folder of folders) raceEvent(folder);
  if (folders.length > 1)
    for (const [label, r] of ratios) console.log(`${label} over ${folders.length} events: faster than the official program by ${Math.min(...r).toFixed(2)}×–${Math.max(...r).toFixed(2)}× (median ${stats(r).median.toFixed(2)}×)`);
  if (folders.length > 1) {
    const officialMs = totals.get('official program (clisp)');
    console.log(`over ${folders.length} events, medians added: ${[...totals].map(([label, t]) => `${label} ${(t / 1000).toFixed(2)} s`).join('; ')}`);
    if (officialMs !== undefined)
      for (const [label, t] of totals) if (label !== 'official program (clisp)') console.log(`  the official program against ${label}: ${(officialMs / t).toFixed(2)}×`);
  }
  console.log(`load average at the end ${os.loadavg()[0]!.toFixed(2)}`);
} finally {
  for (const t of temps) rmSync(t, { recursive: true, force: true });
}
