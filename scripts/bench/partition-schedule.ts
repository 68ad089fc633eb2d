/**
 * The partition bench's schedules (scripts/bench/partition.ts): which worker rates each tournament (greedy or by
 * clusters of players), which records and messages that moves, and a simulation of the schedule it gives.
 */
import { nameKey } from '../../projections/fesa/history';
import { inputsOf, MinHeap, type Task } from './engine-calls';

/** Which worker rates each tournament: the one holding most of its records, within its share of the recent ones. */
export const assign = (tasks: readonly Task[], workers: number): Int32Array => {
  const to = new Int32Array(tasks.length);
  const window = 8 * workers;
  const share = (window / workers) * 1.25;
  const recent = new Int32Array(workers);
  const held = new Int32Array(workers);
  tasks.forEach((task, i) => {
    if (i >= window) recent[to[i - window]!]!--;
    held.fill(0);
    for (const s of task.sources) if (s !== null) held[to[s.task]!]!++;
    let best = -1;
    for (let w = 0; w < workers; w++) {
      if (recent[w]! >= share) continue;
      if (best < 0 || held[w]! > held[best]! || (held[w] === held[best] && recent[w]! < recent[best]!)) best = w;
    }
    if (best < 0) best = recent.indexOf(Math.min(...recent));
    to[i] = best;
    recent[best]!++;
  });
  return to;
};

/**
 * The players split once into P parts of equal size (label propagation over the player–tournament graph: each player,
 * five times over, joins the part most of his opponents are in while it has room); each tournament goes to the worker
 * of the part holding most of its players.
 */
export const clusters = (tasks: readonly Task[], parts: number): Int32Array => {
  const ids = new Map<string, number>();
  const players = tasks.map((t) => inputsOf(t.args).map((r) => {
    const key = nameKey(r);
    let id = ids.get(key);
    if (id === undefined) ids.set(key, (id = ids.size));
    return id;
  }));
  const n = ids.size;
  const playedIn: number[][] = Array.from({ length: n }, () => []);
  players.forEach((ps, t) => ps.forEach((p) => playedIn[p]!.push(t)));
  // first appearance order, cut into equal parts, is where the propagation starts
  const part = Int32Array.from({ length: n }, (_, p) => Math.floor((p * parts) / n));
  const size = new Int32Array(parts);
  part.forEach((x) => size[x]!++);
  const room = Math.ceil((n / parts) * 1.05);
  const votes = new Int32Array(parts);
  for (let round = 0; round < 5; round++) {
    for (let p = 0; p < n; p++) {
      votes.fill(0);
      for (const t of playedIn[p]!) for (const q of players[t]!) if (q !== p) votes[part[q]!]!++;
      let best = part[p]!;
      for (let x = 0; x < parts; x++) if (votes[x]! > votes[best]! && size[x]! < room) best = x;
      size[part[p]!]!--;
      size[best]!++;
      part[p] = best;
    }
  }
  const count = new Int32Array(parts);
  return Int32Array.from(players, (ps) => {
    count.fill(0);
    for (const p of ps) count[part[p]!]!++;
    return count.indexOf(Math.max(...count));
  });
};

export interface Moves {
  /** Records each task receives from other workers / sends to them. */
  readonly moveIn: Int32Array;
  readonly moveOut: Int32Array;
  /** Messages each task receives / sends (one per pair of tasks on two workers, records or not). */
  readonly msgIn: Int32Array;
  readonly msgOut: Int32Array;
  readonly spanning: number;
}

export const movesOf = (tasks: readonly Task[], to: Int32Array): Moves => {
  const n = tasks.length;
  const m: Moves = { moveIn: new Int32Array(n), moveOut: new Int32Array(n), msgIn: new Int32Array(n), msgOut: new Int32Array(n), spanning: 0 };
  let spanning = 0;
  tasks.forEach((task, i) => {
    let spans = false;
    for (const s of task.sources) {
      if (s !== null && to[s.task] !== to[i]) {
        m.moveIn[i]!++;
        m.moveOut[s.task]!++;
        spans = true;
      }
    }
    for (const j of task.after) {
      if (to[j] !== to[i]) {
        m.msgIn[i]!++;
        m.msgOut[j]!++;
      }
    }
    if (spans) spanning++;
  });
  return { ...m, spanning };
};

export interface Costs {
  readonly rate: Float64Array;
  /** Per record: serializing (maker) and deserializing (receiver), ms. */
  readonly ser: number;
  readonly deser: number;
  /** Per message: the postMessage call on each side (ms) and the one-way latency between two threads (ms). */
  readonly post: number;
  readonly latency: number;
}

/**
 * Each worker rates, whenever it is free, the earliest (in timeline order) of its tournaments whose records are all
 * there; a record made on another worker arrives one message latency after its maker finished. Returns when the last
 * tournament is done (ms).
 */
export const simulate = (tasks: readonly Task[], to: Int32Array, moves: Moves, costs: Costs, workers: number, perTask: (i: number) => number): number => {
  const waiting = tasks.map((t) => t.after.length);
  const next: number[][] = tasks.map(() => []);
  tasks.forEach((t, i) => t.after.forEach((j) => next[j]!.push(i)));
  const readyAt = new Float64Array(tasks.length);
  // per worker: its tournaments whose records are made, by the time the last one is there
  const arriving = Array.from({ length: workers }, () => new MinHeap());
  // per worker: those whose records are there, earliest tournament first
  const ready = Array.from({ length: workers }, () => new MinHeap());
  const busyUntil = new Float64Array(workers);
  const idle = new Uint8Array(workers).fill(1);
  const finishes = new MinHeap();
  const finishAt = new Float64Array(tasks.length);
  tasks.forEach((t, i) => t.after.length === 0 && arriving[to[i]!]!.push(0, i));
  let now = 0;
  let done = 0;
  const start = (w: number): void => {
    const a = arriving[w]!;
    while (a.size > 0 && a.peekKey() <= now) ready[w]!.push(0, a.pop());
    if (ready[w]!.size === 0) return;
    const i = ready[w]!.pop();
    const busy = moves.msgIn[i]! * costs.post + moves.moveIn[i]! * costs.deser + perTask(i) + moves.moveOut[i]! * costs.ser + moves.msgOut[i]! * costs.post;
    finishAt[i] = now + busy;
    busyUntil[w] = finishAt[i]!;
    idle[w] = 0;
    finishes.push(finishAt[i], i);
  };
  while (done < tasks.length) {
    for (let w = 0; w < workers; w++) if (idle[w]) start(w);
    // the next thing that happens: a tournament finishes, or records arrive at an idle worker
    let wake = finishes.peekKey();
    for (let w = 0; w < workers; w++) if (idle[w]) wake = Math.min(wake, arriving[w]!.peekKey());
    if (wake === Infinity) throw new Error('the graph has a cycle');
    now = Math.max(now, wake);
    while (finishes.size > 0 && finishes.peekKey() <= now) {
      const j = finishes.pop();
      done++;
      idle[to[j]!] = 1;
      for (const i of next[j]!) {
        readyAt[i] = Math.max(readyAt[i]!, finishAt[j]! + (to[i] === to[j] ? 0 : costs.latency));
        if (--waiting[i]! === 0) arriving[to[i]!]!.push(readyAt[i], i);
      }
    }
  }
  return Math.max(...busyUntil);
};

