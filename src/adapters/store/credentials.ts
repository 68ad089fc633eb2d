/**
 * Where officers' sign-in secrets live: next to the log, never in it. One table, `officer_credentials`, one row per
 * officer holding a token: the token's public id (how a request finds its row) and the scrypt hash of its secret
 * with the salt. The row is replaced when the token is rotated and deleted when the officer is revoked.
 *
 * SQLite: the ledger's own file (so file permissions guard both alike). PostgreSQL: the ledger's schema (so its
 * roles do). EventStoreDB has no table beside its streams: give a SQLite file for the credentials with
 * `--credentials FILE` or LEDGER_CREDENTIALS (kept private to the operator, like EventStoreDB's own users file).
 */
import type BetterSqlite3 from 'better-sqlite3';
import type { Credential, CredentialStore } from '../../app/ports/credentials';
import type { StoreSpec } from './open';
import { sideTablePool } from './side-tables';
import { storageRefusal } from './sqlite';

export type { Credential, CredentialStore } from '../../app/ports/credentials';

// a CommonJS module loaded with require: its type is the annotation's, so the `any` require returns goes no further
// eslint-disable-next-line @typescript-eslint/no-require-imports, @typescript-eslint/no-unsafe-assignment
const Database: typeof BetterSqlite3 = require('better-sqlite3');

const TABLE = (prefix: string) =>
  `CREATE TABLE IF NOT EXISTS ${prefix}officer_credentials (officer TEXT PRIMARY KEY, token_id TEXT NOT NULL UNIQUE, salt TEXT NOT NULL, hash TEXT NOT NULL, issued_at TEXT NOT NULL)`;

type Row = { officer: string; token_id: string; salt: string; hash: string; issued_at: string };
const fromRow = (r: Row | undefined): Credential | undefined =>
  r === undefined ? undefined : { officer: r.officer, tokenId: r.token_id, salt: r.salt, hash: r.hash, issuedAt: r.issued_at };

/** In a SQLite file (the ledger's): one connection, opened on first use, kept for a server's many requests. */
export const sqliteCredentials = (file: string): CredentialStore => {
  let db: BetterSqlite3.Database | undefined;
  // a sign-in per request: preparing its SELECT each time showed in the burst's profile, so each statement is
  // prepared once per connection and forgotten with it (a statement outlives no close)
  let statements = new Map<string, BetterSqlite3.Statement>();
  const open = (): BetterSqlite3.Database => {
    if (db === undefined) {
      try {
        db = new Database(file);
        db.pragma('busy_timeout = 5000');
        db.exec(TABLE(''));
      } catch (e) {
        db?.close();
        db = undefined;
        const refusal = storageRefusal(file, e);
        throw refusal === undefined ? e : new Error(`${file}: the officers' credentials cannot be read or written there, ${refusal}`);
      }
    }
    return db;
  };
  const statement = (sql: string): BetterSqlite3.Statement => {
    const connection = open();
    let prepared = statements.get(sql);
    if (prepared === undefined) {
      prepared = connection.prepare(sql);
      statements.set(sql, prepared);
    }
    return prepared;
  };
  const select = (where: string, value: string) => fromRow(statement(`SELECT * FROM officer_credentials WHERE ${where} = ?`).get(value) as Row | undefined);
  return {
    put: async (c) => {
      statement('INSERT INTO officer_credentials (officer, token_id, salt, hash, issued_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (officer) DO UPDATE SET token_id = excluded.token_id, salt = excluded.salt, hash = excluded.hash, issued_at = excluded.issued_at').run(c.officer, c.tokenId, c.salt, c.hash, c.issuedAt);
    },
    byTokenId: async (tokenId) => select('token_id', tokenId),
    byOfficer: async (officer) => select('officer', officer),
    remove: async (officer) => {
      statement('DELETE FROM officer_credentials WHERE officer = ?').run(officer);
    },
    close: async () => {
      db?.close();
      db = undefined;
      statements = new Map();
    },
  };
};

/** In the ledger's PostgreSQL schema (default `ledger`, the event store's). */
export const postgresCredentials = async (url: string, schema = 'ledger'): Promise<CredentialStore> => {
  const { pool, prefix: s } = await sideTablePool(url, schema, (prefix) => [TABLE(prefix)]);
  const select = async (column: string, value: string) => fromRow((await pool.query<Row>(`SELECT * FROM ${s}officer_credentials WHERE ${column} = $1`, [value])).rows[0]);
  return {
    put: async (c) => {
      await pool.query(
        `INSERT INTO ${s}officer_credentials (officer, token_id, salt, hash, issued_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (officer) DO UPDATE SET token_id = excluded.token_id, salt = excluded.salt, hash = excluded.hash, issued_at = excluded.issued_at`,
        [c.officer, c.tokenId, c.salt, c.hash, c.issuedAt],
      );
    },
    byTokenId: (tokenId) => select('token_id', tokenId),
    byOfficer: (officer) => select('officer', officer),
    remove: async (officer) => {
      await pool.query(`DELETE FROM ${s}officer_credentials WHERE officer = $1`, [officer]);
    },
    close: () => pool.end(),
  };
};

/** The credentials next to the store a spec names; for EventStoreDB the SQLite file given (`file`), else an error. */
export const openCredentialStore = async (spec: StoreSpec, file: string | undefined): Promise<CredentialStore> => {
  if (file !== undefined) return sqliteCredentials(file);
  switch (spec.kind) {
    case 'sqlite':
      return sqliteCredentials(spec.path);
    case 'postgres':
      return postgresCredentials(spec.url);
    case 'esdb':
      throw new Error('EventStoreDB keeps no table beside its streams for officers\' credentials: give a SQLite file for them with --credentials FILE or LEDGER_CREDENTIALS.');
  }
};
