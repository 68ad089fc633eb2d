import * as fs from 'fs';
import * as path from 'path';
import { describe, expect, it } from 'vitest';
import { nearest } from '../../../src/adapters/cli/suggest';
import { ledgerProcess } from '../../ledger/helpers';

describe('help that teaches', () => {
  it('ledger --version prints the package name and version (the real process)', async () => {
    const pkg = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../package.json'), 'utf8')) as { name: string; version: string };
    const r = await ledgerProcess(['--version']);
    expect(r).toMatchObject({ code: 0, out: `${pkg.name} ${pkg.version}\n`, err: '' });
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
});
