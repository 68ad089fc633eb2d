/**
 * A stand-in for an EventStoreDB server behind the @eventstore/db-client 6.x API — NOT EventStoreDB.
 *
 * It lets the adapter's own logic run without a server: paging over $all, id reservation, append splitting, error
 * wording, resubscription, cancelling reads. What it copies from the real client and server (read in
 * node_modules/@eventstore/db-client/dist and the server's gRPC services), and nothing more:
 * - readAll always sends NoFilter: every event of $all comes back, system events included; a forward read starts AT
 *   its position (inclusive), a backward read before it; the result is a stream with `cancel()`, and leaving a
 *   `for await` early does not end the gRPC call (the ReadStream only unpipes), only `cancel()` does;
 * - commit positions are sparse byte offsets, never 1, 2, 3;
 * - an append over MaxAppendSize (data + metadata + 2 × type length, summed over the batch) is refused whole with
 *   the client's MaxAppendSizeExceededError as the batch-append path builds it (empty message); so are deleted
 *   streams (StreamDeletedError) and injected failures;
 * - a retried append of the same event ids at the same place is an idempotent success that writes nothing;
 * - readStream of a missing stream throws StreamNotFoundError while iterating;
 * - stream metadata is a `$metadata` event in the system stream `$$<stream>`, read back as its last event;
 * - subscribeToAll delivers after its position, then live events; `drop()` ends every live subscription with an
 *   error the way a server restart does.
 * Whatever the contract suite proves over this stand-in, it proves about the adapter, not about EventStoreDB.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep, setImmediate as tick } from 'node:timers/promises';
import {
  MaxAppendSizeExceededError,
  StreamDeletedError,
  StreamNotFoundError,
  UnavailableError,
  WrongExpectedVersionError,
  type AppendExpectedRevision,
  type EventData,
  type EventStoreDBClient,
  type Position,
} from '@eventstore/db-client';

interface StoredEvent {
  readonly streamId: string;
  readonly id: string;
  readonly revision: bigint;
  readonly type: string;
  readonly data: unknown;
  readonly metadata: unknown;
  readonly created: Date;
  readonly position: Position;
}

type ReadPosition = Position | 'start' | 'end';

const bytes = (value: unknown): number => (value === undefined ? 0 : Buffer.byteLength(JSON.stringify(value), 'utf8'));

/** What the server counts against MaxAppendSize for one event (Event.SizeOnDisk). */
export const serverEventSize = (e: Pick<EventData, 'type' | 'data' | 'metadata'>): number => bytes(e.data) + bytes(e.metadata) + 2 * e.type.length;

const resolved = (e: StoredEvent) => ({
  event: { ...e, isJson: true, position: e.position },
  commitPosition: e.position.commit,
});

export class EsdbStandIn {
  readonly log: StoredEvent[] = [];
  private nextCommit = 4_096n;
  private readonly deleted = new Set<string>();
  private readonly failures: Error[] = [];
  private readonly live = new Set<{ push: () => void; fail: (e: Error) => void }>();
  /** Reads whose gRPC call is still open: neither read to the end nor cancelled. */
  openReads = 0;
  appendCalls: { streamId: string; events: number; expectedRevision: AppendExpectedRevision }[] = [];

  /** `appendLatencyMs`: a real append waits for the disk flush, so it is slower than a read; 0 = one event-loop turn. */
  constructor(
    readonly maxAppendSize = 1_048_576,
    readonly appendLatencyMs = 0,
  ) {}

  /** The client surface the adapter uses, as one 6.x EventStoreDBClient would present it. */
  client(): EventStoreDBClient {
    return {
      readAll: (options: { fromPosition?: ReadPosition; maxCount?: number | bigint; direction?: 'forwards' | 'backwards' } = {}) =>
        this.readAll(options),
      readStream: (streamId: string, options: { fromRevision?: bigint | 'start'; maxCount?: number | bigint } = {}) =>
        this.readStream(streamId, options),
      appendToStream: (streamId: string, events: EventData | EventData[], options: { expectedRevision?: AppendExpectedRevision } = {}) =>
        this.append(streamId, Array.isArray(events) ? events : [events], options.expectedRevision ?? 'any'),
      subscribeToAll: (options: { fromPosition?: ReadPosition } = {}) => this.subscribe(options.fromPosition ?? 'start'),
      // as the client does: the last `$metadata` event of the stream's metastream `$$<stream>` (none: no metadata)
      getStreamMetadata: async (streamId: string) => {
        const last = this.log.filter((e) => e.streamId === `$$${streamId}`).at(-1);
        return last === undefined ? { streamName: streamId } : { streamName: streamId, metadata: last.data, metastreamRevision: last.position.commit };
      },
      setStreamMetadata: (streamId: string, metadata: unknown, options: { expectedRevision?: AppendExpectedRevision } = {}) =>
        this.append(`$$${streamId}`, [{ id: randomUUID(), type: '$metadata', data: metadata, contentType: 'application/json' } as EventData], options.expectedRevision ?? 'any'),
      dispose: async () => undefined,
    } as unknown as EventStoreDBClient;
  }

  /** A system event, as the server writes them ($stats, $settings, …) between user events. */
  writeSystemEvent(): void {
    this.record('$stats-127.0.0.1:2113', '$statsCollected', { proc: 1 }, undefined, `00000000-0000-4000-8000-${String(this.log.length).padStart(12, '0')}`);
  }

  /** The append call number `call` (counted from the first call, 1-based) fails with `error` before writing anything. */
  failAppendCall(call: number, error: Error): void {
    this.failingCall = { call, error };
  }
  private failingCall?: { call: number; error: Error };

  /** The next append fails with this error before writing anything. */
  failNextAppend(error: Error): void {
    this.failures.push(error);
  }

  tombstone(streamId: string): void {
    this.deleted.add(streamId);
  }

  /** Ends every live subscription with a transport error, as a server restart does. */
  drop(error: Error = new UnavailableError(undefined, '14 UNAVAILABLE: Connection dropped')): void {
    for (const s of [...this.live]) s.fail(error);
  }

  private record(streamId: string, type: string, data: unknown, metadata: unknown, id: string): StoredEvent {
    const revision = BigInt(this.log.filter((e) => e.streamId === streamId).length);
    const commit = this.nextCommit;
    this.nextCommit += BigInt(128 + bytes(data) + bytes(metadata));
    const event: StoredEvent = { streamId, id, revision, type, data, metadata, created: new Date(), position: { commit, prepare: commit } };
    this.log.push(event);
    for (const s of this.live) s.push();
    return event;
  }

  private readAll(options: { fromPosition?: ReadPosition; maxCount?: number | bigint; direction?: 'forwards' | 'backwards' }) {
    const backwards = options.direction === 'backwards';
    const from = options.fromPosition ?? (backwards ? 'end' : 'start');
    const max = Number(options.maxCount ?? Number.MAX_SAFE_INTEGER);
    const selected = backwards
      ? [...this.log].reverse().filter((e) => from === 'end' || (from !== 'start' && e.position.commit < from.commit))
      : this.log.filter((e) => from === 'start' || (from !== 'end' && e.position.commit >= from.commit));
    return this.readResult(selected.slice(0, max).map(resolved));
  }

  private readResult<T>(items: T[], failure?: Error) {
    let open = true;
    this.openReads++;
    const close = () => {
      if (open) this.openReads--;
      open = false;
    };
    const items$ = items;
    return {
      cancel: async () => close(),
      async *[Symbol.asyncIterator]() {
        await tick();
        if (failure) {
          close();
          throw failure;
        }
        for (const item of items$) {
          if (!open) return;
          yield item;
        }
        close();
      },
    };
  }

  private readStream(streamId: string, options: { fromRevision?: bigint | 'start'; maxCount?: number | bigint }) {
    const from = options.fromRevision === undefined || options.fromRevision === 'start' ? 0n : options.fromRevision;
    const events = this.log.filter((e) => e.streamId === streamId);
    const max = Number(options.maxCount ?? Number.MAX_SAFE_INTEGER);
    return this.readResult(
      events.filter((e) => e.revision >= from).slice(0, max).map(resolved),
      events.length === 0 ? new StreamNotFoundError(undefined, streamId) : undefined,
    );
  }

  private async append(streamId: string, events: EventData[], expected: AppendExpectedRevision) {
    this.appendCalls.push({ streamId, events: events.length, expectedRevision: expected });
    await (this.appendLatencyMs > 0 ? sleep(this.appendLatencyMs) : tick()); // other requests run meanwhile
    const failure = this.failures.shift();
    if (failure) throw failure;
    if (this.failingCall?.call === this.appendCalls.length) throw this.failingCall.error;
    if (this.deleted.has(streamId)) throw StreamDeletedError.fromStreamName(streamId);
    const size = events.reduce((sum, e) => sum + serverEventSize(e), 0);
    if (size > this.maxAppendSize) throw MaxAppendSizeExceededError.fromMaxAppendSize(this.maxAppendSize);
    const stream = this.log.filter((e) => e.streamId === streamId);
    const current: bigint | 'no_stream' = stream.length === 0 ? 'no_stream' : BigInt(stream.length - 1);
    const start = expected === 'no_stream' ? 0 : typeof expected === 'bigint' ? Number(expected) + 1 : undefined;
    // idempotent retry: the same ids already sit where this append would put them
    if (start !== undefined && events.every((e, i) => stream[start + i]?.id === e.id)) {
      const last = stream[start + events.length - 1]!;
      return { success: true, nextExpectedRevision: last.revision, position: last.position };
    }
    const ok = expected === 'any' || (expected === 'no_stream' && current === 'no_stream') || (expected === 'stream_exists' && current !== 'no_stream') || expected === current;
    if (!ok) throw new WrongExpectedVersionError(undefined, { streamName: streamId, current, expected } as never);
    let last: StoredEvent | undefined;
    for (const e of events) last = this.record(streamId, e.type, e.data, e.metadata, e.id);
    return { success: true, nextExpectedRevision: last!.revision, position: last!.position };
  }

  private subscribe(fromPosition: ReadPosition) {
    const log = this.log;
    const live = this.live;
    let next = fromPosition === 'start' ? 0 : fromPosition === 'end' ? log.length : log.findIndex((e) => e.position.commit > fromPosition.commit);
    if (next < 0) next = log.length;
    let wake: (() => void) | undefined;
    let failure: Error | undefined;
    let ended = false;
    const listener = {
      push: () => wake?.(),
      fail: (e: Error) => {
        failure = e;
        wake?.();
      },
    };
    live.add(listener);
    return {
      unsubscribe: async () => {
        ended = true;
        live.delete(listener);
        wake?.();
      },
      async *[Symbol.asyncIterator]() {
        try {
          for (;;) {
            await tick();
            if (failure) throw failure;
            if (ended) return;
            if (next < log.length) {
              const e = log[next++]!;
              if (!e.type.startsWith('$')) yield resolved(e); // the adapter subscribes with excludeSystemEvents()
              continue;
            }
            await new Promise<void>((resolve) => (wake = resolve));
            wake = undefined;
          }
        } finally {
          live.delete(listener);
        }
      },
    };
  }
}
