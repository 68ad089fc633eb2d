/**
 * The EventStoreDB adapter's own logic, run over a stand-in for the 6.x client (test/adapters/store/esdb-stand-in.ts).
 * This is NOT a test against EventStoreDB: the stand-in copies the few server and client behaviours the adapter
 * depends on, so these tests say what the adapter does with them. The real server runs the contract in esdb.test.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import {
  AccessDeniedError,
  DeadlineExceededError,
  EventStoreDBClient,
  MaxAppendSizeExceededError,
} from '@eventstore/db-client';
import { afterEach, describe, expect, it } from 'vitest';
import { normaliseConnectionString, openEsdbStore, type EsdbStoreOptions } from '../../../src/adapters/store/esdb';
import { migrate } from '../../../src/adapters/store/migrate';
import { parseStoreSpec } from '../../../src/adapters/store/open';
import { ConcurrencyError, DuplicateEventError, type EventStore, type NewEvent, type RecordedEvent } from '../../../src/app/ports/event-store';
import { openSqliteStore } from '../../../src/adapters/store/sqlite';
import { collect, describeStoreContract, expectRejection } from './contract';
import { EsdbStandIn } from './esdb-stand-in';

const stores: EventStore[] = [];
afterEach(async () => {
  for (const s of stores.splice(0)) await s.close();
});
const adapterOver = (server: EsdbStandIn, options: Omit<EsdbStoreOptions, 'client'> = {}): EventStore => {
  const store = openEsdbStore('esdb://stand-in:2113?tls=false', { client: server.client(), ...options });
  stores.push(store);
  return store;
};
const events = (type: string, count: number, data: (i: number) => unknown = (i) => ({ n: i })): NewEvent[] =>
  Array.from({ length: count }, (_, i) => ({ eventId: randomUUID(), type, data: data(i) }));
const waitFor = async (condition: () => boolean, what: string): Promise<void> => {
  for (let i = 0; i < 500 && !condition(); i++) await new Promise((r) => setTimeout(r, 10));
  if (!condition()) throw new Error(`gave up waiting for ${what}`);
};

describe('esdb adapter over a stand-in for the 6.x client (not EventStoreDB)', () => {
  it('fills each page of a typed read with matching events only: batchSize counts what is returned', async () => {
    const server = new EsdbStandIn();
    const store = adapterOver(server);
    // the 6.x client reads $all with NoFilter: other types and system events sit between the wanted ones
    for (let i = 0; i < 5; i++) {
      await store.append(`s-${i}`, events('Other', 1 + (i % 2)), 'no_stream');
      server.writeSystemEvent();
      await store.append(`s-${i}`, events('Wanted', 1), 'any');
    }
    const pages = await collect(store.readAll({ types: ['Wanted'], batchSize: 2 }));
    expect(pages.map((p) => p.length)).toEqual([2, 2, 1]);
    expect(pages.flat().every((e) => e.type === 'Wanted')).toBe(true);
    expect((await collect(store.readFacts({ types: ['Wanted'], batchSize: 2 }))).map((p) => p.length)).toEqual([2, 2, 1]);
    // untyped reads still page by user events, never returning system events
    expect((await collect(store.readAll({ batchSize: 4 }))).map((p) => p.length)).toEqual([4, 4, 4]);
  });

  it('reserves event ids before appending: of two concurrent appends of one id, one records it and one is refused', async () => {
    const server = new EsdbStandIn(1_048_576, 20);
    const store = adapterOver(server);
    const [game] = events('GameReported', 1);
    const toTwoStreams = await Promise.allSettled([store.append('a', [game!], 'no_stream'), store.append('b', [game!], 'no_stream')]);
    expect(toTwoStreams.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect((toTwoStreams.find((o) => o.status === 'rejected') as PromiseRejectedResult).reason).toBeInstanceOf(DuplicateEventError);
    expect(server.log.filter((e) => e.type === 'GameReported')).toHaveLength(1);

    // the same stream: the server would take the second as an idempotent retry and answer success
    const [again] = events('GameReported', 1);
    const toOneStream = await Promise.allSettled([store.append('c', [again!], 'no_stream'), store.append('c', [again!], 'no_stream')]);
    expect(toOneStream.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect((toOneStream.find((o) => o.status === 'rejected') as PromiseRejectedResult).reason).toBeInstanceOf(DuplicateEventError);
  });

  it('releases reserved ids when the append fails, so the corrected retry records them', async () => {
    const server = new EsdbStandIn();
    const store = adapterOver(server);
    await store.append('a', events('GameReported', 1), 'no_stream');
    const batch = events('GameReported', 2);
    expect(await expectRejection(store.append('a', batch, 'no_stream'))).toBeInstanceOf(ConcurrencyError);
    expect((await store.append('a', batch, 0)).lastRevision).toBe(2);
    expect((await store.findByEventIds([batch[1]!.eventId])).map((e) => e.revision)).toEqual([2]);
  });

  it('resubscribes after the server drops the subscription, from the last delivered event, with growing delays', async () => {
    const server = new EsdbStandIn();
    const delays: number[] = [];
    const store = adapterOver(server, {
      resubscribeDelayMs: (attempt) => {
        delays.push(attempt);
        return 1;
      },
    });
    await store.append('a', events('GameReported', 2), 'no_stream');
    const received: RecordedEvent[] = [];
    const errors: Error[] = [];
    const subscription = store.subscribe({ fromPosition: 0, onEvents: (batch) => void received.push(...batch), onError: (e) => errors.push(e) });
    await waitFor(() => received.length === 2, 'catch-up');
    server.drop();
    await store.append('a', events('GameReported', 1), 1);
    await waitFor(() => received.length === 3, 'the event after the drop');
    server.drop();
    server.drop();
    await store.append('b', events('GameReported', 2), 'no_stream');
    await waitFor(() => received.length === 5, 'the events after two more drops');
    await subscription.stop();

    expect(received.map((e) => `${e.streamId}@${e.revision}`)).toEqual(['a@0', 'a@1', 'a@2', 'b@0', 'b@1']);
    expect(errors.length).toBeGreaterThanOrEqual(2);
    expect(errors[0]!.message).toMatch(/^Subscription to \$all of esdb:.* was dropped \(UnavailableError: 14 UNAVAILABLE: Connection dropped\); resubscribing after position \d+ in 1 ms\.$/);
    expect(delays[0]).toBe(0);
  });

  it('names the error, the stream, the store and the limit when an append fails (the client leaves the message empty)', async () => {
    const server = new EsdbStandIn();
    const store = adapterOver(server);
    server.tombstone('deleted');
    expect((await expectRejection(store.append('deleted', events('GameReported', 1), 'any'))).message).toBe(
      'Append to stream "deleted" in esdb:esdb://stand-in:2113?tls=false failed: the stream has been deleted (StreamDeletedError); ' +
        'a deleted stream cannot be written again.',
    );
    server.failNextAppend(new AccessDeniedError());
    expect((await expectRejection(store.append('a', events('GameReported', 1), 'no_stream'))).message).toBe(
      'Append to stream "a" in esdb:esdb://stand-in:2113?tls=false failed: access denied (AccessDeniedError); ' +
        'on a secure server put the credentials of a user allowed to write (and to read $all) in the connection string.',
    );
    server.failNextAppend(new DeadlineExceededError());
    expect((await expectRejection(store.append('a', events('GameReported', 1), 'no_stream'))).message).toBe(
      'Append to stream "a" in esdb:esdb://stand-in:2113?tls=false failed: the server did not answer within the deadline ' +
        '(DeadlineExceededError); the append may or may not have been recorded — read the stream before retrying.',
    );
    const [huge] = events('GameReported', 1, () => ({ blob: 'x'.repeat(1_100_000) }));
    // 1,100,217 bytes: the blob, its id in the metadata, and its link in the hash chain with the recorded time (126 bytes)
    expect((await expectRejection(store.append('a', [huge!], 'no_stream'))).message).toBe(
      `Append to stream "a" in esdb:esdb://stand-in:2113?tls=false failed: event "${huge!.eventId}" alone is 1100217 bytes, ` +
        "over the server's maximum append size of 1048576 bytes (MaxAppendSizeExceededError; EVENTSTORE_MAX_APPEND_SIZE).",
    );
    expect(server.log).toEqual([]);
  });

  it('splits an append over the maximum append size into chunks, each with the expected revision the last one left', async () => {
    const server = new EsdbStandIn();
    const store = adapterOver(server);
    const batch = events('GameReported', 3000, (i) => ({ gameId: `g-${i}`, notes: 'n'.repeat(900) }));
    const result = await store.append('long', batch, 'no_stream');
    expect(result.lastRevision).toBe(2999);
    expect(server.appendCalls.length).toBeGreaterThanOrEqual(3);
    expect(server.appendCalls[0]!.expectedRevision).toBe('no_stream');
    let before = -1;
    for (const call of server.appendCalls) {
      if (before >= 0) expect(call.expectedRevision).toBe(BigInt(before));
      before += call.events;
    }
    expect((await store.readStream('long')).map((e) => e.eventId)).toEqual(batch.map((e) => e.eventId));
  });

  it('appendAll sends each part through the same splitting: a part over the maximum append size lands whole, in order', async () => {
    const server = new EsdbStandIn();
    const store = adapterOver(server);
    const games = events('GameReported', 2000, (i) => ({ gameId: `g-${i}`, notes: 'n'.repeat(900) }));
    const closed = events('TournamentClosed', 1);
    const results = await store.appendAll([
      { streamId: 'tournament-1', events: games, expected: 'no_stream' },
      { streamId: 'ledger-lists', events: closed, expected: 'no_stream' },
    ]);
    expect(results.map((r) => r.lastRevision)).toEqual([1999, 0]);
    expect(server.appendCalls.filter((c) => c.streamId === 'tournament-1').length).toBeGreaterThanOrEqual(2);
    expect(server.log.map((e) => e.type)).toEqual([...games.map(() => 'GameReported'), 'TournamentClosed']);
  });

  it('learns a smaller limit from the server (EVENTSTORE_MAX_APPEND_SIZE) and splits the rest of the append by it', async () => {
    const server = new EsdbStandIn(64 * 1024);
    const store = adapterOver(server);
    const batch = events('GameReported', 300, (i) => ({ gameId: `g-${i}`, notes: 'n'.repeat(900) }));
    expect((await store.append('long', batch, 'no_stream')).lastRevision).toBe(299);
    expect((await store.readStream('long')).map((e) => e.revision)).toEqual(batch.map((_, i) => i));
  });

  it('migrates a stream longer than one append allows from SQLite', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-esdb-migrate-'));
    const source = openSqliteStore(path.join(dir, 'source.db'));
    stores.push(source);
    await source.append('tournament-1', events('GameReported', 2500, (i) => ({ gameId: `g-${i}`, notes: 'n'.repeat(700) })), 'no_stream');
    await source.append('tournament-2', events('TournamentClosed', 1), 'no_stream');
    const result = await migrate(source, adapterOver(new EsdbStandIn()));
    expect(result.copied).toBe(2501);
    expect(result.target.sha256).toBe(result.source.sha256);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('cancels the reads it cuts short (toPosition, headPosition, one-event lookups)', async () => {
    const server = new EsdbStandIn();
    const store = adapterOver(server);
    const batch = events('GameReported', 30);
    await store.append('a', batch, 'no_stream');
    const positions = (await collect(store.readAll())).flat().map((e) => e.globalPosition);
    expect((await collect(store.readAll({ toPosition: positions[4]!, batchSize: 3 }))).flat()).toHaveLength(5);
    expect(await store.headPosition()).toBe(positions[29]);
    expect(await store.findByEventIds([batch[7]!.eventId])).toHaveLength(1);
    for await (const page of store.readAll({ batchSize: 5 })) if (page.length > 0) break;
    await new Promise((r) => setTimeout(r, 10));
    expect(server.openReads).toBe(0);
  });

  it('accepts the connection string scheme in any case, as the store setting does', async () => {
    for (const [given, normal] of [
      ['ESDB://eventstore:2113?tls=false', 'esdb://eventstore:2113?tls=false'],
      ['Esdb+Discover://a:2113', 'esdb+discover://a:2113'],
      ['KurrentDB://k:2113', 'esdb://k:2113'],
    ] as const) {
      expect(normaliseConnectionString(given)).toBe(normal);
      await EventStoreDBClient.connectionString(normaliseConnectionString(given)).dispose(); // the client's own parser
    }
    // (openStore itself asks the server for the unfinished-migration marker: with no server here, the store it opens)
    expect(parseStoreSpec('ESDB://localhost:2113?tls=false')).toEqual({ kind: 'esdb', connectionString: 'ESDB://localhost:2113?tls=false' });
    const store = openEsdbStore('ESDB://localhost:2113?tls=false');
    expect(store.description).toBe('esdb:ESDB://localhost:2113?tls=false');
    await store.close();
  });

  it('reports a server-built MaxAppendSizeExceededError with its limit even without splitting (unit of the wording)', async () => {
    const server = new EsdbStandIn();
    const store = adapterOver(server);
    server.failNextAppend(MaxAppendSizeExceededError.fromMaxAppendSize(1_048_576));
    const error = await expectRejection(store.append('a', events('GameReported', 1), 'no_stream'));
    expect(error.message).toContain("over the server's maximum append size of 1048576 bytes (MaxAppendSizeExceededError; EVENTSTORE_MAX_APPEND_SIZE)");
  });
});

describeStoreContract('esdb adapter over the stand-in client (not EventStoreDB)', async () => {
  const server = new EsdbStandIn();
  const store = openEsdbStore('esdb://stand-in:2113?tls=false', { client: server.client() });
  return {
    store,
    fresh: true,
    chainsAcrossConnections: false,
    openAnother: async () => openEsdbStore('esdb://stand-in:2113?tls=false', { client: server.client() }),
    cleanup: () => store.close(),
  };
});
