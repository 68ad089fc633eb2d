/**
 * Where saved projections live: next to the log, in the same database — the ledger's SQLite file, or its PostgreSQL
 * schema — so they share its backups. Two tables: `projections` (one row per projection: the global position it
 * reflects, when it was saved, a small header) and `projection_chunks` (its saved records and facts, JSON arrays of
 * bounded size). A save replaces every row of a projection in one transaction; a load reads them in one read
 * transaction, so a header and its chunks always come from the same save. EventStoreDB keeps none (its callers
 * fold from the log).
 */
import type BetterSqlite3 from 'better-sqlite3';
import type { CareerModelQuery, CareerModelWrite, CheckpointStorage, StoredCareer, StoredCareerPlayer } from '../../app/ports/checkpoint-storage';
import { FORMER_LIST_TABLES, LIST_TABLES, listModelRowCount, ModelMoved, postgresLatestRow, readList, readListChanges, readListHistory, saveListModel, sqliteLatestRow, type Sql } from './list-model-tables';

export type { CheckpointStorage } from '../../app/ports/checkpoint-storage';
import type { StoreSpec } from './open';
import { sideTablePool } from './side-tables';
import { countHeld, HELD_TRIGGER, POSTGRES_HELD_COUNT } from './list-held-count';
import { storageRefusal } from './sqlite';


// a CommonJS module loaded with require: its type is the annotation's, so the `any` require returns goes no further
// eslint-disable-next-line @typescript-eslint/no-require-imports, @typescript-eslint/no-unsafe-assignment
const Database: typeof BetterSqlite3 = require('better-sqlite3');

const TABLES = (prefix: string) => [
  `CREATE TABLE IF NOT EXISTS ${prefix}projections (name TEXT PRIMARY KEY, position BIGINT NOT NULL, saved_at TEXT NOT NULL, state TEXT NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS ${prefix}projection_chunks (name TEXT NOT NULL, part TEXT NOT NULL, seq INTEGER NOT NULL, data TEXT NOT NULL, PRIMARY KEY (name, part, seq))`,
  // The FESA list's read model: list-model-tables.ts
  ...LIST_TABLES(prefix),
  // The careers' read model (projections/fesa/career-model.ts): every run and officer fact at the timeline item that
  // made it, indexed by the name keys of the run's players and the ids of the fact's players; the registered ids.
  `CREATE TABLE IF NOT EXISTS ${prefix}rm_career_meta (rule_set TEXT PRIMARY KEY, format INTEGER NOT NULL, position BIGINT NOT NULL, failed INTEGER NOT NULL, head TEXT)`,
  `CREATE TABLE IF NOT EXISTS ${prefix}rm_career_runs (rule_set TEXT NOT NULL, after INTEGER NOT NULL, tournament_id TEXT NOT NULL, run TEXT NOT NULL, PRIMARY KEY (rule_set, after))`,
  `CREATE INDEX IF NOT EXISTS rm_career_runs_by_tournament ON ${prefix}rm_career_runs (rule_set, tournament_id)`,
  `CREATE TABLE IF NOT EXISTS ${prefix}rm_career_run_keys (rule_set TEXT NOT NULL, name_key TEXT NOT NULL, after INTEGER NOT NULL, PRIMARY KEY (rule_set, name_key, after))`,
  `CREATE INDEX IF NOT EXISTS rm_career_run_keys_by_after ON ${prefix}rm_career_run_keys (rule_set, after)`,
  `CREATE TABLE IF NOT EXISTS ${prefix}rm_career_facts (rule_set TEXT NOT NULL, after INTEGER NOT NULL, fact TEXT NOT NULL, PRIMARY KEY (rule_set, after))`,
  `CREATE TABLE IF NOT EXISTS ${prefix}rm_career_fact_players (rule_set TEXT NOT NULL, player_id TEXT NOT NULL, after INTEGER NOT NULL, PRIMARY KEY (rule_set, player_id, after))`,
  `CREATE INDEX IF NOT EXISTS rm_career_fact_players_by_after ON ${prefix}rm_career_fact_players (rule_set, after)`,
  `CREATE TABLE IF NOT EXISTS ${prefix}rm_career_players (rule_set TEXT NOT NULL, player_id TEXT NOT NULL, ord INTEGER NOT NULL, last_name TEXT NOT NULL, first_name TEXT NOT NULL, name_key TEXT NOT NULL, survivor TEXT, fp BIGINT, PRIMARY KEY (rule_set, player_id))`,
  `CREATE INDEX IF NOT EXISTS rm_career_players_by_survivor ON ${prefix}rm_career_players (rule_set, survivor)`,
];

/** The statements of a career read (see `CareerModelQuery`), for prefix `s` and parameter style `p`. */
const CAREER = (s: string, p: Dialect, players = `SELECT player_id, ord, last_name, first_name, name_key, survivor, fp FROM ${s}rm_career_players WHERE rule_set = ${p(1)}`) => ({
  meta: `SELECT position, failed, head FROM ${s}rm_career_meta WHERE rule_set = ${p(1)} AND format = ${p(2)}`,
  player: `${players} AND player_id = ${p(2)}`,
  // the survivor and every id it absorbed (the asked one among them), in the fold's order of names; as two parts, each
  // found by its index (with an OR SQLite walked every player of the rule set for the survivor index: 6-14 ms at 100,000)
  family: `${players} AND player_id = ${p(2)}
    UNION ALL ${players} AND survivor = ${p(2)} AND player_id <> ${p(2)} ORDER BY ord`,
  // the player's runs and the asked tournament's as one list of keys, each part found by its index (an OR of the two,
  // or a UNION, which merges sorted parts, made SQLite walk every run of the rule set: 20-60 ms at a million games)
  runs: `SELECT run FROM ${s}rm_career_runs WHERE rule_set = ${p(1)} AND after IN (SELECT after FROM ${s}rm_career_run_keys WHERE rule_set = ${p(1)} AND name_key = ${p(2)} UNION ALL SELECT after FROM ${s}rm_career_runs WHERE rule_set = ${p(1)} AND tournament_id = ${p(3)}) ORDER BY after`,
  facts: `SELECT fact FROM ${s}rm_career_facts WHERE rule_set = ${p(1)} AND after IN (SELECT after FROM ${s}rm_career_fact_players WHERE rule_set = ${p(1)} AND player_id = ${p(2)}) ORDER BY after`,
  allRuns: `SELECT run FROM ${s}rm_career_runs WHERE rule_set = ${p(1)} ORDER BY after`,
  allFacts: `SELECT fact FROM ${s}rm_career_facts WHERE rule_set = ${p(1)} ORDER BY after`,
  allPlayers: `${players} ORDER BY ord`,
  named: (ids: string) => `${players} AND player_id IN (${ids})`,
});

/** A saved player as selected (see `CAREER`). */
const careerPlayer = (r: Record<string, unknown>): StoredCareerPlayer => ({
  id: r.player_id as string,
  ord: Number(r.ord),
  lastName: r.last_name as string,
  firstName: r.first_name as string,
  key: r.name_key as string,
  survivor: (r.survivor as string | null) ?? null,
  fp: r.fp === null || r.fp === undefined ? null : Number(r.fp),
});

type RowGet = (text: string, params: unknown[]) => Promise<Record<string, unknown> | undefined>;
type RowsGet = (text: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

/** Reads one player's rows with `get` (one row or undefined) and `all` (rows), after the meta row said the model is usable. */
const readCareerRows = async (
  q: CareerModelQuery,
  statements: ReturnType<typeof CAREER>,
  get: RowGet,
  all: RowsGet,
): Promise<StoredCareer | undefined> => {
  const meta = await get(statements.meta, [q.ruleSet, q.format]);
  if (meta === undefined || Number(meta.failed) === 1) return undefined;
  const position = Number(meta.position);
  const head = (meta.head as string | null) ?? null;
  if (q.everything === true) {
    const [runs, facts, players] = [await all(statements.allRuns, [q.ruleSet]), await all(statements.allFacts, [q.ruleSet]), await all(statements.allPlayers, [q.ruleSet])];
    return { position, head, players: players.map(careerPlayer), runs: runs.map((r) => r.run as string), facts: facts.map((r) => r.fact as string) };
  }
  const asked = q.playerId === undefined ? undefined : await get(statements.player, [q.ruleSet, q.playerId]);
  const tournament = q.tournamentId ?? null;
  if (asked === undefined) return { position, head, players: [], runs: tournament === null ? [] : (await all(statements.runs, [q.ruleSet, null, tournament])).map((r) => r.run as string), facts: [] };
  const player = careerPlayer(asked);
  const person = player.survivor ?? player.id;
  const players = (await all(statements.family, [q.ruleSet, person])).map(careerPlayer);
  const runs = (await all(statements.runs, [q.ruleSet, player.key, tournament])).map((r) => r.run as string);
  const facts = (await all(statements.facts, [q.ruleSet, person])).map((r) => r.fact as string);
  return { position, head, players, runs, facts };
};

const PLAYER_COLUMNS = 'rule_set, player_id, ord, last_name, first_name, name_key, survivor, fp';
const PLAYER_UPSERT = 'ON CONFLICT (rule_set, player_id) DO UPDATE SET ord = excluded.ord, last_name = excluded.last_name, first_name = excluded.first_name, name_key = excluded.name_key, survivor = excluded.survivor, fp = excluded.fp';
const CAREER_META_UPSERT = (s: string, p: Dialect) =>
  `INSERT INTO ${s}rm_career_meta (rule_set, format, position, failed, head) VALUES (${p(1)}, ${p(2)}, ${p(3)}, ${p(4)}, ${p(5)}) ON CONFLICT (rule_set) DO UPDATE SET format = excluded.format, position = excluded.position, failed = excluded.failed, head = excluded.head`;
const CAREER_DELETES = (s: string, p: Dialect) => [
  `DELETE FROM ${s}rm_career_runs WHERE rule_set = ${p(1)} AND after > ${p(2)}`,
  `DELETE FROM ${s}rm_career_run_keys WHERE rule_set = ${p(1)} AND after > ${p(2)}`,
  `DELETE FROM ${s}rm_career_facts WHERE rule_set = ${p(1)} AND after > ${p(2)}`,
  `DELETE FROM ${s}rm_career_fact_players WHERE rule_set = ${p(1)} AND after > ${p(2)}`,
];

/** A statement's n-th parameter the way a database names it (`@pn` for SQLite, bound by name, `$n` PostgreSQL). */
type Dialect = (n: number) => string;
const sqliteParam: Dialect = (n) => `@p${n}`;
/** Parameters in order as better-sqlite3 binds `@pn`. */
const named = (values: readonly unknown[]): Record<string, unknown> => Object.fromEntries(values.map((v, i) => [`p${i + 1}`, v]));
const postgresParam: Dialect = (n) => `$${n}`;

/** The list model's statements on a SQLite connection (prepared once per connection). */
const sqliteSql = (db: BetterSqlite3.Database): Sql => {
  const prepared = new Map<string, BetterSqlite3.Statement>();
  const prepare = (text: string): BetterSqlite3.Statement => {
    let statement = prepared.get(text);
    if (statement === undefined) prepared.set(text, (statement = db.prepare(text)));
    return statement;
  };
  return {
    p: sqliteParam,
    values: (n) => `SELECT value AS v FROM json_each(@p${n})`,
    array: (values) => JSON.stringify(values),
    itemKeys: (n) => `SELECT substr(value, 1, instr(value, '|') - 1) AS d, CAST(substr(value, instr(value, '|') + 1) AS INTEGER) AS o FROM json_each(@p${n})`,
    latestRow: sqliteLatestRow,
    forUpdate: '',
    heldCounted: true,
    all: async (text, params) => prepare(text).raw(true).all(named(params)) as unknown[][],
    run: async (text, params) => {
      prepare(text).run(named(params));
    },
    insert: async (table, columns, _types, rows) => {
      const statement = db.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`);
      for (const row of rows) statement.run(...row);
    },
  };
};

/** `read` in one read transaction on the connection. */
const inReadTransaction = async <A>(db: BetterSqlite3.Database, read: () => Promise<A>): Promise<A> => {
  db.prepare('BEGIN').run();
  try {
    return await read();
  } finally {
    db.prepare('COMMIT').run();
  }
};

/** A list model of the first format (one version per row) has other columns: its tables go, and every model is written anew. */
const dropFormerListTables = (db: BetterSqlite3.Database): void => {
  const exists = db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'rm_list_rows'`).get() !== undefined;
  if (!exists || db.prepare(`SELECT 1 FROM pragma_table_info('rm_list_slots') WHERE name = 'shared'`).get() !== undefined) return;
  db.transaction(() => {
    for (const table of FORMER_LIST_TABLES) db.exec(`DROP TABLE IF EXISTS ${table}`);
    db.exec('DELETE FROM rm_list_meta');
  })();
};

/**
 * Columns the meta tables gained after files were saved without them: `head` (the log's hash the model was built
 * from) and the list model's `versions` (how many versions its saves wrote; null in a model saved before).
 */
const ADDED_COLUMNS: readonly (readonly [table: string, column: string, type: string])[] = [
  ['rm_list_meta', 'head', 'TEXT'],
  ['rm_career_meta', 'head', 'TEXT'],
  ['rm_list_meta', 'versions', 'BIGINT'],
  ['rm_career_players', 'fp', 'BIGINT'],
];

/**
 * Adds those columns to a meta table made before them (a model without `head` is of an older format, never read, and
 * rebuilt by the next save); a file this process may not write keeps its tables and reads fold instead.
 */
const addColumns = (db: BetterSqlite3.Database): void => {
  for (const [table, column, type] of ADDED_COLUMNS) {
    if (db.prepare(`SELECT 1 FROM pragma_table_info('${table}') WHERE name = '${column}'`).get() !== undefined) continue;
    try {
      db.exec(`ALTER TABLE ${table} ADD COLUMN ${column} ${type}`);
    } catch {
      // read-only: the models' reads fail and the callers fold (a read never fails because of a saved model)
    }
  }
};

/** In the ledger's SQLite file (a connection per call: commands are short, and the file may be shared). */
export const sqliteCheckpoints = (file: string): CheckpointStorage => {
  let migrated = false;
  let headed = false;
  // a file the system will not let SQLite write (read-only, full): a sentence naming it instead of SQLite's words
  const refused = (e: unknown): unknown => {
    const refusal = storageRefusal(file, e);
    return refusal === undefined ? e : new Error(`${file}: the saved projections cannot be read or written there, ${refusal}`);
  };
  const withDb = async <A>(f: (db: BetterSqlite3.Database) => A | Promise<A>): Promise<A> => {
    let db: BetterSqlite3.Database;
    try {
      db = new Database(file);
    } catch (e) {
      throw refused(e);
    }
    try {
      db.pragma('busy_timeout = 5000');
      if (!migrated) {
        dropFormerListTables(db);
        migrated = true;
      }
      for (const ddl of TABLES('')) db.exec(ddl);
      if (!headed) {
        addColumns(db);
        countHeld(db);
        headed = true;
      }
      return await f(db);
    } catch (e) {
      throw refused(e);
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
  const saveCareerModel = (db: BetterSqlite3.Database, m: CareerModelWrite): void => {
    for (const statement of CAREER_DELETES('', sqliteParam)) {
      const table = /FROM (\S+)/.exec(statement)![1]!; // emptied whole when only this rule set has rows (see saveListModel)
      const alone = m.deleteAfter === 0 && db.prepare(`SELECT 1 FROM ${table} WHERE rule_set < ? OR rule_set > ? LIMIT 1`).get(m.ruleSet, m.ruleSet) === undefined;
      db.prepare(alone ? `DELETE FROM ${table}` : statement).run(alone ? {} : named([m.ruleSet, m.deleteAfter]));
    }
    const run = db.prepare('INSERT INTO rm_career_runs (rule_set, after, tournament_id, run) VALUES (?, ?, ?, ?)');
    const key = db.prepare('INSERT OR IGNORE INTO rm_career_run_keys (rule_set, name_key, after) VALUES (?, ?, ?)');
    for (const r of m.runs) {
      run.run(m.ruleSet, r.after, r.tournamentId, r.run);
      for (const k of r.keys) key.run(m.ruleSet, k, r.after);
    }
    const fact = db.prepare('INSERT INTO rm_career_facts (rule_set, after, fact) VALUES (?, ?, ?)');
    const factPlayer = db.prepare('INSERT OR IGNORE INTO rm_career_fact_players (rule_set, player_id, after) VALUES (?, ?, ?)');
    for (const f of m.facts) {
      fact.run(m.ruleSet, f.after, f.fact);
      for (const id of f.playerIds) factPlayer.run(m.ruleSet, id, f.after);
    }
    if (m.players !== undefined) {
      if (m.players.replace) db.prepare('DELETE FROM rm_career_players WHERE rule_set = ?').run(m.ruleSet);
      const remove = db.prepare('DELETE FROM rm_career_players WHERE rule_set = ? AND player_id = ?');
      for (const id of m.players.remove) remove.run(m.ruleSet, id);
      const player = db.prepare(`INSERT INTO rm_career_players (${PLAYER_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ${PLAYER_UPSERT}`);
      for (const p of m.players.write) player.run(m.ruleSet, p.id, p.ord, p.lastName, p.firstName, p.key, p.survivor, p.fp);
    }
    db.prepare(CAREER_META_UPSERT('', sqliteParam)).run(named([m.ruleSet, m.format, m.position, m.failed ? 1 : 0, m.head]));
  };
  /** `read` in one read transaction (this connection is the call's own): every row from the same save. */
  const inCareerRead = <A>(read: (get: RowGet, all: RowsGet) => Promise<A>): Promise<A> =>
    withDb(async (db) => {
      db.prepare('BEGIN').run();
      try {
        return await read(
          async (text, params) => db.prepare(text).get(named(params)) as Record<string, unknown> | undefined,
          async (text, params) => db.prepare(text).all(named(params)) as Record<string, unknown>[],
        );
      } finally {
        db.prepare('COMMIT').run();
      }
    });
  return {
    careerModelPosition: async (ruleSet, format) => withDb((db) => (db.prepare(CAREER('', sqliteParam).meta).get(named([ruleSet, format])) as { position: number } | undefined)?.position),
    readCareerPlayers: async (q) =>
      withDb((db) =>
        db.transaction(() => {
          const meta = db.prepare(CAREER('', sqliteParam).meta).get(named([q.ruleSet, q.format])) as { position: number } | undefined;
          if (meta === undefined) return undefined;
          const rows = db.prepare(CAREER('', sqliteParam).named('SELECT value FROM json_each(@p2)')).all(named([q.ruleSet, JSON.stringify(q.ids)])) as Record<string, unknown>[];
          return { position: meta.position, players: rows.map(careerPlayer) };
        })(),
      ),
    readCareer: async (q) => inCareerRead((get, all) => readCareerRows(q, CAREER('', sqliteParam), get, all)),
    listModelPosition: async (ruleSet, format) =>
      withDb((db) => (db.prepare(`SELECT position FROM rm_list_meta WHERE rule_set = ? AND format = ?`).get(ruleSet, format) as { position: number } | undefined)?.position),
    listModelRowCount: async (ruleSet, format) => withDb((db) => inReadTransaction(db, () => listModelRowCount(sqliteSql(db), '', ruleSet, format))),
    // each read in one read transaction (this connection is the call's own): every row from the same save
    readList: async (q) => withDb((db) => inReadTransaction(db, () => readList(sqliteSql(db), '', q))),
    readListHistory: async (q) => withDb((db) => inReadTransaction(db, () => readListHistory(sqliteSql(db), '', q))),
    readListChanges: async (q) => withDb((db) => inReadTransaction(db, () => readListChanges(sqliteSql(db), '', q))),
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
    save: async (name, position, header, chunks, drop, listModel, careerModel) =>
      withDb(async (db) => {
        const insert = db.prepare('INSERT INTO projection_chunks (name, part, seq, data) VALUES (?, ?, ?, ?)');
        // the writer's lock from the start: the list model's saved versions read back are the ones written over
        db.prepare('BEGIN IMMEDIATE').run();
        try {
          dropRows(db, [name, ...drop]);
          db.prepare('INSERT INTO projections (name, position, saved_at, state) VALUES (?, ?, ?, ?)').run(name, position, new Date().toISOString(), header);
          for (const [part, seq, data] of chunks) insert.run(name, part, seq, data);
          if (listModel) await saveListModel(sqliteSql(db), '', listModel);
          if (careerModel) saveCareerModel(db, careerModel);
          db.prepare('COMMIT').run();
        } catch (e) {
          db.prepare('ROLLBACK').run();
          // another process saved the model meanwhile: its save stands, this one writes nothing
          if (!(e instanceof ModelMoved)) throw e;
        }
      }),
    drop: async (names) => withDb((db) => db.transaction(() => dropRows(db, names))()),
    close: async () => undefined,
  };
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
  type Query = (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
  /** The list model's statements on a PostgreSQL connection (rows inserted as arrays unnested, many per statement). */
  const postgresSql = (query: Query, arrays: (text: string, values: unknown[]) => Promise<unknown[][]>): Sql => ({
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
  const reading = <A>(read: (sql: Sql) => Promise<A>): Promise<A> => inTransaction('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY', (query, arrays) => read(postgresSql(query, arrays)));
  const saveCareerModel = async (query: Query, m: CareerModelWrite): Promise<void> => {
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
    readListHistory: (q) => reading((sql) => readListHistory(sql, s, q)),
    readListChanges: (q) => reading((sql) => readListChanges(sql, s, q)),
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
    save: (name, position, header, chunks, drop, listModel, careerModel) =>
      inTransaction('BEGIN', async (query, arrays) => {
        // one save of a projection at a time: two first reads at once would both write a fresh model, and the later
        // one would collide with the earlier's rows; after the wait it writes over them
        await query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`ledger-projection:${s}${name}`]);
        await dropRows(query, [name, ...drop]);
        await query(`INSERT INTO ${s}projections (name, position, saved_at, state) VALUES ($1, $2, $3, $4)`, [name, position, new Date().toISOString(), header]);
        for (const [part, seq, data] of chunks) await query(`INSERT INTO ${s}projection_chunks (name, part, seq, data) VALUES ($1, $2, $3, $4)`, [name, part, seq, data]);
        if (listModel) await saveListModel(postgresSql(query, arrays), s, listModel);
        if (careerModel) await saveCareerModel(query, careerModel);
      }).catch((e: unknown) => {
        // another process saved the model meanwhile: its save stands, this one wrote nothing
        if (!(e instanceof ModelMoved)) throw e;
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
