/**
 * SQLite's count of the versions a list model holds (list-held-count.ts): the triggers keep it
 * equal to the versions there through saves and hand edits, so that a read checks one row instead of counting them
 * (issue 28: the count grew with the model, ~115 ms per million versions on every list read).
 */
import * as path from 'path';
import type BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { sqliteCheckpoints } from '../../../src/adapters/store/checkpoint-storage';
import { LIST_MODEL_FORMAT } from '../../../src/app/list-model';
import { cliBuilt, ledger, SMALL_LEDGER, tempDir } from '../../support/helpers';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const Database: typeof BetterSqlite3 = require('better-sqlite3');

const RULE_SET = 'as-adopted';

const onFile = <A>(db: string, f: (d: BetterSqlite3.Database) => A): A => {
  const d = new Database(db);
  try {
    return f(d);
  } finally {
    d.close();
  }
};

/** [the count kept, the versions there]. */
const heldAndCounted = (db: string): [number | undefined, number] =>
  onFile(db, (d) => [
    (d.prepare(`SELECT held FROM rm_list_held WHERE rule_set = ?`).get(RULE_SET) as { held: number } | undefined)?.held,
    (d.prepare(`SELECT (SELECT count(*) FROM rm_list_rows WHERE rule_set = @r) + (SELECT count(*) FROM rm_list_points WHERE rule_set = @r) AS n`).get({ r: RULE_SET }) as { n: number }).n,
  ]);

const versionsRead = async (db: string) =>
  (await sqliteCheckpoints(db).readList({ ruleSet: RULE_SET, format: LIST_MODEL_FORMAT, asOf: '2026-12-31', countVersions: true }))?.versions;

describe.skipIf(!cliBuilt())('the count of a list model\'s versions on SQLite (run `npm run build` first)', () => {
  it('equals the versions there after saves, a hand deletion and a hand insertion; a file saved before it gets it counted', async () => {
    const db = path.join(tempDir('held-count'), 'ledger.db');
    for (const argv of SMALL_LEDGER.slice(0, 4)) expect((await ledger(...argv, '--db', db, '--actor', 'officer')).code).toBe(0);
    expect((await ledger('list', '--db', db)).code).toBe(0);
    // a second save on top of the first (the tournament closed: new versions, old ones ended)
    expect((await ledger(...SMALL_LEDGER[4]!, '--db', db, '--actor', 'officer')).code).toBe(0);
    expect((await ledger('list', '--db', db)).code).toBe(0);
    const [held, counted] = heldAndCounted(db);
    expect(counted).toBeGreaterThan(0);
    expect(held).toBe(counted);
    const saved = (await versionsRead(db))!.saved!;
    expect(await versionsRead(db)).toEqual({ saved, held: saved });
    // the read takes the count kept, not a count of the versions (its O(1) check)
    onFile(db, (d) => d.prepare(`UPDATE rm_list_held SET held = held + 10`).run());
    expect(await versionsRead(db)).toEqual({ saved, held: saved + 10 });
    onFile(db, (d) => d.prepare(`UPDATE rm_list_held SET held = held - 10`).run());

    // by hand: one version deleted, then one copied in twice under later positions
    onFile(db, (d) => d.prepare(`DELETE FROM rm_list_rows WHERE rowid = (SELECT max(rowid) FROM rm_list_rows)`).run());
    expect(heldAndCounted(db)).toEqual([saved - 1, saved - 1]);
    expect(await versionsRead(db)).toEqual({ saved, held: saved - 1 });
    for (const later of [1000, 2000]) onFile(db, (d) => d.prepare(`INSERT INTO rm_list_rows SELECT rule_set, slot, date, ord, kf + ${later}, kt, fp, played, present, seq, rating, last_played, active_to, name, name_id, country, grade, games, provisional, record FROM rm_list_rows LIMIT 1`).run());
    expect(heldAndCounted(db)).toEqual([saved + 1, saved + 1]);
    expect(await versionsRead(db)).toEqual({ saved, held: saved + 1 });

    // a save on top is counted by the triggers and a hand's edit of the count stays visible; a rebuild writes the model
    // anew without them (list-held-count.ts), counts what it holds after and makes them again
    const officer = async (...argv: string[]) => expect((await ledger(...argv, '--db', db, '--actor', 'officer')).code).toBe(0);
    onFile(db, (d) => d.prepare(`UPDATE rm_list_held SET held = held + 10`).run());
    await officer('tournament', 'add', '--id', 'bergen', '--name', 'Bergen Open', '--start', '2026-04-04', '--end', '2026-04-04');
    await officer('game', 'report', '--tournament', 'bergen', '--game', 'g1', '--round', '1', '--first', 'P2', '--second', 'P1', '--result', 'win');
    await officer('tournament', 'close', '--id', 'bergen');
    expect((await ledger('list', '--db', db)).code).toBe(0);
    const [afterSave, countedAfter] = heldAndCounted(db);
    expect(countedAfter).toBeGreaterThan(saved + 1);
    expect(afterSave).toBe(countedAfter + 10);
    const triggers = () => onFile(db, (d) => d.prepare(`SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'rm_list_%_held_%' ORDER BY name`).pluck().all());
    expect(triggers()).toEqual(['rm_list_points_held_in', 'rm_list_points_held_out', 'rm_list_rows_held_in', 'rm_list_rows_held_out']);
    expect((await ledger('projections', 'rebuild', '--db', db)).code).toBe(0);
    const [afterRebuild, countedRebuilt] = heldAndCounted(db);
    expect(afterRebuild).toBe(countedRebuilt);
    expect(triggers()).toHaveLength(4);
    // and the triggers still count a hand's edit after those saves
    onFile(db, (d) => d.prepare(`DELETE FROM rm_list_rows WHERE rowid = (SELECT max(rowid) FROM rm_list_rows)`).run());
    expect(heldAndCounted(db)).toEqual([countedRebuilt - 1, countedRebuilt - 1]);
    const now = (await versionsRead(db))!;
    expect(now.held).toBe(now.saved! - 1);
    onFile(db, (d) => d.prepare(`INSERT INTO rm_list_rows SELECT rule_set, slot, date, ord, kf + 5000, kt, fp, played, present, seq, rating, last_played, active_to, name, name_id, country, grade, games, provisional, record FROM rm_list_rows LIMIT 1`).run());
    const saved2 = now.saved!;

    // the count's own row deleted by hand: the read counts the versions
    onFile(db, (d) => d.prepare(`DELETE FROM rm_list_held`).run());
    expect(await versionsRead(db)).toEqual({ saved: saved2, held: saved2 });

    // a file from before the count: its first opening counts what is there and keeps counting from then
    onFile(db, (d) => d.exec(`DROP TRIGGER rm_list_rows_held_in; DROP TRIGGER rm_list_rows_held_out; DROP TRIGGER rm_list_points_held_in; DROP TRIGGER rm_list_points_held_out; DROP TABLE rm_list_held`));
    expect(await versionsRead(db)).toEqual({ saved: saved2, held: saved2 });
    expect(heldAndCounted(db)).toEqual([saved2, saved2]);
    expect((await ledger('projections', 'rebuild', '--db', db)).code).toBe(0);
    const rebuilt = (await versionsRead(db))!;
    expect(rebuilt.held).toBe(rebuilt.saved);
    expect(heldAndCounted(db)).toEqual([rebuilt.held, rebuilt.held]);
  }, 60_000);
});
