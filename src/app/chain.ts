/**
 * The hash chain that makes the log tamper-evident: every recorded event carries
 *
 *   hash = SHA-256( UTF-8( canonical JSON of {
 *            actor, data, id, previous, recorded, revision, stream, type, valid } ) )   (lower-case hex)
 *
 * where `previous` is the hash of the event before it in global order (GENESIS for the first), `recorded` the
 * recorded time as stored (ISO-8601 UTC, milliseconds), `valid` and `actor` the event's valid date and actor as
 * its data names them (null when it names none). Canonical JSON: object keys sorted by UTF-16 code units, no
 * whitespace, members whose value is undefined left out, strings and numbers as JSON.stringify writes them (the
 * same as RFC 8785 for the values a JSON store gives back). The global position is not hashed: a copy of the log in
 * another store (positions with other gaps) has the same chain.
 *
 * One implementation: the stores call `chainHash` inside their append transaction, `verify` and `import` call it
 * again while reading.
 */
import { createHash } from 'node:crypto';
import { canonicalJson } from '../../domain/commands/decide';
import { LedgerFailure } from './failure';
import { UnreadableEventError, type EventStore, type RecordedEvent } from './ports/event-store';

/** The `previous` of the first event. */
export const GENESIS = '0'.repeat(64);

/** What the chain covers of an event: everything but its position and metadata. */
export type ChainedEvent = Pick<RecordedEvent, 'streamId' | 'revision' | 'eventId' | 'type' | 'data' | 'recordedAt'>;

const field = (data: unknown, name: string): unknown => {
  if (data === null || typeof data !== 'object') return null;
  const value = (data as Record<string, unknown>)[name];
  return value === undefined ? null : value;
};

/**
 * The exact text that is hashed (written down so that an auditor can re-compute a hash with other tools): the canonical
 * JSON of the object above, written member by member in its sorted key order. `data` is the event data's canonical
 * JSON when the caller has it already (an import hashes the same data into the checksum too).
 */
export const chainInput = (event: ChainedEvent, previous: string, data: string = canonicalJson(event.data)): string => {
  const actor = field(event.data, 'actor');
  const valid = field(event.data, 'validDate');
  return (
    `{"actor":${typeof actor === 'string' ? JSON.stringify(actor) : canonicalJson(actor)},"data":${data},"id":${JSON.stringify(event.eventId)},` +
    `"previous":${JSON.stringify(previous)},"recorded":${JSON.stringify(event.recordedAt)},"revision":${JSON.stringify(event.revision)},` +
    `"stream":${JSON.stringify(event.streamId)},"type":${JSON.stringify(event.type)},"valid":${typeof valid === 'string' ? JSON.stringify(valid) : canonicalJson(valid)}}`
  );
};

export const chainHash = (event: ChainedEvent, previous: string, data?: string): string =>
  createHash('sha256').update(chainInput(event, previous, data), 'utf8').digest('hex');

/** Hashes a run of events appended one after the other, starting after `previous`. */
export const chainHashes = (events: readonly ChainedEvent[], previous: string): string[] => {
  let last = previous;
  return events.map((event) => (last = chainHash(event, last)));
};

/**
 * The checksum `ledger checksum` prints (sha256 over stream, revision, id, type and canonical data of every event in
 * global order: the same facts in any store, recorded at any time) and the head hash, taken event by event.
 */
export const logDigest = () => {
  const hash = createHash('sha256');
  let events = 0;
  let head: string | undefined;
  return {
    /** `data`: the event data's canonical JSON, when the caller has it already. */
    add(e: ChainedEvent & { readonly hash?: string }, data: string = canonicalJson(e.data)): void {
      hash.update(`${JSON.stringify([e.streamId, e.revision, e.eventId, e.type])}${data}\n`);
      events++;
      head = e.hash;
    },
    result: (): { events: number; sha256: string; head?: string } => ({ events, sha256: hash.copy().digest('hex'), ...(head === undefined ? {} : { head }) }),
  };
};

/**
 * Recorded times only move forward along the chain: a writer whose clock is behind the last recorded event takes
 * that event's time (reads "as known at a time" stop at the first event recorded after it).
 */
export const nextRecordedAt = (previousRecordedAt: string | undefined, now: Date = new Date()): string => {
  const at = now.toISOString();
  return previousRecordedAt !== undefined && previousRecordedAt > at ? previousRecordedAt : at;
};

/**
 * How far ahead of this machine's clock a recorded time may lie: clocks of two machines writing one store differ by
 * seconds, never by minutes. A time further ahead would hold every later recorded time at it (see nextRecordedAt).
 */
export const RECORDED_AT_SKEW_MS = 5 * 60_000;

/**
 * Why a recorded time brought in with an event (an import, a migration) cannot follow `previousRecordedAt`: it runs
 * backwards, or lies in the future beyond the skew. Undefined when it can.
 */
export const recordedAtProblem = (recordedAt: string, previousRecordedAt: string | undefined, now: Date = new Date()): string | undefined => {
  if (previousRecordedAt !== undefined && recordedAt < previousRecordedAt) return `recorded at ${recordedAt}, before the event before it (${previousRecordedAt}): recorded times never run backwards`;
  const latest = new Date(now.getTime() + RECORDED_AT_SKEW_MS).toISOString();
  if (recordedAt > latest) return `recorded at ${recordedAt}, in the future (this machine's clock says ${now.toISOString()}; at most ${RECORDED_AT_SKEW_MS / 60_000} minutes ahead is taken as clock skew)`;
  return undefined;
};

/**
 * The recorded times of one append, after the event recorded last at `previousRecordedAt`: the store's own time for
 * a new fact, or the time an event brings with it (an import, a migration) when it neither runs backwards nor lies in
 * the future. Every store assigns recorded times through here.
 */
export const recordedTimes = (previousRecordedAt: string | undefined, now: Date = new Date()): ((eventId: string, brought: string | undefined) => string) => {
  const assigned = nextRecordedAt(previousRecordedAt, now);
  let last = previousRecordedAt;
  return (eventId, brought) => {
    if (brought !== undefined) {
      const problem = recordedAtProblem(brought, last, now);
      if (problem !== undefined) throw new LedgerFailure('rejected', `event "${eventId}" cannot be recorded: it is ${problem}; nothing was recorded`);
    }
    last = brought ?? assigned;
    return last;
  };
};

/** The chain hash of the log's event at `position` (null: no event there, or one written before the chain): one range read by position. */
export const hashAt = async (store: EventStore, position: number): Promise<string | null> => {
  if (position === 0) return null;
  for await (const batch of store.readAll({ fromPosition: position - 1, toPosition: position, batchSize: 1 })) return batch.find((e) => e.globalPosition === position)?.hash ?? null;
  return null;
};

/** A hash as a sentence shows it. */
const shortHash = (hash: string | null | undefined): string => (hash === null || hash === undefined ? 'none' : hash.slice(0, 12));

/**
 * Why the log no longer is the one a saved model was built from (undefined: it still is), cheaply: the event at the
 * model's `position` must still carry the chain hash `head` saved with it (an event row changed and re-hashed, the log
 * replaced by another) and, when the event before it is at hand (SQLite's dense positions), its content must still
 * give that hash (an event row at the head changed by hand). One range read of at most two rows by position. Earlier
 * edits that leave the head's link alone are `verify`'s (it walks the whole chain).
 */
export const logChangedSince = async (store: EventStore, position: number, head: string | null): Promise<string | undefined> => {
  if (position === 0) return undefined;
  let rows: readonly RecordedEvent[] = [];
  try {
    for await (const batch of store.readAll({ fromPosition: Math.max(0, position - 2), toPosition: position, batchSize: 2 })) {
      rows = batch;
      break;
    }
  } catch (e) {
    if (e instanceof UnreadableEventError) return `the log's event at position ${e.position} is not valid JSON any more`;
    throw e;
  }
  const at = rows.find((e) => e.globalPosition === position);
  if (at === undefined) return `the log has no event at position ${position} any more, which it was built from`;
  if ((at.hash ?? null) !== head) return `it was built from a log whose event at position ${position} had hash ${shortHash(head)}, where the log has ${shortHash(at.hash)}`;
  const before = rows.find((e) => e.globalPosition === position - 1);
  const previous = position === 1 ? GENESIS : before?.hash;
  if (at.hash !== undefined && previous !== undefined && chainHash(at, previous) !== at.hash) return `the log's event at position ${position}, which it was built from, no longer matches its hash`;
  return undefined;
};
