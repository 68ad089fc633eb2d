/**
 * What the EventStoreDB adapter needs to know about appends, as pure functions: how big the server thinks an event
 * is, how to split a batch to fit the server's maximum append size, and how to say why an append failed.
 *
 * The server refuses a whole append whose events sum to more than MaxAppendSize (1 MiB unless
 * EVENTSTORE_MAX_APPEND_SIZE / KURRENTDB_MAX_APPEND_SIZE says otherwise), counting each event as its data, its
 * metadata and twice the length of its type (Event.SizeOnDisk in the server's gRPC append services).
 */

/** The server's default MaxAppendSize. */
export const DEFAULT_MAX_APPEND_SIZE = 1_048_576;

const jsonBytes = (value: unknown): number => (value === undefined ? 0 : Buffer.byteLength(JSON.stringify(value), 'utf8'));

/** The size the server counts for one JSON event, from what the 6.x client sends (JSON.stringify of data and metadata). */
export const esdbEventSize = (event: { readonly type: string; readonly data: unknown; readonly metadata?: unknown }): number =>
  jsonBytes(event.data) + jsonBytes(event.metadata) + 2 * event.type.length;

/**
 * The longest prefix of `sizes` whose sum stays within `maxBytes` — at least one item, so an event alone over the
 * limit goes on its own and the server's refusal names it.
 */
export const fittingPrefix = (sizes: readonly number[], maxBytes: number): number => {
  let total = 0;
  let count = 0;
  while (count < sizes.length && (count === 0 || total + sizes[count]! <= maxBytes)) total += sizes[count++]!;
  return count;
};

/** The part of the client's error the adapter reads (its classes set `type`; batch appends leave `message` empty). */
interface ClientError {
  readonly type?: string;
  readonly message?: string;
  readonly maxAppendSize?: number;
}

/** The events of the refused append, to name the one that is too big on its own. */
export interface RefusedAppend {
  readonly events: readonly { readonly eventId: string; readonly size: number }[];
}

const errorName = (error: unknown): string => (error instanceof Error ? error.constructor.name : typeof error);

export const isMaxAppendSizeExceeded = (error: unknown): error is ClientError & { maxAppendSize: number } =>
  typeof error === 'object' && error !== null && (error as ClientError).type === 'maximum-append-size-exceeded';

/**
 * Why an append failed, as the end of one sentence: which error, and what it means for the stream. The client's
 * batch-append path builds MaxAppendSizeExceededError, StreamDeletedError, AccessDeniedError and DeadlineExceededError
 * without a message, so the sentence is made from the error's type and fields, never from its message alone.
 */
export const appendFailureReason = (error: unknown, refused: RefusedAppend): string => {
  const name = errorName(error);
  const e = (typeof error === 'object' && error !== null ? error : { message: String(error) }) as ClientError;
  switch (e.type) {
    case 'maximum-append-size-exceeded': {
      const limit = `the server's maximum append size of ${e.maxAppendSize} bytes (${name}; EVENTSTORE_MAX_APPEND_SIZE)`;
      if (refused.events.length === 1) return `event "${refused.events[0]!.eventId}" alone is ${refused.events[0]!.size} bytes, over ${limit}.`;
      const total = refused.events.reduce((sum, x) => sum + x.size, 0);
      return `${refused.events.length} events of ${total} bytes are over ${limit}.`;
    }
    case 'stream-deleted':
      return `the stream has been deleted (${name}); a deleted stream cannot be written again.`;
    case 'access-denied':
      return `access denied (${name}); on a secure server put the credentials of a user allowed to write (and to read $all) in the connection string.`;
    case 'deadline-exceeded':
    case 'timeout':
      return `the server did not answer within the deadline (${name}); the append may or may not have been recorded — read the stream before retrying.`;
    case 'wrong-expected-version':
      return `someone else wrote to the stream meanwhile (${name}).`;
    case 'unavailable':
      return `the server is unavailable (${name}${e.message ? `: ${e.message}` : ''}); check that it runs and that the connection string names it.`;
    // not the client's error (a thrown string, a socket error): its name and message are all there is
    case undefined:
    default:
      return `${name}${e.message ? `: ${e.message}` : ' (the client gave no message)'}.`;
  }
};
