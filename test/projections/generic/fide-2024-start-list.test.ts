import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as E from 'fp-ts/Either';
import { afterAll, describe, expect, it } from 'vitest';
import type { Command } from '../../../domain/commands/decide';
import { explainGeneric } from '../../../projections/generic/explain';
import { foldGeneric, ratingsOf } from '../../../projections/generic/history';
import { Ledger } from '../../../src/app/ledger';
import { loadFacts } from '../../../src/app/load';
import { openSqliteStore } from '../../../src/adapters/store/sqlite';

/**
 * The fold hands fide-2024 a tournament's first day, so that an event is rated from the list in force when it started,
 * as FIDE's published calculations do (docs/rule-sets/fide-2024.md). The numbers are F-P03's (FIDE id 2064871,
 * period 2025-12, ratings.fide.com a_indv_calculation.php, recorded in zugzwang-foundation/Chess-ELO-Rating
 * tests/fixtures/fide_calculator/published_calculations.json at 477bdd94): on the October list at 2499, 2505 on
 * November's, he drew a 2325 in an event of 31 Oct – 2 Nov on the December list, and FIDE printed −0.23 (from 2499,
 * D 174, PD .73), not −0.24 (from 2505, D 180, PD .74).
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-fide-start-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const actor = 'test-officer';
const player = (playerId: string): Command => ({ kind: 'RegisterPlayer', validDate: '2025-01-01', actor, playerId, familyName: playerId, givenName: '', country: 'US' });
const balance = (playerId: string, rating: number): Command =>
  ({ kind: 'ImportOpeningBalance', validDate: '2025-01-01', actor, playerId, ruleSet: 'fide-2024', state: { rating, games: 100, reached2400: rating >= 2400 }, source: 'FIDE October 2025 list' });
const tournament = (tournamentId: string, startDate: string, endDate: string, first: string, second: string, result: string): Command[] => [
  { kind: 'RegisterTournament', validDate: endDate, actor, tournamentId, name: tournamentId, place: 'Dulles', startDate, endDate, ratingSystem: 'fide-2024', rated: true,
    timeControl: { mainMinutes: 90, byoyomiSeconds: 0, incrementSeconds: 30 } },
  { kind: 'ReportGame', validDate: endDate, actor, tournamentId, gameId: 'g1', round: 1, first, second, result },
  { kind: 'CloseTournament', validDate: endDate, actor, tournamentId },
] as Command[];

describe('fide-2024 in the fold: the list in force on a tournament\'s first day', () => {
  it('rates the Thanksgiving Open (31 Oct – 2 Nov 2025) from the October list although the November one came out before it ended', async () => {
    const ledger = new Ledger(openSqliteStore(path.join(dir, 'ledger.db')));
    // A beats a 2569 in October (D −70, PD .40: +6.00), which puts him at 2505 on the November list, as F-P03
    const commands = [
      ...['A', 'B', 'C'].map(player), balance('A', 2499), balance('B', 2325), balance('C', 2569),
      ...tournament('october', '2025-10-10', '2025-10-12', 'A', 'C', 'win'),
      ...tournament('thanksgiving', '2025-10-31', '2025-11-02', 'A', 'B', 'draw'),
    ];
    for (const c of commands) await ledger.execute(c);
    const fold = foldGeneric(await loadFacts(ledger.store));
    if (E.isLeft(fold)) throw new Error(fold.left);
    const explained = explainGeneric(fold.right, 'A', 'fide-2024');
    if (E.isLeft(explained)) throw new Error(explained.left);
    const [october, thanksgiving] = explained.right.data.tournaments;
    expect(october?.games[0]).toMatchObject({ terms: { D: -70, PD: '0.40', change: '6.00', list: '2025-11' } });
    expect(thanksgiving?.games[0]).toMatchObject({ opponentRatingUsed: 2325, expected: 0.73, terms: { D: 174, PD: '0.73', K: 10, change: '-2.30', list: '2025-12' } });
    // the state the next tournament is rated from: November's 2505 published, December's period −0.23 × 10 open
    expect(fold.right.states.get('fide-2024')?.get('A')).toMatchObject({ rating: 2505, period: { list: '2025-12', k: 10, games: 1, sum: -23 } });
    expect(ratingsOf(fold.right, 'fide-2024').find((r) => r.playerId === 'A')?.rating).toBe(2503);
  });
});
