import * as fs from 'fs';
import * as path from 'path';
import { describe, expect, it } from 'vitest';
import { FIXTURES, ledger, tempDir } from '../../support/helpers';

/**
 * A full real round robin through the real CLI under fide-2024, every game and every player held to what FIDE
 * published: the 2025 US Championship (FIDE event 432532, St. Louis, 12–24 October 2025, 12 players, 66 games, on the
 * November 2025 standard list). The data — each player's Ro, K, FIDE's K×chg of every game and of the event, and his
 * rating on the November list — are FIDE's tournament report and per-player calculations, transcribed in
 * test/fixtures/trf/us-championship-2025.published.json (its `source` names where from); the TRF beside it is written
 * from them (test/fixtures/trf/README.md).
 */
interface PublishedPlayer {
  readonly id: number;
  readonly ro: number;
  readonly kchg: number;
  readonly nov: number;
  readonly other?: { readonly kchg: number };
}
interface Published {
  readonly players: readonly PublishedPlayer[];
  readonly games: readonly (readonly [round: number, white: number, black: number, result: string, whiteKchg: number, blackKchg: number])[];
}

const published = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'trf', 'us-championship-2025.published.json'), 'utf8')) as Published;

const ok = async (...argv: string[]): Promise<string> => {
  const r = await ledger(...argv, '--actor', 'officer');
  if (r.code !== 0) throw new Error(`${argv.join(' ')}: ${r.err}`);
  return r.out;
};

/** FIDE's K×chg of each of a player's games, by round, as printed (two decimals). */
const publishedChanges = (id: number): string[] =>
  published.games.filter((g) => g[1] === id || g[2] === id).sort((a, b) => a[0] - b[0])
    .map(([, white, , , whiteKchg, blackKchg]) => (white === id ? whiteKchg : blackKchg).toFixed(2));

describe('the 2025 US Championship under fide-2024, against FIDE\'s published calculations', () => {
  it('gives every game FIDE\'s change, every player FIDE\'s change for the event, and the November 2025 list for each player it alone rated', async () => {
    const db = path.join(tempDir('fide-2024-usch'), 'ledger.db');
    expect(await ok('trf', 'import', path.join(FIXTURES, 'trf', 'us-championship-2025.trf'), '--db', db))
      .toMatch(/12 with their rating as opening balance under fide-2024; 66 games/);
    const { players } = JSON.parse(await ok('list', '--rules', 'fide-2024', '--db', db, '--json')) as { players: { id: string; rating: number }[] };
    const listed = new Map(players.map((p) => [p.id, p.rating]));
    for (const p of published.players) {
      const explained = await ok('explain', `FIDE-${p.id}`, '--rules', 'fide-2024', '--db', db);
      const changes = [...explained.matchAll(/^ {2}round (\d+) vs .* K 10, change (-?\d+\.\d\d), list 2025-11$/gm)];
      expect(changes.map((m) => Number(m[1])), `rounds of ${p.id}`).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
      expect(changes.map((m) => m[2]), `changes of ${p.id}`).toEqual(publishedChanges(p.id));
      // the event's change, rounded once for the period (§8.3.4)
      expect(listed.get(`FIDE-${p.id}`), `rating of ${p.id}`).toBe(p.ro + Math.round(p.kchg));
      // ten of the twelve played nothing else in the period: the ledger's rating is FIDE's November list
      if (p.other === undefined) expect(listed.get(`FIDE-${p.id}`), `list of ${p.id}`).toBe(p.nov);
    }
    expect(published.players.filter((p) => p.other === undefined)).toHaveLength(10);
  }, 90_000);
});
