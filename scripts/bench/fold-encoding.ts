/**
 * How far a compact, derived, droppable encoding of what the folds read moves the floor of a rebuild (issue 30):
 * the bare read of the log (node + better-sqlite3 + JSON.parse of every row) against reading the encoding back into
 * the same decoded facts, side by side in one run (the faster of 2 each, alternated), then optionally a FESA rebuild
 * from each, each in a process of its own (BENCH_REBUILD=1).
 *
 *   npx tsc -p tsconfig.json && node --max-old-space-size=1400 dist/scripts/bench/fold-encoding.js <copy of a ledger>
 *
 * Checked: the encoding gives back every fact the log gives, equal field by field (JSON of each); the rebuilds give
 * the same list. The encoding is written beside the copy as <ledger>.facts and removed at the end.
 */
import { createHash } from 'crypto';
import * as E from 'fp-ts/Either';
import * as fs from 'fs';
import * as os from 'os';
import { spawnSync } from 'child_process';
import type { LoggedEvent } from '../../domain/events';
import { FesaProjection } from '../../projections/fesa/incremental';
import { hashAt } from '../../src/app/chain';
import { readFacts } from '../../src/app/event-log';
import { decodeFacts, deserializeFactEncoding, encodeFacts, encodingMatches, serializeFactEncoding } from '../../src/app/fact-encoding';
import { openSqliteStore } from '../../src/adapters/store/sqlite';
import type { EventStore } from '../../src/app/ports/event-store';

const ms = (t0: bigint): number => Number(process.hrtime.bigint() - t0) / 1e6;
const mib = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

const bareRead = async (store: EventStore): Promise<{ ms: number; rows: number }> => {
  const t0 = process.hrtime.bigint();
  let rows = 0;
  for await (const batch of store.readFacts()) rows += batch.length;
  return { ms: ms(t0), rows };
};

const encodingRead = (file: string): { ms: number; rows: number } => {
  const t0 = process.hrtime.bigint();
  let rows = 0;
  for (const batch of decodeFacts(deserializeFactEncoding(fs.readFileSync(file)))) rows += batch.length;
  return { ms: ms(t0), rows };
};

const listDigest = (projection: FesaProjection): string => {
  const folded = projection.current();
  if (E.isLeft(folded)) throw new Error(folded.left.message);
  return createHash('sha256').update(JSON.stringify(folded.right.list)).digest('hex');
};

/** One FESA rebuild (list and careers models kept) from the given facts: its time and its list's digest, nothing kept. */
const rebuildFrom = async (facts: AsyncIterable<readonly LoggedEvent[]> | Iterable<readonly LoggedEvent[]>): Promise<{ ms: number; list: string }> => {
  const t0 = process.hrtime.bigint();
  const projection = new FesaProjection({ runs: 'none', listModel: true, careerModel: true });
  for await (const batch of facts) projection.apply(batch);
  return { list: listDigest(projection), ms: ms(t0) };
};

/** A rebuild in a process of its own (one in the same process runs slower second, whichever it is). */
const rebuildInChild = (ledger: string, from: 'log' | 'encoding'): { ms: number; list: string; rss: number } => {
  const child = spawnSync(process.execPath, [...process.execArgv, __filename, ledger, '--rebuild-from', from], { encoding: 'utf8', maxBuffer: 1 << 20 });
  if (child.status !== 0) throw new Error(`the rebuild from the ${from} failed: ${child.stderr}`);
  return JSON.parse(child.stdout) as { ms: number; list: string; rss: number };
};

const rebuilds = (ledger: string, bare: number): void => {
  const times: Record<'log' | 'encoding', number[]> = { log: [], encoding: [] };
  const lists = new Set<string>();
  let rss = 0;
  for (const from of ['encoding', 'log', 'log', 'encoding'] as const) {
    const run = rebuildInChild(ledger, from);
    times[from].push(run.ms);
    lists.add(run.list);
    rss = Math.max(rss, run.rss);
  }
  if (lists.size !== 1) throw new Error('the rebuild from the encoding gave another list than the rebuild from the log');
  const [e, l] = [Math.min(...times.encoding), Math.min(...times.log)];
  console.log(
    `FESA rebuild (list and careers models kept, each in a fresh process, faster of 2, alternated): from the encoding ${e.toFixed(0)} ms = ${(e / bare).toFixed(2)}x the bare read, from the log ${l.toFixed(0)} ms = ${(l / bare).toFixed(2)}x; the same list; peak RSS ${mib(rss)}`,
  );
};

const main = async (): Promise<void> => {
  const ledger = process.argv[2];
  if (ledger === undefined) throw new Error('usage: fold-encoding.js <copy of a ledger>');
  const file = `${ledger}.facts`;
  if (process.argv[3] === '--rebuild-from') {
    const store = openSqliteStore(ledger);
    try {
      const run = await rebuildFrom(process.argv[4] === 'log' ? readFacts(store) : decodeFacts(deserializeFactEncoding(fs.readFileSync(file))));
      console.log(JSON.stringify({ ...run, rss: process.resourceUsage().maxRSS * 1024 }));
    } finally {
      await store.close();
    }
    return;
  }
  const store = openSqliteStore(ledger);
  try {
    console.log(`fold-encoding bench on ${ledger}; load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    const position = await store.headPosition();
    const head = { position, hash: await hashAt(store, position) };
    let t0 = process.hrtime.bigint();
    const facts: LoggedEvent[] = [];
    for await (const batch of readFacts(store)) for (const fact of batch) facts.push(fact);
    const readDecode = ms(t0);
    t0 = process.hrtime.bigint();
    const encoding = encodeFacts(facts, head.position, head.hash);
    const bytes = serializeFactEncoding(encoding);
    fs.writeFileSync(file, bytes);
    console.log(`read+decode of the log ${readDecode.toFixed(0)} ms; encoded ${encoding.count} facts in ${ms(t0).toFixed(0)} ms: ${mib(bytes.length)} (${encoding.strings.length} strings, ${encoding.shapes.length} shapes; the ledger file ${mib(fs.statSync(ledger).size)})`);
    let n = 0;
    for (const batch of decodeFacts(deserializeFactEncoding(fs.readFileSync(file))))
      for (const fact of batch) {
        if (JSON.stringify(fact) !== JSON.stringify(facts[n])) throw new Error(`fact ${n} (position ${fact.globalPosition}) differs from the log's`);
        n++;
      }
    if (n !== facts.length) throw new Error(`the encoding gave ${n} facts, the log ${facts.length}`);
    if (!encodingMatches(deserializeFactEncoding(fs.readFileSync(file)), head)) throw new Error('the encoding does not match the head it was made at');
    facts.length = 0;
    const bare: number[] = [];
    const encoded: number[] = [];
    for (let rep = 0; rep < 2; rep++) {
      const b = await bareRead(store);
      const e = encodingRead(file);
      if (b.rows !== e.rows) throw new Error(`the bare read read ${b.rows} rows, the encoding ${e.rows}`);
      bare.push(b.ms);
      encoded.push(e.ms);
    }
    const b = Math.min(...bare);
    const e = Math.min(...encoded);
    console.log(`checked: ${n} facts equal the log's. Bare read ${b.toFixed(0)} ms; the encoding read back into decoded facts ${e.toFixed(0)} ms = ${(e / b).toFixed(2)}x the bare read (read+decode of the log ${(readDecode / b).toFixed(2)}x); faster of 2, alternated`);
    if (process.env.BENCH_REBUILD === '1') rebuilds(ledger, b);
    console.log(`peak memory (maxRSS) ${mib(process.resourceUsage().maxRSS * 1024)}; load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  } finally {
    await store.close();
    fs.rmSync(file, { force: true });
  }
};

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 1;
});
