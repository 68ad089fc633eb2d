/**
 * A FESA list's JSON rows carry `id` as every other rule set's rows do (issue 29's acceptance reads `id`, `name`,
 * `rating`, `games`, `grade`), through the real `ledger` process; a JSON list published before they carried it is
 * still reproduced byte for byte, and one published now with it.
 */
import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../../domain/events';
import { toNewEvent } from '../../../src/app/event-log';
import { contentHash, listBytes } from '../../../src/app/lists';
import { openSqliteStore } from '../../../src/adapters/store/sqlite';
import { cliBuilt, officerLedger, SMALL_LEDGER } from '../../support/helpers';

describe.skipIf(!cliBuilt())('FESA list rows in JSON name their player by id (real processes, run `npm run build` first)', () => {
  it('list --json gives id (= playerId) on every row; a JSON list published before rows had id, and one published now, both reproduce as published; verify holds', async () => {
    const { db, ok } = officerLedger('fesa-json-id');
    for (const argv of SMALL_LEDGER) await ok(...argv);
    const now = await ok('list', '--as-of', '2026-03-31', '--json');
    const rows = (JSON.parse(now) as { players: Record<string, unknown>[] }).players;
    expect(rows.length).toBe(2);
    for (const row of rows) {
      expect(Object.keys(row).slice(0, 3)).toEqual(['rank', 'id', 'playerId']);
      expect(row.id).toBe(row.playerId);
      expect(row).toMatchObject({ id: expect.stringMatching(/^P[12]$/), name: expect.any(String), rating: expect.any(Number), games: 1, grade: expect.any(String) });
    }

    // what the ledger wrote before rows carried `id`, recorded as a publication of then
    const before = now.replace(/\n {6}"id": "P[12]",/g, '');
    expect(before).not.toBe(now);
    expect(before).not.toContain('"id"');
    const store = openSqliteStore(db);
    try {
      const event = { type: 'RatingListPublished', version: 1, eventId: 'list:old-json', validDate: '2026-03-31', actor: 'officer', listId: 'old-json', asOf: '2026-03-31', ruleSet: 'as-adopted', format: 'json', contentHash: contentHash(listBytes(before, 'json')), activeYears: 2 };
      await store.append('ledger-lists', [toNewEvent(event as unknown as DomainEvent)], 'any');
    } finally {
      await store.close();
    }
    await ok('list', 'publish', '--id', 'new-json', '--as-of', '2026-03-31', '--format', 'json');
    expect(await ok('list', '--published', 'old-json')).toBe(before);
    expect(await ok('list', '--published', 'new-json')).toBe(now);
    expect(await ok('verify')).toMatch(/2 of 2 published lists reproduced/);
  }, 60_000);
});
