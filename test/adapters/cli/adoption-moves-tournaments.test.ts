/**
 * A federation that moves to another rule system from a date (`rules adopt --rules pan-atlantic --from D`): every
 * tournament ending from D on is rated under it — once, by that system, never also by FESA — in the lists, the
 * tournament's page, and the players' histories (issue 29: the tournament view ignored adoption-rated FESA-registered
 * tournaments, and the FESA fold rated them a second time, listing their players at FESA's floor).
 */
import { createHash } from 'crypto';
import * as fs from 'fs';
import { describe, expect, it } from 'vitest';
import { officerLedger } from '../../support/helpers';

interface Change { readonly tournament: string; readonly player: string; readonly ruleSet: string; readonly before: { rating: number | null }; readonly after: { rating: number | null } }

describe('a tournament registered under FESA after an adoption of another rule set', () => {
  it('is rated under the adopted rule set only: its list, its view and the histories; the FESA list does not rate it', async () => {
    const { ok, file, db } = officerLedger('adoption-moves');
    await ok('init');
    for (let i = 1; i <= 4; i++) await ok('player', 'add', '--id', `A${i}`, '--family', 'Adopt', '--given', `P${i}`, '--country', 'NO');
    await ok('player', 'balance', '--csv', file('legacy.csv', ['id,rules,rating,games,grade,date,reason', ...[1, 2, 3, 4].map((i) => `A${i},pan-atlantic,${1500 + i * 50},30,,2025-12-31,legacy list`)]));
    // a FESA tournament before the move: FESA's
    await ok('tournament', 'add', '--id', 'f1', '--name', 'Before', '--start', '2025-11-01', '--end', '2025-11-01', '--main', '30', '--byoyomi', '30');
    await ok('game', 'report', '--tournament', 'f1', '--game', 'g1', '--round', '1', '--first', 'A1', '--second', 'A2', '--result', 'win');
    await ok('tournament', 'close', '--id', 'f1');
    await ok('rules', 'adopt', '--rules', 'pan-atlantic', '--from', '2026-01-01', '--reason', 'the federation moves to pan-atlantic');
    await ok('tournament', 'add', '--id', 'c1', '--name', 'After', '--start', '2026-02-01', '--end', '2026-02-01', '--main', '30', '--byoyomi', '30');
    await ok('game', 'report', '--tournament', 'c1', '--game', 'g1', '--round', '1', '--first', 'A1', '--second', 'A2', '--result', 'win');
    await ok('game', 'report', '--tournament', 'c1', '--game', 'g2', '--round', '1', '--first', 'A3', '--second', 'A4', '--result', 'win');
    await ok('tournament', 'close', '--id', 'c1');

    const shown = JSON.parse(await ok('tournament', 'show', 'c1', '--json')) as { ruleSet: string; players: { playerId: string; before: number; after: number }[] };
    expect(shown.ruleSet).toBe('pan-atlantic');
    expect(shown.players.map((p) => [p.playerId, p.before, p.after > p.before])).toEqual([['A1', 1550, true], ['A2', 1600, false], ['A3', 1650, true], ['A4', 1700, false]]);
    const list = JSON.parse(await ok('list', '--rules', 'pan-atlantic', '--json')) as { players: { id: string; rating: number; games: number }[] };
    expect(new Map(list.players.map((r) => [r.id, [r.rating, r.games]]))).toEqual(new Map(shown.players.map((p) => [p.playerId, [p.after, 31]])));
    // FESA rates the tournament before the move and nothing after it
    const fesa = JSON.parse(await ok('list', '--as-of', '2026-03-01', '--active-years', '0', '--json')) as { players: { playerId: string; games: number }[] };
    expect(fesa.players.map((p) => p.playerId).sort()).toEqual(['A1', 'A2']);
    const fesaHistory = JSON.parse(await ok('history', 'A1', '--rules', 'fesa', '--json')) as { ratings: { tournamentId: string }[] };
    expect(fesaHistory.ratings.map((r) => r.tournamentId)).toEqual(['f1']);
    expect(await ok('history', 'A3')).toContain('After (c1), under pan-atlantic: 1650 -> ');

    // another adoption from a date before c1 moves it again: the answer names its players from the pan-atlantic
    // rating to the one the new rule set's list gives; a dry run answers the same and leaves the store as it was
    const checksum = () => createHash('sha256').update(fs.readFileSync(db)).digest('hex');
    const adopt = ['rules', 'adopt', '--rules', 'us-shogi-1997-text', '--from', '2026-01-15', '--reason', 'the federation moves again', '--json'];
    const sum = checksum();
    const dry = JSON.parse(await ok(...adopt, '--dry-run')) as { dryRun: boolean; changes: Change[] };
    expect({ dryRun: dry.dryRun, same: checksum() === sum }).toEqual({ dryRun: true, same: true });
    const real = JSON.parse(await ok(...adopt)) as { dryRun: boolean; changes: Change[] };
    expect({ dryRun: real.dryRun, changes: real.changes }).toEqual({ dryRun: false, changes: dry.changes });
    const us = JSON.parse(await ok('list', '--rules', 'us-shogi-1997-text', '--json')) as { players: { id: string; rating: number }[] };
    expect(real.changes.map((c) => [c.tournament, c.player, c.ruleSet, c.before.rating, c.after.rating])).toEqual(
      shown.players.map((p) => ['c1', p.playerId, 'us-shogi-1997-text', p.after, us.players.find((r) => r.id === p.playerId)?.rating]),
    );
  });
});
