/**
 * A server folds a long log for one reader while others wait: SQLite answers every page at once, so a paged read
 * must give the event loop a turn between pages, or no other request (not even /health) is answered until the fold
 * ends (issue 30: a busy server at a million games).
 */
import { describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../../src/adapters/store/sqlite';

describe('a paged read of a synchronous store', () => {
  it('lets what waits on the event loop run between its pages', async () => {
    const store = openSqliteStore(':memory:', { readBatchSize: 10 });
    await store.append('s', Array.from({ length: 100 }, (_, n) => ({ eventId: `e${n}`, type: 'GameReported', data: { n } })), 'no_stream');
    // a timer stands for another request: it fires only when the event loop gets a turn
    let turns = 0;
    const other = setInterval(() => turns++, 0);
    const seenAt: number[] = [];
    for await (const batch of store.readAll()) seenAt.push(turns, batch.length);
    clearInterval(other);
    await store.close();
    expect(seenAt.filter((_, i) => i % 2 === 1)).toEqual(Array(10).fill(10));
    // the last page is seen after several turns, not at the same instant as the first
    expect(seenAt[seenAt.length - 2]).toBeGreaterThan(seenAt[0]!);
  });
});
