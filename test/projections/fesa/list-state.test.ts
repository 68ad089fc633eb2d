import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FesaPlayer } from '../../../domain/rules/fesa/types';
import { nameKey } from '../../../projections/fesa/history';
import { ListSlots, ListState } from '../../../projections/fesa/list-state';

const player = (name: string, elo: number): FesaPlayer => ({
  lastName: name,
  firstName: 'A',
  nationalityList: [],
  gradeLevel: 0,
  gradeName: '',
  nsrGradeLevel: 0,
  nsrGradeName: '',
  eloNumber: elo,
  games: 0,
  lastPlayed: null,
  lbCount: null,
  mpCount: null,
  bonusCount: 0,
});

/**
 * The program's own list step (PROGRAM-BEHAVIOUR §7): new players in front of the list, the tournament's records
 * replace the players' (the first record of each name), then one stable sort by rating, highest first.
 */
const programStep = (list: readonly FesaPlayer[], newcomers: readonly FesaPlayer[], rated: ReadonlyMap<string, number>): FesaPlayer[] => {
  const combined = [...newcomers, ...list];
  const seen = new Set<string>();
  const updated = combined.map((p) => {
    const key = nameKey(p);
    const elo = rated.get(key);
    if (elo === undefined || seen.has(key)) return p;
    seen.add(key);
    return { ...p, eloNumber: elo };
  });
  return updated.map((p, i) => ({ p, i })).sort((a, b) => b.p.eloNumber - a.p.eloNumber || a.i - b.i).map((x) => x.p);
};

/** The same step through ListState, as the incremental projection does it. */
const stateStep = (state: ListState, newcomers: readonly FesaPlayer[], rated: ReadonlyMap<string, number>): void => {
  const slots = state.newcomerSlots(newcomers.map(nameKey));
  const entries = newcomers.map((record, i) => ({ slot: slots[i]!, record }));
  const updates = new Map<number, FesaPlayer>();
  const fresh = new Map<string, (typeof entries)[number]>();
  for (const e of entries) if (!fresh.has(nameKey(e.record))) fresh.set(nameKey(e.record), e);
  for (const [key, elo] of rated) {
    const e = fresh.get(key) ?? state.first(key);
    if (e) updates.set(e.slot, { ...e.record, eloNumber: elo });
  }
  state.afterTournament(entries, updates);
};

describe('ListState (projections/fesa/list-state.ts) keeps the program list order', () => {
  it('finds the first record of a name listed twice and gives a newcomer of that name a slot of his own', () => {
    const slots = new ListSlots();
    const state = ListState.from(slots, [player('X', 1500), player('Y', 1400), player('X', 1300)], false, null);
    expect(state.first(nameKey(player('X', 0)))?.record.eloNumber).toBe(1500);
    expect(state.named(nameKey(player('X', 0))).map((e) => e.record.eloNumber)).toEqual([1500, 1300]);
    const [slot] = state.newcomerSlots([nameKey(player('X', 0))]);
    expect(state.named(nameKey(player('X', 0))).map((e) => e.slot)).not.toContain(slot);
  });

  it('equals the program step for random tournaments, also across checkpoints restored with and without slots', () => {
    const names = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'];
    const tournament = fc.record({
      newcomers: fc.array(fc.record({ name: fc.constantFrom(...names), elo: fc.integer({ min: 1, max: 3 }).map((x) => x * 100) }), { maxLength: 3 }),
      rated: fc.array(fc.record({ name: fc.constantFrom(...names), elo: fc.integer({ min: 1, max: 4 }).map((x) => x * 100) }), { maxLength: 5 }),
      restore: fc.constantFrom('none', 'slots', 'names'),
    });
    fc.assert(
      fc.property(fc.array(fc.record({ name: fc.constantFrom(...names), elo: fc.integer({ min: 1, max: 3 }).map((x) => x * 100) }), { maxLength: 6 }), fc.array(tournament, { maxLength: 12 }), (opening, tournaments) => {
        const slots = new ListSlots();
        let list = opening.map((o) => player(o.name, o.elo));
        let state = ListState.from(slots, list, false, null);
        let sorted = false;
        for (const t of tournaments) {
          const onList = new Set(list.map(nameKey));
          // the projection only brings in players not on the list yet
          const newcomers = t.newcomers.map((n) => player(n.name, n.elo)).filter((p) => !onList.has(nameKey(p)));
          const rated = new Map(t.rated.map((r) => [nameKey(player(r.name, 0)), r.elo]));
          list = programStep(list, newcomers, rated);
          stateStep(state, newcomers, rated);
          sorted = true;
          expect(state.order()).toEqual(list);
          if (t.restore === 'slots') state = ListState.from(slots, state.order(), sorted, null, state.orderSlots());
          if (t.restore === 'names') state = ListState.from(slots, state.order(), sorted, null);
        }
        expect(state.order()).toEqual(list);
      }),
      { numRuns: 300, seed: 20261121 },
    );
  });
});
