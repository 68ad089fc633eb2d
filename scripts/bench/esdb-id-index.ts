/**
 * Memory of the EventStoreDB adapter's event-id index (src/adapters/store/event-id-index.ts) for a log of ledger-shaped
 * ids, against the layout it replaced (one { streamId, revision } object per event, each with its own stream id string
 * as decoded from the server).
 *   npm run build && node --expose-gc dist/scripts/bench/esdb-id-index.js
 * Env: LEDGER_BENCH_EVENTS (default 1,000,000), LEDGER_BENCH_STREAM_LENGTH (events per stream, default 50).
 * Prints figures only.
 */
import { EventIdIndex } from '../../src/adapters/store/event-id-index';

const TOTAL = Number(process.env.LEDGER_BENCH_EVENTS ?? 1_000_000);
const PER_STREAM = Number(process.env.LEDGER_BENCH_STREAM_LENGTH ?? 50);

const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error('Run with node --expose-gc so the heap can be measured after a collection.');

/** A fresh flat string, as decoding an event from the wire makes one (a template literal would leave a rope). */
const decoded = (s: string): string => Buffer.from(s, 'latin1').toString('latin1');
/** The default id of a reported game (domain/commands/decide.ts) and its tournament's stream. */
const eventId = (n: number): string => decoded(`game:fesa-2024-t${Math.floor(n / PER_STREAM)}:g${n % PER_STREAM}:reported`);
const streamId = (n: number): string => decoded(`tournament-fesa-2024-t${Math.floor(n / PER_STREAM)}`);

const heapAfter = (build: () => unknown): { mb: number; kept: unknown } => {
  gc();
  const before = process.memoryUsage().heapUsed;
  const kept = build();
  gc();
  return { mb: (process.memoryUsage().heapUsed - before) / 1024 / 1024, kept };
};

const idsOnly = heapAfter(() => Array.from({ length: TOTAL }, (_, n) => eventId(n)));
idsOnly.kept = undefined;
const index = heapAfter(() => {
  const ix = new EventIdIndex();
  for (let n = 0; n < TOTAL; n++) ix.record(eventId(n), streamId(n), n % PER_STREAM);
  return ix;
});
index.kept = undefined;
const objects = heapAfter(() => {
  const map = new Map<string, { streamId: string; revision: number }>();
  for (let n = 0; n < TOTAL; n++) map.set(eventId(n), { streamId: streamId(n), revision: n % PER_STREAM });
  return map;
});

const perMillion = (mb: number): string => `${((mb * 1_000_000) / TOTAL).toFixed(0)} MB per million events`;
console.log(`${TOTAL.toLocaleString('en')} events, ${PER_STREAM} per stream, ids like "${eventId(123)}"`);
console.log(`  the id strings alone:                 ${idsOnly.mb.toFixed(1)} MB (${perMillion(idsOnly.mb)})`);
console.log(`  EventIdIndex (packed stream+revision): ${index.mb.toFixed(1)} MB (${perMillion(index.mb)})`);
console.log(`  Map of { streamId, revision } objects: ${objects.mb.toFixed(1)} MB (${perMillion(objects.mb)})`);
