/**
 * Appends to the PostgreSQL log (postgres.ts says the rules: stream locks in one order, the chain lock, one critical
 * section for a command's positions, the notification that wakes pollers).
 */
import type { Pool, PoolClient } from 'pg';
import { ConcurrencyError, DuplicateEventError, StoreNotEmptyError, type AppendResult, type StreamAppend } from '../../app/ports/event-store';
import { canonicalJson } from '../../../domain/commands/decide';
import { chainHash, GENESIS, recordedTimes } from '../../app/chain';
import { planRevisions, redact, validateAppends } from './shared';

/** Advisory lock keys (first int of the two-int form) — arbitrary, but fixed: every writer must use the same. */
const APPEND_LOCK = 0x1ed9e7;
const CHAIN_LOCK = 0x1ed9e9;

export interface AppendPlace {
  readonly url: string;
  readonly schema: string;
  /** The schema's name quoted for SQL. */
  readonly s: string;
  readonly notifyChannel: string;
}

/** `lockStreams: false` only inside appendWholeLog, whose transaction holds the chain lock from its start. */
const appendInTransaction = async (place: AppendPlace, broken: WeakSet<PoolClient>, client: PoolClient, appends: readonly StreamAppend[], lockStreams = true): Promise<AppendResult[]> => {
  const { schema, s } = place;
  // Stream locks in one order, so that two multi-stream writers never wait for each other in a cycle.
  const streams = [...new Set(appends.map((part) => part.streamId))].sort();
  for (const streamId of lockStreams ? streams : []) {
    await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`ledger-stream:${schema}:${streamId}`]);
  }
  const { rows } = await client.query<{ stream_id: string; revision: string }>(
    `SELECT stream_id, revision FROM ${s}.streams WHERE stream_id = ANY($1::text[])`,
    [streams],
  );
  const revisions = new Map(rows.map((r) => [r.stream_id, Number(r.revision)]));
  const firstRevisions = planRevisions(appends, (streamId) => revisions.get(streamId) ?? 'no_stream');
  const events = appends.flatMap((part, p) => part.events.map((event, i) => ({ streamId: part.streamId, revision: firstRevisions[p]! + i, event })));

  // rule 3: the previous link, read under the chain lock (held until COMMIT), so it is the committed last event
  await client.query('SELECT pg_advisory_xact_lock($1)', [CHAIN_LOCK]);
  const { rows: heads } = await client.query<{ hash: string | null; recorded_at: Date }>(
    `SELECT hash, recorded_at FROM ${s}.events ORDER BY global_position DESC LIMIT 1`,
  );
  let previous = heads[0]?.hash ?? GENESIS;
  const recordedAtOf = recordedTimes(heads[0]?.recorded_at.toISOString());
  const chained = events.map(({ streamId, revision, event }) => {
    const recordedAt = recordedAtOf(event.eventId, event.recordedAt);
    // the canonical JSON its link hashes is what is sent for the jsonb column: one serialisation per event
    const data = canonicalJson(event.data);
    previous = chainHash({ streamId, revision, eventId: event.eventId, type: event.type, data: event.data, recordedAt }, previous, data);
    return { recordedAt, hash: previous, data };
  });

  // All positions of the command inside one critical section (rule 2 above): a second INSERT in a later section
  // could take positions above another writer's while keeping the lower transaction id.
  let inserted: { global_position: string }[];
  await client.query('SELECT pg_advisory_lock($1, 0)', [APPEND_LOCK]);
  try {
    ({ rows: inserted } = await client.query<{ global_position: string }>(
      `INSERT INTO ${s}.events (stream_id, revision, event_id, type, data, metadata, recorded_at, hash)
       SELECT e.stream_id, e.revision, e.event_id, e.type, e.data, e.metadata, e.recorded_at, e.hash
         FROM unnest($1::text[], $2::bigint[], $3::text[], $4::text[], $5::jsonb[], $6::jsonb[], $7::timestamptz[], $8::text[])
              WITH ORDINALITY AS e(stream_id, revision, event_id, type, data, metadata, recorded_at, hash, ord)
        ORDER BY e.ord
       ON CONFLICT DO NOTHING
       RETURNING global_position`,
      [
        events.map((e) => e.streamId),
        events.map((e) => e.revision),
        events.map((e) => e.event.eventId),
        events.map((e) => e.event.type),
        chained.map((c) => c.data),
        events.map((e) => (e.event.metadata === undefined ? '{}' : JSON.stringify(e.event.metadata))),
        chained.map((c) => c.recordedAt),
        chained.map((c) => c.hash),
      ],
    ));
  } catch (e) {
    // Roll back first: in an aborted transaction even the unlock below would be refused.
    await client.query('ROLLBACK').catch(() => undefined);
    throw e;
  } finally {
    // A session lock that cannot be released would block every writer: then the connection is thrown away.
    await client.query('SELECT pg_advisory_unlock($1, 0)', [APPEND_LOCK]).catch(() => {
      broken.add(client);
    });
  }
  if (inserted.length !== events.length) {
    // Only event_id can conflict: (stream_id, revision) is guarded by the stream locks held above.
    const { rows: existing } = await client.query<{ event_id: string }>(
      `SELECT event_id FROM ${s}.events WHERE event_id = ANY($1::text[]) AND transaction_id <> pg_current_xact_id()`,
      [events.map((e) => e.event.eventId)],
    );
    const taken = new Set(existing.map((r) => r.event_id));
    throw new DuplicateEventError(events.find((e) => taken.has(e.event.eventId))?.event.eventId ?? events[0]!.event.eventId);
  }
  const positions = inserted.map((r) => Number(r.global_position));
  const lastRevisions = new Map<string, number>();
  let at = 0;
  const results = appends.map((part, p) => {
    const lastRevision = firstRevisions[p]! + part.events.length - 1;
    lastRevisions.set(part.streamId, lastRevision);
    at += part.events.length;
    return { lastRevision, lastGlobalPosition: Math.max(...positions.slice(at - part.events.length, at)) };
  });
  await client.query(
    `INSERT INTO ${s}.streams (stream_id, revision) SELECT * FROM unnest($1::text[], $2::bigint[])
     ON CONFLICT (stream_id) DO UPDATE SET revision = excluded.revision`,
    [[...lastRevisions.keys()], [...lastRevisions.values()]],
  );
  await client.query('SELECT pg_notify($1, $2)', [place.notifyChannel, schema]);
  return results;
};


export const postgresAppends = (pool: Pool, place: AppendPlace): { appendAll: (appends: readonly StreamAppend[]) => Promise<AppendResult[]>; appendWholeLog: (batches: AsyncIterable<readonly StreamAppend[]>) => Promise<void> } => {
  const { url, schema, s } = place;
  /** Connections that must not go back to the pool (they may still hold the append lock). */
  const broken = new WeakSet<PoolClient>();

  const appendAll = async (appends: readonly StreamAppend[]): Promise<AppendResult[]> => {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const results = await appendInTransaction(place, broken, client, appends);
      await client.query('COMMIT');
      return results;
    } catch (e) {
      await client.query('ROLLBACK').catch(() => undefined);
      if (e instanceof ConcurrencyError || e instanceof DuplicateEventError) throw e;
      const streams = [...new Set(appends.map((part) => `"${part.streamId}"`))].join(', ');
      throw new Error(`Append to stream${appends.length > 1 ? 's' : ''} ${streams} in ${redact(url)} failed: ${(e as Error).message}`);
    } finally {
      client.release(broken.has(client));
    }
  };

  const appendWholeLog = async (batches: AsyncIterable<readonly StreamAppend[]>): Promise<void> => {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      // the chain lock first and until COMMIT: every other writer waits for it, so no stream lock is needed (a
      // million-game log would hold 120,000 of them in one transaction; the lock table is sized for 64 a connection)
      await client.query('SELECT pg_advisory_xact_lock($1)', [CHAIN_LOCK]);
      const { rows } = await client.query(`SELECT 1 FROM ${s}.events LIMIT 1`);
      if (rows.length > 0) throw new StoreNotEmptyError(`postgres:${redact(url)}#${schema}`);
      for await (const appends of batches) {
        validateAppends(appends);
        await appendInTransaction(place, broken, client, appends, false);
      }
      await client.query('COMMIT');
    } catch (e) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw e;
    } finally {
      client.release(broken.has(client));
    }
  };

  return { appendAll, appendWholeLog };
};
