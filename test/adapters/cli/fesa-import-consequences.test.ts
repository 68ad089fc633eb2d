import { createHash } from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import { describe, expect, it } from 'vitest';
import { cliBuilt, FIXTURES, ledgerProcess, NEKOMADO, tempDir } from '../../support/helpers';

/**
 * `fesa import` (a folder of folders, --reconcile, --correct) and `import --jsonl` answer with what they change, as
 * every write does (issue 32, point 1): through the real `ledger` process, a dry run answers the same changes as the
 * import and leaves the store as it was, and the changes are held to the lists before and after.
 */

interface Rated { readonly rating: number | null; readonly grade?: string }
interface Change { readonly tournament: string; readonly date: string; readonly player: string; readonly before: Rated; readonly after: Rated; readonly overriddenBy?: { kind: string } }
interface ListChange { readonly playerId: string; readonly oldRating: number | null; readonly newRating: number | null }
interface Consequences { readonly changes: Change[]; readonly list: ListChange[] }
interface FesaAnswer { readonly dryRun: boolean; readonly folders: { appended: number }[]; readonly consequences: Consequences }
type List = Map<string, number>;

const dir = tempDir('fesa-import-consequences');
const db = path.join(dir, 'ledger.db');
const checksum = (file: string): string => (fs.existsSync(file) ? createHash('sha256').update(fs.readFileSync(file)).digest('hex') : 'no file');

const run = async (argv: readonly string[], target = db): Promise<string> => {
  const r = await ledgerProcess([...argv, '--db', target, '--actor', 'officer']);
  expect({ code: r.code, err: r.err }).toEqual({ code: 0, err: '' });
  return r.out;
};

/** Today's FESA list, every player however long ago he played. */
const listOf = async (target = db): Promise<List> =>
  new Map((JSON.parse(await run(['list', '--json', '--active-years', '0'], target)) as { players: { playerId: string; rating: number }[] }).players.map((p) => [p.playerId, p.rating]));

/** The list's differences as a write's consequences name them. */
const listDiff = (before: List, after: List): ListChange[] =>
  [...new Set([...before.keys(), ...after.keys()])]
    .filter((id) => before.get(id) !== after.get(id))
    .sort()
    .map((id) => ({ playerId: id, oldRating: before.get(id) ?? null, newRating: after.get(id) ?? null }));

/** The consequences' list rows; a newcomer who has not played yet holds rating 0 (FESA's "unrated"), which a list leaves out. */
const ratingsOf = (c: Consequences): ListChange[] =>
  c.list
    .filter((x) => !(x.oldRating === null && x.newRating === 0))
    .map(({ playerId, oldRating, newRating }) => ({ playerId, oldRating, newRating }))
    .sort((a, b) => a.playerId.localeCompare(b.playerId));

/** The import under --dry-run, then for real: the first leaves the store's file as it was, both answer the same. */
const dryThenReal = async <A extends { dryRun: boolean }>(argv: readonly string[], target = db): Promise<{ dry: A; real: A }> => {
  const sum = checksum(target);
  const dry = JSON.parse(await run([...argv, '--dry-run', '--json'], target)) as A;
  expect(checksum(target)).toBe(sum);
  const real = JSON.parse(await run([...argv, '--json'], target)) as A;
  expect(checksum(target)).not.toBe(sum);
  expect({ dry: dry.dryRun, real: real.dryRun }).toEqual({ dry: true, real: false });
  return { dry, real };
};

const FIRST_23 = Array.from({ length: 23 }, (_, i) => String(i + 1).padStart(2, '0')).join(',');

describe.skipIf(!cliBuilt())('fesa import and import --jsonl answer with the ratings they change', () => {
  it('a folder of folders, then a reconcile, then a correction the reconcile overrides in part, then the log rebuilt from its export', async () => {
    // a folder of folders into a new ledger: a dry run leaves no file; each player's last change is today's rating
    const imported = await dryThenReal<FesaAnswer>(['fesa', 'import', NEKOMADO, '--only', FIRST_23]);
    expect(imported.dry.consequences).toEqual(imported.real.consequences);
    const after23 = await listOf();
    expect(ratingsOf(imported.real.consequences)).toEqual(listDiff(new Map(), after23));
    const last = new Map(imported.real.consequences.changes.map((c) => [c.player, c.after.rating]));
    for (const [id, rating] of after23) expect({ id, rating: last.get(id) }).toEqual({ id, rating });

    // the 20th event's pre list differs from the ledger's: its pins are rows of their own, from the ledger's rating
    // to the file's, before the tournament's rows that start from them
    const reconciled = await dryThenReal<FesaAnswer>(['fesa', 'import', path.join(NEKOMADO, '24_20th_nekomadoken'), '--reconcile']);
    expect(reconciled.dry.consequences).toEqual(reconciled.real.consequences);
    const after24 = await listOf();
    expect(ratingsOf(reconciled.real.consequences)).toEqual(listDiff(after23, after24));
    const pins = reconciled.real.consequences.changes.filter((c) => c.tournament === '-');
    expect(pins.find((c) => c.player === 'N2')).toMatchObject({ date: '2017-11-18', before: { rating: 2291 }, after: { rating: 2280 } });
    for (const pin of pins) expect({ player: pin.player, before: pin.before.rating }).toEqual({ player: pin.player, before: after23.get(pin.player) ?? null });
    const inTournament = new Map(reconciled.real.consequences.changes.filter((c) => c.tournament === '24_20th_nekomadoken').map((c) => [c.player, c.before.rating]));
    for (const pin of pins) if (inTournament.has(pin.player)) expect({ player: pin.player, from: inTournament.get(pin.player) }).toEqual({ player: pin.player, from: pin.after.rating });

    // a corrected results file of the 3rd event: the changes match the lists, and the pins that stop some are named
    const corrected03 = path.join(FIXTURES, 'fesa-corrected', '03_3rd_nekomadoken');
    const sum = checksum(db);
    const text = await run(['fesa', 'import', corrected03, '--correct', '--dry-run']);
    expect(checksum(db)).toBe(sum);
    expect(text).toContain('dry run: nothing recorded; ratings it would change per tournament and player:');
    expect(text).toMatch(/^note: N\d+'s change in \S+ is overridden from 2017-11-18 by the list reconciled at position \d+ \(reason: .+\)$/m);
    const correction = await dryThenReal<FesaAnswer>(['fesa', 'import', corrected03, '--correct']);
    expect(correction.dry.consequences).toEqual(correction.real.consequences);
    const corrected = await listOf();
    expect(ratingsOf(correction.real.consequences)).toEqual(listDiff(after24, corrected));
    expect(correction.real.consequences.changes.filter((c) => c.overriddenBy?.kind === 'ListReconciled').length).toBeGreaterThan(0);
    // the same file again records nothing and says so
    expect(await run(['fesa', 'import', corrected03, '--correct'])).toMatch(/\nall already in the ledger, nothing recorded\n$/);

    // the log rebuilt from its export into an empty store: from no list to the whole list
    const jsonl = path.join(dir, 'ledger.jsonl');
    await run(['export', '--jsonl', jsonl]);
    const rebuilt = path.join(dir, 'rebuilt.db');
    const restored = await dryThenReal<Consequences & { dryRun: boolean; events: number }>(['import', '--jsonl', jsonl], rebuilt);
    expect({ changes: restored.dry.changes, list: restored.dry.list }).toEqual({ changes: restored.real.changes, list: restored.real.list });
    expect(ratingsOf(restored.real)).toEqual(listDiff(new Map(), await listOf(rebuilt)));
    expect(await listOf(rebuilt)).toEqual(corrected);
  }, 120_000);
});
