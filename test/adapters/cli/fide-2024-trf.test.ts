import * as fs from 'fs';
import * as path from 'path';
import { describe, expect, it } from 'vitest';
import { FIXTURES, ledger, tempDir } from '../../support/helpers';

/**
 * A TRF import rated under fide-2024 by default (issue 31), through the real CLI: the list gives each player's next
 * FIDE rating, explain each game's PD and change as FIDE's table gives them, and diff against the seed's fide names
 * the one player the table moves. The expectations are worked by hand from table 8.1.2 (FIDE Rating Regulations of
 * 1 March 2024, §8.3): every player is rated 2400+ with 30 games (K 10), every difference under 400.
 */
const ok = async (...argv: string[]): Promise<string> => {
  const r = await ledger(...argv, '--actor', 'officer');
  if (r.code !== 0) throw new Error(`${argv.join(' ')}: ${r.err}`);
  return r.out;
};

describe('trf import under fide-2024', () => {
  it('lists, explains and diffs the Dutch C5 file', async () => {
    const dir = tempDir('fide-2024-trf');
    const db = path.join(dir, 'ledger.db');
    const C5 = path.join(FIXTURES, 'trf', 'bbp-dutch_2025_C5.trf');
    expect(await ok('trf', 'import', C5, '--start', '2025-01-01', '--db', db)).toMatch(/6 with their rating as opening balance under fide-2024/);
    const { players } = JSON.parse(await ok('list', '--rules', 'fide-2024', '--db', db, '--json')) as { players: { id: string; rating: number }[] };
    // Σ(score − PD) × 10: 1 +.46 +.47 → +9; 2 +.46 −.47 → 0; 3 +.45 +.49 → +9; 4 −.46 −.49 = −9.5 → −10 (0.5 away from
    // zero, §8.3.4); 5 −.46 +.49 → 0; 6 −.45 −.49 → −9
    expect(Object.fromEntries(players.map((p) => [p.id.replace('bbp-dutch_2025_C5-', ''), p.rating]))).toEqual({ 1: 2729, 2: 2701, 3: 2706, 4: 2679, 5: 2673, 6: 2655 });
    const explained = await ok('explain', 'bbp-dutch_2025_C5-4', '--rules', 'fide-2024', '--db', db);
    expect(explained).toMatch(/round 1 vs bbp-dutch_2025_C5-1 \(2720\) score 0 .*— D -31, PD 0\.46, K 10, change -4\.60, list 2025-02/);
    expect(explained).toMatch(/round 2 vs bbp-dutch_2025_C5-3 \(2697\) score 0 .*— D -8, PD 0\.49, K 10, change -4\.90, list 2025-02/);
    // the seed's fide from the same ratings: the curve gives player 4 −9.44 → 2680, the others as above
    const balances = path.join(dir, 'balances.csv');
    const c5 = [2720, 2701, 2697, 2689, 2673, 2664];
    fs.writeFileSync(balances, ['id,rules,rating,games,grade,date,reason', ...c5.map((r, i) => `bbp-dutch_2025_C5-${i + 1},fide,${r},30,,2024-12-31,as in the TRF`)].join('\n') + '\n');
    await ok('player', 'balance', '--csv', balances, '--db', db);
    const diff = await ok('diff', '--rules', 'fide', '--rules', 'fide-2024', '--as-of', '2025-03-01', '--db', db);
    const deltas = Object.fromEntries([...diff.matchAll(/^bbp-dutch_2025_C5-(\d) .* (\d{4}) .* (\d{4}) .* (-?\d+)$/gm)].map((m) => [m[1], [Number(m[2]), Number(m[3]), Number(m[4])]]));
    expect(deltas).toEqual({ 1: [2729, 2729, 0], 2: [2701, 2701, 0], 3: [2706, 2706, 0], 4: [2680, 2679, -1], 5: [2673, 2673, 0], 6: [2655, 2655, 0] });
    // and says why: the table's PD against the curve's E in both of his games
    expect(diff).toMatch(/\nWhy they differ:\n {2}bbp-dutch_2025_C5-4: the expected score: fide-2024's table against fide's curve \(2 games\)\n?$/);
  }, 60_000);
});
