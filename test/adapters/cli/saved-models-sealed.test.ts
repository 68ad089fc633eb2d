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
    it.skipIf(skipped)(`${kind}: a list row deleted by hand — list prints the list as before and warns once; verify names the model, exit 1${why}`, async () => {
      const place = await open('sealed-list');
      for (const argv of SMALL_LEDGER) expect((await ledger(...argv, ...place.args, '--actor', 'officer')).code).toBe(0);
      const before = await ledger('list', '--format', 'csv', ...place.args);
      expect(before).toMatchObject({ code: 0, err: '' });
      expect(before.out).toMatch(/Berg/);
      // Berg's only row: served from the model, the list would lose her
      expect(await place.sql(`DELETE FROM rm_list_rows WHERE ${rowId} IN (SELECT ${rowId} FROM rm_list_rows WHERE name LIKE 'Berg%' AND present = 1)`)).toBe(1);
      const list = await ledger('list', '--format', 'csv', ...place.args);
      expect(list.code).toBe(0);
      expect(list.out).toBe(before.out);
      expect(list.err).toMatch(/^warning: the saved list model of as-adopted was changed by hand \(it holds \d+ row versions where its saves wrote \d+ \(rows deleted\)\); the list is folded from the log instead [^\n]*\n$/);
      const verify = await ledger('verify', ...place.args);
      expect(verify.code).toBe(1);
      expect(verify.err).toMatch(/^The saved list model of as-adopted was changed by hand: it holds \d+ row versions where its saves wrote \d+ \(rows deleted\); `ledger projections rebuild` makes it again\.\n$/);
    }, 120_000);
  }
});
