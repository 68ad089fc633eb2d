/**
 * Stores and faults, through the real `ledger` process: a ledger on a read-only file system and on a full disk
 * (tmpfs mounts, so the kernel refuses the writes — which needs root; otherwise these skip and say why), and
 * officers writing at the same time: only real conflicts reach them.
 */
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainOf, cliBuilt, eventDate, ledger, ledgerWithInput, nekomadoChain, tempDir } from '../../support/helpers';

const built = cliBuilt();
const run = (argv: readonly string[]) => ledgerWithInput(argv);

const checksum = async (db: string): Promise<string> => JSON.parse((await ledger('checksum', '--db', db, '--json')).out).sha256 as string;

/** Mounts a tmpfs of `size` at a fresh folder; undefined (with the reason) where this process may not mount. */
const mountTmpfs = (size: string): { dir: string } | { skip: string } => {
  const dir = tempDir('tmpfs');
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir], { stdio: 'pipe' });
    return { dir };
  } catch (e) {
    return { skip: `cannot mount a tmpfs here (${(e as Error).message.split('\n')[0]}); run as root to test a full disk and a read-only file system` };
  }
};
const mounted: string[] = [];
afterAll(() => {
  for (const dir of mounted) execFileSync('umount', ['-l', dir], { stdio: 'ignore' });
});

const chain = nekomadoChain();
const probe = process.getuid?.() === 0 ? mountTmpfs('1m') : { skip: 'not root: cannot mount a tmpfs' };
if ('dir' in probe) execFileSync('umount', [probe.dir]);
const skipReason = 'skip' in probe ? probe.skip : undefined;

describe.skipIf(!built || skipReason !== undefined)(`faults of the file system${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let source = '';
  let reference = '';
  beforeAll(async () => {
    source = path.join(tempDir('faults'), 'ledger.db');
    expect((await ledger('fesa', 'import', chainOf(chain.slice(0, 4)), '--db', source)).code).toBe(0);
    // the reference from a copy: the source keeps no saved projection, so a list on a copy of it must save one
    const copy = `${source}.reference.db`;
    fs.copyFileSync(source, copy);
    reference = (await ledger('list', '--as-of', eventDate(chain[3]!), '--format', 'csv', '--db', copy)).out;
  }, 120_000);

  const copyInto = (dir: string): string => {
    const db = path.join(dir, 'ledger.db');
    fs.copyFileSync(source, db);
    return db;
  };

  it('a ledger on a read-only file system: reads work (a checkpoint that cannot be saved is a warning), a write says why it cannot', async () => {
    const fsMount = mountTmpfs('16m');
    if (!('dir' in fsMount)) throw new Error(fsMount.skip);
    mounted.push(fsMount.dir);
    const db = copyInto(fsMount.dir);
    execFileSync('mount', ['-o', 'remount,ro', fsMount.dir]);
    const list = await run(['list', '--as-of', eventDate(chain[3]!), '--format', 'csv', '--db', db]);
    expect(list.code).toBe(0);
    expect(list.out).toBe(reference);
    for (const line of list.err.split('\n').filter(Boolean)) expect(line).toMatch(/^warning: the saved projection could not be (read|saved) \(.*\); the answer is folded from the log and is the same$/);
    expect((await run(['events', '--limit', '1', '--db', db])).code).toBe(0);
    const write = await run(['player', 'add', '--id', 'Q1', '--family', 'A', '--country', 'NO', '--db', db]);
    expect(write.code).toBe(1);
    expect(write.err).toBe(`ledger: ${db} is read-only (file permissions or file system): nothing can be recorded in it\n`);
    // a rebuild is a save: one that cannot save fails, in one sentence naming the file (not SQLite's own words)
    const rebuild = await run(['projections', 'rebuild', '--db', db]);
    expect(rebuild.code).toBe(1);
    expect(rebuild.err).toMatch(new RegExp(`^ledger: ${db}: the saved projections cannot be read or written there, the file cannot be opened for writing \\(SQLITE_CANTOPEN\\)\n$`));
    const officer = await run(['officer', 'add', '--name', 'kari', '--role', 'admin', '--reason', 'elected', '--db', db]);
    expect(officer.code).toBe(1);
    expect(officer.err.split('\n').filter(Boolean)).toHaveLength(1);
    expect(officer.err).toMatch(new RegExp(`^ledger: ${db}[: ].*(read-only|cannot be opened for writing)`));
  });

  it('a full disk: a read still answers (the checkpoint is a warning); an import is refused whole with one sentence, then completes once there is room', async () => {
    const fsMount = mountTmpfs('4m');
    if (!('dir' in fsMount)) throw new Error(fsMount.skip);
    mounted.push(fsMount.dir);
    const db = copyInto(fsMount.dir);
    const before = await checksum(db);
    // fill the rest of the disk
    const filler = path.join(fsMount.dir, 'filler');
    const block = Buffer.alloc(64 * 1024, 1);
    const fd = fs.openSync(filler, 'w');
    try {
      for (;;) fs.writeSync(fd, block);
    } catch (e) {
      expect((e as { code?: string }).code).toBe('ENOSPC');
    } finally {
      fs.closeSync(fd);
    }
    const list = await run(['list', '--as-of', eventDate(chain[3]!), '--format', 'csv', '--db', db]);
    expect(list.code).toBe(0);
    expect(list.out).toBe(reference);
    const folder = chainOf(chain.slice(4, 8));
    const refused = await run(['fesa', 'import', folder, '--db', db]);
    expect(refused.code).toBe(1);
    // the disk fills either when the ledger is opened (its shared-memory file) or while it appends
    expect(refused.err).toMatch(new RegExp(`^ledger: ${db}(: nothing was recorded,| cannot be written:) the disk is full \\(SQLITE_[A-Z_]+\\)(: nothing can be recorded in it)?\\n$`));
    expect(await checksum(db)).toBe(before);
    fs.rmSync(filler);
    const again = await run(['fesa', 'import', folder, '--db', db]);
    expect(again.code).toBe(0);
    expect(await checksum(db)).not.toBe(before);
  });
});

describe.skipIf(!built)('concurrent officers: a writer that lost a race decides again, only real conflicts reach the user', () => {
  it('30 parallel game reports into one tournament all succeed; 4 parallel imports of the same folders record it once', async () => {
    const db = path.join(tempDir('parallel'), 'ledger.db');
    const ok = async (...argv: string[]) => expect((await ledger(...argv, '--db', db, '--actor', 'officer')).code).toBe(0);
    await ok('player add', '--id', 'P1', '--family', 'Hansen', '--country', 'NO', '--date', '2026-01-01');
    await ok('player add', '--id', 'P2', '--family', 'Berg', '--country', 'NO', '--date', '2026-01-01');
    await ok('tournament add', '--id', 'T1', '--name', 'League', '--start', '2026-03-01', '--end', '2026-12-31');
    const reports = await Promise.all(
      Array.from({ length: 30 }, (_, i) => run(['game', 'report', '--tournament', 'T1', '--game', `g${i}`, '--round', String(i + 1), '--first', 'P1', '--second', 'P2', '--result', 'win', '--db', db, '--actor', 'officer'])),
    );
    expect(reports.map((r) => (r.code === 0 ? 'ok' : r.err))).toEqual(Array(30).fill('ok'));
    const games = (await ledger('events', '--type', 'GameReported', '--db', db, '--json')).out.trim().split('\n');
    expect(games).toHaveLength(30);
    // two officers reporting different facts under one game id: one wins, the other is told why
    const clash = await Promise.all(['win', 'loss'].map((result) => run(['game', 'report', '--tournament', 'T1', '--game', 'gx', '--round', '40', '--first', 'P1', '--second', 'P2', '--result', result, '--db', db])));
    expect(clash.map((r) => r.code).sort()).toEqual([0, 1]);
    expect(clash.find((r) => r.code === 1)!.err).toMatch(/^ledger: game gx of tournament "T1" is already reported with other facts/);

    const folders = chainOf(chain.slice(0, 3));
    const imports = await Promise.all(Array.from({ length: 4 }, () => run(['fesa', 'import', folders, '--db', db])));
    expect(imports.map((r) => (r.code === 0 ? 'ok' : r.err))).toEqual(Array(4).fill('ok'));
    const all = (await ledger('events', '--db', db, '--json')).out.trim().split('\n').map((l) => JSON.parse(l).event.eventId as string);
    expect(new Set(all).size).toBe(all.length);
  }, 300_000);
});
