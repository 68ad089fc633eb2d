/**
 * `ledger player balance` (issue 29): an officer moving a legacy list (US Shogi, pan-atlantic, GoBase …) into the
 * ledger records each player's opening balance, one by one or from a CSV file, as the real process.
 */
import * as fs from 'fs';
import * as path from 'path';
import { describe, expect, it } from 'vitest';
import { ledger, tempDir } from '../../support/helpers';

describe('ledger player balance', () => {
  it('records balances the rule sets continue from, and refuses one for a player who already played under the rule set', async () => {
    const dir = tempDir('player-balance');
    const db = path.join(dir, 'ledger.db');
    const run = (...argv: string[]) => ledger(...argv, '--db', db, '--actor', 'officer');
    const ok = async (...argv: string[]) => {
      const r = await run(...argv);
      if (r.code !== 0) throw new Error(`${argv.join(' ')}: ${r.err}`);
      return r.out;
    };
    const file = (name: string, lines: string[]) => {
      fs.writeFileSync(path.join(dir, name), `${lines.join('\n')}\n`);
      return path.join(dir, name);
    };
    await ok('player', 'add', '--csv', file('players.csv', ['id,family,country,birth-year,date', 'P1,Abe,US,1990,2020-01-01', 'P2,Berg,US,,2020-01-01', 'P3,Cole,US,,2020-01-01', 'P4,Dahl,US,,2020-01-01']));
    const legacy = file('legacy.csv', ['id,rules,rating,games,grade,date,reason', 'P1,pan-atlantic,1700,,2 Dan,2025-01-01,pan-atlantic list 2024', 'P2,pan-atlantic,1600,20,3-kyu,2025-01-01,pan-atlantic list 2024']);
    expect(await ok('player', 'balance', '--csv', legacy)).toMatch(/2 opening balances, 2 recorded, 0 already in the ledger/);
    // the same file again records nothing
    expect(await ok('player', 'balance', '--csv', legacy)).toMatch(/2 opening balances, 0 recorded, 2 already in the ledger/);
    // the rule set's list as of the balances' date holds them as the officer gave them (games: pan-atlantic's established 15)
    const list = JSON.parse(await ok('list', '--rules', 'pan-atlantic', '--as-of', '2025-01-01', '--json')) as { players: Record<string, unknown>[] };
    expect(list.players.map(({ rank, id, rating, games, grade }) => ({ rank, id, rating, games, grade }))).toEqual([
      { rank: 1, id: 'P1', rating: 1700, games: 15, grade: '2-dan' },
      { rank: 2, id: 'P2', rating: 1600, games: 20, grade: '3-kyu' },
    ]);
    const pan = JSON.parse(await ok('history', 'P1', '--rules', 'pan-atlantic', '--json')) as { openingBalances: { date: string; rating: number }[] };
    expect(pan.openingBalances).toEqual([{ date: '2025-01-01', ruleSet: 'pan-atlantic', rating: 1700, source: 'balance 2025-01-01', reason: 'pan-atlantic list 2024' }]);

    // an officer's legacy list of one rule set: ids and ratings in the file, the rule set, date and reason given once
    // (they used to be taken and dropped unseen, and every row refused for a missing rule set)
    const plain = file('plain.csv', ['id,rating,games', 'P3,1550,30', 'P4,1450,']);
    expect(await ok('player', 'balance', '--rules', 'fide', '--date', '2024-12-31', '--reason', 'FIDE list 2024', '--csv', plain)).toMatch(/2 opening balances, 2 recorded/);
    const fide = JSON.parse(await ok('list', '--rules', 'fide', '--as-of', '2024-12-31', '--json')) as { players: Record<string, unknown>[] };
    expect(fide.players.map(({ id, rating, games }) => ({ id, rating, games }))).toEqual([{ id: 'P3', rating: 1550, games: 30 }, { id: 'P4', rating: 1450, games: 30 }]);
    const p3 = JSON.parse(await ok('history', 'P3', '--rules', 'fide', '--json')) as { openingBalances: unknown[] };
    expect(p3.openingBalances).toEqual([{ date: '2024-12-31', ruleSet: 'fide', rating: 1550, source: 'balance 2024-12-31', reason: 'FIDE list 2024' }]);

    // a US tournament on 1 March: P3's balance dated before it is the rating it starts from
    await ok('player', 'balance', '--id', 'P3', '--rules', 'us-shogi-1997-text', '--rating', '1650', '--grade', '1 Dan', '--date', '2025-02-28', '--reason', 'US Shogi list 1997');
    await ok('tournament', 'add', '--id', 'T1', '--name', 'Cup', '--start', '2025-03-01', '--rules', 'us-shogi-1997-text', '--main', '60');
    await ok('game', 'report', '--csv', file('games.csv', ['game,tournament,round,first,second,result', 'g1,T1,1,P3,P4,win']));
    await ok('tournament', 'close', '--id', 'T1');
    const refused = await run('player', 'balance', '--id', 'P4', '--rules', 'us-shogi-1997-text', '--rating', '1500', '--date', '2025-03-01', '--reason', 'late list');
    expect({ code: refused.code, err: refused.err }).toEqual({
      code: 1,
      err: 'ledger: Dahl (P4) already played under us-shogi-1997-text on or before 2025-03-01 (game g1 of tournament "T1", ending 2025-03-01); an opening balance starts a record, a change to it is a rating adjustment\n',
    });
    const us = JSON.parse(await ok('history', 'P3', '--rules', 'us-shogi-1997-text', '--json')) as { tournaments: { before: number; after: number }[]; grades: unknown[] };
    expect(us.tournaments.map((t) => t.before)).toEqual([1650]);
    expect(us.tournaments[0]!.after).toBeGreaterThan(1650);
    // the balance's grade opens the grade history, with where it comes from
    expect(us.grades).toEqual([{ date: '2025-02-28', ruleSet: 'us-shogi-1997-text', kind: 'opening-balance', from: null, to: '1-dan', rule: 'opening balance (balance 2025-02-28: US Shogi list 1997)', rating: 1650 }]);
    expect(await ok('history', 'P3', '--rules', 'us-shogi-1997-text')).toContain('Grades:\n2025-02-28  us-shogi-1997-text  opening grade 1-dan: opening balance (balance 2025-02-28: US Shogi list 1997)');
    // under another rule set P4 has no record yet: the balance is taken
    await ok('player', 'balance', '--id', 'P4', '--rules', 'us-shogi-1997-card', '--rating', '1500', '--date', '2025-03-01', '--reason', 'card list');
    const fesa = await run('player', 'balance', '--id', 'P4', '--rules', 'fesa', '--rating', '1500', '--reason', 'x');
    expect({ code: fesa.code, err: fesa.err }).toEqual({ code: 1, err: expect.stringMatching(/^ledger: a FESA opening balance is a whole list record .*ledger fesa import <folder>\n$/) });

    // GoBase reads the grade off the rating (§1): a legacy grade that agrees is recorded, one that disagrees is refused
    // (it used to be recorded and dropped unseen)
    const before = await ok('checksum');
    const nine = await run('player', 'balance', '--id', 'P4', '--rules', 'gobase-go', '--rating', '2100', '--grade', '9 Dan', '--date', '2025-03-01', '--reason', 'go list');
    expect({ code: nine.code, err: nine.err }).toEqual({ code: 1, err: expect.stringMatching(/^ledger: .*grade "9 Dan" disagrees with the rating 2100, which GoBase's scale reads as 3-dan .*leave the grade out\n$/) });
    expect(await ok('checksum')).toBe(before);
    await ok('player', 'balance', '--id', 'P4', '--rules', 'gobase-go', '--rating', '2100', '--grade', '3 Dan', '--date', '2025-03-01', '--reason', 'go list');
    const go = JSON.parse(await ok('list', '--rules', 'gobase-go', '--as-of', '2025-03-01', '--json')) as { players: { id: string; rating: number; grade: string }[] };
    expect(go.players.map(({ id, rating, grade }) => ({ id, rating, grade }))).toEqual([{ id: 'P4', rating: 2100, grade: '3-dan' }]);
  }, 60_000);
});
