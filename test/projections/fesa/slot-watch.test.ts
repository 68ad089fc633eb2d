import * as E from 'fp-ts/Either';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GameReported } from '../../../domain/events';
import { diffFolds, listChangesAt } from '../../../projections/fesa/diff';
import { FesaProjection } from '../../../projections/fesa/incremental';
import { ledgers, resultCorrection } from '../../support/gen';

const slotted = (projection: FesaProjection) => {
  const { order, slots } = projection.headCheckpoint();
  return { list: order, slots: slots ?? [] };
};

/**
 * The slots a projection writes while watched (slot-watch.ts): two folds from the same list differ only there, so
 * the list's changes compared on them are the whole lists' (`diffFolds`); a re-fold from a list older than the one
 * watched from loses the track instead of answering with too few.
 */
describe('a watch of the list slots', () => {
  it('compares two folds on the slots written as the whole lists compare, and gives up on a re-fold from an older list', () => {
    const seen = { compared: 0, changed: 0, lost: 0 };
    fc.assert(
      fc.property(ledgers(10, 8), fc.nat(), ({ facts }, pick) => {
        const games = facts.flatMap((f) => (f.event.type === 'GameReported' && f.event.second !== null ? [f.event as GameReported] : [])).sort((a, b) => a.validDate.localeCompare(b.validDate));
        if (games.length < 4) return;
        const late = games[games.length - 1 - (pick % Math.ceil(games.length / 2))]!;
        const projection = new FesaProjection({ runs: 'changes', checkpointEvery: 1 });
        projection.apply(facts);
        const before = projection.current();
        if (E.isLeft(before)) return;
        const beforeList = slotted(projection);
        const watch = projection.watchSlots();
        const head = facts.at(-1)!.globalPosition;
        projection.apply([resultCorrection(late, head + 1, 'late-fix')]);
        const after = projection.current();
        const changed = watch.changed();
        if (E.isLeft(after) || changed === undefined) return;
        seen.compared++;
        const whole = diffFolds(before.right, after.right).list;
        if (whole.length > 0) seen.changed++;
        expect(listChangesAt(before.right, beforeList, after.right, slotted(projection), changed)).toEqual(whole);
        // a correction dated before every list the fold restored since: it re-folds from an older one
        const early = games.find((g) => g.validDate < late.validDate && g.tournamentId !== late.tournamentId);
        if (early === undefined) return;
        projection.apply([resultCorrection(early, head + 2, 'early-fix')]);
        if (E.isRight(projection.current()) && watch.changed() === undefined) seen.lost++;
      }),
      { numRuns: 40, seed: 33 },
    );
    expect(seen.compared).toBeGreaterThan(20);
    expect(seen.changed).toBeGreaterThan(15);
    expect(seen.lost).toBeGreaterThan(10);
  });
});
