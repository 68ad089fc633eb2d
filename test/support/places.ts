/** Ledgers with their checkpoint storage next to them, on SQLite and (when LEDGER_TEST_PG_URL is set) PostgreSQL. */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import Database from 'better-sqlite3';
import { Pool } from 'pg';
import { afterEach } from 'vitest';
import { sqliteCheckpoints, type CheckpointStorage } from '../../src/adapters/store/checkpoint-storage';
import { postgresCheckpoints } from '../../src/adapters/store/checkpoint-storage-postgres';
import { toNewEvent } from '../../src/app/event-log';
import { loadFacts } from '../../src/app/load';
import { openPostgresStore } from '../../src/adapters/store/postgres';
import { openSqliteStore } from '../../src/adapters/store/sqlite';
import type { EventStore } from '../../src/app/ports/event-store';
import { streamOf } from '../../domain/events';
import type { LoggedEvent } from '../../domain/events';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});
const tempDb = (): string => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-checkpoint-'));
  dirs.push(dir);
  return path.join(dir, 'ledger.db');
};

/** Appends facts as the ledger records them (one append per event, in order). */
export const record = async (store: EventStore, facts: readonly LoggedEvent[]): Promise<void> => {
  for (const f of facts) await store.append(streamOf(f.event), [toNewEvent(f.event)], 'any');
};

/** A SQLite ledger file holding `facts` (recorded as `record` does), and the facts as the ledger then reads them. */
export const recordedFile = async (file: string, facts: readonly LoggedEvent[]): Promise<LoggedEvent[]> => {
  const store = openSqliteStore(file);
  try {
    await record(store, facts);
    return await loadFacts(store);
  } finally {
    await store.close();
  }
};

/** A fresh ledger with its checkpoint storage, and plain SQL on the tables the storage keeps. */
export interface Place {
  readonly store: EventStore;
  readonly checkpoints: CheckpointStorage;
  readonly sql: (text: string) => Promise<unknown[]>;
  readonly close: () => Promise<void>;
}

const sqlitePlace = async (): Promise<Place> => {
  const file = tempDb();
  const store = openSqliteStore(file);
  const sql = async (text: string) => {
    const db = new Database(file);
    try {
      const statement = db.prepare(text);
      return statement.reader ? statement.raw().all() : (statement.run(), []);
    } finally {
      db.close();
    }
  };
  return { store, checkpoints: sqliteCheckpoints(file), sql, close: () => store.close() };
};

const pgUrl = process.env.LEDGER_TEST_PG_URL;
const postgresPlace = async (): Promise<Place> => {
  const schema = `checkpoint_${Math.random().toString(36).slice(2, 10)}`;
  const store = await openPostgresStore(pgUrl!, { schema });
  const checkpoints = await postgresCheckpoints(pgUrl!, schema);
  const pool = new Pool({ connectionString: pgUrl, max: 1 });
  const sql = async (text: string) => (await pool.query({ text: text.replace(/\b(projections|projection_chunks|rm_\w+)\b/g, `"${schema}".$1`), rowMode: 'array' })).rows;
  return {
    store,
    checkpoints,
    sql,
    close: async () => {
      await checkpoints.close();
      await store.close();
      await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await pool.end();
    },
  };
};

export const places: [string, () => Promise<Place>][] = [['SQLite', sqlitePlace]];
if (pgUrl) places.push(['PostgreSQL', postgresPlace]);
else console.warn(`checkpoints on PostgreSQL not tested: ${process.env.LEDGER_TEST_PG_SKIP_REASON ?? 'LEDGER_TEST_PG_URL is not set'}`);

