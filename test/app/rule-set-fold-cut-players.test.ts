import { describe, expect, it } from 'vitest';
import type { DomainEvent, LoggedEvent } from '../../domain/events';
import type { GenericCut } from '../../projections/generic/history';
import { loadCut, loadCutHead, playersReadFrom, saveFoldCuts, type SavedFoldCut } from '../../src/app/rule-set-fold-cut';
import { places } from '../support/places';

/**
 * The fold cut saved with a row per player (format 2): read whole it is the cut saved, maps in their order; read for a
 * few players (a write's comparison, saved-ratings.ts) it holds theirs alone; a row changed by hand, or a cut saved
 * again between the header's read and the rows', is not read.
 */
const logged = (event: Record<string, unknown>, position: number): LoggedEvent => ({ event: { eventId: `e${position}`, ...event } as DomainEvent, globalPosition: position, recordedAt: '2026-11-29T00:00:00.000Z' });

/** A cut of `n` players under fide (in an order that is not the ids'), half of them under gobase-go too. */
const cutOf = (n: number, date = '2024-01-01'): GenericCut => {
  const ids = Array.from({ length: n }, (_, i) => `p${(i * 7919) % n}`);
  return {
    date,
    states: new Map([
      ['fide', new Map(ids.map((id, i) => [id, { rating: 1500 + i, games: i }]))],
      ['gobase-go', new Map(ids.filter((_, i) => i % 2 === 0).map((id, i) => [id, { rating: 100 + i, games: 3 }]))],
    ]),
    lastPlayed: new Map([['fide', new Map(ids.slice(0, 5).map((id) => [id, '2023-12-01']))]]),
  };
};

const award = logged({ type: 'GradeAwarded', validDate: '2024-02-01', playerId: 'p1', ruleSet: 'gobase-go', grade: '1d', reason: 'x' }, 9);

const asLists = (cut: GenericCut) => ({
  date: cut.date,
  states: [...cut.states].map(([r, m]) => [r, [...m]]),
  lastPlayed: [...cut.lastPlayed].map(([r, m]) => [r, [...m]]),
});

describe.each(places)('the fold cut read by player (%s)', (_name, open) => {
  it('reads whole as saved, and for a few players theirs alone; not a row changed by hand, nor after another save', async () => {
    const { checkpoints, sql, close } = await open();
    try {
      // more rows than a PostgreSQL read takes in one statement (2,000)
      const cut = cutOf(2_500);
      const saved: SavedFoldCut = { position: 40, head: 'abc', cut, awards: [award] };
      await saveFoldCuts(checkpoints, saved, undefined);
      const whole = await loadCut(checkpoints, 'coarse');
      expect(whole && { ...whole, cut: asLists(whole.cut) }).toEqual({ ...saved, cut: asLists(cut) });

      const head = (await loadCutHead(checkpoints, 'coarse'))!;
      expect([head.position, head.head, head.date, head.awards]).toEqual([40, 'abc', '2024-01-01', [award]]);
      const few = (await head.withPlayers(new Set(['p3', 'p4', 'nobody'])))!;
      const fide = cut.states.get('fide')!;
      expect(asLists(few.cut).states).toEqual([
        ['fide', [...fide].filter(([id]) => id === 'p3' || id === 'p4')],
        ['gobase-go', [...cut.states.get('gobase-go')!].filter(([id]) => id === 'p3' || id === 'p4')],
      ]);
      expect(asLists((await head.withPlayers('all'))!.cut)).toEqual(asLists(cut));

      // a row changed by hand: neither read takes the cut
      await sql(`UPDATE projection_chunks SET data = replace(data, '"games"', '"gamez"') WHERE name = 'rule-set-fold-cut-3' AND part = 'p:p3'`);
      expect(await head.withPlayers(new Set(['p3']))).toBeUndefined();
      expect(await loadCut(checkpoints, 'coarse')).toBeUndefined();
      // a row deleted by hand: read by player, its player is missing from the ids the header lists — not read (a fold
      // would take him for a newcomer); the players the cut does not hold are none of it, as before
      await sql(`DELETE FROM projection_chunks WHERE name = 'rule-set-fold-cut-3' AND part = 'p:p4'`);
      expect(await head.withPlayers(new Set(['p4', 'p5']))).toBeUndefined();
      expect((await head.withPlayers(new Set(['p5', 'nobody'])))?.cut.states.get('fide')?.has('p5')).toBe(true);
      // the header's list of ids edited by hand (p4 there named q4): no longer its hash, the cut is not read
      await sql(`UPDATE projections SET state = replace(state, '"p4",', '"q4",') WHERE name = 'rule-set-fold-cut-3'`);
      expect(await loadCutHead(checkpoints, 'coarse')).toBeUndefined();
      // saved again (another process) after the header was read: its rows are not the header's
      await saveFoldCuts(checkpoints, { ...saved, position: 41 }, undefined);
      expect(await head.withPlayers(new Set(['p4']))).toBeUndefined();
      expect((await (await loadCutHead(checkpoints, 'coarse'))!.withPlayers(new Set(['p4'])))?.position).toBe(41);
    } finally {
      await close();
    }
  });
});

describe('the players a fold resumed at the cut reads', () => {
  const game = (first: string, second: string, position: number) => logged({ type: 'GameReported', validDate: '2024-03-01', tournamentId: 't9', gameId: `g${position}`, round: 1, first, second, result: 'win' }, position);
  it('are those the facts from the cut on name, with both ids of a merge joining one; every one after a filtered adjustment', () => {
    const facts = [
      logged({ type: 'OpeningBalanceImported', validDate: '2020-01-01', playerId: 'old', ruleSet: 'fide', state: {}, source: 'x' }, 1),
      logged({ type: 'OpeningBalanceImported', validDate: '2024-05-01', playerId: 'late', ruleSet: 'fide', state: {}, source: 'x' }, 2),
      logged({ type: 'PlayersMerged', validDate: '2019-01-01', survivor: 'a', absorbed: 'a2', reason: 'x' }, 3),
      logged({ type: 'PlayersMerged', validDate: '2019-01-01', survivor: 'z', absorbed: 'z2', reason: 'x' }, 4),
      game('a2', 'b', 5),
    ];
    const read = playersReadFrom(facts, '2024-01-01');
    expect(read).not.toBe('all');
    for (const id of ['late', 'a', 'a2', 'b']) expect(read).toContain(id);
    for (const id of ['old', 'z', 'z2']) expect(read).not.toContain(id);
    const filtered = logged({ type: 'RatingAdjusted', validDate: '2024-06-01', ruleSet: 'fide', target: { kind: 'filter', filter: {} }, adjustment: { kind: 'shift', points: 5 }, reason: 'x' }, 6);
    expect(playersReadFrom([...facts, filtered], '2024-01-01')).toBe('all');
    // dated before the cut, the resumed fold passes it over
    expect(playersReadFrom([...facts, { ...filtered, event: { ...filtered.event, validDate: '2023-06-01' } as DomainEvent }], '2024-01-01')).not.toBe('all');
  });
});
