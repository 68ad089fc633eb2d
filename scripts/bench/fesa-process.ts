/**
 * Whole-process timing of `ledger fesa run` (what an officer waits for: node start-up, module loading, parse, rate,
 * write), in the manner of hyperfine: warm-up runs, then N timed runs, mean ± standard deviation, median, min, max.
 * Build and run: `npm run build && node dist/scripts/bench/fesa-process.js [--bin OTHER/bin/ledger.js]… [folder] [runs]`
 * (default: this checkout's bin/ledger.js on the largest club event, shared/data/fesa-nekomado/20_3rd_company_league,
 * 30 runs). With several builds (each `--bin`, plus this one) the runs alternate between them, so a busy machine
 * slows them all alike and their figures stay comparable. The folder's inputs are copied to a temporary directory
 * per build, so the command writes its files there and never into shared/.
 */
import { spawnSync } from 'child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'fs';
import * as os from 'os';
import * as path from 'path';
import { performance } from 'perf_hooks';

const repo = path.resolve(__dirname, '..', '..', '..');
const shared = process.env.SHARED_DIR ?? path.resolve(repo, '..', 'shared');
const INPUTS = ['turnering.txt', 'ratingliste.pre', 'nye-spillere'];

const args = process.argv.slice(2);
const bins = [path.join(repo, 'bin', 'ledger.js')];
const rest: string[] = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--bin') bins.push(path.resolve(args[++i]!));
  else rest.push(args[i]!);
}
const folder = rest[0] ?? path.join(shared, 'data', 'fesa-nekomado', '20_3rd_company_league');
const runs = Number(rest[1] ?? 30);
const warmup = 3;

const builds = bins.map((bin) => ({ bin, work: mkdtempSync(path.join(os.tmpdir(), 'fesa-process-')), times: [] as number[] }));
try {
  for (const b of builds) for (const name of INPUTS) if (existsSync(path.join(folder, name))) copyFileSync(path.join(folder, name), path.join(b.work, name));
  const once = (b: (typeof builds)[number]): number => {
    const t0 = performance.now();
    const r = spawnSync(process.execPath, [b.bin, 'fesa', 'run', b.work], { encoding: 'utf8' });
    const elapsed = performance.now() - t0;
    if (r.status !== 0) throw new Error(`${b.bin} fesa run failed (exit ${r.status}): ${r.stderr}`);
    return elapsed;
  };
  for (let i = 0; i < warmup; i++) for (const b of builds) once(b);
  for (let i = 0; i < runs; i++) for (const b of builds) b.times.push(once(b));
  console.log(`ledger fesa run ${path.basename(folder)}: ${runs} runs each after ${warmup} warm-up, alternating between ${builds.length} build(s); load average ${os.loadavg()[0]!.toFixed(2)}`);
  for (const b of builds) {
    const sorted = [...b.times].sort((x, y) => x - y);
    const mean = b.times.reduce((s, t) => s + t, 0) / b.times.length;
    const sd = Math.sqrt(b.times.reduce((s, t) => s + (t - mean) ** 2, 0) / Math.max(1, b.times.length - 1));
    const wrote = readdirSync(b.work).filter((f) => !INPUTS.includes(f)).sort().join(', ');
    console.log(`  ${b.bin} (writes ${wrote}): mean ${mean.toFixed(1)} ms ± ${sd.toFixed(1)} ms, median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(1)} ms, min ${sorted[0]!.toFixed(1)} ms, max ${sorted[sorted.length - 1]!.toFixed(1)} ms`);
  }
} finally {
  for (const b of builds) rmSync(b.work, { recursive: true, force: true });
}
