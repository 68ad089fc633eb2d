import type { Pool } from 'pg';

/** The advisory lock (first int of the two-int form) that serializes every set-up of a ledger's schema. */
export const SCHEMA_LOCK = 0x1ed9e8;

/** insufficient_privilege, read_only_sql_transaction */
const MAY_NOT_CREATE = new Set(['42501', '25006']);

/**
 * A small pool on the ledger's PostgreSQL schema for the tables kept beside the log (checkpoints, credentials),
 * with those tables created. `prefix` is the schema, quoted, ready to put before a table name.
 *
 * Nothing is created when every table `ddl` names is there already (a reader, a read-only role or a replica opens
 * it without writing); otherwise the tables are made in one transaction under the schema's set-up lock, so that
 * processes starting at once on a fresh schema do not race each other's CREATE (which PostgreSQL reports as a
 * duplicate key of pg_class even with IF NOT EXISTS).
 */
export const sideTablePool = async (url: string, schema: string, ddl: (prefix: string) => readonly string[]): Promise<{ pool: Pool; prefix: string }> => {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`PostgreSQL schema name "${schema}" must be lower-case letters, digits and underscores.`);
  const { Pool } = await import('pg');
  const pool = new Pool({ connectionString: url, max: 2 });
  pool.on('error', () => undefined);
  const prefix = `"${schema}".`;
  const statements = ddl(prefix);
  const names = statements.flatMap((d) => /^CREATE (?:TABLE|INDEX) IF NOT EXISTS (?:"[^"]+"\.)?(\w+)/.exec(d)?.[1] ?? []);
  const complete = async (db: Pick<Pool, 'query'>): Promise<boolean> => {
    const { rows } = await db.query<{ n: string }>('SELECT count(*) AS n FROM pg_class c JOIN pg_namespace s ON s.oid = c.relnamespace WHERE s.nspname = $1 AND c.relname = ANY($2::text[])', [schema, names]);
    return Number(rows[0]?.n) === names.length;
  };
  try {
    if (!(await complete(pool))) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK]);
        // looking again under the lock: a CREATE … IF NOT EXISTS of what another process made meanwhile still locks
        // its table, and would deadlock with that process's first save
        if (!(await complete(client))) {
          await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
          for (const statement of statements) await client.query(statement);
        }
        await client.query('COMMIT');
      } catch (e) {
        await client.query('ROLLBACK').catch(() => undefined);
        // a role that may not create them, or a read-only session (a replica): it goes on without them, and a use
        // of a missing table fails there (a saved projection is then folded instead, with a warning)
        if (!MAY_NOT_CREATE.has((e as { code?: string }).code ?? '')) throw e;
      } finally {
        client.release();
      }
    }
  } catch (e) {
    await pool.end();
    throw e;
  }
  return { pool, prefix };
};
