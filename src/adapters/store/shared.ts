/**
 * Pieces every adapter needs in the same way: the expected-revision rule, batch validation and the polling
 * catch-up subscription. Keeping them here is what makes the adapters behave identically under the contract suite.
 */
import {
  ConcurrencyError,
  DuplicateEventError,
  type ExpectedRevision,
  type AppendResult,
  type EventStore,
  type NewEvent,
  type ReadAllOptions,
  type StreamAppend,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
} from '../../app/ports/event-store';

/** The stream's current last revision, or 'no_stream'. */
export type CurrentRevision = number | 'no_stream';

/** Throws ConcurrencyError unless `current` is what the writer expected. */
export const checkExpectedRevision = (streamId: string, expected: ExpectedRevision, current: CurrentRevision): void => {
  if (expected === 'any') return;
  if (expected === current) return;
  throw new ConcurrencyError(streamId, expected, current);
};

/** Revision of the first event of the batch, given the stream's current last revision. */
export const nextRevision = (current: CurrentRevision): number => (current === 'no_stream' ? 0 : current + 1);

/** Refuses what no adapter can record: an empty batch, or one that carries the same event id twice. */
export const validateBatch = (streamId: string, events: readonly NewEvent[]): void => {
  if (events.length === 0) {
    throw new Error(`Append to stream "${streamId}" has no events; a batch must carry at least one event.`);
  }
  const seen = new Set<string>();
  for (const event of events) {
    if (event.data === undefined) {
      throw new Error(`Event "${event.eventId}" (${event.type}) for stream "${streamId}" has no data; use null or an object.`);
    }
    if (seen.has(event.eventId)) throw new DuplicateEventError(event.eventId);
    seen.add(event.eventId);
  }
};

/** validateBatch for every part of a multi-stream append, and no event id twice across the parts. */
export const validateAppends = (appends: readonly StreamAppend[]): void => {
  if (appends.length === 0) throw new Error('A multi-stream append has no streams; it must carry at least one event.');
  const seen = new Set<string>();
  for (const part of appends) {
    validateBatch(part.streamId, part.events);
    for (const event of part.events) {
      if (seen.has(event.eventId)) throw new DuplicateEventError(event.eventId);
      seen.add(event.eventId);
    }
  }
};

/**
 * Checks every part's expected revision against the streams as they are plus the parts before it, and gives each
 * part's first revision. `current` reads a stream's revision in the store (called once per stream).
 */
export const planRevisions = (appends: readonly StreamAppend[], current: (streamId: string) => CurrentRevision): number[] => {
  const now = new Map<string, CurrentRevision>();
  return appends.map((part) => {
    const before = now.has(part.streamId) ? now.get(part.streamId)! : current(part.streamId);
    checkExpectedRevision(part.streamId, part.expected, before);
    const first = nextRevision(before);
    now.set(part.streamId, first + part.events.length - 1);
    return first;
  });
};

/**
 * appendAll for a store without multi-stream transactions: every part's revision and every event id is checked
 * first (so a conflict or a duplicate refuses the whole command before anything is written), then the parts are
 * appended in order. Only a crash, or a writer racing in between the check and the last part, leaves a prefix.
 */
export const appendPartByPart = async (store: Pick<EventStore, 'append' | 'readStream' | 'findByEventIds'>, appends: readonly StreamAppend[]): Promise<AppendResult[]> => {
  validateAppends(appends);
  const firstParts = new Map<string, StreamAppend>();
  for (const part of appends) if (!firstParts.has(part.streamId)) firstParts.set(part.streamId, part);
  const lastRevision = async (streamId: string, from: number): Promise<CurrentRevision> => {
    const tail = await store.readStream(streamId, from);
    return tail.length > 0 ? tail[tail.length - 1]!.revision : from === 0 ? 'no_stream' : lastRevision(streamId, 0);
  };
  for (const part of firstParts.values()) {
    if (part.expected === 'any') continue;
    checkExpectedRevision(part.streamId, part.expected, await lastRevision(part.streamId, part.expected === 'no_stream' ? 0 : part.expected));
  }
  const taken = await store.findByEventIds(appends.flatMap((part) => part.events.map((e) => e.eventId)));
  if (taken.length > 0) throw new DuplicateEventError(taken[0]!.eventId);
  const results: AppendResult[] = [];
  for (const part of appends) results.push(await store.append(part.streamId, part.events, part.expected));
  return results;
};

export const toError = (e: unknown): Error => (e instanceof Error ? e : new Error(String(e)));

/** Reads the next batch strictly after `position` (at most `limit` events). */
export type ReadAfter = (position: number, limit: number) => Promise<readonly RecordedEvent[]>;

/** Lets an adapter wake a poller early (e.g. PostgreSQL NOTIFY); returns an unregister function. */
export type WakeSource = (wake: () => void) => () => void;

/**
 * Catch-up subscription by polling: drains everything after the checkpoint in batches, then polls for new events.
 * A handler failure stops the subscription at the failed batch (reported through onError); a read failure is
 * reported and retried at the next poll.
 */
export const pollingSubscription = (
  readAfter: ReadAfter,
  options: SubscribeOptions,
  wakeSource?: WakeSource,
): Subscription => {
  const pollIntervalMs = options.pollIntervalMs ?? 100;
  const batchSize = options.batchSize ?? 500;
  const report = options.onError ?? ((error: Error) => console.error(`Subscription error: ${error.message}`));
  let position = options.fromPosition;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let sleeping: (() => void) | undefined;
  /** A wake-up that came while reading: the next sleep must not wait, the new events may be after that read. */
  let wokenWhileBusy = false;

  const wake = (): void => {
    if (sleeping === undefined) {
      wokenWhileBusy = true;
      return;
    }
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    const resume = sleeping;
    sleeping = undefined;
    resume();
  };
  const unregister = wakeSource?.(wake);
  const sleep = (): Promise<void> =>
    new Promise((resolve) => {
      if (wokenWhileBusy || stopped) {
        wokenWhileBusy = false;
        resolve();
        return;
      }
      sleeping = resolve;
      timer = setTimeout(wake, pollIntervalMs);
    });

  const loop = async (): Promise<void> => {
    while (!stopped) {
      let batch: readonly RecordedEvent[];
      try {
        batch = await readAfter(position, batchSize);
      } catch (e) {
        if (stopped) return;
        report(toError(e));
        await sleep();
        continue;
      }
      if (stopped) return;
      if (batch.length === 0) {
        await sleep();
        continue;
      }
      try {
        await options.onEvents(batch);
      } catch (e) {
        stopped = true;
        report(toError(e));
        return;
      }
      position = batch[batch.length - 1]!.globalPosition;
    }
  };
  const running = loop();

  return {
    stop: async () => {
      stopped = true;
      unregister?.();
      wake();
      await running;
    },
  };
};

/** Keeps the open subscriptions of a store, so that close() can stop them before the connection goes away. */
export const subscriptionRegistry = () => {
  const open = new Set<Subscription>();
  return {
    track: (subscription: Subscription): Subscription => {
      const tracked: Subscription = {
        stop: async () => {
          open.delete(tracked);
          await subscription.stop();
        },
      };
      open.add(tracked);
      return tracked;
    },
    stopAll: async (): Promise<void> => {
      await Promise.all([...open].map((s) => s.stop()));
    },
  };
};

/** Reads one keyset page: events with after < position <= upTo, of the given types if any, at most `limit`. */
export type ReadPage<T extends { readonly globalPosition: number } = RecordedEvent> = (
  after: number,
  upTo: number,
  limit: number,
  types: readonly string[] | undefined,
) => Promise<readonly T[]> | readonly T[];

/** readAll (or readFacts) for stores with keyset pagination on the global position: one sequential scan, page by page. */
export async function* pagedReadAll<T extends { readonly globalPosition: number }>(
  options: ReadAllOptions,
  defaultBatchSize: number,
  readPage: ReadPage<T>,
): AsyncGenerator<readonly T[]> {
  const batchSize = options.batchSize ?? defaultBatchSize;
  const upTo = options.toPosition ?? Number.MAX_SAFE_INTEGER;
  const types = options.types;
  if (types !== undefined && types.length === 0) return;
  let after = options.fromPosition ?? 0;
  for (;;) {
    const batch = await readPage(after, upTo, batchSize, types);
    if (batch.length === 0) return;
    yield batch;
    if (batch.length < batchSize) return;
    after = batch[batch.length - 1]!.globalPosition;
    // a synchronous store (SQLite) resolves every page at once: without a turn of the event loop between pages, a
    // server folding a million facts for one reader would answer no other (not even /health) until the fold ends
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/**
 * A read names a ledger that is not there (a typo in --db or --store): refused, and nothing is created. `where` is
 * the file or server, `option` how `ledger init` would create it there.
 */
export class LedgerMissingError extends Error {
  constructor(
    readonly where: string,
    option = `--db ${where}`,
  ) {
    super(`there is no ledger at ${where}; check --db / --store, or create one with \`ledger init ${option}\``);
    this.name = 'LedgerMissingError';
  }
}

/** A store setting as it may be shown: a URL's password left out. */
export const redact = (url: string): string => url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
