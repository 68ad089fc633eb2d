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
 * - system events ($-prefixed types or streams) are never returned.
 *
 * ESDB has no index by event id and only de-duplicates retried appends to the same stream, so this adapter keeps an
 * in-process index of ids (built by one catch-up read of $all, then extended incrementally before each append and
 * lookup). Across processes the check-then-append is not atomic: two processes appending the same id at the same
 * instant to different streams can both succeed. The SQL adapters enforce uniqueness in the database.
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
  DuplicateEventError,
  type EventStore,
  type ExpectedRevision,
  type ReadAllOptions,
  type RecordedEvent,
  type RecordedFact,
  type SubscribeOptions,
} from '../../app/ports/event-store';
import { appendPartByPart, subscriptionRegistry, toError, validateBatch } from './shared';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const esdb: typeof import('@eventstore/db-client') = require('@eventstore/db-client');

export const LEDGER_EVENT_ID = 'ledgerEventId';
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

/** The 6.x client knows esdb:// only; kurrentdb:// and kdb:// name the same protocol. */
export const normaliseConnectionString = (cs: string): string => cs.replace(/^(kurrentdb|kdb)(\+discover)?:\/\//i, 'esdb$2://');

const toEsdbRevision = (expected: ExpectedRevision): AppendExpectedRevision =>
  expected === 'no_stream' ? esdb.NO_STREAM : expected === 'any' ? esdb.ANY : BigInt(expected);

const isSystem = (streamId: string, type: string): boolean => streamId.startsWith('$') || type.startsWith('$');

type Recorded = NonNullable<ResolvedEvent['event']>;

const toRecorded = (event: Recorded, commit: bigint | undefined): RecordedEvent => {
  const raw = (event.isJson && event.metadata && typeof event.metadata === 'object' ? event.metadata : {}) as Record<string, unknown>;
  const { [LEDGER_EVENT_ID]: ourId, ...metadata } = raw;
  return {
    globalPosition: commit === undefined ? 0 : Number(commit),
    streamId: event.streamId,
    revision: Number(event.revision),
    eventId: typeof ourId === 'string' ? ourId : event.id,
    type: event.type,
    data: event.isJson ? event.data : Buffer.from(event.data as Uint8Array).toString('base64'),
    metadata,
    recordedAt: event.created.toISOString(),
  };
};

const allPosition = (p: number): Position | typeof esdb.START =>
  p <= 0 ? esdb.START : { commit: BigInt(p), prepare: BigInt(p) };

export const openEsdbStore = (connectionString: string): EventStore => {
  const client: Client = esdb.EventStoreDBClient.connectionString(normaliseConnectionString(connectionString));
  const description = `esdb:${connectionString.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@')}`;

  /** Reads $all forwards after `after`, user events only, in pages of `limit` (scanning past system events). */
  const readAfter = async (after: number, limit: number, upTo = Number.MAX_SAFE_INTEGER): Promise<RecordedEvent[]> => {
    const out: RecordedEvent[] = [];
    let from = after;
    for (;;) {
      let scanned = 0;
      let last = from;
      for await (const resolved of client.readAll({ fromPosition: allPosition(from), maxCount: limit + 1 }) as AsyncIterable<AllStreamResolvedEvent>) {
        scanned++;
        const e = resolved.event;
        if (e === undefined) continue;
        const commit = Number(e.position.commit);
        if (commit <= from) continue; // the start position is inclusive in ESDB, exclusive in the port
        last = commit;
        if (commit > upTo) return out;
        if (!isSystem(e.streamId, e.type)) out.push(toRecorded(e, e.position.commit));
        if (out.length === limit) return out;
      }
      if (scanned < limit + 1 || last === from) return out; // end of $all
      from = last;
    }
  };

  /** The whole log after options.fromPosition, user events only, in pages (the port's readAll). */
  const readAll = (options: ReadAllOptions): AsyncIterable<readonly RecordedEvent[]> => {
    const batchSize = options.batchSize ?? 1000;
    const upTo = options.toPosition ?? Number.MAX_SAFE_INTEGER;
    const types = options.types === undefined ? undefined : new Set(options.types);
    return (async function* () {
      if (types !== undefined && types.size === 0) return;
      let after = options.fromPosition ?? 0;
      for (;;) {
        const page = await readAfter(after, batchSize, upTo);
        if (page.length === 0) return;
        after = page[page.length - 1]!.globalPosition;
        // client-side type filter: the 6.x client's readAll has no server-side filter
        const kept = types === undefined ? page : page.filter((e) => types.has(e.type));
        if (kept.length > 0) yield kept;
        if (page.length < batchSize) return;
      }
    })();
  };

  // in-process event-id index (see the header)
  const ids = new Map<string, { streamId: string; revision: number }>();
  let indexedUpTo = 0;
  let indexing: Promise<void> = Promise.resolve();
  const extendIndex = async (): Promise<void> => {
    for (;;) {
      const batch = await readAfter(indexedUpTo, 1000);
      for (const e of batch) ids.set(e.eventId, { streamId: e.streamId, revision: e.revision });
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

  const readStream = async (streamId: string, fromRevision = 0, maxCount?: number): Promise<RecordedEvent[]> => {
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

  let closed = false;
  const subscriptions = subscriptionRegistry();

  const store: EventStore = {
    description,
    append: async (streamId, events, expected) => {
      validateBatch(streamId, events);
      await refreshIndex();
      const taken = events.find((e) => ids.has(e.eventId));
      if (taken) throw new DuplicateEventError(taken.eventId);
      try {
        const result = await client.appendToStream(
          streamId,
          events.map((e) =>
            esdb.jsonEvent({
              id: esdbEventId(e.eventId),
              type: e.type,
              data: e.data as never,
              metadata: { ...(e.metadata ?? {}), [LEDGER_EVENT_ID]: e.eventId },
            }),
          ),
          { expectedRevision: toEsdbRevision(expected) },
        );
        const lastRevision = Number(result.nextExpectedRevision);
        events.forEach((e, i) => ids.set(e.eventId, { streamId, revision: lastRevision - events.length + 1 + i }));
        return { lastRevision, lastGlobalPosition: result.position === undefined ? 0 : Number(result.position.commit) };
      } catch (e) {
        if (e instanceof esdb.WrongExpectedVersionError) {
          const actual = e.actualVersion === esdb.NO_STREAM ? 'no_stream' : Number(e.actualVersion);
          throw new ConcurrencyError(streamId, expected, actual);
        }
        throw new Error(`Append to stream "${streamId}" in ${description} failed: ${toError(e).message}`);
      }
    },
    // Not atomic across streams on this server: checked in full, then part after part (see the port and README).
    appendAll: (appends) => appendPartByPart(store, appends),
    readStream: (streamId, fromRevision = 0) => readStream(streamId, fromRevision),
    readAll: (options: ReadAllOptions = {}) => readAll(options),
    // EventStoreDB sends every event whole: the fold's part is taken here
    readFacts: async function* (options: ReadAllOptions = {}) {
      for await (const batch of readAll(options)) yield batch.map((e): RecordedFact => ({ globalPosition: e.globalPosition, type: e.type, data: e.data, recordedAt: e.recordedAt }));
    },
    findByEventIds: async (eventIds) => {
      if (eventIds.length === 0) return [];
      await refreshIndex();
      const found: RecordedEvent[] = [];
      for (const id of eventIds) {
        const at = ids.get(id);
        if (at) found.push(...(await readStream(at.streamId, at.revision, 1)));
      }
      return found.sort((a, b) => a.globalPosition - b.globalPosition);
    },
    headPosition: async () => {
      let from: Position | typeof esdb.END = esdb.END;
      for (;;) {
        let scanned = 0;
        let lastPosition: Position | undefined;
        for await (const resolved of client.readAll({ direction: esdb.BACKWARDS, fromPosition: from, maxCount: 200 }) as AsyncIterable<AllStreamResolvedEvent>) {
          scanned++;
          const e = resolved.event;
          if (e === undefined) continue;
          if (!isSystem(e.streamId, e.type)) return Number(e.position.commit);
          lastPosition = e.position;
        }
        if (scanned < 200 || lastPosition === undefined) return 0;
        from = lastPosition;
      }
    },
    subscribe: (options: SubscribeOptions) => {
      const report = options.onError ?? ((error: Error) => console.error(`Subscription error: ${error.message}`));
      const subscription = client.subscribeToAll({
        fromPosition: allPosition(options.fromPosition),
        filter: esdb.excludeSystemEvents(),
      });
      let stopped = false;
      const running = (async () => {
        try {
          for await (const resolved of subscription) {
            if (stopped) return;
            const e = resolved.event;
            if (e === undefined || isSystem(e.streamId, e.type)) continue;
            if (Number(e.position.commit) <= options.fromPosition) continue;
            try {
              await options.onEvents([toRecorded(e, e.position.commit)]);
            } catch (error) {
              stopped = true;
              report(toError(error));
              await subscription.unsubscribe();
              return;
            }
          }
        } catch (error) {
          if (!stopped) report(toError(error));
        }
      })();
      return subscriptions.track({
        stop: async () => {
          stopped = true;
          await subscription.unsubscribe().catch(() => undefined);
          await running;
        },
      });
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await subscriptions.stopAll();
      await client.dispose();
    },
  };
  return store;
};
