/**
 * The FESA list's read model in SQL (projections/fesa/list-model.ts says what it holds), the same statements for the
 * ledger's SQLite file and its PostgreSQL schema: a `Sql` says how each spells parameters, lists of values and "the
 * latest row of a slot". Derived from the log, droppable, saved with the checkpoint of its rule set.
 *
 * Rows and points are versions: known from global position `kf` up to `kt` (null: still known). What is known at K
 * is `kf <= K AND (kt IS NULL OR kt > K)`; a slot's row in the list as of D known at K is its latest row dated up to
 * D known at K (one index range on the primary key, read backwards).
 */
import { versionCountDiffers } from '../../app/list-model';
import { checkedColumns, editedOf, storedRow } from './list-model-checked';
import type { CheckedListHistory, ListChangesQuery, ListModelQuery, ListModelWrite, SavedListVersion, StoredListChanges, StoredListEntry, StoredListHead, StoredListRow, StoredListSide, StoredRun } from '../../app/ports/checkpoint-storage';
import type { ListModelHistory, ListModelHistoryRow } from '../../../projections/fesa/list-model';
import type { RatedItem } from '../../../projections/fesa/diff';

/** How one database runs the model's statements. */
export interface Sql {
  /** The n-th parameter (1-based). */
  readonly p: (n: number) => string;
  /** A SELECT of the values of array parameter n as column `v`, and how to pass the array. */
  readonly values: (n: number, type: 'int' | 'text') => string;
  readonly array: (values: readonly (number | string)[]) => unknown;
  /** A SELECT of the items `date|ord` of text array parameter n as columns `d` (date) and `o` (ord). */
  readonly itemKeys: (n: number) => string;
  /** Joins `r`, the row of rm_list_rows for slot `slot` latest dated up to `date` among those known at `known`. */
  readonly latestRow: (s: string, slot: string, date: string, known: string) => string;
  /** What locks a row read for the save's transaction (PostgreSQL's FOR UPDATE; SQLite's writer holds the file). */
  readonly forUpdate: string;
  /** Whether triggers keep `rm_list_held` (how many versions each rule set's model holds): list-held-count.ts. */
  readonly heldCounted?: boolean;
  all(text: string, params: readonly unknown[]): Promise<unknown[][]>;
  run(text: string, params: readonly unknown[]): Promise<void>;
  /** Inserts rows of `columns` (PostgreSQL types `types`, for batching) into `table`. */
  insert(table: string, columns: readonly string[], types: readonly string[], rows: Iterable<readonly unknown[]>): Promise<void>;
}

export const LIST_TABLES = (s: string): string[] => [
  `CREATE TABLE IF NOT EXISTS ${s}rm_list_meta (rule_set TEXT PRIMARY KEY, format INTEGER NOT NULL, position BIGINT NOT NULL, failed INTEGER NOT NULL, head TEXT, versions BIGINT)`,
  // per item and version: how the list after it is ordered, the tournament it rates, or the fold's error there
  `CREATE TABLE IF NOT EXISTS ${s}rm_list_points (rule_set TEXT NOT NULL, date TEXT NOT NULL, ord BIGINT NOT NULL, kf BIGINT NOT NULL, kt BIGINT, fp BIGINT NOT NULL, explicit INTEGER NOT NULL, tournament_id TEXT, error TEXT, PRIMARY KEY (rule_set, date, ord, kf))`,
  `CREATE INDEX IF NOT EXISTS rm_list_points_by_tournament ON ${s}rm_list_points (rule_set, tournament_id)`,
  `CREATE INDEX IF NOT EXISTS rm_list_points_known_from ON ${s}rm_list_points (rule_set, kf)`,
  `CREATE INDEX IF NOT EXISTS rm_list_points_known_to ON ${s}rm_list_points (rule_set, kt) WHERE kt IS NOT NULL`,
  // the slots (a name key each, for good) and who owns each name key, known from when to when
  // (`shared`: another slot bears the same last name, which a diff of two lists reads whatever changed)
  `CREATE TABLE IF NOT EXISTS ${s}rm_list_slots (rule_set TEXT NOT NULL, slot INTEGER NOT NULL, name_key TEXT NOT NULL, last_name TEXT NOT NULL, shared INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (rule_set, slot))`,
  `CREATE INDEX IF NOT EXISTS rm_list_slots_by_key ON ${s}rm_list_slots (rule_set, name_key)`,
  `CREATE INDEX IF NOT EXISTS rm_list_slots_by_last_name ON ${s}rm_list_slots (rule_set, last_name)`,
  `CREATE INDEX IF NOT EXISTS rm_list_slots_shared ON ${s}rm_list_slots (rule_set) WHERE shared = 1`,
  `CREATE TABLE IF NOT EXISTS ${s}rm_list_owners (rule_set TEXT NOT NULL, name_key TEXT NOT NULL, kf BIGINT NOT NULL, kt BIGINT, player_id TEXT NOT NULL, PRIMARY KEY (rule_set, name_key, kf))`,
  `CREATE INDEX IF NOT EXISTS rm_list_owners_known_from ON ${s}rm_list_owners (rule_set, kf)`,
  `CREATE INDEX IF NOT EXISTS rm_list_owners_known_to ON ${s}rm_list_owners (rule_set, kt) WHERE kt IS NOT NULL`,
  `CREATE TABLE IF NOT EXISTS ${s}rm_list_rows (rule_set TEXT NOT NULL, slot INTEGER NOT NULL, date TEXT NOT NULL, ord BIGINT NOT NULL, kf BIGINT NOT NULL, kt BIGINT, fp BIGINT NOT NULL, played INTEGER NOT NULL, present INTEGER NOT NULL, seq DOUBLE PRECISION, rating INTEGER, last_played TEXT, active_to TEXT, name TEXT, name_id TEXT, country TEXT, grade TEXT, games INTEGER, provisional INTEGER, record TEXT, PRIMARY KEY (rule_set, slot, date, ord, kf))`,
  // a list of active players reads the rows dated in its activity window, and the few whose player last played
  // after the row's date (an opening list's record): both index ranges as wide as the window, not the history
  `CREATE INDEX IF NOT EXISTS rm_list_rows_by_item ON ${s}rm_list_rows (rule_set, date, ord)`,
  `CREATE INDEX IF NOT EXISTS rm_list_rows_played_later ON ${s}rm_list_rows (rule_set, active_to) WHERE active_to > date`,
  // what changed between two positions (a published list's diff): index ranges as wide as the change
  // (with the date: a late correction makes or ends versions up to the head of the timeline, a diff reads those up to its date)
  `CREATE INDEX IF NOT EXISTS rm_list_rows_changed_from ON ${s}rm_list_rows (rule_set, kf, date)`,
  `CREATE INDEX IF NOT EXISTS rm_list_rows_changed_to ON ${s}rm_list_rows (rule_set, kt, date) WHERE kt IS NOT NULL`,
];

/** The tables of an earlier format of the model (the first: one version per row): dropped, with every rule set's meta row, before LIST_TABLES. */
export const FORMER_LIST_TABLES = ['rm_list_rows', 'rm_list_points', 'rm_list_slots', 'rm_list_owners', 'rm_list_held'];


/** `Sql.latestRow` for SQLite: the row by its rowid, found by a correlated query on the primary key read backwards. */
export const sqliteLatestRow = (s: string, slot: string, date: string, k: string): string =>
  `JOIN ${s}rm_list_rows r ON r.rowid = (SELECT m.rowid FROM ${s}rm_list_rows m WHERE m.rule_set = @p1 AND m.slot = ${slot} AND m.date <= ${date} AND ${known('m', k)} ORDER BY m.date DESC, m.ord DESC LIMIT 1)`;
/** `Sql.latestRow` for PostgreSQL: a lateral query on the primary key read backwards. */
export const postgresLatestRow = (s: string, slot: string, date: string, k: string): string =>
  `CROSS JOIN LATERAL (SELECT * FROM ${s}rm_list_rows m WHERE m.rule_set = $1 AND m.slot = ${slot} AND m.date <= ${date} AND ${known('m', k)} ORDER BY m.date DESC, m.ord DESC LIMIT 1) r`;

/** Known at position `k` (a parameter), for table alias `a`. */
function known(a: string, k: string): string {
  // (as expressions: what is known at K is a filter on the rows an index range found by slot, item or name, never
  // itself a range to read — nearly every version is known at the head)
  return `+${a}.kf <= ${k} AND (${a}.kt IS NULL OR +${a}.kt > ${k})`;
}
/** Made or ended between `from` (exclusive) and `to`, as one of two index ranges (`kf` or `kt`). */
const changedBy = (a: string, column: 'kf' | 'kt', from: string, to: string): string => `${a}.${column} > ${from} AND ${a}.${column} <= ${to}`;

const META = (s: string, p: Sql['p']) => `SELECT position, failed, head, versions FROM ${s}rm_list_meta WHERE rule_set = ${p(1)} AND format = ${p(2)}`;
/** The point of the list as of p(2) known at p(3): the last item dated up to then. */
const POINT = (s: string, p: Sql['p']) => `SELECT explicit, error FROM ${s}rm_list_points m WHERE rule_set = ${p(1)} AND date <= ${p(2)} AND ${known('m', p(3))} ORDER BY date DESC, ord DESC LIMIT 1`;

/** "Now": a position above every one the model holds. */
export const NOW = Number.MAX_SAFE_INTEGER;

const point = async (sql: Sql, s: string, ruleSet: string, asOf: string, at: number): Promise<{ explicit: boolean; error: string | null } | undefined> => {
  const [found] = await sql.all(POINT(s, sql.p), [ruleSet, asOf, at]);
  return found === undefined ? undefined : { explicit: Number(found[0]) === 1, error: (found[1] as string | null) ?? null };
};

export const metaOf = async (sql: Sql, s: string, ruleSet: string, format: number, lock = false): Promise<{ position: number; failed: boolean; head: string | null; versions: number | null } | undefined> => {
  const [meta] = await sql.all(`${META(s, sql.p)}${lock ? sql.forUpdate : ''}`, [ruleSet, format]);
  return meta === undefined ? undefined : { position: Number(meta[0]), failed: Number(meta[1]) === 1, head: (meta[2] as string | null) ?? null, versions: meta[3] === null || meta[3] === undefined ? null : Number(meta[3]) };
};

/**
 * How many row and point versions the model of `ruleSet` holds: one row of the count the triggers keep (every insert
 * and delete of a version, a save's or a hand's), so a read checks it without counting a million versions; counted
 * when there is none (a PostgreSQL schema set up before it, or the count's own row deleted by hand), or when `counted` is false (`verify`,
 * which reads every version anyway: an edit of the count itself hides nothing from it).
 */
const versionsHeld = async (sql: Sql, s: string, ruleSet: string, counted = true): Promise<number> => {
  if (counted && sql.heldCounted === true) {
    const [kept] = await sql.all(`SELECT held FROM ${s}rm_list_held WHERE rule_set = ${sql.p(1)}`, [ruleSet]);
    if (kept !== undefined) return Number(kept[0]);
  }
  const [[rows], [points]] = [await sql.all(`SELECT count(*) FROM ${s}rm_list_rows WHERE rule_set = ${sql.p(1)}`, [ruleSet]), await sql.all(`SELECT count(*) FROM ${s}rm_list_points WHERE rule_set = ${sql.p(1)}`, [ruleSet])];
  return Number(rows![0]) + Number(points![0]);
};

/** See CheckpointStorage.listModelRowCount. */
export const listModelRowCount = async (sql: Sql, s: string, ruleSet: string, format: number): Promise<{ saved: number | null; held: number; kept?: number } | undefined> => {
  const meta = await metaOf(sql, s, ruleSet, format);
  if (meta === undefined) return undefined;
  const held = await versionsHeld(sql, s, ruleSet, false);
  // the count row reads trust (SQLite): an edit of it makes reads refuse a sound model, so verify compares it too
  const [kept] = sql.heldCounted === true ? await sql.all(`SELECT held FROM ${s}rm_list_held WHERE rule_set = ${sql.p(1)}`, [ruleSet]) : [];
  return { saved: meta.versions, held, ...(kept !== undefined ? { kept: Number(kept[0]) } : {}) };
};

/**
 * The rows of a list (see `ListModelQuery`): parameters p1 rule set, p2 date, p3 position known at, p4 the activity
 * date when given; candidates are every slot, the slots of array p4 (`slots`), or those with a row in the window.
 */
const listStatement = (sql: Sql, s: string, q: { readonly activeSince?: string | undefined; readonly slots?: boolean; readonly nameKey?: boolean; readonly explicit: boolean; readonly columns: string }): string => {
  const { p } = sql;
  const everybody = q.activeSince === undefined || q.activeSince === '';
  const candidates = q.slots
    ? sql.values(4, 'int')
    : q.nameKey
      ? `SELECT slot AS v FROM ${s}rm_list_slots WHERE rule_set = ${p(1)} AND name_key = ${p(4)}`
      : everybody
      ? `SELECT slot AS v FROM ${s}rm_list_slots WHERE rule_set = ${p(1)}`
      : // (+slot: the union sorts what the two index ranges give, instead of reading every row in slot order)
        `SELECT +slot AS v FROM ${s}rm_list_rows WHERE rule_set = ${p(1)} AND date > ${p(4)} AND date <= ${p(2)}
       UNION SELECT +slot AS v FROM ${s}rm_list_rows WHERE rule_set = ${p(1)} AND active_to > date AND active_to > ${p(4)} AND date <= ${p(2)}`;
  const filter = q.activeSince === undefined || q.slots || q.nameKey ? '' : ` AND r.rating > 0 AND r.last_played IS NOT NULL AND r.last_played > ${p(4)}`;
  return `SELECT ${q.columns} FROM (${candidates}) c
    ${sql.latestRow(s, 'c.v', p(2), p(3))}
    JOIN ${s}rm_list_slots sl ON sl.rule_set = ${p(1)} AND sl.slot = c.v
    LEFT JOIN ${s}rm_list_owners o ON o.rule_set = ${p(1)} AND o.name_key = sl.name_key AND ${known('o', p(3))}
    WHERE r.present = 1${filter}
    ORDER BY ${q.explicit ? 'r.seq' : 'r.rating DESC, r.seq'}`;
};

/** A row as the list query selects it (columns in order), ranked. */

// the record, fingerprint, seq and played with every row: what a read checks the row's columns against
const ROW_COLUMNS = `COALESCE(o.player_id, r.name_id) AS "playerId", r.name, r.country, r.grade, r.rating, r.games, r.provisional, r.last_played AS "lastPlayed", r.record, r.fp, r.seq, r.played`;

/** A list from the model (see CheckpointStorage.readList). */
export const readList = async (sql: Sql, s: string, q: ListModelQuery): Promise<{ position: number; head: string | null; failed: boolean; error?: { message: string; code?: string }; rows: StoredListRow[]; versions?: { saved: number | null; held: number } } | undefined> => {
  const meta = await metaOf(sql, s, q.ruleSet, q.format);
  if (meta === undefined) return undefined;
  const at = q.knownAt ?? NOW;
  const pt = await point(sql, s, q.ruleSet, q.asOf, at);
  const { position, head } = meta;
  // in the read's own transaction: a count taken apart from the rows could see another save's versions
  const versions = q.countVersions === true ? { versions: { saved: meta.versions, held: await versionsHeld(sql, s, q.ruleSet) } } : {};
  if (pt === undefined) return { position, head, failed: false, rows: [], ...versions };
  if (pt.error !== null) return { position, head, failed: true, error: JSON.parse(pt.error) as { message: string; code?: string }, rows: [], ...versions };
  const columns = ROW_COLUMNS;
  const params: unknown[] = [q.ruleSet, q.asOf, at];
  if (q.nameKey !== undefined) params.push(q.nameKey);
  else if (q.activeSince !== undefined) params.push(q.activeSince);
  const rows = await sql.all(listStatement(sql, s, { activeSince: q.activeSince, nameKey: q.nameKey !== undefined, explicit: pt.explicit, columns }), params);
  return { position, head, failed: false, rows: rows.map(storedRow), ...versions };
};

/**
 * The model's head as a write at the head reads it (see CheckpointStorage.readListHeadOf): the last point and the last
 * tournament's, and per name key its owner, whether a slot bears it and the latest row of each of its slots known now,
 * each an index range read backwards.
 */
export const readListHeadOf = async (sql: Sql, s: string, q: { readonly ruleSet: string; readonly format: number; readonly keys: readonly string[] }): Promise<StoredListHead | undefined> => {
  const meta = await metaOf(sql, s, q.ruleSet, q.format);
  if (meta === undefined) return undefined;
  const { p } = sql;
  const latest = (where: string) => `SELECT date, explicit FROM ${s}rm_list_points WHERE rule_set = ${p(1)} AND kt IS NULL${where} ORDER BY date DESC, ord DESC LIMIT 1`;
  const [last] = await sql.all(latest(''), [q.ruleSet]);
  const [rated] = await sql.all(latest(' AND tournament_id IS NOT NULL'), [q.ruleSet]);
  const keys = new Map<string, { owner: string | undefined; slotted: boolean; rows: { record: string; seq: number; rating: number }[] }>();
  for (const key of new Set(q.keys)) {
    const [owner] = await sql.all(`SELECT player_id FROM ${s}rm_list_owners WHERE rule_set = ${p(1)} AND name_key = ${p(2)} AND kt IS NULL`, [q.ruleSet, key]);
    // (no ORDER BY: SQLite would read every slot by the primary key for it instead of the name's index)
    const slots = (await sql.all(`SELECT slot FROM ${s}rm_list_slots WHERE rule_set = ${p(1)} AND name_key = ${p(2)}`, [q.ruleSet, key])).map(([slot]) => Number(slot));
    const rows: { record: string; seq: number; rating: number }[] = [];
    for (const slot of slots) {
      const [row] = await sql.all(`SELECT present, seq, rating, record FROM ${s}rm_list_rows WHERE rule_set = ${p(1)} AND slot = ${p(2)} AND kt IS NULL ORDER BY date DESC, ord DESC LIMIT 1`, [q.ruleSet, slot]);
      if (row !== undefined && Number(row[0]) === 1) rows.push({ seq: Number(row[1]), rating: Number(row[2]), record: row[3] as string });
    }
    // in list order: by sort key while the list is kept explicitly, else by rating, then sort key
    rows.sort((a, b) => (last !== undefined && Number(last[1]) === 1 ? 0 : b.rating - a.rating) || a.seq - b.seq);
    keys.set(key, { owner: owner === undefined ? undefined : (owner[0] as string), slotted: slots.length > 0, rows });
  }
  return {
    position: meta.position,
    head: meta.head,
    failed: meta.failed,
    last: last === undefined ? undefined : { date: last[0] as string, explicit: Number(last[1]) === 1 },
    lastTournamentDate: rated === undefined ? null : (rated[0] as string),
    keys,
  };
};

const itemText = (date: unknown, ord: unknown): string => `${date as string}|${Number(ord)}`;

/** What `readListHistory` reads: the rows up to the list as of `asOf`, or (`from`) those dated from then on and the list's. */
export interface ListHistoryQuery {
  readonly ruleSet: string;
  readonly format: number;
  readonly asOf: string;
  readonly from?: string | undefined;
  /** Only the slots whose name these registered ids own now, every row of them up to `asOf` (`from` not applied). */
  readonly players?: readonly string[] | undefined;
}

const HISTORY_COLUMNS = `slot, date, ord, present, seq, rating, grade, name, ${checkedColumns((c) => c)}`;
/** Every row known now dated up to p2, by slot and item. */
const HISTORY_ROWS = (s: string, p: Sql['p']) => `SELECT ${HISTORY_COLUMNS} FROM ${s}rm_list_rows WHERE rule_set = ${p(1)} AND date <= ${p(2)} AND kt IS NULL ORDER BY slot, date, ord`;
/**
 * The rows known now dated from p4 up to p2 (one index range by item), with each slot's last row up to p2 known at p3
 * (NOW: one index seek per slot), by slot and item; a slot's last row is its last here too, as in `HISTORY_ROWS`.
 */
const ROWS_FROM = (sql: Sql, s: string) => {
  const { p } = sql;
  return `SELECT ${HISTORY_COLUMNS} FROM ${s}rm_list_rows WHERE rule_set = ${p(1)} AND date >= ${p(4)} AND date <= ${p(2)} AND kt IS NULL
    UNION SELECT sl.slot, r.date, r.ord, r.present, r.seq, r.rating, r.grade, r.name, ${checkedColumns((c) => `r.${c}`)} FROM ${s}rm_list_slots sl ${sql.latestRow(s, 'sl.slot', p(2), p(3))} WHERE sl.rule_set = ${p(1)}
    ORDER BY 1, 2, 3`;
};

/** A saved list model's items up to a date, and how a row read of it is given (`readListHistory`, list-model-comparison.ts). */
export interface HistoryReader {
  readonly header: Omit<ListModelHistory, 'rows'>;
  /** A row read as `slot, date, ord, present, seq, rating, grade, name` and `checkedColumns`, its item numbered and its player named. */
  readonly row: (r: readonly unknown[]) => ListModelHistoryRow;
  /** Why the model cannot be served (undefined: it can): it holds other than the versions its saves wrote. */
  readonly edited?: string;
  /** The player owning each slot's name (undefined when no item is read). */
  readonly owners?: ReadonlyMap<number, string>;
}

/**
 * The items of the model of `ruleSet` known now up to `asOf` and the owners of its slots (`owners` when given: another
 * model's, known to be the same); undefined when none is saved or its fold failed.
 */
export const historyReader = async (sql: Sql, s: string, q: { readonly ruleSet: string; readonly format: number; readonly asOf: string }, owners?: ReadonlyMap<number, string>): Promise<HistoryReader | undefined> => {
  const meta = await metaOf(sql, s, q.ruleSet, q.format);
  if (meta === undefined || meta.failed) return undefined;
  const { p } = sql;
  const points = await sql.all(`SELECT date, ord, explicit, tournament_id FROM ${s}rm_list_points WHERE rule_set = ${p(1)} AND kt IS NULL AND date <= ${p(2)} ORDER BY date, ord`, [q.ruleSet, q.asOf]);
  const rank = new Map(points.map((pt, i) => [itemText(pt[0], pt[1]), i + 1]));
  const rated = new Map<number, RatedItem>();
  points.forEach(([date, , , tournamentId], i) => {
    if (tournamentId !== null) rated.set(i + 1, { tournamentId: tournamentId as string, date: date as string });
  });
  const header = { position: meta.position, through: points.length, explicit: points.length > 0 && Number(points.at(-1)![2]) === 1, rated };
  // (in the read's own transaction, as `readList`; null: saved before the saves counted what they wrote)
  const held = meta.versions === null ? undefined : await versionsHeld(sql, s, q.ruleSet);
  const edited = held === undefined || held === meta.versions ? {} : { edited: versionCountDiffers({ saved: meta.versions!, held }) };
  if (points.length === 0) return { header, ...edited, row: () => { throw new Error('a model with no item up to the date has no rows'); } };
  const ownerOf = owners ?? new Map((await sql.all(`SELECT sl.slot, o.player_id FROM ${s}rm_list_slots sl JOIN ${s}rm_list_owners o ON o.rule_set = sl.rule_set AND o.name_key = sl.name_key AND o.kt IS NULL WHERE sl.rule_set = ${p(1)}`, [q.ruleSet])).map(([slot, id]) => [Number(slot), id as string]));
  return {
    header,
    ...edited,
    owners: ownerOf,
    row: (r) => {
      const slot = Number(r[0]);
      return { slot, after: rank.get(itemText(r[1], r[2]))!, entry: Number(r[3]) === 1 ? { seq: Number(r[4]), rating: Number(r[5]), grade: r[6] as string, playerId: ownerOf.get(slot) ?? (r[7] as string) } : undefined };
    },
  };
};

/** A read's answer: the history, and why the model cannot be served when it was changed by hand (`edited`). */
const checked = (reader: HistoryReader, rows: readonly (readonly unknown[])[]): CheckedListHistory => ({ ...reader.header, rows: rows.map(reader.row), ...editedOf(reader, rows) });

/**
 * Every row of the model known now up to its list as of `asOf`, by slot and item, each item numbered as the
 * timeline (what a comparison of two rule sets reads); undefined when none is saved or its fold failed. With `from`,
 * only the rows dated from then on and each slot's last row (its place on the list of the date): the ratings after
 * the tournaments from then on and the list, not the history before (`rerate --from` prints no more).
 */
export const readListHistory = async (sql: Sql, s: string, q: ListHistoryQuery): Promise<CheckedListHistory | undefined> => {
  if (q.players !== undefined) return readPlayersHistory(sql, s, q, q.players);
  const reader = await historyReader(sql, s, q);
  if (reader === undefined) return undefined;
  if (reader.header.through === 0) return checked(reader, []);
  const rows = await sql.all(q.from === undefined ? HISTORY_ROWS(s, sql.p) : ROWS_FROM(sql, s), q.from === undefined ? [q.ruleSet, q.asOf] : [q.ruleSet, q.asOf, NOW, q.from]);
  return checked(reader, rows);
};

/** The slots whose name one of the ids of text array p2 owns now, with him (owners by rule set: no index by player is kept). */
const PLAYER_SLOTS = (sql: Sql, s: string): string =>
  `SELECT sl.slot, o.player_id FROM ${s}rm_list_owners o JOIN ${s}rm_list_slots sl ON sl.rule_set = o.rule_set AND sl.name_key = o.name_key
    WHERE o.rule_set = ${sql.p(1)} AND o.kt IS NULL AND o.player_id IN (${sql.values(2, 'text')})`;
/** Every row known now of the slots of int array p3 dated up to p2, by slot and item (the primary key's ranges). */
const SLOT_ROWS = (sql: Sql, s: string): string =>
  `SELECT ${HISTORY_COLUMNS} FROM ${s}rm_list_rows WHERE rule_set = ${sql.p(1)} AND slot IN (${sql.values(3, 'int')}) AND date <= ${sql.p(2)} AND kt IS NULL ORDER BY slot, date, ord`;

/**
 * `readListHistory` of the slots the registered ids `players` own now (their names' owners): the rows `HISTORY_ROWS`
 * reads of those slots, in its order, numbered by the same items and named by the same owners — what a comparison of
 * two rule sets answers for those players, without reading anybody else's rows or owners.
 */
const readPlayersHistory = async (sql: Sql, s: string, q: ListHistoryQuery, players: readonly string[]): Promise<CheckedListHistory | undefined> => {
  const meta = await metaOf(sql, s, q.ruleSet, q.format);
  if (meta === undefined || meta.failed) return undefined;
  const owned = await sql.all(PLAYER_SLOTS(sql, s), [q.ruleSet, sql.array([...new Set(players)])]);
  const owners = new Map(owned.map(([slot, id]) => [Number(slot), id as string]));
  const reader = await historyReader(sql, s, q, owners);
  if (reader === undefined) return undefined;
  if (reader.header.through === 0 || owners.size === 0) return checked(reader, []);
  const rows = await sql.all(SLOT_ROWS(sql, s), [q.ruleSet, q.asOf, sql.array([...owners.keys()].sort((a, b) => a - b))]);
  return checked(reader, rows);
};

const ENTRY_COLUMNS = 'sl.slot, sl.name_key, sl.last_name, o.player_id, r.name, r.rating, r.grade';
const entryOf = (r: readonly unknown[]): StoredListEntry => ({ slot: Number(r[0]), key: r[1] as string, lastName: r[2] as string, owner: (r[3] as string | null) ?? null, name: r[4] as string, rating: Number(r[5]), grade: r[6] as string });

/**
 * What a diff of the list known at two positions reads (CheckpointStorage.readListChanges): the slots with a row
 * made or ended between them (dated up to the date), or whose name's owner changed, with every slot of their last
 * names and of any last name more than one slot bears (the fold's diff keys players by name and by last name); the
 * tournaments with a point or a player's row made or ended between them.
 */
export const readListChanges = async (sql: Sql, s: string, q: ListChangesQuery): Promise<StoredListChanges | undefined> => {
  const meta = await metaOf(sql, s, q.ruleSet, q.format);
  if (meta === undefined) return undefined;
  const { p } = sql;
  // each an index range as narrow as what changed between the two positions (one statement each: a union of them
  // leads SQLite to read whole indexes in order instead)
  const changed = (table: string, columns: string, column: 'kf' | 'kt', dated: boolean) =>
    sql.all(`SELECT ${columns} FROM ${s}${table} x WHERE x.rule_set = ${p(1)} AND ${changedBy('x', column, p(2), p(3))}${dated ? ` AND x.date <= ${p(4)}` : ''}`, [q.ruleSet, q.before, q.after, ...(dated ? [q.asOf] : [])]);
  const rows = [...(await changed('rm_list_rows', 'slot, date, ord, played', 'kf', true)), ...(await changed('rm_list_rows', 'slot, date, ord, played', 'kt', true))];
  const points = [...(await changed('rm_list_points', 'date, ord, tournament_id', 'kf', true)), ...(await changed('rm_list_points', 'date, ord, tournament_id', 'kt', true))].filter((r) => r[2] !== null);
  const names = [...new Set([...(await changed('rm_list_owners', 'name_key', 'kf', false)), ...(await changed('rm_list_owners', 'name_key', 'kt', false))].map((r) => r[0] as string))];
  const slotSet = new Set(rows.map((r) => Number(r[0])));
  if (names.length > 0) for (const [slot] of await sql.all(`SELECT slot FROM ${s}rm_list_slots WHERE rule_set = ${p(1)} AND name_key IN (${sql.values(2, 'text')})`, [q.ruleSet, sql.array(names)])) slotSet.add(Number(slot));
  if (slotSet.size > 0) {
    for (const [slot] of await sql.all(`SELECT slot FROM ${s}rm_list_slots WHERE rule_set = ${p(1)} AND last_name IN (SELECT last_name FROM ${s}rm_list_slots WHERE rule_set = ${p(1)} AND slot IN (${sql.values(2, 'int')}))`, [q.ruleSet, sql.array([...slotSet])])) slotSet.add(Number(slot));
  }
  for (const [slot] of await sql.all(`SELECT slot FROM ${s}rm_list_slots WHERE rule_set = ${p(1)} AND shared = 1`, [q.ruleSet])) slotSet.add(Number(slot));
  const slots = [...slotSet].sort((a, b) => a - b);
  const ids = new Set(points.map((r) => r[2] as string));
  const items = [...new Set(rows.filter((r) => Number(r[3]) === 1).map((r) => itemText(r[1], r[2])))];
  if (items.length > 0) {
    for (const [id] of await sql.all(`SELECT DISTINCT m.tournament_id FROM (${sql.itemKeys(2)}) k JOIN ${s}rm_list_points m ON m.rule_set = ${p(1)} AND m.date = k.d AND m.ord = k.o WHERE m.tournament_id IS NOT NULL`, [q.ruleSet, sql.array(items)])) ids.add(id as string);
  }
  const tournaments = [...ids].sort();
  const side = async (at: number): Promise<StoredListSide> => {
    const pt = await point(sql, s, q.ruleSet, q.asOf, at);
    if (pt === undefined) return { failed: false, list: [], runs: [] };
    if (pt.error !== null) return { failed: true, list: [], runs: [] };
    const list = slots.length === 0 ? [] : (await sql.all(listStatement(sql, s, { slots: true, explicit: pt.explicit, columns: ENTRY_COLUMNS }), [q.ruleSet, q.asOf, at, sql.array(slots)])).map(entryOf);
    const runs: StoredRun[] = [];
    if (tournaments.length > 0) {
      const found = await sql.all(
        `SELECT m.tournament_id, m.date, m.ord, ${ENTRY_COLUMNS} FROM ${s}rm_list_points m
          LEFT JOIN ${s}rm_list_rows r ON r.rule_set = ${p(1)} AND r.date = m.date AND r.ord = m.ord AND r.played = 1 AND ${known('r', p(3))}
          LEFT JOIN ${s}rm_list_slots sl ON sl.rule_set = ${p(1)} AND sl.slot = r.slot
          LEFT JOIN ${s}rm_list_owners o ON o.rule_set = ${p(1)} AND o.name_key = sl.name_key AND ${known('o', p(3))}
          WHERE m.rule_set = ${p(1)} AND (m.date || '') <= ${p(2)} AND ${known('m', p(3))} AND m.tournament_id IN (${sql.values(4, 'text')})
          ORDER BY m.date, m.ord, r.slot`,
        [q.ruleSet, q.asOf, at, sql.array(tournaments)],
      );
      for (const r of found) {
        const id = r[0] as string;
        let run = runs.at(-1);
        if (run === undefined || run.tournamentId !== id) runs.push((run = { tournamentId: id, date: r[1] as string, ord: Number(r[2]), players: [] }));
        if (r[3] !== null) (run.players as StoredListEntry[]).push(entryOf(r.slice(3)));
      }
    }
    return { failed: false, list, runs };
  };
  return { position: meta.position, sides: [await side(q.before), await side(q.after)] };
};

/** Thrown inside a save's transaction when another process saved the model meanwhile: the save writes nothing. */
export class ModelMoved extends Error {}

const ROW_INSERT = ['rule_set', 'slot', 'date', 'ord', 'kf', 'kt', 'fp', 'played', 'present', 'seq', 'rating', 'last_played', 'active_to', 'name', 'name_id', 'country', 'grade', 'games', 'provisional', 'record'];
const ROW_TYPES = ['text', 'int', 'text', 'int8', 'int8', 'int8', 'int8', 'int', 'int', 'float8', 'int', 'text', 'text', 'text', 'text', 'text', 'text', 'int', 'int', 'text'];
const POINT_INSERT = ['rule_set', 'date', 'ord', 'kf', 'kt', 'fp', 'explicit', 'tournament_id', 'error'];
const POINT_TYPES = ['text', 'text', 'int8', 'int8', 'int8', 'int8', 'int', 'text', 'text'];

/** Writes a model's changes (inside the caller's transaction); throws ModelMoved when the saved model is not the one they were made against. */
export const saveListModel = async (sql: Sql, s: string, m: ListModelWrite): Promise<void> => {
  const { p } = sql;
  const r = m.ruleSet;
  // the versions the model holds after this save: those saved before (none when written anew) and those written now
  let versions: number | null = 0;
  if (m.fresh) {
    for (const table of ['rm_list_rows', 'rm_list_points', 'rm_list_slots', 'rm_list_owners']) {
      // A table holding no other rule set's rows is emptied whole: SQLite then frees its pages at once instead of
      // taking each of a rebuild's millions of versions out of every index (issue 30: ~15 s at scale 1).
      const others = await sql.all(`SELECT 1 FROM ${s}${table} WHERE rule_set < ${p(1)} OR rule_set > ${p(1)} LIMIT 1`, [r]);
      if (others.length === 0) await sql.run(`DELETE FROM ${s}${table}`, []);
      else await sql.run(`DELETE FROM ${s}${table} WHERE rule_set = ${p(1)}`, [r]);
    }
    // the model holds no version now, whatever its count row said (a hand's edit of the count is undone by a rebuild)
    if (sql.heldCounted === true) await sql.run(`UPDATE ${s}rm_list_held SET held = 0 WHERE rule_set = ${p(1)}`, [r]);
  } else {
    const meta = await metaOf(sql, s, r, m.format, true);
    if (meta === undefined || meta.position !== m.base) throw new ModelMoved(`the list model of ${r} was saved by another process meanwhile`);
    versions = meta.versions;
    if (m.reopenAfter !== undefined) {
      const after = [r, m.reopenAfter.date, m.reopenAfter.ord];
      const read = (rows: unknown[][], point: boolean): SavedListVersion[] =>
        rows.map((x) => (point ? { slot: -1, date: x[0] as string, ord: Number(x[1]), kf: Number(x[2]), fp: Number(x[3]) } : { slot: Number(x[0]), date: x[1] as string, ord: Number(x[2]), kf: Number(x[3]), fp: Number(x[4]) }));
      const saved = [
        ...read(await sql.all(`SELECT slot, date, ord, kf, fp FROM ${s}rm_list_rows WHERE rule_set = ${p(1)} AND kt IS NULL AND (date > ${p(2)} OR (date = ${p(2)} AND ord > ${p(3)}))`, after), false),
        ...read(await sql.all(`SELECT date, ord, kf, fp FROM ${s}rm_list_points WHERE rule_set = ${p(1)} AND kt IS NULL AND (date > ${p(2)} OR (date = ${p(2)} AND ord > ${p(3)}))`, after), true),
      ];
      for (const c of m.settle(saved)) {
        if (c.slot < 0) await sql.run(`UPDATE ${s}rm_list_points SET kt = ${p(5)} WHERE rule_set = ${p(1)} AND date = ${p(2)} AND ord = ${p(3)} AND kf = ${p(4)}`, [r, c.date, c.ord, c.kf, c.kt]);
        else await sql.run(`UPDATE ${s}rm_list_rows SET kt = ${p(6)} WHERE rule_set = ${p(1)} AND slot = ${p(2)} AND date = ${p(3)} AND ord = ${p(4)} AND kf = ${p(5)}`, [r, c.slot, c.date, c.ord, c.kf, c.kt]);
      }
    }
  }
  await sql.insert(
    `${s}rm_list_rows`,
    ROW_INSERT,
    ROW_TYPES,
    (function* () {
      for (const v of m.rows()) {
        if (versions !== null) versions++;
        const x = v.row;
        yield x === null
          ? [r, v.slot, v.date, v.ord, v.kf, v.kt, v.fp, v.played ? 1 : 0, 0, null, null, null, null, null, null, null, null, null, null, null]
          : [r, v.slot, v.date, v.ord, v.kf, v.kt, v.fp, v.played ? 1 : 0, 1, x.seq, x.rating, x.lastPlayed, x.activeTo, x.name, x.nameId, x.country, x.grade, x.games, x.provisional ? 1 : 0, x.record];
      }
    })(),
  );
  await sql.insert(
    `${s}rm_list_points`,
    POINT_INSERT,
    POINT_TYPES,
    (function* () {
      for (const v of m.points()) {
        if (versions !== null) versions++;
        yield [r, v.date, v.ord, v.kf, v.kt, v.fp, v.explicit ? 1 : 0, v.tournamentId, v.error];
      }
    })(),
  );
  for (const [key, kt] of m.ownerCloses) await sql.run(`UPDATE ${s}rm_list_owners SET kt = ${p(3)} WHERE rule_set = ${p(1)} AND name_key = ${p(2)} AND kt IS NULL`, [r, key, kt]);
  await sql.insert(
    `${s}rm_list_owners`,
    ['rule_set', 'name_key', 'kf', 'kt', 'player_id'],
    ['text', 'text', 'int8', 'int8', 'text'],
    m.owners.map((o) => [r, o.key, o.kf, o.kt, o.playerId]),
  );
  for (const [slot, key, lastName] of m.slots) {
    await sql.run(`INSERT INTO ${s}rm_list_slots (rule_set, slot, name_key, last_name) VALUES (${p(1)}, ${p(2)}, ${p(3)}, ${p(4)}) ON CONFLICT (rule_set, slot) DO UPDATE SET name_key = excluded.name_key, last_name = excluded.last_name`, [r, slot, key, lastName]);
  }
  // the last names more than one slot bears (all of them when written anew, else those of the slots given)
  const shared = `UPDATE ${s}rm_list_slots SET shared = 1 WHERE rule_set = ${p(1)} AND shared = 0 AND last_name IN (SELECT last_name FROM ${s}rm_list_slots WHERE rule_set = ${p(1)}`;
  if (m.fresh) await sql.run(`${shared} GROUP BY last_name HAVING count(*) > 1)`, [r]);
  else if (m.slots.length > 0) await sql.run(`${shared} AND last_name IN (${sql.values(2, 'text')}) GROUP BY last_name HAVING count(*) > 1)`, [r, sql.array(m.slots.map(([, , lastName]) => lastName))]);
  await sql.run(
    `INSERT INTO ${s}rm_list_meta (rule_set, format, position, failed, head, versions) VALUES (${p(1)}, ${p(2)}, ${p(3)}, ${p(4)}, ${p(5)}, ${p(6)}) ON CONFLICT (rule_set) DO UPDATE SET format = excluded.format, position = excluded.position, failed = excluded.failed, head = excluded.head, versions = excluded.versions`,
    [r, m.format, m.position, m.failed ? 1 : 0, m.head, versions],
  );
};
