/**
 * The hash chain and `ledger verify`, as an auditor meets them: a real ledger (three Nekomado tournaments and a
 * published list) edited by hand in its SQLite file and in its PostgreSQL table, then checked by the real process.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { canonicalJson } from '../../../domain/commands/decide';
import { chainHash, chainHashes, chainInput, GENESIS } from '../../../src/app/chain';
import { chainOf, cliBuilt, ledgerProcess, nekomadoChain, tempDir } from '../../support/helpers';

// a CommonJS module loaded with require, typed by the annotation
// eslint-disable-next-line @typescript-eslint/no-require-imports
const Database: typeof import('better-sqlite3') = require('better-sqlite3');


/**
 * What verify says of a fact edited by hand with the whole chain re-computed after it: the chain holds, so the noted
 * head hash and the published list's hash are what find it.
 */
const expectRechainedEditFound = (r: { code: number | null; out: string; err: string }, head: string): void => {
  expect(r.code).toBe(1);
  const findings = r.err.trim().split('\n');
  // then what follows from the edit for the models saved beside the log (`list publish` saves them), if any
  expect(findings.slice(2).every((f) => /^The saved .* does not match the log: /.test(f))).toBe(true);
  expect(findings[0]).toBe(`The noted head hash ${head} is not in the log: events up to it were changed, or events were deleted from the end.`);
  expect(findings[1]).toMatch(/^The published list "L1" cannot be reproduced: its hash was [0-9a-f]{64}, the fold gives [0-9a-f]{64}\.$/);
  expect(r.out).toContain('0 of 1 published lists reproduced');
};

describe('chain hash', () => {
  it('hashes the canonical JSON written down in src/app/chain.ts: sorted keys, no whitespace, valid date and actor lifted out of the data', () => {
    const event = { streamId: 'tournament-t1', revision: 0, eventId: 'g1', type: 'GameReported', data: { validDate: '2026-01-02', actor: 'ro', b: [1, 'ü'], a: null }, recordedAt: '2026-01-03T10:00:00.000Z' };
    expect(chainInput(event, GENESIS)).toBe(
      `{"actor":"ro","data":{"a":null,"actor":"ro","b":[1,"ü"],"validDate":"2026-01-02"},"id":"g1","previous":"${GENESIS}",` +
        '"recorded":"2026-01-03T10:00:00.000Z","revision":0,"stream":"tournament-t1","type":"GameReported","valid":"2026-01-02"}',
    );
    const reordered = { ...event, data: { a: null, b: [1, 'ü'], actor: 'ro', validDate: '2026-01-02' } };
    expect(chainHash(reordered, GENESIS)).toBe(chainHash(event, GENESIS));
    expect(chainHash(event, GENESIS)).toMatch(/^[0-9a-f]{64}$/);
    expect(chainHash(event, 'a'.repeat(64))).not.toBe(chainHash(event, GENESIS));
    expect(chainHash({ ...event, recordedAt: '2026-01-03T10:00:00.001Z' }, GENESIS)).not.toBe(chainHash(event, GENESIS));
  });
});

/**
 * The definition the chain was introduced with (f87447e). canonicalJson is written differently for speed; every hash
 * already recorded depends on it giving this text, byte for byte.
 */
const canonicalJsonAsDefined = (value: unknown): string =>
  JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).filter(([, x]) => x !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );

describe('canonical JSON', () => {
  // keys JS objects order specially (array indices, the largest non-index, "__proto__") among ordinary ones
  const key = fc.oneof(fc.string(), fc.constantFrom('0', '2', '10', '01', '-1', '4294967294', '4294967295', '__proto__', 'toString', 'a', 'B', 'é', '😀'));
  const { json } = fc.letrec((tie) => ({
    json: fc.oneof({ depthSize: 'small' }, tie('leaf'), tie('array'), tie('object')),
    leaf: fc.oneof(fc.string(), fc.double(), fc.integer(), fc.boolean(), fc.constant(null), fc.constant(undefined), fc.date({ noInvalidDate: true })),
    array: fc.array(tie('json'), { maxLength: 5 }),
    // JSON.parse makes "__proto__" an own member, as a ledger's stored data gives it back
    object: fc.array(fc.tuple(key, tie('json')), { maxLength: 6 }).map((members) => {
      const o: Record<string, unknown> = {};
      for (const [k, v] of members) Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
      return o;
    }),
  }));

  it('gives the text of its definition for any value (the chain hashes it)', () => {
    fc.assert(
      fc.property(json, (value) => {
        const text = canonicalJsonAsDefined(value);
        expect(canonicalJson(value)).toBe(text);
        // data a ledger stored canonical comes back in canonical order, and is written without a copy
        if (text !== undefined) expect(canonicalJson(JSON.parse(text))).toBe(text);
      }),
      { numRuns: 2000 },
    );
    const parsed: unknown = JSON.parse('{"b":1,"10":2,"2":3,"__proto__":{"y":[{"d":1,"c":2}]},"4294967295":4,"4294967294":5}');
    expect(canonicalJson(parsed)).toBe('{"2":3,"10":2,"4294967294":5,"4294967295":4,"__proto__":{"y":[{"c":2,"d":1}]},"b":1}');
    expect(canonicalJson(parsed)).toBe(canonicalJsonAsDefined(parsed));
  });

  it('hashes a chain to the links recorded by the code that introduced it (existing ledgers still verify)', () => {
    // hashed by the build of 8a73bfa, before canonicalJson and chainInput were rewritten
    const events = [
      { streamId: 'player-N2', revision: 0, eventId: 'reg:N2', type: 'PlayerRegistered', data: { type: 'PlayerRegistered', version: 1, eventId: 'reg:N2', playerId: 'N2', familyName: 'Ōyama', givenName: 'Yasuharu', validDate: '2015-01-01', actor: 'ro' }, recordedAt: '2026-11-24T05:00:00.000Z' },
      { streamId: 'tournament-t1', revision: 0, eventId: 'g1', type: 'GameReported', data: JSON.parse('{"type":"GameReported","white":{"playerId":"N2","grade":"1 kyu"},"black":{"grade":"2 dan","playerId":"N7"},"result":"draw","handicap":null,"round":3,"score":-0.5,"big":12345678901234567890,"tiny":1e-7,"validDate":"2016-03-09"}') as unknown, recordedAt: '2026-11-24T05:00:00.001Z' },
      { streamId: 'tournament-t1', revision: 1, eventId: 'odd keys', type: 'Odd', data: JSON.parse('{"10":"ten","2":"two","b":1,"4294967295":"not an index","4294967294":"index","__proto__":{"x":1},"a\\u0000":"\\ud83d\\ude00 \\"quoted\\" \\\\ \\n","é":[],"E":[{"z":1,"y":[null,{"b":2,"a":1}]}]}') as unknown, recordedAt: '2026-11-24T05:00:01.000Z' },
      { streamId: 'ledger', revision: 0, eventId: 'no actor', type: 'RuleSetAdopted', data: { ruleSet: 'gobase-go', skipped: undefined, actor: undefined, validDate: '2000-01-01' }, recordedAt: '2026-11-24T05:00:02.000Z' },
    ];
    expect(chainHashes(events, GENESIS)).toEqual([
      '7dd59f15ee78969bd40ccfa2969461dcdf09feb331f4ea4308bef64d665b30b2',
      '2080b5ff2ff5adf614d79b25fab3905191ffa94198bc189d98d9544bf5495844',
      '68b67c24c4f41d61e60d539f7aedf1a680393ee7b5b0c1af202e49acc3cf97f2',
      'da01a6fd8fe26ee1890d64e2938267e5a6d6b5199ac072fafc44d11b04cbda22',
    ]);
    // the input an auditor re-computes is still the canonical JSON of the whole object
    for (const [i, e] of events.entries()) {
      const previous = i === 0 ? GENESIS : chainHashes(events.slice(0, i), GENESIS).at(-1)!;
      const actor = (e.data as { actor?: unknown }).actor ?? null;
      const valid = (e.data as { validDate?: unknown }).validDate ?? null;
      expect(chainInput(e, previous)).toBe(
        canonicalJsonAsDefined({ actor, data: e.data, id: e.eventId, previous, recorded: e.recordedAt, revision: e.revision, stream: e.streamId, type: e.type, valid }),
      );
    }
  });
});

const built = cliBuilt();
const dir = tempDir('chain');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const original = path.join(dir, 'ledger.db');
let head = '';

/** The ledger file where this process cannot write it: permissions, or (as root) a read-only tmpfs. */
const readOnlyCopy = (file: string): { file: string; release: () => void } => {
  if (process.getuid?.() !== 0) {
    fs.chmodSync(file, 0o444);
    return { file, release: () => fs.chmodSync(file, 0o644) };
  }
  const mount = tempDir('chain-ro');
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=16m', 'tmpfs', mount]);
  fs.copyFileSync(file, path.join(mount, 'old.db'));
  execFileSync('mount', ['-o', 'remount,ro', mount]);
  return { file: path.join(mount, 'old.db'), release: () => execFileSync('umount', ['-l', mount]) };
};

/** Three Nekomado tournaments and a published list, made once by the real process for every describe below. */
const ledgerOnce = async (): Promise<void> => {
  if (fs.existsSync(original)) return;
  const chain = chainOf(nekomadoChain().slice(0, 3));
  expect((await ledgerProcess(['fesa', 'import', chain, '--db', original])).code).toBe(0);
  expect((await ledgerProcess(['list', 'publish', '--id', 'L1', '--as-of', '2016-07-01', '--format', 'fesa', '--db', original])).code).toBe(0);
};

const verify = (...store: string[]) => ledgerProcess(['verify', ...store]);
const copyOf = (name: string): string => {
  const file = path.join(dir, `${name}.db`);
  fs.copyFileSync(original, file);
  return file;
};
const edit = (file: string, sql: string): void => {
  const db = new Database(file);
  db.exec(sql);
  db.close();
};
/** Moves the rows from `position` on one place up, leaving `position` free (the table's key allows no overlap on the way). */
const makeRoom = (table: string, column: string, position: number): string =>
  `UPDATE ${table} SET ${column} = ${column} + 1000000 WHERE ${column} >= ${position};
   UPDATE ${table} SET ${column} = ${column} - 999999 WHERE ${column} >= 1000000;`;

/** What each hand edit does, in each store's SQL; `events` is the table, `position` its key column. */
const tampering = (events: string, position: string, json: (field: string, value: string) => string) => [
  { kind: 'changed', at: 40, sql: `UPDATE ${events} SET data = ${json('familyName', 'Forged')} WHERE ${position} = 40` },
  { kind: 'deleted', at: 51, sql: `DELETE FROM ${events} WHERE ${position} = 50` },
  { kind: 'inserted', at: 70, sql: `${makeRoom(events, position, 70)} INSERT INTO ${events} (${position}, stream_id, revision, event_id, type, data, metadata, recorded_at, hash) SELECT 70, 'forged', 0, 'forged-1', type, data, metadata, recorded_at, hash FROM ${events} WHERE ${position} = 69` },
  { kind: 'reordered', at: 60, sql: `UPDATE ${events} SET ${position} = -1 WHERE ${position} = 60; UPDATE ${events} SET ${position} = 60 WHERE ${position} = 61; UPDATE ${events} SET ${position} = 61 WHERE ${position} = -1` },
] as const;

const sentences: Record<string, RegExp> = {
  changed: /^The hash chain breaks at position 40: position 40 \(GameReported of stream "tournament-01_1st_nekomadoken", revision \d+\) was changed by hand: its content no longer matches its hash\.$/,
  deleted: /^The hash chain breaks at position 51: the event before position 51 was deleted by hand: position 50 is missing from the log\.$/,
  inserted: /^The hash chain breaks at position 70: position 70 \(\w+ of stream "forged", revision 0\) was inserted by hand: the event after it chains onto the one before it\.$/,
  reordered: /^The hash chain breaks at position 60: position 60 \(.*\) was recorded after position 61 but is stored before it: rows were reordered by hand\.$/,
};

describe.skipIf(!built)('ledger verify on SQLite (real process)', () => {
  beforeAll(async () => {
    await ledgerOnce();
    const sum = JSON.parse((await ledgerProcess(['checksum', '--json', '--db', original])).out) as { events: number; head: string };
    expect(sum.events).toBe(163);
    head = sum.head;
  });

  it('holds on an untouched ledger and prints the head hash and position an auditor notes down', async () => {
    const r = await verify('--db', original);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toBe(`163 events chained\n1 of 1 published lists reproduced\nhead: position 163, hash ${head}\n`);
    expect((await verify('--db', original, '--head', head)).code).toBe(0);
  });

  for (const { kind, at, sql } of tampering('events', 'position', (field, value) => `json_set(data, '$.${field}', '${value}')`)) {
    it(`names the first position of a row ${kind} by hand (${at})`, async () => {
      const file = copyOf(kind);
      edit(file, sql);
      const r = await verify('--db', file);
      expect(r.code).toBe(1);
      expect(r.err.split('\n')[0]).toMatch(sentences[kind]!);
      expect(r.out).toContain(`the chain holds up to the event before position ${at}`);
    });
  }

  it('finds a published list whose facts were changed and the whole chain re-computed, and a noted head that is gone', async () => {
    const file = copyOf('rechained');
    const db = new Database(file);
    db.prepare("UPDATE events SET data = json_set(data, '$.result', CASE json_extract(data, '$.result') WHEN 'win' THEN 'loss' ELSE 'win' END) WHERE position = 40").run();
    let previous = GENESIS;
    const rows = db.prepare('SELECT position, stream_id, revision, event_id, type, data, recorded_at FROM events ORDER BY position').raw().all() as [number, string, number, string, string, string, string][];
    for (const [position, streamId, revision, eventId, type, data, recordedAt] of rows) {
      previous = chainHash({ streamId, revision, eventId, type, data: JSON.parse(data) as unknown, recordedAt }, previous);
      db.prepare('UPDATE events SET hash = ? WHERE position = ?').run(previous, position);
    }
    db.close();
    const r = await verify('--db', file, '--head', head);
    expectRechainedEditFound(r, head);
  });

  it('reads a ledger written before the chain, and computes its chain once (logged) when opened for writing', async () => {
    const file = copyOf('old');
    edit(file, 'DROP INDEX events_type_position; ALTER TABLE events DROP COLUMN hash; DELETE FROM schema_version WHERE version >= 2;');
    // the file as only a reader may open it: root writes through permissions, so it reads from a read-only mount
    const readOnly = readOnlyCopy(file);
    const list = await ledgerProcess(['list', '--as-of', '2016-07-01', '--db', readOnly.file]);
    expect(list.code).toBe(0);
    expect(list.out.trim().split('\n').length).toBeGreaterThan(20);
    expect(list.err).not.toContain('upgraded');
    const unchained = await verify('--db', readOnly.file);
    expect(unchained.code).toBe(1);
    expect(unchained.err).toContain('the ledger has no hash chain yet');
    readOnly.release();
    const upgraded = await verify('--db', file);
    expect(upgraded.err).toMatch(
      new RegExp(`^${escapeRegExp(`${file}: upgraded the ledger to schema 2: computed the hash chain over its 163 events once (head ${head}); \`ledger verify\` checks it from now on\n${file}: upgraded the ledger to schema 3: indexed its 163 events by kind once (`)}\\d+\\.\\d s\\)\n$`),
    );
    expect(upgraded.code).toBe(0);
    const again = await verify('--db', file);
    expect(again.err).toBe('');
    expect(again.out).toContain(`hash ${head}`);
  });
});

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

type Sum = { events: number; sha256: string; head: string };
const checksumOf = async (...store: string[]): Promise<Sum> => JSON.parse((await ledgerProcess(['checksum', '--json', ...store])).out) as Sum;
const fesaList = async (...store: string[]): Promise<string> => {
  const r = await ledgerProcess(['list', '--as-of', '2016-07-01', '--format', 'fesa', ...store]);
  expect(r.code).toBe(0);
  return r.out;
};

describe.skipIf(!built)('ledger export / import on SQLite (real process)', () => {
  const exported = path.join(dir, 'ledger.jsonl');
  beforeAll(async () => {
    await ledgerOnce();
    const r = await ledgerProcess(['export', '--jsonl', exported, '--db', original]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
  });

  it('writes every event with its position, recorded time, actor and hash between a header and a closing line', async () => {
    const sum = await checksumOf('--db', original);
    const lines = fs.readFileSync(exported, 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(163 + 2);
    expect(lines[0]).toMatchObject({ ledgerLog: 1, source: `sqlite:${original}` });
    expect(lines[1]).toMatchObject({ position: 1, stream: 'player-N2', revision: 0, type: 'PlayerRegistered', data: { actor: 'root' } });
    expect(lines[163]).toMatchObject({ position: 163, type: 'RatingListPublished', hash: sum.head });
    expect(lines[164]).toEqual({ end: true, events: 163, sha256: sum.sha256, head: sum.head });
  });

  it('rebuilds the ledger with the same checksum, head hash and FESA list; refuses a ledger that holds events', async () => {
    const target = path.join(dir, 'rebuilt.db');
    const r = await ledgerProcess(['import', '--jsonl', exported, '--db', target]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(await checksumOf('--db', target)).toEqual(await checksumOf('--db', original));
    expect(await fesaList('--db', target)).toBe(await fesaList('--db', original));
    expect((await verify('--db', target)).code).toBe(0);
    const again = await ledgerProcess(['import', '--jsonl', exported, '--db', target]);
    expect(again.code).toBe(1);
    expect(again.err).toBe(`ledger: sqlite:${target} already holds events; an export is imported into an empty ledger only\n`);
  });

  const tampered: readonly { what: string; edit: (lines: string[]) => string[]; line: number; says: string }[] = [
    { what: 'a changed event', line: 41, says: 'the event at position 40 (GameReported of stream "tournament-01_1st_nekomadoken", revision 5) does not match its hash: the export was changed at or before this line',
      edit: (lines) => lines.map((l, i) => (i === 40 ? l.replace(/"result":"(\w+)"/, (_, r: string) => `"result":"${r === 'win' ? 'loss' : 'win'}"`) : l)) },
    { what: 'a deleted event', line: 51, says: 'the event at position 51 (GameReported of stream "tournament-01_1st_nekomadoken", revision 16) does not match its hash: the export was changed at or before this line',
      edit: (lines) => lines.filter((_, i) => i !== 50) },
    { what: 'two events swapped', line: 61, says: 'the event at position 61 (GameReported of stream "tournament-01_1st_nekomadoken", revision 26) does not match its hash: the export was changed at or before this line',
      edit: (lines) => lines.map((l, i) => (i === 60 ? lines[61]! : i === 61 ? lines[60]! : l)) },
    { what: 'a file cut short', line: 101, says: 'the export ends without its closing line ({"end":true,…}): it was cut short', edit: (lines) => lines.slice(0, 101) },
  ];
  for (const { what, edit: change, line, says } of tampered) {
    it(`refuses an export with ${what}, naming the line, and leaves no ledger`, async () => {
      const file = path.join(dir, `tampered-${line}.jsonl`);
      fs.writeFileSync(file, `${change(fs.readFileSync(exported, 'utf8').trimEnd().split('\n')).join('\n')}\n`);
      const target = path.join(dir, `tampered-${line}.db`);
      const r = await ledgerProcess(['import', '--jsonl', file, '--db', target]);
      expect(r.err).toBe(`ledger: ${file} line ${line}: ${says}; nothing was imported\n`);
      expect(r.code).toBe(1);
      expect(fs.existsSync(target)).toBe(false);
    });
  }
});

const pgUrl = process.env.LEDGER_TEST_PG_URL;

describe.skipIf(!built || pgUrl === undefined)('ledger verify on PostgreSQL (real process, the throwaway cluster)', () => {
  const databases: string[] = [];
  const admin = async <T>(work: (client: Client) => Promise<T>, database?: string): Promise<T> => {
    const url = new URL(pgUrl!);
    if (database !== undefined) url.pathname = `/${database}`;
    const client = new Client({ connectionString: url.toString() });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  const urlOf = (database: string): string => {
    const url = new URL(pgUrl!);
    url.pathname = `/${database}`;
    return url.toString();
  };
  const template = `ledger_chain_${randomUUID().replace(/-/g, '').slice(0, 10)}`;
  const copyDatabase = async (name: string): Promise<string> => {
    const database = `${template}_${name}`;
    await admin((c) => c.query(`CREATE DATABASE ${database} TEMPLATE ${template}`));
    databases.push(database);
    return database;
  };

  beforeAll(async () => {
    await ledgerOnce();
    head = (JSON.parse((await ledgerProcess(['checksum', '--json', '--db', original])).out) as { head: string }).head;
    await admin((c) => c.query(`CREATE DATABASE ${template}`));
    databases.push(template);
    const migrated = await ledgerProcess(['migrate', '--from', `sqlite:${original}`, '--to', urlOf(template)]);
    expect(migrated.err).toBe('');
    expect(migrated.code).toBe(0);
  });
  afterAll(async () => {
    for (const database of databases.reverse()) await admin((c) => c.query(`DROP DATABASE IF EXISTS ${database}`));
  });

  it('migrate carries the chain: the same head hash as the SQLite ledger, and verify holds', async () => {
    const r = await verify('--store', urlOf(template));
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain(`head: position 163, hash ${head}`);
  });

  it('export from SQLite, import into PostgreSQL: the same checksum and head hash, verify holds, the same FESA list', async () => {
    const exported = path.join(dir, 'to-postgres.jsonl');
    expect((await ledgerProcess(['export', '--jsonl', exported, '--db', original])).code).toBe(0);
    const database = `${template}_imported`;
    await admin((c) => c.query(`CREATE DATABASE ${database}`));
    databases.push(database);
    const r = await ledgerProcess(['import', '--jsonl', exported, '--store', urlOf(database)]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(await checksumOf('--store', urlOf(database))).toEqual(await checksumOf('--db', original));
    expect((await verify('--store', urlOf(database))).code).toBe(0);
    expect(await fesaList('--store', urlOf(database))).toBe(await fesaList('--db', original));
  });

  it('finds a published list whose facts were changed and the whole chain re-computed in the table, and a noted head that is gone', async () => {
    const database = await copyDatabase('rechained');
    await admin(async (c) => {
      await c.query(`UPDATE ledger.events SET data = jsonb_set(data, '{result}', CASE data->>'result' WHEN 'win' THEN '"loss"'::jsonb ELSE '"win"'::jsonb END) WHERE global_position = 40`);
      const { rows } = await c.query<{ global_position: string; stream_id: string; revision: string; event_id: string; type: string; data: unknown; recorded_at: Date }>(
        'SELECT global_position, stream_id, revision, event_id, type, data, recorded_at FROM ledger.events ORDER BY global_position',
      );
      let previous = GENESIS;
      for (const r of rows) {
        previous = chainHash({ streamId: r.stream_id, revision: Number(r.revision), eventId: r.event_id, type: r.type, data: r.data, recordedAt: r.recorded_at.toISOString() }, previous);
        await c.query('UPDATE ledger.events SET hash = $1 WHERE global_position = $2', [previous, r.global_position]);
      }
    }, database);
    const r = await verify('--store', urlOf(database), '--head', head);
    expectRechainedEditFound(r, head);
  });

  it('computes the chain of a ledger written before it once, logged, when first opened (the same head as on SQLite)', async () => {
    const database = await copyDatabase('old');
    await admin((c) => c.query('DROP INDEX ledger.events_type_position; ALTER TABLE ledger.events DROP COLUMN hash; DELETE FROM ledger.schema_version WHERE version >= 2'), database);
    const upgraded = await verify('--store', urlOf(database));
    expect(upgraded.err).toMatch(
      new RegExp(`^${escapeRegExp(`schema "ledger": upgraded the ledger to schema 2: computed the hash chain over its 163 events once (head ${head}); \`ledger verify\` checks it from now on\nschema "ledger": upgraded the ledger to schema 3: indexed its 163 events by kind once (`)}\\d+\\.\\d s\\)\n$`),
    );
    expect(upgraded.code).toBe(0);
    const again = await verify('--store', urlOf(database));
    expect(again.err).toBe('');
    expect(again.out).toContain(`head: position 163, hash ${head}`);
  });

  for (const { kind, at, sql } of tampering('ledger.events', 'global_position', (field, value) => `jsonb_set(data, '{${field}}', '"${value}"')`)) {
    it(`names the first position of a row ${kind} by hand (${at})`, async () => {
      const database = await copyDatabase(kind);
      await admin((c) => c.query(sql), database);
      const r = await verify('--store', urlOf(database));
      expect(r.code).toBe(1);
      expect(r.err.split('\n')[0]).toMatch(sentences[kind]!);
    });
  }
});
