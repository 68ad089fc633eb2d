/**
 * PostgreSQL adapter: the contract plus the late-commit guarantee. Needs a server:
 *   dir=$(mktemp -d /tmp/ledger-pg-XXXXXX); export LEDGER_TEST_PG_URL=$(scripts/pg-throwaway.sh start $dir)
 * Each test gets its own schema, dropped afterwards.
 */
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { logChecksum, migrate } from '../../../src/adapters/store/migrate';
import { openPostgresStore } from '../../../src/adapters/store/postgres';
import { openSqliteStore } from '../../../src/adapters/store/sqlite';
import type { RecordedEvent } from '../../../src/app/ports/event-store';
import { describeStoreContract } from './contract';

const url = process.env.LEDGER_TEST_PG_URL;

const freshSchema = () => `ledger_test_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
const dropSchema = async (schema: string): Promise<void> => {
  const client = new Client({ connectionString: url });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await client.end();
};

if (url === undefined) {
  console.warn(
    'PostgreSQL store tests skipped: LEDGER_TEST_PG_URL is not set. Enable them with ' +
      'dir=$(mktemp -d /tmp/ledger-pg-XXXXXX); export LEDGER_TEST_PG_URL=$(scripts/pg-throwaway.sh start $dir)',
  );
  describe.skip('postgres event store (LEDGER_TEST_PG_URL not set)', () => {
    it('needs a PostgreSQL server', () => undefined);
  });
} else {
  describeStoreContract('postgres', async () => {
    const schema = freshSchema();
    const store = await openPostgresStore(url, { schema });
    return {
      store,
      fresh: true,
      openAnother: () => openPostgresStore(url, { schema }),
      cleanup: async () => {
        await store.close();
        await dropSchema(schema);
      },
    };
  });

  describe('postgres adapter specifics', () => {
    it('never skips an event whose transaction commits after a later position was already read', async () => {
      const schema = freshSchema();
      const store = await openPostgresStore(url, { schema });
      const t1 = new Client({ connectionString: url });
      const t2 = new Client({ connectionString: url });
      await Promise.all([t1.connect(), t2.connect()]);
      const insert = (client: Client, stream: string) =>
        client.query(
          `INSERT INTO "${schema}".events (stream_id, revision, event_id, type, data, metadata) VALUES ($1, 0, $2, 'GameReported', '{}', '{}')`,
          [stream, randomUUID()],
        );
      try {
        await store.append('before', [{ eventId: randomUUID(), type: 'GameReported', data: {} }], 'no_stream');
        // T1 takes the lower position but stays open; T2 takes a higher one and commits first.
        await t1.query('BEGIN');
        await insert(t1, 'late');
        await t2.query('BEGIN');
        await insert(t2, 'early');
        await t2.query('COMMIT');

        const seen: RecordedEvent[] = [];
        for await (const batch of store.readAll()) seen.push(...batch);
        // 'early' is committed but must be held back while T1 (lower position) is still in flight
        expect(seen.map((e) => e.streamId)).toEqual(['before']);
        expect(await store.headPosition()).toBe(seen[0]!.globalPosition);

        const live: string[] = [];
        const sub = store.subscribe({ fromPosition: 0, pollIntervalMs: 10, onEvents: (b) => void live.push(...b.map((e) => e.streamId)) });
        // Wait for what must come (however slow the machine), then give 'early' time to show up wrongly.
        for (const deadline = Date.now() + 30_000; live.length === 0 && Date.now() < deadline; ) await new Promise((r) => setTimeout(r, 10));
        await new Promise((r) => setTimeout(r, 100));
        expect(live).toEqual(['before']);

        await t1.query('COMMIT');
        const deadline = Date.now() + 30_000;
        while (live.length < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
        await sub.stop();
        expect(live).toEqual(['before', 'late', 'early']);

        let after = seen[0]!.globalPosition;
        const rest: RecordedEvent[] = [];
        for await (const batch of store.readAll({ fromPosition: after })) rest.push(...batch);
        expect(rest.map((e) => e.streamId)).toEqual(['late', 'early']);
        after = rest[1]!.globalPosition;
        expect(await store.headPosition()).toBe(after);
      } finally {
        await t1.end();
        await t2.end();
        await store.close();
        await dropSchema(schema);
      }
    });

    it('keeps transaction-id order equal to position order under concurrent appends', async () => {
      const schema = freshSchema();
      const store = await openPostgresStore(url, { schema, poolSize: 8 });
      try {
        await Promise.all(
          Array.from({ length: 40 }, (_, i) =>
            store.append(`s${i % 7}-${i}`, [{ eventId: randomUUID(), type: 'T', data: { i } }, { eventId: randomUUID(), type: 'T', data: { i } }], 'no_stream'),
          ),
        );
        const client = new Client({ connectionString: url });
        await client.connect();
        const { rows } = await client.query(
          `SELECT count(*)::int AS inversions FROM "${schema}".events a JOIN "${schema}".events b
             ON a.global_position < b.global_position AND a.transaction_id > b.transaction_id`,
        );
        const { rows: versions } = await client.query(`SELECT version FROM "${schema}".schema_version`);
        await client.end();
        expect(rows[0].inversions).toBe(0);
        expect(versions.map((r) => r.version)).toEqual([1, 2, 3]);
      } finally {
        await store.close();
        await dropSchema(schema);
      }
    });

    it('releases the append lock when the server refuses a batch, so the next writers are not blocked', async () => {
      const schema = freshSchema();
      const store = await openPostgresStore(url, { schema, poolSize: 1 });
      try {
        // PostgreSQL text cannot hold NUL: the INSERT itself fails, inside the append critical section.
        await expect(store.append('s', [{ eventId: 'bad', type: 'Game\u0000Reported', data: {} }], 'no_stream')).rejects.toThrow(
          /^Append to stream "s" in postgres:.* failed: /,
        );
        // another connection: advisory locks are re-entrant within the session that leaked one
        const other = await openPostgresStore(url, { schema });
        const ok = await Promise.race([
          other.append('s', [{ eventId: 'good', type: 'GameReported', data: {} }], 'no_stream').finally(() => other.close()),
          new Promise((_, reject) => setTimeout(() => reject(new Error('append blocked by a leaked lock')), 30_000)),
        ]);
        expect(ok).toMatchObject({ lastRevision: 0 });
        expect((await store.readStream('s')).map((e) => e.eventId)).toEqual(['good']);
      } finally {
        await store.close();
        await dropSchema(schema);
      }
    });

    it('migrates a SQLite log into PostgreSQL and verifies it, although jsonb reorders object keys', async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-pg-migrate-'));
      const from = openSqliteStore(path.join(dir, 'ledger.db'));
      const schema = freshSchema();
      const to = await openPostgresStore(url, { schema });
      try {
        for (let i = 0; i < 12; i++) {
          const stream = `player-${i % 3}`;
          const data = { zeta: i, alpha: { longer_key: 'x', b: [i, null, 'ü'] } };
          await from.append(stream, [{ eventId: `e${i}`, type: 'GameReported', data, metadata: { by: 'ro' } }], i < 3 ? 'no_stream' : Math.floor(i / 3) - 1);
        }
        const result = await migrate(from, to);
        expect(result.copied).toBe(12);
        expect(result.target).toEqual(await logChecksum(from));
        const first = (await to.readStream('player-1'))[0]!;
        expect(Object.keys(first.data as object)).toEqual(['zeta', 'alpha']); // jsonb: shorter keys first
        expect(first.data).toEqual({ zeta: 1, alpha: { longer_key: 'x', b: [1, null, 'ü'] } });
        expect(first.metadata).toEqual({ by: 'ro' });
      } finally {
        await from.close();
        await to.close();
        await dropSchema(schema);
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });

    it('names the server and the problem when it cannot connect', async () => {
      await expect(openPostgresStore('postgres://nobody:secret@127.0.0.1:1/none')).rejects.toThrow(
        /^Cannot open the PostgreSQL ledger at postgres:\/\/nobody:\*\*\*@127\.0\.0\.1:1\/none: /,
      );
    });
  });
}
