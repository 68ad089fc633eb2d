/**
 * Schema 3 (SQLite): the log indexed by kind of event, so that reading a few kinds (the audit trail) costs by their
 * number, not the log's size. An older ledger is upgraded once, logged once, also when two processes open it at once;
 * a read-only older ledger still reads, unindexed.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqliteStore, TYPE_INDEX } from '../../../src/adapters/store/sqlite';
import type { EventStore, RecordedFact } from '../../../src/app/ports/event-store';
import { cliBuilt, runProcess, tempDir } from '../../support/helpers';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const Database: typeof BetterSqlite3 = require('better-sqlite3');

const dir = tempDir('type-index');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const KINDS = ['ResultCorrected', 'GameWithdrawn', 'RatingListPublished'] as const;
/** The statement readFacts prepares for three kinds (src/adapters/store/sqlite.ts pageStatement). */
const TYPED_PAGE = `SELECT position, type, data, recorded_at FROM events WHERE position > ? AND position <= ? AND type IN (?, ?, ?) ORDER BY position LIMIT ?`;

/** 600 events, every 37th of one of the audit trail's kinds. */
const fill = async (store: EventStore): Promise<void> => {
  for (let i = 0; i < 600; i += 50) {
    await store.append(
      `s${i}`,
      Array.from({ length: 50 }, (_, j) => ({ eventId: `e${i + j}`, type: (i + j) % 37 === 5 ? KINDS[(i + j) % 3]! : 'GameReported', data: { n: i + j } })),
      'no_stream',
    );
  }
};
const expectedKinds = (): number[] => Array.from({ length: 600 }, (_, n) => n).filter((n) => n % 37 === 5);

const typedFacts = async (store: EventStore): Promise<RecordedFact[]> => {
  const facts: RecordedFact[] = [];
  for await (const batch of store.readFacts({ types: KINDS })) facts.push(...batch);
  return facts;
};

/** A schema-2 ledger as the previous version left it: no index by kind, versions 1 and 2. */
const schema2Copy = (source: string, name: string): string => {
  const file = path.join(dir, `${name}.db`);
  fs.copyFileSync(source, file);
  const db = new Database(file);
  db.exec(`DROP INDEX ${TYPE_INDEX}; DELETE FROM schema_version WHERE version >= 3;`);
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  return file;
};

const versions = (file: string): number[] => {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare('SELECT version FROM schema_version ORDER BY version').pluck().all() as number[];
  } finally {
    db.close();
  }
};
const plan = (file: string): string => {
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare(`EXPLAIN QUERY PLAN ${TYPED_PAGE}`).all(0, 1e9, ...KINDS, 1000) as { detail: string }[]).map((r) => r.detail).join('; ');
  } finally {
    db.close();
  }
};

const fresh = path.join(dir, 'fresh.db');
beforeAll(async () => {
  const store = openSqliteStore(fresh, { log: () => undefined });
  await fill(store);
  await store.close();
  const db = new Database(fresh);
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
});

describe('the SQLite log indexed by kind (schema 3)', () => {
  it('a new ledger has it, and reading three kinds searches the index instead of scanning the log', async () => {
    expect(versions(fresh)).toEqual([1, 2, 3]);
    expect(plan(fresh)).toContain(`SEARCH events USING INDEX ${TYPE_INDEX} (type=? AND position>? AND position<?)`);
    const store = openSqliteStore(fresh, { log: () => undefined });
    const facts = await typedFacts(store);
    expect(facts.map((f) => (f.data as { n: number }).n)).toEqual(expectedKinds());
    expect(facts.map((f) => f.globalPosition)).toEqual(expectedKinds().map((n) => n + 1));
    await store.close();
  });

  it('upgrades a schema-2 ledger once, says so once, and reads the same facts before and after', async () => {
    const file = schema2Copy(fresh, 'old');
    expect(plan(file)).toContain('SEARCH events USING INTEGER PRIMARY KEY');
    const lines: string[] = [];
    const store = openSqliteStore(file, { log: (line) => lines.push(line) });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: upgraded the ledger to schema 3: indexed its 600 events by kind once \\(\\d+\\.\\d s\\)$`));
    expect((await typedFacts(store)).map((f) => f.globalPosition)).toEqual(expectedKinds().map((n) => n + 1));
    // appends keep the index: a new fact of one of the kinds is read
    await store.append('late', [{ eventId: 'late', type: 'GameWithdrawn', data: { n: 600 } }], 'no_stream');
    expect((await typedFacts(store)).at(-1)).toMatchObject({ globalPosition: 601, type: 'GameWithdrawn' });
    await store.close();
    expect(versions(file)).toEqual([1, 2, 3]);
    expect(plan(file)).toContain(`USING INDEX ${TYPE_INDEX}`);
    const again: string[] = [];
    await openSqliteStore(file, { log: (line) => again.push(line) }).close();
    expect(again).toEqual([]);
  });

  it.skipIf(!cliBuilt())('of two processes opening a schema-2 ledger at once, one builds the index and says so; both read', async () => {
    const file = schema2Copy(fresh, 'race');
    const sqlite = path.resolve(__dirname, '../../../dist/src/adapters/store/sqlite.js');
    const script = `const { openSqliteStore } = require(${JSON.stringify(sqlite)});
      (async () => { const s = openSqliteStore(process.argv[1], { log: (l) => process.stderr.write(l + '\\n') });
        let n = 0; for await (const b of s.readFacts({ types: ${JSON.stringify(KINDS)} })) n += b.length;
        process.stdout.write(String(n)); await s.close(); })();`;
    const both = await Promise.all([0, 1].map(() => runProcess(process.execPath, ['-e', script, file])));
    expect(both.map((r) => r.code)).toEqual([0, 0]);
    expect(both.map((r) => r.out)).toEqual([String(expectedKinds().length), String(expectedKinds().length)]);
    expect(both.flatMap((r) => r.err.split('\n').filter(Boolean)).filter((l) => l.includes('schema 3'))).toHaveLength(1);
    expect(versions(file)).toEqual([1, 2, 3]);
  });

  it('reads a read-only schema-2 ledger as it is (unindexed, not upgraded, nothing logged)', async () => {
    const file = schema2Copy(fresh, 'readonly');
    const readOnly = readOnlyCopy(file);
    try {
      const lines: string[] = [];
      const store = openSqliteStore(readOnly.file, { mustExist: true, log: (line) => lines.push(line) });
      expect((await typedFacts(store)).map((f) => f.globalPosition)).toEqual(expectedKinds().map((n) => n + 1));
      await expect(store.append('x', [{ eventId: 'x', type: 'T', data: 1 }], 'no_stream')).rejects.toThrow(/nothing can be recorded/);
      await store.close();
      expect(lines).toEqual([]);
    } finally {
      readOnly.release();
    }
  });
});

/** The ledger file where this process cannot write it: permissions, or (as root) a read-only tmpfs (as chain.test.ts). */
const readOnlyCopy = (file: string): { file: string; release: () => void } => {
  if (process.getuid?.() !== 0) {
    fs.chmodSync(file, 0o444);
    return { file, release: () => fs.chmodSync(file, 0o644) };
  }
  const mount = tempDir('type-index-ro');
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=16m', 'tmpfs', mount]);
  fs.copyFileSync(file, path.join(mount, 'old.db'));
  execFileSync('mount', ['-o', 'remount,ro', mount]);
  return { file: path.join(mount, 'old.db'), release: () => execFileSync('umount', ['-l', mount]) };
};
