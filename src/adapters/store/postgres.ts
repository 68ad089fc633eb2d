/**
 * PostgreSQL adapter (pg).
 *
 * The hard part of a SQL event log is the global order: a bigserial value is taken at INSERT time, but rows become
 * visible at COMMIT time, so a transaction holding position 10 may commit after another one holding 11 was already
 * read — a reader that moved its checkpoint to 11 would skip 10 forever. Two rules close that hole:
 *
 * 1. Readers only return rows whose writing transaction id is below the xmin of their snapshot
 *    (`transaction_id < pg_snapshot_xmin(pg_current_snapshot())`): every transaction below xmin has finished, so
 *    nothing below it can still appear. (Same idea as Emmett's PostgreSQL store.)
 * 2. Writers take their transaction id and all their positions inside one short critical section (a session
 *    advisory lock released right after the INSERT, before COMMIT). Transaction-id order therefore equals position
 *    order, which makes rule 1 return a gap-free prefix of the log ordered by position.
 *
 * The expected-revision check holds a per-stream transaction advisory lock (it does not assign a transaction id,
 * which must only happen inside the critical section of rule 2); the `streams` table keeps each stream's revision.
 * 3. The hash chain (src/app/chain.ts) follows global position: a writer reads the previous link while holding a
 *    transaction advisory lock (CHAIN_LOCK) that it keeps until COMMIT, so the link it reads is committed and no other
 *    writer can chain onto the same one. Recorded times are set by the writer (milliseconds, never behind the
 *    previous event), so that the time hashed is the time stored.
 * Liveness caveat: any long-running transaction with an id holds readers back until it ends (never forward-skips).
 */
import { Pool, type PoolClient } from 'pg';
import {
  type EventStore,
  type ReadAllOptions,
  type RecordedEvent,
  type RecordedFact,
  type SubscribeOptions,
} from '../../app/ports/event-store';
import {
  LedgerMissingError,
  pagedReadAll,
  redact,
  pollingSubscription,
  subscriptionRegistry,
  validateAppends,
  validateBatch,
} from './shared';
import { SCHEMA_LOCK } from './side-tables';
import { chainHash, GENESIS } from '../../app/chain';
import { postgresAppends } from './postgres-append';
import { MIGRATION_TABLE, migrationTargetStep, UnfinishedMigrationError, type MigrationMarker, type MigrationTarget } from './unfinished-migration';

const SCHEMA_VERSION = 3;
/** Advisory lock keys (first int of the two-int form) — arbitrary, but fixed: every writer must use the same. */
const NOTIFY_CHANNEL = 'ledger_events';

export interface PostgresStoreOptions {
  /** Schema holding the tables (created if missing). Default "ledger". */
  readonly schema?: string;
  readonly poolSize?: number;
  readonly readBatchSize?: number;
  /** Refuse a database without the ledger's schema instead of creating it (every command but `init` and writes). */
  readonly mustExist?: boolean;
  /** Where a one-time upgrade of an older ledger says what it did (default: standard error). */
  readonly log?: (line: string) => void;
  /** Opened by `migrate` as its target: marked unfinished until `finishMigration` (unfinished-migration.ts). */
  readonly migrationTarget?: MigrationTarget;
}

const quoteIdent = (name: string): string => {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) {
    throw new Error(`PostgreSQL schema name "${name}" must be lower-case letters, digits and underscores.`);
  }
  return `"${name}"`;
};

const schemaV1 = (s: string): string => `
CREATE TABLE ${s}.streams (
  stream_id text PRIMARY KEY,
  revision  bigint NOT NULL
);
CREATE TABLE ${s}.events (
  global_position bigserial PRIMARY KEY,
  stream_id       text        NOT NULL,
  revision        bigint      NOT NULL,
  event_id        text        NOT NULL,
  type            text        NOT NULL,
  data            jsonb       NOT NULL,
  metadata        jsonb       NOT NULL,
  recorded_at     timestamptz NOT NULL DEFAULT now(),
  transaction_id  xid8        NOT NULL DEFAULT pg_current_xact_id(),
  CONSTRAINT events_stream_revision UNIQUE (stream_id, revision),
  CONSTRAINT events_event_id UNIQUE (event_id)
);`;

interface EventRow {
  global_position: string;
  stream_id: string;
  revision: string;
  event_id: string;
  type: string;
  data: unknown;
  metadata: Record<string, unknown>;
  recorded_at: Date;
  hash: string | null;
}

const COLUMNS = 'global_position, stream_id, revision, event_id, type, data, metadata, recorded_at, hash';
/** What readFacts selects (a fold reads no stream, revision, id or metadata). */
const FACT_COLUMNS = 'global_position, type, data, recorded_at';
/** Rows are visible to readers only once every transaction that might hold a lower position has finished. */
const SETTLED = 'transaction_id < pg_snapshot_xmin(pg_current_snapshot())';

const toRecorded = (row: EventRow): RecordedEvent => ({
  globalPosition: Number(row.global_position),
  streamId: row.stream_id,
  revision: Number(row.revision),
  eventId: row.event_id,
  type: row.type,
  data: row.data,
  metadata: row.metadata,
  recordedAt: row.recorded_at.toISOString(),
  ...(row.hash === null ? {} : { hash: row.hash }),
});

const toFact = (row: Pick<EventRow, 'global_position' | 'type' | 'data' | 'recorded_at'>): RecordedFact => ({
  globalPosition: Number(row.global_position),
  type: row.type,
  data: row.data,
  recordedAt: row.recorded_at.toISOString(),
});

/**
 * Schema 2 adds the hash chain; a ledger written before it gets its chain computed once, inside the schema
 * transaction, over the events as they are now.
 */
const addHashChain = async (client: PoolClient, s: string): Promise<{ events: number; head: string }> => {
  await client.query(`ALTER TABLE ${s}.events ADD COLUMN hash text`);
  let previous = GENESIS;
  let after = '0';
  let events = 0;
  for (;;) {
    const { rows } = await client.query<EventRow>(
      `SELECT ${COLUMNS} FROM ${s}.events WHERE global_position > $1 ORDER BY global_position LIMIT 5000`,
      [after],
    );
    if (rows.length === 0) break;
    const hashes = rows.map((row) => (previous = chainHash(toRecorded(row), previous)));
    await client.query(`UPDATE ${s}.events e SET hash = u.hash FROM unnest($1::bigint[], $2::text[]) AS u(p, hash) WHERE e.global_position = u.p`, [
      rows.map((r) => r.global_position),
      hashes,
    ]);
    after = rows[rows.length - 1]!.global_position;
    events += rows.length;
  }
  return { events, head: previous };
};

const ensureSchema = async (pool: Pool, schema: string, log: (line: string) => void): Promise<void> => {
  const s = quoteIdent(schema);
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK]);
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${s}`);
    await client.query(
      `CREATE TABLE IF NOT EXISTS ${s}.schema_version (version int PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    const { rows } = await client.query<{ v: number | null }>(`SELECT max(version) AS v FROM ${s}.schema_version`);
    const current = rows[0]?.v ?? 0;
    if (current > SCHEMA_VERSION) {
      throw new Error(
        `The ledger schema "${schema}" has version ${current}, newer than this program's ${SCHEMA_VERSION}; upgrade the program.`,
      );
    }
    if (current < 1) {
      await client.query(schemaV1(s));
      await client.query(`INSERT INTO ${s}.schema_version (version) VALUES (1)`);
    }
    let upgraded: { events: number; head: string } | undefined;
    if (current < 2) {
      upgraded = await addHashChain(client, s);
      await client.query(`INSERT INTO ${s}.schema_version (version) VALUES (2)`);
    }
    // schema 3: the log indexed by kind of event, so that a reader of a few kinds (the audit trail) reads those rows only
    let indexed: { events: number; seconds: number } | undefined;
    if (current < 3) {
      const started = process.hrtime.bigint();
      await client.query(`CREATE INDEX IF NOT EXISTS events_type_position ON ${s}.events (type, global_position)`);
      await client.query(`INSERT INTO ${s}.schema_version (version) VALUES (3)`);
      const { rows: counted } = await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${s}.events`);
      indexed = { events: Number(counted[0]?.n ?? 0), seconds: Number(process.hrtime.bigint() - started) / 1e9 };
    }
    await client.query('COMMIT');
    if (upgraded !== undefined && upgraded.events > 0) {
      log(`schema "${schema}": upgraded the ledger to schema 2: computed the hash chain over its ${upgraded.events} events once (head ${upgraded.head}); \`ledger verify\` checks it from now on`);
    }
    if (indexed !== undefined && indexed.events > 0) {
      log(`schema "${schema}": upgraded the ledger to schema 3: indexed its ${indexed.events} events by kind once (${indexed.seconds.toFixed(1)} s)`);
    }
  } catch (e) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw e;
  } finally {
    client.release();
  }
};

/** The schema version of the ledger in the schema, 0 when it holds none (a read looks, and creates nothing). */
const installedVersion = async (pool: Pool, schema: string): Promise<number> => {
  const table = `${quoteIdent(schema)}.schema_version`;
  const { rows } = await pool.query<{ found: string | null }>('SELECT to_regclass($1) AS found', [table]);
  if (rows[0]?.found == null) return 0;
  const { rows: versions } = await pool.query<{ v: number | null }>(`SELECT max(version) AS v FROM ${table}`);
  return versions[0]?.v ?? 0;
};

type Queryable = Pick<Pool | PoolClient, 'query'>;

const migrationMarker = async (db: Queryable, schema: string): Promise<MigrationMarker | undefined> => {
  const table = `${quoteIdent(schema)}.${MIGRATION_TABLE}`;
  const { rows } = await db.query<{ found: string | null }>('SELECT to_regclass($1) AS found', [table]);
  if (rows[0]?.found == null) return undefined;
  const { rows: markers } = await db.query<{ source: string; started_at: string }>(`SELECT source, started_at FROM ${table} LIMIT 1`);
  return markers[0] && { source: markers[0].source, startedAt: markers[0].started_at };
};

/**
 * Marks the schema as a migration's target before anything else is written to it, in one transaction under the
 * schema lock: refused when it holds events; an unfinished copy marked before is replaced (the schema dropped and
 * made again) only when asked to.
 */
const markMigrationTarget = async (pool: Pool, schema: string, where: string, target: MigrationTarget): Promise<void> => {
  const s = quoteIdent(schema);
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK]);
    const marker = await migrationMarker(client, schema);
    const { rows } = await client.query<{ found: string | null }>('SELECT to_regclass($1) AS found', [`${s}.events`]);
    const holdsEvents = rows[0]?.found != null && (await client.query(`SELECT 1 FROM ${s}.events LIMIT 1`)).rows.length > 0;
    if (migrationTargetStep(where, where, { marker, holdsEvents }, target) === 'replace') await client.query(`DROP SCHEMA ${s} CASCADE`);
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${s}`);
    await client.query(`CREATE TABLE ${s}.${MIGRATION_TABLE} (source text NOT NULL, started_at text NOT NULL)`);
    await client.query(`INSERT INTO ${s}.${MIGRATION_TABLE} (source, started_at) VALUES ($1, $2)`, [target.source, new Date().toISOString()]);
    await client.query('COMMIT');
  } catch (e) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw e;
  } finally {
    client.release();
  }
};


/**
 * A pool on the ledger's schema, checked and set up: an unfinished migration refused (or this one marked), a missing
 * ledger refused where it must exist, the schema made or upgraded only where something is missing.
 */
const openedPool = async (url: string, schema: string, opts: PostgresStoreOptions): Promise<Pool> => {
  const pool = new Pool({ connectionString: url, max: opts.poolSize ?? 10 });
  // An idle client that loses its connection must not crash the process; the next query reports the problem.
  pool.on('error', () => undefined);
  const where = `${redact(url)}${schema === 'ledger' ? '' : ` (schema "${schema}")`}`;
  try {
    if (opts.migrationTarget !== undefined) await markMigrationTarget(pool, schema, where, opts.migrationTarget);
    else {
      const marker = await migrationMarker(pool, schema).catch(() => undefined);
      if (marker !== undefined) throw new UnfinishedMigrationError(where, where, marker);
    }
  } catch (e) {
    await pool.end();
    throw e;
  }
  const installed = await installedVersion(pool, schema).catch(async (e: unknown) => {
    await pool.end();
    throw new Error(`Cannot open the PostgreSQL ledger at ${redact(url)}: ${(e as Error).message}`);
  });
  if (opts.mustExist && installed === 0) {
    await pool.end();
    throw new LedgerMissingError(`${redact(url)} (schema "${schema}")`, `--store ${redact(url)}`);
  }
  try {
    // Set-up and upgrades only where something is missing, under the schema lock (ensureSchema): a ledger at this
    // version opens without a statement that writes, so a read-only role or a replica reads it. A reader does not
    // upgrade a ledger that has the chain (schema 2): it reads it without the newer index, as a read-only file does.
    if (installed > SCHEMA_VERSION || (installed < SCHEMA_VERSION && !(opts.mustExist && installed >= 2))) {
      await ensureSchema(pool, schema, opts.log ?? ((line) => process.stderr.write(`${line}\n`)));
    }
  } catch (e) {
    await pool.end();
    throw new Error(`Cannot open the PostgreSQL ledger at ${redact(url)}: ${(e as Error).message}`);
  }
  return pool;
};

export const openPostgresStore = async (url: string, opts: PostgresStoreOptions = {}): Promise<EventStore> => {
  const schema = opts.schema ?? 'ledger';
  const s = quoteIdent(schema);
  const pool = await openedPool(url, schema, opts);
  const readBatchSize = opts.readBatchSize ?? 5000;

  const pageRows = async (columns: string, after: number, upTo: number, limit: number, types?: readonly string[]): Promise<EventRow[]> => {
    const typeFilter = types === undefined ? '' : 'AND type = ANY($4::text[])';
    const params: unknown[] = [after, upTo, limit];
    if (types !== undefined) params.push(types);
    const { rows } = await pool.query<EventRow>(
      `SELECT ${columns} FROM ${s}.events
        WHERE global_position > $1 AND global_position <= $2 AND ${SETTLED} ${typeFilter}
        ORDER BY global_position LIMIT $3`,
      params,
    );
    return rows;
  };
  const readPage = async (after: number, upTo: number, limit: number, types?: readonly string[]): Promise<RecordedEvent[]> =>
    (await pageRows(COLUMNS, after, upTo, limit, types)).map(toRecorded);
  const readFactPage = async (after: number, upTo: number, limit: number, types?: readonly string[]): Promise<RecordedFact[]> =>
    (await pageRows(FACT_COLUMNS, after, upTo, limit, types)).map(toFact);

  // LISTEN/NOTIFY only wakes pollers early; correctness never depends on it.
  const wakers = new Set<() => void>();
  let listener: PoolClient | undefined;
  let listening: Promise<void> | undefined;
  const startListening = (): Promise<void> =>
    (listening ??= (async () => {
      try {
        const client = await pool.connect();
        client.on('notification', (msg) => {
          if (msg.payload === schema) for (const wake of wakers) wake();
        });
        await client.query(`LISTEN ${NOTIFY_CHANNEL}`);
        listener = client;
      } catch {
        // polling alone still delivers everything
      }
    })());

  const { appendAll, appendWholeLog } = postgresAppends(pool, { url, schema, s, notifyChannel: NOTIFY_CHANNEL });
  const subscriptions = subscriptionRegistry();
  let closed = false;

  return {
    description: `postgres:${redact(url)}#${schema}`,
    append: async (streamId, events, expected) => {
      validateBatch(streamId, events);
      return (await appendAll([{ streamId, events, expected }]))[0]!;
    },
    appendAll: async (appends) => {
      validateAppends(appends);
      return appendAll(appends);
    },
    appendWholeLog,
    ...(opts.migrationTarget === undefined
      ? {}
      : {
          finishMigration: async () => {
            await pool.query(`DROP TABLE ${s}.${MIGRATION_TABLE}`);
          },
        }),
    readStream: async (streamId, fromRevision = 0) => {
      const { rows } = await pool.query<EventRow>(
        `SELECT ${COLUMNS} FROM ${s}.events WHERE stream_id = $1 AND revision >= $2 ORDER BY revision`,
        [streamId, fromRevision],
      );
      return rows.map(toRecorded);
    },
    readAll: (options: ReadAllOptions = {}) => pagedReadAll(options, readBatchSize, readPage),
    readFacts: (options: ReadAllOptions = {}) => pagedReadAll(options, readBatchSize, readFactPage),
    findByEventIds: async (eventIds) => {
      if (eventIds.length === 0) return [];
      const { rows } = await pool.query<EventRow>(
        `SELECT ${COLUMNS} FROM ${s}.events WHERE event_id = ANY($1::text[]) ORDER BY global_position`,
        [eventIds],
      );
      return rows.map(toRecorded);
    },
    headPosition: async () => {
      const { rows } = await pool.query<{ p: string }>(
        `SELECT global_position AS p FROM ${s}.events WHERE ${SETTLED} ORDER BY global_position DESC LIMIT 1`,
      );
      return rows.length === 0 ? 0 : Number(rows[0]!.p);
    },
    subscribe: (options: SubscribeOptions) => {
      void startListening();
      const subscription = pollingSubscription(
        (after, limit) => readPage(after, Number.MAX_SAFE_INTEGER, limit),
        options,
        (wake) => {
          wakers.add(wake);
          return () => wakers.delete(wake);
        },
      );
      return subscriptions.track(subscription);
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await subscriptions.stopAll();
      await listening;
      listener?.release();
      await pool.end();
    },
  };
};
