/**
 * A player's declared prior grades count by their dates, not by the order the ledger learned them: a declaration
 * dated 2010 recorded after one dated 2015 does not make the 2010 grade his latest. The lists and the seeds of every
 * system are therefore the same whichever order the officer recorded two dated declarations in.
 */
import * as E from 'fp-ts/Either';
import { describe, expect, it } from 'vitest';
import type { DomainEvent, LoggedEvent } from '../../domain/events';
import { foldFesa } from '../../projections/fesa/history';
import { latestGrade } from '../../projections/fesa/list-records';
import { foldGeneric, ratingsOf } from '../../projections/generic/history';
import { renderList } from '../../src/app/lists';
import { LIST_PRINTER } from '../../src/adapters/formats/list-printer';

const fact = (type: string, id: string, validDate: string, fields: Record<string, unknown>): DomainEvent =>
  ({ type, version: 1, eventId: id, validDate, actor: 't', ...fields }) as unknown as DomainEvent;
const player = (playerId: string): DomainEvent =>
  fact('PlayerRegistered', `reg:${playerId}`, '2024-01-01', { playerId, familyName: `F${playerId}`, givenName: 'G', country: 'NO' });
const declared = (playerId: string, date: string, grade: string): DomainEvent =>
  fact('PriorGradeDeclared', `prior:${playerId}:${date}`, date, { playerId, grade, source: 'NSR' });
const tournament = (tournamentId: string, date: string, ratingSystem: string, games: readonly [string, string, string][]): DomainEvent[] => [
  fact('TournamentRegistered', `t:${tournamentId}`, date, { tournamentId, name: tournamentId, place: 'Oslo', startDate: date, endDate: date, ratingSystem, rated: true, timeControl: { mainMinutes: 30, byoyomiSeconds: 30, incrementSeconds: 0 } }),
  ...games.map(([first, second, result], i) => fact('GameReported', `g:${tournamentId}:${i}`, date, { tournamentId, gameId: `g${i}`, round: i + 1, first, second, result })),
  fact('TournamentClosed', `c:${tournamentId}`, date, { tournamentId }),
];
const logged = (events: readonly DomainEvent[]): LoggedEvent[] => events.map((event, i) => ({ event, globalPosition: i + 1 }));

const fesaList = (events: readonly DomainEvent[]): string => {
  const fold = foldFesa(logged(events), { asOf: '2031-01-01', keepRuns: false });
  if (E.isLeft(fold)) throw new Error(fold.left.message);
  return renderList(LIST_PRINTER, fold.right, '2031-01-01', 'csv', 0);
};
const genericRatings = (events: readonly DomainEvent[], ruleSet: 'us-shogi-1997-text'): unknown => {
  const fold = foldGeneric(logged(events));
  if (E.isLeft(fold)) throw new Error(fold.left);
  return ratingsOf(fold.right, ruleSet);
};

describe('declared prior grades count by their dates', () => {
  it('picks the latest declaration on or before a date, and the earliest dated before them all', () => {
    // recorded 2015 first, then 2010 (a declaration registered after the fact)
    const grades = [{ date: '2015-01-01', grade: '3 Dan' }, { date: '2010-01-01', grade: '1 Kyu' }];
    expect(latestGrade(grades, '2020-01-01')).toBe('3 Dan');
    expect(latestGrade(grades, '2012-01-01')).toBe('1 Kyu');
    // before either: the first one by date (a player who played before his declarations were dated)
    expect(latestGrade(grades, '2005-01-01')).toBe('1 Kyu');
    // of two on one date, the one recorded last
    expect(latestGrade([{ date: '2010-01-01', grade: '2 Kyu' }, { date: '2010-01-01', grade: '1 Dan' }], '2011-01-01')).toBe('1 Dan');
    // and before that date too
    expect(latestGrade([{ date: '2010-01-01', grade: '2 Kyu' }, { date: '2010-01-01', grade: '1 Dan' }], '2009-01-01')).toBe('1 Dan');
  });

  const players = ['P1', 'P2', 'P3'].map(player);
  const inOrder = [declared('P1', '2024-02-01', '2 Kyu'), declared('P1', '2024-05-01', '3 Dan')];
  const reversed = [...inOrder].reverse();

  it.each([
    ['after both declarations', '2024-06-01'],
    ['between them', '2024-03-01'],
    ['before both', '2024-01-15'],
  ])('FESA: the list is the same whichever order two dated declarations were recorded in (first tournament %s)', (_case, date) => {
    const games: [string, string, string][] = [['P1', 'P2', 'win'], ['P3', 'P1', 'win'], ['P1', 'P3', 'win']];
    const log = (declarations: DomainEvent[]) => [...players, declared('P2', '2024-01-01', '1 Dan'), declared('P3', '2024-01-01', '1 Dan'), ...declarations, ...tournament('T1', date, 'fesa', games)];
    const listed = fesaList(log(inOrder));
    expect(fesaList(log(reversed))).toBe(listed);
    // and the grade he entered with is the one of that date (the case this test is about)
    const entered = date < '2024-02-01' || date < '2024-05-01' ? '2 Kyu' : '3 Dan';
    expect(fesaList([...players, declared('P2', '2024-01-01', '1 Dan'), declared('P3', '2024-01-01', '1 Dan'), declared('P1', '2024-01-01', entered), ...tournament('T1', date, 'fesa', games)])).toBe(listed);
  });

  it('US Shogi 1997: a newcomer is seeded from the grade of the tournament\'s date whichever order they were recorded in', () => {
    const games: [string, string, string][] = [['P1', 'P2', 'win'], ['P2', 'P3', 'win']];
    const log = (declarations: DomainEvent[]) => [...players, ...declarations, ...tournament('U1', '2024-06-01', 'us-shogi-1997-text', games)];
    const seeded = genericRatings(log(inOrder), 'us-shogi-1997-text');
    expect(genericRatings(log(reversed), 'us-shogi-1997-text')).toEqual(seeded);
    expect(genericRatings(log([declared('P1', '2024-01-01', '3 Dan')]), 'us-shogi-1997-text')).toEqual(seeded);
    expect(genericRatings(log([declared('P1', '2024-01-01', '2 Kyu')]), 'us-shogi-1997-text')).not.toEqual(seeded);
  });
});
