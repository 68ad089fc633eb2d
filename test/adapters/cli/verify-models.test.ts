/**
 * `verify` covers what reads serve (issue 28, point 6 and 10), through the real `ledger` process: a log or a saved
 * read model changed by hand is found by `verify` with one sentence naming where, and a read never serves an edit.
 */
import { LIST_MODEL_FORMAT } from '../../../src/app/list-model';
import * as fs from 'fs';
import * as path from 'path';
import type BetterSqlite3 from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { cliBuilt, FIXTURES, ledger, SMALL_LEDGER, tempDir } from '../../support/helpers';
import { chainHash, GENESIS } from '../../../src/app/chain';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const Database: typeof BetterSqlite3 = require('better-sqlite3');

const built = cliBuilt();

/** Runs `edit` on the ledger file as someone with sqlite3 would. */
const editFile = (db: string, edit: (d: BetterSqlite3.Database) => void): void => {
  const d = new Database(db);
  try {
    edit(d);
  } finally {
    d.close();
  }
};

/** A copy of a ledger file (with its WAL, if any) to edit. */
const copyOf = (db: string, name: string): string => {
  const to = path.join(tempDir(name), 'ledger.db');
  for (const suffix of ['', '-wal']) if (fs.existsSync(`${db}${suffix}`)) fs.copyFileSync(`${db}${suffix}`, `${to}${suffix}`);
  return to;
};

/**
 * Re-computes the chain over the whole log as it now is (what someone who knows the formula does after an edit): the
 * chain holds again, only what was saved from the log before can tell.
 */
const rechain = (d: BetterSqlite3.Database): void => {
  type Row = { position: number; stream_id: string; revision: number; event_id: string; type: string; data: string; recorded_at: string };
  let previous = GENESIS;
  for (const r of d.prepare('SELECT position, stream_id, revision, event_id, type, data, recorded_at FROM events ORDER BY position').all() as Row[]) {
    previous = chainHash({ streamId: r.stream_id, revision: r.revision, eventId: r.event_id, type: r.type, data: JSON.parse(r.data) as unknown, recordedAt: r.recorded_at }, previous);
    d.prepare('UPDATE events SET hash = ? WHERE position = ?').run(previous, r.position);
  }
};

/** A small ledger: two players, one closed tournament (so a list is saved beside the log by the first read). */
const smallLedger = async (result = 'win'): Promise<string> => {
  const db = path.join(tempDir('verify-models'), 'ledger.db');
  for (const argv of SMALL_LEDGER.map((a) => a.map((x) => (x === 'win' ? result : x)))) {
    const r = await ledger(...argv, '--db', db, '--actor', 'officer');
    if (r.code !== 0) throw new Error(`${argv.join(' ')}: ${r.err}`);
  }
  return db;
};

describe.skipIf(!built)('verify covers what reads serve (real processes, run `npm run build` first)', () => {
  let pristine = '';
  beforeAll(async () => {
    pristine = await smallLedger();
    expect((await ledger('list', '--db', pristine)).code).toBe(0);
  }, 60_000);

  it('a saved list row edited by hand (rating + 500) is not served: list folds and says so once; verify names the model and what differs, exit 1', async () => {
    const db = copyOf(pristine, 'verify-model-edit');
    const expected = await ledger('list', '--db', pristine);
    editFile(db, (d) => expect(d.prepare('UPDATE rm_list_rows SET rating = rating + 500 WHERE present = 1').run().changes).toBeGreaterThan(0));
    const list = await ledger('list', '--db', db);
    expect(list.code).toBe(0);
    expect(list.out).toBe(expected.out);
    expect(list.err).toMatch(/^warning: the saved list model of as-adopted was changed by hand \(the row of .* says rating \d+ where its record says \d+\); the list is folded from the log instead .*\n$/);
    const verify = await ledger('verify', '--db', db);
    expect(verify.code).toBe(1);
    expect(verify.err).toMatch(/^The saved list model of as-adopted was changed by hand: the row of .* says rating \d+ where its record says \d+; `ledger projections rebuild` makes it again\.\n$/);
    // the rebuild makes it again: verify holds
    expect((await ledger('projections', 'rebuild', '--db', db)).code).toBe(0);
    expect(await ledger('verify', '--db', db)).toMatchObject({ code: 0, err: '' });
  });

  it('a saved careers row edited by hand (a name in a run) is not served: history folds and says so; verify names the careers model, exit 1', async () => {
    const db = copyOf(pristine, 'verify-career-edit');
    const expected = await ledger('history', 'P1', '--db', pristine);
    expect(expected.code).toBe(0);
    editFile(db, (d) => expect(d.prepare("UPDATE rm_career_runs SET run = replace(run, 'Hansen', 'Hanson')").run().changes).toBeGreaterThan(0));
    const history = await ledger('history', 'P1', '--db', db);
    expect(history.code).toBe(0);
    expect(history.out).toBe(expected.out);
    expect(history.err).toMatch(/^warning: the saved careers model of as-adopted was changed by hand \(a saved run \(.*\) no longer matches its fingerprint\)/);
    const verify = await ledger('verify', '--db', db);
    expect(verify.code).toBe(1);
    expect(verify.err).toMatch(/^The saved careers model of as-adopted was changed by hand: a saved run \(.*\) no longer matches its fingerprint; `ledger projections rebuild` makes it again\.\n$/);
    expect((await ledger('projections', 'rebuild', '--db', db)).code).toBe(0);
    expect(await ledger('verify', '--db', db)).toMatchObject({ code: 0, err: '' });
  });

  it('the saved rated-tournaments index edited by hand (a rule set changed) is not read: tournament show answers as before; verify names it until the next read makes it again', async () => {
    const db = path.join(tempDir('verify-rated-index'), 'ledger.db');
    const trf = path.resolve(__dirname, '../../fixtures/trf/bbp-dutch_2025_C5.trf');
    expect((await ledger('trf', 'import', trf, '--start', '2025-01-01', '--rules', 'fide', '--db', db)).code).toBe(0);
    const expected = await ledger('tournament', 'show', 'bbp-dutch_2025_C5', '--json', '--db', db);
    expect(expected.code).toBe(0);
    expect((JSON.parse(expected.out) as { ruleSet: string }).ruleSet).toBe('fide');
    editFile(db, (d) => expect(d.prepare(`UPDATE projections SET state = replace(state, '"fide"', '"uscf-k"') WHERE name = 'rated-tournaments-index'`).run().changes).toBe(1));
    const verify = await ledger('verify', '--db', db);
    expect(verify.code).toBe(1);
    expect(verify.err).toBe('The saved rated-tournaments index was changed by hand (it no longer matches its fingerprint); the next read makes it again from the log.\n');
    expect(await ledger('tournament', 'show', 'bbp-dutch_2025_C5', '--json', '--db', db)).toEqual(expected);
    expect(await ledger('verify', '--db', db)).toMatchObject({ code: 0, err: '' });
  });

  it('a saved list row deleted by hand: verify counts the versions and names the model, exit 1; a rebuild makes it again', async () => {
    const db = copyOf(pristine, 'verify-model-delete');
    // saves after the first add versions to the model: counted as they are written, verify holds
    for (const argv of [
      ['tournament', 'add', '--id', 'bergen', '--name', 'Bergen Open', '--start', '2026-04-04'],
      ['game', 'report', '--tournament', 'bergen', '--game', 'g1', '--round', '1', '--first', 'P2', '--second', 'P1', '--result', 'win'],
      ['tournament', 'close', '--id', 'bergen'],
      ['list'],
      ['game', 'correct', '--tournament', 'oslo', '--game', 'g1', '--result', 'loss', '--reason', 'scoresheet'],
      ['list', '--as-of', '2026-03-08'],
    ]) expect((await ledger(...argv, '--db', db)).code).toBe(0);
    expect(await ledger('verify', '--db', db)).toMatchObject({ code: 0, err: '' });
    editFile(db, (d) => expect(d.prepare('DELETE FROM rm_list_rows WHERE rowid = (SELECT max(rowid) FROM rm_list_rows)').run().changes).toBe(1));
    const verify = await ledger('verify', '--db', db);
    expect(verify.code).toBe(1);
    expect(verify.err).toMatch(/^The saved list model of as-adopted was changed by hand: it holds (\d+) row versions where its saves wrote (\d+) \(rows deleted\); `ledger projections rebuild` makes it again\.\n$/);
    expect((await ledger('projections', 'rebuild', '--db', db)).code).toBe(0);
    expect(await ledger('verify', '--db', db)).toMatchObject({ code: 0, err: '' });
  });

  it('the count of row versions kept beside a list model edited by hand: verify names it, exit 1; a rebuild makes it again and reads use the model', async () => {
    const db = copyOf(pristine, 'verify-model-count');
    expect((await ledger('list', '--db', db)).code).toBe(0);
    expect(await ledger('verify', '--db', db)).toMatchObject({ code: 0, err: '' });
    editFile(db, (d) => expect(d.prepare(`UPDATE rm_list_held SET held = held + 7 WHERE rule_set = 'as-adopted'`).run().changes).toBe(1));
    // a read no longer trusts the model: it folds the list and says so
    expect((await ledger('list', '--db', db)).err).toMatch(/^warning: the saved list model of as-adopted was changed by hand \(it holds \d+ row versions where its saves wrote \d+ \(rows added\)\); the list is folded/);
    const verify = await ledger('verify', '--db', db);
    expect(verify.code).toBe(1);
    expect(verify.err).toMatch(/^The count of row versions kept beside the saved list model of as-adopted was changed by hand: it says (\d+) where the model holds (\d+), so reads fold the list instead of reading the model; `ledger projections rebuild` makes it again\.\n$/);
    expect((await ledger('projections', 'rebuild', '--db', db)).code).toBe(0);
    expect(await ledger('verify', '--db', db)).toMatchObject({ code: 0, err: '' });
    expect(await ledger('list', '--db', db)).toMatchObject({ code: 0, err: '' });
  });

  it('an event row edited by hand (a result changed): verify names its position, exit 1', async () => {
    const db = copyOf(pristine, 'verify-event-edit');
    editFile(db, (d) => expect(d.prepare(`UPDATE events SET data = replace(data, '"win"', '"loss"') WHERE type = 'GameReported'`).run().changes).toBe(1));
    const verify = await ledger('verify', '--db', db);
    expect(verify.code).toBe(1);
    expect(verify.err).toMatch(/^The hash chain breaks at position 4: position 4 \(GameReported of stream "tournament-oslo", revision 1\) was changed by hand: its content no longer matches its hash\.\n$/);
  });

  it('an event row whose data is no longer JSON: verify names its position in one sentence, exit 1', async () => {
    const db = copyOf(pristine, 'verify-json');
    editFile(db, (d) => d.prepare(`UPDATE events SET data = '{"broken' WHERE position = 3`).run());
    const r = await ledger('verify', '--db', db);
    expect(r.code).toBe(1);
    expect(r.err).toBe('The hash chain breaks at position 3: position 3 was changed by hand: its data is not valid JSON.\n');
  });

  it('the log changed under the saved models and re-chained (a result turned round, every hash re-computed): list folds the log as it is and says so once; verify names both models, exit 1', async () => {
    const db = copyOf(pristine, 'verify-rechained');
    editFile(db, (d) => {
      expect(d.prepare(`UPDATE events SET data = replace(data, '"win"', '"loss"') WHERE type = 'GameReported'`).run().changes).toBe(1);
      rechain(d);
    });
    // what the log now says, folded by a ledger that never saw the other one
    const expected = await ledger('list', '--db', await smallLedger('loss'));
    expect(expected.out).not.toBe((await ledger('list', '--db', pristine)).out);
    const list = await ledger('list', '--db', db);
    expect(list.code).toBe(0);
    expect(list.out).toBe(expected.out);
    expect(list.err).toMatch(/^warning: the saved list model of as-adopted does not match the log \(it was built from a log whose event at position 5 had hash [0-9a-f]{12}, where the log has [0-9a-f]{12}\); the list is folded from the log instead .*\n$/);
    // the read saved the models again from the log as it is: served from there, silently
    expect(await ledger('list', '--db', db)).toMatchObject({ code: 0, out: expected.out, err: '' });
  });

  it('verify names every saved model built from another log (the chain itself holds), exit 1; a rebuild makes them again', async () => {
    const db = copyOf(pristine, 'verify-rechained-models');
    editFile(db, (d) => {
      d.prepare(`UPDATE events SET data = replace(data, '"win"', '"loss"') WHERE type = 'GameReported'`).run();
      rechain(d);
    });
    const verify = await ledger('verify', '--db', db);
    expect(verify.code).toBe(1);
    const sentences = verify.err.trimEnd().split('\n');
    expect(sentences).toHaveLength(2);
    expect(sentences[0]).toMatch(/^The saved list model of as-adopted does not match the log: it was built from a log whose event at position 5 had hash [0-9a-f]{12}, where the log has [0-9a-f]{12}; `ledger projections rebuild` makes it again\.$/);
    expect(sentences[1]).toMatch(/^The saved careers model of as-adopted does not match the log: it was built from a log whose event at position 5 had hash [0-9a-f]{12}, where the log has [0-9a-f]{12}; `ledger projections rebuild` makes it again\.$/);
    expect((await ledger('projections', 'rebuild', '--db', db)).code).toBe(0);
    expect(await ledger('verify', '--db', db)).toMatchObject({ code: 0, err: '' });
  });

  it('the event the models were built up to edited by hand (not re-hashed): list folds and says so; verify names the chain break and the models', async () => {
    const db = copyOf(pristine, 'verify-head-edit');
    editFile(db, (d) => expect(d.prepare(`UPDATE events SET data = replace(data, '"oslo"', '"osl0"') WHERE position = 5`).run().changes).toBe(1));
    const list = await ledger('list', '--db', db);
    expect(list.err).toMatch(/^warning: the saved list model of as-adopted does not match the log \(the log's event at position 5, which it was built from, no longer matches its hash\); the list is folded from the log instead /);
    const verify = await ledger('verify', '--db', db);
    expect(verify.code).toBe(1);
    expect(verify.err).toMatch(/The saved list model of as-adopted does not match the log: the log's event at position 5, which it was built from, no longer matches its hash; /);
    expect(verify.err).toMatch(/The hash chain breaks at position 5: /);
  });

  it('a ledger whose models were saved before they kept the hash of the log (no column head, older formats): list answers as before, silently, and saves them anew with it; verify holds', async () => {
    const db = copyOf(pristine, 'verify-older-models');
    editFile(db, (d) => {
      d.exec('ALTER TABLE rm_list_meta DROP COLUMN head; ALTER TABLE rm_career_meta DROP COLUMN head; UPDATE rm_list_meta SET format = 3; UPDATE rm_career_meta SET format = 2');
    });
    expect(await ledger('list', '--db', db)).toMatchObject({ code: 0, out: (await ledger('list', '--db', pristine)).out, err: '' });
    editFile(db, (d) => expect(d.prepare("SELECT format, length(head) AS n FROM rm_list_meta WHERE rule_set = 'as-adopted'").get()).toEqual({ format: LIST_MODEL_FORMAT, n: 64 }));
    expect(await ledger('verify', '--db', db)).toMatchObject({ code: 0, err: '' });
  });

  it('history and tournament show after the log changed and was re-chained: the careers model is not served (one warning each), the answer is that of the edited log, and the next read is silent', async () => {
    const db = copyOf(pristine, 'verify-rechained-careers');
    editFile(db, (d) => {
      d.prepare(`UPDATE events SET data = replace(data, '"win"', '"loss"') WHERE type = 'GameReported'`).run();
      rechain(d);
    });
    const other = await smallLedger('loss');
    for (const argv of [['history', 'P1'], ['tournament', 'show', 'oslo']]) {
      const expected = await ledger(...argv, '--db', other);
      expect(expected.out).not.toBe((await ledger(...argv, '--db', pristine)).out);
      const edited = copyOf(db, `verify-rechained-${argv[0]}`);
      const first = await ledger(...argv, '--db', edited);
      expect(first).toMatchObject({ code: 0, out: expected.out });
      expect(first.err).toMatch(/^warning: the saved careers model of as-adopted does not match the log \(it was built from a log whose event at position 5 had hash [0-9a-f]{12}, where the log has [0-9a-f]{12}\); it is folded from the log again .*\n$/);
      expect(await ledger(...argv, '--db', edited)).toMatchObject({ code: 0, out: expected.out, err: '' });
    }
  });

  it('a saved fide-2024 list model (a TRF import) edited by hand (a rating + 500) is not served: list --rules fide-2024 makes it again and says so once; verify names it, exit 1, and holds after projections rebuild --rules fide-2024', async () => {
    const db = copyOf(pristine, 'verify-fide-model');
    expect((await ledger('trf', 'import', path.join(FIXTURES, 'trf', 'grandmommyscup.trf'), '--db', db, '--actor', 'officer')).code).toBe(0);
    const expected = await ledger('list', '--rules', 'fide-2024', '--db', db);
    expect(expected).toMatchObject({ code: 0, err: '' });
    expect(expected.out).toMatch(/\d{4}/);
    editFile(db, (d) => {
      const row = d.prepare("SELECT seq, data FROM projection_chunks WHERE name = 'rule-set-list-2:fide-2024' AND part = 'versions'").get() as { seq: number; data: string };
      const versions = JSON.parse(row.data) as unknown[][];
      versions[versions.length - 1]![2] = Number(versions[versions.length - 1]![2]) + 500;
      d.prepare("UPDATE projection_chunks SET data = ? WHERE name = 'rule-set-list-2:fide-2024' AND part = 'versions' AND seq = ?").run(JSON.stringify(versions), row.seq);
    });
    const verify = await ledger('verify', '--db', db);
    expect(verify.code).toBe(1);
    expect(verify.err).toBe('The saved list model of fide-2024 was changed by hand (it no longer matches its fingerprint); `ledger projections rebuild --rules fide-2024` makes it again (as does the next read).\n');
    expect((await ledger('projections', 'rebuild', '--rules', 'fide-2024', '--db', db)).code).toBe(0);
    expect(await ledger('verify', '--db', db)).toMatchObject({ code: 0, err: '' });
    // its head (what today's list reads) edited: a read does not serve it, says so once, and saves both anew
    editFile(db, (d) => d.prepare("UPDATE projection_chunks SET data = replace(data, '[[', '[[\"x\",\"1900-01-01\",3000,9,0,null,null],[') WHERE name = 'rule-set-list-2:fide-2024:head' AND part = 'versions' AND seq = 0").run());
    const list = await ledger('list', '--rules', 'fide-2024', '--db', db);
    expect(list).toMatchObject({ code: 0, out: expected.out });
    expect(list.err).toMatch(/^warning: the saved list model of fide-2024 \(its head\) was changed by hand \(it no longer matches its fingerprint\); it is made again from the log .*\n$/);
    expect(await ledger('list', '--rules', 'fide-2024', '--db', db)).toMatchObject({ code: 0, out: expected.out, err: '' });
  });
});
