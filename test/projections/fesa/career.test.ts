import * as E from 'fp-ts/Either';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { danCounts, playerCareer, renderCareer, type GradeStep } from '../../../projections/fesa/career';
import { foldFesa } from '../../../projections/fesa/history';
import { FesaProjection } from '../../../projections/fesa/incremental';
import { ledgers } from '../../support/gen';

describe('player career (rating history, grade history, dan-qualifying games)', () => {
  it('seed 000 §7b: 1 Dan needs 7 games against 1620 or better, against more than one opponent', () => {
    const seven = (opponents: string[]) => Array.from({ length: 7 }, (_, i) => ({ opponent: opponents[i % opponents.length]!, rating: 1620 }));
    const one = danCounts(seven(['A']));
    expect(one[0]).toMatchObject({ dan: 1, minOpponent: 1620, gamesNeeded: 7, games: 7, met: false });
    const two = danCounts(seven(['A', 'B']));
    expect(two[0]).toMatchObject({ dan: 1, games: 7, opponents: ['A', 'B'], met: true });
    // 1620 does not count towards 2 Dan (7 games against 1740 or better)
    expect(two[1]).toMatchObject({ dan: 2, minOpponent: 1740, games: 0, met: false });
    // 5 Dan: 8 games against 2160; 4 Dan: 8 against 2000; 3 Dan: 7 against 1860
    expect(danCounts([]).map((d) => [d.dan, d.gamesNeeded, d.minOpponent])).toEqual([[1, 7, 1620], [2, 7, 1740], [3, 7, 1860], [4, 8, 2000], [5, 8, 2160]]);
    const six = danCounts(Array.from({ length: 6 }, (_, i) => ({ opponent: `P${i}`, rating: 1859 })));
    expect(six[2]!.games).toBe(0);
    expect(six[1]!.games).toBe(6);
  });

  it('follows the fold: one step per rated tournament (report numbers, list counters), promotions with their rule, dan counts from event games only', () => {
    let careers = 0;
    for (const { facts } of fc.sample(ledgers(8, 6), { numRuns: 30, seed: 5 })) {
      const fold = foldFesa(facts);
      if (E.isLeft(fold)) continue;
      const projection = new FesaProjection({ runs: 'reports' });
      projection.apply(facts);
      const light = projection.current();
      if (E.isLeft(light)) throw new Error(light.left.message);
      for (const playerId of fold.right.names.keys()) {
        const c = playerCareer(fold.right, playerId);
        if (E.isLeft(c)) throw new Error(c.left);
        // the same career from the projection's lighter runs
        expect(playerCareer(light.right, playerId)).toEqual(c);
        const name = fold.right.names.get(playerId)!;
        const reports = fold.right.runs.flatMap((r) => r.report.players.filter((p) => p.lastName === name.lastName && p.firstName === name.firstName && p.method !== 'not-rated').map((p) => ({ r, p })));
        expect(c.right.ratings.map((s) => [s.tournamentId, s.before, s.after, s.method])).toEqual(reports.map(({ r, p }) => [r.tournamentId, p.preRating, p.postRating, p.method]));
        for (const s of c.right.ratings) {
          const after = fold.right.runs.find((r) => r.tournamentId === s.tournamentId)!.after.find((p) => p.lastName === name.lastName && p.firstName === name.firstName)!;
          expect(s.gamesTotal).toBe(typeof after.games === 'number' ? after.games : after.games.length);
          expect(s.bonusCount).toBe(after.bonusCount);
          expect(s.change).toBe(s.after - s.before);
        }
        const promotions = reports.flatMap(({ p }) => p.promotions.map((x) => x.rule));
        expect(c.right.grades.filter((g) => g.rule !== 'prior-grade' && g.rule !== 'officer-award' && g.rule !== 'opening-balance').map((g) => g.rule)).toEqual(promotions);
        const eventGames = reports.flatMap(({ p }) => (p.method === 'standard' ? p.games ?? [] : p.performanceGames ?? []).filter((g) => g.round !== null));
        expect(c.right.dan[0]!.games).toBe(eventGames.filter((g) => g.opponentRatingUsed >= 1620).length);
        careers++;
      }
    }
    expect(careers).toBeGreaterThan(50);
  });

  it('prints grades reached one after the other at one game by one rule as one line, as the player page shows them', () => {
    const at = (from: string, grade: string, detail = '05_5th, game 1'): GradeStep => ({ date: '2016-08-06', from, grade, rule: 'provisional-UB+1', detail });
    const grades = [
      { date: '2016-04-29', from: '-', grade: '5 Dan', rule: 'prior-grade', detail: 'NSR' } as const,
      at('-', '15 Kyu'), at('15 Kyu', '14 Kyu'), at('14 Kyu', '13 Kyu'),
      at('13 Kyu', '12 Kyu', '05_5th, game 2'),
    ];
    const text = renderCareer({ playerId: 'N2', ratings: [], officerRatings: [], grades, dan: [] });
    expect(text.split('\n').filter((l) => l.startsWith('  2016-'))).toEqual([
      '  2016-04-29  - -> 5 Dan by prior-grade (NSR)',
      '  2016-08-06  - -> 13 Kyu by provisional-UB+1 (05_5th, game 1), 3 grades at once',
      '  2016-08-06  13 Kyu -> 12 Kyu by provisional-UB+1 (05_5th, game 2)',
    ]);
  });

  it('names the player when he is unknown', () => {
    const fold = foldFesa([]);
    expect(E.isRight(fold) && playerCareer(fold.right, 'nobody')).toEqual(E.left('unknown player "nobody"'));
  });
});
