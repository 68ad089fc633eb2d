import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../../src/adapters/store/sqlite';
import { describeStoreContract } from './contract';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-sqlite-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
let n = 0;

describeStoreContract('sqlite', async () => {
  const file = path.join(root, `t${n++}`, 'ledger.db');
  const store = openSqliteStore(file);
  return {
    store,
    fresh: true,
    openAnother: async () => openSqliteStore(file),
    cleanup: () => store.close(),
  };
});

describe('sqlite adapter specifics', () => {
  it('creates the folder, records schema versions 1, 2 (the hash chain) and 3 (the index by kind), and reopens an existing file with its events', async () => {
    const file = path.join(root, 'nested', 'deeper', 'ledger.db');
    const first = openSqliteStore(file);
    await first.append('s', [{ eventId: 'e1', type: 'GameReported', data: { a: 1 } }], 'no_stream');
    await first.close();
    const second = openSqliteStore(file);
    expect((await second.readStream('s')).map((e) => e.eventId)).toEqual(['e1']);
    expect(second.description).toBe(`sqlite:${file}`);
    await second.close();
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const db = require('better-sqlite3')(file, { readonly: true });
    expect(db.prepare('SELECT version FROM schema_version').pluck().all()).toEqual([1, 2, 3]);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    db.close();
  });

  it('keeps positions dense in commit order even after failed appends', async () => {
    const store = openSqliteStore(path.join(root, 'dense.db'));
    await store.append('a', [{ eventId: 'x1', type: 'T', data: 1 }], 'no_stream');
    await store.append('a', [{ eventId: 'x2', type: 'T', data: 2 }, { eventId: 'x1', type: 'T', data: 3 }], 0).catch(() => undefined);
    await store.append('b', [{ eventId: 'x3', type: 'T', data: 4 }], 'no_stream');
    const all: number[] = [];
    for await (const batch of store.readAll()) all.push(...batch.map((e) => e.globalPosition));
    expect(all).toEqual([1, 2]);
    await store.close();
  });
});
