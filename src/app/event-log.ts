import * as E from 'fp-ts/Either';
import type { DomainEvent, LoggedEvent } from '../../domain/events';
import { decodeEvent } from '../../domain/events';
import type { EventStore, NewEvent, ReadAllOptions, RecordedEvent, RecordedFact } from './ports/event-store';

/** A recorded event as far as an error message can place it (a fact read knows no stream or revision). */
type Placed = RecordedFact & Partial<Pick<RecordedEvent, 'streamId' | 'revision'>>;

export class MalformedEventError extends Error {
  constructor(readonly recorded: Placed, detail: string) {
    const where = recorded.streamId === undefined ? `type ${recorded.type}` : `stream "${recorded.streamId}", revision ${recorded.revision}`;
    super(`the log holds a malformed event at position ${recorded.globalPosition} (${where}): ${detail}`);
    this.name = 'MalformedEventError';
  }
}

const decoded = (recorded: Placed): DomainEvent => {
  const event = decodeEvent(recorded.type, recorded.data);
  if (E.isLeft(event)) throw new MalformedEventError(recorded, event.left);
  return event.right;
};

/** Decodes at the store boundary: nothing past this point sees unchecked JSON. */
/** A logged event read whole: the stream and revision are known. */
type WholeLoggedEvent = Required<LoggedEvent>;

export const decodeRecorded = (recorded: RecordedEvent): WholeLoggedEvent => ({
  event: decoded(recorded),
  globalPosition: recorded.globalPosition,
  streamId: recorded.streamId,
  revision: recorded.revision,
  recordedAt: recorded.recordedAt,
});

export async function* readDomainEvents(store: EventStore, options: ReadAllOptions = {}): AsyncIterable<readonly WholeLoggedEvent[]> {
  for await (const batch of store.readAll(options)) yield batch.map(decodeRecorded);
}

/** The log as folds read it: decoded events with position and recording time, without stream, revision or id. */
export async function* readFacts(store: EventStore, options: ReadAllOptions = {}): AsyncIterable<readonly LoggedEvent[]> {
  for await (const batch of store.readFacts(options)) {
    yield batch.map((recorded) => ({ event: decoded(recorded), globalPosition: recorded.globalPosition, recordedAt: recorded.recordedAt }));
  }
}

export const toNewEvent = (event: DomainEvent): NewEvent => ({ eventId: event.eventId, type: event.type, data: event });
