import type { Pool } from 'pg';

/**
 * A small pool on the ledger's PostgreSQL schema for the tables kept beside the log (checkpoints, credentials),
 * with those tables created. `prefix` is the schema, quoted, ready to put before a table name.
 */
export const sideTablePool = async (url: string, schema: string, ddl: (prefix: string) => readonly string[]): Promise<{ pool: Pool; prefix: string }> => {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`PostgreSQL schema name "${schema}" must be lower-case letters, digits and underscores.`);
  const { Pool } = await import('pg');
  const pool = new Pool({ connectionString: url, max: 2 });
  pool.on('error', () => undefined);
  const prefix = `"${schema}".`;
  await pool.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
  for (const statement of ddl(prefix)) await pool.query(statement);
  return { pool, prefix };
};
