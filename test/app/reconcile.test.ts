import * as fs from 'fs';
import * as path from 'path';
import * as E from 'fp-ts/Either';
import { describe, expect, it } from 'vitest';
import type { ListReconciled } from '../../domain/events';
import type { FesaPlayer } from '../../domain/rules/fesa/types';
import { foldFesa, nameKey } from '../../projections/fesa/history';
import { encodeFesaPlayerState } from '../../projections/fesa/player-state';
import { loadFacts } from '../../src/app/load';
import { openSqliteStore } from '../../src/adapters/store/sqlite';
import { chainOf, FIXTURES, ledger, nekomadoChain, tempDir } from '../support/helpers';

const RECONCILED = '24_20th_nekomadoken';

/** The list right after the reconcile (before tournament 24 is rated), the list before the reconcile, and the reconcile. */
const atReconcile = async (db: string) => {
  const store = openSqliteStore(db);
  try {
    const facts = await loadFacts(store);
    const reconcile = facts.map((f) => f.event).find((e): e is ListReconciled => e.type === 'ListReconciled')!;
    const date = reconcile.validDate;
    const after = foldFesa(facts, { stopBefore: { date, tournamentId: RECONCILED }, keepRuns: false });
    // the day before: every event before the reconcile, nothing of its date
    const dayBefore = new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const before = foldFesa(facts, { asOf: dayBefore, keepRuns: false });
    const later = foldFesa(facts, { keepRuns: false });
    if (E.isLeft(after) || E.isLeft(before) || E.isLeft(later)) throw new Error('fold failed');
    return { reconcile, after: after.right.list, before: before.right.list, later: later.right.list };
  } finally {
    await store.close();
  }
};

const byName = (list: readonly FesaPlayer[]) => new Map(list.map((p) => [nameKey(p), encodeFesaPlayerState(p)]));

describe('fesa import --reconcile pins only what differs (issue 13)', () => {
  it('records one reconcile that pins only the players and fields where 24/ratingliste.pre differs from the ledger', async () => {
    const db = path.join(tempDir('reconcile-pins'), 'ledger.db');
    expect((await ledger('fesa', 'import', chainOf(nekomadoChain()), '--db', db, '--reconcile')).code).toBe(0);
    const { reconcile, before } = await atReconcile(db);
    const pre = fs.readFileSync(path.join(nekomadoChain().find((f) => path.basename(f) === RECONCILED)!, 'ratingliste.pre'), 'latin1');
    expect(reconcile.order.length).toBe((pre.match(/#S\(PLAYER /g) ?? []).length);
    // the unpublished 19th event: N122 and N123 came in (whole records), a few players changed; everybody else agrees
    expect(reconcile.pins.length).toBeLessThan(reconcile.order.length / 4);
    const n122 = reconcile.pins.find((p) => p.playerId === 'N122')!;
    expect(Object.keys(n122.fields).sort()).toEqual(Object.keys(encodeFesaPlayerState(before[0]!)).sort());
    const n2 = reconcile.pins.find((p) => p.playerId === 'N2')!;
    expect(n2.fields).toMatchObject({ eloNumber: 2280 });
    expect(n2.fields).not.toHaveProperty('lastName');
  });

  it('a correction before the reconcile reaches every field the reconcile did not pin, and only those', async () => {
    const db = path.join(tempDir('reconcile-flow'), 'ledger.db');
    expect((await ledger('fesa', 'import', chainOf(nekomadoChain()), '--db', db, '--reconcile')).code).toBe(0);
    const uncorrected = await atReconcile(db);
    const corrected03 = path.join(FIXTURES, 'fesa-corrected', '03_3rd_nekomadoken');
    const r = await ledger('fesa', 'import', corrected03, '--db', db, '--correct');
    expect(r.err).toBe('');
    const corrected = await atReconcile(db);
    const pins = new Map<string, Record<string, unknown>>(corrected.reconcile.pins.map((p) => [p.playerId, p.fields]));
    const beforeReconcile = byName(corrected.before);
    const oldAfter = byName(uncorrected.after);
    let flowed = 0;
    let held = 0;
    for (const p of corrected.after) {
      const id = p.lastName; // FESA ids are the names (no first names in this archive)
      const record = encodeFesaPlayerState(p);
      const pinned = pins.get(id) ?? {};
      for (const [field, value] of Object.entries(record)) {
        if (field in pinned) {
          // pinned: the file's value, whatever the correction did before
          expect({ id, field, value }).toEqual({ id, field, value: pinned[field] });
          expect({ id, field, value }).toEqual({ id, field, value: oldAfter.get(nameKey(p))![field] });
          held++;
        } else {
          // not pinned: the corrected fold's value from before the reconcile
          expect({ id, field, value }).toEqual({ id, field, value: beforeReconcile.get(nameKey(p))![field] });
          if (JSON.stringify(value) !== JSON.stringify(oldAfter.get(nameKey(p))![field])) flowed++;
        }
      }
    }
    // the correction of 03 (N8, N14, N16 and their later opponents) reached the reconciled list, and it was held
    // exactly where the file disagreed with the ledger
    expect(flowed).toBeGreaterThan(0);
    expect(held).toBeGreaterThan(0);
    // and flows on into the events after the reconcile
    expect(JSON.stringify(corrected.later)).not.toBe(JSON.stringify(uncorrected.later));
  });
});
