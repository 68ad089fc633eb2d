import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultStoreSpec, openStore, parseStoreSpec } from '../../../src/adapters/store/open';

describe('openStore / parseStoreSpec', () => {
  it('recognises every supported form of the setting', () => {
    expect(parseStoreSpec('sqlite:./data/ledger.db')).toEqual({ kind: 'sqlite', path: './data/ledger.db' });
    expect(parseStoreSpec('/var/lib/ledger.db')).toEqual({ kind: 'sqlite', path: '/var/lib/ledger.db' });
    expect(parseStoreSpec('ledger.db')).toEqual({ kind: 'sqlite', path: 'ledger.db' });
    expect(parseStoreSpec('C:\\ledger\\ledger.db')).toEqual({ kind: 'sqlite', path: 'C:\\ledger\\ledger.db' });
    expect(parseStoreSpec('postgres://u@h:5432/db')).toEqual({ kind: 'postgres', url: 'postgres://u@h:5432/db' });
    expect(parseStoreSpec('postgresql://u@h/db')).toEqual({ kind: 'postgres', url: 'postgresql://u@h/db' });
    expect(parseStoreSpec('esdb://eventstore:2113?tls=false')).toEqual({ kind: 'esdb', connectionString: 'esdb://eventstore:2113?tls=false' });
    expect(parseStoreSpec('kurrentdb://k:2113?tls=false').kind).toBe('esdb');
  });

  it('refuses an unknown scheme or an empty setting in one sentence that lists what is accepted', () => {
    expect(() => parseStoreSpec('mysql://x/y')).toThrow(
      'The store setting "mysql://x/y" has an unknown scheme "mysql:"; expected a SQLite path (or sqlite:<path>), postgres://…, postgresql://…, esdb://… or kurrentdb://….',
    );
    expect(() => parseStoreSpec('  ')).toThrow(/is empty/);
    expect(() => parseStoreSpec('sqlite:')).toThrow(/names no file/);
  });

  it('defaults to LEDGER_STORE, then LEDGER_DB, then ./data/ledger.db', () => {
    expect(defaultStoreSpec({ LEDGER_STORE: 'postgres://a/b', LEDGER_DB: 'x.db' })).toBe('postgres://a/b');
    expect(defaultStoreSpec({ LEDGER_DB: 'x.db' })).toBe('x.db');
    expect(defaultStoreSpec({})).toBe('./data/ledger.db');
  });

  it('opens a SQLite store from a sqlite: setting', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-open-'));
    const store = await openStore(`sqlite:${dir}/sub/ledger.db`);
    expect(store.description).toBe(`sqlite:${dir}/sub/ledger.db`);
    await store.append('s', [{ eventId: 'e', type: 'T', data: 1 }], 'no_stream');
    await store.close();
    expect(fs.existsSync(`${dir}/sub/ledger.db`)).toBe(true);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
