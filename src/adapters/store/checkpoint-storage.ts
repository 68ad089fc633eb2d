/**
 * Where saved projections live: next to the log, in the same database — the ledger's SQLite file, or its PostgreSQL
 * schema — so they share its backups. Two tables: `projections` (one row per projection: the global position it
 * reflects, when it was saved, a small header) and `projection_chunks` (its saved records and facts, JSON arrays of
 * bounded size). A save replaces every row of a projection in one transaction; a load reads them in one read
 * transaction, so a header and its chunks always come from the same save. EventStoreDB keeps none (its callers
 * fold from the log).
 */
import type BetterSqlite3 from 'better-sqlite3';
import type { CareerModelQuery, CareerModelWrite, CheckpointStorage, ListModelQuery, ListModelWrite, StoredCareer, StoredCareerPlayer, StoredListRow } from '../../app/ports/checkpoint-storage';
import type { ListModelHistoryRow } from '../../../projections/fesa/list-model';
import type { RatedItem } from '../../../projections/fesa/diff';

export type { CheckpointStorage } from '../../app/ports/checkpoint-storage';
import type { StoreSpec } from './open';
import { sideTablePool } from './side-tables';


// a CommonJS module loaded with require: its type is the annotation's, so the `any` require returns goes no further
// eslint-disable-next-line @typescript-eslint/no-require-imports, @typescript-eslint/no-unsafe-assignment
const Database: typeof BetterSqlite3 = require('better-sqlite3');

const TABLES = (prefix: string) => [
  `CREATE TABLE IF NOT EXISTS ${prefix}projections (name TEXT PRIMARY KEY, position BIGINT NOT NULL, saved_at TEXT NOT NULL, state TEXT NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS ${prefix}projection_chunks (name TEXT NOT NULL, part TEXT NOT NULL, seq INTEGER NOT NULL, data TEXT NOT NULL, PRIMARY KEY (name, part, seq))`,
  // The FESA list's read model (projections/fesa/list-model.ts): derived from the log, droppable, saved with the
  // checkpoint of its rule set. Rows by slot and the item they hold from; points say how each list is ordered.
  `CREATE TABLE IF NOT EXISTS ${prefix}rm_list_meta (rule_set TEXT PRIMARY KEY, format INTEGER NOT NULL, position BIGINT NOT NULL, failed INTEGER NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS ${prefix}rm_list_points (rule_set TEXT NOT NULL, after INTEGER NOT NULL, date TEXT NOT NULL, explicit INTEGER NOT NULL, PRIMARY KEY (rule_set, after))`,
  `CREATE INDEX IF NOT EXISTS rm_list_points_by_date ON ${prefix}rm_list_points (rule_set, date, after)`,
  `CREATE TABLE IF NOT EXISTS ${prefix}rm_list_slots (rule_set TEXT NOT NULL, slot INTEGER NOT NULL, player_id TEXT, PRIMARY KEY (rule_set, slot))`,
  `CREATE TABLE IF NOT EXISTS ${prefix}rm_list_rows (rule_set TEXT NOT NULL, slot INTEGER NOT NULL, after INTEGER NOT NULL, date TEXT NOT NULL, present INTEGER NOT NULL, seq DOUBLE PRECISION, rating INTEGER, last_played TEXT, active_to TEXT, name TEXT, name_id TEXT, country TEXT, grade TEXT, games INTEGER, provisional INTEGER, record TEXT, PRIMARY KEY (rule_set, slot, after))`,
  // a list of active players reads the rows dated in its activity window, and the few whose player last played
  // after the row's date (an opening list's record): both index ranges as wide as the window, not the history
  `CREATE INDEX IF NOT EXISTS rm_list_rows_by_date ON ${prefix}rm_list_rows (rule_set, date)`,
  `CREATE INDEX IF NOT EXISTS rm_list_rows_played_later ON ${prefix}rm_list_rows (rule_set, active_to) WHERE active_to > date`,
  // The careers' read model (projections/fesa/career-model.ts): every run and officer fact at the timeline item that
  // made it, indexed by the name keys of the run's players and the ids of the fact's players; the registered ids.
  `CREATE TABLE IF NOT EXISTS ${prefix}rm_career_meta (rule_set TEXT PRIMARY KEY, format INTEGER NOT NULL, position BIGINT NOT NULL, failed INTEGER NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS ${prefix}rm_career_runs (rule_set TEXT NOT NULL, after INTEGER NOT NULL, tournament_id TEXT NOT NULL, run TEXT NOT NULL, PRIMARY KEY (rule_set, after))`,
  `CREATE INDEX IF NOT EXISTS rm_career_runs_by_tournament ON ${prefix}rm_career_runs (rule_set, tournament_id)`,
  `CREATE TABLE IF NOT EXISTS ${prefix}rm_career_run_keys (rule_set TEXT NOT NULL, name_key TEXT NOT NULL, after INTEGER NOT NULL, PRIMARY KEY (rule_set, name_key, after))`,
  `CREATE INDEX IF NOT EXISTS rm_career_run_keys_by_after ON ${prefix}rm_career_run_keys (rule_set, after)`,
  `CREATE TABLE IF NOT EXISTS ${prefix}rm_career_facts (rule_set TEXT NOT NULL, after INTEGER NOT NULL, fact TEXT NOT NULL, PRIMARY KEY (rule_set, after))`,
  `CREATE TABLE IF NOT EXISTS ${prefix}rm_career_fact_players (rule_set TEXT NOT NULL, player_id TEXT NOT NULL, after INTEGER NOT NULL, PRIMARY KEY (rule_set, player_id, after))`,
  `CREATE INDEX IF NOT EXISTS rm_career_fact_players_by_after ON ${prefix}rm_career_fact_players (rule_set, after)`,
  `CREATE TABLE IF NOT EXISTS ${prefix}rm_career_players (rule_set TEXT NOT NULL, player_id TEXT NOT NULL, ord INTEGER NOT NULL, last_name TEXT NOT NULL, first_name TEXT NOT NULL, name_key TEXT NOT NULL, survivor TEXT, PRIMARY KEY (rule_set, player_id))`,
  `CREATE INDEX IF NOT EXISTS rm_career_players_by_survivor ON ${prefix}rm_career_players (rule_set, survivor)`,
];

/** The statements of a career read (see `CareerModelQuery`), for prefix `s` and parameter style `p`. */
const CAREER = (s: string, p: Dialect) => ({
  meta: `SELECT position, failed FROM ${s}rm_career_meta WHERE rule_set = ${p(1)} AND format = ${p(2)}`,
  player: `SELECT player_id, ord, last_name, first_name, name_key, survivor FROM ${s}rm_career_players WHERE rule_set = ${p(1)} AND player_id = ${p(2)}`,
  // the survivor and every id it absorbed (the asked one among them), in the fold's order of names
  family: `SELECT player_id, ord, last_name, first_name, name_key, survivor FROM ${s}rm_career_players WHERE rule_set = ${p(1)} AND (player_id = ${p(2)} OR survivor = ${p(2)}) ORDER BY ord`,
  // the player's runs and the asked tournament's as one list of keys, each part found by its index (an OR of the two,
  // or a UNION, which merges sorted parts, made SQLite walk every run of the rule set: 20-60 ms at a million games)
  runs: `SELECT run FROM ${s}rm_career_runs WHERE rule_set = ${p(1)} AND after IN (SELECT after FROM ${s}rm_career_run_keys WHERE rule_set = ${p(1)} AND name_key = ${p(2)} UNION ALL SELECT after FROM ${s}rm_career_runs WHERE rule_set = ${p(1)} AND tournament_id = ${p(3)}) ORDER BY after`,
  // the list model's points are saved in the same transaction: an item's point is its date
  rated: `SELECT r.after, r.tournament_id, p.date FROM ${s}rm_career_runs r JOIN ${s}rm_list_points p ON p.rule_set = r.rule_set AND p.after = r.after WHERE r.rule_set = ${p(1)} ORDER BY r.after`,
  facts: `SELECT fact FROM ${s}rm_career_facts WHERE rule_set = ${p(1)} AND after IN (SELECT after FROM ${s}rm_career_fact_players WHERE rule_set = ${p(1)} AND player_id = ${p(2)}) ORDER BY after`,
});

/** A saved player as selected (see `CAREER`). */
const careerPlayer = (r: Record<string, unknown>): StoredCareerPlayer => ({
  id: r.player_id as string,
  ord: Number(r.ord),
  lastName: r.last_name as string,
  firstName: r.first_name as string,
  key: r.name_key as string,
  survivor: (r.survivor as string | null) ?? null,
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
  const asked = q.playerId === undefined ? undefined : await get(statements.player, [q.ruleSet, q.playerId]);
  const tournament = q.tournamentId ?? null;
  if (asked === undefined) return { position, players: [], runs: tournament === null ? [] : (await all(statements.runs, [q.ruleSet, null, tournament])).map((r) => r.run as string), facts: [] };
  const player = careerPlayer(asked);
  const person = player.survivor ?? player.id;
  const players = (await all(statements.family, [q.ruleSet, person])).map(careerPlayer);
  const runs = (await all(statements.runs, [q.ruleSet, player.key, tournament])).map((r) => r.run as string);
  const facts = (await all(statements.facts, [q.ruleSet, person])).map((r) => r.fact as string);
  return { position, players, runs, facts };
};

/** Reads a model's rated items (`readRatedItems`) with `get` and `all`, after the meta row said the model is usable. */
const readRatedRows = async (
  q: { readonly ruleSet: string; readonly format: number },
  statements: ReturnType<typeof CAREER>,
  get: RowGet,
  all: RowsGet,
): Promise<{ position: number; items: Map<number, RatedItem> } | undefined> => {
  const meta = await get(statements.meta, [q.ruleSet, q.format]);
  if (meta === undefined || Number(meta.failed) === 1) return undefined;
  const rows = await all(statements.rated, [q.ruleSet]);
  return { position: Number(meta.position), items: new Map(rows.map((r) => [Number(r.after), { tournamentId: r.tournament_id as string, date: r.date as string }])) };
};

const PLAYER_COLUMNS = 'rule_set, player_id, ord, last_name, first_name, name_key, survivor';
const PLAYER_UPSERT = 'ON CONFLICT (rule_set, player_id) DO UPDATE SET ord = excluded.ord, last_name = excluded.last_name, first_name = excluded.first_name, name_key = excluded.name_key, survivor = excluded.survivor';
const CAREER_META_UPSERT = (s: string, p: Dialect) =>
  `INSERT INTO ${s}rm_career_meta (rule_set, format, position, failed) VALUES (${p(1)}, ${p(2)}, ${p(3)}, ${p(4)}) ON CONFLICT (rule_set) DO UPDATE SET format = excluded.format, position = excluded.position, failed = excluded.failed`;
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

/** The statements of a list read (see `ListModelQuery`), for prefix `s` and parameter style `p`. */
const listStatements = (s: string, p: Dialect, q: ListModelQuery, explicit: boolean) => {
  // every slot ever on a list, or only the ones with a row active after the date (an index range on active_to)
  const everybody = q.activeSince === undefined || q.activeSince === '';
  const candidates = everybody
    ? `SELECT slot FROM ${s}rm_list_slots WHERE rule_set = ${p(1)}`
    : `SELECT slot FROM ${s}rm_list_rows WHERE rule_set = ${p(1)} AND date > ${p(3)} AND date <= ${p(4)}
       UNION SELECT slot FROM ${s}rm_list_rows WHERE rule_set = ${p(1)} AND active_to > date AND active_to > ${p(3)} AND date <= ${p(4)}`;
  const filter = q.activeSince === undefined ? '' : ` AND r.rating > 0 AND r.last_played IS NOT NULL AND r.last_played > ${p(3)}`;
  const columns = `COALESCE(sl.player_id, r.name_id) AS "playerId", r.name, r.country, r.grade, r.rating, r.games, r.provisional, r.last_played AS "lastPlayed"${q.activeSince === undefined ? ', r.record' : ''}`;
  const rows = `SELECT ${columns} FROM (${candidates}) c
    JOIN ${s}rm_list_rows r ON r.rule_set = ${p(1)} AND r.slot = c.slot
      AND r.after = (SELECT max(m.after) FROM ${s}rm_list_rows m WHERE m.rule_set = ${p(1)} AND m.slot = c.slot AND m.after <= ${p(2)})
    LEFT JOIN ${s}rm_list_slots sl ON sl.rule_set = ${p(1)} AND sl.slot = r.slot
    WHERE r.present = 1${filter}
    ORDER BY ${explicit ? 'r.seq' : 'r.rating DESC, r.seq'}`;
  return { rows, params: (after: number): unknown[] => (everybody ? (q.activeSince === undefined ? [q.ruleSet, after] : [q.ruleSet, after, '']) : [q.ruleSet, after, q.activeSince, q.asOf]) };
};

/**
 * Every row of a model up to a list (`p(2)` items), by slot and item (`readListHistory`); the slots' owners are read
 * apart (`OWNERS`): a join per row costs more than the rows.
 */
const HISTORY = (s: string, p: Dialect) => `SELECT slot, after, present, seq, rating, grade, name FROM ${s}rm_list_rows WHERE rule_set = ${p(1)} AND after <= ${p(2)} ORDER BY slot, after`;
const OWNERS = (s: string, p: Dialect) => `SELECT slot, player_id FROM ${s}rm_list_slots WHERE rule_set = ${p(1)} AND player_id IS NOT NULL`;

/** The rows `HISTORY` selects, each standing for the player owning its slot (else for its name, as the fold's diff says). */
const historyRows = (rows: readonly (readonly unknown[])[], owners: readonly (readonly unknown[])[]): ListModelHistoryRow[] => {
  const ownerOf = new Map(owners.map(([slot, id]) => [Number(slot), id as string]));
  return rows.map((r) => {
    const slot = Number(r[0]);
    return { slot, after: Number(r[1]), entry: Number(r[2]) === 1 ? { seq: Number(r[3]), rating: Number(r[4]), grade: r[5] as string, playerId: ownerOf.get(slot) ?? (r[6] as string) } : undefined };
  });
};

const META = (s: string, p: Dialect) => `SELECT position, failed FROM ${s}rm_list_meta WHERE rule_set = ${p(1)} AND format = ${p(2)}`;
const POINT = (s: string, p: Dialect) => `SELECT after, explicit FROM ${s}rm_list_points WHERE rule_set = ${p(1)} AND date <= ${p(2)} ORDER BY date DESC, after DESC LIMIT 1`;

/** A row's columns in table order after (rule_set, slot, after, date). */
const rowValues = (r: ListModelWrite['rows'] extends Iterable<infer R> ? R : never): unknown[] =>
  r.row === null
    ? [0, null, null, null, null, null, null, null, null, null, null, null]
    : [1, r.row.seq, r.row.rating, r.row.lastPlayed, r.row.activeTo, r.row.name, r.row.nameId, r.row.country, r.row.grade, r.row.games, r.row.provisional ? 1 : 0, r.row.record];
const ROW_COLUMNS = 'rule_set, slot, after, date, present, seq, rating, last_played, active_to, name, name_id, country, grade, games, provisional, record';

/** A row as the query selects it (columns in order, see `listStatements`), ranked: one object per row read. */
const storedRow = (r: readonly unknown[], i: number): StoredListRow => ({
  rank: i + 1,
  playerId: r[0] as string,
  name: r[1] as string,
  country: r[2] as string,
  grade: r[3] as string,
  rating: Number(r[4]),
  games: Number(r[5]),
  provisional: Number(r[6]) === 1,
  lastPlayed: (r[7] as string | null) ?? null,
  ...(r.length > 8 ? { record: r[8] as string } : {}),
});

/** In the ledger's SQLite file (a connection per call: commands are short, and the file may be shared). */
export const sqliteCheckpoints = (file: string): CheckpointStorage => {
  const withDb = async <A>(f: (db: BetterSqlite3.Database) => A | Promise<A>): Promise<A> => {
    const db = new Database(file);
    try {
      db.pragma('busy_timeout = 5000');
      for (const ddl of TABLES('')) db.exec(ddl);
      return await f(db);
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
  const saveListModel = (db: BetterSqlite3.Database, m: ListModelWrite): void => {
    db.prepare(`DELETE FROM rm_list_rows WHERE rule_set = ? AND after > ?`).run(m.ruleSet, m.deleteAfter);
    db.prepare(`DELETE FROM rm_list_points WHERE rule_set = ? AND after > ?`).run(m.ruleSet, m.deleteAfter);
    if (m.deleteAfter === 0) db.prepare(`DELETE FROM rm_list_slots WHERE rule_set = ?`).run(m.ruleSet);
    const row = db.prepare(`INSERT INTO rm_list_rows (${ROW_COLUMNS}) VALUES (${ROW_COLUMNS.split(',').map(() => '?').join(', ')})`);
    for (const r of m.rows) row.run(m.ruleSet, r.slot, r.after, r.date, ...rowValues(r));
    const point = db.prepare(`INSERT INTO rm_list_points (rule_set, after, date, explicit) VALUES (?, ?, ?, ?)`);
    for (const pt of m.points) point.run(m.ruleSet, pt.after, pt.date, pt.explicit ? 1 : 0);
    const slot = db.prepare(`INSERT INTO rm_list_slots (rule_set, slot, player_id) VALUES (?, ?, ?) ON CONFLICT (rule_set, slot) DO UPDATE SET player_id = excluded.player_id`);
    for (const [n, id] of m.slotPlayerIds) slot.run(m.ruleSet, n, id);
    db.prepare(`INSERT INTO rm_list_meta (rule_set, format, position, failed) VALUES (?, ?, ?, ?) ON CONFLICT (rule_set) DO UPDATE SET format = excluded.format, position = excluded.position, failed = excluded.failed`).run(m.ruleSet, m.format, m.position, m.failed ? 1 : 0);
  };
  /**
   * In one read transaction: the model's position and `read` of the point of its list as of `q.asOf` (no point: the
   * date is before every item); undefined when no model of that format is saved or its fold failed.
   */
  const atPoint = <A>(db: BetterSqlite3.Database, q: { ruleSet: string; format: number; asOf: string }, read: (point: { after: number; explicit: number }) => A) =>
    db.transaction(() => {
      const meta = db.prepare(META('', sqliteParam)).get(named([q.ruleSet, q.format])) as { position: number; failed: number } | undefined;
      if (meta === undefined || meta.failed === 1) return undefined;
      const point = db.prepare(POINT('', sqliteParam)).get(named([q.ruleSet, q.asOf])) as { after: number; explicit: number } | undefined;
      return { position: meta.position, point, found: point === undefined ? undefined : read(point) };
    })();
  const saveCareerModel = (db: BetterSqlite3.Database, m: CareerModelWrite): void => {
    for (const statement of CAREER_DELETES('', sqliteParam)) db.prepare(statement).run(named([m.ruleSet, m.deleteAfter]));
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
      const player = db.prepare(`INSERT INTO rm_career_players (${PLAYER_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?) ${PLAYER_UPSERT}`);
      for (const p of m.players.write) player.run(m.ruleSet, p.id, p.ord, p.lastName, p.firstName, p.key, p.survivor);
    }
    db.prepare(CAREER_META_UPSERT('', sqliteParam)).run(named([m.ruleSet, m.format, m.position, m.failed ? 1 : 0]));
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
    readCareer: async (q) => inCareerRead((get, all) => readCareerRows(q, CAREER('', sqliteParam), get, all)),
    readRatedItems: async (q) => inCareerRead((get, all) => readRatedRows(q, CAREER('', sqliteParam), get, all)),
    listModelPosition: async (ruleSet, format) =>
      withDb((db) => {
        const meta = db.prepare(META('', sqliteParam)).get(named([ruleSet, format])) as { position: number } | undefined;
        return meta?.position;
      }),
    readList: async (q) => {
      const read = await withDb((db) =>
        atPoint(db, q, (point) => {
          const { rows, params } = listStatements('', sqliteParam, q, point.explicit === 1);
          return (db.prepare(rows).raw(true).all(named(params(point.after))) as unknown[][]).map(storedRow);
        }),
      );
      return read && { position: read.position, rows: read.found ?? [] };
    },
    readListHistory: async (q) => {
      const read = await withDb((db) =>
        atPoint(db, q, (point) => historyRows(db.prepare(HISTORY('', sqliteParam)).raw(true).all(named([q.ruleSet, point.after])) as unknown[][], db.prepare(OWNERS('', sqliteParam)).raw(true).all(named([q.ruleSet])) as unknown[][])),
      );
      return read && { position: read.position, through: read.point?.after ?? 0, explicit: read.point?.explicit === 1, rows: read.found ?? [] };
    },
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
      withDb((db) => {
        const insert = db.prepare('INSERT INTO projection_chunks (name, part, seq, data) VALUES (?, ?, ?, ?)');
        db.transaction(() => {
          dropRows(db, [name, ...drop]);
          db.prepare('INSERT INTO projections (name, position, saved_at, state) VALUES (?, ?, ?, ?)').run(name, position, new Date().toISOString(), header);
          for (const [part, seq, data] of chunks) insert.run(name, part, seq, data);
          if (listModel) saveListModel(db, listModel);
          if (careerModel) saveCareerModel(db, careerModel);
        })();
      }),
    drop: async (names) => withDb((db) => db.transaction(() => dropRows(db, names))()),
    close: async () => undefined,
  };
};

/** In the ledger's PostgreSQL schema (default `ledger`, the event store's). */
export const postgresCheckpoints = async (url: string, schema = 'ledger'): Promise<CheckpointStorage> => {
  const { pool, prefix: s } = await sideTablePool(url, schema, TABLES);
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
  const saveListModel = async (query: Query, m: ListModelWrite): Promise<void> => {
    await query(`DELETE FROM ${s}rm_list_rows WHERE rule_set = $1 AND after > $2`, [m.ruleSet, m.deleteAfter]);
    await query(`DELETE FROM ${s}rm_list_points WHERE rule_set = $1 AND after > $2`, [m.ruleSet, m.deleteAfter]);
    if (m.deleteAfter === 0) await query(`DELETE FROM ${s}rm_list_slots WHERE rule_set = $1`, [m.ruleSet]);
    // many rows per statement, as arrays unnested: a million rows one by one would be a million round trips
    const columns = ROW_COLUMNS.split(', ');
    const types = ['text', 'int', 'int', 'text', 'int', 'float8', 'int', 'text', 'text', 'text', 'text', 'text', 'text', 'int', 'int', 'text'];
    const insertRows = `INSERT INTO ${s}rm_list_rows (${ROW_COLUMNS}) SELECT $1, * FROM unnest(${columns.slice(1).map((_, i) => `$${i + 2}::${types[i + 1]}[]`).join(', ')})`;
    let batch: unknown[][] = columns.slice(1).map(() => []);
    const flush = async (): Promise<void> => {
      if (batch[0]!.length === 0) return;
      await query(insertRows, [m.ruleSet, ...batch]);
      batch = columns.slice(1).map(() => []);
    };
    for (const r of m.rows) {
      [r.slot, r.after, r.date, ...rowValues(r)].forEach((v, i) => batch[i]!.push(v));
      if (batch[0]!.length >= 5_000) await flush();
    }
    await flush();
    if (m.points.length > 0) {
      await query(`INSERT INTO ${s}rm_list_points (rule_set, after, date, explicit) SELECT $1, * FROM unnest($2::int[], $3::text[], $4::int[])`, [m.ruleSet, m.points.map((pt) => pt.after), m.points.map((pt) => pt.date), m.points.map((pt) => (pt.explicit ? 1 : 0))]);
    }
    if (m.slotPlayerIds.length > 0) {
      await query(`INSERT INTO ${s}rm_list_slots (rule_set, slot, player_id) SELECT $1, * FROM unnest($2::int[], $3::text[]) ON CONFLICT (rule_set, slot) DO UPDATE SET player_id = excluded.player_id`, [m.ruleSet, m.slotPlayerIds.map(([n]) => n), m.slotPlayerIds.map(([, id]) => id)]);
    }
    await query(`INSERT INTO ${s}rm_list_meta (rule_set, format, position, failed) VALUES ($1, $2, $3, $4) ON CONFLICT (rule_set) DO UPDATE SET format = excluded.format, position = excluded.position, failed = excluded.failed`, [m.ruleSet, m.format, m.position, m.failed ? 1 : 0]);
  };
  /** As the SQLite storage's `atPoint`, in a repeatable-read transaction. */
  const atPoint = <A>(q: { ruleSet: string; format: number; asOf: string }, read: (point: { after: number; explicit: number }, arrays: (text: string, values: unknown[]) => Promise<unknown[][]>) => Promise<A>) =>
    inTransaction('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY', async (query, arrays) => {
      const { rows: meta } = await query(META(s, postgresParam), [q.ruleSet, q.format]);
      if (meta.length === 0 || Number(meta[0]!.failed) === 1) return undefined;
      const { rows: found } = await query(POINT(s, postgresParam), [q.ruleSet, q.asOf]);
      const point = found.length === 0 ? undefined : { after: Number(found[0]!.after), explicit: Number(found[0]!.explicit) };
      return { position: Number(meta[0]!.position), point, found: point === undefined ? undefined : await read(point, arrays) };
    });
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
        await query(`INSERT INTO ${s}rm_career_players (${PLAYER_COLUMNS}) SELECT $1, * FROM unnest($2::text[], $3::int[], $4::text[], $5::text[], $6::text[], $7::text[]) ${PLAYER_UPSERT}`, [
          m.ruleSet,
          batch.map((p) => p.id),
          batch.map((p) => p.ord),
          batch.map((p) => p.lastName),
          batch.map((p) => p.firstName),
          batch.map((p) => p.key),
          batch.map((p) => p.survivor),
        ]);
      }
    }
    await query(CAREER_META_UPSERT(s, postgresParam), [m.ruleSet, m.format, m.position, m.failed ? 1 : 0]);
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
    readCareer: (q) => inCareerRead((get, all) => readCareerRows(q, CAREER(s, postgresParam), get, all)),
    readRatedItems: (q) => inCareerRead((get, all) => readRatedRows(q, CAREER(s, postgresParam), get, all)),
    listModelPosition: async (ruleSet, format) => {
      const { rows } = await pool.query<{ position: string }>(META(s, postgresParam), [ruleSet, format]);
      return rows.length === 0 ? undefined : Number(rows[0]!.position);
    },
    readList: async (q) => {
      const read = await atPoint(q, async (point, arrays) => {
        const { rows, params } = listStatements(s, postgresParam, q, point.explicit === 1);
        return (await arrays(rows, params(point.after))).map(storedRow);
      });
      return read && { position: read.position, rows: read.found ?? [] };
    },
    readListHistory: async (q) => {
      const read = await atPoint(q, async (point, arrays) => historyRows(await arrays(HISTORY(s, postgresParam), [q.ruleSet, point.after]), await arrays(OWNERS(s, postgresParam), [q.ruleSet])));
      return read && { position: read.position, through: read.point?.after ?? 0, explicit: read.point?.explicit === 1, rows: read.found ?? [] };
    },
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
      inTransaction('BEGIN', async (query) => {
        await dropRows(query, [name, ...drop]);
        await query(`INSERT INTO ${s}projections (name, position, saved_at, state) VALUES ($1, $2, $3, $4)`, [name, position, new Date().toISOString(), header]);
        for (const [part, seq, data] of chunks) await query(`INSERT INTO ${s}projection_chunks (name, part, seq, data) VALUES ($1, $2, $3, $4)`, [name, part, seq, data]);
        if (listModel) await saveListModel(query, listModel);
        if (careerModel) await saveCareerModel(query, careerModel);
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
