import * as E from 'fp-ts/Either';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LoggedEvent, GameReported } from '../../domain/events';
import { diffFolds, diffIdOf, diffListModels, gradeText } from '../../projections/fesa/diff';
import { FesaProjection, foldFesaFast } from '../../projections/fesa/incremental';
import { listModelHistory } from '../../src/app/checkpoint';
import { loadFacts } from '../../src/app/load';
import { ruleSetsFromModels } from '../../src/app/rule-set-diff';
import { inBatches, ledgers, resultCorrection } from '../support/gen';
import { places, record } from '../support/places';

const RULES = ['fesa', 'fesa-published'] as const;

/** Dates that cut a ledger before, on and after its items. */
const datesOf = (facts: readonly LoggedEvent[]): string[] => {
  const dates = new Set<string>(['2019-06-01', '2031-01-01']);
  for (const { event } of facts) {
    const date = event.type === 'TournamentRegistered' ? event.endDate : event.validDate;
    if (date) dates.add(date);
  }
  return [...dates].sort();
};

describe.each(places)('two rule sets compared from their list read models, %s (issue 17)', (_name, open) => {
  it('gives the folds\' diff (list and ratings after each tournament) as of any date, after every batch and a late correction', async () => {
    let compared = 0;
    let differing = 0;
    await fc.assert(
      fc.asyncProperty(ledgers(8, 6), fc.nat(), async ({ facts, batches }, pick) => {
        const { store, checkpoints, close } = await open();
        try {
          const expectSameDiffs = async (): Promise<void> => {
            const seen = await loadFacts(store);
            const timeline = new FesaProjection({ runs: 'none' });
            timeline.apply(seen);
            const dates = datesOf(seen);
            for (const asOf of [dates[0]!, dates[pick % dates.length]!, dates.at(-1)!]) {
              const [a, b] = [await listModelHistory(store, checkpoints, RULES[0], asOf, timeline.position), await listModelHistory(store, checkpoints, RULES[1], asOf, timeline.position)];
              const folds = RULES.map((ruleSet) => foldFesaFast(seen, { ruleSet, asOf, runs: 'changes' }));
              // a model whose fold failed is not read (the server then folds, which names the error)
              for (const [i, h] of [a, b].entries()) if (h === undefined) expect(E.isLeft(foldFesaFast(seen, { ruleSet: RULES[i], runs: 'none' }))).toBe(true);
              const [foldA, foldB] = folds;
              if (a === undefined || b === undefined || foldA === undefined || foldB === undefined || E.isLeft(foldA) || E.isLeft(foldB)) continue;
              expect([a.position, b.position]).toEqual([timeline.position, timeline.position]);
              const fromFolds = diffFolds(foldA.right, foldB.right);
              expect({ asOf, ...diffListModels(a, b, timeline.ratedItems()) }).toEqual({ asOf, ...fromFolds });
              // what `ledger diff --rules` reads: the tournaments from the careers model, the grades from both lists
              const fromModels = await ruleSetsFromModels(store, checkpoints, RULES[0], RULES[1], asOf);
              const grades = folds.map((f) => E.isRight(f) && f.right.list.map((p) => [diffIdOf(f.right, p), gradeText(p)]));
              expect({ asOf, ...fromModels?.diff, grades: fromModels?.lists.map((l) => l.map((e) => [e.playerId, e.grade])) }).toEqual({ asOf, ...fromFolds, grades });
              compared++;
              if (fromFolds.runs.length + fromFolds.list.length > 0) differing++;
            }
          };
          for (const batch of inBatches(facts, batches)) {
            await record(store, batch);
            await expectSameDiffs();
          }
          // a late correction: each model is brought up to the head (re-folded from its checkpoint) before it is read
          const games = facts.filter((f): f is LoggedEvent & { event: GameReported } => f.event.type === 'GameReported' && f.event.second !== null);
          const game = games[pick % Math.max(1, games.length)];
          if (game) {
            await record(store, [resultCorrection(game.event, facts.length + 1, 'late-fix')]);
            await expectSameDiffs();
          }
        } finally {
          await close();
        }
      }),
      { numRuns: _name === 'SQLite' ? 15 : 6, seed: 20261126 },
    );
    expect(compared).toBeGreaterThan(10);
    expect(differing).toBeGreaterThan(0);
  }, 300_000);
});
