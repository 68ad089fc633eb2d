/**
 * `ledger list` with no --rules on a ledger whose tournaments are all rated under another rule set (issue 29: a US
 * Shogi federation gets what a FESA one gets through the same commands): the list of that rule set, said on stderr —
 * it printed FESA's empty list, silently. Once FESA rates a tournament, `ledger list` is FESA's again. `player show`
 * says where a player is rated beside FESA's list.
 */
import * as path from 'path';
import { describe, expect, it } from 'vitest';
import { ledger, tempDir } from '../../support/helpers';

const US = 'us-shogi-1997-text';

describe('ledger list on a ledger rated under another rule set', () => {
  it("lists the rule set the ledger's tournaments are rated under, and FESA's once FESA rates one", async () => {
    const db = path.join(tempDir('house-list'), 'ledger.db');
    const run = (...argv: string[]) => ledger(...argv, '--db', db, '--actor', 'officer');
    const ok = async (...argv: string[]) => {
      const r = await run(...argv);
      if (r.code !== 0) throw new Error(`${argv.join(' ')}: ${r.err}`);
      return r;
    };
    for (const p of ['A', 'B', 'C']) await ok('player', 'add', '--id', p, '--family', `Fam${p}`, '--country', 'US', '--date', '2026-01-01');
    // nothing rated yet: FESA's empty list, as before
    expect(await ok('list')).toMatchObject({ out: '#  player  country  grade  rating  games  last played\n-  ------  -------  -----  ------  -----  -----------\n', err: '' });
    await ok('player', 'balance', '--id', 'A', '--rules', US, '--rating', '1800', '--games', '30', '--date', '2026-01-01', '--reason', 'US list');
    await ok('tournament', 'add', '--id', 't1', '--name', 'US one', '--start', '2026-02-07', '--rules', US);
    await ok('game', 'report', '--tournament', 't1', '--game', 'g1', '--round', '1', '--first', 'A', '--second', 'B', '--result', 'win');
    await ok('game', 'report', '--tournament', 't1', '--game', 'g2', '--round', '2', '--first', 'C', '--second', 'A', '--result', 'loss');
    await ok('tournament', 'close', '--id', 't1');

    const said = `Nobody is rated under FESA in this ledger; its tournaments are rated under ${US}, whose list follows (ledger list --rules ${US}; --rules fesa for FESA's).\n`;
    for (const extra of [[], ['--json'], ['--format', 'csv'], ['--as-of', '2026-02-07']]) {
      const house = await ok('list', ...extra);
      expect(house.out).toBe((await ok('list', '--rules', US, ...extra)).out);
      expect(house.err).toBe(said);
    }
    expect(JSON.parse((await ok('list', '--json')).out)).toMatchObject({ ruleSet: US, players: [{ id: 'A' }, expect.anything(), expect.anything()] });
    // `player show` says where he is rated (it said "not on the FESA list (no rated game yet)" of a rated player)
    const usRows = (JSON.parse((await ok('list', '--rules', US, '--json')).out) as { players: { id: string; rating: number; games: number; grade: string }[] }).players;
    const a = usRows.find((r) => r.id === 'A')!;
    expect((await ok('player', 'show', 'A')).out).toContain(`not on the FESA list (no game rated under FESA)\nunder ${US}: rating ${a.rating}, ${a.grade}, ${a.games} rated games, last rated 2026-02-07 (ledger history A --rules ${US})\n`);
    expect(JSON.parse((await ok('player', 'show', 'A', '--json')).out)).toMatchObject({ fesa: null, ruleSets: [{ ruleSet: US, rating: a.rating, games: a.games, grade: a.grade, lastTournament: '2026-02-07' }] });
    // named, FESA's list is FESA's; its own files are FESA's alone
    expect(await ok('list', '--rules', 'fesa')).toMatchObject({ out: '#  player  country  grade  rating  games  last played\n-  ------  -------  -----  ------  -----  -----------\n', err: '' });
    expect((await ok('list', '--format', 'fesa')).err).toBe('');

    await ok('tournament', 'add', '--id', 'f1', '--name', 'Shogi cup', '--start', '2026-03-07');
    await ok('game', 'report', '--tournament', 'f1', '--game', 'g1', '--round', '1', '--first', 'A', '--second', 'C', '--result', 'win');
    await ok('tournament', 'close', '--id', 'f1');
    const fesa = await ok('list', '--json');
    expect(fesa.err).toBe('');
    expect(JSON.parse(fesa.out)).not.toHaveProperty('ruleSet');
    expect((JSON.parse(fesa.out) as { players: { name: string }[] }).players.map((p) => p.name).sort()).toEqual(['FamA', 'FamC']);
    const shown = JSON.parse((await ok('player', 'show', 'C', '--json')).out) as { fesa: { rating: number } | null; ruleSets: { ruleSet: string }[] };
    expect(shown.fesa).not.toBeNull();
    expect(shown.ruleSets.map((r) => r.ruleSet)).toEqual([US]);
  });
});
