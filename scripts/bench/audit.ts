/**
 * What the tamper-evident log costs, on the history bench's ledger (scripts/bench/history.ts; BENCH_DB keeps it):
 *  - the one-time upgrade that computes the chain of a ledger written before it (in-process, on a copy);
 *  - `ledger verify`, `ledger export --jsonl` and `ledger import --jsonl` as whole processes (wall time, events/s,
 *    MB/s of the export file; from GNU time the CPU seconds, user and system, and peak memory: on a shared machine
 *    the wall time says how busy the machine was, the CPU time what the command cost);
 *  - hashing on append: SQLite appends of GameReported-like events in batches, and the chain hashes of the same
 *    events alone (what the append pays for the chain).
 *
 *   npm run build && node dist/scripts/bench/audit.js LEDGER.db [--append-events 200000]
 *
 * Works on copies in a temp folder; the given ledger is never opened. Prints figures only.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chainHashes, GENESIS } from '../../src/app/chain';
import { openSqliteStore } from '../../src/adapters/store/sqlite';
import type { NewEvent } from '../../src/app/ports/event-store';

const argv = process.argv.slice(2);
const source = argv.find((a) => !a.startsWith('--'));
const appendEvents = Number(argv[argv.indexOf('--append-events') + 1] ?? 200_000) || 200_000;
const BATCH = 1000;
const mb = (bytes: number): string => (bytes / 1e6).toFixed(1);
const perSecond = (n: number, seconds: number): string => Math.round(n / seconds).toLocaleString('en');

const bin = path.resolve(__dirname, '../../../bin/ledger.js');
const gnuTime = fs.existsSync('/usr/bin/time');

interface Run {
  readonly seconds: number;
  /** From GNU time: peak resident memory (MiB) and CPU seconds (user + system). */
  readonly peakMiB: number | undefined;
  readonly cpuSeconds: number | undefined;
  readonly out: string;
}

/** Runs `ledger args` to its end. */
const ledger = (args: readonly string[]): Run => {
  const t0 = process.hrtime.bigint();
  const run = gnuTime
    ? spawnSync('/usr/bin/time', ['-f', '%M %U %S', process.execPath, bin, ...args], { encoding: 'utf8', maxBuffer: 1 << 28 })
    : spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', maxBuffer: 1 << 28 });
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  if (run.status !== 0) throw new Error(`ledger ${args.join(' ')}: exit ${run.status}: ${run.stderr.trim().split('\n').slice(-3).join(' ')}`);
  const [kib, user, system] = gnuTime ? run.stderr.trim().split('\n').at(-1)!.split(' ').map(Number) : [];
  return { seconds, peakMiB: kib === undefined ? undefined : kib / 1024, cpuSeconds: user === undefined ? undefined : user + system!, out: run.stdout };
};
/** What GNU time adds to a line: the CPU time (and events per CPU second) and the peak memory. */
const measured = (r: Run, events: number): string =>
  (r.cpuSeconds === undefined ? '' : `; CPU ${r.cpuSeconds.toFixed(1)} s = ${perSecond(events, r.cpuSeconds)} events per CPU second`) +
  (r.peakMiB === undefined ? '' : `, peak ${r.peakMiB.toFixed(0)} MiB`);

/** A GameReported-like payload of about 250 bytes, as the store bench writes. */
const game = (n: number): NewEvent => ({
  eventId: `game:${n}`,
  type: 'GameReported',
  data: {
    type: 'GameReported', version: 1, eventId: `game:${n}`, validDate: '2024-03-09', actor: 'bench',
    tournamentId: `t${Math.floor(n / 1000)}`, gameId: `r${n % 7}-b${n % 1000}`,
    black: `p${(n * 7919) % 5000}`, white: `p${(n * 104729) % 5000}`, result: n % 11 === 0 ? 'draw' : n % 2 === 0 ? 'win' : 'loss', handicap: null,
  },
});

/** This process's CPU seconds (user + system) since `from`. */
const cpuSecondsSince = (from: NodeJS.CpuUsage): number => {
  const { user, system } = process.cpuUsage(from);
  return (user + system) / 1e6;
};

const appendCost = async (dir: string): Promise<void> => {
  const events = Array.from({ length: appendEvents }, (_, n) => game(n));
  const store = openSqliteStore(path.join(dir, 'append.db'));
  let t0 = process.hrtime.bigint();
  let cpu0 = process.cpuUsage();
  for (let i = 0; i < events.length; i += BATCH) await store.append(`t${i / BATCH}`, events.slice(i, i + BATCH), 'no_stream');
  const appendSeconds = Number(process.hrtime.bigint() - t0) / 1e9;
  const appendCpu = cpuSecondsSince(cpu0);
  await store.close();
  const recordedAt = new Date().toISOString();
  t0 = process.hrtime.bigint();
  cpu0 = process.cpuUsage();
  let previous = GENESIS;
  for (let i = 0; i < events.length; i += BATCH) {
    const batch = events.slice(i, i + BATCH).map((e, r) => ({ streamId: `t${i / BATCH}`, revision: r, eventId: e.eventId, type: e.type, data: e.data, recordedAt }));
    previous = chainHashes(batch, previous).at(-1)!;
  }
  const hashSeconds = Number(process.hrtime.bigint() - t0) / 1e9;
  const hashCpu = cpuSecondsSince(cpu0);
  console.log(
    `append (SQLite, batches of ${BATCH}): ${events.length} events in ${appendSeconds.toFixed(2)} s = ${perSecond(events.length, appendSeconds)} events/s ` +
      `(CPU ${appendCpu.toFixed(2)} s = ${perSecond(events.length, appendCpu)} events per CPU second); ` +
      `the chain hashes of the same events alone: ${hashSeconds.toFixed(2)} s = ${perSecond(events.length, hashSeconds)} events/s (CPU ${hashCpu.toFixed(2)} s, ` +
      `${((100 * hashCpu) / appendCpu).toFixed(0)} % of the append's CPU time)`,
  );
};

const main = async (): Promise<void> => {
  if (source === undefined || !fs.existsSync(source)) throw new Error('usage: node dist/scripts/bench/audit.js LEDGER.db [--append-events N] (the history bench ledger: BENCH_DB=… node dist/scripts/bench/history.js)');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-audit-'));
  try {
    const copy = path.join(dir, 'ledger.db');
    fs.copyFileSync(source, copy);
    for (const suffix of ['-wal']) if (fs.existsSync(`${source}${suffix}`)) fs.copyFileSync(`${source}${suffix}`, `${copy}${suffix}`);
    let upgrade = 'the ledger has its chain already';
    const t0 = process.hrtime.bigint();
    const store = openSqliteStore(copy, { log: (line) => (upgrade = line.replace(`${copy}: `, '')) });
    const events = await store.headPosition();
    await store.close();
    console.log(`audit bench: a copy of ${source}, ${events} events, ${mb(fs.statSync(copy).size)} MB; open: ${upgrade} in ${(Number(process.hrtime.bigint() - t0) / 1e9).toFixed(1)} s`);

    const exported = path.join(dir, 'ledger.jsonl');
    const ex = ledger(['export', '--jsonl', exported, '--db', copy]);
    const bytes = fs.statSync(exported).size;
    console.log(`ledger export --jsonl: ${ex.seconds.toFixed(1)} s = ${perSecond(events, ex.seconds)} events/s, ${mb(bytes / ex.seconds)} MB/s (${mb(bytes)} MB written)${measured(ex, events)}`);
    const ve = ledger(['verify', '--db', copy]);
    console.log(`ledger verify: ${ve.seconds.toFixed(1)} s = ${perSecond(events, ve.seconds)} events/s, ${mb(bytes / ve.seconds)} MB/s of the log as exported${measured(ve, events)}; ${ve.out.trim().split('\n').join('; ')}`);
    const im = ledger(['import', '--jsonl', exported, '--db', path.join(dir, 'imported.db')]);
    console.log(`ledger import --jsonl (into an empty SQLite): ${im.seconds.toFixed(1)} s = ${perSecond(events, im.seconds)} events/s, ${mb(bytes / im.seconds)} MB/s${measured(im, events)}`);
    await appendCost(dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
};

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
