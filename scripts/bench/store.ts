/**
 * Event store benchmark: SQLite and (when a server is given) PostgreSQL side by side.
 *   npm run build && node dist/scripts/bench/store.js
 * Env: LEDGER_BENCH_EVENTS (default 1,000,000), LEDGER_BENCH_BATCH (events per append, default 1000),
 *      LEDGER_BENCH_PG_URL or LEDGER_TEST_PG_URL (adds PostgreSQL; a throwaway schema is created and dropped).
 * Prints figures only; it asserts nothing (targets for SQLite on 2 cores: append ≥ 50k/s, read-all ≥ 300k/s).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { EventStore, NewEvent, RecordedEvent } from '../../src/app/ports/event-store';
import { openSqliteStore } from '../../src/adapters/store/sqlite';

const TOTAL = Number(process.env.LEDGER_BENCH_EVENTS ?? 1_000_000);
const BATCH = Number(process.env.LEDGER_BENCH_BATCH ?? 1000);
const PG_URL = process.env.LEDGER_BENCH_PG_URL ?? process.env.LEDGER_TEST_PG_URL;
const LAG_SECONDS = 5;
const LAG_APPENDS_PER_SECOND = 100;
const LAG_POLL_MS = 10;

/** A GameReported-like payload of about 200 bytes of JSON. */
const gameReported = (n: number, sentAt = 0): NewEvent => ({
  eventId: `game:${n}`,
  type: 'GameReported',
  data: {
    gameId: `t${Math.floor(n / 1000)}-r${n % 7}-b${n % 1000}`,
    tournamentId: `t${Math.floor(n / 1000)}`,
    playedOn: '2024-03-09',
    round: (n % 7) + 1,
    black: { playerId: `p${(n * 7919) % 5000}`, grade: '2 dan' },
    white: { playerId: `p${(n * 104729) % 5000}`, grade: '1 kyu' },
    result: n % 11 === 0 ? 'draw' : n % 2 === 0 ? 'black' : 'white',
    handicap: null,
    sentAt,
  },
});

const percentile = (sorted: readonly number[], p: number): number =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

interface Figures {
  readonly appendPerSecond: number;
  readonly readPerSecond: number;
  readonly lagP50: number;
  readonly lagP99: number;
  readonly lagEvents: number;
}

const benchAppend = async (store: EventStore): Promise<number> => {
  const started = performance.now();
  for (let first = 0; first < TOTAL; first += BATCH) {
    const events = Array.from({ length: Math.min(BATCH, TOTAL - first) }, (_, i) => gameReported(first + i));
    // one stream per tournament-sized run of events; each append checks its expected revision
    await store.append(`tournament-${first / BATCH}`, events, 'no_stream');
  }
  return TOTAL / ((performance.now() - started) / 1000);
};

const benchReadAll = async (store: EventStore): Promise<number> => {
  const started = performance.now();
  let count = 0;
  let draws = 0;
  for await (const batch of store.readAll()) {
    for (const e of batch) {
      if ((e.data as { result: string }).result === 'draw') draws++;
    }
    count += batch.length;
  }
  const seconds = (performance.now() - started) / 1000;
  if (count !== TOTAL || draws === 0) throw new Error(`read-all saw ${count} events (${draws} draws), expected ${TOTAL}`);
  return count / seconds;
};

const benchLag = async (store: EventStore): Promise<{ p50: number; p99: number; n: number }> => {
  const lags: number[] = [];
  const head = await store.headPosition();
  const subscription = store.subscribe({
    fromPosition: head,
    pollIntervalMs: LAG_POLL_MS,
    onEvents: (batch: readonly RecordedEvent[]) => {
      const now = performance.timeOrigin + performance.now();
      for (const e of batch) lags.push(now - (e.data as { sentAt: number }).sentAt);
    },
  });
  const appends = LAG_SECONDS * LAG_APPENDS_PER_SECOND;
  const started = performance.now();
  for (let i = 0; i < appends; i++) {
    const due = started + (i * 1000) / LAG_APPENDS_PER_SECOND;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const n = TOTAL + i * 5;
    const sentAt = performance.timeOrigin + performance.now();
    await store.append(`lag-${i % 20}`, Array.from({ length: 5 }, (_, k) => gameReported(n + k, sentAt)), 'any');
  }
  const deadline = Date.now() + 5000;
  while (lags.length < appends * 5 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  await subscription.stop();
  const sorted = [...lags].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), n: lags.length };
};

const benchStore = async (name: string, store: EventStore): Promise<Figures> => {
  process.stderr.write(`${name}: appending ${TOTAL} events in batches of ${BATCH}…\n`);
  const appendPerSecond = await benchAppend(store);
  process.stderr.write(`${name}: reading all…\n`);
  const readPerSecond = await benchReadAll(store);
  process.stderr.write(`${name}: subscription lag under ${LAG_APPENDS_PER_SECOND} appends/s × 5 events for ${LAG_SECONDS} s…\n`);
  const lag = await benchLag(store);
  return { appendPerSecond, readPerSecond, lagP50: lag.p50, lagP99: lag.p99, lagEvents: lag.n };
};

const fmt = (n: number): string => Math.round(n).toLocaleString('en-US');

const main = async (): Promise<void> => {
  const results: [string, Figures][] = [];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-bench-'));
  try {
    const sqlite = openSqliteStore(path.join(dir, 'ledger.db'));
    try {
      results.push(['sqlite', await benchStore('sqlite', sqlite)]);
    } finally {
      await sqlite.close();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }

  if (PG_URL) {
    const { openPostgresStore } = await import('../../src/adapters/store/postgres');
    const { Client } = await import('pg');
    const schema = `ledger_bench_${process.pid}`;
    const pg = await openPostgresStore(PG_URL, { schema });
    try {
      results.push(['postgres', await benchStore('postgres', pg)]);
    } finally {
      await pg.close();
      const client = new Client({ connectionString: PG_URL });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await client.end();
    }
  } else {
    process.stderr.write('postgres: skipped (set LEDGER_BENCH_PG_URL or LEDGER_TEST_PG_URL)\n');
  }

  console.log(`\nEvent store benchmark — ${fmt(TOTAL)} GameReported-like events (~200 B JSON), ${os.cpus().length} CPUs, node ${process.version}`);
  console.log(`append: ${BATCH} events per append (one transaction each); read-all: the adapter's default batch size, incl. JSON decoding;`);
  console.log(`lag: ${LAG_APPENDS_PER_SECOND} appends/s × 5 events for ${LAG_SECONDS} s, polling every ${LAG_POLL_MS} ms (PostgreSQL also wakes on NOTIFY)\n`);
  console.log('| store    | append events/s | read-all events/s | lag p50 ms | lag p99 ms | lag events |');
  console.log('|----------|----------------:|------------------:|-----------:|-----------:|-----------:|');
  for (const [name, f] of results) {
    console.log(
      `| ${name.padEnd(8)} | ${fmt(f.appendPerSecond).padStart(15)} | ${fmt(f.readPerSecond).padStart(17)} | ${f.lagP50.toFixed(1).padStart(10)} | ${f.lagP99.toFixed(1).padStart(10)} | ${String(f.lagEvents).padStart(10)} |`,
    );
  }
};

main().catch((e: unknown) => {
  console.error((e as Error).message);
  process.exitCode = 1;
});
