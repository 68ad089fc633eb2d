/** The saved projections and read models in the ledger's PostgreSQL schema (see checkpoint-storage.ts). */
import type { CareerModelWrite, CheckpointStorage } from '../../app/ports/checkpoint-storage';
import { FORMER_LIST_TABLES, listModelRowCount, ModelMoved, readListHeadOf, postgresLatestRow, readList, readListChanges, readListHistory, saveListModel, type Sql } from './list-model-tables';
import { readListComparison } from './list-model-comparison';
import { ADDED_COLUMNS, CAREER, CAREER_DELETES, CAREER_META_UPSERT, careerPlayer, PLAYER_COLUMNS, PLAYER_UPSERT, postgresParam, readCareerRows, TABLES, type RowGet, type RowsGet } from './checkpoint-tables';
import { sideTablePool } from './side-tables';
import { HELD_TRIGGER, POSTGRES_HELD_COUNT } from './list-held-count';

type Query = (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/** `CheckpointStorage.moveHeader` in a transaction: after the save lock of the projection, as a save takes it. */
const movedHeader = async (query: Query, s: string, name: string, from: number, position: number, header: string): Promise<boolean> => {
  await query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`ledger-projection:${s}${name}`]);
  const { rows } = await query(`UPDATE ${s}projections SET position = $2, saved_at = $3, state = $4 WHERE name = $1 AND position = $5 RETURNING name`, [name, position, new Date().toISOString(), header, from]);
  return rows.length > 0;
};

/** The list model's statements on a PostgreSQL connection (rows inserted as arrays unnested, many per statement). */
const postgresSql = (query: Query, arrays: (text: string, values: unknown[]) => Promise<unknown[][]>, heldCounted: boolean): Sql => ({
  p: postgresParam,
  values: (n, type) => `SELECT unnest($${n}::${type}[]) AS v`,
  array: (values) => values,
  itemKeys: (n) => `SELECT split_part(x, '|', 1) AS d, split_part(x, '|', 2)::int8 AS o FROM unnest($${n}::text[]) x`,
  latestRow: postgresLatestRow,
  forUpdate: ' FOR UPDATE',
  heldCounted,
  all: (text, params) => arrays(text, [...params]),
  run: async (text, params) => {
    await query(text, [...params]);
  },
  insert: async (table, columns, types, rows) => {
    // a million rows one by one would be a million round trips
    const statement = `INSERT INTO ${table} (${columns.join(', ')}) SELECT * FROM unnest(${types.map((t, i) => `$${i + 1}::${t}[]`).join(', ')})`;
    let batch: unknown[][] = columns.map(() => []);
    for (const row of rows) {
      row.forEach((v, i) => batch[i]!.push(v));
      if (batch[0]!.length >= 5_000) {
        await query(statement, batch);
        batch = columns.map(() => []);
      }
    }
    if (batch[0]!.length > 0) await query(statement, batch);
  },
});

/** The most bytes of chunks read or written in one statement (a checkpoint's chunks run to megabytes each). */
const BATCH_BYTES = 8 << 20;
const BATCH_CHUNKS = 2_000;

/**
 * `items` in batches of at most `limits.chunks` items or `limits.bytes` bytes (one item at least). Bytes as the server
 * holds the text, UTF-8: a name's "ø" or "ō" is one character and two or three bytes, so a batch counted in
 * characters could run to three times the bytes meant.
 */
export function* inBatches<T>(items: Iterable<T>, bytesOf: (item: T) => number, limits = { bytes: BATCH_BYTES, chunks: BATCH_CHUNKS }): Generator<T[]> {
  let [batch, bytes] = [[] as T[], 0];
  for (const item of items) {
    const n = bytesOf(item);
    if (batch.length > 0 && (bytes + n > limits.bytes || batch.length >= limits.chunks)) {
      yield batch;
      [batch, bytes] = [[], 0];
    }
    batch.push(item);
    bytes += n;
  }
  if (batch.length > 0) yield batch;
}

/** Inserts a projection's chunks, many per statement (arrays unnested), in batches as `chunksInBatches` reads them. */
const insertChunks = async (query: Query, s: string, name: string, chunks: Iterable<readonly [string, number, string]>): Promise<void> => {
  for (const batch of inBatches(chunks, ([, , data]) => Buffer.byteLength(data))) {
    await query(`INSERT INTO ${s}projection_chunks (name, part, seq, data) SELECT $1, * FROM unnest($2::text[], $3::int[], $4::text[])`, [name, batch.map((c) => c[0]), batch.map((c) => c[1]), batch.map((c) => c[2])]);
  }
};

/** The keys of a projection's chunks in order, but those of the parts `skip`, each with its size in bytes (octet_length, not length: characters). */
export const chunkKeys = async (query: Query, s: string, name: string, skip: readonly string[]): Promise<{ part: string; seq: number; bytes: number }[]> => {
  const { rows } = await query(`SELECT part, seq, octet_length(data) AS bytes FROM ${s}projection_chunks WHERE name = $1 AND NOT (part = ANY($2::text[])) ORDER BY part, seq`, [name, skip]);
  return rows.map((r) => ({ part: r.part as string, seq: Number(r.seq), bytes: Number(r.bytes) }));
};

/** `CheckpointStorage.load`'s chunks (inside its read transaction), handed to `chunk` in order. */
const chunksInBatches = async (query: Query, s: string, name: string, skip: readonly string[], chunk: (part: string, data: string) => void): Promise<void> => {
  // a few megabytes at a time: a whole history in one result would hold every chunk in memory at once, and a
  // projection saved with a part per player (rule-set-fold-cut.ts) one query per chunk would take a round trip each
  for (const batch of inBatches(await chunkKeys(query, s, name, skip), (k) => k.bytes)) {
    const { rows: data } = await query(
      `SELECT c.part, c.data FROM unnest($2::text[], $3::int[]) WITH ORDINALITY AS k(part, seq, i) JOIN ${s}projection_chunks c ON c.name = $1 AND c.part = k.part AND c.seq = k.seq ORDER BY k.i`,
      [name, batch.map((k) => k.part), batch.map((k) => k.seq)],
    );
    for (const row of data) chunk(row.part as string, row.data as string);
  }
};

/** `CheckpointStorage.loadParts` (inside a read transaction). */
const partsOf = async (query: Query, s: string, name: string, parts: readonly string[]): Promise<{ header: string; chunks: (readonly [string, string])[] } | undefined> => {
  const { rows } = await query(`SELECT state FROM ${s}projections WHERE name = $1`, [name]);
  if (rows.length === 0) return undefined;
  const { rows: chunks } = await query(`SELECT part, data FROM ${s}projection_chunks WHERE name = $1 AND part = ANY($2::text[]) ORDER BY part, seq`, [name, parts]);
  return { header: rows[0]!.state as string, chunks: chunks.map((c) => [c.part as string, c.data as string] as const) };
};

/** Writes the careers' read model of `m` in the schema of prefix `s` (inside the save's transaction). */
const saveCareerModel = async (query: Query, s: string, m: CareerModelWrite): Promise<void> => {
  for (const statement of CAREER_DELETES(s, postgresParam)) await query(statement, [m.ruleSet, m.deleteAfter]);
  // many rows per statement, as arrays unnested (see saveListModel)
  const runs: [number[], string[], string[]] = [[], [], []];
  const keys: [string[], number[]] = [[], []];
  const flushRuns = async (): Promise<void> => {
    if (runs[0].length > 0) await query(`INSERT INTO ${s}rm_career_runs (rule_set, after, tournament_id, run) SELECT $1, * FROM unnest($2::int[], $3::text[], $4::text[])`, [m.ruleSet, ...runs]);
    if (keys[0].length > 0) await query(`INSERT INTO ${s}rm_career_run_keys (rule_set, name_key, after) SELECT DISTINCT $1, * FROM unnest($2::text[], $3::int[]) ON CONFLICT DO NOTHING`, [m.ruleSet, ...keys]);
    runs.forEach((a) => (a.length = 0));
    keys.forEach((a) => (a.length = 0));
  };
  for (const r of m.runs) {
    runs[0].push(r.after);
    runs[1].push(r.tournamentId);
    runs[2].push(r.run);
    for (const k of r.keys) {
      keys[0].push(k);
      keys[1].push(r.after);
    }
    if (runs[0].length >= 1_000) await flushRuns();
  }
  await flushRuns();
  for (const f of m.facts) {
    await query(`INSERT INTO ${s}rm_career_facts (rule_set, after, fact) VALUES ($1, $2, $3)`, [m.ruleSet, f.after, f.fact]);
    await query(`INSERT INTO ${s}rm_career_fact_players (rule_set, player_id, after) SELECT DISTINCT $1, unnest($2::text[]), $3::int ON CONFLICT DO NOTHING`, [m.ruleSet, f.playerIds, f.after]);
  }
  if (m.players !== undefined) {
    if (m.players.replace) await query(`DELETE FROM ${s}rm_career_players WHERE rule_set = $1`, [m.ruleSet]);
    if (m.players.remove.length > 0) await query(`DELETE FROM ${s}rm_career_players WHERE rule_set = $1 AND player_id = ANY($2::text[])`, [m.ruleSet, m.players.remove]);
    for (let at = 0; at < m.players.write.length; at += 5_000) {
      const batch = m.players.write.slice(at, at + 5_000);
      const columns = (['id', 'ord', 'lastName', 'firstName', 'key', 'survivor', 'fp'] as const).map((column) => batch.map((p) => p[column]));
      await query(`INSERT INTO ${s}rm_career_players (${PLAYER_COLUMNS}) SELECT $1, * FROM unnest($2::text[], $3::int[], $4::text[], $5::text[], $6::text[], $7::text[], $8::int8[]) ${PLAYER_UPSERT}`, [m.ruleSet, ...columns]);
    }
  }
  await query(CAREER_META_UPSERT(s, postgresParam), [m.ruleSet, m.format, m.position, m.failed ? 1 : 0, m.head]);
};

/** In the ledger's PostgreSQL schema (default `ledger`, the event store's). */
export const postgresCheckpoints = async (url: string, schema = 'ledger'): Promise<CheckpointStorage> => {
  const { pool, prefix: s } = await sideTablePool(url, schema, (prefix) => [
    // a list model of the first format (one version per row) has other columns: its tables go, every model is written anew
    `DO $$ BEGIN
      IF EXISTS (SELECT 1 FROM information_schema.tables WHERE table_schema = '${schema}' AND table_name = 'rm_list_rows')
        AND NOT EXISTS (SELECT 1 FROM information_schema.columns WHERE table_schema = '${schema}' AND table_name = 'rm_list_slots' AND column_name = 'shared') THEN
        ${FORMER_LIST_TABLES.map((t) => `DROP TABLE IF EXISTS ${prefix}${t};`).join(' ')}
        DELETE FROM ${prefix}rm_list_meta;
      END IF;
    END $$`,
    ...TABLES(prefix),
    ...POSTGRES_HELD_COUNT(schema, prefix),
  ]);
  // a schema set up before the count (and a role that may not add it) reads count the versions instead
  const heldCounted = (await pool.query(`SELECT 1 FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1 AND t.tgname = $2`, [schema, HELD_TRIGGER])).rows.length > 0;
  // a schema whose tables were made before the meta tables had `head` or `versions` (sideTablePool only makes missing tables)
  for (const [table, column, type] of ADDED_COLUMNS) {
    const { rows: missing } = await pool.query(
      `SELECT 1 FROM information_schema.tables t WHERE t.table_schema = $1 AND t.table_name = $2 AND NOT EXISTS (SELECT 1 FROM information_schema.columns c WHERE c.table_schema = t.table_schema AND c.table_name = t.table_name AND c.column_name = $3)`,
      [schema, table, column],
    );
    // a role that may not alter it reads no model (its reads fold)
    if (missing.length > 0) await pool.query(`ALTER TABLE ${s}${table} ADD COLUMN IF NOT EXISTS ${column} ${type}`).catch(() => undefined);
  }
  const inTransaction = async <A>(begin: string, f: (query: (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>, arrays: (text: string, values: unknown[]) => Promise<unknown[][]>) => Promise<A>): Promise<A> => {
    const client = await pool.connect();
    try {
      await client.query(begin);
      const result = await f(
        (text, values) => client.query(text, values),
        async (text, values) => (await client.query<unknown[]>({ text, values, rowMode: 'array' })).rows,
      );
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
  const reading = <A>(read: (sql: Sql) => Promise<A>): Promise<A> => inTransaction('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY', (query, arrays) => read(postgresSql(query, arrays, heldCounted)));
  /** `read` in one repeatable-read transaction: every row from the same save. */
  const inCareerRead = <A>(read: (get: RowGet, all: RowsGet) => Promise<A>): Promise<A> =>
    inTransaction('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY', (query) =>
      read(
        async (text, params) => (await query(text, params)).rows[0],
        async (text, params) => (await query(text, params)).rows,
      ),
    );
  return {
    careerModelPosition: async (ruleSet, format) => {
      const { rows } = await pool.query<{ position: string }>(CAREER(s, postgresParam).meta, [ruleSet, format]);
      return rows.length === 0 ? undefined : Number(rows[0]!.position);
    },
    readCareerPlayers: (q) =>
      inTransaction('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY', async (query) => {
        const { rows } = await query(CAREER(s, postgresParam).meta, [q.ruleSet, q.format]);
        if (rows.length === 0) return undefined;
        const found = await query(CAREER(s, postgresParam).named('SELECT unnest($2::text[])'), [q.ruleSet, q.ids]);
        return { position: Number(rows[0]!.position), players: found.rows.map(careerPlayer) };
      }),
    readCareer: (q) => inCareerRead((get, all) => readCareerRows(q, CAREER(s, postgresParam), get, all)),
    listModelPosition: async (ruleSet, format) => {
      const { rows } = await pool.query<{ position: string }>(`SELECT position FROM ${s}rm_list_meta WHERE rule_set = $1 AND format = $2`, [ruleSet, format]);
      return rows.length === 0 ? undefined : Number(rows[0]!.position);
    },
    listModelRowCount: (ruleSet, format) => reading((sql) => listModelRowCount(sql, s, ruleSet, format)),
    readList: (q) => reading((sql) => readList(sql, s, q)),
    readListHeadOf: (q) => reading((sql) => readListHeadOf(sql, s, q)),
    readListHistory: (q) => reading((sql) => readListHistory(sql, s, q)),
    readListComparison: (q) => reading((sql) => readListComparison(sql, s, q)),
    readListChanges: (q) => reading((sql) => readListChanges(sql, s, q)),
    load: (name, chunk, skip = []) =>
      inTransaction('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY', async (query) => {
        const { rows } = await query(`SELECT state FROM ${s}projections WHERE name = $1`, [name]);
        if (rows.length === 0) return undefined;
        await chunksInBatches(query, s, name, skip, chunk);
        return rows[0]!.state as string;
      }),
    loadPart: (name, part, fromSeq, position) =>
      inTransaction('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY', async (query) => {
        const { rows } = await query(`SELECT position FROM ${s}projections WHERE name = $1`, [name]);
        if (rows.length === 0 || Number(rows[0]!.position) !== position) return undefined;
        const { rows: keys } = await query(`SELECT seq FROM ${s}projection_chunks WHERE name = $1 AND part = $2 AND seq >= $3 ORDER BY seq`, [name, part, fromSeq]);
        const out: string[] = [];
        for (const key of keys) {
          const { rows: data } = await query(`SELECT data FROM ${s}projection_chunks WHERE name = $1 AND part = $2 AND seq = $3`, [name, part, key.seq]);
          out.push(data[0]!.data as string);
        }
        return out;
      }),
    loadParts: (name, parts) => inTransaction('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY', (query) => partsOf(query, s, name, parts)),
    save: (name, position, header, chunks, drop, listModel, careerModel) =>
      inTransaction('BEGIN', async (query, arrays) => {
        // one save of a projection at a time: two first reads at once would both write a fresh model, and the later
        // one would collide with the earlier's rows; after the wait it writes over them
        await query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`ledger-projection:${s}${name}`]);
        await dropRows(query, [name, ...drop]);
        await query(`INSERT INTO ${s}projections (name, position, saved_at, state) VALUES ($1, $2, $3, $4)`, [name, position, new Date().toISOString(), header]);
        await insertChunks(query, s, name, chunks);
        if (listModel) await saveListModel(postgresSql(query, arrays, heldCounted), s, listModel);
        if (careerModel) await saveCareerModel(query, s, careerModel);
      }).catch((e: unknown) => {
        // another process saved the model meanwhile: its save stands, this one wrote nothing
        if (!(e instanceof ModelMoved)) throw e;
      }),
    moveHeader: (name, from, position, header) => inTransaction('BEGIN', (query) => movedHeader(query, s, name, from, position, header)),
    drop: (names) => inTransaction('BEGIN', (query) => dropRows(query, names)),
    close: () => pool.end(),
  };
};
