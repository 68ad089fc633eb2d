/**
 * PostgreSQL for a federation (issue 28, point 8), with real processes on the test cluster: servers and first reads
 * starting at once on a fresh database do not race each other's set-up, and a read-only role or a read-only session
 * (what a streaming replica gives) reads lists, careers, tournaments and the server's pages without writing anything.
 */
import type { ChildProcess } from 'child_process';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliBuilt, ledger, serveProcess, SMALL_LEDGER } from '../../support/helpers';

const url = process.env.LEDGER_TEST_PG_URL;
const stamp = `${process.pid}_${Date.now()}`;
const inDatabase = (name: string, user?: string): string => {
  const u = new URL(url!);
  u.pathname = `/${name}`;
  if (user !== undefined) u.username = user;
  return u.toString();
};

const serve = async (store: string): Promise<{ base: string; child: ChildProcess }> => {
  const { base, process: child } = await serveProcess(store);
  return { base, child };
};

const stop = async (child: ChildProcess): Promise<void> => {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
};

describe.skipIf(!url || !cliBuilt())(`PostgreSQL start-up and read-only access (real processes)${url ? '' : ` (skipped: ${process.env.LEDGER_TEST_PG_SKIP_REASON ?? 'LEDGER_TEST_PG_URL is not set'})`}`, () => {
  const admin = new Client({ connectionString: url });
  const databases: string[] = [];
  const fresh = async (name: string): Promise<string> => {
    const database = `${name}_${stamp}`;
    await admin.query(`CREATE DATABASE ${database}`);
    databases.push(database);
    return database;
  };
  const ok = async (store: string, ...argv: string[]): Promise<string> => {
    const r = await ledger(...argv, '--store', store, '--actor', 'officer');
    expect({ argv, code: r.code, err: r.err }).toEqual({ argv, code: 0, err: '' });
    return r.out;
  };
  /** What a reader reads, and the tables of the schema with their rows counted (a reader changes none). */
  const reads = [['list'], ['list', '--format', 'csv'], ['history', 'P1'], ['tournament', 'show', 'oslo'], ['player', 'show', 'P2'], ['verify']];

  beforeAll(async () => {
    await admin.connect();
  });
  afterAll(async () => {
    for (const d of databases) await admin.query(`DROP DATABASE IF EXISTS ${d} WITH (FORCE)`).catch(() => undefined);
    await admin.query(`DROP ROLE IF EXISTS reader_${stamp}`).catch(() => undefined);
    await admin.end();
  });

  it('two inits at once on a fresh database both set it up, two servers started at once on it both serve; four first reads at once on a fresh ledger all answer', async () => {
    const store = inDatabase(await fresh('startup_serve'));
    // only init sets a ledger up (serve never creates one): two at once race for the schema
    const inits = await Promise.all([ledger('init', '--store', store), ledger('init', '--store', store)]);
    for (const r of inits) expect({ code: r.code, err: r.err }).toEqual({ code: 0, err: '' });
    const servers = await Promise.all([serve(store), serve(store)]);
    try {
      for (const s of servers) expect((await fetch(`${s.base}/lists`)).status).toBeLessThan(500);
    } finally {
      await Promise.all(servers.map((s) => stop(s.child)));
    }
    const ledgerStore = inDatabase(await fresh('startup_list'));
    await ok(ledgerStore, 'init');
    const lists = await Promise.all(Array.from({ length: 4 }, () => ledger('list', '--store', ledgerStore)));
    for (const r of lists) expect({ code: r.code, err: r.err }).toEqual({ code: 0, err: '' });
  }, 120_000);

  it('a read-only role and a read-only session read everything a reader reads, and write nothing', async () => {
    const database = await fresh('startup_readonly');
    const store = inDatabase(database);
    for (const argv of SMALL_LEDGER) {
      await ok(store, ...argv);
    }
    const expected = new Map<string, string>();
    for (const argv of reads) expected.set(argv.join(' '), await ok(store, ...argv));
    const db = new Client({ connectionString: store });
    await db.connect();
    const tables = async (): Promise<string> =>
      JSON.stringify((await db.query(`SELECT relname, n_tup_ins + n_tup_upd + n_tup_del AS writes FROM pg_stat_all_tables WHERE schemaname = 'ledger' ORDER BY relname`)).rows);
    const role = `reader_${stamp}`;
    await admin.query(`CREATE ROLE ${role} LOGIN`);
    await db.query(`GRANT USAGE ON SCHEMA ledger TO ${role}; GRANT SELECT ON ALL TABLES IN SCHEMA ledger TO ${role}`);
    try {
      const readerStore = inDatabase(database, role);
      const before = await tables();
      for (const argv of reads) {
        const r = await ledger(...argv, '--store', readerStore);
        expect({ argv, code: r.code, out: r.out }).toEqual({ argv, code: 0, out: expected.get(argv.join(' ')) });
        // saving what it folded is not for a reader: at most a warning that the answer was folded
        for (const line of r.err.split('\n').filter(Boolean)) expect(line).toMatch(/^warning: the saved projection could not be/);
      }
      const server = await serve(readerStore);
      try {
        for (const route of ['/lists', '/players/P1', '/tournaments/oslo']) expect((await fetch(`${server.base}${route}`)).status, route).toBe(200);
      } finally {
        await stop(server.child);
      }
      await db.query('SELECT pg_stat_clear_snapshot()');
      expect(await tables()).toBe(before);
      // a session that may not write at all, as on a streaming replica
      await admin.query(`ALTER DATABASE ${database} SET default_transaction_read_only = on`);
      for (const argv of reads) {
        const r = await ledger(...argv, '--store', store);
        expect({ argv, code: r.code, out: r.out }).toEqual({ argv, code: 0, out: expected.get(argv.join(' ')) });
      }
    } finally {
      await db.end();
      await admin.query(`ALTER DATABASE ${database} RESET default_transaction_read_only`);
      await admin.query(`DROP OWNED BY ${role}`).catch(() => undefined);
    }
  }, 180_000);
});
