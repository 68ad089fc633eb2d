import * as fs from 'fs';
import * as path from 'path';
import { describe, expect, it } from 'vitest';
import { commandHelp, commands, declaredOptions } from '../../../src/adapters/cli/main';
import { declaredOption as optionHelp } from '../../support/declared-option';
import { nearest } from '../../../src/adapters/cli/suggest';
import { ledgerProcess, NEKOMADO, tempDir } from '../../support/helpers';

describe('help that teaches', () => {
  it('ledger --version prints the package name and version (the real process)', async () => {
    const pkg = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../package.json'), 'utf8')) as { name: string; version: string };
    const r = await ledgerProcess(['--version']);
    expect(r).toMatchObject({ code: 0, out: `${pkg.name} ${pkg.version}\n`, err: '' });
  });
  it('-h is --help, alone and after a command (the real process)', async () => {
    const [short, long] = await Promise.all([ledgerProcess(['-h']), ledgerProcess(['--help'])]);
    expect(short).toMatchObject({ code: 0, err: '' });
    expect(short.out).toBe(long.out);
    const [listShort, listLong] = await Promise.all([ledgerProcess(['list', '-h']), ledgerProcess(['list', '--help'])]);
    expect([listShort.code, listShort.out]).toEqual([0, listLong.out]);
    expect(listShort.out).toMatch(/^the rating list under any rule set/);
  });
  it('an unknown command suggests the nearest one and exits 2', async () => {
    const typo = await ledgerProcess(['fesa', 'imprt', 'x']);
    expect(typo.code).toBe(2);
    expect(typo.err).toBe('ledger: unknown command "fesa imprt"; did you mean "ledger fesa import"? (`ledger --help` lists every command)\n');
    expect((await ledgerProcess(['lst'])).err).toContain('did you mean "ledger list"?');
    const far = await ledgerProcess(['frobnicate']);
    expect(far).toMatchObject({ code: 2, err: 'ledger: unknown command "frobnicate" (`ledger --help` lists every command)\n' });
  });
  it('nearest takes a typo, never a guess', () => {
    const known = ['list', 'history', 'fesa import', 'player add'];
    expect(nearest('hsitory', known)).toBe('history');
    expect(nearest('player ad', known)).toBe('player add');
    expect(nearest('xyz', known)).toBeUndefined();
    expect(nearest('rerate', known)).toBeUndefined();
  });
  it('--json on fesa run and on list prints JSON', async () => {
    const out = tempDir('json');
    const run = await ledgerProcess(['fesa', 'run', path.join(NEKOMADO, '01_1st_nekomadoken'), '--out-dir', out, '--json']);
    expect(run.code).toBe(0);
    const summary = JSON.parse(run.out) as { rated: number; written: string[]; listPlayers: number };
    expect(summary.written.map((f) => path.basename(f)).sort()).toEqual(['all.txt', 'ratingliste.post', 'turnering.html']);
    expect(summary.rated).toBeGreaterThan(0);
    const db = path.join(out, 'ledger.db');
    expect((await ledgerProcess(['fesa', 'import', path.join(NEKOMADO, '01_1st_nekomadoken'), '--db', db])).code).toBe(0);
    const list = await ledgerProcess(['list', '--as-of', '2030-01-01', '--active-years', '0', '--json', '--db', db]);
    expect(list.code).toBe(0);
    const json = JSON.parse(list.out) as { players: { rating: number }[] };
    expect(json.players.length).toBe(summary.listPlayers);
    const both = await ledgerProcess(['list', '--json', '--format', 'csv', '--db', db]);
    expect(both.code).toBe(2);
    expect(JSON.parse(both.err)).toMatchObject({ error: '--json prints the list as JSON, but --format csv asks for another format; give one of the two', exitCode: 2 });
  });
  it('every option every command accepts is in its --help with what it means', () => {
    const bare: string[] = [];
    for (const command of commands) {
      const help = commandHelp(command).split('\n');
      for (const option of declaredOptions(command)) {
        const line = help.find((l) => l.trimStart().startsWith(`--${option} `) || l.trimStart() === `--${option}`);
        const described = line?.trim().slice(`--${option}`.length).trim() ?? '';
        if (described.length < 10) bare.push(`${command.name} --${option}`);
        // a value the option takes is explained, and so is what applies without it, or the option is required
        const h = optionHelp(command.name, option);
        if (h !== undefined && h.text.length < 10) bare.push(`${command.name} --${option}: "${h.text}"`);
      }
    }
    expect(bare).toEqual([]);
    expect(commands.length).toBeGreaterThan(30);
  });
  it('list --help explains the columns of the table list (the real process)', async () => {
    const r = await ledgerProcess(['list', '--help']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('--active-years  list only players who played in this many years up to the date; 0 for everybody (default: 2');
    expect(r.out).toMatch(/grade +the FESA grade: .*; - = no grade yet/);
    expect(r.out).toMatch(/games +games rated so far; a trailing p \(e\.g\. 4p\) = provisional/);
  });
});
