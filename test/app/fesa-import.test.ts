import * as fs from 'fs';
import * as path from 'path';
import { describe, expect, it } from 'vitest';
import { chainOf, eventDate, FIXTURES, ledger, listAsOf, NEKOMADO, nekomadoChain, tempDir } from '../support/helpers';

describe('fesa import: the Nekomado chain through the ledger (issue 3 acceptance)', () => {
  it('without --reconcile stops at 24_20th_nekomadoken and names the players of the unpublished event', async () => {
    const db = path.join(tempDir('noreconcile'), 'ledger.db');
    const r = await ledger('fesa', 'import', chainOf(nekomadoChain()), '--db', db);
    expect(r.code).toBe(1);
    expect(r.err).toContain('24_20th_nekomadoken/ratingliste.pre differs from the ledger');
    expect(r.err).toContain('(folder 24 of 25; nothing of this import was recorded)');
    // N122 and N123 entered the list in the unpublished 19th event; N2 played in it.
    expect(r.err).toContain('N122 is on the file\'s list but not in the ledger');
    expect(r.err).toContain('N123 is on the file\'s list but not in the ledger');
    expect(r.err).toMatch(/N2: ELO-NUMBER 2280 in the file, 2291 in the ledger/);
    // The import is one decision: none of the 23 folders before it went in either.
    const events = await ledger('events', '--db', db, '--json');
    expect(events.out.trim()).toBe('');
  });

  it('with --reconcile every list as of each event date is byte-identical to that folder\'s post list; a second import changes nothing', async () => {
    const db = path.join(tempDir('reconcile'), 'ledger.db');
    const chain = chainOf(nekomadoChain());
    const first = await ledger('fesa', 'import', chain, '--db', db, '--reconcile');
    expect(first.err).toBe('');
    expect(first.code).toBe(0);
    expect(first.out).toContain('reconciled 24_20th_nekomadoken');
    let identical = 0;
    for (const folder of nekomadoChain()) {
      const expected = fs.readFileSync(path.join(folder, 'ratingliste.post'));
      const actual = await listAsOf(db, eventDate(folder));
      expect({ folder: path.basename(folder), same: actual.equals(expected) }).toEqual({ folder: path.basename(folder), same: true });
      identical++;
    }
    expect(identical).toBe(25);
    const head = (await ledger('checksum', '--db', db, '--json')).out;
    const again = await ledger('fesa', 'import', chain, '--db', db, '--reconcile');
    expect(again.code).toBe(0);
    expect((await ledger('checksum', '--db', db, '--json')).out).toBe(head);
  });

  it('rejects a file the program would reject, naming file and line, and records nothing', async () => {
    const dir = tempDir('bad');
    const folder = path.join(dir, '01_bad');
    fs.mkdirSync(folder);
    const src = nekomadoChain()[0]!;
    fs.copyFileSync(path.join(src, 'nye-spillere'), path.join(folder, 'nye-spillere'));
    fs.copyFileSync(path.join(src, 'ratingliste.pre'), path.join(folder, 'ratingliste.pre'));
    const text = fs.readFileSync(path.join(src, 'turnering.txt'), 'latin1').replace('1 [N2] [] [0- 10+ 9-]', '1 [N2] [] [0- 10+ 9+]');
    fs.writeFileSync(path.join(folder, 'turnering.txt'), text, 'latin1');
    const db = path.join(dir, 'ledger.db');
    const r = await ledger('fesa', 'import', folder, '--db', db);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/turnering\.txt/);
    expect(r.err).toMatch(/N2|N10/);
    // not even an empty ledger file: a read says there is none
    expect((await ledger('events', '--db', db)).err).toBe(`ledger: there is no ledger at ${db}; check --db / --store, or create one with \`ledger init --db ${db}\`\n`);
    // a date the program would only compare as text, but the ledger dates every fact by: named with file and line
    const original = fs.readFileSync(path.join(src, 'turnering.txt'), 'latin1');
    fs.writeFileSync(path.join(folder, 'turnering.txt'), original.replace('[2016-04-29]', '[2016-04-31]'), 'latin1');
    const badDate = await ledger('fesa', 'import', folder, '--db', db);
    expect(badDate).toMatchObject({ code: 1, err: `ledger: ${path.join(folder, 'turnering.txt')}:2: the event date "2016-04-31" is not a day YYYY-MM-DD that exists\n` });
    expect(fs.existsSync(db)).toBe(false);
  });
});

describe('fesa import: transfers in nye-spillere (entries with a rating, games or a history, made by the official program)', () => {
  const transfers = (): string[] =>
    fs.readdirSync(path.join(FIXTURES, 'fesa-own')).filter((n) => n.startsWith('21_transfers_e')).sort().map((n) => path.join(FIXTURES, 'fesa-own', n));

  it('imports the chain; after every event the list is byte-identical to the program\'s post list', async () => {
    const db = path.join(tempDir('transfers'), 'ledger.db');
    const folders = transfers();
    expect(folders.length).toBe(3);
    const r = await ledger('fesa', 'import', chainOf(folders), '--db', db);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    for (const folder of folders) {
      const actual = await listAsOf(db, eventDate(folder));
      expect({ folder: path.basename(folder), same: actual.equals(fs.readFileSync(path.join(folder, 'ratingliste.post'))) }).toEqual({ folder: path.basename(folder), same: true });
    }
  });

  it('keeps the program\'s order among equal ratings when newcomers and transfers are mixed (22_transfer_tie_order)', async () => {
    const folder = path.join(FIXTURES, 'fesa-own', '22_transfer_tie_order');
    const db = path.join(tempDir('transfer-ties'), 'ledger.db');
    expect(await ledger('fesa', 'import', folder, '--db', db)).toMatchObject({ code: 0, err: '' });
    const post = fs.readFileSync(path.join(folder, 'ratingliste.post'), 'latin1');
    // the case is what it says: transfers tied with list players, a newcomer tied with a never-rated list player
    expect(post.match(/"Tie-[A-Za-z0-9-]+"/g)).toEqual(['"Tie-Play-C"', '"Tie-Tr-1"', '"Tie-Tr-2"', '"Tie-List-A"', '"Tie-List-B"', '"Tie-Play-D"', '"Tie-Tr-3"', '"Tie-New-3"', '"Tie-New-1"', '"Tie-New-2"', '"Tie-List-E"']);
    expect((await listAsOf(db, eventDate(folder))).toString('latin1')).toBe(post);
  });

  it('records a transfer as registration, prior grade and an opening balance whose reason names file and line', async () => {
    const db = path.join(tempDir('transfer-facts'), 'ledger.db');
    const [first] = transfers();
    expect((await ledger('fesa', 'import', first!, '--db', db)).code).toBe(0);
    const events = (await ledger('events', '--db', db, '--json')).out.trim().split('\n').map((l) => JSON.parse(l) as { event: Record<string, unknown> });
    const about = (id: string) => events.map((e) => e.event).filter((e) => e.playerId === id).map((e) => e.type);
    expect(about('Tr-Count')).toEqual(['PlayerRegistered', 'PriorGradeDeclared', 'OpeningBalanceImported']);
    expect(about('Tr-New')).toEqual(['PlayerRegistered', 'PriorGradeDeclared']);
    const balance = events.map((e) => e.event).find((e) => e.type === 'OpeningBalanceImported' && e.playerId === 'Tr-Idle')!;
    expect(balance.reason).toBe('transferred from another list: 21_transfers_e01/nye-spillere line 5 gives a rating, games or a last-played date');
    expect(balance.state).toMatchObject({ eloNumber: 1890, games: 70, lastPlayed: '2021-11-01', lbCount: { n: 6, reachedMp: true }, mpCount: 2 });
  });
});

describe('fesa import: simultaneous displays (the giver plays every board of his round; an unlisted giver is in neither file)', () => {
  for (const name of ['07_simul_giver_listed', '07_simul_giver_unlisted', '18_html_quirks']) {
    it(`${name}: imports, and the list after it is byte-identical to the program's post list`, async () => {
      const folder = path.join(FIXTURES, 'fesa-own', name);
      const db = path.join(tempDir('simul'), 'ledger.db');
      const r = await ledger('fesa', 'import', folder, '--db', db);
      expect({ code: r.code, err: r.err }).toEqual({ code: 0, err: '' });
      expect((await listAsOf(db, eventDate(folder))).equals(fs.readFileSync(path.join(folder, 'ratingliste.post')))).toBe(true);
    });
  }
});

describe('fesa import of the club folder as shipped (00_sample first, a separate list)', () => {
  it('stops at 01 with one difference per line and says how to leave the sample out; --from does; --reconcile drops the sample players', async () => {
    const dir = tempDir('shipped');
    const stopped = await ledger('fesa', 'import', NEKOMADO, '--db', path.join(dir, 'a.db'));
    expect(stopped.code).toBe(1);
    const lines = stopped.err.trim().split('\n');
    expect(lines[0]).toMatch(/01_1st_nekomadoken\/ratingliste\.pre differs from the ledger's list .* 4 difference\(s\):$/);
    expect(lines.slice(1, 5)).toEqual(['  Ishikawa Musashi', '  Ould Ahmed Samy', '  Hebert Pascal', '  Mazouzi Sana'].map((n) => `${n} is in the ledger but not on the file's list`));
    expect(lines[5]).toBe('Re-run with --reconcile to record the file\'s values as officer facts or start at this folder with --from 01_1st_nekomadoken (leaving out 00_sample).');

    const from = await ledger('fesa', 'import', NEKOMADO, '--db', path.join(dir, 'b.db'), '--from', '01', '--only', '01,02,03');
    expect(from.err).toBe('');
    expect(from.out).not.toContain('00_sample');
    expect(from.out).toContain('03_3rd_nekomadoken');
    expect(from.out).not.toContain('04_4th_nekomadoken');
    expect(await listAsOf(path.join(dir, 'b.db'), '2016-06-12')).toEqual(fs.readFileSync(path.join(NEKOMADO, '03_3rd_nekomadoken', 'ratingliste.post')));

    const reconciled = await ledger('fesa', 'import', NEKOMADO, '--db', path.join(dir, 'c.db'), '--reconcile', '--only', '00,01');
    expect(reconciled.code).toBe(0);
    expect(await listAsOf(path.join(dir, 'c.db'), '2016-04-29')).toEqual(fs.readFileSync(path.join(NEKOMADO, '01_1st_nekomadoken', 'ratingliste.post')));

    const unknown = await ledger('fesa', 'import', NEKOMADO, '--db', path.join(dir, 'd.db'), '--from', '99');
    expect(unknown.code).toBe(1);
    expect(unknown.err).toMatch(/^ledger: --from 99: no event folder is named so or starts so; the folders are 00_sample, 01_1st_nekomadoken, /);
  });
});
