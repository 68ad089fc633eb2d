/**
 * Rating on every core, the second design (issue 19): workers that OWN the records of their players. The first design
 * (parallel.ts: a dispatcher cloning every tournament's records to a worker and back) spends as long cloning as
 * rating, all on the one thread that owns the list. Here a record stays on the worker that rated its player last; a
 * tournament is given to the worker that already holds most of its players' records, and only the records of its
 * other players move, straight from the worker that made them (one message per pair of tournaments).
 *
 * From a real rebuild (every engine call recorded, engine-calls.ts), for P = 1, 2, 8 and 32 workers:
 *  - two assignments: `greedy`, each tournament in timeline order to the worker holding most of its records, unless
 *    that worker has more than its share of the last 8·P tournaments — it needs nothing but the facts (no region or
 *    club in them); and `clusters`, the players cut once into P parts by label propagation, each tournament to the
 *    part holding most of its players;
 *  - how many tournaments span workers, how many records move and in how many messages;
 *  - a simulation: a free worker rates the earliest of its tournaments whose records are all there (a record made on
 *    another worker arrives the measured one-way message latency after its maker finished); a moved record costs its
 *    maker the measured serialization and its receiver the deserialization, a message the measured postMessage call
 *    on each side;
 *  - the whole rebuild that design gives: the front this process measured (read, decode, collect) + the schedule with
 *    each tournament costing its engine time × (rating and projecting / engine alone, measured: the projection's own
 *    work assumed to spread with the engine) + the records gathered back into one list; against the bare read.
 * And the real thing on BENCH_WORKERS (default: the cores) worker threads owning their records, exchanging them by
 * MessagePorts between workers, every result checked against the recorded one, timed against the same loop in one thread.
 * docs/benchmarks.md ("Rating on every core, the second design") has the figures and what they say.
 *
 * Usage: `node dist/scripts/bench/partition.js [LEDGER.db]` (without a ledger: the history bench's synthetic ledger at
 * BENCH_SCALE, default 0.1, in a temporary file). The ledger is only read; pass a copy of a shared one (SQLite writes
 * its -shm/-wal files beside it).
 */
import * as E from 'fp-ts/Either';
import * as os from 'os';
import * as v8 from 'v8';
import { MessageChannel, type MessagePort, Worker, isMainThread, parentPort, workerData } from 'worker_threads';
import { rateEvent } from '../../domain/rules/fesa/rate-event';
import type { FesaPlayer } from '../../domain/rules/fesa/types';
import { FesaProjection } from '../../projections/fesa/incremental';
import { openSqliteStore } from '../../src/adapters/store/sqlite';
import { readFacts } from '../../src/app/event-log';
import { assign, clusters, movesOf, simulate, type Costs } from './partition-schedule';
import { criticalPath, inputsOf, ms, recordRebuild, onLedger, recordsOf, type Call, type Task } from './engine-calls';

const RESHAPE = process.env.BENCH_RESHAPE !== '0';
const fastest = (runs: number, f: () => unknown): number => {
  let best = Infinity;
  for (let r = 0; r < runs; r++) {
    const t = process.hrtime.bigint();
    f();
    best = Math.min(best, ms(t));
  }
  return best;
};
const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** The bare read (every row's JSON parsed, nothing else) and a full rebuild as `history.js` measures it (ms), and its list. */
const sequentialRebuild = async (file: string): Promise<{ bare: number; front: number; rebuild: number; events: number; list: string }> => {
  const store = openSqliteStore(file);
  try {
    let t0 = process.hrtime.bigint();
    let events = 0;
    for await (const batch of store.readFacts()) events += batch.length;
    const bare = ms(t0);
    t0 = process.hrtime.bigint();
    const projection = new FesaProjection({ runs: 'none', listModel: true, careerModel: true });
    let fed = 0;
    for await (const batch of readFacts(store)) {
      projection.apply(batch);
      fed += batch.length;
    }
    const front = ms(t0);
    const folded = projection.current();
    const rebuild = ms(t0);
    if (E.isLeft(folded)) throw new Error(folded.left.message);
    if (fed !== events) throw new Error(`the rebuild read ${fed} events, the bare read ${events}`);
    return { bare, front, rebuild, events, list: JSON.stringify(folded.right.list) };
  } finally {
    await store.close();
  }
};

/** Reads and decodes the log's positions from+1..to (what a rebuild reads before it collects); returns how many events. */
const readRange = async (file: string, from: number, to: number): Promise<number> => {
  const store = openSqliteStore(file);
  try {
    let events = 0;
    for await (const batch of readFacts(store, { fromPosition: from, toPosition: to })) events += batch.length;
    return events;
  } finally {
    await store.close();
  }
};

/**
 * The front split: `parts` worker threads each read and decode an equal range of the log's positions (their facts stay
 * with them, as a worker owning its players would keep them), against the same in one thread (ms, median of 3).
 */
const splitRead = async (file: string, parts: number, events: number): Promise<{ split: number; start: number; one: number }> => {
  const head = await (async () => {
    const store = openSqliteStore(file);
    try {
      return await store.headPosition();
    } finally {
      await store.close();
    }
  })();
  /** Wall time of one split read, from the go of workers already started (and the time they took to start). */
  const once = async (): Promise<{ read: number; start: number }> => {
    let t0 = process.hrtime.bigint();
    const pool = await Promise.all(
      Array.from({ length: parts }, (_, k) => {
        const range = { read: file, from: Math.floor((head * k) / parts), to: Math.floor((head * (k + 1)) / parts) };
        const worker = new Worker(__filename, { workerData: range });
        return new Promise<Worker>((resolve, reject) => {
          worker.once('message', () => resolve(worker));
          worker.once('error', reject);
        });
      }),
    );
    const start = ms(t0);
    t0 = process.hrtime.bigint();
    const counts = await Promise.all(
      pool.map(
        (worker) =>
          new Promise<number>((resolve, reject) => {
            worker.once('message', (n: number) => resolve(n));
            worker.once('error', reject);
            worker.postMessage('go');
          }),
      ),
    );
    const read = ms(t0);
    await Promise.all(pool.map((w) => w.terminate()));
    if (counts.reduce((a, b) => a + b, 0) !== events) throw new Error(`the ${parts} readers read ${counts.join(' + ')} events, the rebuild ${events}`);
    return { read, start };
  };
  const split: number[] = [];
  const start: number[] = [];
  const one: number[] = [];
  for (let rep = 0; rep < 3; rep++) {
    const run = await once();
    split.push(run.read);
    start.push(run.start);
    const t0 = process.hrtime.bigint();
    if ((await readRange(file, 0, head)) !== events) throw new Error('one reader read another number of events than the rebuild');
    one.push(ms(t0));
  }
  return { split: median(split), start: median(start), one: median(one) };
};

/** What a worker is given before the clock starts: its tournaments, with the records no tournament of the fold made. */
interface WorkerTask {
  readonly i: number;
  readonly newcomers: number;
  readonly event: Call[2];
  readonly options: Call[3];
  readonly flags: Call[4];
  /** Per input: a record given (no tournament made it), or [task, output index, made here]. */
  readonly inputs: readonly (FesaPlayer | readonly [number, number, boolean])[];
  /** Per output: the workers (other than this one) that need it. */
  readonly sendTo: readonly (readonly number[])[];
  readonly recorded?: string;
}

/** Runs one pass of the assigned tasks on the pool; resolves with the wall time and the sum of the ratings. */
const runOnWorkers = (pool: readonly Worker[], run: number): Promise<{ ms: number; sum: number; busy: number[] }> =>
  new Promise((resolve, reject) => {
    let done = 0;
    let sum = 0;
    const busy: number[] = [];
    const t0 = process.hrtime.bigint();
    for (const worker of pool) {
      worker.removeAllListeners('message');
      worker.on('message', (m: { run: number; sum: number; busy: number } | { error: string }) => {
        if ('error' in m) return reject(new Error(m.error));
        sum += m.sum;
        busy.push(m.busy);
        if (++done === pool.length) resolve({ ms: ms(t0), sum, busy });
      });
      worker.postMessage({ go: run });
    }
  });

/**
 * A record received from another thread, rebuilt field by field in the order the engine writes its records
 * (domain/rules/fesa/after-event.ts): a structured clone has the same fields but not the same hidden class as the
 * engine's own records, and the engine fed a mix of both ran slower (once at scale 0.1, load ~5: the one-thread loop
 * on the records as the workers hold them took 692 ms without this, 443 ms with it; BENCH_RESHAPE=0 leaves it out).
 */
const reshape = (r: FesaPlayer): FesaPlayer => {
  const record: { -readonly [K in keyof FesaPlayer]: FesaPlayer[K] } = {
    lastName: r.lastName,
    firstName: r.firstName,
    nationalityList: r.nationalityList.map((h) => ({ list: h.list, nationality: h.nationality, residens: h.residens, last: h.last })),
    gradeLevel: r.gradeLevel,
    gradeName: r.gradeName,
    nsrGradeLevel: r.nsrGradeLevel,
    nsrGradeName: r.nsrGradeName,
    eloNumber: r.eloNumber,
    games: typeof r.games === 'number' ? r.games : r.games.map((g) => ({ opponentRating: g.opponentRating, score: g.score, weight: g.weight })),
    lastPlayed: r.lastPlayed,
    lbCount: r.lbCount === null ? null : { n: r.lbCount.n, reachedMp: r.lbCount.reachedMp },
    mpCount: r.mpCount,
    bonusCount: r.bonusCount,
  };
  if (r.extension) record.extension = r.extension;
  return record;
};

/**
 * The same tasks in this thread, in timeline order, each input taken from the output that made it. Given an
 * assignment, the workers' whole work in one thread: each task's inputs as a worker holds them (cloned before the
 * clock starts), and every record that crosses workers cloned on its way (timed).
 */
const runHere = (tasks: readonly Task[], to?: Int32Array): { ms: number; sum: number } => {
  const outputs: (readonly FesaPlayer[])[] = [];
  const args = to === undefined ? tasks.map((t) => t.args) : tasks.map((t) => v8.deserialize(v8.serialize(t.args)) as Call);
  let sum = 0;
  const t0 = process.hrtime.bigint();
  tasks.forEach((task, i) => {
    const given = inputsOf(args[i]!);
    const inputs = task.sources.map((s, k) => {
      if (s === null) return given[k]!;
      const made = outputs[s.task]![s.index]!;
      return to === undefined || to[s.task] === to[i] ? made : (RESHAPE ? reshape : (x: FesaPlayer) => x)(v8.deserialize(v8.serialize(made)) as FesaPlayer);
    });
    const n = task.args[1].length;
    const out = rateEvent(inputs.slice(n), inputs.slice(0, n), args[i]![2], args[i]![3], args[i]![4]);
    if (E.isLeft(out)) throw new Error(`tournament ${i}: ${out.left.message}`);
    outputs[i] = out.right.inInputOrder;
    for (const r of out.right.inInputOrder) sum += r.eloNumber;
  });
  return { ms: ms(t0), sum };
};

const main = (): Promise<void> =>
  onLedger('partition', async (file, label) => {
    const load = () => os.loadavg()[0]!.toFixed(1);
    // the faster of two (the first also compiles the code a rebuild runs)
    const runs = [await sequentialRebuild(file), await sequentialRebuild(file)];
    const seq = runs[0]!.rebuild < runs[1]!.rebuild ? runs[0]! : runs[1]!;
    console.log(`partition bench: ${label}: ${seq.events} events; load ${load()}`);
    console.log(`bare read ${seq.bare.toFixed(0)} ms; full rebuild (faster of 2) ${seq.rebuild.toFixed(0)} ms (read+decode+collect ${seq.front.toFixed(0)} ms, rate+project ${(seq.rebuild - seq.front).toFixed(0)} ms) = ${(seq.rebuild / seq.bare).toFixed(2)}x the bare read (goal <= 2x)`);

    const workers = Number(process.env.BENCH_WORKERS ?? os.availableParallelism());
    const read = await splitRead(file, workers, seq.events);
    console.log(`read+decode split over ${workers} worker threads (each a range of positions; started beforehand, in ${read.start.toFixed(0)} ms): ${read.split.toFixed(0)} ms against ${read.one.toFixed(0)} ms in one thread (${(read.one / read.split).toFixed(2)}x; median of 3)`);
    const { tasks, list } = await recordRebuild(file);
    if (tasks.length === 0) throw new Error(`${file}: no rated tournament (${seq.events} events)`);
    if (JSON.stringify(list) !== seq.list) throw new Error('the recording rebuild gave another list than the timed one');
    const rate = new Float64Array(tasks.length);
    let records = 0;
    let ser = 0;
    let deser = 0;
    tasks.forEach((task, i) => {
      rate[i] = fastest(3, () => rateEvent(...task.args));
      const out = inputsOf(task.args);
      let bytes: Buffer = Buffer.alloc(0);
      ser += fastest(3, () => (bytes = v8.serialize(out)));
      deser += fastest(3, () => void v8.deserialize(bytes));
      records += out.length;
    });
    const engine = rate.reduce((s, x) => s + x, 0);
    let listBytes: Buffer = Buffer.alloc(0);
    const gather = fastest(3, () => (listBytes = v8.serialize(list))) + fastest(3, () => void v8.deserialize(listBytes));
    const { post, latency } = await messageCosts();
    const costs: Costs = { rate, ser: ser / records, deser: deser / records, post, latency };
    // the projection's own work (event files, newcomers, list order), spread over the tournaments like the engine's
    const projectFactor = (seq.rebuild - seq.front) / engine;
    console.log(`${tasks.length} tournaments; the engine alone ${engine.toFixed(0)} ms (each tournament's fastest of 3), rating and projecting ${projectFactor.toFixed(2)}x that; critical path ${criticalPath(tasks, (i) => rate[i]!).toFixed(0)} ms`);
    console.log(`moving a record: ${(costs.ser * 1000).toFixed(1)} us to serialize + ${(costs.deser * 1000).toFixed(1)} us to deserialize (structured clone, ${records} records); a message: ${(post * 1000).toFixed(1)} us per postMessage call, ${(latency * 1000).toFixed(0)} us one way between two threads (median of 200 round trips); gathering the list of ${list.length}: ${gather.toFixed(0)} ms`);

    let best: { to: Int32Array; span: number } | undefined;
    for (const p of [1, 2, 8, 32]) {
      for (const [how, to] of [['greedy', assign(tasks, p)], ['clusters', clusters(tasks, p)]] as const) {
        if (p === 1 && how === 'clusters') continue;
        const moves = movesOf(tasks, to);
        const moved = moves.moveIn.reduce((s, x) => s + x, 0);
        const messages = moves.msgIn.reduce((s, x) => s + x, 0);
        const engineSpan = simulate(tasks, to, moves, costs, p, (i) => rate[i]!);
        const span = simulate(tasks, to, moves, costs, p, (i) => rate[i]! * projectFactor);
        const whole = seq.front + span + (p > 1 ? gather : 0);
        const readSplit = seq.front / p + span + (p > 1 ? gather : 0);
        if (p === workers && (best === undefined || engineSpan < best.span)) best = { to, span: engineSpan };
        console.log(
          `P=${String(p).padStart(2)} ${how.padEnd(8)}: ${moves.spanning} of ${tasks.length} tournaments span workers, ${moved} records moved in ${messages} messages; engine ${engineSpan.toFixed(0)} ms (${(engine / engineSpan).toFixed(2)}x one thread); ` +
            `whole rebuild ${whole.toFixed(0)} ms = ${(whole / seq.bare).toFixed(2)}x the bare read (${(seq.rebuild / whole).toFixed(2)}x faster); with the read split over ${p} too: ${readSplit.toFixed(0)} ms = ${(readSplit / seq.bare).toFixed(2)}x`,
        );
      }
    }

    const to = best?.to ?? assign(tasks, workers);
    const here: number[] = [];
    const hereCloned: number[] = [];
    let sum = 0;
    for (let rep = 0; rep < 3; rep++) {
      const run = runHere(tasks);
      sum = run.sum;
      here.push(run.ms);
      const cloned = runHere(tasks, to);
      if (cloned.sum !== sum) throw new Error('the tasks on cloned inputs gave other ratings');
      hereCloned.push(cloned.ms);
    }
    const pool = Array.from({ length: workers }, () => new Worker(__filename));
    try {
      for (const w of pool) w.on('error', (e) => console.error(`a worker failed: ${e.message}`));
      await setUp(pool, tasks, to);
      const checked = await runOnWorkers(pool, 0);
      if (checked.sum !== sum) throw new Error(`the workers' ratings sum to ${checked.sum}, one thread's to ${sum}`);
      const timed: { ms: number; busy: number[] }[] = [];
      for (let rep = 1; rep <= 3; rep++) {
        const run = await runOnWorkers(pool, rep);
        if (run.sum !== sum) throw new Error('the workers gave other ratings in a timed run');
        timed.push(run);
      }
      timed.sort((a, b) => a.ms - b.ms);
      const real = timed[1]!.ms;
      const one = median(here);
      const wholeReal = seq.rebuild - one + real;
      console.log(
        `measured ${workers} worker threads owning their records (load ${load()}; median of 3 after a checked run): ${real.toFixed(0)} ms against ${one.toFixed(0)} ms for the same loop in one thread (${(one / real).toFixed(2)}x; ${median(hereCloned).toFixed(0)} ms on the records as the workers hold them, moves included); ` +
          `each worker rating and sending ${timed[1]!.busy.map((b) => b.toFixed(0)).join(' + ')} ms of it; simulated ${simulate(tasks, to, movesOf(tasks, to), costs, workers, (i) => rate[i]!).toFixed(0)} ms; the rebuild with it ${wholeReal.toFixed(0)} ms = ${(wholeReal / seq.bare).toFixed(2)}x the bare read`,
      );
    } finally {
      await Promise.all(pool.map((w) => w.terminate()));
    }
    console.log(`checked: the recording rebuild gave the timed rebuild's list of ${list.length}; every one of the ${tasks.length} tournaments rated on a worker gave the records the rebuild got`);
  });

/** The postMessage call's cost and the one-way latency between two threads, measured on a worker echoing back. */
const messageCosts = async (): Promise<{ post: number; latency: number }> => {
  const echo = new Worker(__filename, { workerData: 'echo' });
  try {
    const { port1, port2 } = new MessageChannel();
    echo.postMessage({ echo: port2 }, [port2]);
    const trips: number[] = [];
    for (let k = 0; k < 200; k++) {
      const t = process.hrtime.bigint();
      await new Promise<void>((resolve) => {
        port1.once('message', () => resolve());
        port1.postMessage(k);
      });
      trips.push(ms(t));
    }
    const post = fastest(3, () => {
      for (let k = 0; k < 1000; k++) port1.postMessage(-1);
    }) / 1000;
    port1.close();
    return { post, latency: median(trips) / 2 };
  } finally {
    await echo.terminate();
  }
};

/** Gives each worker its tasks and a port to every other worker. */
const setUp = async (pool: readonly Worker[], tasks: readonly Task[], to: Int32Array): Promise<void> => {
  const ports: MessagePort[][] = pool.map(() => []);
  for (let a = 0; a < pool.length; a++)
    for (let b = a + 1; b < pool.length; b++) {
      const { port1, port2 } = new MessageChannel();
      ports[a]![b] = port1;
      ports[b]![a] = port2;
    }
  const sendTo: number[][][] = tasks.map((t) => inputsOf(t.args).map(() => []));
  tasks.forEach((task, i) =>
    task.sources.forEach((s) => {
      if (s !== null && to[s.task] !== to[i] && !sendTo[s.task]![s.index]!.includes(to[i]!)) sendTo[s.task]![s.index]!.push(to[i]!);
    }),
  );
  await Promise.all(
    pool.map(
      (worker, w) =>
        new Promise<void>((resolve) => {
          const mine: WorkerTask[] = [];
          tasks.forEach((task, i) => {
            if (to[i] !== w) return;
            const given = inputsOf(task.args);
            const inputs = task.sources.map((s, k) => (s === null ? given[k]! : ([s.task, s.index, to[s.task] === w] as const)));
            mine.push({ i, newcomers: task.args[1].length, event: task.args[2], options: task.args[3], flags: task.args[4], inputs, sendTo: sendTo[i]!, recorded: task.recorded });
          });
          const peers = ports[w]!;
          worker.once('message', () => resolve());
          worker.postMessage({ me: w, tasks: mine, peers }, peers.filter((p) => p !== undefined));
        }),
    ),
  );
};

/** How far past its first unrated task a worker looks for one whose records are all here. */
const LOOKAHEAD = 64;

/** A worker: rates its tasks in order, waiting for the records other workers make, sending theirs as soon as made. */
const workerMain = (): void => {
  let me = -1;
  let tasks: WorkerTask[] = [];
  let peers: MessagePort[] = [];
  let run = -1;
  /** This run's tasks not rated yet, by place in `tasks`. */
  let pending: number[] = [];
  let sum = 0;
  let busy = 0;
  let t0 = 0n;
  let made = new Map<number, readonly FesaPlayer[]>();
  /** Records from other workers by run: task → output index → record (a peer may send before this worker's go). */
  const inbox = new Map<number, Map<number, Map<number, FesaPlayer>>>();
  /** The record an input takes, or undefined while it has not arrived. */
  const recordFor = (input: WorkerTask['inputs'][number]): FesaPlayer | undefined => {
    if (!Array.isArray(input)) return input as FesaPlayer;
    const [from, index, local] = input as readonly [number, number, boolean];
    return local ? made.get(from)?.[index] : inbox.get(run)?.get(from)?.get(index);
  };
  /** Rates the task if its records are all here; false if one is missing; a string on failure. */
  const tryRate = (task: WorkerTask): boolean | string => {
    const inputs: FesaPlayer[] = [];
    for (const input of task.inputs) {
      const record = recordFor(input);
      if (record === undefined) return false;
      inputs.push(record);
    }
    const t = process.hrtime.bigint();
    const out = rateEvent(inputs.slice(task.newcomers), inputs.slice(0, task.newcomers), task.event, task.options, task.flags);
    if (E.isLeft(out)) return `tournament ${task.i}: ${out.left.message}`;
    const records = out.right.inInputOrder;
    if (run === 0 && recordsOf(out) !== task.recorded) return `tournament ${task.i} rated on worker ${me} gave other records than the rebuild`;
    made.set(task.i, records);
    for (const r of records) sum += r.eloNumber;
    const outgoing = new Map<number, [number, FesaPlayer][]>();
    task.sendTo.forEach((dests, index) => {
      for (const d of dests) {
        const items = outgoing.get(d) ?? [];
        items.push([index, records[index]!]);
        outgoing.set(d, items);
      }
    });
    for (const [d, items] of outgoing) peers[d]!.postMessage({ run, task: task.i, items });
    busy += ms(t);
    return true;
  };
  /** Rates every task it can, the earliest first, looking at most LOOKAHEAD tasks past the first one not rated. */
  const pump = (): void => {
    if (pending.length === 0) return;
    for (let progress = true; progress; ) {
      progress = false;
      for (let k = 0; k < Math.min(LOOKAHEAD, pending.length); k++) {
        const rated = tryRate(tasks[pending[k]!]!);
        if (typeof rated === 'string') {
          parentPort!.postMessage({ error: rated });
          return;
        }
        if (rated) {
          pending.splice(k, 1);
          progress = true;
          break;
        }
      }
    }
    if (pending.length === 0) parentPort!.postMessage({ run, sum, ms: ms(t0), busy });
  };
  parentPort!.on('message', (m: { me: number; tasks: WorkerTask[]; peers: MessagePort[] } | { go: number }) => {
    if ('go' in m) {
      run = m.go;
      pending = tasks.map((_, k) => k);
      sum = 0;
      busy = 0;
      made = new Map();
      for (const k of [...inbox.keys()]) if (k < run) inbox.delete(k);
      t0 = process.hrtime.bigint();
      if (tasks.length === 0) parentPort!.postMessage({ run, sum, ms: 0, busy: 0 });
      pump();
      return;
    }
    me = m.me;
    tasks = m.tasks;
    peers = m.peers;
    peers.forEach((port) => {
      port?.on('message', (msg: { run: number; task: number; items: [number, FesaPlayer][] }) => {
        let ofRun = inbox.get(msg.run);
        if (ofRun === undefined) inbox.set(msg.run, (ofRun = new Map<number, Map<number, FesaPlayer>>()));
        let got = ofRun.get(msg.task);
        if (got === undefined) ofRun.set(msg.task, (got = new Map<number, FesaPlayer>()));
        for (const [index, record] of msg.items) got.set(index, RESHAPE ? reshape(record) : record);
        if (msg.run === run) pump();
      });
    });
    parentPort!.postMessage({ ready: true });
  });
};

if (isMainThread) {
  main().catch((e: unknown) => {
    console.error(e instanceof Error ? e.message : String(e));
    process.exit(1);
  });
} else if (typeof workerData === 'object' && workerData !== null && 'read' in workerData) {
  const { read, from, to } = workerData as { read: string; from: number; to: number };
  // a failure is an unhandled rejection: it ends the worker with an 'error' the main thread rejects on
  parentPort!.once('message', () => void readRange(read, from, to).then((n) => parentPort!.postMessage(n)));
  parentPort!.postMessage('ready');
} else if (workerData === 'echo') {
  parentPort!.once('message', ({ echo }: { echo: MessagePort }) => echo.on('message', (k: number) => k >= 0 && echo.postMessage(k)));
} else {
  workerMain();
}
