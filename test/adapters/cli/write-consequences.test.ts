import Database from 'better-sqlite3';
import { createHash } from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cliBuilt, ledger, ledgerProcess, NEKOMADO, tempDir } from '../../support/helpers';

/**
 * Every write shows its consequences (issue 32, point 1), through the real `ledger` process on the FESA club
 * archive imported with --reconcile: each write's changes are held to the lists before and after it, a dry run
 * prints the same changes and leaves the store's file as it was, and the pin of the 20th event is named where it
 * overrides a correction in the 17th.
 */

interface Rated { readonly rating: number | null; readonly grade?: string }
interface Change { readonly tournament: string; readonly player: string; readonly before: Rated; readonly after: Rated; readonly overriddenBy?: { position: number; kind: string; date: string; reason: string } }
interface ListChange { readonly playerId: string; readonly oldRating: number | null; readonly newRating: number | null; readonly oldGrade: string; readonly newGrade: string }
interface Answer { readonly status: string; readonly dryRun: boolean; readonly position?: number; readonly changes: Change[]; readonly list: ListChange[] }

const dir = tempDir('consequences');
const archive = path.join(dir, 'archive.db');
const checksum = (db: string): string => createHash('sha256').update(fs.readFileSync(db)).digest('hex');

/** The FESA checkpoints saved beside the log (none: a write's consequences fold the whole log). */
const savedCheckpoints = (db: string): number => {
  const file = new Database(db, { readonly: true });
  try {
    const table = file.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'projections'").get() as { n: number };
    return table.n === 0 ? 0 : (file.prepare("SELECT count(*) AS n FROM projections WHERE name LIKE 'fesa-list-%'").get() as { n: number }).n;
  } finally {
    file.close();
  }
};

/** The global position of the FESA checkpoint saved beside the log. */
const savedPosition = (db: string): number => {
  const file = new Database(db, { readonly: true });
  try {
    return (file.prepare("SELECT position FROM projections WHERE name LIKE 'fesa-list-%'").get() as { position: number }).position;
  } finally {
    file.close();
  }
};

/** Today's list, every player however long ago he played: rating and grade by id. */
const listOf = async (db: string): Promise<Map<string, { rating: number; grade: string }>> => {
  const r = await ledger('list', '--json', '--active-years', '0', '--db', db);
  expect(r.err).toBe('');
  return new Map((JSON.parse(r.out) as { players: { playerId: string; rating: number; grade: string }[] }).players.map((p) => [p.playerId, { rating: p.rating, grade: p.grade }]));
};

/** The players whose rating or grade differ between two lists (null: not on the list). */
const listDiff = (before: Map<string, { rating: number; grade: string }>, after: Map<string, { rating: number; grade: string }>) =>
  [...new Set([...before.keys(), ...after.keys()])]
    .filter((id) => before.get(id)?.rating !== after.get(id)?.rating || before.get(id)?.grade !== after.get(id)?.grade)
    .map((id) => ({ playerId: id, oldRating: before.get(id)?.rating ?? null, newRating: after.get(id)?.rating ?? null }))
    .sort((a, b) => a.playerId.localeCompare(b.playerId));

const write = async (db: string, argv: readonly string[]): Promise<Answer> => {
  const r = await ledgerProcess([...argv, '--db', db, '--actor', 'officer', '--json']);
  expect({ code: r.code, err: r.err }).toEqual({ code: 0, err: '' });
  return JSON.parse(r.out) as Answer;
};

/** A dry run, then the write itself, on a copy of the archive: both answers and the lists around the write. */
const dryThenReal = async (name: string, argv: readonly string[]) => {
  const db = path.join(dir, `${name}.db`);
  fs.copyFileSync(archive, db);
  const sum = checksum(db);
  const dry = await write(db, [...argv, '--dry-run']);
  expect(checksum(db)).toBe(sum);
  const before = await listOf(db);
  const real = await write(db, argv);
  return { dry, real, lists: listDiff(before, await listOf(db)) };
};

const CASES: readonly [string, readonly string[]][] = [
  ['game correct', ['game', 'correct', '--tournament', '22_17th_nekomadoken', '--game', 'r3-1-7', '--result', 'loss', '--reason', 'the result sheet was misread']],
  ['game report into a closed tournament', ['game', 'report', '--tournament', '25_21th_nekomadoken', '--game', 'late-1', '--round', '4', '--first', 'N2', '--second', 'N17', '--result', 'loss']],
  ['game withdraw', ['game', 'withdraw', '--tournament', '25_21th_nekomadoken', '--game', 'r1-2-6', '--reason', 'never played']],
  ['player merge', ['player', 'merge', 'N37', 'N124', '--reason', 'one person under two ids']],
];

describe.skipIf(!cliBuilt())('a write answers with the ratings it changes', () => {
  beforeAll(async () => {
    const r = await ledger('fesa', 'import', NEKOMADO, '--reconcile', '--db', archive, '--actor', 'officer');
    expect(r.code).toBe(0);
  }, 120_000);

  it.each(CASES)('%s: the changes match the lists before and after, and a dry run shows them without recording', async (_name, argv) => {
    const { dry, real, lists } = await dryThenReal(argv.slice(0, 2).join('-'), argv);
    expect(dry.dryRun).toBe(true);
    expect(dry.position).toBeUndefined();
    expect(real).toMatchObject({ status: 'appended', dryRun: false });
    expect(real.changes.length).toBeGreaterThan(0);
    expect(dry.changes).toEqual(real.changes);
    expect(dry.list).toEqual(real.list);
    expect(real.list.map(({ playerId, oldRating, newRating }) => ({ playerId, oldRating, newRating })).sort((a, b) => a.playerId.localeCompare(b.playerId))).toEqual(lists);
    // every player the list shows changed has a change in some tournament (a pin may stop it before today's list)
    const changed = new Set(real.changes.map((c) => c.player));
    for (const { playerId } of lists) expect(changed).toContain(playerId);
  }, 60_000);

  // issue 30: with a checkpoint saved, the consequences come from it (src/app/saved-ratings.ts), re-folded from the
  // list before the touched tournament (the 17th and the 21st of 26, back-dated): the same answer as the whole log's
  it.each(CASES)('%s with a saved checkpoint: the changes of the whole log folded before and after', async (_name, argv) => {
    const [plain, saved] = ['plain', 'saved'].map((copy) => path.join(dir, `${argv.slice(0, 2).join('-')}-${copy}.db`)) as [string, string];
    for (const db of [plain, saved]) fs.copyFileSync(archive, db);
    expect((await ledger('projections', 'rebuild', '--db', saved)).code).toBe(0);
    expect({ plain: savedCheckpoints(plain), saved: savedCheckpoints(saved) > 0 }).toEqual({ plain: 0, saved: true });
    const [whole, fromSaved] = [await write(plain, argv), await write(saved, argv)];
    expect(fromSaved.changes.length).toBeGreaterThan(0);
    expect({ changes: fromSaved.changes, list: fromSaved.list }).toEqual({ changes: whole.changes, list: whole.list });
  }, 60_000);

  // issue 30: a back-dated write restores the whole checkpoint, then saves it again after its append (compare-and-set
  // from the position it loaded, src/app/checkpoint-carry.ts `carryCheckpointForward`). Two such writes racing as two
  // processes: both recorded, answering what the whole log folded before and after them answers in the order recorded;
  // the checkpoint saved moved forward, never past the log, and the lists read from it are those of a fresh rebuild.
  it('two back-dated writes racing as two processes: both answered as the whole log, the checkpoint moved forward and never ahead', async () => {
    const [plain, saved] = ['plain', 'saved'].map((copy) => path.join(dir, `race-${copy}.db`)) as [string, string];
    for (const db of [plain, saved]) fs.copyFileSync(archive, db);
    expect((await ledger('projections', 'rebuild', '--db', saved)).code).toBe(0);
    const loaded = savedPosition(saved);
    const racing = [CASES[0]![1], CASES[2]![1]];
    const answers = await Promise.all(racing.map((argv) => write(saved, argv)));
    const head = Math.max(...answers.map((a) => a.position!));
    expect(answers.map((a) => a.status)).toEqual(['appended', 'appended']);
    // the whole log, the same writes in the order they were recorded
    const order = answers[0]!.position! < answers[1]!.position! ? [0, 1] : [1, 0];
    for (const i of order) {
      const whole = await write(plain, racing[i]!);
      expect({ changes: answers[i]!.changes, list: answers[i]!.list }).toEqual({ changes: whole.changes, list: whole.list });
    }
    const moved = savedPosition(saved);
    expect(moved).toBeGreaterThan(loaded);
    expect(moved).toBeLessThanOrEqual(head);
    const list = await listOf(saved);
    expect((await ledger('projections', 'rebuild', '--db', saved)).code).toBe(0);
    expect(list).toEqual(await listOf(saved));
  }, 120_000);

  it('names the reconcile pin of the 20th event that overrides a correction in the 17th, and history shows the pin', async () => {
    const db = path.join(dir, 'pin.db');
    fs.copyFileSync(archive, db);
    const pin = JSON.parse((await ledger('events', '--type', 'ListReconciled', '--player', 'N57', '--json', '--db', db)).out.trim().split('\n').at(-1)!) as { position: number; event: { validDate: string; reason: string } };
    const r = await ledgerProcess([...CASES[0]![1], '--db', db, '--actor', 'officer', '--dry-run']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('dry run: game r3-1-7 of 22_17th_nekomadoken corrected; nothing recorded');
    expect(r.out).toMatch(/22_17th_nekomadoken\s+2017-08-19\s+N57\s+N57\s+fesa\s+1514 4 Kyu\s+1517 4 Kyu/);
    expect(r.out).toContain(`N57's change in 22_17th_nekomadoken is overridden from ${pin.event.validDate} by the list reconciled at position ${pin.position} (reason: ${pin.event.reason})`);
    // the 18th event's change of N21 is overridden too, the 20th's own grade change of N31 is not (same day)
    expect(r.out).toContain("N21's change in 23_18th_nekomadoken is overridden");
    expect(r.out).not.toContain("N31's change in 24_20th_nekomadoken");
    // history says why N57's 20th event starts at 1521 and not where the 17th left him
    const history = (await ledgerProcess(['history', 'N57', '--db', db])).out.split('\n');
    const pinLine = history.findIndex((l) => /^ {2}2017-11-18 {2}rating pinned by reconcile +-> +1521 {2}reconciled with 24_20th_nekomadoken\/ratingliste\.pre/.test(l));
    expect(pinLine).toBeGreaterThan(0);
    expect(history[pinLine - 1]).toMatch(/22_17th_nekomadoken +1539 -> +1514/);
    expect(history[pinLine + 1]).toMatch(/24_20th_nekomadoken +1521 -> +1546/);
  }, 60_000);
});
