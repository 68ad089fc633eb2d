import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as E from 'fp-ts/Either';
import { afterAll, describe, expect, it } from 'vitest';
import { explainGeneric } from '../../projections/generic/explain';
import { foldGeneric } from '../../projections/generic/history';
import type { Command } from '../../domain/commands/decide';
import { Ledger } from '../../src/app/ledger';
import { loadFacts } from '../../src/app/load';
import { genericCareer } from '../../src/app/tournaments';
import { openSqliteStore } from '../../src/adapters/store/sqlite';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-grade-history-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const actor = 'officer';
const tc = { mainMinutes: 60, byoyomiSeconds: 0, incrementSeconds: 0 };
const player = (playerId: string): Command => ({ kind: 'RegisterPlayer', validDate: '2024-01-01', actor, playerId, familyName: playerId, givenName: '', country: 'US' });
const balance = (playerId: string, ruleSet: string, state: Record<string, unknown>): Command =>
  ({ kind: 'ImportOpeningBalance', validDate: '2024-12-31', actor, playerId, ruleSet, state, source: 'legacy', reason: 'list 2024' });
/** One tournament on 10 January 2025 in which `winner` beats `loser`. */
const oneGame = (tournamentId: string, ratingSystem: string, winner: string, loser: string): Command[] => [
  { kind: 'RegisterTournament', validDate: '2025-01-10', actor, tournamentId, name: tournamentId, place: '', startDate: '2025-01-10', endDate: '2025-01-10', ratingSystem, rated: true, timeControl: tc },
  { kind: 'ReportGame', validDate: '2025-01-10', actor, tournamentId, gameId: 'g1', round: 1, first: winner, second: loser, result: 'win' } as Command,
  { kind: 'CloseTournament', validDate: '2025-01-10', actor, tournamentId },
];

/**
 * Grade histories with the rule behind each change: a US rank after 20 games at or above its lower bound (19 carried
 * by the balance), a pan-atlantic promotion by rule 3, and a 5-dan earned under pan-atlantic, which only the NSR
 * awards: a ratification request (spec §4.2).
 */
describe('grade histories under the systems with grades', () => {
  it('names each change and its rule, for history and the pages', async () => {
    const store = openSqliteStore(path.join(dir, 'ledger.db'));
    const ledger = new Ledger(store);
    const commands: Command[] = [
      ...['U1', 'U2', 'A1', 'A2', 'N1', 'N2', 'G1', 'G2'].map(player),
      balance('G1', 'gobase-go', { rating: 1995, games: 10 }),
      balance('G2', 'gobase-go', { rating: 1995, games: 10 }),
      balance('U1', 'us-shogi-1997-text', { rating: 1750, rank: '1-dan', games: 30, streaks: { '2-dan': 19 } }),
      balance('U2', 'us-shogi-1997-text', { rating: 1600, rank: '1-dan', games: 30, streaks: {} }),
      balance('A1', 'pan-atlantic', { rating: 1760, games: 20, grade: '1-kyu' }),
      balance('A2', 'pan-atlantic', { rating: 1700, games: 20, grade: '1-dan' }),
      balance('N1', 'pan-atlantic', { rating: 2450, games: 40, grade: '4-dan', streaks: { '5-dan': { lb: 15, mp: 2, mpSeen: true } } }),
      balance('N2', 'pan-atlantic', { rating: 2400, games: 40, grade: '4-dan' }),
      ...oneGame('TU', 'us-shogi-1997-text', 'U1', 'U2'),
      ...oneGame('TA', 'pan-atlantic', 'A1', 'A2'),
      ...oneGame('TN', 'pan-atlantic', 'N1', 'N2'),
      ...oneGame('TG', 'gobase-go', 'G1', 'G2'),
      // the NSR ratifies N1's 5-dan a month later; an officer records it (seed 6E: "no 5/6-dan unless NSR ratifies")
      { kind: 'AwardGrade', validDate: '2025-02-10', actor, playerId: 'N1', ruleSet: 'pan-atlantic', grade: '5 Dan', reason: 'ratified by the NSR, letter of 2025-02-08' } as Command,
    ];
    for (const c of commands) await ledger.execute(c);
    const facts = await loadFacts(store);
    const state = await ledger.catchUp();
    const grades = (id: string) => genericCareer(facts, state, id)!.grades.map(({ date: _d, rating: _r, ...g }) => g);
    const opening = (ruleSet: string, to: string) => ({ ruleSet, kind: 'opening-balance', from: null, to, rule: 'opening balance (legacy: list 2024)' });
    expect(grades('U1')).toEqual([
      opening('us-shogi-1997-text', '1-dan'),
      { ruleSet: 'us-shogi-1997-text', kind: 'promotion', from: '1-dan', to: '2-dan', tournamentId: 'TU', rule: '20 consecutive rated games at or above 1700, the lower bound of 2-dan (§4)' },
    ]);
    // 24 · (1 − We(1760, 1700)) = 9.95 → 1770, at or above 1750 (2-dan's lower bound): the grade below it
    expect(grades('A1')).toEqual([
      opening('pan-atlantic', '1-kyu'),
      { ruleSet: 'pan-atlantic', kind: 'promotion', from: '1-kyu', to: '1-dan', tournamentId: 'TA', rule: 'rule 3: a rating of 1770 after the tournament reaches 1750, the lower bound of 2-dan (§4.1)' },
    ]);
    expect(grades('N1')).toEqual([
      opening('pan-atlantic', '4-dan'),
      { ruleSet: 'pan-atlantic', kind: 'ratification-requested', from: '4-dan', to: '5-dan', tournamentId: 'TN', rule: '16 consecutive games at or above 2300 with one at or above 2400; 5-dan is the NSR\'s to award (§4.2)' },
      { ruleSet: 'pan-atlantic', kind: 'award', from: '4-dan', to: '5-dan', rule: 'awarded (ratified by the NSR, letter of 2025-02-08)' },
    ]);
    // the list under pan-atlantic gives him the awarded grade, and nothing is pending any more
    const panFold = foldGeneric(facts);
    const n1 = E.isRight(panFold) ? (panFold.right.states.get('pan-atlantic')?.get('N1') as { grade: string; pendingRatification: string | null }) : undefined;
    expect(n1 && { grade: n1.grade, pending: n1.pendingRatification }).toEqual({ grade: '5-dan', pending: null });
    // GoBase: the grade read off the rating, as its list gives it; a win from 1995 crosses 2000, 2-dan's start
    expect(grades('G1')).toEqual([
      { ...opening('gobase-go', '1-dan'), rule: 'opening balance (legacy: list 2024)' },
      { ruleSet: 'gobase-go', kind: 'scale', from: '1-dan', to: '2-dan', tournamentId: 'TG', rule: expect.stringMatching(/^a rating of 20\d\d lies in 2-dan's range on GoBase's scale: 100 points a grade, 1 dan = 1900, 1 pro = 2500 \(§1\)$/) },
    ]);
    expect(grades('G2')).toEqual([opening('gobase-go', '1-dan')]);
    // the loser keeps his rank: no change, only the balance's
    expect(grades('U2')).toEqual([opening('us-shogi-1997-text', '1-dan')]);
    // the explanation gives the same changes after the tournament that made them
    const fold = foldGeneric(facts);
    const explained = E.isRight(fold) ? explainGeneric(fold.right, 'A1') : undefined;
    expect(explained && E.isRight(explained) ? explained.right.text.split('\n').at(-1) : '').toBe(
      '2025-01-10 grade under pan-atlantic: 1-kyu -> 1-dan (promotion) — rule 3: a rating of 1770 after the tournament reaches 1750, the lower bound of 2-dan (§4.1)',
    );
    expect(explained && E.isRight(explained) ? explained.right.text : '').toContain('2024-12-31 opening-balance under pan-atlantic: unrated -> 1760 — list 2024\n2024-12-31 grade under pan-atlantic: none -> 1-kyu (opening-balance)');
    await store.close();
  });
});
