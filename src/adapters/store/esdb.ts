/**
 * EventStoreDB / KurrentDB adapter (@eventstore/db-client).
 *
 * Mapping onto the port:
 * - streams and revisions are ESDB's own (expected revision 'no_stream' → NO_STREAM, 'any' → ANY, n → BigInt(n));
 * - globalPosition is the event's commit position in $all: strictly increasing but sparse (a byte offset in the
 *   transaction log, first event far above 1). Reading "after p" starts at {commit: p, prepare: p}, so positions
 *   given back to the store must be ones it handed out (checkpoints), never computed ones;
 * - ESDB event ids must be UUIDs: a UUID id is used as is, any other id is mapped to a deterministic UUID v5 and
 *   our id is kept in the metadata under LEDGER_EVENT_ID (removed again on read);
 * - system events ($-prefixed types or streams) are never returned;
 * - the hash chain (src/app/chain.ts) and the recorded time it covers live in the metadata (LEDGER_HASH,
 *   LEDGER_RECORDED_AT; removed again on read). ESDB has no transaction over $all, so this adapter appends one batch
 *   at a time per process, reading the last event of $all before each: the chain holds with one writing process.
 *   Two processes appending at the same instant can both chain onto the same event; `ledger verify` then reports
 *   the second as changed.
 *
 * ESDB has no index by event id and only de-duplicates retried appends to the same stream, so this adapter keeps an
 * in-process index of ids (event-id-index.ts: built by one catch-up read of $all, then extended incrementally before
 * each append and lookup; ids are reserved while their append is in flight). Across processes the check-then-append
 * is not atomic: two processes appending the same id at the same instant to different streams can both succeed.
 * The SQL adapters enforce uniqueness in the database.
 *
 * An append larger than the server's maximum append size is sent in consecutive parts, each with the revision the
 * previous part left, so it is atomic only up to that size. Subscriptions are reopened after the last delivered
 * event when the server drops them (resubscribing-catch-up.ts). Running it: docs/operations.md.
 */
import { createHash } from 'node:crypto';
import type {
  AllStreamResolvedEvent,
  AppendExpectedRevision,
  EventStoreDBClient as Client,
  Position,
  ResolvedEvent,
} from '@eventstore/db-client';
import {
  ConcurrencyError,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type ReadAllOptions,
  type RecordedEvent,
  type RecordedFact,
  type SubscribeOptions,
} from '../../app/ports/event-store';
import { DEFAULT_MAX_APPEND_SIZE, appendFailureReason, esdbEventSize, fittingPrefix, isMaxAppendSizeExceeded } from './esdb-append';
import { EventIdIndex } from './event-id-index';
import { resubscribeDelayMs, resubscribingCatchUp, type Feed } from './resubscribing-catch-up';
import { appendPartByPart, subscriptionRegistry, toError, validateBatch } from './shared';
import { chainHash, GENESIS, recordedTimes } from '../../app/chain';
import { checkedEsdbStore } from './esdb-migration';
import type { MigrationTarget } from './unfinished-migration';

// a CommonJS module loaded with require: its type is the annotation's, so the `any` require returns goes no further
// eslint-disable-next-line @typescript-eslint/no-require-imports, @typescript-eslint/no-unsafe-assignment
const esdb: typeof import('@eventstore/db-client') = require('@eventstore/db-client');

export const LEDGER_EVENT_ID = 'ledgerEventId';
export const LEDGER_HASH = 'ledgerHash';
export const LEDGER_RECORDED_AT = 'ledgerRecordedAt';
/** Fixed namespace for ids that are not UUIDs (a random v4 chosen once for this project). */
const LEDGER_ID_NAMESPACE = '7f1d5c2e-4b1a-4e8f-9a51-2f6c1e3d9b07';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** RFC 4122 name-based UUID (version 5, SHA-1). */
export const uuidV5 = (name: string, namespace: string = LEDGER_ID_NAMESPACE): string => {
  const bytes = createHash('sha1')
    .update(Buffer.from(namespace.replace(/-/g, ''), 'hex'))
    .update(name, 'utf8')
    .digest()
    .subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

export const esdbEventId = (eventId: string): string => (UUID.test(eventId) ? eventId.toLowerCase() : uuidV5(eventId));

/**
 * The 6.x client's parser knows esdb:// and esdb+discover:// only, in lower case; kurrentdb:// and kdb:// name the
 * same protocol, and the store setting accepts any case (open.ts).
 */
export const normaliseConnectionString = (cs: string): string =>
  cs.replace(/^(esdb|kurrentdb|kdb)(\+discover)?:\/\//i, (_, _scheme: string, discover: string | undefined) => `esdb${discover?.toLowerCase() ?? ''}://`);

const toEsdbRevision = (expected: ExpectedRevision): AppendExpectedRevision =>
  expected === 'no_stream' ? esdb.NO_STREAM : expected === 'any' ? esdb.ANY : BigInt(expected);

const isSystem = (streamId: string, type: string): boolean => streamId.startsWith('$') || type.startsWith('$');

type Recorded = NonNullable<ResolvedEvent['event']>;

const toRecorded = (event: Recorded, commit: bigint | undefined): RecordedEvent => {
  const raw = (event.isJson && event.metadata && typeof event.metadata === 'object' ? event.metadata : {}) as Record<string, unknown>;
  const { [LEDGER_EVENT_ID]: ourId, [LEDGER_HASH]: hash, [LEDGER_RECORDED_AT]: recordedAt, ...metadata } = raw;
  return {
    globalPosition: commit === undefined ? 0 : Number(commit),
    streamId: event.streamId,
    revision: Number(event.revision),
    eventId: typeof ourId === 'string' ? ourId : event.id,
    type: event.type,
    data: event.isJson ? event.data : Buffer.from(event.data).toString('base64'),
    metadata,
    recordedAt: typeof recordedAt === 'string' ? recordedAt : event.created.toISOString(),
    ...(typeof hash === 'string' ? { hash } : {}),
  };
};

type AllRead = AsyncIterable<AllStreamResolvedEvent> & { cancel(): Promise<void> };

/** Iterates a read of the client and cancels its gRPC call when the iteration stops early: leaving `for await` only unpipes it. */
async function* cancelling<T>(read: AsyncIterable<T> & { cancel(): Promise<void> }): AsyncGenerator<T> {
  let finished = false;
  try {
    yield* read;
    finished = true;
  } finally {
    if (!finished) await read.cancel().catch(() => undefined);
  }
}

const allPosition = (p: number): Position | typeof esdb.START =>
  p <= 0 ? esdb.START : { commit: BigInt(p), prepare: BigInt(p) };

export interface EsdbStoreOptions { readonly client?: Client; readonly resubscribeDelayMs?: (attempt: number) => number }
export interface EsdbStoreOptions {
  /** A client to use instead of one made from the connection string (the adapter tests pass a stand-in). */
  readonly client?: Client;
  /** The server's MaxAppendSize when it is not the default; a smaller one is also learnt from the server's refusal. */
  readonly maxAppendSize?: number;
  readonly resubscribeDelayMs?: (failuresInARow: number) => number;
}

const clientOf = (connectionString: string): Client => esdb.EventStoreDBClient.connectionString(normaliseConnectionString(connectionString));

/** The store as the ledger opens it: refused while an unfinished `migrate` copy is marked, or marked as a migrate target (esdb-migration.ts). */
export const openCheckedEsdbStore = async (connectionString: string, migrationTarget?: MigrationTarget): Promise<EventStore> => {
  const client = clientOf(connectionString);
  const store = openEsdbStore(connectionString, { client });
  try {
    return await checkedEsdbStore(store, client, connectionString, migrationTarget);
  } catch (e) {
    await store.close();
    throw e;
  }
};

/**
 * Reads $all forwards after `after`: up to `limit` user events that `wanted` accepts, none past `upTo`. The 6.x
 * client reads $all without a server-side filter, so events of other types and system events are scanned past here
 * and never count toward the limit.
 */
const readAfter = async (
  client: Client,
  after: number,
  limit: number,
  wanted: (type: string) => boolean = () => true,
  upTo = Number.MAX_SAFE_INTEGER,
): Promise<RecordedEvent[]> => {
  const out: RecordedEvent[] = [];
  const window = limit + 1;
  let from = after;
  for (;;) {
    let scanned = 0;
    let last = from;
    for await (const resolved of cancelling(client.readAll({ fromPosition: allPosition(from), maxCount: window }) as AllRead)) {
      scanned++;
      const e = resolved.event;
      if (e === undefined) continue;
      const commit = Number(e.position.commit);
      if (commit <= from) continue; // the start position is inclusive in ESDB, exclusive in the port
      last = commit;
      if (commit > upTo) return out;
      if (!isSystem(e.streamId, e.type) && wanted(e.type)) out.push(toRecorded(e, e.position.commit));
      if (out.length === limit) return out;
    }
    if (scanned < window || last === from) return out; // end of $all
    from = last;
  }
};

/** The whole log after options.fromPosition, user events only, in pages of batchSize wanted events (the port's readAll). */
const readAllPages = (client: Client, options: ReadAllOptions): AsyncIterable<readonly RecordedEvent[]> => {
  const batchSize = options.batchSize ?? 1000;
  const upTo = options.toPosition ?? Number.MAX_SAFE_INTEGER;
  const types = options.types === undefined ? undefined : new Set(options.types);
  const wanted = types === undefined ? undefined : (type: string) => types.has(type);
  return (async function* () {
    if (types !== undefined && types.size === 0) return;
    let after = options.fromPosition ?? 0;
    for (;;) {
      const page = await readAfter(client, after, batchSize, wanted, upTo);
      if (page.length > 0) yield page;
      if (page.length < batchSize) return; // readAfter stops short only at the end of $all or past upTo
      after = page[page.length - 1]!.globalPosition;
    }
  })();
};

/** One stream from `fromRevision` on (at most `maxCount` events); none when it does not exist. */
const readStreamOf = async (client: Client, streamId: string, fromRevision = 0, maxCount?: number): Promise<RecordedEvent[]> => {
  const out: RecordedEvent[] = [];
  try {
    for await (const resolved of client.readStream(streamId, {
      fromRevision: BigInt(fromRevision),
      ...(maxCount === undefined ? {} : { maxCount }),
    })) {
      if (resolved.event) out.push(toRecorded(resolved.event, resolved.commitPosition ?? resolved.event.position?.commit));
    }
  } catch (e) {
    if (e instanceof esdb.StreamNotFoundError) return [];
    throw e;
  }
  return out;
};

/** The last user event of $all (backwards past system events), undefined when there is none. */
const lastUserEvent = async (client: Client): Promise<RecordedEvent | undefined> => {
  let from: Position | typeof esdb.END = esdb.END;
  for (;;) {
    let scanned = 0;
    let lastPosition: Position | undefined;
    const read = client.readAll({ direction: esdb.BACKWARDS, fromPosition: from, maxCount: 200 }) as AllRead;
    for await (const resolved of cancelling(read)) {
      scanned++;
      const e = resolved.event;
      if (e === undefined) continue;
      if (!isSystem(e.streamId, e.type)) return toRecorded(e, e.position.commit);
      lastPosition = e.position;
    }
    if (scanned < 200 || lastPosition === undefined) return undefined;
    from = lastPosition;
  }
};

/** A subscription to $all after `after`, user events only (the server filters out system event types). */
const feedAfter = (client: Client, after: number): Feed => {
  const subscription = client.subscribeToAll({ fromPosition: allPosition(after), filter: esdb.excludeSystemEvents() });
  return {
    close: () => subscription.unsubscribe(),
    async *[Symbol.asyncIterator]() {
      for await (const resolved of subscription) {
        const e = resolved.event;
        if (e === undefined || isSystem(e.streamId, e.type)) continue;
        yield toRecorded(e, e.position.commit);
      }
    },
  };
};

/** What an append writes through: the client, the store's name for errors, the id index, and the append size learnt. */
interface AppendTarget {
  readonly client: Client;
  readonly description: string;
  readonly ids: EventIdIndex;
  /** The server's maximum append size as far as known (lowered when the server refuses a part as too big). */
  readonly limits: { maxAppendSize: number };
}

/**
 * Sends the batch in parts that fit the server's maximum append size, each expecting the revision the previous
 * part left, and records each part's ids in the index as it lands.
 */
const appendInParts = async (target: AppendTarget, streamId: string, events: readonly NewEvent[], expected: ExpectedRevision): Promise<AppendResult> => {
  const { client, description, ids, limits } = target;
  const head = await lastUserEvent(client);
  let previous = head?.hash ?? GENESIS;
  const recordedAtOf = recordedTimes(head?.recordedAt);
  // the revisions the events will get if the expected revision holds (if it does not, nothing is written)
  const current = expected === 'no_stream' ? -1 : expected === 'any' ? ((await readStreamOf(client, streamId)).at(-1)?.revision ?? -1) : expected;
  const proposed = events.map((e, i) => {
    const recordedAt = recordedAtOf(e.eventId, e.recordedAt);
    previous = chainHash({ streamId, revision: current + 1 + i, eventId: e.eventId, type: e.type, data: e.data, recordedAt }, previous);
    const data = esdb.jsonEvent({
      id: esdbEventId(e.eventId),
      type: e.type,
      data: e.data as never,
      metadata: { ...(e.metadata ?? {}), [LEDGER_EVENT_ID]: e.eventId, [LEDGER_HASH]: previous, [LEDGER_RECORDED_AT]: recordedAt },
    });
    return { eventId: e.eventId, data, size: esdbEventSize(data) };
  });
  let expectedRevision = toEsdbRevision(expected);
  let sent = 0;
  let partLimit = limits.maxAppendSize;
  let result: AppendResult | undefined;
  while (sent < proposed.length) {
    const part = proposed.slice(sent, sent + fittingPrefix(proposed.slice(sent).map((p) => p.size), partLimit));
    let written: Awaited<ReturnType<Client['appendToStream']>>;
    try {
      written = await client.appendToStream(streamId, part.map((p) => p.data), { expectedRevision });
    } catch (e) {
      if (isMaxAppendSizeExceeded(e) && part.length > 1) {
        // the server's limit is smaller than we assumed (or counts differently): nothing of this part was written
        limits.maxAppendSize = Math.min(limits.maxAppendSize, e.maxAppendSize);
        partLimit = Math.min(e.maxAppendSize, part.reduce((sum, p) => sum + p.size, 0) - 1);
        continue;
      }
      if (sent === 0 && e instanceof esdb.WrongExpectedVersionError) {
        const actual = e.actualVersion === esdb.NO_STREAM ? 'no_stream' : Number(e.actualVersion);
        throw new ConcurrencyError(streamId, expected, actual);
      }
      const reason = appendFailureReason(e, { events: part });
      throw new Error(
        sent === 0
          ? `Append to stream "${streamId}" in ${description} failed: ${reason}`
          : `Append to stream "${streamId}" in ${description} stopped after ${sent} of ${proposed.length} events, which are recorded ` +
              `(a batch over the server's maximum append size is written in parts): ${reason}`,
      );
    }
    const lastRevision = Number(written.nextExpectedRevision);
    part.forEach((p, i) => ids.record(p.eventId, streamId, lastRevision - part.length + 1 + i));
    sent += part.length;
    expectedRevision = written.nextExpectedRevision;
    result = { lastRevision, lastGlobalPosition: written.position === undefined ? 0 : Number(written.position.commit) };
  }
  return result!;
};

export const openEsdbStore = (connectionString: string, options: EsdbStoreOptions = {}): EventStore => {
  const client: Client = options.client ?? clientOf(connectionString);
  const description = `esdb:${connectionString.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@')}`;
  const limits = { maxAppendSize: options.maxAppendSize ?? DEFAULT_MAX_APPEND_SIZE };

  // in-process event-id index (see the header)
  const ids = new EventIdIndex();
  let indexedUpTo = 0;
  let indexing: Promise<void> = Promise.resolve();
  const extendIndex = async (): Promise<void> => {
    for (;;) {
      const batch = await readAfter(client, indexedUpTo, 1000);
      for (const e of batch) ids.record(e.eventId, e.streamId, e.revision);
      if (batch.length === 0) return;
      indexedUpTo = batch[batch.length - 1]!.globalPosition;
    }
  };
  /** Serialised; a failed refresh does not poison the next one (it resumes from the last indexed position). */
  const refreshIndex = (): Promise<void> => {
    indexing = indexing.then(extendIndex, extendIndex).catch((e: unknown) => {
      throw new Error(`Cannot read the event log of ${description}: ${toError(e).message}`);
    });
    return indexing;
  };

  /** Appends one after the other in this process, so that each chains onto the one before (see the header). */
  let appending: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(work: () => Promise<T>): Promise<T> => {
    const run = appending.then(work, work);
    appending = run.catch(() => undefined);
    return run;
  };

  let closed = false;
  const subscriptions = subscriptionRegistry();

  const store: EventStore = {
    description,
    append: async (streamId, events, expected) => {
      validateBatch(streamId, events);
      await refreshIndex();
      const release = ids.reserve(events.map((e) => e.eventId));
      try {
        return await oneAtATime(() => appendInParts({ client, description, ids, limits }, streamId, events, expected));
      } finally {
        release();
      }
    },
    // Not atomic across streams on this server: checked in full, then part after part (see the port and README).
    appendAll: (appends) => appendPartByPart(store, appends),
    readStream: (streamId, fromRevision = 0) => readStreamOf(client, streamId, fromRevision),
    readAll: (options: ReadAllOptions = {}) => readAllPages(client, options),
    // EventStoreDB sends every event whole: the fold's part is taken here
    readFacts: async function* (options: ReadAllOptions = {}) {
      for await (const batch of readAllPages(client, options)) yield batch.map((e): RecordedFact => ({ globalPosition: e.globalPosition, type: e.type, data: e.data, recordedAt: e.recordedAt }));
    },
    findByEventIds: async (eventIds) => {
      if (eventIds.length === 0) return [];
      await refreshIndex();
      const found: RecordedEvent[] = [];
      for (const id of eventIds) {
        const at = ids.locate(id);
        if (at) found.push(...(await readStreamOf(client, at.streamId, at.revision, 1)));
      }
      return found.sort((a, b) => a.globalPosition - b.globalPosition);
    },
    headPosition: async () => (await lastUserEvent(client))?.globalPosition ?? 0,
    subscribe: (subscribeOptions: SubscribeOptions) =>
      subscriptions.track(resubscribingCatchUp((after) => feedAfter(client, after), subscribeOptions, description, options.resubscribeDelayMs ?? resubscribeDelayMs)),
    close: async () => {
      if (closed) return;
      closed = true;
      await subscriptions.stopAll();
      await client.dispose();
    },
  };
  return store;
};
