import { describe, expect, it } from 'vitest';
import { EventIdIndex } from '../../../src/adapters/store/event-id-index';
import { DuplicateEventError } from '../../../src/app/ports/event-store';

describe('EventIdIndex', () => {
  it('locates recorded ids, deep revisions included', () => {
    const index = new EventIdIndex();
    index.record('e1', 'tournament-1', 0);
    index.record('e2', 'tournament-1', 7);
    index.record('e3', 'player-9', 2 ** 24 + 5);
    expect(index.locate('e2')).toEqual({ streamId: 'tournament-1', revision: 7 });
    expect(index.locate('e3')).toEqual({ streamId: 'player-9', revision: 2 ** 24 + 5 });
    expect(index.locate('nope')).toBeUndefined();
    expect(index.size).toBe(3);
  });

  it('refuses an id that is recorded or reserved by an append in flight, and frees it on release', () => {
    const index = new EventIdIndex();
    index.record('old', 's', 0);
    expect(() => index.reserve(['new', 'old'])).toThrow(new DuplicateEventError('old'));
    const release = index.reserve(['new', 'other']);
    expect(() => index.reserve(['new'])).toThrow(DuplicateEventError);
    release();
    expect(index.reserve(['new'])).toBeTypeOf('function');
  });

  it('keeps an id refused after its append recorded it, even once the reservation is released', () => {
    const index = new EventIdIndex();
    const release = index.reserve(['e']);
    index.record('e', 's', 0);
    release();
    expect(() => index.reserve(['e'])).toThrow(DuplicateEventError);
  });
});
