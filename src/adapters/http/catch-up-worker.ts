/**
 * The worker thread of model-catch-up.ts: brings a rule set's saved read models up to the head of the log
 * (`resumeProjection`: the events since its checkpoint folded, checkpoint and models saved) on its own connections to
 * the store, one request at a time, and answers the position saved; and the diffs read from those models
 * (diff-models.ts), caught up first, answered as plain values. Its saves take the lock it shares with the
 * server (model-catch-up.ts says why).
 */
import { parentPort, workerData } from 'worker_threads';
import { resumeProjection } from '../../app/checkpoint';
import { openCheckpointStorage } from '../store/checkpoint-storage';
import { openStore, parseStoreSpec } from '../store/open';
import { takingTurns, type CatchUpReply, type CatchUpRequest } from './model-catch-up';
import { ruleSetsFromListModels, sincePublishedFromListModel } from './diff-models';
import { AS_ADOPTED } from '../../../projections/fesa/history';
import { LedgerFailure } from '../../app/failure';

const { storeSpec, lock } = workerData as { storeSpec: string; lock: Int32Array };

const turn = async <A>(save: () => Promise<A>): Promise<A> => {
  // the server's writes wait (awaiting) while this holds it; this thread may block
  while (Atomics.compareExchange(lock, 0, 0, 2) !== 0) Atomics.wait(lock, 0, Atomics.load(lock, 0), 1000);
  try {
    return await save();
  } finally {
    Atomics.store(lock, 0, 0);
    Atomics.notify(lock, 0);
  }
};

const opened = (async () => {
  const store = await openStore(storeSpec, { mustExist: true, mappedBytes: 0 });
  const storage = await openCheckpointStorage(parseStoreSpec(storeSpec));
  if (storage === undefined) throw new Error(`the store ${store.description} keeps no read models`);
  return { store, storage: takingTurns(storage, turn) };
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
      const { store, storage } = await opened;
      if ('compare' in request) {
        const { a, b, asOf } = request.compare;
        // the list projection at the head: the as-adopted models caught up (and saved) here, not on the server's thread
        const projectionNow = async () => (await resumeProjection(store, storage, { ruleSet: AS_ADOPTED })).projection;
        reply = { id, answer: (await unlessLedgerFails(ruleSetsFromListModels(store, storage, projectionNow, a, b, asOf))) ?? null };
      } else if ('sincePublished' in request) {
        reply = { id, answer: (await unlessLedgerFails(sincePublishedFromListModel(store, storage, request.sincePublished))) ?? null };
      } else {
        const { projection } = await resumeProjection(store, storage, { ruleSet: request.ruleSet });
        reply = { id, position: projection.position };
      }
    } catch (e) {
      reply = { id, error: e instanceof Error ? e.message : String(e) };
    }
    parentPort!.postMessage(reply);
  });
});
