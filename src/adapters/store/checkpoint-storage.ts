/**
 * Where saved projections live: next to the log, in the same database — the ledger's SQLite file, or its PostgreSQL
 * schema — so they share its backups. Two tables: `projections` (one row per projection: the global position it
 * reflects, when it was saved, a small header) and `projection_chunks` (its saved records and facts, JSON arrays of
 * bounded size). A save replaces every row of a projection in one transaction; a load reads them in one read
 * transaction, so a header and its chunks always come from the same save. EventStoreDB keeps none (its callers
 * fold from the log).
 */
import type BetterSqlite3 from 'better-sqlite3';
import type { CareerModelWrite, CheckpointStorage } from '../../app/ports/checkpoint-storage';
import { FORMER_LIST_TABLES, listModelRowCount, ModelMoved, readListHeadOf, readList, readListChanges, readListHistory, saveListModel, sqliteLatestRow, type Sql } from './list-model-tables';
import { readListComparison } from './list-model-comparison';
import { ADDED_COLUMNS, CAREER, CAREER_DELETES, CAREER_META_UPSERT, careerPlayer, named, PLAYER_COLUMNS, PLAYER_UPSERT, readCareerRows, sqliteParam, TABLES, type RowGet, type RowsGet } from './checkpoint-tables';
import { postgresCheckpoints } from './checkpoint-storage-postgres';

export type { CheckpointStorage } from '../../app/ports/checkpoint-storage';
import type { StoreSpec } from './open';
import { countHeld, savedWithoutHeldTriggers } from './list-held-count';
import { storageRefusal } from './sqlite';

// a CommonJS module loaded with require: its type is the annotation's, so the `any` require returns goes no further
// eslint-disable-next-line @typescript-eslint/no-require-imports, @typescript-eslint/no-unsafe-assignment
const Database: typeof BetterSqlite3 = require('better-sqlite3');

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

/** Writes the careers' read model of `m` (inside the save's transaction). */
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

/**
 * Connections kept between calls: a server reads the saved models on every request after a write, and opening one cost
 * more than the read. Each call still has a connection of its own while it runs (its read transaction is its own);
 * `close` closes those kept, and a connection given back after it is closed at once.
 */
const connectionPool = (file: string, refused: (e: unknown) => unknown) => {
  const idle: BetterSqlite3.Database[] = [];
  let closed = false;
  return {
    take: (): BetterSqlite3.Database => {
      const kept = idle.pop();
      if (kept !== undefined) return kept;
      let db: BetterSqlite3.Database;
      try {
        db = new Database(file);
      } catch (e) {
        throw refused(e);
      }
      try {
        db.pragma('busy_timeout = 5000');
      } catch (e) {
        db.close();
        throw refused(e);
      }
      return db;
    },
    giveBack: (db: BetterSqlite3.Database): void => {
      if (!closed && !db.inTransaction && idle.length < 2) idle.push(db);
      else db.close();
    },
    close: (): void => {
      closed = true;
      for (const db of idle.splice(0)) db.close();
    },
  };
};

/** `CheckpointStorage.loadParts` (inside a read transaction). */
const partsOf = (db: BetterSqlite3.Database, name: string, parts: readonly string[]): { header: string; chunks: [string, string][] } | undefined => {
  const header = db.prepare('SELECT state FROM projections WHERE name = ?').pluck().get(name) as string | undefined;
  if (header === undefined) return undefined;
  const chunks = db.prepare('SELECT part, data FROM projection_chunks WHERE name = ? AND part IN (SELECT value FROM json_each(?)) ORDER BY part, seq').raw().all(name, JSON.stringify(parts)) as [string, string][];
  return { header, chunks };
};

/** In the ledger's SQLite file (each call on a connection of its own while it runs, kept for the next: connectionPool). */
export const sqliteCheckpoints = (file: string): CheckpointStorage => {
  let migrated = false;
  let headed = false;
  // a file the system will not let SQLite write (read-only, full): a sentence naming it instead of SQLite's words
  const refused = (e: unknown): unknown => {
    const refusal = storageRefusal(file, e);
    return refusal === undefined ? e : new Error(`${file}: the saved projections cannot be read or written there, ${refusal}`);
  };
  const pool = connectionPool(file, refused);
  const withDb = async <A>(f: (db: BetterSqlite3.Database) => A | Promise<A>): Promise<A> => {
    const db = pool.take();
    try {
      if (!migrated) {
        dropFormerListTables(db);
        migrated = true;
      }
      // the tables are made once per storage, and again when a hand dropped one meanwhile (below)
      if (!headed) {
        for (const ddl of TABLES('')) db.exec(ddl);
        addColumns(db);
        countHeld(db);
        headed = true;
      }
      return await f(db);
    } catch (e) {
      if (!(headed && e instanceof Error && /no such table/.test(e.message))) throw refused(e);
      headed = false;
    } finally {
      pool.giveBack(db);
    }
    return withDb(f);
  };
  const dropRows = (db: BetterSqlite3.Database, names: readonly string[]): void => {
    for (const name of names) {
      db.prepare('DELETE FROM projections WHERE name = ?').run(name);
      db.prepare('DELETE FROM projection_chunks WHERE name = ?').run(name);
    }
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
    readListHeadOf: async (q) => withDb((db) => inReadTransaction(db, () => readListHeadOf(sqliteSql(db), '', q))),
    readListHistory: async (q) => withDb((db) => inReadTransaction(db, () => readListHistory(sqliteSql(db), '', q))),
    readListComparison: async (q) => withDb((db) => inReadTransaction(db, () => readListComparison(sqliteSql(db), '', q))),
    readListChanges: async (q) => withDb((db) => inReadTransaction(db, () => readListChanges(sqliteSql(db), '', q))),
    load: async (name, chunk, skip = []) =>
      withDb((db) =>
        db.transaction(() => {
          const header = db.prepare('SELECT state FROM projections WHERE name = ?').pluck().get(name) as string | undefined;
          if (header === undefined) return undefined;
          // the parts skipped are not even read: SQLite would copy every byte of them into a string
          const rows = db.prepare('SELECT part, data FROM projection_chunks WHERE name = ? AND part NOT IN (SELECT value FROM json_each(?)) ORDER BY part, seq').iterate(name, JSON.stringify(skip)) as IterableIterator<{ part: string; data: string }>;
          for (const row of rows) chunk(row.part, row.data);
          return header;
        })(),
      ),
    loadPart: async (name, part, fromSeq, position) =>
      withDb((db) =>
        db.transaction(() => {
          const saved = db.prepare('SELECT position FROM projections WHERE name = ?').pluck().get(name) as number | undefined;
          if (saved === undefined || saved !== position) return undefined;
          return db.prepare('SELECT data FROM projection_chunks WHERE name = ? AND part = ? AND seq >= ? ORDER BY seq').pluck().all(name, part, fromSeq) as string[];
        })(),
      ),
    loadParts: async (name, parts) => withDb((db) => db.transaction(() => partsOf(db, name, parts))()),
    save: async (name, position, header, chunks, drop, listModel, careerModel) =>
      withDb(async (db) => {
        const insert = db.prepare('INSERT INTO projection_chunks (name, part, seq, data) VALUES (?, ?, ?, ?)');
        // the writer's lock from the start: the list model's saved versions read back are the ones written over
        db.prepare('BEGIN IMMEDIATE').run();
        try {
          dropRows(db, [name, ...drop]);
          db.prepare('INSERT INTO projections (name, position, saved_at, state) VALUES (?, ?, ?, ?)').run(name, position, new Date().toISOString(), header);
          for (const [part, seq, data] of chunks) insert.run(name, part, seq, data);
          if (listModel) await savedWithoutHeldTriggers(db, listModel, () => saveListModel(sqliteSql(db), '', listModel));
          if (careerModel) saveCareerModel(db, careerModel);
          db.prepare('COMMIT').run();
        } catch (e) {
          db.prepare('ROLLBACK').run();
          // another process saved the model meanwhile: its save stands, this one writes nothing
          if (!(e instanceof ModelMoved)) throw e;
        }
      }),
    moveHeader: async (name, from, position, header) =>
      withDb((db) => db.prepare('UPDATE projections SET position = ?, saved_at = ?, state = ? WHERE name = ? AND position = ?').run(position, new Date().toISOString(), header, name, from).changes > 0),
    drop: async (names) => withDb((db) => db.transaction(() => dropRows(db, names))()),
    close: async () => pool.close(),
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