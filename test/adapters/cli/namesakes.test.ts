import * as fs from 'fs';
import * as path from 'path';
import { Client } from 'pg';
import { describe, expect, it } from 'vitest';
import { chainOf, cliBuilt, eventDate, ledgerProcess, nekomadoChain, tempDir } from '../../support/helpers';

/**
 * Namesakes are people (issue 28, point 1), through the real `ledger` process: two players registered with the same
 * name, who meet in a tournament or never do. Every read answers; each keeps his own rating, games and history; FESA
 * files show the later one under his name with his id.
 */

const run = async (store: string, ...argv: string[]): Promise<string> => {
  const r = await ledgerProcess([...argv, '--store', store]);
  expect({ argv, code: r.code, err: r.err }).toEqual({ argv, code: 0, err: '' });
  return r.out;
};

interface ListRow {
  readonly playerId: string;
  readonly rating: number;
  readonly games: number;
}

/** D1 and D2 named alike, P3 otherwise; t0 (February): D1 beats P3; t1 (March): D1 beats D2, or P3 beats D2 when they never meet. */
const namesakes = async (store: string, meet: boolean): Promise<void> => {
  await run(store, 'init');
  await run(store, 'player', 'add', '--id', 'D1', '--family', 'Same', '--given', 'Name', '--country', 'NO', '--date', '2026-01-01');
  const second = await ledgerProcess(['player', 'add', '--id', 'D2', '--family', 'Same', '--given', 'Name', '--country', 'NO', '--date', '2026-01-01', '--store', store, '--json']);
  expect(second.code).toBe(0);
  expect((JSON.parse(second.out) as { namesake: unknown }).namesake).toEqual({ namesakes: ['D1'], listedAs: 'Same Name (D2)' });
  await run(store, 'player', 'add', '--id', 'P3', '--family', 'Other', '--given', 'Guy', '--country', 'NO', '--date', '2026-01-01');
  await run(store, 'tournament', 'add', '--id', 't0', '--name', 'Winter Cup', '--start', '2026-02-07', '--end', '2026-02-08');
  await run(store, 'game', 'report', '--tournament', 't0', '--game', 'g0', '--round', '1', '--first', 'D1', '--second', 'P3', '--result', 'win');
  await run(store, 'tournament', 'close', '--id', 't0');
  await run(store, 'tournament', 'add', '--id', 't1', '--name', 'Spring Cup', '--start', '2026-03-07', '--end', '2026-03-08');
  if (meet) await run(store, 'game', 'report', '--tournament', 't1', '--game', 'g1', '--round', '1', '--first', 'D1', '--second', 'D2', '--result', 'win');
  else await run(store, 'game', 'report', '--tournament', 't1', '--game', 'g1', '--round', '1', '--first', 'P3', '--second', 'D2', '--result', 'win');
  await run(store, 'tournament', 'close', '--id', 't1');
};

/** Every read of the issue answers, and D1 and D2 are two people in each. */
const readsKeepThemApart = async (store: string, meet: boolean): Promise<void> => {
  const rows = (JSON.parse(await run(store, 'list', '--as-of', '2026-03-31', '--format', 'json')) as { players: ListRow[] }).players;
  const d1 = rows.find((r) => r.playerId === 'D1')!;
  const d2 = rows.find((r) => r.playerId === 'D2')!;
  // D1 played t0 (and t1 when they meet), D2 only t1
  expect([d1.games, d2.games]).toEqual([meet ? 2 : 1, 1]);
  expect(d1.rating).not.toBe(d2.rating);
  expect(await run(store, 'list', '--as-of', '2026-03-31')).toMatch(/Same Name \(D2\)/);
  const csv = await run(store, 'list', '--as-of', '2026-03-31', '--format', 'csv');
  expect(csv).toMatch(/^\d+,D1,Same Name,/m);
  expect(csv).toMatch(/^\d+,D2,Same Name \(D2\),/m);
  const fesa = await run(store, 'list', '--as-of', '2026-03-31', '--format', 'fesa');
  expect(fesa).toContain(':LAST-NAME "Same" :FIRST-NAME "Name" ');
  expect(fesa).toContain(':LAST-NAME "Same" :FIRST-NAME "Name (D2)" ');
  expect(await run(store, 'list', '--as-of', '2026-03-31', '--format', 'fesa-all')).toMatch(/Name \(D2\)/);
  // each career holds only his own tournaments
  const h1 = await run(store, 'history', 'D1');
  const h2 = await run(store, 'history', 'D2');
  expect(h1).toMatch(/t0/);
  expect(h1.includes('t1')).toBe(meet);
  expect(h2).not.toMatch(/t0/);
  expect(h2).toMatch(/t1/);
  expect(await run(store, 'explain', 'D2', '--tournament', 't1')).toMatch(meet ? /Same Name/ : /Other Guy/);
  expect(await run(store, 'player', 'show', 'D1')).toMatch(new RegExp(`rating ${d1.rating}\\b`));
  expect(await run(store, 'player', 'show', 'D2')).toMatch(new RegExp(`rating ${d2.rating}\\b`));
  await run(store, 'tournament', 'show', 't0');
  const t1 = await run(store, 'tournament', 'show', 't1');
  expect(t1).toMatch(/Same Name \(D2\)/);
  expect(/Same Name {2,}/.test(t1)).toBe(meet);
  await run(store, 'tournament', 'show', 't1', '--format', 'fesa-html', '--out', path.join(tempDir('namesakes-html'), 't1.html'));
  await run(store, 'rerate');
};

describe.skipIf(!cliBuilt())('namesakes through the CLI', () => {
  for (const meet of [true, false]) {
    it(`SQLite: two players named alike who ${meet ? 'meet' : 'never meet'} are read apart by every read`, async () => {
      const store = `sqlite:${path.join(tempDir('namesakes'), 'ledger.db')}`;
      await namesakes(store, meet);
      await readsKeepThemApart(store, meet);
    }, 240_000);
  }

  it('player add --csv tells the officer of every namesake in the file, as player add does of one', async () => {
    const dir = tempDir('namesakes-csv');
    const store = `sqlite:${path.join(dir, 'ledger.db')}`;
    await run(store, 'init');
    await run(store, 'player', 'add', '--id', 'D1', '--family', 'Same', '--given', 'Name', '--country', 'NO', '--date', '2026-01-01');
    const csv = path.join(dir, 'players.csv');
    fs.writeFileSync(csv, 'id,family,given,country\nD2,Same,Name,NO\nP3,Other,Guy,NO\nD3,Same,Name,SE\n');
    const text = await ledgerProcess(['player', 'add', '--csv', csv, '--store', store]);
    expect(text.code).toBe(0);
    expect(text.out.split('\n').filter((l) => l.startsWith('  '))).toEqual([
      '  D2: D1, D3 bear the same name: FESA lists and files show D2 as "Same Name (D2)" (ledger player correct --id D2 --given … tells them apart by name instead)',
      '  D3: D1, D2 bear the same name: FESA lists and files show D3 as "Same Name (D3)" (ledger player correct --id D3 --given … tells them apart by name instead)',
    ]);
    // again: nothing new recorded, the officer is still told
    const json = await ledgerProcess(['player', 'add', '--csv', csv, '--store', store, '--json']);
    expect(JSON.parse(json.out)).toMatchObject({ appended: 0, namesakes: [{ playerId: 'D2', namesakes: ['D1', 'D3'], listedAs: 'Same Name (D2)' }, { playerId: 'D3', namesakes: ['D1', 'D2'], listedAs: 'Same Name (D3)' }] });
  }, 120_000);

  it('a FESA folder matches a player registered by hand under its name (the first bearer of it), byte for byte', async () => {
    const dir = tempDir('namesakes-import');
    const store = `sqlite:${path.join(dir, 'ledger.db')}`;
    const chain = nekomadoChain().slice(0, 3);
    await run(store, 'init');
    // N2 is a new player of the first folder (its nye-spillere), registered by hand before the import
    await run(store, 'player', 'add', '--id', 'kari', '--family', 'N2', '--country', 'JP', '--date', '2016-01-01');
    await run(store, 'fesa', 'import', chainOf(chain));
    const out = path.join(dir, 'list.txt');
    await run(store, 'list', '--as-of', eventDate(chain[2]!), '--format', 'fesa', '--out', out);
    expect(fs.readFileSync(out).equals(fs.readFileSync(path.join(chain[2]!, 'ratingliste.post')))).toBe(true);
    expect(await run(store, 'history', 'kari')).toMatch(/01_1st_nekomadoken/);
    const registered = (await run(store, 'events', '--type', 'PlayerRegistered', '--json')).trim().split('\n').map((l) => (JSON.parse(l) as { event: { familyName: string } }).event.familyName);
    expect(registered.filter((n) => n === 'N2')).toHaveLength(1);
  }, 240_000);

  const pg = process.env.LEDGER_TEST_PG_URL;
  it.skipIf(!pg)(`PostgreSQL: the same, met and never met${pg ? '' : ` (skipped: ${process.env.LEDGER_TEST_PG_SKIP_REASON ?? 'LEDGER_TEST_PG_URL is not set'})`}`, async () => {
    const admin = new Client({ connectionString: pg });
    await admin.connect();
    const names = [`namesakes_met_${process.pid}_${Date.now()}`, `namesakes_apart_${process.pid}_${Date.now()}`];
    try {
      for (const [i, n] of names.entries()) {
        await admin.query(`CREATE DATABASE ${n}`);
        const store = pg!.replace(/\/[^/]*$/, `/${n}`);
        await namesakes(store, i === 0);
        await readsKeepThemApart(store, i === 0);
      }
    } finally {
      for (const n of names) await admin.query(`DROP DATABASE IF EXISTS ${n} WITH (FORCE)`).catch(() => undefined);
      await admin.end();
    }
  }, 480_000);
});
