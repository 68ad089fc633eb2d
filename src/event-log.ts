import * as E from 'fp-ts/Either';
import type { DomainEvent } from '../domain/events';
import { decodeEvent } from '../domain/events';
import type { EventStore, NewEvent, ReadAllOptions, RecordedEvent } from './store/port';

/** A domain event with the ledger's second clock: where and when it was recorded. */
export interface LoggedEvent {
  readonly event: DomainEvent;
  readonly globalPosition: number;
  readonly streamId: string;
  readonly revision: number;
  readonly recordedAt: string;
}

export class MalformedEventError extends Error {
  constructor(readonly recorded: RecordedEvent, detail: string) {
    super(`the log holds a malformed event at position ${recorded.globalPosition} (stream "${recorded.streamId}", revision ${recorded.revision}): ${detail}`);
    this.name = 'MalformedEventError';
  }
}

/** Decodes at the store boundary: nothing past this point sees unchecked JSON. */
export const decodeRecorded = (recorded: RecordedEvent): LoggedEvent => {
  const decoded = decodeEvent(recorded.type, recorded.data);
  if (E.isLeft(decoded)) throw new MalformedEventError(recorded, decoded.left);
  return {
    event: decoded.right,
    globalPosition: recorded.globalPosition,
    streamId: recorded.streamId,
    revision: recorded.revision,
    recordedAt: recorded.recordedAt,
  };
};

export async function* readDomainEvents(store: EventStore, options: ReadAllOptions = {}): AsyncIterable<readonly LoggedEvent[]> {
  for await (const batch of store.readAll(options)) yield batch.map(decodeRecorded);
}

export const toNewEvent = (event: DomainEvent): NewEvent => ({ eventId: event.eventId, type: event.type, data: event });
