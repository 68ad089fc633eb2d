/**
 * Global options may come before the command (`ledger --db F trf import FILE --dry-run`), as an officer's shell alias
 * writes them: the command is still found, so its yes-or-no options take no value. Before, `--db F` hid the command
 * and `--dry-run` at the end was refused as "needs a value".
 */
import * as path from 'path';
import { describe, expect, it } from 'vitest';
import { cliBuilt, FIXTURES, ledger, tempDir } from '../../support/helpers';

describe.skipIf(!cliBuilt())('global options before the command (real process)', () => {
  it('a dry run with --db and --actor first records nothing and says so', async () => {
    const db = path.join(tempDir('global-first'), 'ledger.db');
    expect((await ledger('init', '--db', db)).code).toBe(0);
    const trf = path.join(FIXTURES, 'trf', 'grandmommyscup.trf');
    const dry = await ledger('--db', db, '--actor', 'officer', 'trf', 'import', trf, '--dry-run');
    expect(dry).toMatchObject({ code: 0, err: '' });
    expect(dry.out).toContain('nothing recorded');
    expect((await ledger('--db', db, 'events')).out).toBe('no events\n');
  }, 60_000);
});
