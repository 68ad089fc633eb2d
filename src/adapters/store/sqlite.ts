/**
 * SQLite adapter (better-sqlite3): the default store, one file, WAL journal.
 *
 * One IMMEDIATE transaction per append (one or several streams) takes the database write lock before the expected-revision check, so the
 * check and the inserts are atomic even with several processes on the same file. Positions are the rowid
 * (INTEGER PRIMARY KEY AUTOINCREMENT): assigned under that lock, hence in commit order, dense, never reused.
 */
import fs from 'node:fs';
import path from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import {
  ConcurrencyError,
  DuplicateEventError,
  StoreNotEmptyError,
  type AppendResult,
  type EventStore,
  type ReadAllOptions,
  type RecordedEvent,
  type RecordedFact,
  type StreamAppend,
  type SubscribeOptions,
  UnreadableEventError,
} from '../../app/ports/event-store';
import {
  LedgerMissingError,
  pagedReadAll,
  planRevisions,
  pollingSubscription,
  subscriptionRegistry,
  validateAppends,
  validateBatch,
  type CurrentRevision,
} from './shared';
import { canonicalJson } from '../../../domain/commands/decide';
import { chainHash, GENESIS, recordedTimes } from '../../app/chain';
import { MIGRATION_TABLE, migrationTargetStep, UnfinishedMigrationError, type MigrationMarker, type MigrationTarget } from './unfinished-migration';

// a CommonJS module loaded with require: its type is the annotation's, so the `any` require returns goes no further
// eslint-disable-next-line @typescript-eslint/no-require-imports, @typescript-eslint/no-unsafe-assignment
const Database: typeof BetterSqlite3 = require('better-sqlite3');

export const DEFAULT_SQLITE_PATH = './data/ledger.db';
const SCHEMA_VERSION = 3;

export interface SqliteStoreOptions {
  /** Default batch size of readAll (rows per keyset page). */
  readonly readBatchSize?: number;
  /** Refuse a file that does not exist instead of creating an empty ledger (every command but `init` and writes). */
  readonly mustExist?: boolean;
  /** How long a writer waits for another process's write lock (ms). */
  readonly busyTimeoutMs?: number;
  /** Where a one-time upgrade of an older ledger says what it did (default: standard error). */
  readonly log?: (line: string) => void;
  /**
   * How much of the file SQLite reads through a memory map (default 1 GiB). Mapped pages count in the process's
   * resident memory for as long as it runs; a long-running server passes 0 and reads through SQLite's page cache.
   */
  readonly mappedBytes?: number;
  /** Opened by `migrate` as its target: marked unfinished until `finishMigration` (unfinished-migration.ts). */
  readonly migrationTarget?: MigrationTarget;
}

const SCHEMA_V1 = `
CREATE TABLE IF NOT EXISTS events (
  position    INTEGER PRIMARY KEY AUTOINCREMENT,
  stream_id   TEXT    NOT NULL,
  revision    INTEGER NOT NULL,
  event_id    TEXT    NOT NULL,
  type        TEXT    NOT NULL,
  data        TEXT    NOT NULL,
  metadata    TEXT    NOT NULL,
  recorded_at TEXT    NOT NULL,
  CONSTRAINT events_stream_revision UNIQUE (stream_id, revision),
  CONSTRAINT events_event_id UNIQUE (event_id)
);`;

/** A ledger from before the chain, opened read-only, has no hash column: it reads as null. */
const columns = (chained: boolean): string => `position, stream_id, revision, event_id, type, data, metadata, recorded_at, ${chained ? 'hash' : 'NULL'}`;
type Row = [number, string, number, string, string, string, string, string, string | null];
/** What readFacts selects: SQLite then builds three strings per row instead of six. */
const FACT_COLUMNS = 'position, type, data, recorded_at';
type FactRow = [number, string, string, string];

/** Most events carry no metadata: share one frozen empty object instead of parsing "{}" a million times. */
const EMPTY_METADATA: Readonly<Record<string, unknown>> = Object.freeze({});
const parseMetadata = (text: string): Readonly<Record<string, unknown>> =>
  text === '{}' ? EMPTY_METADATA : (JSON.parse(text) as Record<string, unknown>);

/** An event's data; a row edited into something that is not JSON is named by its position. */
const parseData = (text: string, position: number): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new UnreadableEventError(position);
  }
};

const toRecorded = (row: Row): RecordedEvent => ({
  globalPosition: row[0],
  streamId: row[1],
  revision: row[2],
  eventId: row[3],
  type: row[4],
  data: parseData(row[5], row[0]),
  metadata: parseMetadata(row[6]),
  recordedAt: row[7],
  ...(row[8] === null ? {} : { hash: row[8] }),
});

const toFact = (row: FactRow): RecordedFact => ({
  globalPosition: row[0],
  type: row[1],
  data: parseData(row[2], row[0]),
  recordedAt: row[3],
});

const isUniqueViolation = (e: unknown, constraintColumns: string): boolean =>
  e instanceof Error &&
  (e as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE' &&
  e.message.includes(constraintColumns);

const schemaVersion = (db: BetterSqlite3.Database): number => {
  const table = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_version'").get();
  return table === undefined ? 0 : ((db.prepare('SELECT max(version) FROM schema_version').pluck().get() as number | null) ?? 0);
};

/**
 * Schema 2 adds the hash chain. A ledger written before it gets its chain computed once, in one transaction, over the
 * events as they are now (what was recorded before this upgrade is vouched for only from here on).
 */
const addHashChain = (db: BetterSqlite3.Database): { events: number; head: string } => {
  db.exec('ALTER TABLE events ADD COLUMN hash TEXT');
  const page = db.prepare('SELECT position, stream_id, revision, event_id, type, data, recorded_at FROM events WHERE position > ? ORDER BY position LIMIT 5000').raw();
  const update = db.prepare('UPDATE events SET hash = ? WHERE position = ?');
  let previous = GENESIS;
  let after = 0;
  let events = 0;
  for (;;) {
    const rows = page.all(after) as [number, string, number, string, string, string, string][];
    if (rows.length === 0) break;
    for (const [position, streamId, revision, eventId, type, data, recordedAt] of rows) {
      previous = chainHash({ streamId, revision, eventId, type, data: JSON.parse(data) as unknown, recordedAt }, previous);
      update.run(previous, position);
      after = position;
      events++;
    }
  }
  return { events, head: previous };
};

/**
 * Schema 3 indexes the log by kind of event: a reader that asks for a few kinds (the audit trail: corrections,
 * withdrawals, published lists) reads those rows, not the whole log (0.4 s → 0.3 ms at a million games). SQLite keeps
 * the position (the rowid) in every index entry; naming it says the index serves `type IN (…) AND position > ?`.
 */
export const TYPE_INDEX = 'events_type_position';
const addTypeIndex = (db: BetterSqlite3.Database): void => {
  db.exec(`CREATE INDEX IF NOT EXISTS ${TYPE_INDEX} ON events (type, position)`);
};

const migrateSchema = (db: BetterSqlite3.Database, file: string, log: (line: string) => void): void => {
  db.exec('CREATE TABLE IF NOT EXISTS schema_version (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)');
  const current = schemaVersion(db);
  if (current > SCHEMA_VERSION) {
    throw new Error(
      `The ledger database ${file} has schema version ${current}, newer than this program's ${SCHEMA_VERSION}; upgrade the program.`,
    );
  }
  if (current < 1) {
    db.transaction(() => {
      db.exec(SCHEMA_V1);
      db.prepare('INSERT INTO schema_version (version, applied_at) VALUES (?, ?)').run(1, new Date().toISOString());
    }).immediate();
  }
  if (current < 2) {
    const upgraded = db.transaction(() => {
      if (schemaVersion(db) >= 2) return undefined; // another process upgraded it while this one waited for the lock
      const chain = addHashChain(db);
      db.prepare('INSERT INTO schema_version (version, applied_at) VALUES (?, ?)').run(2, new Date().toISOString());
      return chain;
    }).immediate();
    if (upgraded !== undefined && upgraded.events > 0) {
      log(`${file}: upgraded the ledger to schema 2: computed the hash chain over its ${upgraded.events} events once (head ${upgraded.head}); \`ledger verify\` checks it from now on`);
    }
  }
  if (current < 3) {
    const started = process.hrtime.bigint();
    // under the write lock, looking again: of two processes opening an old file at once, one builds it and says so
    const indexed = db.transaction(() => {
      if (schemaVersion(db) >= 3) return undefined;
      addTypeIndex(db);
      db.prepare('INSERT INTO schema_version (version, applied_at) VALUES (?, ?)').run(3, new Date().toISOString());
      return db.prepare('SELECT count(*) FROM events').pluck().get() as number;
    }).immediate();
    if (indexed !== undefined && indexed > 0) {
      const took = Number(process.hrtime.bigint() - started) / 1e9;
      log(`${file}: upgraded the ledger to schema 3: indexed its ${indexed} events by kind once (${took.toFixed(1)} s)`);
    }
  }
};

const hasTable = (db: BetterSqlite3.Database, name: string): boolean => db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;

const migrationMarker = (db: BetterSqlite3.Database): MigrationMarker | undefined =>
  hasTable(db, MIGRATION_TABLE) ? (db.prepare(`SELECT source, started_at AS startedAt FROM ${MIGRATION_TABLE} LIMIT 1`).get() as MigrationMarker | undefined) : undefined;

/**
 * Marks the file as a migration's target before anything else is written to it, under the write lock: refused when
 * it holds events; an unfinished copy marked before is replaced (every table dropped) only when asked to.
 */
const markMigrationTarget = (db: BetterSqlite3.Database, file: string, target: MigrationTarget): void => {
  db.transaction(() => {
    const marker = migrationMarker(db);
    const holdsEvents = hasTable(db, 'events') && db.prepare('SELECT 1 FROM events LIMIT 1').get() !== undefined;
    if (migrationTargetStep(file, `sqlite:${file}`, { marker, holdsEvents }, target) === 'replace') {
      const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").pluck().all() as string[];
      for (const table of tables) db.exec(`DROP TABLE "${table}"`);
      if (hasTable(db, 'sqlite_sequence')) db.exec('DELETE FROM sqlite_sequence');
    }
    db.exec(`CREATE TABLE ${MIGRATION_TABLE} (source TEXT NOT NULL, started_at TEXT NOT NULL)`);
    db.prepare(`INSERT INTO ${MIGRATION_TABLE} (source, started_at) VALUES (?, ?)`).run(target.source, new Date().toISOString());
  }).immediate();
};

/** What SQLite says when the file system refuses a write, as a sentence naming the ledger; other errors as they are. */
const STORAGE_FAILURES: Record<string, string> = {
  SQLITE_FULL: 'the disk is full',
  SQLITE_READONLY: 'the file or its folder is read-only',
  SQLITE_IOERR: 'the disk reported an input/output error',
  SQLITE_CANTOPEN: 'the file cannot be opened for writing',
};
/** Why the file system refused SQLite a write, in words with SQLite's code (undefined: not such a refusal). */
export const storageRefusal = (file: string, e: unknown): string | undefined => {
  const code = (e as { code?: unknown }).code;
  const known = typeof code === 'string' ? Object.entries(STORAGE_FAILURES).find(([prefix]) => code.startsWith(prefix)) : undefined;
  if (!known || typeof code !== 'string') return undefined;
  // SQLite reports a full disk while it grows its shared-memory file as an I/O error: ask the file system
  const full = known[0] === 'SQLITE_FULL' || diskIsFull(file);
  return `${full ? STORAGE_FAILURES.SQLITE_FULL : known[1]} (${code})`;
};
const storageFailure = (file: string, e: unknown): unknown => {
  const refusal = storageRefusal(file, e);
  return refusal === undefined ? e : new Error(`${file}: nothing was recorded, ${refusal}`);
};

const diskIsFull = (file: string): boolean => {
  try {
    return fs.statfsSync(path.dirname(path.resolve(file))).bavail === 0;
  } catch {
    return false;
  }
};

/** A read that names a ledger file that is not there: a typo must not create an empty ledger. */
const writable = (file: string): boolean => {
  try {
    fs.accessSync(file, fs.constants.W_OK);
    return true;
  } catch {
    return false;
  }
};

/**
 * A WAL ledger on a read-only file system or a full disk cannot be opened in place: SQLite needs its -shm file and
 * cannot create it. When no -wal file holds unmerged commits (it was closed cleanly, or is being read from a read-only copy), the
 * main file is the whole ledger: read it into memory, marked as a rollback-journal database (header bytes 18-19).
 */
const openReadOnly = (file: string): BetterSqlite3.Database => {
  try {
    const db = new Database(file, { readonly: true });
    try {
      db.prepare('SELECT count(*) FROM sqlite_master').get(); // the -shm file is needed at the first read, not at open
    } catch (e) {
      db.close();
      throw e;
    }
    return db;
  } catch (e) {
    const code = String((e as { code?: unknown }).code);
    const walHoldsCommits = fs.existsSync(`${file}-wal`) && fs.statSync(`${file}-wal`).size > 0;
    if (!(code.startsWith('SQLITE_CANTOPEN') || code.startsWith('SQLITE_IOERR')) || walHoldsCommits) throw e;
    const image = fs.readFileSync(file);
    if (image.length > 19) image[18] = image[19] = 1;
    return new Database(image, { readonly: true });
  }
};

/**
 * Opens (and creates, migrates) the ledger file; a file this process may not write is opened read-only, with the
 * reason an append gives.
 */
const openLedgerFile = (file: string, opts: SqliteStoreOptions): { db: BetterSqlite3.Database; readonlyBecause: string | undefined } => {
  const inMemory = file === ':memory:';
  if (!inMemory && opts.mustExist && !fs.existsSync(file)) throw new LedgerMissingError(file);
  if (!inMemory) fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  // A ledger file the user may only read is opened read-only: reads work, an append says why it cannot.
  // A ledger file that cannot be written (permissions, a read-only file system, a full disk) still reads; an append
  // then says why nothing can be recorded.
  let readonlyBecause: string | undefined = !inMemory && fs.existsSync(file) && !writable(file) ? 'is read-only (file permissions or file system)' : undefined;
  const configure = (db: BetterSqlite3.Database): BetterSqlite3.Database => {
    db.pragma(`busy_timeout = ${opts.busyTimeoutMs ?? 5000}`);
    if (!inMemory && readonlyBecause === undefined) db.pragma('journal_mode = WAL');
    // NORMAL is durable across application crashes under WAL; only an OS crash may lose the last commits.
    db.pragma('synchronous = NORMAL');
    db.pragma('cache_size = -65536');
    db.pragma(`mmap_size = ${opts.mappedBytes ?? 1073741824}`);
    if (opts.migrationTarget !== undefined) markMigrationTarget(db, file, opts.migrationTarget);
    else {
      const marker = migrationMarker(db);
      if (marker !== undefined) throw new UnfinishedMigrationError(file, `sqlite:${file}`, marker);
      // a file that holds no ledger (empty, or another program's database) is not made one by a read
      if (opts.mustExist && schemaVersion(db) === 0) throw new LedgerMissingError(file);
    }
    if (readonlyBecause === undefined) migrateSchema(db, file, opts.log ?? ((line) => process.stderr.write(`${line}\n`)));
    else if (schemaVersion(db) === 0) throw new Error(`${file} ${readonlyBecause} and holds no ledger`);
    return db;
  };
  let db: BetterSqlite3.Database;
  if (readonlyBecause !== undefined) db = configure(openReadOnly(file));
  else {
    let writer: BetterSqlite3.Database | undefined;
    try {
      writer = new Database(file);
      db = configure(writer);
    } catch (e) {
      writer?.close();
      const failure = storageFailure(file, e);
      if (failure === e || inMemory || !fs.existsSync(file)) throw failure;
      readonlyBecause = `cannot be written: ${(failure as Error).message.replace(/^.*?, /, '')}`;
      db = configure(openReadOnly(file));
    }
  }
  return { db, readonlyBecause };
};

/** Pages of events (or of the fold's part of them) after a position, up to another, of some types or all. */
const pageReader = (db: BetterSqlite3.Database, columnsOfEvents: string) => {
  /** Keyset page statements by selected columns and number of types (-1: no type filter). */
  const pageStatements = new Map<string, BetterSqlite3.Statement>();
  const pageStatement = (columns: string, typeCount: number): BetterSqlite3.Statement => {
    const key = `${columns}|${typeCount}`;
    let stmt = pageStatements.get(key);
    if (stmt === undefined) {
      const typeFilter = typeCount < 0 ? '' : `AND type IN (${Array.from({ length: typeCount }, () => '?').join(', ')})`;
      stmt = db.prepare(`SELECT ${columns} FROM events WHERE position > ? AND position <= ? ${typeFilter} ORDER BY position LIMIT ?`).raw();
      pageStatements.set(key, stmt);
    }
    return stmt;
  };
  const rowsOf = (columns: string, after: number, upTo: number, limit: number, types?: readonly string[]): unknown[] =>
    types === undefined ? pageStatement(columns, -1).all(after, upTo, limit) : pageStatement(columns, types.length).all(after, upTo, ...types, limit);
  const page = (after: number, upTo: number, limit: number, types?: readonly string[]): RecordedEvent[] =>
    (rowsOf(columnsOfEvents, after, upTo, limit, types) as Row[]).map(toRecorded);
  const factPage = (after: number, upTo: number, limit: number, types?: readonly string[]): RecordedFact[] =>
    (rowsOf(FACT_COLUMNS, after, upTo, limit, types) as FactRow[]).map(toFact);

  return { page, factPage };
};

type WriteStatements = { readonly insert: BetterSqlite3.Statement; readonly chainHead: BetterSqlite3.Statement };

/** The transaction that appends to several streams at once, each at the revision it expects, chaining every event. */
const appendTransaction = (db: BetterSqlite3.Database, writeStatements: WriteStatements | undefined, lastRevision: BetterSqlite3.Statement) => {
  const currentRevision = (streamId: string): CurrentRevision => {
    const max = lastRevision.get(streamId) as number | null;
    return max === null ? 'no_stream' : max;
  };
  return db.transaction((appends: readonly StreamAppend[]): AppendResult[] => {
    const firstRevisions = planRevisions(appends, currentRevision);
    // the chain follows global position: the previous link is read under the same write lock that assigns positions
    const { insert, chainHead } = writeStatements!;
    const head = chainHead.get() as [string, string] | undefined;
    let previous = head?.[0] ?? GENESIS;
    const recordedAtOf = recordedTimes(head?.[1]);
    return appends.map(({ streamId, events, expected }, part) => {
      const first = firstRevisions[part]!;
      let position = 0;
      events.forEach((event, i) => {
        const recordedAt = recordedAtOf(event.eventId, event.recordedAt);
        // the data is stored as the canonical JSON its link hashes: one serialisation per event instead of two
        const data = canonicalJson(event.data);
        previous = chainHash({ streamId, revision: first + i, eventId: event.eventId, type: event.type, data: event.data, recordedAt }, previous, data);
        try {
          const info = insert.run(
            streamId,
            first + i,
            event.eventId,
            event.type,
            data,
            event.metadata === undefined ? '{}' : JSON.stringify(event.metadata),
            recordedAt,
            previous,
          );
          position = Number(info.lastInsertRowid);
        } catch (e) {
          if (isUniqueViolation(e, 'events.event_id')) throw new DuplicateEventError(event.eventId);
          if (isUniqueViolation(e, 'events.stream_id')) throw new ConcurrencyError(streamId, expected, first === 0 ? 'no_stream' : first - 1);
          throw e;
        }
      });
      return { lastRevision: first + events.length - 1, lastGlobalPosition: position };
    });
  });
};

export const openSqliteStore = (file: string = DEFAULT_SQLITE_PATH, opts: SqliteStoreOptions = {}): EventStore => {
  const { db, readonlyBecause } = openLedgerFile(file, opts);
  const readonly = readonlyBecause !== undefined;

  const readBatchSize = opts.readBatchSize ?? 1000;
  const chained = (db.prepare("SELECT count(*) FROM pragma_table_info('events') WHERE name = 'hash'").pluck().get() as number) > 0;
  const COLUMNS = columns(chained);
  const lastRevision = db.prepare('SELECT max(revision) FROM events WHERE stream_id = ?').pluck();
  // a ledger without the chain is open read-only (it was upgraded otherwise): it never appends
  const writeStatements = chained
    ? {
        insert: db.prepare('INSERT INTO events (stream_id, revision, event_id, type, data, metadata, recorded_at, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?)'),
        chainHead: db.prepare('SELECT hash, recorded_at FROM events ORDER BY position DESC LIMIT 1').raw(),
      }
    : undefined;
  const readStreamStmt = db.prepare(`SELECT ${COLUMNS} FROM events WHERE stream_id = ? AND revision >= ? ORDER BY revision`).raw();
  const head = db.prepare('SELECT coalesce(max(position), 0) FROM events').pluck();
  const byEventId = db.prepare(`SELECT ${COLUMNS} FROM events WHERE event_id = ?`).raw();
  const { page, factPage } = pageReader(db, COLUMNS);
  const appendAllTx = appendTransaction(db, writeStatements, lastRevision);

  const subscriptions = subscriptionRegistry();
  let closed = false;

  const store: EventStore = {
    description: `sqlite:${file}`,
    append: async (streamId, events, expected) => {
      validateBatch(streamId, events);
      if (readonly) throw new Error(`${file} ${readonlyBecause}: nothing can be recorded in it`);
      try {
        return appendAllTx.immediate([{ streamId, events, expected }])[0]!;
      } catch (e) {
        throw storageFailure(file, e);
      }
    },
    appendAll: async (appends) => {
      validateAppends(appends);
      if (readonly) throw new Error(`${file} ${readonlyBecause}: nothing can be recorded in it`);
      try {
        return appendAllTx.immediate(appends);
      } catch (e) {
        throw storageFailure(file, e);
      }
    },
    appendWholeLog: async (batches) => {
      if (readonly) throw new Error(`${file} ${readonlyBecause}: nothing can be recorded in it`);
      // one IMMEDIATE transaction around every batch (appendAllTx nests as a savepoint): the file holds the whole
      // log or nothing of it, and no other writer gets in between
      db.exec('BEGIN IMMEDIATE');
      try {
        if ((head.get() as number) !== 0) throw new StoreNotEmptyError(`sqlite:${file}`);
        for await (const appends of batches) {
          validateAppends(appends);
          appendAllTx(appends);
        }
        db.exec('COMMIT');
      } catch (e) {
        if (db.inTransaction) db.exec('ROLLBACK');
        throw storageFailure(file, e);
      }
    },
    ...(opts.migrationTarget === undefined
      ? {}
      : {
          finishMigration: async () => {
            db.transaction(() => db.exec(`DROP TABLE ${MIGRATION_TABLE}`)).immediate();
          },
        }),
    readStream: async (streamId, fromRevision = 0) => (readStreamStmt.all(streamId, fromRevision) as Row[]).map(toRecorded),
    readAll: (options: ReadAllOptions = {}) => pagedReadAll(options, readBatchSize, page),
    readFacts: (options: ReadAllOptions = {}) => pagedReadAll(options, readBatchSize, factPage),
    findByEventIds: async (eventIds) =>
      eventIds
        .map((id) => byEventId.get(id) as Row | undefined)
        .filter((row): row is Row => row !== undefined)
        .map(toRecorded)
        .sort((a, b) => a.globalPosition - b.globalPosition),
    headPosition: async () => head.get() as number,
    changeStamp: () => db.pragma('data_version', { simple: true }) as number,
    subscribe: (options: SubscribeOptions) =>
      subscriptions.track(pollingSubscription(async (after, limit) => page(after, Number.MAX_SAFE_INTEGER, limit), options)),
    close: async () => {
      if (closed) return;
      closed = true;
      await subscriptions.stopAll();
      db.close();
    },
  };
  return store;
};

