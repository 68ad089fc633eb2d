/**
 * Where saved projections live: next to the log, in the same database — the ledger's SQLite file, or its PostgreSQL
 * schema — so they share its backups. Two tables: `projections` (one row per projection: the global position it
 * reflects, when it was saved, a small header) and `projection_chunks` (its saved records and facts, JSON arrays of
 * bounded size). A save replaces every row of a projection in one transaction; a load reads them in one read
 * transaction, so a header and its chunks always come from the same save. EventStoreDB keeps none (its callers
 * fold from the log).
 */
import type BetterSqlite3 from 'better-sqlite3';
import type { CheckpointStorage } from '../../app/ports/checkpoint-storage';

export type { CheckpointStorage } from '../../app/ports/checkpoint-storage';
import type { StoreSpec } from './open';
import { sideTablePool } from './side-tables';


// a CommonJS module loaded with require: its type is the annotation's, so the `any` require returns goes no further
// eslint-disable-next-line @typescript-eslint/no-require-imports, @typescript-eslint/no-unsafe-assignment
const Database: typeof BetterSqlite3 = require('better-sqlite3');

const TABLES = (prefix: string) => [
  `CREATE TABLE IF NOT EXISTS ${prefix}projections (name TEXT PRIMARY KEY, position BIGINT NOT NULL, saved_at TEXT NOT NULL, state TEXT NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS ${prefix}projection_chunks (name TEXT NOT NULL, part TEXT NOT NULL, seq INTEGER NOT NULL, data TEXT NOT NULL, PRIMARY KEY (name, part, seq))`,
];

/** In the ledger's SQLite file (a connection per call: commands are short, and the file may be shared). */
export const sqliteCheckpoints = (file: string): CheckpointStorage => {
  const withDb = <A>(f: (db: BetterSqlite3.Database) => A): A => {
    const db = new Database(file);
    try {
      db.pragma('busy_timeout = 5000');
      for (const ddl of TABLES('')) db.exec(ddl);
      return f(db);
    } finally {
      db.close();
    }
  };
  const dropRows = (db: BetterSqlite3.Database, names: readonly string[]): void => {
    for (const name of names) {
      db.prepare('DELETE FROM projections WHERE name = ?').run(name);
      db.prepare('DELETE FROM projection_chunks WHERE name = ?').run(name);
    }
  };
  return {
    load: async (name, chunk) =>
      withDb((db) =>
        db.transaction(() => {
          const header = db.prepare('SELECT state FROM projections WHERE name = ?').pluck().get(name) as string | undefined;
          if (header === undefined) return undefined;
          const rows = db.prepare('SELECT part, data FROM projection_chunks WHERE name = ? ORDER BY part, seq').iterate(name) as IterableIterator<{ part: string; data: string }>;
          for (const row of rows) chunk(row.part, row.data);
          return header;
        })(),
      ),
    save: async (name, position, header, chunks, drop) =>
      withDb((db) => {
        const insert = db.prepare('INSERT INTO projection_chunks (name, part, seq, data) VALUES (?, ?, ?, ?)');
        db.transaction(() => {
          dropRows(db, [name, ...drop]);
          db.prepare('INSERT INTO projections (name, position, saved_at, state) VALUES (?, ?, ?, ?)').run(name, position, new Date().toISOString(), header);
          for (const [part, seq, data] of chunks) insert.run(name, part, seq, data);
        })();
      }),
    drop: async (names) => withDb((db) => db.transaction(() => dropRows(db, names))()),
    close: async () => undefined,
  };
};

/** In the ledger's PostgreSQL schema (default `ledger`, the event store's). */
export const postgresCheckpoints = async (url: string, schema = 'ledger'): Promise<CheckpointStorage> => {
  const { pool, prefix: s } = await sideTablePool(url, schema, TABLES);
  const inTransaction = async <A>(begin: string, f: (query: (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>) => Promise<A>): Promise<A> => {
    const client = await pool.connect();
    try {
      await client.query(begin);
      const result = await f((text, values) => client.query(text, values));
      await client.query('COMMIT');
      return result;
    } catch (e) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw e;
    } finally {
      client.release();
    }
  };
  const dropRows = async (query: (text: string, values?: unknown[]) => Promise<unknown>, names: readonly string[]): Promise<void> => {
    await query(`DELETE FROM ${s}projections WHERE name = ANY($1::text[])`, [names]);
    await query(`DELETE FROM ${s}projection_chunks WHERE name = ANY($1::text[])`, [names]);
  };
  return {
    load: (name, chunk) =>
      inTransaction('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY', async (query) => {
        const { rows } = await query(`SELECT state FROM ${s}projections WHERE name = $1`, [name]);
        if (rows.length === 0) return undefined;
        // chunk by chunk: a whole history in one result would hold every chunk in memory at once
        const { rows: keys } = await query(`SELECT part, seq FROM ${s}projection_chunks WHERE name = $1 ORDER BY part, seq`, [name]);
        for (const key of keys) {
          const { rows: data } = await query(`SELECT data FROM ${s}projection_chunks WHERE name = $1 AND part = $2 AND seq = $3`, [name, key.part, key.seq]);
          chunk(key.part as string, data[0]!.data as string);
        }
        return rows[0]!.state as string;
      }),
    save: (name, position, header, chunks, drop) =>
      inTransaction('BEGIN', async (query) => {
        await dropRows(query, [name, ...drop]);
        await query(`INSERT INTO ${s}projections (name, position, saved_at, state) VALUES ($1, $2, $3, $4)`, [name, position, new Date().toISOString(), header]);
        for (const [part, seq, data] of chunks) await query(`INSERT INTO ${s}projection_chunks (name, part, seq, data) VALUES ($1, $2, $3, $4)`, [name, part, seq, data]);
      }),
    drop: (names) => inTransaction('BEGIN', (query) => dropRows(query, names)),
    close: () => pool.end(),
  };
};

/** The storage next to the store a spec names; undefined for EventStoreDB. */
export const openCheckpointStorage = async (spec: StoreSpec): Promise<CheckpointStorage | undefined> => {
  switch (spec.kind) {
    case 'sqlite':
      return sqliteCheckpoints(spec.path);
    case 'postgres':
      return postgresCheckpoints(spec.url);
    case 'esdb':
      return undefined;
  }
};
