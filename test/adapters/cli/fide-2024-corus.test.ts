import * as path from 'path';
import { describe, expect, it } from 'vitest';
import { FIXTURES, ledger, tempDir } from '../../support/helpers';

/**
 * A real round robin through the real CLI under fide-2024, held to the rating changes FIDE published for it: Corus A
 * 2010 (Wijk aan Zee, 16–31 January 2010, ratings.fide.com tournament report event16=42427). FIDE's changes,
 * expected scores and each player's opponents, results and round order are those transcribed in CPAN Games-Ratings'
 * tests (metacpan/metacpan-cpan-extracted, distros/G/Games-Ratings/t/105, 108 and 109.Elo.t, commit 993b7552):
 * Carlsen 2810 +2.9 (8.21 expected), Anand 2790 −3.5 (7.85), Nakamura 2708 +12.2 (6.28), all K 10. The TRF
 * (test/fixtures/trf/README.md) holds those three players' 36 games; the other games of the event are not in it, so
 * only these three ratings are FIDE's.
 */
const ok = async (...argv: string[]): Promise<string> => {
  const r = await ledger(...argv, '--actor', 'officer');
  if (r.code !== 0) throw new Error(`${argv.join(' ')}: ${r.err}`);
  return r.out;
};

/** Σ of the PD and of the change `explain` prints for each of a player's games (two decimals, as FIDE prints them). */
const explainedSums = (text: string) => {
  const sum = (re: RegExp) => Math.round(100 * [...text.matchAll(re)].reduce((s, m) => s + Number(m[1]), 0)) / 100;
  return { games: [...text.matchAll(/PD /g)].length, expected: sum(/PD (\d\.\d\d)/g), change: sum(/change (-?\d+\.\d\d)/g) };
};

describe('Corus A 2010 under fide-2024, against FIDE\'s published changes', () => {
  it('lists Carlsen and Nakamura at their rating plus FIDE\'s change rounded, and explains each player\'s games to FIDE\'s sums', async () => {
    const db = path.join(tempDir('fide-2024-corus'), 'ledger.db');
    expect(await ok('trf', 'import', path.join(FIXTURES, 'trf', 'corus-2010-a.trf'), '--db', db)).toMatch(/14 with their rating as opening balance under fide-2024; 36 games/);
    const { players } = JSON.parse(await ok('list', '--rules', 'fide-2024', '--db', db, '--json')) as { players: { id: string; rating: number }[] };
    const rating = (id: string) => players.find((p) => p.id === id)?.rating;
    // 2810 + 2.9 and 2708 + 12.2, rounded once for the period (§8.3.4); the event ended on 31 January: the March list
    expect([rating('FIDE-1503014'), rating('corus-2010-a-9')]).toEqual([2813, 2720]);
    expect(explainedSums(await ok('explain', 'FIDE-1503014', '--rules', 'fide-2024', '--db', db))).toEqual({ games: 13, expected: 8.21, change: 2.9 });
    expect(explainedSums(await ok('explain', 'corus-2010-a-2', '--rules', 'fide-2024', '--db', db))).toEqual({ games: 13, expected: 7.85, change: -3.5 });
    expect(explainedSums(await ok('explain', 'corus-2010-a-9', '--rules', 'fide-2024', '--db', db))).toEqual({ games: 13, expected: 6.28, change: 12.2 });
  }, 60_000);
});
