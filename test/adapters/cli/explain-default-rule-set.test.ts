import * as path from 'path';
import { describe, expect, it } from 'vitest';
import { ledgerProcess, tempDir } from '../../support/helpers';

/**
 * `ledger explain P` without --rules of a player FESA never rated (a US Shogi federation's player) explains his games
 * under the rule set that rated them, as `ledger history P` without --rules shows his career under it. It used to say
 * "no rated games yet" beside a history of six tournaments. Real processes, one ledger.
 */
const ok = async (db: string, ...argv: string[]): Promise<string> => {
  const r = await ledgerProcess([...argv, '--db', db, '--actor', 'officer']);
  if (r.code !== 0) throw new Error(`${argv.join(' ')}: ${r.err}`);
  return r.out;
};

describe('explain without --rules', () => {
  it('explains a US Shogi player under us-shogi-1997-text, and a FESA player under FESA', async () => {
    const db = path.join(tempDir('explain-default'), 'ledger.db');
    for (const p of ['P1', 'P2', 'F1', 'F2']) await ok(db, 'player', 'add', '--id', p, '--family', `Fam${p}`, '--given', 'G', '--country', 'US', '--date', '2025-01-01');
    await ok(db, 'player', 'balance', '--id', 'P1', '--rules', 'us-shogi-1997-text', '--rating', '1850', '--date', '2025-12-31', '--reason', 'legacy list');
    await ok(db, 'tournament', 'add', '--id', 'us1', '--name', 'US 1', '--start', '2026-01-10', '--rules', 'us-shogi-1997-text', '--main', '60');
    await ok(db, 'game', 'report', '--tournament', 'us1', '--game', 'a', '--round', '1', '--first', 'P1', '--second', 'P2', '--result', 'win');
    await ok(db, 'tournament', 'close', '--id', 'us1');
    await ok(db, 'tournament', 'add', '--id', 'f1', '--name', 'FESA 1', '--start', '2026-02-10', '--main', '30', '--byoyomi', '30');
    await ok(db, 'game', 'report', '--tournament', 'f1', '--game', 'a', '--round', '1', '--first', 'F1', '--second', 'F2', '--result', 'win');
    await ok(db, 'tournament', 'close', '--id', 'f1');

    const text = await ok(db, 'explain', 'P1');
    expect(text).not.toMatch(/no rated games yet/);
    expect(text).toMatch(/^2026-01-10 us1 under us-shogi-1997-text \(tournament\): 1850 -> \d+$/m);
    expect(text).toMatch(/round 1 vs P2 \(\d+\) score 1/);
    // the same data as explain --rules us-shogi-1997-text, the rule set that rated him
    expect(JSON.parse(await ok(db, 'explain', 'P1', '--json'))).toEqual(JSON.parse(await ok(db, 'explain', 'P1', '--rules', 'us-shogi-1997-text', '--json')));
    // a FESA player is explained by FESA as before
    expect(await ok(db, 'explain', 'F1')).toMatch(/f1/);
    expect(await ok(db, 'explain', 'F1')).not.toMatch(/us-shogi/);
  }, 90_000);
});
