/**
 * What a compact FESA list model would save a rebuild, and what it would cost the lists read from it (issue 30: "where
 * the floor itself must move, say how far a compact, derived, droppable encoding of what the folds read would take
 * it, and measure it"). The list model a rebuild saved (one SQLite row per version of a slot, five indexes: ~500,000
 * rows at scale 1) is written again into two scratch files, side by side in one run (alternated, the cheaper of two
 * each):
 *  - as today (`rm_list_rows`, LIST_TABLES, no count triggers: what a fresh save writes);
 *  - compact: one row per slot, its versions as one value (the columns that pick and rank each version as JSON;
 *    beside it their records, a line each), with what a list's candidates are found by beside it (first date, latest
 *    activity, the highest known-from and known-to), three indexes.
 * Then the same lists are read from both: today's through the storage's own `readList`, the compact one by a reader
 * here (the candidates by index, each slot's version dated up to the date and known then picked from its value, then
 * the records of the slots picked alone).
 *
 *   node dist/scripts/bench/list-blocks.js <copy of a ledger after `ledger projections rebuild`>
 *
 * Checked: every list read from the compact model equals the one read from the saved rows (each rank's record and
 * player id). The ledger is only read; the scratch files are removed at the end. Measured, not wired into any command.
 */
import type BetterSqlite3 from 'better-sqlite3';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { LIST_MODEL_FORMAT } from '../../src/app/list-model';
import { sqliteCheckpoints } from '../../src/adapters/store/checkpoint-storage';
import { LIST_TABLES, NOW } from '../../src/adapters/store/list-model-tables';

// eslint-disable-next-line @typescript-eslint/no-require-imports, @typescript-eslint/no-unsafe-assignment
const Database: typeof BetterSqlite3 = require('better-sqlite3');

type Row = unknown[];
const ROW_COLUMNS = ['rule_set', 'slot', 'date', 'ord', 'kf', 'kt', 'fp', 'played', 'present', 'seq', 'rating', 'last_played', 'active_to', 'name', 'name_id', 'country', 'grade', 'games', 'provisional', 'record'];
// the other tables of the model, copied as they are (untimed: the compact model would keep them)
const KEPT: readonly (readonly [table: string, columns: string])[] = [
  ['rm_list_meta', 'rule_set, format, position, failed, head, versions'],
  ['rm_list_points', 'rule_set, date, ord, kf, kt, fp, explicit, tournament_id, error'],
  ['rm_list_slots', 'rule_set, slot, name_key, last_name, shared'],
  ['rm_list_owners', 'rule_set, name_key, kf, kt, player_id'],
];
const COMPACT_TABLE = [
  `CREATE TABLE rm_list_blocks (rule_set TEXT NOT NULL, slot INTEGER NOT NULL, first_date TEXT NOT NULL, active_to TEXT, kf_max BIGINT NOT NULL, kt_max BIGINT, versions TEXT NOT NULL, records TEXT NOT NULL, PRIMARY KEY (rule_set, slot))`,
  `CREATE INDEX rm_list_blocks_active ON rm_list_blocks (rule_set, active_to)`,
  `CREATE INDEX rm_list_blocks_made ON rm_list_blocks (rule_set, kf_max)`,
  `CREATE INDEX rm_list_blocks_ended ON rm_list_blocks (rule_set, kt_max) WHERE kt_max IS NOT NULL`,
];

const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
interface Cost { readonly cpu: number; readonly wall: number }
const costOf = (f: () => void): Cost => {
  const [c, w] = [cpuMs(), Date.now()];
  f();
  return { cpu: cpuMs() - c, wall: Date.now() - w };
};
const cheaper = (a: Cost | undefined, b: Cost): Cost => (a === undefined || b.cpu < a.cpu ? b : a);

/** A scratch file with the model's tables and its kept tables copied (WAL, as the ledger's file). */
const scratch = (file: string, source: BetterSqlite3.Database, ruleSet: string, extra: readonly string[]): BetterSqlite3.Database => {
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  for (const ddl of [...LIST_TABLES(''), ...extra]) db.exec(ddl);
  db.transaction(() => {
    for (const [table, columns] of KEPT) {
      const insert = db.prepare(`INSERT INTO ${table} (${columns}) VALUES (${columns.split(',').map(() => '?').join(', ')})`);
      for (const row of source.prepare(`SELECT ${columns} FROM ${table} WHERE rule_set = ?`).raw(true).all(ruleSet) as Row[]) insert.run(...row);
    }
  })();
  return db;
};

/** Today's save of the rows: one insert per version, in the save's transaction. */
const writeRows = (db: BetterSqlite3.Database, rows: readonly Row[]): Cost =>
  costOf(() => {
    db.transaction(() => {
      const insert = db.prepare(`INSERT INTO rm_list_rows (${ROW_COLUMNS.join(', ')}) VALUES (${ROW_COLUMNS.map(() => '?').join(', ')})`);
      for (const row of rows) insert.run(...row);
    })();
  });

// a version's columns in the compact value: what picks it and ranks it, and what its fingerprint checks (the list's
// other columns are its record's: a read parses each record it serves already, to check it)
const V = { date: 0, ord: 1, kf: 2, kt: 3, fp: 4, played: 5, present: 6, seq: 7, rating: 8, lastPlayed: 9, nameId: 10 } as const;
const COMPACT_COLUMNS = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 14]; // of ROW_COLUMNS, in V's order

/** Each slot's versions (the rows in slot order) as one row of rm_list_blocks. */
const compactValues = (ruleSet: string, rows: readonly Row[]): Row[] => {
  const out: Row[] = [];
  for (let i = 0; i < rows.length; ) {
    const slot = rows[i]![1];
    const columns: unknown[][] = [];
    const records: string[] = [];
    let activeTo: string | null = null;
    let kfMax = 0;
    let ktMax: number | null = null;
    for (; i < rows.length && rows[i]![1] === slot; i++) {
      const row = rows[i]!;
      columns.push(COMPACT_COLUMNS.map((c) => row[c]));
      records.push((row[19] as string | null) ?? '');
      const active = row[12] as string | null;
      if (active !== null && (activeTo === null || active > activeTo)) activeTo = active;
      kfMax = Math.max(kfMax, Number(row[4]));
      if (row[5] !== null) ktMax = Math.max(ktMax ?? 0, Number(row[5]));
    }
    out.push([ruleSet, slot, columns[0]![0], activeTo, kfMax, ktMax, JSON.stringify(columns), records.join('\n')]);
  }
  return out;
};

const writeCompact = (db: BetterSqlite3.Database, ruleSet: string, rows: readonly Row[]): { made: Cost; inserted: Cost } => {
  let values: Row[] = [];
  const made = costOf(() => (values = compactValues(ruleSet, rows)));
  const inserted = costOf(() => {
    db.transaction(() => {
      const insert = db.prepare('INSERT INTO rm_list_blocks VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
      for (const value of values) insert.run(...value);
    })();
  });
  return { made, inserted };
};

interface ListAsked { readonly asOf: string; readonly activeSince: string }
interface ListEntry { readonly playerId: string; readonly record: string }

/** A list read from the compact model: `readList`'s answer (known now), by a reader of the values. */
const compactList = (db: BetterSqlite3.Database, ruleSet: string, { asOf, activeSince }: ListAsked, knownAt = NOW): ListEntry[] => {
  const owners = new Map(db.prepare('SELECT sl.slot, o.player_id FROM rm_list_slots sl JOIN rm_list_owners o ON o.rule_set = sl.rule_set AND o.name_key = sl.name_key AND o.kf <= ? AND (o.kt IS NULL OR o.kt > ?) WHERE sl.rule_set = ?').raw(true).all(knownAt, knownAt, ruleSet) as [number, string][]);
  const [point] = db.prepare('SELECT explicit FROM rm_list_points WHERE rule_set = ? AND date <= ? AND kf <= ? AND (kt IS NULL OR kt > ?) ORDER BY date DESC, ord DESC LIMIT 1').raw(true).all(ruleSet, asOf, knownAt, knownAt) as [number][];
  if (point === undefined) return [];
  const candidates = (activeSince === ''
    ? db.prepare('SELECT slot, versions FROM rm_list_blocks WHERE rule_set = ? AND first_date <= ?').raw(true).all(ruleSet, asOf)
    : db.prepare('SELECT slot, versions FROM rm_list_blocks WHERE rule_set = ? AND active_to > ? AND first_date <= ?').raw(true).all(ruleSet, activeSince, asOf)) as [number, string][];
  const found: { slot: number; version: number; playerId: string; rating: number; seq: number; record: string }[] = [];
  for (const [slot, text] of candidates) {
    const versions = JSON.parse(text) as unknown[][];
    let picked = -1;
    for (let v = 0; v < versions.length; v++) {
      const c = versions[v]!;
      if ((c[V.date] as string) <= asOf && Number(c[V.kf]) <= knownAt && (c[V.kt] === null || Number(c[V.kt]) > knownAt)) picked = v;
    }
    const c = versions[picked];
    if (c === undefined || Number(c[V.present]) !== 1) continue;
    // (as readList: '' is every rated player who ever played)
    if (Number(c[V.rating]) <= 0 || c[V.lastPlayed] === null || (c[V.lastPlayed] as string) <= activeSince) continue;
    found.push({ slot, version: picked, playerId: owners.get(slot) ?? (c[V.nameId] as string), rating: Number(c[V.rating]), seq: Number(c[V.seq]), record: '' });
  }
  // the records of the slots picked alone: the line of the version picked
  const records = new Map(db.prepare('SELECT slot, records FROM rm_list_blocks WHERE rule_set = ? AND slot IN (SELECT value FROM json_each(?))').raw(true).all(ruleSet, JSON.stringify(found.map((f) => f.slot))) as [number, string][]);
  for (const f of found) {
    const text = records.get(f.slot)!;
    let from = 0;
    for (let v = 0; v < f.version; v++) from = text.indexOf('\n', from) + 1;
    const to = text.indexOf('\n', from);
    f.record = text.slice(from, to < 0 ? text.length : to);
  }
  found.sort(point[0] === 1 ? (a, b) => a.seq - b.seq : (a, b) => b.rating - a.rating || a.seq - b.seq);
  return found.map(({ playerId, record }) => ({ playerId, record }));
};

const mib = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
const ratio = (a: number, b: number): string => (b > 0 ? (a / b).toFixed(2) : '—');
const fileSize = (file: string): number => [file, `${file}-wal`].reduce((n, f) => n + (fs.existsSync(f) ? fs.statSync(f).size : 0), 0);

/** The dates asked: the model's last item and the middle one, a list of the players active in the two years before each, and every rated player at the last. */
const listsAsked = (source: BetterSqlite3.Database, ruleSet: string): ListAsked[] => {
  const dates = (source.prepare('SELECT DISTINCT date FROM rm_list_points WHERE rule_set = ? AND kt IS NULL ORDER BY date').pluck().all(ruleSet) as string[]);
  const yearsBefore = (date: string) => `${Number(date.slice(0, 4)) - 2}${date.slice(4)}`;
  const [last, middle] = [dates.at(-1)!, dates[Math.floor(dates.length / 2)]!];
  return [{ asOf: last, activeSince: yearsBefore(last) }, { asOf: middle, activeSince: yearsBefore(middle) }, { asOf: last, activeSince: '' }];
};

const main = async (): Promise<void> => {
  const ledger = process.argv[2];
  if (ledger === undefined || !fs.existsSync(ledger)) throw new Error('usage: list-blocks.js <copy of a ledger after `ledger projections rebuild`>');
  const source = new Database(ledger, { readonly: true });
  const tables = source.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'rm_list_meta'`).get() !== undefined;
  const meta = tables ? (source.prepare('SELECT rule_set FROM rm_list_meta WHERE format = ? AND failed = 0 ORDER BY rule_set LIMIT 1').pluck().get(LIST_MODEL_FORMAT) as string | undefined) : undefined;
  if (meta === undefined) throw new Error(`${ledger}: no list model of format ${LIST_MODEL_FORMAT} saved (run \`ledger projections rebuild --db ${ledger}\` first)`);
  const ruleSet = meta;
  const rows = source.prepare(`SELECT ${ROW_COLUMNS.join(', ')} FROM rm_list_rows WHERE rule_set = ? ORDER BY slot, date, ord, kf`).raw(true).all(ruleSet) as Row[];
  const slots = new Set(rows.map((r) => r[1])).size;
  console.log(`list model of ${ruleSet}: ${rows.length} row versions of ${slots} slots (${mib(rows.reduce((n, r) => n + ((r[19] as string | null)?.length ?? 0), 0))} of records)`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'list-blocks-'));
  try {
    const [rowsFile, compactFile] = [path.join(dir, 'rows.db'), path.join(dir, 'compact.db')];
    let saveRows: Cost | undefined;
    let made: Cost | undefined;
    let inserted: Cost | undefined;
    for (let turn = 0; turn < 2; turn++) {
      const a = scratch(rowsFile, source, ruleSet, []);
      saveRows = cheaper(saveRows, writeRows(a, rows));
      a.close();
      const b = scratch(compactFile, source, ruleSet, COMPACT_TABLE);
      const compact = writeCompact(b, ruleSet, rows);
      b.close();
      if (made === undefined || compact.made.cpu + compact.inserted.cpu < made.cpu + inserted!.cpu) [made, inserted] = [compact.made, compact.inserted];
    }
    const saveCompact = { cpu: made!.cpu + inserted!.cpu, wall: made!.wall + inserted!.wall };
    console.log(`save, rows (one per version, 5 indexes): ${saveRows!.cpu.toFixed(0)} ms CPU, ${saveRows!.wall} ms wall, ${mib(fileSize(rowsFile))} file; compact (one value per slot, 3 indexes): values made ${made!.cpu.toFixed(0)} ms + inserts ${inserted!.cpu.toFixed(0)} ms = ${saveCompact.cpu.toFixed(0)} ms CPU, ${saveCompact.wall} ms wall, ${mib(fileSize(compactFile))} file; compact/rows ${ratio(saveCompact.cpu, saveRows!.cpu)} (CPU)`);
    await readBoth(listsAsked(source, ruleSet), ruleSet, rowsFile, compactFile);
  } finally {
    source.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
};

/** Each list read from both (alternated, the cheaper of two each), checked equal. */
const readBoth = async (asked: readonly ListAsked[], ruleSet: string, rowsFile: string, compactFile: string): Promise<void> => {
  const storage = sqliteCheckpoints(rowsFile);
  const compact = new Database(compactFile, { readonly: true });
  try {
    for (const list of asked) {
      let fromRows: Cost | undefined;
      let fromCompact: Cost | undefined;
      let [a, b]: [ListEntry[], ListEntry[]] = [[], []];
      for (let turn = 0; turn < 2; turn++) {
        const [c, w] = [cpuMs(), Date.now()];
        const read = await storage.readList({ ruleSet, format: LIST_MODEL_FORMAT, asOf: list.asOf, activeSince: list.activeSince });
        fromRows = cheaper(fromRows, { cpu: cpuMs() - c, wall: Date.now() - w });
        if (read === undefined) throw new Error(`the rows' model of ${ruleSet} was not read back`);
        a = read.rows.map(({ playerId, record }) => ({ playerId, record }));
        fromCompact = cheaper(fromCompact, costOf(() => (b = compactList(compact, ruleSet, list))));
      }
      const unequal = a.findIndex((r, i) => r.playerId !== b[i]?.playerId || r.record !== b[i]?.record);
      if (unequal !== -1 || a.length !== b.length) throw new Error(`the list as of ${list.asOf} (active since '${list.activeSince}') differs: ${a.length} rows from the saved rows, ${b.length} from the compact model${unequal === -1 ? '' : `, first at rank ${unequal + 1}`}`);
      console.log(`list as of ${list.asOf}, active since ${list.activeSince === '' ? '(every rated player)' : list.activeSince}: ${a.length} players; rows ${fromRows!.cpu.toFixed(0)} ms CPU, compact ${fromCompact!.cpu.toFixed(0)} ms CPU = ${ratio(fromCompact!.cpu, fromRows!.cpu)}x`);
    }
    console.log(`checked: the compact model gives the same ${asked.length} lists as the saved rows (every rank's record and player id)`);
  } finally {
    compact.close();
    await storage.close();
  }
};

main().catch((e: unknown) => {
  console.error(`list-blocks: error: ${e instanceof Error ? e.message : String(e)}`);
  process.exitCode = 1;
});
