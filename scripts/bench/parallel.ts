/**
 * Rating on every core (issue 19): how much faster the rating part of a rebuild gets when independent tournaments are
 * rated in parallel, measured on this machine's cores and simulated for 8 and 32 from the measured costs.
 *
 * A tournament's rating reads only its participants' records (projections/fesa/tournament-rating.ts), so it depends
 * on the last earlier tournament of each of its players, and on nothing else — unless an officer fact (an adjustment,
 * an award) changed a record in between; such a tournament is made to wait for every tournament before it. The graph
 * comes from a real rebuild: every call of the FESA engine is recorded with its inputs; an input record that is not
 * the very object the player's last tournament put out came from an officer fact.
 *
 * Printed: the engine alone in one thread (the single-threaded floor's rating part), the critical path, a simulation
 * of P workers (a dispatcher thread that clones each tournament's inputs out and its records back, at the costs
 * measured here, and workers that rate) for 1, 2, 8 and 32, and a real run on worker threads with as many workers as
 * this machine has cores, every result checked against the recorded one.
 *
 * Usage: `node dist/scripts/bench/parallel.js [LEDGER.db]` — without a ledger, the history bench's synthetic ledger at
 * BENCH_SCALE (default 0.1) is written to a temporary file first. BENCH_WORKERS overrides the number of workers.
 */
import * as E from 'fp-ts/Either';
import * as os from 'os';
import * as v8 from 'v8';
import { Worker, isMainThread, parentPort } from 'worker_threads';
import { rateEvent } from '../../domain/rules/fesa/rate-event';
import type { FesaPlayer } from '../../domain/rules/fesa/types';
import { criticalPath, MinHeap, ms, recordRebuild, onLedger, type Call, type Task } from './engine-calls';

interface Costs {
  /** The engine on one task, in this thread (ms). */
  readonly rate: number;
  /** The dispatcher's share: cloning the inputs out (ms) … */
  readonly out: number;
  /** … and taking the records back (ms). */
  readonly back: number;
  /** The worker's share besides rating: reading the inputs and cloning the records out (ms). */
  readonly transfer: number;
}

/** Each task's costs, the fastest of three runs each (the machine is shared: the minimum is the task's own cost). */
const measure = (tasks: readonly Task[]): Costs[] =>
  tasks.map((task) => {
    let rate = Infinity;
    let out_ = Infinity;
    let back_ = Infinity;
    let transfer = Infinity;
    for (let rep = 0; rep < 3; rep++) {
      let t = process.hrtime.bigint();
      const input = v8.serialize(task.args);
      const sent = ms(t);
      t = process.hrtime.bigint();
      const args = v8.deserialize(input) as Call;
      const received = ms(t);
      t = process.hrtime.bigint();
      const out = rateEvent(...args);
      rate = Math.min(rate, ms(t));
      t = process.hrtime.bigint();
      const back = v8.serialize(E.isRight(out) ? out.right.inInputOrder : null);
      const returned = ms(t);
      t = process.hrtime.bigint();
      v8.deserialize(back);
      const taken = ms(t);
      out_ = Math.min(out_, sent);
      back_ = Math.min(back_, taken);
      transfer = Math.min(transfer, received + returned);
    }
    return { rate, out: out_, back: back_, transfer };
  });

/**
 * P workers fed by one dispatcher, earliest ready task first: the dispatcher clones a task's inputs out (and takes its
 * records back when it is done) one thing at a time; a worker reads the inputs, rates, clones the records out.
 * Returns the time until the last record is back.
 */
const simulate = (tasks: readonly Task[], costs: readonly Costs[], workers: number): number => {
  const waiting = tasks.map((t) => t.after.length);
  const next: number[][] = tasks.map(() => []);
  tasks.forEach((t, i) => t.after.forEach((j) => next[j]!.push(i)));
  // the earliest ready tournament goes first
  const ready = new MinHeap();
  tasks.forEach((t, i) => t.after.length === 0 && ready.push(i, i));
  // running tasks as (time its records are ready to be taken back, task), kept sorted by time
  const running: { at: number; task: number }[] = [];
  let clock = 0;
  let idle = workers;
  let done = 0;
  while (done < tasks.length) {
    while (idle > 0 && ready.size > 0) {
      const i = ready.pop();
      clock += costs[i]!.out;
      const at = clock + costs[i]!.rate + costs[i]!.transfer;
      let k = running.length;
      while (k > 0 && running[k - 1]!.at > at) k--;
      running.splice(k, 0, { at, task: i });
      idle--;
    }
    const finished = running.shift();
    if (finished === undefined) throw new Error('the graph has a cycle');
    clock = Math.max(clock, finished.at) + costs[finished.task]!.back;
    idle++;
    done++;
    for (const n of next[finished.task]!) if (--waiting[n]! === 0) ready.push(n, n);
  }
  return clock;
};

/**
 * The same schedule on real worker threads, returning the wall time. `check` compares every result with the recorded
 * one (the untimed warm-up run: workers started, code compiled); a timed run only sums the ratings it gets back.
 */
const runOnWorkers = async (pool: readonly Worker[], tasks: readonly Task[], check: boolean): Promise<{ ms: number; sum: number }> => {
  const waiting = tasks.map((t) => t.after.length);
  const next: number[][] = tasks.map(() => []);
  tasks.forEach((t, i) => t.after.forEach((j) => next[j]!.push(i)));
  const ready: number[] = [];
  tasks.forEach((t, i) => t.after.length === 0 && ready.push(i));
  const idle = [...pool];
  let sum = 0;
  const t0 = process.hrtime.bigint();
  await new Promise<void>((resolve, reject) => {
    let done = 0;
    const dispatch = () => {
      ready.sort((a, b) => a - b);
      while (idle.length > 0 && ready.length > 0) {
        const i = ready.shift()!;
        idle.pop()!.postMessage({ i, args: tasks[i]!.args });
      }
    };
    for (const worker of pool) {
      worker.removeAllListeners('message');
      worker.on('message', ({ i, records }: { i: number; records: FesaPlayer[] | string }) => {
        if (typeof records === 'string') return reject(new Error(`tournament ${i} failed on a worker: ${records}`));
        if (check && JSON.stringify(records) !== tasks[i]!.recorded) return reject(new Error(`tournament ${i} rated on a worker gave other records than the rebuild`));
        for (const r of records) sum += r.eloNumber;
        idle.push(worker);
        done++;
        for (const n of next[i]!) if (--waiting[n]! === 0) ready.push(n);
        if (done === tasks.length) resolve();
        else dispatch();
      });
    }
    dispatch();
  });
  return { ms: ms(t0), sum };
};

const main = (): Promise<void> =>
  onLedger('parallel', async (file, label) => {
    const { tasks, events, barriers } = await recordRebuild(file);
    if (tasks.length === 0) throw new Error(`${file}: no rated tournament to rate in parallel (${events} events)`);
    const edges = tasks.reduce((n, t) => n + t.after.length, 0);
    console.log(`parallel rating bench: ${label}: ${events} events, ${tasks.length} tournaments rated, ${edges} dependencies, ${barriers} waiting for every tournament before an officer fact`);
    const costs = measure(tasks);
    const sequential = costs.reduce((s, c) => s + c.rate, 0);
    const dispatch = costs.reduce((s, c) => s + c.out + c.back, 0);
    const path_ = criticalPath(tasks, (i) => costs[i]!.rate);
    console.log(`one thread: the engine alone ${sequential.toFixed(0)} ms (each tournament's fastest of 3); cloning inputs out and records back costs the dispatcher ${dispatch.toFixed(0)} ms more`);
    console.log(`critical path: ${path_.toFixed(0)} ms (no number of cores rates this history faster than ${(sequential / path_).toFixed(1)}x one thread)`);
    for (const p of [1, 2, 8, 32]) {
      const span = simulate(tasks, costs, p);
      console.log(`simulated ${String(p).padStart(2)} workers + dispatcher: ${span.toFixed(0)} ms, ${(sequential / span).toFixed(2)}x the engine alone in one thread`);
    }
    const workers = Number(process.env.BENCH_WORKERS ?? os.availableParallelism());
    const pool = Array.from({ length: workers }, () => new Worker(__filename));
    try {
      for (const w of pool) w.on('error', (e) => console.error(`a worker failed: ${e.message}`));
      const warm = await runOnWorkers(pool, tasks, true);
      const timed: number[] = [];
      for (let rep = 0; rep < 3; rep++) {
        const run = await runOnWorkers(pool, tasks, false);
        if (run.sum !== warm.sum) throw new Error('the workers gave other ratings in a timed run');
        timed.push(run.ms);
      }
      const real = timed.sort((a, b) => a - b)[1]!;
      console.log(`measured ${workers} worker threads (this machine, load ${os.loadavg()[0]!.toFixed(1)}; median of 3 after a checked warm-up): ${real.toFixed(0)} ms, ${(sequential / real).toFixed(2)}x the engine alone in one thread; simulated for ${workers}: ${simulate(tasks, costs, workers).toFixed(0)} ms`);
    } finally {
      await Promise.all(pool.map((w) => w.terminate()));
    }
    console.log(`checked: every one of the ${tasks.length} tournaments rated on a worker gave the records the rebuild got`);
  });

if (isMainThread) {
  main().catch((e: unknown) => {
    console.error(e instanceof Error ? e.message : String(e));
    process.exit(1);
  });
} else {
  parentPort!.on('message', ({ i, args }: { i: number; args: Call }) => {
    const out = rateEvent(...args);
    parentPort!.postMessage({ i, records: E.isRight(out) ? out.right.inInputOrder : `error: ${out.left.message}` });
  });
}
