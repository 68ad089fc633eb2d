import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { logChecksum, migrate } from '../../../src/adapters/store/migrate';
import { openSqliteStore } from '../../../src/adapters/store/sqlite';
import type { EventStore, RecordedEvent } from '../../../src/app/ports/event-store';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-migrate-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
let n = 0;
const fresh = () => openSqliteStore(path.join(root, `m${n++}.db`));
const readAll = async (store: EventStore): Promise<RecordedEvent[]> => {
  const all: RecordedEvent[] = [];
  for await (const batch of store.readAll()) all.push(...batch);
  return all;
};

const seed = async (store: EventStore): Promise<void> => {
  // interleaved streams, so runs of one stream are short and revisions must be carried over exactly
  for (let i = 0; i < 30; i++) {
    const stream = `player-${i % 4}`;
    const revision = Math.floor(i / 4);
    await store.append(
      stream,
      [{ eventId: `e${i}`, type: i % 5 === 0 ? 'TournamentClosed' : 'GameReported', data: { z: i, a: [i, { y: 1, b: 2 }] }, metadata: { by: 'ro' } }],
      revision === 0 ? 'no_stream' : revision - 1,
    );
  }
};

describe('migrate between stores', () => {
  it('copies order, stream ids, revisions, event ids, types, data and metadata, and verifies by checksum', async () => {
    const [from, to] = [fresh(), fresh()];
    await seed(from);
    const progress: number[] = [];
    const result = await migrate(from, to, (p) => progress.push(p.copied));
    expect(result.copied).toBe(30);
    expect(result.source).toEqual(result.target);
    expect(progress[progress.length - 1]).toBe(30);
    const [a, b] = [await readAll(from), await readAll(to)];
    const strip = (e: RecordedEvent) => [e.streamId, e.revision, e.eventId, e.type, e.data, e.metadata];
    expect(b.map(strip)).toEqual(a.map(strip));
    await Promise.all([from.close(), to.close()]);
  });

  it('refuses a target that already holds events, and the checksum changes when one payload differs', async () => {
    const [from, to] = [fresh(), fresh()];
    await seed(from);
    await to.append('x', [{ eventId: 'x1', type: 'T', data: {} }], 'no_stream');
    await expect(migrate(from, to)).rejects.toThrow(/already holds events; the target must be empty/);

    const twin = fresh();
    await seed(twin);
    // the same facts recorded at other times: same checksum, another hash chain (it covers the recorded times)
    const [twinSum, fromSum] = [await logChecksum(twin), await logChecksum(from)];
    expect([twinSum.events, twinSum.sha256]).toEqual([fromSum.events, fromSum.sha256]);
    await from.append('player-0', [{ eventId: 'extra', type: 'GameReported', data: { z: 1 } }], 7);
    await twin.append('player-0', [{ eventId: 'extra', type: 'GameReported', data: { z: 2 } }], 7);
    const [c1, c2] = [await logChecksum(from), await logChecksum(twin)];
    expect(c1.events).toBe(31);
    expect(c1.sha256).not.toBe(c2.sha256);
    await Promise.all([from.close(), to.close(), twin.close()]);
  });

  it('checksums data canonically: key order does not matter', async () => {
    const [x, y] = [fresh(), fresh()];
    await x.append('s', [{ eventId: 'e', type: 'T', data: { a: 1, b: { c: 2, d: 3 } } }], 'no_stream');
    await y.append('s', [{ eventId: 'e', type: 'T', data: { b: { d: 3, c: 2 }, a: 1 } }], 'no_stream');
    const [sx, sy] = [await logChecksum(x), await logChecksum(y)];
    expect([sx.events, sx.sha256]).toEqual([sy.events, sy.sha256]);
    await Promise.all([x.close(), y.close()]);
  });
});
