import type { DomainEvent } from '../../domain/events';
import { decodeRecorded } from './event-log';
import type { EventStore } from './ports/event-store';

export type StreamEvent = ReturnType<typeof decodeRecorded>;

/**
 * How many decoded events the streams kept hold at most. A server deciding game after game into one tournament reads
 * the tournament and its players' streams for every write; kept, each write reads and decodes only what was appended
 * since. A thousand events of a busy tournament are a few hundred kB.
 */
export const KEPT_EVENTS = 50_000;

interface Kept {
  /** The stream's events from revision 0, contiguous; never changed once kept (a newer read keeps a new array). */
  readonly events: readonly StreamEvent[];
}

/** Freezes an event and everything in it: events kept here are shared by every decision that reads their stream. */
const frozen = <T>(value: T): T => {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value as object)) frozen(inner);
  }
  return value;
};

/**
 * The streams a ledger decides from, as read last, least recently read dropped first. A read asks the store only for
 * the events after the revision kept, so it is always the stream at the moment of the read, whoever appended
 * meanwhile (another process too): a kept stream is never decided from without that catch-up. The events are frozen,
 * as the deciders' state holds them by reference (a registration, a closure) and a fold must not change them for the
 * next decision.
 */
export class StreamTails {
  private readonly kept = new Map<string, Kept>();
  private keptEvents = 0;

  constructor(
    private readonly store: Pick<EventStore, 'readStream'>,
    private readonly limit = KEPT_EVENTS,
  ) {}

  /** The stream's events up to its head now (decoded, frozen). */
  async read(streamId: string): Promise<readonly StreamEvent[]> {
    const before = this.kept.get(streamId);
    const next = (before?.events.at(-1)?.revision ?? -1) + 1;
    const tail = await this.decoded(streamId, next);
    // a store whose stream no longer continues what was kept (a restored copy, a hand edit) is read whole again
    if (before && tail.length > 0 && tail[0]!.revision !== next) {
      this.drop(streamId);
      return this.read(streamId);
    }
    const events = tail.length === 0 && before ? before.events : [...(before?.events ?? []), ...tail];
    // two reads at once: the one that saw more stays
    const now = this.kept.get(streamId);
    if (now === undefined || now.events.length <= events.length) this.keep(streamId, events);
    else this.touch(streamId, now);
    return events;
  }

  private async decoded(streamId: string, fromRevision: number): Promise<StreamEvent[]> {
    return (await this.store.readStream(streamId, fromRevision)).map((recorded) => {
      const logged = decodeRecorded(recorded);
      frozen<DomainEvent>(logged.event);
      return Object.freeze(logged);
    });
  }

  private keep(streamId: string, events: readonly StreamEvent[]): void {
    this.drop(streamId);
    if (events.length > this.limit) return;
    this.kept.set(streamId, { events });
    this.keptEvents += events.length;
    // a Map iterates in insertion order: the first key is the least recently read
    for (const [oldest] of this.kept) {
      if (this.keptEvents <= this.limit) break;
      this.drop(oldest);
    }
  }

  private touch(streamId: string, kept: Kept): void {
    this.kept.delete(streamId);
    this.kept.set(streamId, kept);
  }

  private drop(streamId: string): void {
    const kept = this.kept.get(streamId);
    if (kept === undefined) return;
    this.keptEvents -= kept.events.length;
    this.kept.delete(streamId);
  }

  /** How many events are kept (for tests of the bound). */
  get size(): number {
    return this.keptEvents;
  }
}
