/**
 * The first `rerate` / `diff --rules` under rule sets with no saved model (issue 30): the list models it needs are saved
 * without the careers' model a comparison does not read; the answer is the folds' diff, the second call reads the
 * saved models alone (not the log), and the careers' model is made by the first catch-up that needs it, from the start
 * (a checkpoint without it is not resumed from).
 */
import * as E from 'fp-ts/Either';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LoggedEvent } from '../../domain/events';
import { diffFolds } from '../../projections/fesa/diff';
import { foldFesaFast } from '../../projections/fesa/incremental';
import { CAREER_MODEL_FORMAT } from '../../src/app/career-model';
import { resumeProjection } from '../../src/app/checkpoint';
import { LIST_MODEL_FORMAT } from '../../src/app/list-model';
import { loadFacts } from '../../src/app/load';
import type { EventStore, ReadAllOptions } from '../../src/app/ports/event-store';
import { ruleSetsFromModels } from '../../src/app/rule-set-diff';
import { ledgers } from '../support/gen';
import { places, record } from '../support/places';

const RULES = ['fesa', 'fesa-published'] as const;

/** The store, counting its reads of the whole log (`readFacts` from its start). */
const countingWholeReads = (store: EventStore): { store: EventStore; wholeReads: () => number } => {
  let whole = 0;
  const counted = new Proxy(store, {
    get(target, key) {
      if (key === 'readFacts')
        return (options?: ReadAllOptions) => {
          if ((options?.fromPosition ?? 0) === 0) whole++;
          return target.readFacts(options);
        };
      const value: unknown = Reflect.get(target, key);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { store: counted, wholeReads: () => whole };
};

/** The diff of the two folds of `facts` as of `asOf` (undefined when either fails). */
const foldsDiff = (facts: readonly LoggedEvent[], asOf: string, from?: string) => {
  const [a, b] = RULES.map((ruleSet) => foldFesaFast(facts, { ruleSet, asOf, runs: 'changes' }));
  if (a === undefined || b === undefined || E.isLeft(a) || E.isLeft(b)) return undefined;
  const d = diffFolds(a.right, b.right);
  return from === undefined ? d : { runs: d.runs.filter((r) => r.date >= from), list: d.list };
};

describe.each(places)('the first comparison of two rule sets with no saved model, %s (issue 30)', (_name, open) => {
  it('saves both lists and no careers, answers as the folds, then reads the models alone', async () => {
    let answered = 0;
    await fc.assert(
      fc.asyncProperty(ledgers(8, 6), fc.boolean(), async ({ facts }, withFrom) => {
        const place = await open();
        try {
          await record(place.store, facts);
          const { store, wholeReads } = countingWholeReads(place.store);
          const seen = await loadFacts(place.store);
          const head = await place.store.headPosition();
          const asOf = '2031-01-01';
          const from = withFrom ? '2019-01-01' : undefined;
          const first = await ruleSetsFromModels(store, place.checkpoints, RULES[0], RULES[1], asOf, undefined, from);
          const readByTheFirst = wholeReads();
          for (const ruleSet of RULES) {
            expect(await place.checkpoints.listModelPosition(ruleSet, LIST_MODEL_FORMAT)).toBe(head);
            expect(await place.checkpoints.careerModelPosition(ruleSet, CAREER_MODEL_FORMAT)).toBeUndefined();
          }
          const expected = foldsDiff(seen, asOf, from);
          if (expected === undefined) return;
          const filtered = (d: typeof first) => d && (from === undefined ? d.diff : { runs: d.diff.runs.filter((r) => r.date >= from), list: d.diff.list });
          expect(filtered(first)).toEqual(expected);
          // the second call reads the saved models: no read of the log
          const second = await ruleSetsFromModels(store, place.checkpoints, RULES[0], RULES[1], asOf, undefined, from);
          expect(wholeReads()).toBe(readByTheFirst);
          expect(filtered(second)).toEqual(expected);
          // the careers' model is made by the first catch-up that reads it, folded from the start
          const resumed = await resumeProjection(store, place.checkpoints, { ruleSet: RULES[1] });
          expect(resumed.checkpointPosition).toBe(0);
          expect(await place.checkpoints.careerModelPosition(RULES[1], CAREER_MODEL_FORMAT)).toBe(head);
          expect(await place.checkpoints.listModelPosition(RULES[1], LIST_MODEL_FORMAT)).toBe(head);
          expect(filtered(await ruleSetsFromModels(store, place.checkpoints, RULES[0], RULES[1], asOf, undefined, from))).toEqual(expected);
          answered++;
        } finally {
          await place.close();
        }
      }),
      { numRuns: _name === 'SQLite' ? 10 : 4, seed: 20261129 },
    );
    expect(answered).toBeGreaterThan(2);
  }, 300_000);
});
