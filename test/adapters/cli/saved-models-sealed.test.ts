/**
 * Reads notice what `verify` notices in the saved read models (issue 28, "`verify` covers what reads serve"), through
 * the real `ledger` process on SQLite and PostgreSQL: a list row deleted by hand and a careers name row edited by hand
 * are never served — the read folds from the log, warns once, and `verify` names the model.
 */
import * as path from 'path';
import type BetterSqlite3 from 'better-sqlite3';
import { Client } from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { cliBuilt, ledger, SMALL_LEDGER, tempDir } from '../../support/helpers';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const Database: typeof BetterSqlite3 = require('better-sqlite3');

const pgUrl = process.env.LEDGER_TEST_PG_URL;

/** A ledger on one store: the arguments that name it, and plain SQL on its tables (as someone with psql or sqlite3). */
interface Place {
  readonly args: readonly string[];
  readonly sql: (text: string) => Promise<number>;
}

const sqlitePlace = async (name: string): Promise<Place> => {
  const db = path.join(tempDir(name), 'ledger.db');
  const sql = async (text: string): Promise<number> => {
    const d = new Database(db);
    try {
      return d.prepare(text).run().changes;
    } finally {
      d.close();
    }
  };
  return { args: ['--db', db], sql };
};

const databases: string[] = [];
const postgresPlace = async (name: string): Promise<Place> => {
  const database = `${name.replaceAll('-', '_')}_${process.pid}_${Date.now()}`;
  const admin = new Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  databases.push(database);
  const u = new URL(pgUrl!);
  u.pathname = `/${database}`;
  const store = u.toString();
  expect((await ledger('init', '--store', store)).code).toBe(0);
  const sql = async (text: string): Promise<number> => {
    const c = new Client({ connectionString: store });
    await c.connect();
    try {
      await c.query('SET search_path TO ledger');
      return (await c.query(text)).rowCount ?? 0;
    } finally {
      await c.end();
    }
  };
  return { args: ['--store', store], sql };
};

afterAll(async () => {
  if (databases.length === 0) return;
  const admin = new Client({ connectionString: pgUrl });
  await admin.connect();
  for (const d of databases) await admin.query(`DROP DATABASE IF EXISTS ${d} WITH (FORCE)`).catch(() => undefined);
  await admin.end();
});

const places: [string, (name: string) => Promise<Place>, string][] = [
  ['SQLite', sqlitePlace, 'rowid'],
  ['PostgreSQL', postgresPlace, 'ctid'],
];

describe.skipIf(!cliBuilt())('saved read models edited by hand are not served (real processes, run `npm run build` first)', () => {
  for (const [kind, open, rowId] of places) {
    const skipped = kind === 'PostgreSQL' && !pgUrl;
    const why = skipped ? ` (skipped: ${process.env.LEDGER_TEST_PG_SKIP_REASON ?? 'LEDGER_TEST_PG_URL is not set'})` : '';
    it.skipIf(skipped)(`${kind}: a list row deleted, then a careers name row edited by hand — reads answer as before and warn once; verify names the model, exit 1${why}`, async () => {
      const place = await open('sealed-models');
      const run = (...argv: string[]) => ledger(...argv, ...place.args);
      for (const argv of SMALL_LEDGER) expect((await run(...argv, '--actor', 'officer')).code).toBe(0);
      const reads = [['list', '--format', 'csv'], ['history', 'P1'], ['player', 'show', 'P1']];
      const before = await Promise.all(reads.map((argv) => run(...argv)));
      for (const r of before) expect(r).toMatchObject({ code: 0, err: '' });
      expect(before[0]!.out).toMatch(/Berg/);
      expect(before[1]!.out).toMatch(/oslo .* 0 -> +591/);
      expect(before[2]!.out).toMatch(/^P1 {2}Hansen, Ola/);

      // Berg's only row: served from the model, the list would lose her
      expect(await place.sql(`DELETE FROM rm_list_rows WHERE ${rowId} IN (SELECT ${rowId} FROM rm_list_rows WHERE name LIKE 'Berg%' AND present = 1)`)).toBe(1);
      const list = await run(...reads[0]!);
      expect(list).toMatchObject({ code: 0, out: before[0]!.out });
      expect(list.err).toMatch(/^warning: the saved list model of as-adopted was changed by hand \(it holds \d+ row versions where its saves wrote \d+ \(rows deleted\)\); the list is folded from the log instead [^\n]*\n$/);
      const verifyList = await run('verify');
      expect(verifyList.code).toBe(1);
      expect(verifyList.err).toMatch(/^The saved list model of as-adopted was changed by hand: it holds \d+ row versions where its saves wrote \d+ \(rows deleted\); `ledger projections rebuild` makes it again\.\n$/);
      expect((await run('projections', 'rebuild')).code).toBe(0);
      expect(await run('verify')).toMatchObject({ code: 0, err: '' });

      // served, the renamed row would give P1 a name key no run bears: a history without his tournament
      expect(await place.sql(`UPDATE rm_career_players SET last_name = 'Hanson' WHERE player_id = 'P1'`)).toBe(1);
      const history = await run(...reads[1]!);
      expect(history).toMatchObject({ code: 0, out: before[1]!.out });
      expect(history.err).toMatch(/^warning: the saved careers model of as-adopted was changed by hand \(the saved row of player P1 \(Hanson, Ola\) no longer matches its fingerprint\); it is folded from the log again [^\n]*\n$/);
      expect(await run(...reads[2]!)).toEqual(before[2]);
      const verifyName = await run('verify');
      expect(verifyName.code).toBe(1);
      expect(verifyName.err).toBe('The saved careers model of as-adopted was changed by hand: the saved row of player P1 (Hanson, Ola) no longer matches its fingerprint; `ledger projections rebuild` makes it again.\n');
    }, 120_000);
  }
});
