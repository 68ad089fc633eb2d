/**
 * The event-store contract (the port in src/app/ports/event-store.ts), written once and run against every adapter.
 *
 * Every test tags its streams and event types with a fresh run id, so the suite also holds against a store that is
 * shared between tests (an EventStoreDB container); assertions about the whole log are made through the `types`
 * filter or by keeping only the test's own streams. `fresh: true` adds the assertions that need an empty store.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ConcurrencyError,
  DuplicateEventError,
  type EventStore,
  type NewEvent,
  type RecordedEvent,
} from '../../../src/app/ports/event-store';
import { chainHash, GENESIS } from '../../../src/app/chain';

export interface StoreUnderTest {
  readonly store: EventStore;
  readonly cleanup: () => Promise<void>;
  /** A second, independent connection to the same store (another pool / file handle), for concurrency tests. */
  readonly openAnother?: () => Promise<EventStore>;
  /**
   * False when the hash chain holds only with one writing process (EventStoreDB: no transaction over $all); the chain
   * test then writes through one connection.
   */
  readonly chainsAcrossConnections?: boolean;
  /** True when the store starts empty for each test. */
  readonly fresh?: boolean;
}

export type StoreFactory = () => Promise<StoreUnderTest>;

export const collect = async <T,>(iterable: AsyncIterable<readonly T[]>): Promise<T[][]> => {
  const batches: T[][] = [];
  for await (const batch of iterable) batches.push([...batch]);
  return batches;
};

const waitFor = async (condition: () => boolean, what: string, timeoutMs = 30_000): Promise<void> => {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
};

export const expectRejection = async (promise: Promise<unknown>): Promise<Error> => {
  try {
    await promise;
  } catch (e) {
    return e as Error;
  }
  throw new Error('expected the promise to reject, but it resolved');
};

/** A GameReported-like payload, with nesting and a non-ASCII name to prove the JSON round trip. */
const gamePayload = (n: number) => ({
  gameId: `g-${n}`,
  playedOn: '2024-03-09',
  black: { playerId: 'p-17', name: 'Łukasz Ōyama' },
  white: { playerId: `p-${n}`, name: 'Anna' },
  result: n % 3 === 0 ? 'draw' : 'black',
  handicap: null,
  scores: [1, 0.5, 0],
});

export const describeStoreContract = (name: string, factory: StoreFactory): void => {
  describe(`${name}: event store contract`, () => {
    let current: StoreUnderTest | undefined;
    const extra: EventStore[] = [];
    const open = async (): Promise<StoreUnderTest> => {
      current = await factory();
      return current;
    };
    afterEach(async () => {
      for (const s of extra.splice(0)) await s.close();
      await current?.cleanup();
      current = undefined;
    });

    const run = () => randomUUID().slice(0, 8);
    const eventsOf = (tag: string, type: string, from: number, count: number): NewEvent[] =>
      Array.from({ length: count }, (_, i) => ({
        eventId: randomUUID(),
        type: `${tag}.${type}`,
        data: gamePayload(from + i),
      }));
    const ownEvents = async (store: EventStore, tag: string): Promise<RecordedEvent[]> =>
      (await collect(store.readAll({ types: [`${tag}.GameReported`, `${tag}.TournamentClosed`] }))).flat();

    it('appends to a new stream and reads it back in revision order with data, metadata and recording time', async () => {
      const { store } = await open();
      const tag = run();
      const events: NewEvent[] = [
        { eventId: randomUUID(), type: `${tag}.GameReported`, data: gamePayload(1), metadata: { officer: 'fesa-ro' } },
        { eventId: randomUUID(), type: `${tag}.GameReported`, data: gamePayload(2) },
        { eventId: randomUUID(), type: `${tag}.TournamentClosed`, data: { tournamentId: 't-1', closedOn: '2024-03-10' } },
      ];
      const before = Date.now();
      const result = await store.append(`${tag}-t-1`, events, 'no_stream');
      expect(result.lastRevision).toBe(2);

      const read = await store.readStream(`${tag}-t-1`);
      expect(read.map((e) => e.revision)).toEqual([0, 1, 2]);
      expect(read.map((e) => e.eventId)).toEqual(events.map((e) => e.eventId));
      expect(read.map((e) => e.type)).toEqual(events.map((e) => e.type));
      expect(read.map((e) => e.data)).toEqual(events.map((e) => e.data));
      expect(read[0]!.metadata).toMatchObject({ officer: 'fesa-ro' });
      expect(read.every((e) => e.streamId === `${tag}-t-1`)).toBe(true);
      expect(read[2]!.globalPosition).toBe(result.lastGlobalPosition);
      expect(read[0]!.globalPosition).toBeGreaterThan(0);
      const recorded = Date.parse(read[0]!.recordedAt);
      expect(read[0]!.recordedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
      expect(recorded).toBeGreaterThanOrEqual(before - 2000);
      expect(recorded).toBeLessThanOrEqual(Date.now() + 2000);

      expect((await store.readStream(`${tag}-t-1`, 1)).map((e) => e.revision)).toEqual([1, 2]);
      expect(await store.readStream(`${tag}-missing`)).toEqual([]);
      // a server keeps the streams it read and asks only for what follows its last revision (app/stream-tails.ts)
      expect(await store.readStream(`${tag}-t-1`, 3)).toEqual([]);
      const next = randomUUID();
      await store.append(`${tag}-t-1`, [{ eventId: next, type: `${tag}.GameReported`, data: gamePayload(3) }], 2);
      expect((await store.readStream(`${tag}-t-1`, 3)).map((e) => [e.revision, e.eventId])).toEqual([[3, next]]);
    });

    it('reads the whole log in global order across streams, in batches, with fromPosition / toPosition / types', async () => {
      const { store, fresh } = await open();
      const tag = run();
      await store.append(`${tag}-a`, eventsOf(tag, 'GameReported', 0, 2), 'no_stream');
      await store.append(`${tag}-b`, eventsOf(tag, 'TournamentClosed', 2, 1), 'no_stream');
      await store.append(`${tag}-a`, eventsOf(tag, 'GameReported', 3, 2), 1);

      const all = await ownEvents(store, tag);
      expect(all.map((e) => `${e.streamId.slice(tag.length + 1)}@${e.revision}`)).toEqual(['a@0', 'a@1', 'b@0', 'a@2', 'a@3']);
      const positions = all.map((e) => e.globalPosition);
      expect([...positions].sort((x, y) => x - y)).toEqual(positions);
      expect(new Set(positions).size).toBe(5);

      const batches = await collect(store.readAll({ batchSize: 2, types: [`${tag}.GameReported`, `${tag}.TournamentClosed`] }));
      expect(batches.map((b) => b.length)).toEqual([2, 2, 1]);
      expect(batches.flat().map((e) => e.eventId)).toEqual(all.map((e) => e.eventId));

      const tail = (await collect(store.readAll({ fromPosition: positions[1]!, types: [`${tag}.GameReported`] }))).flat();
      expect(tail.map((e) => e.revision)).toEqual([2, 3]);
      const window = (
        await collect(store.readAll({ fromPosition: positions[0]!, toPosition: positions[3]!, types: [`${tag}.GameReported`, `${tag}.TournamentClosed`] }))
      ).flat();
      expect(window.map((e) => e.globalPosition)).toEqual(positions.slice(1, 4));
      const closed = (await collect(store.readAll({ types: [`${tag}.TournamentClosed`] }))).flat();
      expect(closed.map((e) => e.streamId)).toEqual([`${tag}-b`]);
      expect(await collect(store.readAll({ types: [] }))).toEqual([]);

      if (fresh) {
        const everything = (await collect(store.readAll({ batchSize: 3 }))).flat();
        expect(everything.map((e) => e.eventId)).toEqual(all.map((e) => e.eventId));
        expect(await collect(store.readAll({ toPosition: positions[0]! - 1 }))).toEqual([]);
      }
    });

    it('readFacts is readAll with only position, type, data and recording time: same events, same batches, same options', async () => {
      const { store } = await open();
      const tag = run();
      await store.append(`${tag}-a`, eventsOf(tag, 'GameReported', 0, 3), 'no_stream');
      await store.append(`${tag}-b`, eventsOf(tag, 'TournamentClosed', 3, 1), 'no_stream');
      await store.append(`${tag}-a`, eventsOf(tag, 'GameReported', 4, 2), 2);
      const positions = (await ownEvents(store, tag)).map((e) => e.globalPosition);
      const fact = (e: RecordedEvent) => ({ globalPosition: e.globalPosition, type: e.type, data: e.data, recordedAt: e.recordedAt });
      const both = [`${tag}.GameReported`, `${tag}.TournamentClosed`];
      for (const options of [
        { types: both },
        { types: both, batchSize: 2 },
        { types: [`${tag}.GameReported`], fromPosition: positions[1]! },
        { types: both, fromPosition: positions[0]!, toPosition: positions[4]!, batchSize: 3 },
        { types: [] },
      ]) {
        const facts = await collect(store.readFacts(options));
        expect(facts).toEqual((await collect(store.readAll(options))).map((batch) => batch.map(fact)));
        expect(facts.flat().every((f) => Object.keys(f).sort().join() === 'data,globalPosition,recordedAt,type')).toBe(true);
      }
      expect((await collect(store.readFacts({ types: both }))).flat().map((f) => f.globalPosition)).toEqual(positions);
    });

    it('checks the expected revision: no_stream, exact revision, any, and names the conflict in the error', async () => {
      const { store } = await open();
      const tag = run();
      const s = `${tag}-player-17`;
      await store.append(s, eventsOf(tag, 'GameReported', 0, 1), 'no_stream');

      const again = await expectRejection(store.append(s, eventsOf(tag, 'GameReported', 1, 1), 'no_stream'));
      expect(again).toBeInstanceOf(ConcurrencyError);
      expect(again.message).toBe(
        `Concurrency conflict on stream "${s}": expected no stream (new), but it is at revision 0; someone else wrote to it first — reload and retry.`,
      );
      expect(again).toMatchObject({ actual: 0 });

      expect((await store.append(s, eventsOf(tag, 'GameReported', 1, 2), 0)).lastRevision).toBe(2);
      const stale = await expectRejection(store.append(s, eventsOf(tag, 'GameReported', 3, 1), 1));
      expect(stale).toBeInstanceOf(ConcurrencyError);
      expect(stale.message).toContain('expected revision 1, but it is at revision 2');

      const missing = await expectRejection(store.append(`${tag}-nobody`, eventsOf(tag, 'GameReported', 4, 1), 0));
      expect(missing).toBeInstanceOf(ConcurrencyError);
      expect(missing).toMatchObject({ actual: 'no_stream' });
      expect(missing.message).toContain('expected revision 0, but it is at no stream (new)');

      expect((await store.append(s, eventsOf(tag, 'GameReported', 5, 1), 'any')).lastRevision).toBe(3);
      expect((await store.append(`${tag}-fresh`, eventsOf(tag, 'GameReported', 6, 1), 'any')).lastRevision).toBe(0);
      expect((await store.readStream(s)).map((e) => e.revision)).toEqual([0, 1, 2, 3]);
    });

    it('refuses an event id that is already in the log, or twice in one batch, and records nothing of that batch', async () => {
      const { store } = await open();
      const tag = run();
      const [first] = eventsOf(tag, 'GameReported', 0, 1);
      await store.append(`${tag}-a`, [first!], 'no_stream');

      const batch = [...eventsOf(tag, 'GameReported', 1, 2), { ...first!, data: gamePayload(99) }];
      const dup = await expectRejection(store.append(`${tag}-b`, batch, 'no_stream'));
      expect(dup).toBeInstanceOf(DuplicateEventError);
      expect(dup.message).toBe(`Event id "${first!.eventId}" is already in the log; an event is never recorded twice.`);
      expect(await store.readStream(`${tag}-b`)).toEqual([]);

      const [x] = eventsOf(tag, 'GameReported', 5, 1);
      const twice = await expectRejection(store.append(`${tag}-c`, [x!, { ...x! }], 'no_stream'));
      expect(twice).toBeInstanceOf(DuplicateEventError);
      expect(await store.readStream(`${tag}-c`)).toEqual([]);

      expect((await ownEvents(store, tag)).map((e) => e.eventId)).toEqual([first!.eventId]);
      // the failed batch left the stream untouched: the same expected revision still works
      expect((await store.append(`${tag}-b`, eventsOf(tag, 'GameReported', 6, 2), 'no_stream')).lastRevision).toBe(1);
    });

    it('is atomic: a batch that fails its revision check appends nothing, and an empty batch is refused', async () => {
      const { store } = await open();
      const tag = run();
      await store.append(`${tag}-a`, eventsOf(tag, 'GameReported', 0, 2), 'no_stream');
      await expectRejection(store.append(`${tag}-a`, eventsOf(tag, 'GameReported', 2, 3), 'no_stream'));
      expect((await store.readStream(`${tag}-a`)).length).toBe(2);
      const empty = await expectRejection(store.append(`${tag}-a`, [], 1));
      expect(empty.message).toContain('has no events');
      const noData = await expectRejection(
        store.append(`${tag}-a`, [...eventsOf(tag, 'GameReported', 9, 1), { eventId: randomUUID(), type: `${tag}.GameReported`, data: undefined }], 1),
      );
      expect(noData.message).toContain('has no data');
      expect((await ownEvents(store, tag)).length).toBe(2);
    });

    it('appendAll: several streams in the given order, a stream coming back in a later part, one position order', async () => {
      const { store } = await open();
      const tag = run();
      await store.append(`${tag}-t`, eventsOf(tag, 'GameReported', 0, 1), 'no_stream');
      const parts = [
        { streamId: `${tag}-p1`, events: eventsOf(tag, 'GameReported', 1, 1), expected: 'no_stream' as const },
        { streamId: `${tag}-t`, events: eventsOf(tag, 'GameReported', 2, 2), expected: 0 },
        { streamId: `${tag}-p2`, events: eventsOf(tag, 'GameReported', 4, 1), expected: 'no_stream' as const },
        { streamId: `${tag}-t`, events: eventsOf(tag, 'TournamentClosed', 5, 1), expected: 2 },
      ];
      const results = await store.appendAll(parts);
      expect(results.map((r) => r.lastRevision)).toEqual([0, 2, 0, 3]);
      const own = await ownEvents(store, tag);
      expect(own.map((e) => e.eventId)).toEqual([own[0]!.eventId, ...parts.flatMap((p) => p.events.map((e) => e.eventId))]);
      expect(own.map((e) => `${e.streamId.slice(tag.length)}@${e.revision}`)).toEqual(['-t@0', '-p1@0', '-t@1', '-t@2', '-p2@0', '-t@3']);
      for (let i = 1; i < own.length; i++) expect(own[i]!.globalPosition).toBeGreaterThan(own[i - 1]!.globalPosition);
      expect(results[3]!.lastGlobalPosition).toBe(own[5]!.globalPosition);
    });

    it('appendAll records nothing when any part fails: a later stream at another revision, a duplicate id, an empty part', async () => {
      const { store } = await open();
      const tag = run();
      const [first] = eventsOf(tag, 'GameReported', 0, 1);
      await store.append(`${tag}-t`, [first!], 'no_stream');
      const good = { streamId: `${tag}-p1`, events: eventsOf(tag, 'GameReported', 1, 2), expected: 'no_stream' as const };
      const stale = await expectRejection(store.appendAll([good, { streamId: `${tag}-t`, events: eventsOf(tag, 'GameReported', 3, 1), expected: 'no_stream' }]));
      expect(stale).toBeInstanceOf(ConcurrencyError);
      expect(stale.message).toContain(`"${tag}-t": expected no stream (new), but it is at revision 0`);
      const ahead = await expectRejection(store.appendAll([good, { streamId: `${tag}-t`, events: eventsOf(tag, 'GameReported', 3, 1), expected: 4 }]));
      expect(ahead).toBeInstanceOf(ConcurrencyError);
      const duplicate = await expectRejection(store.appendAll([good, { streamId: `${tag}-p2`, events: [{ ...first!, data: gamePayload(9) }], expected: 'no_stream' }]));
      expect(duplicate).toBeInstanceOf(DuplicateEventError);
      const twice = await expectRejection(store.appendAll([good, { streamId: `${tag}-p2`, events: [{ ...good.events[0]! }], expected: 'no_stream' }]));
      expect(twice).toBeInstanceOf(DuplicateEventError);
      expect((await expectRejection(store.appendAll([good, { streamId: `${tag}-p2`, events: [], expected: 'no_stream' }]))).message).toContain('has no events');
      expect((await expectRejection(store.appendAll([]))).message).toContain('no streams');
      expect((await ownEvents(store, tag)).map((e) => e.eventId)).toEqual([first!.eventId]);
      // nothing was half-written: the same parts go in whole afterwards
      await store.appendAll([good, { streamId: `${tag}-t`, events: eventsOf(tag, 'GameReported', 3, 1), expected: 0 }]);
      expect((await ownEvents(store, tag)).length).toBe(4);
    });

    it('finds events by id and reports the head position', async () => {
      const { store, fresh } = await open();
      if (fresh) expect(await store.headPosition()).toBe(0);
      const tag = run();
      const events = eventsOf(tag, 'GameReported', 0, 4);
      await store.append(`${tag}-a`, events.slice(0, 2), 'no_stream');
      const last = await store.append(`${tag}-b`, events.slice(2), 'no_stream');
      expect(await store.headPosition()).toBeGreaterThanOrEqual(last.lastGlobalPosition);
      if (fresh) expect(await store.headPosition()).toBe(last.lastGlobalPosition);

      const found = await store.findByEventIds([events[3]!.eventId, randomUUID(), events[0]!.eventId]);
      expect(found.map((e) => e.eventId).sort()).toEqual([events[0]!.eventId, events[3]!.eventId].sort());
      expect(found.find((e) => e.eventId === events[3]!.eventId)!.streamId).toBe(`${tag}-b`);
      expect(found.find((e) => e.eventId === events[3]!.eventId)!.data).toEqual(events[3]!.data);
      expect(await store.findByEventIds([])).toEqual([]);
    });

    it('subscription catches up from a checkpoint, then delivers live events in order, and stops', async () => {
      const { store } = await open();
      const tag = run();
      await store.append(`${tag}-a`, eventsOf(tag, 'GameReported', 0, 3), 'no_stream');
      const checkpoint = (await ownEvents(store, tag))[0]!.globalPosition;

      const received: RecordedEvent[] = [];
      const errors: Error[] = [];
      const subscription = store.subscribe({
        fromPosition: checkpoint,
        pollIntervalMs: 20,
        batchSize: 2,
        onEvents: async (batch) => {
          expect(batch.length).toBeLessThanOrEqual(2);
          received.push(...batch.filter((e) => e.streamId.startsWith(tag)));
        },
        onError: (e) => errors.push(e),
      });
      await waitFor(() => received.length >= 2, 'catch-up of 2 events');
      await store.append(`${tag}-b`, eventsOf(tag, 'GameReported', 3, 2), 'no_stream');
      await store.append(`${tag}-a`, eventsOf(tag, 'GameReported', 5, 1), 2);
      await waitFor(() => received.length >= 5, '3 live events');
      await subscription.stop();

      expect(received.map((e) => `${e.streamId.slice(tag.length + 1)}@${e.revision}`)).toEqual(['a@1', 'a@2', 'b@0', 'b@1', 'a@3']);
      const positions = received.map((e) => e.globalPosition);
      expect([...positions].sort((x, y) => x - y)).toEqual(positions);

      await store.append(`${tag}-c`, eventsOf(tag, 'GameReported', 6, 1), 'no_stream');
      await new Promise((r) => setTimeout(r, 150));
      expect(received.length).toBe(5);
      expect(errors).toEqual([]);
    });

    it('subscription stops at a failing handler without skipping the failed batch', async () => {
      const { store } = await open();
      const tag = run();
      const from = await store.headPosition();
      await store.append(`${tag}-a`, eventsOf(tag, 'GameReported', 0, 3), 'no_stream');
      const seen: string[] = [];
      const errors: Error[] = [];
      const subscription = store.subscribe({
        fromPosition: from,
        pollIntervalMs: 20,
        batchSize: 1,
        onEvents: (batch) => {
          for (const e of batch) if (e.streamId.startsWith(tag)) {
            if (e.revision === 1) throw new Error('projection failed on revision 1');
            seen.push(`${e.revision}`);
          }
        },
        onError: (e) => errors.push(e),
      });
      await waitFor(() => errors.length === 1, 'the handler error');
      await new Promise((r) => setTimeout(r, 100));
      await subscription.stop();
      expect(seen).toEqual(['0']);
      expect(errors.map((e) => e.message)).toEqual(['projection failed on revision 1']);
    });

    it('two concurrent writers to the same stream: exactly one wins, the other gets ConcurrencyError, nothing is lost', async () => {
      const { store, openAnother } = await open();
      const other = openAnother ? await openAnother() : store;
      if (other !== store) extra.push(other);
      const tag = run();
      const s = `${tag}-player-9`;
      await store.append(s, eventsOf(tag, 'GameReported', 0, 1), 'no_stream');

      for (let round = 0; round < 5; round++) {
        const revision = (await store.readStream(s)).length - 1;
        const mine = eventsOf(tag, 'GameReported', 10 * round, 3);
        const theirs = eventsOf(tag, 'GameReported', 10 * round + 5, 2);
        const outcomes = await Promise.allSettled([store.append(s, mine, revision), other.append(s, theirs, revision)]);
        const won = outcomes.filter((o) => o.status === 'fulfilled');
        const lost = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
        expect(won.length).toBe(1);
        expect(lost.length).toBe(1);
        expect(lost[0]!.reason).toBeInstanceOf(ConcurrencyError);
        // the loser reloads and retries: both batches end up in the stream, each exactly once
        const loser = outcomes[0]!.status === 'rejected' ? { s: store, e: mine } : { s: other, e: theirs };
        const reloaded = (await loser.s.readStream(s)).length - 1;
        await loser.s.append(s, loser.e, reloaded);
      }
      const stream = await store.readStream(s);
      expect(stream.length).toBe(1 + 5 * 5);
      expect(stream.map((e) => e.revision)).toEqual(Array.from({ length: 26 }, (_, i) => i));
      expect(new Set(stream.map((e) => e.eventId)).size).toBe(26);
    });

    it('concurrent writers to different streams all succeed and the log stays in one strictly increasing order', async () => {
      const { store, openAnother } = await open();
      const other = openAnother ? await openAnother() : store;
      if (other !== store) extra.push(other);
      const tag = run();
      await Promise.all(
        Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? store : other).append(`${tag}-s${i}`, eventsOf(tag, 'GameReported', i * 10, 3), 'no_stream')),
      );
      const all = await ownEvents(store, tag);
      expect(all.length).toBe(30);
      for (let i = 1; i < all.length; i++) expect(all[i]!.globalPosition).toBeGreaterThan(all[i - 1]!.globalPosition);
      for (let i = 0; i < 10; i++) {
        expect(all.filter((e) => e.streamId === `${tag}-s${i}`).map((e) => e.revision)).toEqual([0, 1, 2]);
      }
    });

    it('every event carries its link in the hash chain, in global order, across concurrent writers and appendAll', async () => {
      const { store, openAnother, chainsAcrossConnections } = await open();
      const other = openAnother && chainsAcrossConnections !== false ? await openAnother() : store;
      if (other !== store) extra.push(other);
      const tag = run();
      await Promise.all(
        Array.from({ length: 6 }, (_, i) => (i % 2 === 0 ? store : other).append(`${tag}-s${i}`, eventsOf(tag, 'GameReported', i * 10, 2), 'no_stream')),
      );
      await other.appendAll([
        { streamId: `${tag}-s0`, events: eventsOf(tag, 'GameReported', 100, 1), expected: 1 },
        { streamId: `${tag}-a`, events: eventsOf(tag, 'TournamentClosed', 101, 2), expected: 'no_stream' },
      ]);
      const log = (await collect(store.readAll())).flat();
      let previous = GENESIS;
      for (const e of log) {
        expect(e.hash, `position ${e.globalPosition}`).toBe(chainHash(e, previous));
        previous = e.hash!;
      }
      expect((await ownEvents(store, tag)).length).toBe(15);
    });
  });
};
