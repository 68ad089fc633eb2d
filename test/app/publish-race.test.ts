import * as path from 'path';
import { describe, expect, it } from 'vitest';
import { LIST_PRINTER } from '../../src/adapters/formats/list-printer';
import { openSqliteStore } from '../../src/adapters/store/sqlite';
import { Ledger } from '../../src/app/ledger';
import { publishList } from '../../src/app/publish';
import { verifyLedger } from '../../src/app/verify';
import type { EventStore } from '../../src/app/ports/event-store';
import { ledger, SMALL_LEDGER, tempDir } from '../support/helpers';

/**
 * Issue 28: a publication is decided on the log as the ledger read it; another writer may record a fact before the
 * publication is appended. The list must still be reproduced as written, not with that fact in it.
 */
describe('a list published while another writer records a fact', () => {
  it('is reproduced from the facts it was written from, and a fact recorded in between shows in the diff', async () => {
    const db = path.join(tempDir('publish-race'), 'ledger.db');
    for (const argv of SMALL_LEDGER) expect((await ledger(...argv, '--db', db)).code).toBe(0);
    const store = openSqliteStore(db);
    let raced = false;
    let written = '';
    // the other writer gets in between the ledger writing the list and appending its publication
    const racing = new Proxy(store, {
      get(target, key, receiver) {
        if (key !== 'appendAll') return Reflect.get(target, key, receiver) as unknown;
        return async (...args: Parameters<EventStore['appendAll']>) => {
          if (!raced) {
            raced = true;
            const late = await ledger('game', 'correct', '--tournament', 'oslo', '--game', 'g1', '--result', 'loss', '--reason', 'scoresheet', '--db', db);
            expect(late.code).toBe(0);
          }
          return target.appendAll(...args);
        };
      },
    });
    try {
      const published = await publishList(new Ledger(racing), LIST_PRINTER, { validDate: '2026-03-08', actor: 'test', listId: 'race', asOf: '2026-03-08', ruleSet: 'fesa', format: 'csv', activeYears: 2 });
      expect(raced).toBe(true);
      expect(published.result.status).toBe('appended');
      // the list as written then: P1 won the game
      written = published.bytes.toString('utf8');
      expect(written.indexOf('Hansen')).toBeLessThan(written.indexOf('Berg'));
      const report = await verifyLedger(store, LIST_PRINTER);
      expect(report.findings).toEqual([]);
      expect(report.lists).toEqual([{ listId: 'race', contentHash: published.contentHash, reproduced: true }]);
    } finally {
      await store.close();
    }
    const again = await ledger('list', '--published', 'race', '--db', db);
    expect(again.code).toBe(0);
    expect(again.out).toBe(written);
    // the list known now has the correction: Berg above Hansen
    const now = await ledger('list', '--as-of', '2026-03-08', '--format', 'csv', '--db', db);
    expect(now.out.indexOf('Berg')).toBeLessThan(now.out.indexOf('Hansen'));
    const diff = await ledger('diff', '--published', 'race', '--db', db, '--json');
    expect(diff.code).toBe(0);
    const changes = (JSON.parse(diff.out) as { list: { playerId: string; oldRating: number; newRating: number }[] }).list;
    expect(changes.map((c) => c.playerId).sort()).toEqual(['P1', 'P2']);
    expect(changes.find((c) => c.playerId === 'P1')!.oldRating).toBeGreaterThan(changes.find((c) => c.playerId === 'P1')!.newRating);
  });
});
