/**
 * The whole log as one file an auditor can hold: JSON Lines, one line per event in global order between a header
 * and a closing line.
 *
 *   {"ledgerLog":1,"source":"sqlite:ledger.db","canonicalisation":"…"}
 *   {"position":1,"stream":"player-N2","revision":0,"id":"…","type":"PlayerRegistered","data":{…},"metadata":{},
 *    "recorded":"2026-11-24T05:00:00.000Z","hash":"…"}
 *   …
 *   {"end":true,"events":163,"sha256":"…","head":"…"}
 *
 * `hash` is the event's link in the chain (src/app/chain.ts); the closing line's sha256 is `ledger checksum`'s.
 * An import reads the file twice: once to check every link and the closing line (nothing is written when one does
 * not hold), then to append the events to an empty store, which re-computes the same chain.
 */
import * as E from 'fp-ts/Either';
import { canonicalJson, inadmissible } from '../../domain/commands/decide';
import { evolve, initialLedgerState } from '../../domain/commands/state';
import { decodeEvent, streamOf, type LoggedEvent } from '../../domain/events';
import { chainHash, GENESIS, logDigest, recordedAtProblem } from './chain';
import { LedgerFailure } from './failure';
import { StoreNotEmptyError, type EventStore, type NewEvent, type RecordedEvent, type StreamAppend } from './ports/event-store';

export const LOG_FORMAT_VERSION = 1;
const CANONICALISATION = 'hash = sha256(canonical JSON of {actor, data, id, previous, recorded, revision, stream, type, valid}): keys sorted, no whitespace, UTF-8';

interface EventLine {
  readonly position: number;
  readonly stream: string;
  readonly revision: number;
  readonly id: string;
  readonly type: string;
  readonly data: unknown;
  readonly metadata: Readonly<Record<string, unknown>>;
  readonly recorded: string;
  readonly hash: string;
}

const eventLine = (e: RecordedEvent): string =>
  JSON.stringify({
    position: e.globalPosition,
    stream: e.streamId,
    revision: e.revision,
    id: e.eventId,
    type: e.type,
    data: e.data,
    metadata: e.metadata,
    recorded: e.recordedAt,
    hash: e.hash ?? null,
  } satisfies Omit<EventLine, 'hash'> & { hash: string | null });

/** The export's lines (without line ends), read from the store batch by batch: memory stays one batch. */
export async function* exportLines(store: EventStore): AsyncGenerator<string> {
  yield JSON.stringify({ ledgerLog: LOG_FORMAT_VERSION, source: store.description, canonicalisation: CANONICALISATION });
  const digest = logDigest();
  for await (const batch of store.readAll({ batchSize: 2000 })) {
    for (const e of batch) {
      if (e.hash === undefined) throw new LedgerFailure('rejected', `${store.description} has no hash chain yet (an older ledger opened read-only): open it once for writing, then export`);
      digest.add(e);
      yield eventLine(e);
    }
  }
  yield JSON.stringify({ end: true, ...digest.result() });
}

/** A line of an export that cannot be taken: names the file and line. */
export class ExportLineError extends LedgerFailure {
  constructor(file: string, line: number, problem: string) {
    super('rejected', `${file} line ${line}: ${problem}; nothing was imported`);
    this.name = 'ExportLineError';
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

const parseEvent = (value: Record<string, unknown>, fail: (problem: string) => never): EventLine => {
  const text = (name: string): string => {
    const v = value[name];
    if (typeof v !== 'string' || v === '') fail(`"${name}" must be a non-empty string`);
    return v;
  };
  const count = (name: string): number => {
    const v = value[name];
    if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0) fail(`"${name}" must be a whole number from 0`);
    return v;
  };
  if (!('data' in value)) fail('the event has no "data"');
  const metadata = value.metadata ?? {};
  if (!isObject(metadata)) fail('"metadata" must be an object');
  const recorded = text('recorded');
  if (Number.isNaN(Date.parse(recorded)) || new Date(recorded).toISOString() !== recorded) fail(`"recorded" must be an ISO-8601 UTC time with milliseconds, got "${recorded}"`);
  return {
    position: count('position'),
    stream: text('stream'),
    revision: count('revision'),
    id: text('id'),
    type: text('type'),
    data: value.data,
    metadata,
    recorded,
    hash: text('hash'),
  };
};

const chained = (e: EventLine) => ({ streamId: e.stream, revision: e.revision, eventId: e.id, type: e.type, data: e.data, recordedAt: e.recorded });

/**
 * The facts of an export replayed as the ledger would have recorded them: each event decoded with the catalogue's
 * codec, in its own stream at the next revision, recorded no earlier than the one before it and not in the future,
 * and one its command's decider records on the ledger as the events before it left it. A file re-chained after an
 * edit carries a valid chain; this is what keeps it from recording a fact every read would then fail on.
 */
const replay = (now: Date, onReplayed?: (fact: LoggedEvent) => void) => {
  const state = initialLedgerState();
  const revisions = new Map<string, number>();
  let previousRecorded: string | undefined;
  return (e: EventLine): string | undefined => {
    if (typeof e.data !== 'object' || e.data === null || Array.isArray(e.data)) return `the event at position ${e.position} (${e.type}): "data" must be the event as a JSON object, got ${e.data === null ? 'null' : Array.isArray(e.data) ? 'an array' : typeof e.data}`;
    const decoded = decodeEvent(e.type, e.data);
    if (E.isLeft(decoded)) return `the event at position ${e.position}: ${decoded.left}`;
    const event = decoded.right;
    if (event.eventId !== e.id) return `the event at position ${e.position} has the id "${e.id}" but its data says "${event.eventId}"`;
    if (streamOf(event) !== e.stream) return `the event at position ${e.position} (${e.type}) is in stream "${e.stream}"; a ${e.type} of its data belongs to stream "${streamOf(event)}"`;
    const expected = (revisions.get(e.stream) ?? -1) + 1;
    if (e.revision !== expected) return `the event at position ${e.position} is revision ${e.revision} of stream "${e.stream}", expected revision ${expected}: revisions of a stream follow one another from 0`;
    const time = recordedAtProblem(e.recorded, previousRecorded, now);
    if (time !== undefined) return `the event at position ${e.position} is ${time}`;
    const refused = inadmissible(event, state);
    if (refused !== undefined) return `the event at position ${e.position} (${e.type}) is not one the ledger records: ${refused}`;
    evolve(state, event, { globalPosition: e.position, revision: e.revision, streamId: e.stream });
    onReplayed?.({ event, globalPosition: e.position, recordedAt: e.recorded });
    revisions.set(e.stream, e.revision);
    previousRecorded = e.recorded;
    return undefined;
  };
};

/**
 * The events of an export, each checked against the chain as it is read; throws ExportLineError at the first line
 * that does not hold (a changed, inserted, deleted or reordered event breaks the chain there; a cut file lacks its
 * closing line). Returns the closing line's totals. With `links: 'replay'` every event is also replayed through the
 * deciders (see `replay`); a second pass over lines replayed before checks the chain only, which ends in the same head
 * only if the file still holds what was replayed.
 */
async function* checkedEvents(file: string, lines: AsyncIterable<string>, links: 'replay' | 'chain', onReplayed?: (fact: LoggedEvent) => void): AsyncGenerator<EventLine, { events: number; sha256: string; head?: string }> {
  let n = 0;
  let previous = GENESIS;
  let previousPosition = 0;
  const digest = logDigest();
  let closing: Record<string, unknown> | undefined;
  const admit = links === 'replay' ? replay(new Date(), onReplayed) : undefined;
  for await (const text of lines) {
    n++;
    const line = n;
    const fail: (problem: string) => never = (problem) => {
      throw new ExportLineError(file, line, problem);
    };
    if (text.trim() === '') fail('the line is empty; an export has one JSON object per line');
    if (closing !== undefined) fail('a line follows the closing line');
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      fail('the line is not JSON');
    }
    if (!isObject(value)) return fail('the line is not a JSON object');
    if (n === 1) {
      if (value.ledgerLog !== LOG_FORMAT_VERSION) fail(`the file does not start with a ledger export header ({"ledgerLog":${LOG_FORMAT_VERSION},…}); is it a log written by \`ledger export --jsonl\`?`);
      continue;
    }
    if (value.end === true) {
      closing = value;
      continue;
    }
    const e = parseEvent(value, fail);
    if (e.position <= previousPosition) fail(`position ${e.position} does not come after position ${previousPosition}: lines were reordered`);
    {
      const event = chained(e);
      const data = canonicalJson(e.data);
      if (chainHash(event, previous, data) !== e.hash) fail(`the event at position ${e.position} (${e.type} of stream "${e.stream}", revision ${e.revision}) does not match its hash: the export was changed at or before this line`);
      digest.add({ ...event, hash: e.hash }, data);
      previous = e.hash;
      const refused = admit?.(e);
      if (refused !== undefined) fail(refused);
    }
    previousPosition = e.position;
    yield e;
  }
  const totals = digest.result();
  if (n === 0) throw new ExportLineError(file, 1, 'the file is empty');
  if (closing === undefined) throw new ExportLineError(file, n, 'the export ends without its closing line ({"end":true,…}): it was cut short');
  if ((closing.events !== totals.events || closing.sha256 !== totals.sha256 || (closing.head ?? undefined) !== totals.head)) {
    throw new ExportLineError(file, n, `the closing line says ${String(closing.events)} events (sha256 ${String(closing.sha256)}), the lines hold ${totals.events} (sha256 ${totals.sha256}): events were deleted or added`);
  }
  return totals;
}

export interface ImportLogOptions {
  /** Check the whole file as the import does and append nothing. */
  readonly dryRun?: boolean;
  /** Each fact once the check has decoded and replayed it, at its position in the file. */
  readonly onReplayed?: (fact: LoggedEvent) => void;
}

export interface ImportResult {
  readonly events: number;
  readonly sha256: string;
  readonly head: string | undefined;
}

/**
 * Rebuilds a log from an export into an empty store: `open()` gives the file's lines (called twice: once to check
 * the whole chain before anything is written, once to append). Events keep stream, revision, id, type, data, metadata
 * and recorded time; the store assigns its own positions and re-computes the chain, which must end in the same head.
 * On SQLite and PostgreSQL all batches are one transaction (`appendWholeLog`): killed at any moment, the import leaves
 * the store empty, and running it again starts over.
 */
export const importLog = async (store: EventStore, file: string, open: () => AsyncIterable<string>, batchSize = 2000, options: ImportLogOptions = {}): Promise<ImportResult> => {
  if ((await store.headPosition()) !== 0) throw new StoreNotEmptyError(store.description);
  const check = checkedEvents(file, open(), 'replay', options.onReplayed);
  let step = await check.next();
  while (!step.done) step = await check.next();
  const totals = step.value;
  if (options.dryRun === true) return { events: totals.events, sha256: totals.sha256, head: totals.head };

  // the lines were replayed above; the append pass checks their chain again and, before the store's transaction
  // commits, that it ends where the first pass ended: a file changed in between records nothing
  async function* batches(): AsyncGenerator<StreamAppend[]> {
    let parts: StreamAppend[] = [];
    let inBatch = 0;
    const read = checkedEvents(file, open(), 'chain');
    let next = await read.next();
    for (; !next.done; next = await read.next()) {
      const e = next.value;
      const event: NewEvent = { eventId: e.id, type: e.type, data: e.data, metadata: e.metadata, recordedAt: e.recorded };
      const last = parts[parts.length - 1];
      if (last !== undefined && last.streamId === e.stream) (last.events as NewEvent[]).push(event);
      else parts.push({ streamId: e.stream, events: [event], expected: e.revision === 0 ? 'no_stream' : e.revision - 1 });
      if (++inBatch >= batchSize) {
        yield parts;
        parts = [];
        inBatch = 0;
      }
    }
    if (next.value.sha256 !== totals.sha256 || next.value.head !== totals.head) throw new ExportLineError(file, next.value.events + 2, `the file changed while it was imported (its checksum was ${totals.sha256}, it is now ${next.value.sha256})`);
    if (parts.length > 0) yield parts;
  }
  if (store.appendWholeLog !== undefined) {
    // one transaction: a crash leaves the store empty or holding the whole log, never a part of it
    await store.appendWholeLog(batches());
  } else {
    for await (const parts of batches()) await store.appendAll(parts);
  }
  const rebuilt = logDigest();
  for await (const batch of store.readAll({ batchSize })) for (const e of batch) rebuilt.add(e);
  const result = rebuilt.result();
  if (result.events !== totals.events || result.sha256 !== totals.sha256 || result.head !== totals.head) {
    throw new LedgerFailure('rejected', `the ledger rebuilt in ${store.description} does not match ${file}: it holds ${result.events} events (sha256 ${result.sha256}, head hash ${result.head ?? 'none'}), the export ${totals.events} (sha256 ${totals.sha256}, head hash ${totals.head ?? 'none'})`);
  }
  return { events: totals.events, sha256: totals.sha256, head: totals.head };
};
