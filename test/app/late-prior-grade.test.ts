/**
 * A player's first prior grade counts before its own date too (projections/fesa/list-records.ts `latestGrade`: a
 * declaration registered after the fact): declared after his first tournament, it re-rates that tournament. The
 * saved models caught up after it (and a write's consequences) must then fold again from his first tournament, not
 * from the declaration's date — else `ledger list` after the declaration differs from the list of a rebuild.
 */
import * as E from 'fp-ts/Either';
import { describe, expect, it } from 'vitest';
import type { DomainEvent, LoggedEvent } from '../../domain/events';
import { foldFesa } from '../../projections/fesa/history';
import { resumeProjection } from '../../src/app/checkpoint';
import { consequences, consequencesFromSaved, ledgerRatings, withDecided } from '../../src/app/consequences';
import { savedRatings } from '../../src/app/saved-ratings';
import { readListModel } from '../../src/app/list-model';
import { renderList } from '../../src/app/lists';
import { loadFacts } from '../../src/app/load';
import { LIST_PRINTER } from '../../src/adapters/formats/list-printer';
import { places, record } from '../support/places';

const fact = (type: string, id: string, validDate: string, fields: Record<string, unknown>): DomainEvent =>
  ({ type, version: 1, eventId: id, validDate, actor: 't', ...fields }) as unknown as DomainEvent;
const player = (playerId: string, grade?: string): DomainEvent[] => [
  fact('PlayerRegistered', `reg:${playerId}`, '2026-01-01', { playerId, familyName: `F${playerId}`, givenName: 'G', country: 'NO' }),
  ...(grade === undefined ? [] : [fact('PriorGradeDeclared', `prior:${playerId}`, '2026-01-01', { playerId, grade, source: 'NSR' })]),
];
const tournament = (tournamentId: string, date: string, games: readonly [string, string, string][]): DomainEvent[] => [
  fact('TournamentRegistered', `t:${tournamentId}`, date, { tournamentId, name: tournamentId, place: 'Oslo', startDate: date, endDate: date, ratingSystem: 'fesa', rated: true, timeControl: { mainMinutes: 30, byoyomiSeconds: 30, incrementSeconds: 0 } }),
  ...games.map(([first, second, result], i) => fact('GameReported', `g:${tournamentId}:${i}`, date, { tournamentId, gameId: `g${i}`, round: i + 1, first, second, result })),
  fact('TournamentClosed', `c:${tournamentId}`, date, { tournamentId }),
];
const logged = (events: readonly DomainEvent[], from = 1): LoggedEvent[] => events.map((event, i) => ({ event, globalPosition: from + i }));

const listOfFold = (facts: readonly LoggedEvent[]): string => {
  const fold = foldFesa(facts, { asOf: '2031-01-01', keepRuns: false });
  if (E.isLeft(fold)) throw new Error(fold.left.message);
  return renderList(LIST_PRINTER, fold.right, '2031-01-01', 'csv', 0);
};

describe.each(places)('a first prior grade declared after the player\'s first tournament, %s', (_name, open) => {
  it.each([
    ['an ungraded player', [] as DomainEvent[], 'P1'],
    // a merged person's grades are read together, by date
    ['an id merged into another', [...player('P5'), fact('PlayersMerged', 'm:1', '2026-01-15', { survivor: 'P1', absorbed: 'P5', reason: 'twice' })], 'P5'],
    // read by date, the late declaration comes before the one he had: it becomes his first (projections/declared-grades.ts)
    ['a player whose only declaration is dated after it and after the new one', [fact('PriorGradeDeclared', 'prior:P1:later', '2026-03-15', { playerId: 'P1', grade: '3 Kyu', source: 'NSR' })], 'P1'],
    // the body corrects that day's certificate: the correction, recorded last on its date, is his first grade now
    ['a player whose only declaration the new one corrects (the same date)', [fact('PriorGradeDeclared', 'prior:P1:same-day', '2026-03-01', { playerId: 'P1', grade: '3 Kyu', source: 'NSR' })], 'P1'],
  ])('re-rates that tournament in the saved models as the fold of the whole log does (%s)', async (_case, extra, declared) => {
    const { store, checkpoints, close } = await open();
    try {
      const before = logged([
        ...player('P1'), ...player('P2', '2 Dan'), ...player('P3', '2 Dan'), ...player('P4', '2 Dan'), ...extra,
        ...tournament('T1', '2026-02-01', [['P1', 'P2', 'win'], ['P1', 'P3', 'win'], ['P4', 'P1', 'win']]),
        ...tournament('T2', '2026-04-01', [['P2', 'P3', 'draw']]),
      ]);
      await record(store, before);
      // saved with a list after every tournament: a catch-up may start from the one after T1
      await resumeProjection(store, checkpoints, { checkpointEvery: 1 });
      const saved = (await readListModel(LIST_PRINTER, store, checkpoints, { ruleSet: 'as-adopted', asOf: '2031-01-01', format: 'csv', activeYears: 0 }))?.text;
      expect(saved).toBe(listOfFold(before));
      const late = fact('PriorGradeDeclared', `late:${declared}`, '2026-03-01', { playerId: declared, grade: '1 Dan', source: 'NSR' });
      // the write's printed consequences, compared from the saved checkpoint, are the whole log's
      const whole = consequences(ledgerRatings(before), ledgerRatings(withDecided(before, [late])));
      const fromSaved = await savedRatings(store, checkpoints, [late]);
      expect(fromSaved).toBeDefined();
      expect(await consequencesFromSaved(fromSaved!)).toEqual(whole);
      expect(whole.changes.length).toBeGreaterThan(0);
      await record(store, logged([late], before.length + 1));
      await resumeProjection(store, checkpoints);
      const after = (await readListModel(LIST_PRINTER, store, checkpoints, { ruleSet: 'as-adopted', asOf: '2031-01-01', format: 'csv', activeYears: 0 }))?.text;
      const folded = listOfFold(await loadFacts(store));
      // the declaration changes T1's ratings (it is the case this test is about)
      expect(folded).not.toBe(saved);
      expect(after).toBe(folded);
    } finally {
      await close();
    }
  });
});
