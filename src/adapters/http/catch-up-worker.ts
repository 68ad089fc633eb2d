/**
 * The worker thread of model-catch-up.ts: brings a rule set's saved read models up to the head of the log
 * (`resumeProjection`: the events since its checkpoint folded, checkpoint and models saved) on its own connections to
 * the store, one request at a time, and answers the position saved; the diffs read from those models
 * (diff-models.ts), caught up first, answered as plain values; and the reads no model answers with the submissions'
 * imports (fold-jobs.ts). Its saves and appends take the lock it shares with the server (model-catch-up.ts says why). On a store that keeps no read models
 * (EventStoreDB) it runs the fold jobs alone.
 */
import { parentPort, workerData } from 'worker_threads';
import { resumeProjection } from '../../app/checkpoint';
import { openCheckpointStorage } from '../store/checkpoint-storage';
import type { CheckpointStorage } from '../../app/ports/checkpoint-storage';
import { openStore, parseStoreSpec } from '../store/open';
import { takingTurns, type CatchUpReply, type CatchUpRequest } from './model-catch-up';
import { ruleSetsFromListModels, sincePublishedFromListModel } from './diff-models';
import { AS_ADOPTED } from '../../../projections/fesa/history';
import { LedgerFailure } from '../../app/failure';
import { LiveProjections } from './live';
import { Ledger } from '../../app/ledger';
import type { EventStore } from '../../app/ports/event-store';
import { foldJobRunner, plainFailure } from './fold-jobs';

/** `readModels`: whether the server reads the models saved next to the log (a server told not to: none are made here). */
/** `token`: what this worker writes into the lock while it holds it (its own, so that only its own end frees it). */
const { storeSpec, lock, readModels, token } = workerData as { storeSpec: string; lock: Int32Array; readModels: boolean; token: number };

const turn = async <A>(save: () => Promise<A>): Promise<A> => {
  // the server's writes wait (awaiting) while this holds it; this thread may block
  while (Atomics.compareExchange(lock, 0, 0, token) !== 0) Atomics.wait(lock, 0, Atomics.load(lock, 0), 1000);
  try {
    return await save();
  } finally {
    Atomics.store(lock, 0, 0);
    Atomics.notify(lock, 0);
  }
};

/** `store` whose appends (a submission's approval) take turns with the server's writes; its reads as they are. */
const appendsTakingTurns = (store: EventStore): EventStore =>
  new Proxy(store, {
    get: (target, key) => {
      if (key === 'append') return (...args: Parameters<EventStore['append']>) => turn(() => target.append(...args));
      if (key === 'appendAll') return (appends: Parameters<EventStore['appendAll']>[0]) => turn(() => target.appendAll(appends));
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });

const opened = (async () => {
  const store = await openStore(storeSpec, { mustExist: true, mappedBytes: 0 });
  const kept = readModels ? await openCheckpointStorage(parseStoreSpec(storeSpec)) : undefined;
  const storage = kept && takingTurns(kept, turn);
  let live: LiveProjections | undefined;
  // a submission's file is decided from the streams it reads (a whole log's deciders' state is minutes at a million facts)
  const fold = foldJobRunner(new Ledger(appendsTakingTurns(store), 'streams'), () => (live ??= new LiveProjections(store, storage)), storage);
  const models = (): CheckpointStorage => {
    if (storage === undefined) throw new Error(`the store ${store.description} keeps no read models`);
    return storage;
  };
  return { store, fold, models };
})();

/**
 * A diff, or undefined when the ledger refuses it (a list that cannot be reproduced, a fold that fails): the server's
 * folds then answer the problem that says why, which a message across threads would not carry.
 */
const unlessLedgerFails = async <A>(diff: Promise<A>): Promise<A | undefined> => {
  try {
    return await diff;
  } catch (e) {
    if (e instanceof LedgerFailure) return undefined;
    throw e;
  }
};

let queue: Promise<unknown> = Promise.resolve();
parentPort!.on('message', (request: CatchUpRequest) => {
  const id = request.id;
  queue = queue.then(async () => {
    let reply: CatchUpReply;
    try {
      const { store, fold, models } = await opened;
      if ('fold' in request) reply = { id, folded: await fold(request.fold) };
      else if ('compare' in request) {
        const storage = models();
        const { a, b, asOf } = request.compare;
        // the list projection at the head: the as-adopted models caught up (and saved) here, not on the server's thread
        const projectionNow = async () => (await resumeProjection(store, storage, { ruleSet: AS_ADOPTED })).projection;
        reply = { id, answer: (await unlessLedgerFails(ruleSetsFromListModels(store, storage, projectionNow, a, b, asOf))) ?? null };
      } else if ('sincePublished' in request) {
        reply = { id, answer: (await unlessLedgerFails(sincePublishedFromListModel(store, models(), request.sincePublished))) ?? null };
      } else {
        const { projection } = await resumeProjection(store, models(), { ruleSet: request.ruleSet });
        reply = { id, position: projection.position };
      }
    } catch (e) {
      reply = e instanceof LedgerFailure ? { id, failure: plainFailure(e) } : { id, error: e instanceof Error ? e.message : String(e) };
    }
    try {
      parentPort!.postMessage(reply);
    } catch (e) {
      // an answer that cannot be cloned is this code's fault; the request fails, the worker lives on
      parentPort!.postMessage({ id, error: e instanceof Error ? e.message : String(e) } satisfies CatchUpReply);
    }
  });
});
