import * as fs from 'fs';
import * as path from 'path';
import { describe, expect, it } from 'vitest';
import { ledgerProcess, NEKOMADO, tempDir } from '../../support/helpers';

describe('ledger evaluate (the real process)', () => {
  it('scores each rule set on the same ledger, and on the games all of them predicted; an unknown rule set is a usage error', async () => {
    const dir = tempDir('evaluate');
    const chain = path.join(dir, 'chain');
    fs.mkdirSync(chain);
    for (const name of ['01_1st_nekomadoken', '02_2nd_nekomadoken', '03_3rd_nekomadoken']) fs.symlinkSync(path.join(NEKOMADO, name), path.join(chain, name));
    const db = path.join(dir, 'ledger.db');
    expect((await ledgerProcess(['fesa', 'import', chain, '--db', db])).code).toBe(0);
    const r = await ledgerProcess(['evaluate', '--rules', 'fesa,fide', '--db', db, '--json']);
    expect(r.code).toBe(0);
    const ev = JSON.parse(r.out) as { source: string; rows: { ruleSet: string; games: number; predicted: number }[]; common: { games: number; rows: { ruleSet: string; predicted: number }[] } };
    expect(ev.source).toBe('ledger');
    expect(ev.rows.map((row) => row.ruleSet)).toEqual(['fesa', 'fide']);
    // FIDE predicts every game; FESA none whose player has no rating yet, so its common set is the smaller one
    expect(ev.rows[1]!.predicted).toBe(ev.rows[1]!.games);
    expect(ev.rows[0]!.predicted).toBeLessThanOrEqual(ev.rows[0]!.games);
    expect(ev.common.games).toBe(ev.rows[0]!.predicted);
    expect(ev.common.rows.map((row) => row.predicted)).toEqual([ev.common.games, ev.common.games]);
    const unknown = await ledgerProcess(['evaluate', '--rules', 'fesa,elo-9', '--db', db]);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toMatch(/^ledger: --rules elo-9: unknown rule set; known: fesa, fesa-published, .*\n$/);
  });
});
