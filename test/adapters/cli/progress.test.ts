import * as path from 'path';
import { describe, expect, it } from 'vitest';
import { CLI, ledgerProcess, NEKOMADO, runProcess, tempDir } from '../../support/helpers';

/** The shell-quoted command line `script` runs in a pseudo-terminal. */
const commandLine = (argv: readonly string[]): string => [process.execPath, CLI, ...argv].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');

describe('progress of long commands', () => {
  // each command on its own ledger: `diff --rules` and `rerate` read saved read models and fold (with progress) only
  // while one is missing, as it is for fesa-published on a ledger that `fesa import` just wrote
  const ledger = async (): Promise<string> => {
    const db = path.join(tempDir('progress'), 'ledger.db');
    expect((await ledgerProcess(['fesa', 'import', path.join(NEKOMADO, '01_1st_nekomadoken'), '--db', db])).code).toBe(0);
    return db;
  };
  // (`list --known-at` reads the list's model since issue 19: it folds no more)
  const slow: readonly (readonly string[])[] = [
    ['diff', '--rules', 'fesa', '--rules', 'fesa-published'],
    ['rerate', '--rules', 'fesa-published'],
  ];

  it('is never printed into a pipe: stderr stays empty', async () => {
    for (const argv of slow) {
      const db = await ledger();
      const r = await ledgerProcess([...argv, '--db', db], { CI: '' });
      expect({ argv, code: r.code, err: r.err }).toEqual({ argv, code: 0, err: '' });
    }
  });

  it('is shown on a terminal (script gives the process a pseudo-terminal), then wiped', async () => {
    for (const argv of slow) {
      const db = await ledger();
      const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'CI'));
      const r = await runProcess('script', ['-qec', commandLine([...argv, '--db', db]), '/dev/null'], '', env);
      expect(r.code).toBe(0);
      const shown = r.out.replace(/\r\n/g, '\n');
      expect(shown).toMatch(new RegExp(`\\r${argv[0]}: rating \\[[#.]+\\] \\d+/\\d+ tournaments and officer facts`));
      // the line is wiped before the answer is printed
      expect(shown).toMatch(/\r {120}\r/);
    }
  });
});
