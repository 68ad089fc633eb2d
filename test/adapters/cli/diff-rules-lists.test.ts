import * as path from 'path';
import { describe, expect, it } from 'vitest';
import { ledgerProcess, tempDir } from '../../support/helpers';

/**
 * `diff --rules A --rules B` of two non-FESA rule sets puts their lists side by side: on a fide federation's ledger the
 * fide column is `list --rules fide`, newcomer included. It used to enter every newcomer at his declared grade's
 * midpoint (as a comparison with FESA does), so a fide newcomer the list rates by his performance (seed 004) stood at
 * 2100 in `list` and at 1552 in `diff`, and his opponents' ratings differed with him. `rerate --rules S` of such a
 * ledger compares with that list too. Real processes, one ledger.
 */
const ok = async (db: string, ...argv: string[]): Promise<string> => {
  const r = await ledgerProcess([...argv, '--db', db, '--actor', 'officer']);
  if (r.code !== 0) throw new Error(`${argv.join(' ')}: ${r.err}`);
  return r.out;
};

interface SideRow { readonly playerId: string; readonly [ruleSet: string]: unknown }

describe('diff --rules of two non-FESA rule sets', () => {
  it('gives each rule set the ratings its own list gives', async () => {
    const db = path.join(tempDir('diff-rules-lists'), 'ledger.db');
    for (const p of ['P1', 'P2', 'P3']) await ok(db, 'player', 'add', '--id', p, '--family', `F${p}`, '--given', 'G', '--country', 'NO', '--date', '2025-01-01');
    await ok(db, 'player', 'balance', '--id', 'P1', '--rules', 'fide', '--rating', '2000', '--date', '2025-12-31', '--reason', 'legacy list');
    await ok(db, 'player', 'balance', '--id', 'P2', '--rules', 'fide', '--rating', '1800', '--date', '2025-12-31', '--reason', 'legacy list');
    await ok(db, 'tournament', 'add', '--id', 't1', '--name', 'T1', '--start', '2026-01-10', '--rules', 'fide');
    await ok(db, 'game', 'report', '--tournament', 't1', '--game', 'a', '--round', '1', '--first', 'P3', '--second', 'P1', '--result', 'win');
    await ok(db, 'game', 'report', '--tournament', 't1', '--game', 'b', '--round', '2', '--first', 'P3', '--second', 'P2', '--result', 'draw');
    await ok(db, 'game', 'report', '--tournament', 't1', '--game', 'c', '--round', '3', '--first', 'P1', '--second', 'P2', '--result', 'win');
    await ok(db, 'tournament', 'close', '--id', 't1');
    const list = JSON.parse(await ok(db, 'list', '--rules', 'fide', '--as-of', '2026-02-01', '--json')) as { players: { id: string; rating: number }[] };
    const listed = Object.fromEntries(list.players.map((p) => [p.id, p.rating]));
    // the newcomer is on the list (rated by his performance against the two rated players), the others moved with him
    expect(Object.keys(listed).sort()).toEqual(['P1', 'P2', 'P3']);
    const diff = JSON.parse(await ok(db, 'diff', '--rules', 'fide', '--rules', 'uscf-k', '--as-of', '2026-02-01', '--json')) as { players: SideRow[] };
    const fideColumn = Object.fromEntries(diff.players.filter((p) => p['fide'] !== null).map((p) => [p.playerId, (p['fide'] as { rating: number }).rating]));
    expect(fideColumn).toEqual(listed);
    // uscf-k has no opening balance here, so by its own rule nobody would be rated under it: its column enters
    // newcomers at their grade, and says so
    const diffJson = diff as unknown as { enteredAtGrade?: string[] };
    expect(diffJson.enteredAtGrade).toEqual(['uscf-k']);
    expect(diff.players.filter((p) => p['uscf-k'] !== null).map((p) => p.playerId).sort()).toEqual(['P1', 'P2', 'P3']);
    // --player: the same rows of the players named (issue 30), said to be for them
    const forP3 = JSON.parse(await ok(db, 'diff', '--rules', 'fide', '--rules', 'uscf-k', '--as-of', '2026-02-01', '--player', 'P3', '--json')) as { for: string[]; players: SideRow[] };
    expect(forP3.for).toEqual(['P3']);
    expect(forP3.players).toEqual(diff.players.filter((p) => p.playerId === 'P3'));
    expect(await ok(db, 'diff', '--rules', 'fide', '--rules', 'uscf-k', '--as-of', '2026-02-01')).toMatch(/\nNobody is rated under uscf-k by its own entry rule on these facts \(no opening balance under it to be rated against\): its newcomers enter at their declared grade's midpoint/);
    // rerate --rules uscf-k puts the same facts under uscf-k beside the list they were rated for: fide's, not FESA's
    // (which rates none of them: every "before" was "-")
    const rerated = JSON.parse(await ok(db, 'rerate', '--rules', 'uscf-k', '--as-of', '2026-02-01', '--json')) as { labels: string[]; players: SideRow[] };
    expect(rerated.labels).toEqual(['fide', 'uscf-k']);
    expect(Object.fromEntries(rerated.players.filter((p) => p['fide'] !== null).map((p) => [p.playerId, (p['fide'] as { rating: number }).rating]))).toEqual(listed);
  }, 60_000);
});
