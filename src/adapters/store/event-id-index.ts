/**
 * The EventStoreDB adapter's in-process index of event ids (ESDB has no index by id, see esdb.ts): where each
 * recorded id sits, and which ids are claimed by appends still in flight.
 *
 * An id is reserved before its append is sent and released when the append ends, so two concurrent appends of one
 * id in this process cannot both pass the check; the second is refused with DuplicateEventError. (The server would
 * record it in another stream, or take it on the same stream as an idempotent retry and answer success.)
 *
 * Memory: a recorded id costs its string and one number (stream number and revision packed together); stream ids
 * are kept once each. scripts/bench/esdb-id-index.ts measures it.
 */
import { DuplicateEventError } from '../../app/ports/event-store';

/** Revisions below this are packed with the stream number into one double (exact up to 2^53). */
const REVISION_SPAN = 2 ** 24;

export interface EventLocation {
  readonly streamId: string;
  readonly revision: number;
}

export class EventIdIndex {
  private readonly streamIds: string[] = [];
  private readonly streamNumbers = new Map<string, number>();
  private readonly packed = new Map<string, number>();
  /** Events past revision 2^24 of a stream: rare enough to keep as objects. */
  private readonly deep = new Map<string, EventLocation>();
  private readonly pending = new Set<string>();

  get size(): number {
    return this.packed.size + this.deep.size;
  }

  record(eventId: string, streamId: string, revision: number): void {
    if (revision >= REVISION_SPAN) {
      this.deep.set(eventId, { streamId, revision });
      return;
    }
    let stream = this.streamNumbers.get(streamId);
    if (stream === undefined) {
      stream = this.streamIds.push(streamId) - 1;
      this.streamNumbers.set(streamId, stream);
    }
    this.packed.set(eventId, stream * REVISION_SPAN + revision);
  }

  locate(eventId: string): EventLocation | undefined {
    const packed = this.packed.get(eventId);
    if (packed === undefined) return this.deep.get(eventId);
    return { streamId: this.streamIds[Math.floor(packed / REVISION_SPAN)]!, revision: packed % REVISION_SPAN };
  }

  /**
   * Claims the ids of an append about to be sent; throws DuplicateEventError for the first one already recorded or
   * claimed. Returns the release, to call when the append has ended (recorded ids stay recorded).
   */
  reserve(eventIds: readonly string[]): () => void {
    const taken = eventIds.find((id) => this.pending.has(id) || this.locate(id) !== undefined);
    if (taken !== undefined) throw new DuplicateEventError(taken);
    for (const id of eventIds) this.pending.add(id);
    return () => {
      for (const id of eventIds) this.pending.delete(id);
    };
  }
}
