import * as fs from 'fs';
import * as path from 'path';
import { describe, expect, it } from 'vitest';
import { chainOf, eventDate, FIXTURES, ledger, listAsOf, nekomadoChain, tempDir } from '../support/helpers';

const first8 = () => nekomadoChain().slice(0, 8);
const post = (folder: string) => fs.readFileSync(path.join(folder, 'ratingliste.post'));

describe('late reports and corrections re-rate every later tournament (issue 4 acceptance)', () => {
  it('a chain imported without 06, then 06 imported late, ends byte-identical to the chain in order; --known-at reproduces the earlier lists', async () => {
    const dir = tempDir('late');
    const db = path.join(dir, 'ledger.db');
    const chain = first8();
    const late = chain[5]!;
    // 06 brought no new players, so the later events only need players the ledger knows. The officer never saw 06: later folders carry no pre list from the official program (it would include 04).
    const withoutLate = chainOf(chain.filter((f) => f !== late), { withoutPre: (name) => name > '06' });
    expect((await ledger('fesa', 'import', withoutLate, '--db', db)).code).toBe(0);
    const head = Number(JSON.parse((await ledger('init', '--db', db, '--json')).out).events);
    const before = new Map<string, Buffer>();
    for (const f of chain) before.set(f, await listAsOf(db, eventDate(f)));
    expect(before.get(chain[7]!)!.equals(post(chain[7]!))).toBe(false);

    const r = await ledger('fesa', 'import', late, '--db', db);
    expect(r.code).toBe(0);
    expect(r.out).toContain('late report');
    expect(r.out).toContain('Ratings changed per tournament');
    expect(r.out).toMatch(/07_7th_nekomadoken\s+2016-/);
    for (const f of chain) expect({ f: path.basename(f), same: (await listAsOf(db, eventDate(f))).equals(post(f)) }).toEqual({ f: path.basename(f), same: true });
    // As the ledger knew it before the late import:
    for (const f of chain) expect((await listAsOf(db, eventDate(f), ['--known-at', String(head)])).equals(before.get(f)!)).toBe(true);
  });

  it('a chain imported, then 03 corrected with --correct, ends byte-identical to the official program over the corrected chain', async () => {
    const dir = tempDir('correct');
    const db = path.join(dir, 'ledger.db');
    expect((await ledger('fesa', 'import', chainOf(first8()), '--db', db)).code).toBe(0);
    const corrected = path.join(FIXTURES, 'fesa-corrected');
    const r = await ledger('fesa', 'import', path.join(corrected, '03_3rd_nekomadoken'), '--correct', '--db', db, '--json');
    expect(r.err).toBe('');
    const outcome = JSON.parse(r.out) as { folders: { corrections: number }[]; changes: { runs: { tournamentId: string }[] } };
    expect(outcome.folders[0]!.corrections).toBe(2);
    expect(new Set(outcome.changes.runs.map((c) => c.tournamentId))).toContain('08_8th_nekomadoken');
    const events = await ledger('events', '--db', db, '--type', 'ResultCorrected', '--json');
    expect(events.out.trim().split('\n')).toHaveLength(2);
    for (const name of fs.readdirSync(corrected).filter((n) => /^\d\d_/.test(n))) {
      const folder = path.join(corrected, name);
      expect({ name, same: (await listAsOf(db, eventDate(folder))).equals(post(folder)) }).toEqual({ name, same: true });
    }
    // Correcting again with the same file records nothing more.
    const again = await ledger('fesa', 'import', path.join(corrected, '03_3rd_nekomadoken'), '--correct', '--db', db, '--json');
    expect(JSON.parse(again.out).folders[0].corrections).toBe(0);
  });

  it('wrong input gets a clear error and changes nothing', async () => {
    const dir = tempDir('wrong');
    const db = path.join(dir, 'ledger.db');
    expect((await ledger('fesa', 'import', chainOf(first8().slice(0, 3)), '--db', db)).code).toBe(0);
    const sum = (await ledger('checksum', '--db', db)).out;

    const unknown = await ledger('fesa', 'import', first8()[4]!, '--correct', '--db', db);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain('cannot correct "05_5th_nekomadoken": the ledger has no such tournament');

    const renamed = path.join(dir, '03_3rd_nekomadoken');
    fs.mkdirSync(renamed);
    fs.writeFileSync(path.join(renamed, 'turnering.txt'), fs.readFileSync(path.join(first8()[2]!, 'turnering.txt'), 'latin1').replace('[N8]', '[N8x]'), 'latin1');
    fs.copyFileSync(path.join(first8()[2]!, 'ratingliste.pre'), path.join(renamed, 'ratingliste.pre'));
    fs.writeFileSync(path.join(renamed, 'ratingliste.pre'), fs.readFileSync(path.join(first8()[2]!, 'ratingliste.pre'), 'latin1').replace('"N8"', '"N8x"'), 'latin1');
    const r = await ledger('fesa', 'import', renamed, '--correct', '--db', db);
    expect(r.code).toBe(1);
    expect(r.err).toContain('renames or changes the players of tournament "03_3rd_nekomadoken"');
    expect(r.err).toContain('"N8x" is not an entrant');

    const early = await ledger('list', '--as-of', '2016-06-01', '--known-at', '1970-01-01T00:00:00Z', '--db', db);
    expect(early.code).toBe(2);
    expect(early.err).toContain('lies before the first event');
    expect((await ledger('checksum', '--db', db)).out).toBe(sum);
  });
});
