/**
 * PostgreSQL keeps the count of each list model's row versions beside it (list-held-count.ts), as SQLite's file does:
 * kept by the saves' own transactions, read instead of counting every version at each read, checked by `verify`,
 * made again by `projections rebuild` (the SQLite case is in verify-models.test.ts). Real processes on the test cluster.
 */
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliBuilt, ledger, SMALL_LEDGER } from '../../support/helpers';

const url = process.env.LEDGER_TEST_PG_URL;
const database = `verify_count_${process.pid}_${Date.now()}`;

describe.skipIf(!url || !cliBuilt())(`the count of a list model's versions on PostgreSQL (real processes)${url ? '' : ` (skipped: ${process.env.LEDGER_TEST_PG_SKIP_REASON ?? 'LEDGER_TEST_PG_URL is not set'})`}`, () => {
  const admin = new Client({ connectionString: url });
  let store = '';
  const inLedger = async <A>(use: (db: Client) => Promise<A>): Promise<A> => {
    const db = new Client({ connectionString: store });
    await db.connect();
    try {
      return await use(db);
    } finally {
      await db.end();
    }
  };
  const ok = async (...argv: string[]): Promise<void> => {
    const r = await ledger(...argv, '--store', store, '--actor', 'officer');
    expect({ argv, code: r.code, err: r.err }).toEqual({ argv, code: 0, err: '' });
  };
  /** The count row of the as-adopted model, and the versions its tables hold. */
  const counts = () =>
    inLedger(async (db) => {
      const kept = await db.query<{ held: string }>(`SELECT held FROM ledger.rm_list_held WHERE rule_set = 'as-adopted'`);
      const held = await db.query<{ n: string }>(`SELECT (SELECT count(*) FROM ledger.rm_list_rows WHERE rule_set = 'as-adopted') + (SELECT count(*) FROM ledger.rm_list_points WHERE rule_set = 'as-adopted') AS n`);
      return { kept: kept.rows.length === 0 ? null : Number(kept.rows[0]!.held), held: Number(held.rows[0]!.n) };
    });

  beforeAll(async () => {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    const u = new URL(url!);
    u.pathname = `/${database}`;
    store = u.toString();
    await ok('init');
  });
  afterAll(async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  });

  it('every save keeps the count; an edit of it: reads fold and warn, verify names it (exit 1), a rebuild makes it again', async () => {
    for (const argv of SMALL_LEDGER) await ok(...argv);
    await ok('list');
    const first = await counts();
    expect(first.held).toBeGreaterThan(0);
    expect(first.kept).toBe(first.held);
    // a save after the first adds versions: counted in its transaction
    await ok('game', 'correct', '--tournament', 'oslo', '--game', 'g1', '--result', 'loss', '--reason', 'scoresheet');
    await ok('list');
    const second = await counts();
    expect(second.held).toBeGreaterThan(first.held);
    expect(second.kept).toBe(second.held);
    await ok('verify');

    await inLedger((db) => db.query(`UPDATE ledger.rm_list_held SET held = held + 7 WHERE rule_set = 'as-adopted'`));
    const read = await ledger('list', '--store', store);
    expect(read.code).toBe(0);
    expect(read.err).toMatch(/^warning: the saved list model of as-adopted was changed by hand \(it holds \d+ row versions where its saves wrote \d+ \(rows added\)\); the list is folded/);
    const verify = await ledger('verify', '--store', store);
    expect(verify.code).toBe(1);
    expect(verify.err).toMatch(/^The count of row versions kept beside the saved list model of as-adopted was changed by hand: it says (\d+) where the model holds (\d+), so reads fold the list instead of reading the model; `ledger projections rebuild` makes it again\.\n$/);

    await ok('projections', 'rebuild');
    const rebuilt = await counts();
    expect(rebuilt.kept).toBe(rebuilt.held);
    await ok('verify');
    expect(await ledger('list', '--store', store)).toMatchObject({ code: 0, err: '' });
  }, 120_000);
});
