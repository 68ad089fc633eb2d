/**
 * `rerate` / `diff --rules … --player ID` (issue 30): the comparison of two FESA rule sets for a few players, read from
 * those players' rows of the two saved list models, is what the whole comparison holds of them and what the two folds
 * of the log give for them — on the first call (no model saved: both made), on the second (both read), after a
 * correction recorded since (both caught up), and for an id merged into another (answered for the survivor, as the
 * lists name him), on random ledgers with merges and unmerges, on SQLite and PostgreSQL.
 */
import * as E from 'fp-ts/Either';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GameReported, LoggedEvent } from '../../domain/events';
import { diffFolds, diffIdOf, gradeText } from '../../projections/fesa/diff';
import { AS_ADOPTED, type FesaFold } from '../../projections/fesa/history';
import { foldFesaFast } from '../../projections/fesa/incremental';
import { loadFacts } from '../../src/app/load';
import { personNow } from '../../src/app/player-lookup';
import { foldDiffFor, forPlayers, playerListRows, ruleSetsFromModels } from '../../src/app/rule-set-diff';
import { ledgers, resultCorrection } from '../support/gen';
import { places, record, type Place } from '../support/places';

const AS_OF = '2031-01-01';

/** What the two folds of the log give for `people`: the diff's rows naming them and their rows on both lists. */
const foldedFor = (facts: readonly LoggedEvent[], [a, b]: readonly [string, string], people: readonly string[]) => {
  const folds = [a, b].map((ruleSet) => foldFesaFast(facts, { ruleSet, asOf: AS_OF, runs: 'changes' }));
  if (folds.some((f) => f === undefined || E.isLeft(f))) return undefined;
  const [before, after] = folds.map((f) => (f as E.Right<FesaFold>).right) as [FesaFold, FesaFold];
  const listings = (f: FesaFold) => f.list.map((p) => ({ playerId: diffIdOf(f, p), rating: p.eloNumber, grade: gradeText(p) }));
  return { diff: foldDiffFor(diffFolds(before, after), new Set(people)), rows: playerListRows(people, [listings(before), listings(after)]) };
};

/** The answer for `people` from the models, beside the whole answer's rows of them (undefined: a fold failed). */
const fromModels = async (place: Place, ruleSets: readonly [string, string], people: readonly string[]) => {
  const mine = await ruleSetsFromModels(place.store, place.checkpoints, ruleSets[0], ruleSets[1], AS_OF, undefined, undefined, people);
  const whole = await ruleSetsFromModels(place.store, place.checkpoints, ruleSets[0], ruleSets[1], AS_OF);
  return mine && whole && { mine, whole: forPlayers(whole, people) };
};

describe.each(places)('two rule sets compared for a few players, %s (issue 30)', (name, open) => {
  it('answers from the players\' rows what the whole comparison and the folds answer for them', async () => {
    const seen = { differs: 0, merged: 0, corrected: 0 };
    await fc.assert(
      fc.asyncProperty(ledgers(8, 6), fc.nat(), fc.nat(), fc.constantFrom<readonly [string, string]>([AS_ADOPTED, 'fesa-published'], ['fesa', 'fesa-published']), async ({ facts }, pick, which, ruleSets) => {
        const place = await open();
        try {
          await record(place.store, facts);
          const ids = facts.flatMap((f) => (f.event.type === 'PlayerRegistered' ? [f.event.playerId] : []));
          // one player, one whose rows differ where any does, and every twin a merge may have absorbed (answered for
          // the survivor, or himself if unmerged)
          const differing = foldedFor(facts, ruleSets, ids)?.diff.list.map((c) => c.playerId) ?? [];
          const given = [ids[pick % ids.length]!, ...differing.slice(pick % Math.max(1, differing.length)).slice(0, 1), ...ids.filter((id) => id.startsWith('D'))];
          const persons = await Promise.all(given.map((id) => personNow(place.store, id)));
          if (given.some((id, i) => persons[i] !== id)) seen.merged++;
          const people = [...new Set(persons)];
          const check = async (): Promise<boolean> => {
            const folded = foldedFor(await loadFacts(place.store), ruleSets, people);
            // twice: the first call makes what is not saved, the second reads it
            for (let call = 0; call < 2; call++) {
              const read = await fromModels(place, ruleSets, people);
              if (folded === undefined) {
                expect(read).toBeUndefined();
                return false;
              }
              const expected = folded;
              expect(read).toBeDefined();
              expect(read!.mine).toEqual(read!.whole);
              expect(read!.mine.diff).toEqual(expected.diff);
              expect(playerListRows(people, read!.mine.lists)).toEqual(expected.rows);
            }
            if (folded !== undefined && folded.diff.list.length + folded.diff.runs.length > 0) seen.differs++;
            return true;
          };
          if (!(await check())) return;
          // a correction recorded since the models were saved: both caught up, the answer the folds give again
          const games = facts.flatMap((f) => (f.event.type === 'GameReported' ? [f.event] : [])) as GameReported[];
          if (games.length === 0) return;
          const game = games[which % games.length]!;
          await record(place.store, [resultCorrection(game, 0, `fix-${which}`)]);
          if (await check()) seen.corrected++;
        } finally {
          await place.close();
        }
      }),
      { numRuns: name === 'SQLite' ? 25 : 8, seed: 20261130, endOnFailure: true },
    );
    expect(seen.differs).toBeGreaterThan(name === 'SQLite' ? 5 : 1);
    expect(seen.merged).toBeGreaterThan(0);
    expect(seen.corrected).toBeGreaterThan(name === 'SQLite' ? 5 : 1);
  }, 300_000);
});
