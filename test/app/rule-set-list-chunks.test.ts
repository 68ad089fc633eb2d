import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../domain/events';
import { readRuleSetListModel } from '../../src/app/rule-set-list-model';
import { listModelChunkSettings } from '../../src/app/rule-set-list-chunks';
import { places, record } from '../support/places';

/**
 * The list models of format 2 (src/app/rule-set-list-chunks.ts): saved in chunks indexed in their header. A model of
 * the format before is dropped as the new one is saved (it would fill the file for good), and a chunk changed by hand
 * among those a catch-up reads is told as the whole read tells it.
 */
const event = (fields: Record<string, unknown>): DomainEvent => ({ version: 1, actor: 't', ...fields }) as unknown as DomainEvent;
const player = (id: string): DomainEvent => event({ type: 'PlayerRegistered', eventId: `reg:${id}`, validDate: '2022-01-01', playerId: id, familyName: id, givenName: '', country: 'NL' });
const balance = (id: string): DomainEvent => event({ type: 'OpeningBalanceImported', eventId: `bal:${id}`, validDate: '2022-01-01', playerId: id, ruleSet: 'fide', state: { rating: 1800 + id.charCodeAt(0), games: 40, birthYear: null, reached2400: false }, source: 'legacy list' });
const tournament = (id: string, date: string, a: string, b: string): DomainEvent[] => [
  event({ type: 'TournamentRegistered', eventId: `t:${id}`, validDate: date, tournamentId: id, name: id, place: 'Leiden', startDate: date, endDate: date, ratingSystem: 'fide', rated: true, timeControl: { mainMinutes: 90, byoyomiSeconds: 0, incrementSeconds: 30 } }),
  event({ type: 'GameReported', eventId: `g:${id}`, validDate: date, tournamentId: id, gameId: 'g1', round: 1, first: a, second: b, result: 'win' }),
  event({ type: 'TournamentClosed', eventId: `close:${id}`, validDate: date, tournamentId: id }),
];
const events = [...['A', 'B', 'C', 'D'].map(player), ...['A', 'B', 'C', 'D'].map(balance), ...tournament('T1', '2022-03-01', 'A', 'B'), ...tournament('T2', '2024-02-01', 'C', 'D'), ...tournament('T3', '2024-06-01', 'A', 'C')];

describe.each(places)('the list models in indexed chunks (%s)', (_name, open) => {
  it('drop the model of the format before as they are saved, and tell a chunk changed by hand', async () => {
    const items = listModelChunkSettings.items;
    listModelChunkSettings.items = 2;
    const { store, checkpoints, sql, close } = await open();
    try {
      await record(store, events.map((e, i) => ({ event: e, globalPosition: i + 1 })));
      await checkpoints.save('rule-set-list-1:fide', 1, JSON.stringify({ format: 1, ruleSet: 'fide' }), [['versions', 0, '[]']], []);
      await checkpoints.save('rule-set-list-1:fide:head', 1, JSON.stringify({ format: 1, ruleSet: 'fide' }), [['versions', 0, '[]']], []);
      const list = await readRuleSetListModel(store, checkpoints, 'fide', { asOf: '2099-01-01', activeYears: 0 });
      expect(list?.players.map((p) => p.id).sort()).toEqual(['A', 'B', 'C', 'D']);
      expect(await sql("SELECT name FROM projections WHERE name IN ('rule-set-list-1:fide', 'rule-set-list-1:fide:head', 'rule-set-list-2:fide', 'rule-set-list-2:fide:head') ORDER BY name")).toEqual([['rule-set-list-2:fide'], ['rule-set-list-2:fide:head']]);
      // the last chunk of versions (T3's) changed by hand, then a write after it: the catch-up reads that chunk and
      // tells it, as a whole read does
      await sql("UPDATE projection_chunks SET data = replace(data, '\"2024-06-01\"', '\"2024-06-02\"') WHERE name = 'rule-set-list-2:fide' AND part = 'versions'");
      await record(store, [{ event: event({ type: 'ResultCorrected', eventId: 'fix', validDate: '2024-06-01', tournamentId: 'T3', gameId: 'g1', round: 1, first: 'A', second: 'C', result: 'draw', reason: 'late fix' }), globalPosition: events.length + 1 }]);
      const told: string[] = [];
      await readRuleSetListModel(store, checkpoints, 'fide', { asOf: '2099-01-01', activeYears: 0, onEdited: (why) => told.push(why) });
      expect(told).toEqual(['the saved list model of fide was changed by hand (it no longer matches its fingerprint)']);
    } finally {
      listModelChunkSettings.items = items;
      await close();
    }
  }, 60_000);

  it.each([false, true])('tell a chunk before the cut changed by hand, read as of an earlier date (a write in between: %s), and serve the fold', async (written) => {
    const items = listModelChunkSettings.items;
    listModelChunkSettings.items = 2;
    const { store, checkpoints, sql, close } = await open();
    const ratingOf = async (asOf: string, onEdited?: (why: string) => void) =>
      (await readRuleSetListModel(store, checkpoints, 'fide', { asOf, activeYears: 0, ...(onEdited ? { onEdited } : {}) }))?.players.find((p) => p.id === 'C')?.rating;
    try {
      await record(store, events.map((e, i) => ({ event: e, globalPosition: i + 1 })));
      expect(await ratingOf('2023-01-01')).toBe(1867);
      // C's 2022 balance (the second chunk of versions, before the cut) changed by hand
      await sql("UPDATE projection_chunks SET data = replace(data, '1867', '2867') WHERE name = 'rule-set-list-2:fide' AND part = 'versions' AND seq = 1");
      const told: string[] = [];
      if (written) {
        // a write after it: its catch-up reads from the cut on and keeps the chunks before as saved — not the edited one
        await record(store, tournament('T4', '2024-09-01', 'B', 'D').map((e, i) => ({ event: e, globalPosition: events.length + 1 + i })));
        await ratingOf('2099-01-01', (why) => told.push(why));
      }
      // (it was served as edited, 2867, and a write carried the edit forward under a fresh header)
      expect(await ratingOf('2023-01-01', (why) => told.push(why))).toBe(1867);
      expect(told).toEqual(['the saved list model of fide was changed by hand (it no longer matches its fingerprint)']);
      expect(await ratingOf('2023-01-01', (why) => told.push(why))).toBe(1867);
      expect(told.length).toBe(1);
    } finally {
      listModelChunkSettings.items = items;
      await close();
    }
  }, 60_000);
});
