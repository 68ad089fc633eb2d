import { LedgerFailure } from '../failure';
/**
 * The event-store port: the only thing the rest of the ledger knows about persistence.
 * Every adapter (SQLite, PostgreSQL, EventStoreDB) implements it and passes test/adapters/store/contract.ts.
 *
 * Events are stored as opaque JSON with their type and id; decoding into domain events happens one layer up
 * (src/app/event-log.ts), so no store knows an event type. The SQLite and PostgreSQL stores do import the domain's
 * `canonicalJson` (domain/commands/decision.ts): the hash chain links the canonical form, and they store that same
 * serialisation rather than making a second one per event.
 */

/** An event about to be appended. `eventId` is globally unique; re-appending the same id is how idempotency is checked. */
export interface NewEvent {
  readonly eventId: string;
  readonly type: string;
  readonly data: unknown;
  readonly metadata?: Readonly<Record<string, unknown>>;
  /**
   * Only when copying a log (migrate, import of an export): the time the source recorded it, kept so that the copy's
   * hash chain and "as known at" reads equal the source's. A new fact never sets it; the store takes its clock.
   */
  readonly recordedAt?: string;
}

/** An event as recorded: the second clock (global position + recorded timestamp) is assigned by the store. */
export interface RecordedEvent {
  /**
   * Positive, strictly increasing in commit-visible order across the whole log: a reader that has seen position p
   * will never later be shown an event below p. Dense (1, 2, 3, …) on SQLite; may have gaps on PostgreSQL (rolled
   * back sequence values) and is EventStoreDB's commit position there (sparse, a byte offset). Only compare
   * positions, never do arithmetic on them.
   */
  readonly globalPosition: number;
  readonly streamId: string;
  /** 0-based position inside its stream. */
  readonly revision: number;
  readonly eventId: string;
  readonly type: string;
  readonly data: unknown;
  readonly metadata: Readonly<Record<string, unknown>>;
  /** ISO-8601 UTC timestamp of the append. */
  readonly recordedAt: string;
  /**
   * The event's link in the hash chain (src/app/chain.ts), computed by the store in the append transaction. Absent
   * only on a ledger written by a version before the chain that has not yet been opened for writing.
   */
  readonly hash?: string;
}

/**
 * What a fold reads of a recorded event (`readFacts`): the payload and the second clock. Its stream, revision, id
 * and metadata are left in the store — for a rebuild of a million events that is a third of the reading.
 */
export type RecordedFact = Pick<RecordedEvent, 'globalPosition' | 'type' | 'data' | 'recordedAt'>;

/**
 * What the writer believes about the stream before appending:
 * - 'no_stream': the stream must not exist yet;
 * - 'any': no check (only for internal tooling such as migrate);
 * - a number: the revision of the stream's last event (0-based), i.e. stream length − 1.
 */
export type ExpectedRevision = 'no_stream' | 'any' | number;

export interface AppendResult {
  /** Revision of the last event now in the stream. */
  readonly lastRevision: number;
  /** Global position of the last appended event. */
  readonly lastGlobalPosition: number;
}

/** One stream's part of a multi-stream append: `expected` is checked as for `append`. */
export interface StreamAppend {
  readonly streamId: string;
  readonly events: readonly NewEvent[];
  readonly expected: ExpectedRevision;
}

export interface ReadAllOptions {
  /** Read events with globalPosition > fromPosition (exclusive). Default 0 = from the start. */
  readonly fromPosition?: number;
  /** Upper bound (inclusive) on globalPosition, e.g. for "as known at" reads. */
  readonly toPosition?: number;
  readonly batchSize?: number;
  /** Only these event types (adapters may filter server side). */
  readonly types?: readonly string[];
}

export interface Subscription {
  /** Stops the subscription; resolves once no handler call is in flight. */
  stop(): Promise<void>;
}

export interface SubscribeOptions {
  /** Start after this global position (a stored checkpoint); 0 = from the beginning. */
  readonly fromPosition: number;
  /** Called with each batch in global order; the subscription waits for the promise before the next batch. */
  readonly onEvents: (events: readonly RecordedEvent[]) => Promise<void> | void;
  readonly onError?: (error: Error) => void;
  /** Poll interval for adapters that poll (ms). */
  readonly pollIntervalMs?: number;
  readonly batchSize?: number;
}

export interface EventStore {
  /** Identifies the adapter in messages, e.g. "sqlite:./data/ledger.db". */
  readonly description: string;
  /**
   * Appends all events atomically (one transaction) after checking the stream's revision.
   * Fails with ConcurrencyError when the stream is not at `expected`, with DuplicateEventError when an event id exists
   * (in the log or twice in the batch); on failure nothing of the batch is recorded. An empty batch is refused.
   */
  append(streamId: string, events: readonly NewEvent[], expected: ExpectedRevision): Promise<AppendResult>;
  /**
   * One decision that touches several streams (an import, a CSV of games): the parts are appended in the given
   * order (a stream may come back in a later part; its `expected` then counts the earlier parts) and every part's
   * revision is checked before anything is written. SQLite and PostgreSQL append all parts in one transaction:
   * all or nothing. EventStoreDB has no multi-stream transaction in the server this adapter targets: it checks
   * every part first, then appends part after part, so a crash can leave a prefix of the parts — each part is whole
   * and the callers order them so that every prefix is a valid state; re-running the command completes it (event
   * ids are derived from the command). Same errors as `append`; an empty list is refused.
   */
  appendAll(appends: readonly StreamAppend[]): Promise<readonly AppendResult[]>;
  /**
   * A whole log copied into an empty store (`ledger import --jsonl`): the batches are appended one after the other
   * in ONE transaction, so a crash at any moment leaves the store as it was (empty) or holding the whole log. Refuses
   * with StoreNotEmptyError when the store holds events once its transaction has begun (other writers wait until it
   * commits). SQLite and PostgreSQL have it; EventStoreDB has no transaction that long, so a caller appends batch by
   * batch there (see `appendAll`).
   */
  appendWholeLog?(batches: AsyncIterable<readonly StreamAppend[]>): Promise<void>;
  /**
   * Only on a store opened as a `migrate` target where the store can mark one (SQLite, PostgreSQL): clears the mark
   * that keeps it from opening as a ledger, once the copy is whole and verified.
   */
  finishMigration?(): Promise<void>;
  /** All events of one stream in revision order (empty array when the stream does not exist). */
  readStream(streamId: string, fromRevision?: number): Promise<readonly RecordedEvent[]>;
  /** The whole log in global order, in batches; one sequential scan. */
  readAll(options?: ReadAllOptions): AsyncIterable<readonly RecordedEvent[]>;
  /** The same scan as `readAll`, same batches, with only what a fold reads of each event. */
  readFacts(options?: ReadAllOptions): AsyncIterable<readonly RecordedFact[]>;
  /** Events with these ids (for idempotency checks). */
  findByEventIds(eventIds: readonly string[]): Promise<readonly RecordedEvent[]>;
  /** Highest global position, 0 when empty. */
  headPosition(): Promise<number>;
  /**
   * A number that changes whenever another connection commits to the store's database — an append, a save of the
   * read models, a hand's edit of either — and not otherwise (SQLite's `data_version`): how a server's kept answers
   * learn that a saved model changed under them, which the head of the log does not say. A store without one: none.
   */
  changeStamp?(): number;
  /**
   * Catch-up subscription: delivers everything after `fromPosition`, then new events as they arrive.
   * When `onEvents` throws or rejects, the error goes to `onError` and the subscription stops without advancing
   * past the failed batch (the caller's checkpoint stays valid). Errors reading the store go to `onError` and the
   * subscription retries on its next poll.
   */
  subscribe(options: SubscribeOptions): Subscription;
  close(): Promise<void>;
}

export class ConcurrencyError extends LedgerFailure {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | 'no_stream',
  ) {
    super(
      'conflict',
      `Concurrency conflict on stream "${streamId}": expected ${describeRevision(expected)}, ` +
        `but it is at ${describeRevision(actual)}; someone else wrote to it first — reload and retry.`,
    );
    this.name = 'ConcurrencyError';
  }
}

export class DuplicateEventError extends Error {
  constructor(readonly eventId: string) {
    super(`Event id "${eventId}" is already in the log; an event is never recorded twice.`);
    this.name = 'DuplicateEventError';
  }
}

export const describeRevision = (r: ExpectedRevision): string =>
  r === 'no_stream' ? 'no stream (new)' : r === 'any' ? 'any revision' : `revision ${r}`;

/** `appendWholeLog` into a store that holds events already. */
export class StoreNotEmptyError extends LedgerFailure {
  constructor(readonly store: string) {
    super('rejected', `${store} already holds events; an export is imported into an empty ledger only`);
    this.name = 'StoreNotEmptyError';
  }
}

/** A stored row that is not an event any more (its data is not JSON): changed by hand, found at `position`. */
export class UnreadableEventError extends Error {
  constructor(readonly position: number) {
    super(`the event at position ${position} is not valid JSON: the log was changed by hand there (\`ledger verify\` checks the whole log)`);
    this.name = 'UnreadableEventError';
  }
}
