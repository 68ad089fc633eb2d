/**
 * A saved list model read from a date on (`readListHistory` with `from`, what `rerate --from` reads; issue 30): the
 * rows dated from then on and each slot's last row give the same comparison from that date on as the whole history,
 * on SQLite and PostgreSQL. Two rule sets of the synthetic ledgers hardly ever rate a tournament differently, so the
 * two models compared here are one rule set's on a ledger and on the same ledger with a late correction: the same
 * timeline, other ratings after the corrected tournament.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GameReported, LoggedEvent } from '../../domain/events';
import { diffListModels, listOfModel, type FoldDiff } from '../../projections/fesa/diff';
import type { ListModelHistory } from '../../projections/fesa/list-model';
import { listModelHistory } from '../../src/app/checkpoint';
import type { CheckpointStorage } from '../../src/app/ports/checkpoint-storage';
import type { EventStore } from '../../src/app/ports/event-store';
import { ledgers, resultCorrection, validDatesOf } from '../support/gen';
import { places, record } from '../support/places';

const RULES = 'fesa';
const AS_OF = '2031-01-01';

const fromOn = (diff: FoldDiff, from: string): FoldDiff => ({ runs: diff.runs.filter((r) => r.date >= from), list: diff.list });
const items = (h: ListModelHistory): unknown[] => [h.through, [...h.rated]];

describe.each(places)('a list model read from a date on, %s (issue 30)', (_name, open) => {
  it('compares as the whole history does from that date on: the ratings after each tournament since, and the list', async () => {
    let compared = 0;
    let withRuns = 0;
    await fc.assert(
      fc.asyncProperty(ledgers(8, 6), fc.nat(), fc.nat(), async ({ facts }, pickGame, pickDate) => {
        const games = facts.filter((f): f is LoggedEvent & { event: GameReported } => f.event.type === 'GameReported' && f.event.second !== null);
        if (games.length === 0) return;
        const [a, b] = [await open(), await open()];
        try {
          await record(a.store, facts);
          await record(b.store, [...facts, resultCorrection(games[pickGame % games.length]!.event, facts.length + 1, 'late-fix')]);
          const read = async (place: { store: EventStore; checkpoints: CheckpointStorage }, from?: string) =>
            listModelHistory(place.store, place.checkpoints, RULES, AS_OF, await place.store.headPosition(), undefined, from);
          const [wholeA, wholeB] = [await read(a), await read(b)];
          // a fold that fails is not read from its model (the folds say why), and a correction that moves the
          // timeline's items is no pair to compare item by item
          if (wholeA === undefined || wholeB === undefined || JSON.stringify(items(wholeA)) !== JSON.stringify(items(wholeB))) return;
          const whole = diffListModels(wholeA, wholeB, wholeA.rated);
          const dates = validDatesOf(facts);
          for (const from of [dates[pickDate % dates.length]!, dates[(pickDate >> 2) % dates.length]!, dates[0]!, '2099-01-01']) {
            const [sinceA, sinceB] = [await read(a, from), await read(b, from)];
            expect(sinceA && sinceB && { ...fromOn(diffListModels(sinceA, sinceB, sinceA.rated), from), lists: [listOfModel(sinceA), listOfModel(sinceB)] }).toEqual({ ...fromOn(whole, from), lists: [listOfModel(wholeA), listOfModel(wholeB)] });
            compared++;
            if (fromOn(whole, from).runs.length > 0) withRuns++;
          }
        } finally {
          await a.close();
          await b.close();
        }
      }),
      { numRuns: _name === 'SQLite' ? 20 : 8, seed: 20261129, endOnFailure: true },
    );
    expect(compared).toBeGreaterThan(20);
    expect(withRuns).toBeGreaterThan(5);
  }, 300_000);
});
