/**
 * Every call of the FESA engine in a real rebuild of a ledger, with its inputs, what it gave back and which earlier
 * call made each input record: the dependency graph the parallel benches (parallel.ts, partition.ts) schedule.
 *
 * A tournament's rating reads only its participants' records (projections/fesa/tournament-rating.ts), so it depends
 * on the last earlier tournament of each of its players, and on nothing else — unless an officer fact (an adjustment,
 * an award) changed a record in between; such a tournament is made to wait for every tournament before it. An input
 * record that is not the very object the player's last tournament put out came from an officer fact (or is a
 * newcomer's first record, or an opening balance).
 */
import * as E from 'fp-ts/Either';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { rateEvent } from '../../domain/rules/fesa/rate-event';
import type { FesaPlayer } from '../../domain/rules/fesa/types';
import { nameKey } from '../../projections/fesa/history';
import { FesaProjection } from '../../projections/fesa/incremental';
import { openSqliteStore } from '../../src/adapters/store/sqlite';
import { readFacts } from '../../src/app/event-log';
import { shapeOf, writeSyntheticLedger } from './synthetic-ledger';

export type Call = Parameters<typeof rateEvent>;

/** Where an input record of a call came from: output `index` of call `task`, or `null`: not from a tournament of this fold. */
export type Source = { readonly task: number; readonly index: number } | null;

export interface Task {
  readonly args: Call;
  /** Indexes of the tasks that must be rated first. */
  readonly after: readonly number[];
  /** For each input record in the engine's input order (newcomers, then the list's records): where it came from. */
  readonly sources: readonly Source[];
  /** What the fold got back: the records in input order, as JSON (the check). */
  readonly recorded: string;
}

export const ms = (t0: bigint): number => Number(process.hrtime.bigint() - t0) / 1e6;
export const recordsOf = (out: ReturnType<typeof rateEvent>): string => (E.isRight(out) ? JSON.stringify(out.right.inInputOrder) : `error: ${out.left.message}`);

/** The engine's inputs of a call in its input order: newcomers first, then the list's records (rate-event.ts). */
export const inputsOf = (args: Call): FesaPlayer[] => [...args[1], ...args[0]];

/** Rebuilds the ledger's list once, recording every engine call and the graph of which call needs which. */
export const recordRebuild = async (file: string): Promise<{ tasks: Task[]; events: number; barriers: number; list: readonly FesaPlayer[] }> => {
  const calls: { args: Call; after: Set<number>; sources: Source[]; fromOfficer: boolean; recorded: string }[] = [];
  // per player (name key): the record his last tournament put out, that tournament and the record's place in its output
  const lastOut = new Map<string, { record: FesaPlayer; task: number; index: number }>();
  const engine: typeof rateEvent = (...args) => {
    const out = rateEvent(...args);
    const task = calls.length;
    const after = new Set<number>();
    const sources: Source[] = [];
    for (const record of args[1]) {
      const last = lastOut.get(nameKey(record));
      if (last !== undefined) after.add(last.task);
      sources.push(last !== undefined && last.record === record ? { task: last.task, index: last.index } : null);
    }
    // a list record no tournament of this fold put out came from an officer fact (an opening balance, an
    // adjustment, an award) or was changed by one
    let fromOfficer = false;
    for (const record of args[0]) {
      const last = lastOut.get(nameKey(record));
      if (last !== undefined) after.add(last.task);
      const same = last !== undefined && last.record === record;
      if (!same) fromOfficer = true;
      sources.push(same ? { task: last.task, index: last.index } : null);
    }
    if (E.isRight(out)) out.right.inInputOrder.forEach((record, index) => lastOut.set(nameKey(record), { record, task, index }));
    calls.push({ args, after, sources, fromOfficer, recorded: recordsOf(out) });
    return out;
  };
  const store = openSqliteStore(file);
  let events = 0;
  const projection = new FesaProjection({ runs: 'none', engine });
  let list: readonly FesaPlayer[];
  try {
    for await (const batch of readFacts(store)) {
      projection.apply(batch);
      events += batch.length;
    }
    const folded = projection.current();
    if (E.isLeft(folded)) throw new Error(`the ledger does not fold: ${folded.left.message}`);
    list = folded.right.list;
  } finally {
    await store.close();
  }
  // Officer facts sit between tournaments on the timeline. A tournament that reads a record one of them made waits
  // for every tournament before the last officer fact ahead of it (which one touched the player is not tracked here:
  // waiting for all is the safe side).
  const officerAfter: number[] = [];
  let rated = 0;
  for (const item of projection.facts.timeline()) {
    if (item.kind === 'tournament') rated++;
    else officerAfter.push(rated);
  }
  if (rated !== calls.length) throw new Error(`the timeline has ${rated} tournaments but the engine was called ${calls.length} times`);
  let barriers = 0;
  let k = 0;
  let lastOfficer = 0;
  const tasks = calls.map((call, i): Task => {
    while (k < officerAfter.length && officerAfter[k]! <= i) lastOfficer = officerAfter[k++]!;
    if (call.fromOfficer && lastOfficer > 0) {
      barriers++;
      for (let j = 0; j < lastOfficer; j++) call.after.add(j);
    }
    return { args: call.args, after: [...call.after], sources: call.sources, recorded: call.recorded };
  });
  return { tasks, events, barriers, list };
};

/** Longest chain of costs through the graph: no number of cores goes below it. */
export const criticalPath = (tasks: readonly Task[], cost: (i: number) => number): number => {
  const finish = new Float64Array(tasks.length);
  let longest = 0;
  tasks.forEach((task, i) => {
    let start = 0;
    for (const j of task.after) start = Math.max(start, finish[j]!);
    finish[i] = start + cost(i);
    longest = Math.max(longest, finish[i]);
  });
  return longest;
};

/** A binary min-heap of numbers by a numeric key (ties: the smaller number first). */
export class MinHeap {
  private readonly keys: number[] = [];
  private readonly values: number[] = [];

  get size(): number {
    return this.values.length;
  }

  /** The smallest key (Infinity when empty). */
  peekKey(): number {
    return this.keys.length > 0 ? this.keys[0]! : Infinity;
  }

  push(key: number, value: number): void {
    this.keys.push(key);
    this.values.push(value);
    for (let k = this.keys.length - 1; k > 0; ) {
      const parent = (k - 1) >> 1;
      if (!this.before(k, parent)) break;
      this.swap(k, parent);
      k = parent;
    }
  }

  pop(): number {
    const top = this.values[0]!;
    const lastKey = this.keys.pop()!;
    const lastValue = this.values.pop()!;
    if (this.values.length > 0) {
      this.keys[0] = lastKey;
      this.values[0] = lastValue;
      for (let k = 0; ; ) {
        const l = 2 * k + 1;
        let m = k;
        if (l < this.keys.length && this.before(l, m)) m = l;
        if (l + 1 < this.keys.length && this.before(l + 1, m)) m = l + 1;
        if (m === k) break;
        this.swap(m, k);
        k = m;
      }
    }
    return top;
  }

  private before(a: number, b: number): boolean {
    return this.keys[a]! < this.keys[b]! || (this.keys[a] === this.keys[b] && this.values[a]! < this.values[b]!);
  }

  private swap(a: number, b: number): void {
    [this.keys[a], this.keys[b]] = [this.keys[b]!, this.keys[a]!];
    [this.values[a], this.values[b]] = [this.values[b]!, this.values[a]!];
  }
}

/**
 * Runs `bench` on the ledger named on the command line, or else on the history bench's synthetic ledger at
 * BENCH_SCALE (default 0.1) written to a temporary file first (removed after); `label` names the one measured.
 */
export const onLedger = async (name: string, bench: (file: string, label: string) => Promise<void>): Promise<void> => {
  const given = process.argv[2];
  const scale = Number(process.env.BENCH_SCALE ?? '0.1');
  const temp = given ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), `bench-${name}-`));
  const file = given ?? path.join(temp!, 'ledger.db');
  try {
    if (!given) {
      const store = openSqliteStore(file);
      try {
        await writeSyntheticLedger(store, shapeOf(scale));
      } finally {
        await store.close();
      }
    }
    await bench(file, given ?? `synthetic ledger, BENCH_SCALE=${scale}`);
  } finally {
    if (temp) fs.rmSync(temp, { recursive: true, force: true });
  }
};
