import * as fs from 'fs';
import * as path from 'path';
import { Worker } from 'worker_threads';
import type { CheckpointStorage } from '../../app/ports/checkpoint-storage';
import type { PlainDiff } from './diff-models';
import { failureOf, holdsProjection, type FoldAnswer, type FoldJob, type PlainFailure } from './fold-jobs';

/** What the worker is asked and answers (catch-up-worker.ts). */
export type CatchUpRequest = { readonly id: number } & (
  | { readonly ruleSet: string }
  /** Two rule sets compared from their list models (diff-models.ts). */
  | { readonly compare: { readonly a: string; readonly b: string; readonly asOf: string } }
  /** What changed since a published list, from its rule set's list model (diff-models.ts). */
  | { readonly sincePublished: string }
  /** A read no model answers, folded on the worker (fold-jobs.ts). */
  | { readonly fold: FoldJob }
);
export type CatchUpReply =
  | { readonly id: number; readonly position: number }
  | { readonly id: number; readonly answer: PlainDiff | 'busy' | null }
  | { readonly id: number; readonly folded: unknown }
  /** The ledger refused the job (fold-jobs.ts): the server answers the same problem as had it folded itself. */
  | { readonly id: number; readonly failure: PlainFailure }
  | { readonly id: number; readonly error: string };

type Job = { ruleSet: string } | { compare: { a: string; b: string; asOf: string } } | { sincePublished: string } | { fold: FoldJob };

/** `storage` whose writes (saves, drops) run through `turn`; its reads as they are. */
export const takingTurns = (storage: CheckpointStorage, turn: <A>(write: () => Promise<A>) => Promise<A>): CheckpointStorage => ({
  ...storage,
  save: (...args) => turn(() => storage.save(...args)),
  moveHeader: (...args) => turn(() => storage.moveHeader(...args)),
  drop: (names) => turn(() => storage.drop(names)),
});

/** A worker that has had nothing to do this long is ended (a new one starts at the next catch-up). */
const IDLE_MS = 10_000;

/**
 * The built worker: next to this module in dist/; when this module runs from its TypeScript source (the tests), the
 * build of it in dist/ (the tests build dist first, as for the CLI); when it runs inside the CLI's bundle
 * (dist/ledger-cli.js, scripts/build/cli-bundle.ts), the compiled worker below the bundle.
 */
const workerScript = (): string => {
  if (__filename.endsWith('.ts')) return path.resolve(__dirname, '../../../dist/src/adapters/http/catch-up-worker.js');
  const beside = path.join(__dirname, 'catch-up-worker.js');
  return fs.existsSync(beside) ? beside : path.join(__dirname, 'src', 'adapters', 'http', 'catch-up-worker.js');
};

/**
 * Catches the saved read models (a rule set's checkpoint with its list and careers models) up to the head of the log
 * on a worker thread, so that the fold and the save — seconds at a million games, and the whole checkpoint written
 * again each time — never hold the server's event loop: `/health` and every answer already in hand are served while
 * it runs. The worker opens its own connections to the store (`storeSpec`).
 *
 * SQLite lets one writer at a time, and better-sqlite3 waits for a busy lock synchronously: a write of the server's
 * own (an append, a credential, a checkpoint it saves itself) waiting on the worker's save would hold the event loop
 * as long as the save. So the server's writes and the worker's saves take turns through one lock in shared memory:
 * the worker waits for it blocking (its own thread), the server awaiting (`exclusive`), never blocking.
 */
export class ModelCatchUp {
  /** 0 free, 1 taken by the server, else by the worker whose token it holds (catch-up-worker.ts); shared with them. */
  private readonly lock = new Int32Array(new SharedArrayBuffer(4));
  private worker: Worker | undefined;
  /** The token of the next worker started (2, 3, …): an ended worker's exit frees the lock only if it holds it. */
  private nextToken = 2;
  /** Each question with the worker asked: an ended worker fails its own questions, not those of the one after it. */
  private readonly pending = new Map<number, { resolve: (answer: never) => void; reject: (e: Error) => void; worker: Worker }>();
  private nextId = 1;
  private idle: NodeJS.Timeout | undefined;
  private holdsProjections = false;
  /** Catch-ups the worker finished (an instrument: the tests hold that they ran there, not on the request thread). */
  finished = 0;

  constructor(
    private readonly storeSpec: string,
    /** Whether the server reads saved read models (absent: the worker runs fold jobs only and saves nothing). */
    private readonly readModels = true,
    /** How long an idle worker is kept (IDLE_MS; shorter in a test of the hand-over from one worker to the next). */
    private readonly idleMs = IDLE_MS,
  ) {}

  /**
   * Told when the worker answers, before the question's answer is given: its saves are the server's own commits (the
   * answer cache then keeps what it holds, answer-cache.ts `ownCommit`).
   */
  onAnswered: (() => void) | undefined;

  /** Brings `ruleSet`'s saved models up to the head of the log on the worker; resolves with the position saved. */
  run(ruleSet: string): Promise<number> {
    return this.ask<number>({ ruleSet });
  }

  /**
   * Two rule sets compared from their saved list models on the worker (catching them up first), or what changed since
   * a published list: the plain diff, 'busy' when the log kept moving, null when the models cannot answer.
   */
  diff(job: { compare: { a: string; b: string; asOf: string } } | { sincePublished: string }): Promise<PlainDiff | 'busy' | null> {
    return this.ask<PlainDiff | 'busy' | null>(job);
  }

  /** A read no model answers, folded on the worker; a refusal of the ledger rejects with its LedgerFailure. */
  fold<J extends FoldJob>(job: J): Promise<FoldAnswer<J>> {
    // the FESA projections such a job leaves on the worker are kept: ended, the next one would fold from the start
    if (holdsProjection(job)) this.holdsProjections = true;
    return this.ask<FoldAnswer<J>>({ fold: job });
  }

  private ask<A>(job: Job): Promise<A> {
    if (this.idle !== undefined) clearTimeout(this.idle);
    const worker = (this.worker ??= this.start());
    const id = this.nextId++;
    return new Promise<A>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve, reject, worker });
      worker.postMessage({ id, ...job } satisfies CatchUpRequest);
    });
  }

  /** `write` once the worker is not saving (and it waits until `write` is done). */
  async exclusive<A>(write: () => Promise<A>): Promise<A> {
    // wait on the value the holder wrote (1 the server, a worker's token): waiting on another value returns at once,
    // and the loop would spin on the answering thread for as long as a worker saves
    for (let held = Atomics.compareExchange(this.lock, 0, 0, 1); held !== 0; held = Atomics.compareExchange(this.lock, 0, 0, 1)) {
      const waited = (Atomics as unknown as { waitAsync(a: Int32Array, i: number, v: number): { async: boolean; value: Promise<string> | string } }).waitAsync(this.lock, 0, held);
      if (waited.async) await waited.value;
    }
    try {
      return await write();
    } finally {
      Atomics.store(this.lock, 0, 0);
      Atomics.notify(this.lock, 0);
    }
  }

  /** `storage` whose saves take turns with the worker's (see above); its reads as they are. */
  guarded(storage: CheckpointStorage): CheckpointStorage {
    return takingTurns(storage, (write) => this.exclusive(write));
  }

  private start(): Worker {
    const script = workerScript();
    if (!fs.existsSync(script)) throw new Error(`the read models' catch-up worker is not built (${script}); run npm run build`);
    const token = this.nextToken++;
    const worker = new Worker(script, { workerData: { storeSpec: this.storeSpec, lock: this.lock, readModels: this.readModels, token } });
    worker.on('message', (reply: CatchUpReply) => {
      const waiting = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      this.onAnswered?.();
      if ('error' in reply) waiting?.reject(new Error(reply.error));
      else if ('failure' in reply) waiting?.reject(failureOf(reply.failure));
      else if ('folded' in reply) waiting?.resolve(reply.folded as never);
      else if ('answer' in reply) waiting?.resolve(reply.answer as never);
      else {
        this.finished++;
        waiting?.resolve(reply.position as never);
      }
      if (this.pending.size === 0 && !this.holdsProjections) this.idle = setTimeout(() => this.stop(), this.idleMs).unref();
    });
    // an idle worker is ended while the next question may already have started another: only its own questions fail
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = undefined;
      for (const [id, waiting] of this.pending) {
        if (waiting.worker !== worker) continue;
        this.pending.delete(id);
        waiting.reject(error);
      }
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      // a worker ended while saving (terminated, out of memory) never gives the lock back itself
      if (Atomics.compareExchange(this.lock, 0, token, 0) === token) Atomics.notify(this.lock, 0);
      fail(new Error(`the read models' catch-up worker stopped (exit code ${code})`));
    });
    // a server stopping does not wait for an idle worker (after the listeners: a 'message' listener refs its port again)
    worker.unref();
    return worker;
  }

  private stop(): void {
    const worker = this.worker;
    this.worker = undefined;
    void worker?.terminate();
  }
}
