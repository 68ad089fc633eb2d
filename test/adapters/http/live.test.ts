import * as path from 'path';
import { describe, expect, it } from 'vitest';
import { LiveProjections } from '../../../src/adapters/http/live';
import { Ledger } from '../../../src/app/ledger';
import { openSqliteStore } from '../../../src/adapters/store/sqlite';
import type { EventStore } from '../../../src/app/ports/event-store';
import { tempDir } from '../../support/helpers';

describe('live projections of a server', () => {
  it('read each new event once, however many requests arrive together', async () => {
    const store = openSqliteStore(path.join(tempDir('live'), 'ledger.db'));
    let read = 0;
    const counting: EventStore = Object.assign(Object.create(store) as EventStore, {
      async *readFacts(options?: Parameters<EventStore['readFacts']>[0]) {
        for await (const batch of store.readFacts(options)) {
          read += batch.length;
          yield batch;
        }
      },
    });
    const ledger = new Ledger(store);
    const register = (id: string) => ledger.execute({ kind: 'RegisterPlayer', validDate: '2026-01-01', actor: 't', playerId: id, familyName: id, givenName: 'X', country: 'NO' } as Parameters<Ledger['execute']>[0]);
    await register('A');
    await register('B');
    const live = new LiveProjections(counting);
    const first = await Promise.all([1, 2, 3, 4].map(() => live.caughtUp('fesa', 'none')));
    expect(read).toBe(2);
    expect(new Set(first).size).toBe(1);
    await register('C');
    await Promise.all([live.caughtUp('fesa', 'none'), live.caughtUp('fesa', 'none'), live.caughtUp('fesa-published', 'none')]);
    // C once for fesa, and A, B, C for the new fesa-published projection
    expect(read).toBe(2 + 1 + 3);
    expect(first[0]!.position).toBe(3);
    await store.close();
  });
});
