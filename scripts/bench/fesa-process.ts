/**
 * Start-up as an officer sees it, whole processes timed in the manner of hyperfine (warm-up runs, then N timed runs,
 * mean ± standard deviation, median, min, max), every variant alternating with the others so a busy machine slows
 * them all alike:
 *  - bare `node -e 0`, and `ledger --help` (goal: ≤ 1.2× bare node);
 *  - `ledger fesa run` on one event (node start-up, module loading, parse, rate, write all three files), beside
 *    `node -e 0` again (the floor, alternating with the runs);
 *  - the official program under clisp on the same event, where clisp and the program are present (goal: ours ≥ 2×
 *    faster); its ratingliste.post must equal ours, byte for byte, or the bench stops.
 *
 *   npm run build && node dist/scripts/bench/fesa-process.js [--bin OTHER/bin/ledger.js]… [--program turnering.lisp] [folder…|--every-event] [--runs N]
 *
 * Default: this checkout's bin/ledger.js on the largest club event, shared/data/fesa-nekomado/20_3rd_company_league,
 * 30 runs; `--every-event` takes each of the 26 club events (with --runs per event). The program defaults to
 * $FESA_PROGRAM, else /tmp/fesa-program/turnering.lisp (see test/fixtures/README.md; it is never committed). Each
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
const bins = [path.join(repo, 'bin', 'ledger.js')];
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

interface Variant {
  readonly label: string;
  readonly command: string;
  readonly argv: readonly string[];
  readonly cwd?: string;
  readonly work?: string;
  readonly times: number[];
}

const time = (v: Variant): number => {
  const t0 = performance.now();
  const r = spawnSync(v.command, v.argv, { encoding: 'utf8', ...(v.cwd ? { cwd: v.cwd } : {}) });
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

try {
  console.log(`start-up bench: ${runs} timed runs per variant after ${warmup} warm-up, alternating; load average ${os.loadavg()[0]!.toFixed(2)}; official program ${official ? program : 'not timed (no clisp or no program)'}`);
  const bare: Variant = { label: 'node -e 0', command: process.execPath, argv: ['-e', '0'], times: [] };
  const helps: Variant[] = bins.map((bin) => ({ label: `${bin} --help`, command: process.execPath, argv: [bin, '--help'], times: [] }));
  race([bare, ...helps]);
  console.log(`  ${describe(bare)}`);
  for (const h of helps) console.log(`  ${describe(h)}; ${(stats(h.times).median / stats(bare.times).median).toFixed(2)}× bare node by the median (goal <= 1.2×)`);

  const ratios = new Map<string, number[]>(bins.map((bin) => [`${bin} fesa run`, []]));
  /** Each variant's medians added up over the events: the whole season, one process per event. */
  const totals = new Map<string, number>();
  for (const folder of folders) {
    const ours: Variant[] = bins.map((bin) => {
      const work = workWith(folder);
      return { label: `${bin} fesa run`, command: process.execPath, argv: [bin, 'fesa', 'run', work], work, times: [] };
    });
    const theirs: Variant[] = [];
    if (official) {
      const work = workWith(folder);
      theirs.push({ label: 'official program (clisp)', command: 'clisp', argv: ['-q', '-norc', '-x', `(progn (load ${JSON.stringify(path.resolve(program))}) (run) (ext:quit))`], cwd: work, work, times: [] });
    }
    // node's own start-up beside each event, so that a busy machine's swings show in the floor as in the runs
    const floor: Variant = { label: 'node -e 0', command: process.execPath, argv: ['-e', '0'], times: [] };
    race([floor, ...ours, ...theirs]);
    const overFloor = (v: Variant): string => `${(stats(v.times).median / stats(floor.times).median).toFixed(2)}× node -e 0`;
    console.log(`${path.basename(folder)}:`);
    console.log(`  ${describe(floor)}`);
    for (const v of ours) {
      console.log(`  ${describe(v)} = ${overFloor(v)} (writes ${readdirSync(v.work!).filter((f) => !INPUTS.includes(f)).sort().join(', ')})`);
      totals.set(v.label, (totals.get(v.label) ?? 0) + stats(v.times).median);
    }
    totals.set(floor.label, (totals.get(floor.label) ?? 0) + stats(floor.times).median);
    for (const v of theirs) {
      totals.set(v.label, (totals.get(v.label) ?? 0) + stats(v.times).median);
      console.log(`  ${describe(v)} = ${overFloor(v)}`);
      const theirPost = readFileSync(path.join(v.work!, 'ratingliste.post'));
      for (const o of ours) {
        if (!readFileSync(path.join(o.work!, 'ratingliste.post')).equals(theirPost)) throw new Error(`${path.basename(folder)}: ${o.label} wrote another ratingliste.post than the official program`);
        const ratio = stats(v.times).median / stats(o.times).median;
        ratios.get(o.label)!.push(ratio);
        console.log(`  ${o.label}: ${ratio.toFixed(2)}× faster than the official program by the median (goal >= 2×); the same ratingliste.post`);
      }
    }
  }
  if (folders.length > 1)
    for (const [label, r] of ratios) if (r.length > 0) console.log(`${label} over ${folders.length} events: faster than the official program by ${Math.min(...r).toFixed(2)}×–${Math.max(...r).toFixed(2)}× (median ${stats(r).median.toFixed(2)}×)`);
  if (folders.length > 1) {
    const official = totals.get('official program (clisp)');
    console.log(`over ${folders.length} events, medians added: ${[...totals].map(([label, ms]) => `${label} ${(ms / 1000).toFixed(2)} s`).join('; ')}`);
    if (official !== undefined)
      for (const [label, ms] of totals) if (label !== 'official program (clisp)') console.log(`  the official program against ${label}: ${(official / ms).toFixed(2)}×`);
  }
} finally {
  for (const t of temps) rmSync(t, { recursive: true, force: true });
}
