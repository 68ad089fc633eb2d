/**
 * The second `rerate` / `diff --rules` (issue 30: read from the saved list models) on a model edited by hand: as
 * `ledger list` does, it tells on stderr (`editedListWarning`'s line) and answers what the first call, folded from the
 * log before any model was saved, answered — never the edited figure. Real processes.
 */
import Database from 'better-sqlite3';
import * as fs from 'fs';
import * as path from 'path';
import { describe, expect, it } from 'vitest';
import { cliBuilt, ledgerProcess, nekomadoTournaments, tempDir } from '../../support/helpers';

const AS_OF = '2016-12-31';
const WARNING = /^warning: the saved list model of fesa was changed by hand \(.+\); the list is folded from the log instead \(`ledger verify` checks every saved model, `ledger projections rebuild` makes them again\)$/;

/** The latest row known now of player `id`'s slot in the model of fesa up to AS_OF. */
const ROW_OF = `SELECT r.rowid FROM rm_list_rows r JOIN rm_list_slots sl ON sl.rule_set = r.rule_set AND sl.slot = r.slot
  JOIN rm_list_owners o ON o.rule_set = sl.rule_set AND o.name_key = sl.name_key AND o.kt IS NULL
  WHERE r.rule_set = 'fesa' AND o.player_id = ? AND r.kt IS NULL AND r.present = 1 AND r.date <= '${AS_OF}' ORDER BY r.date DESC, r.ord DESC LIMIT 1`;

describe.skipIf(!cliBuilt())('rerate / diff --rules on a list model edited by hand (real processes)', () => {
  it('answers the fold of the log and warns, for rerate, rerate --player, rerate --from and diff --rules, whatever the edit', async () => {
    const dir = tempDir('rerate-edited');
    const db = path.join(dir, 'ledger.db');
    const run = (file: string, ...argv: string[]) => ledgerProcess([...argv, '--db', file, '--actor', 'officer']);
    const ok = async (file: string, ...argv: string[]) => {
      const r = await run(file, ...argv);
      if (r.code !== 0) throw new Error(`${argv.join(' ')}: ${r.err}`);
      return r;
    };
    await ok(db, 'fesa', 'import', nekomadoTournaments(path.join(dir, 'club'), ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12']));
    // (the published rules from July: the list under fesa differs from the one in force)
    await ok(db, 'rules', 'adopt', '--rules', 'fesa-published', '--from', '2016-07-01', '--reason', 'the published rules from July');
    const rerate = ['rerate', '--rules', 'fesa', '--as-of', AS_OF, '--json'];
    const diff = ['diff', '--rules', 'fesa-published', '--rules', 'fesa', '--as-of', AS_OF, '--json'];
    // the first calls fold the log (no model saved yet) and save the models
    const whole = (await ok(db, ...rerate)).out;
    const p = (JSON.parse(whole) as { list: { playerId: string }[] }).list[0]!.playerId;
    const calls = [rerate, [...rerate, '--player', p], [...rerate, '--from', '2016-08-01'], diff];
    const folded = [whole];
    for (const argv of calls.slice(1)) folded.push((await ok(db, ...argv)).out);
    // the second calls read the models (nothing said), and answer the same
    for (const [i, argv] of calls.entries()) expect(await ok(db, ...argv)).toMatchObject({ out: folded[i], err: expect.not.stringContaining('warning:') });
    const edits: readonly (readonly [string, string])[] = [
      ['rating', 'UPDATE rm_list_rows SET rating = rating + 100 WHERE rowid = (ROW)'],
      ['grade', "UPDATE rm_list_rows SET grade = '9 dan' WHERE rowid = (ROW)"],
      ['name', "UPDATE rm_list_rows SET name = name || 'x' WHERE rowid = (ROW)"],
      ['deleted', 'DELETE FROM rm_list_rows WHERE rowid = (ROW)'],
    ];
    for (const [what, statement] of edits) {
      const copy = path.join(dir, `${what}.db`);
      fs.copyFileSync(db, copy);
      const d = new Database(copy);
      expect(d.prepare(statement.replace('(ROW)', `(${ROW_OF})`)).run(p).changes, what).toBe(1);
      d.close();
      for (const [i, argv] of calls.entries()) {
        const r = await ok(copy, ...argv);
        expect(r.out, `${what}: ${argv.join(' ')}`).toBe(folded[i]);
        expect(r.err.split('\n').filter((line) => line.startsWith('warning:')), `${what}: ${argv.join(' ')}`).toEqual([expect.stringMatching(WARNING)]);
      }
    }
  }, 300_000);
});
