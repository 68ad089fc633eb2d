/**
 * A read names a PostgreSQL database that holds no ledger (a typo in --store): it is refused in one sentence and
 * nothing is created there, as for a SQLite file that is not there. Only `init` and writes create the schema.
 * Runs against the throwaway cluster `npm test` starts (test/global-setup.ts), in a database of its own.
 */
import { Client } from 'pg';
import { describe, expect, it } from 'vitest';
import { ledger, ledgerProcess } from '../../support/helpers';

const pg = process.env.LEDGER_TEST_PG_URL;

const schemasIn = async (url: string): Promise<string[]> => {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>("SELECT nspname AS name FROM pg_namespace WHERE nspname NOT LIKE 'pg_%' AND nspname NOT IN ('information_schema', 'public') ORDER BY 1");
    return rows.map((r) => r.name);
  } finally {
    await client.end();
  }
};

describe.skipIf(!pg)(`PostgreSQL: a read never creates a ledger${pg ? '' : ` (skipped: ${process.env.LEDGER_TEST_PG_SKIP_REASON ?? 'LEDGER_TEST_PG_URL is not set'})`}`, () => {
  it('list, events, history, player list, tournament show, officer list, checksum and migrate --from refuse an empty database; init creates the ledger, a write too', async () => {
    const admin = new Client({ connectionString: pg });
    await admin.connect();
    const name = `empty_${process.pid}_${Date.now()}`;
    const url = pg!.replace(/\/[^/]*$/, `/${name}`);
    try {
      await admin.query(`CREATE DATABASE ${name}`);
      const refusal = `ledger: there is no ledger at ${url} (schema "ledger"); check --db / --store, or create one with \`ledger init --store ${url}\`\n`;
      // the real process for the first read, in-process for the rest (the same main, fewer processes)
      expect(await ledgerProcess(['events', '--store', url])).toMatchObject({ code: 1, out: '', err: refusal });
      for (const read of [['list'], ['history', 'P1'], ['player', 'list'], ['tournament', 'show', 'T1'], ['tournament', 'list'], ['officer', 'list'], ['checksum'], ['explain', 'P1']]) {
        expect(await ledger(...read, '--store', url), read.join(' ')).toMatchObject({ code: 1, err: refusal });
      }
      const migrate = await ledger('migrate', '--from', url, '--to', `${url}_copy`);
      expect(migrate).toMatchObject({ code: 1, err: refusal });
      expect(await schemasIn(url)).toEqual([]);

      expect(await ledgerProcess(['init', '--store', url])).toMatchObject({ code: 0, out: expect.stringMatching(/^ledger ready: postgres:.*#ledger, empty; record the first player with `ledger player add` \(docs\/officer-guide.md\)\n$/) });
      expect(await schemasIn(url)).toEqual(['ledger']);
      expect(await ledger('events', '--store', url)).toMatchObject({ code: 0, out: 'no events\n', err: '' });
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
      await admin.end();
    }
  });

  it('a first write creates the ledger it records in', async () => {
    const admin = new Client({ connectionString: pg });
    await admin.connect();
    const name = `first_write_${process.pid}_${Date.now()}`;
    const url = pg!.replace(/\/[^/]*$/, `/${name}`);
    try {
      await admin.query(`CREATE DATABASE ${name}`);
      const added = await ledger('player', 'add', '--id', 'P1', '--family', 'Hansen', '--country', 'NO', '--date', '2026-01-01', '--store', url);
      expect(added).toMatchObject({ code: 0, out: 'player P1 registered (recorded at position 1)\n' });
      expect(await schemasIn(url)).toEqual(['ledger']);
      expect((await ledger('player', 'list', '--json', '--store', url)).out).toContain('"id": "P1"');
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
      await admin.end();
    }
  });
});
