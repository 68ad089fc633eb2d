/**
 * FESA benchmark. Build and run: `npm run build && node dist/scripts/bench/fesa.js`
 * (a) the 26 archived Nekomado runs end to end (parse, rate, write the post list; and writing all three files);
 * (a2) making all.txt and turnering.html for them, without I/O;
 * (b) one synthetic event of 2,000 players × 9 rounds: passes to converge and time;
 * (c) with FESA_PROGRAM=<path to turnering.lisp> and clisp on PATH: the official program on the same runs, and the ratio.
 * SHARED_DIR overrides where shared/ is found.
 */
import { execFileSync, spawnSync } from 'child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'fs';
import * as os from 'os';
import * as path from 'path';
import { performance } from 'perf_hooks';
import * as E from 'fp-ts/Either';
import { itemAt } from '../../domain/rules/shared/present';
import { rateEvent } from '../../domain/rules/fesa/rate-event';
import type { FesaEvent, FesaEventPlayer, FesaPlayer, FesaRound, FesaScore } from '../../domain/rules/fesa/types';
import { fesaCrosstable } from '../../projections/fesa/crosstable';
import { nameKey } from '../../projections/fesa/history';
import { formatAllTxt } from '../../src/adapters/formats/fesa/all-txt';
import { fesaRun, readFesaFolder } from '../../src/adapters/formats/fesa/run';
import { formatTurneringHtml } from '../../src/adapters/formats/fesa/turnering-html';

const findShared = (): string => {
  if (process.env.SHARED_DIR) return process.env.SHARED_DIR;
  for (const start of [__dirname, process.cwd()]) {
    for (let d = start; d !== path.dirname(d); d = path.dirname(d)) {
      const candidate = path.join(d, 'shared');
      if (existsSync(path.join(candidate, 'data', 'fesa-nekomado'))) return candidate;
    }
  }
  throw new Error('shared/data/fesa-nekomado not found; set SHARED_DIR');
};

const archiveRuns = (): string[] => {
  const root = path.join(findShared(), 'data', 'fesa-nekomado');
  return readdirSync(root)
    .filter((d) => statSync(path.join(root, d)).isDirectory())
    .sort()
    .map((d) => path.join(root, d));
};

const ms = (x: number): string => `${x.toFixed(1)} ms`;

/**
 * The archive chain run by `fesa run`, twice: writing only the post list (`--out`, what every version measured) and
 * writing all three files the program writes (the default since all.txt and turnering.html). Interleaved, so a busy
 * machine slows both alike. Returns both medians, post list only and all three files (what the official program
 * writes).
 */
const benchArchive = (runs: string[], tmp: string): [number, number] => {
  const chain = (target: { out?: string; outDir?: string }) => (): number => {
    const t0 = performance.now();
    for (const dir of runs) {
      const r = fesaRun(dir, target.out !== undefined ? { out: path.join(tmp, `${path.basename(dir)}.post`) } : target);
      if (E.isLeft(r)) throw new Error(r.left.message);
    }
    return performance.now() - t0;
  };
  const variants = [
    { label: 'parse+rate+write ratingliste.post (--out)', once: chain({ out: '' }), times: [] as number[] },
    { label: 'parse+rate+write ratingliste.post, all.txt, turnering.html', once: chain({ outDir: tmp }), times: [] as number[] },
  ];
  const cold = variants.map((v) => v.once());
  for (let i = 0; i < 4; i++) for (const v of variants) v.once(); // JIT warm-up
  for (let i = 0; i < 21; i++) for (const v of variants) v.times.push(v.once());
  const medians = variants.map((v, k) => {
    const times = [...v.times].sort((a, b) => a - b);
    console.log(`(a) ${runs.length}-event archive chain, ${v.label}: median ${ms(times[10]!)} of 21 warm runs (min ${ms(times[0]!)}, max ${ms(times[20]!)}); first cold run ${ms(cold[k]!)}`);
    return times[10]!;
  });
  return [medians[0]!, medians[1]!];
};

/**
 * What the two published files cost to make, without any file I/O: for the 26 runs (read and rated once), all.txt,
 * the cross table and its HTML, median of 21 warm repetitions of the whole chain.
 */
const benchPublishedFiles = (runs: string[]): void => {
  const rated = runs.map((dir) => {
    const folder = readFesaFolder(dir);
    if (E.isLeft(folder)) throw new Error(folder.left);
    const { list, newPlayers, event } = folder.right;
    const result = rateEvent(list, newPlayers, event);
    if (E.isLeft(result)) throw new Error(result.left.message);
    const byName = new Map<string, FesaPlayer>();
    for (const p of [...newPlayers, ...list]) if (!byName.has(nameKey(p))) byName.set(nameKey(p), p);
    return { event, result: result.right, byName };
  });
  const parts = { 'all.txt': [] as number[], 'cross table': [] as number[], 'its HTML': [] as number[] };
  for (let rep = 0; rep < 25; rep++) {
    const t = { 'all.txt': 0, 'cross table': 0, 'its HTML': 0 };
    for (const { event, result, byName } of rated) {
      let t0 = performance.now();
      formatAllTxt(result.list, event.date);
      let t1 = performance.now();
      t['all.txt'] += t1 - t0;
      t0 = t1;
      const table = fesaCrosstable(event, result.report, (p) => byName.get(nameKey(p)));
      t1 = performance.now();
      t['cross table'] += t1 - t0;
      t0 = t1;
      if (E.isRight(table)) formatTurneringHtml(table.right);
      t['its HTML'] += performance.now() - t0;
    }
    if (rep >= 4) for (const k of Object.keys(t) as (keyof typeof t)[]) parts[k].push(t[k]); // after JIT warm-up
  }
  const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  console.log(`(a2) making the published files for the ${runs.length} runs, no I/O, median of 21: ${Object.entries(parts).map(([k, xs]) => `${k} ${ms(median(xs))}`).join(', ')}`);
};

/** Deterministic PRNG (mulberry32) so the synthetic event is the same every run. */
const prng = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const benchSynthetic = (): void => {
  const rnd = prng(20240601);
  const n = 2000;
  const rounds = 9;
  const list: FesaPlayer[] = [];
  const strength: number[] = [];
  for (let i = 0; i < n; i++) {
    const provisional = i % 10 === 0;
    const elo = Math.round(200 + rnd() * 2300);
    strength.push(elo);
    list.push({
      lastName: `P${i + 1}`,
      firstName: '',
      nationalityList: [{ list: 'E', nationality: 'NO', residens: 'NO', last: '2023-01-01' }],
      gradeLevel: 0,
      gradeName: '',
      nsrGradeLevel: provisional ? 5 : 0,
      nsrGradeName: provisional ? 'Kyu' : '',
      eloNumber: provisional ? 0 : elo,
      games: provisional ? 0 : 40 + Math.floor(rnd() * 200),
      lastPlayed: provisional ? null : '2023-01-01',
      lbCount: null,
      mpCount: null,
      bonusCount: provisional ? 0 : Math.floor(rnd() * 101),
    });
  }
  const table: FesaRound[][] = Array.from({ length: n }, () => []);
  for (let r = 0; r < rounds; r++) {
    const order = Array.from({ length: n }, (_, i) => i);
    for (let i = n - 1; i > 0; i--) {
      const j = Math.floor(rnd() * (i + 1));
      [order[i], order[j]] = [itemAt(order, j, 'seat'), itemAt(order, i, 'seat')];
    }
    for (let k = 0; k < n; k += 2) {
      const a = itemAt(order, k, 'seat');
      const b = itemAt(order, k + 1, 'seat');
      const pA = 1 / (1 + 10 ** ((itemAt(strength, b, 'player') - itemAt(strength, a, 'player')) / 400));
      const x = rnd();
      const sa: FesaScore = x < 0.03 ? 0.5 : x < pA ? 1 : 0;
      itemAt(table, a, 'player').push({ opponentIndex: b + 1, score: sa });
      itemAt(table, b, 'player').push({ opponentIndex: a + 1, score: (1 - sa) as FesaScore });
    }
  }
  const players: FesaEventPlayer[] = list.map((p, i) => ({ lastName: p.lastName, firstName: '', supplements: '', rounds: itemAt(table, i, 'player'), simultaneousGiver: false, macmahon: 0 }));
  const event: FesaEvent = { name: 'Synthetic', date: '2024-06-01', players };
  const t0 = performance.now();
  const r = rateEvent(list, [], event);
  const t = performance.now() - t0;
  if (E.isLeft(r)) throw new Error(r.left.message);
  console.log(`(b) synthetic event ${n} players × ${rounds} rounds (10% graded newcomers): ${r.right.report.iterations} passes to converge, ${ms(t)}`);
};

const benchOfficial = (runs: string[], ours: readonly [number, number]): void => {
  const program = process.env.FESA_PROGRAM;
  const clisp = spawnSync('clisp', ['--version'], { encoding: 'utf8' });
  if (!program || !existsSync(program) || clisp.status !== 0) {
    console.log('(c) official program: skipped (set FESA_PROGRAM=/path/to/turnering.lisp and put clisp on PATH)');
    return;
  }
  const dirs = runs.map((dir) => {
    const work = mkdtempSync(path.join(os.tmpdir(), 'fesa-official-'));
    for (const f of ['turnering.txt', 'ratingliste.pre', 'nye-spillere']) {
      if (existsSync(path.join(dir, f))) copyFileSync(path.join(dir, f), path.join(work, f));
    }
    return work;
  });
  const t0 = performance.now();
  for (const work of dirs) {
    execFileSync('clisp', ['-q', '-norc', '-x', `(progn (load ${JSON.stringify(path.resolve(program))}) (run) (ext:quit))`], { cwd: work, stdio: 'ignore' });
  }
  const t = performance.now() - t0;
  for (const work of dirs) rmSync(work, { recursive: true, force: true });
  console.log(`(c) official program (clisp, interpreted load + run) on the same ${runs.length} runs: ${ms(t)}; ours is ${(t / ours[1]).toFixed(0)}× faster writing the same three files (${(t / ours[0]).toFixed(0)}× writing the post list only)`);
};

const main = (): void => {
  const runs = archiveRuns();
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'fesa-bench-'));
  try {
    const ours = benchArchive(runs, tmp);
    benchPublishedFiles(runs);
    benchSynthetic();
    benchOfficial(runs, ours);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
};

main();
