import { AccessDeniedError, DeadlineExceededError, MaxAppendSizeExceededError, StreamDeletedError, UnavailableError } from '@eventstore/db-client';
import { describe, expect, it } from 'vitest';
import { appendFailureReason, esdbEventSize, fittingPrefix } from '../../../src/adapters/store/esdb-append';

describe('esdb append sizes', () => {
  it("counts an event as the server does: data and metadata bytes plus twice the type's length (Event.SizeOnDisk)", () => {
    // the server's own unit test: type "type", 3 data bytes, 2 metadata bytes -> 13
    expect(esdbEventSize({ type: 'type', data: 'a', metadata: 1 })).toBe(3 + 1 + 8);
    expect(esdbEventSize({ type: 'GameReported', data: { name: 'Łukasz' }, metadata: undefined })).toBe(Buffer.byteLength('{"name":"Łukasz"}') + 24);
  });

  it('takes the longest prefix within the limit, and at least one event', () => {
    expect(fittingPrefix([400, 400, 300, 10], 1000)).toBe(2);
    expect(fittingPrefix([400, 600, 1], 1000)).toBe(2);
    expect(fittingPrefix([1500, 1], 1000)).toBe(1);
    expect(fittingPrefix([], 1000)).toBe(0);
  });
});

describe('esdb append failure wording', () => {
  const one = { events: [{ eventId: 'game:g-17', size: 2_000_000 }] };
  const two = { events: [{ eventId: 'a', size: 600_000 }, { eventId: 'b', size: 500_000 }] };
  it('names the error and what it means, from errors built as the batch-append path builds them (empty message)', () => {
    expect(new StreamDeletedError(undefined, 's').message).toBe(''); // why the adapter cannot pass the message on
    expect(appendFailureReason(MaxAppendSizeExceededError.fromMaxAppendSize(1_048_576), one)).toBe(
      'event "game:g-17" alone is 2000000 bytes, over the server\'s maximum append size of 1048576 bytes (MaxAppendSizeExceededError; EVENTSTORE_MAX_APPEND_SIZE).',
    );
    expect(appendFailureReason(MaxAppendSizeExceededError.fromMaxAppendSize(1_048_576), two)).toBe(
      "2 events of 1100000 bytes are over the server's maximum append size of 1048576 bytes (MaxAppendSizeExceededError; EVENTSTORE_MAX_APPEND_SIZE).",
    );
    expect(appendFailureReason(StreamDeletedError.fromStreamName('s'), one)).toBe('the stream has been deleted (StreamDeletedError); a deleted stream cannot be written again.');
    expect(appendFailureReason(new AccessDeniedError(), one)).toMatch(/^access denied \(AccessDeniedError\); on a secure server put the credentials/);
    expect(appendFailureReason(new DeadlineExceededError(), one)).toMatch(/^the server did not answer within the deadline \(DeadlineExceededError\)/);
    expect(appendFailureReason(new UnavailableError(undefined, '14 UNAVAILABLE: No connection established'), one)).toBe(
      'the server is unavailable (UnavailableError: 14 UNAVAILABLE: No connection established); check that it runs and that the connection string names it.',
    );
    expect(appendFailureReason(new RangeError('bad'), one)).toBe('RangeError: bad.');
    expect(appendFailureReason(new Error(''), one)).toBe('Error (the client gave no message).');
  });
});
