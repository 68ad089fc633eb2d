/**
 * Two rule sets' saved list models read side by side (`readListComparison`, what `diff --rules` reads; issue 30): the
 * lists and only the rows the other model does not hold alike give the comparison every row gives, on SQLite and
 * PostgreSQL. The synthetic ledgers' two rule sets hardly ever rate a tournament differently, so the second model's
 * rows are edited here (ratings moved, rows taken off the list, names changed) to give the read differences to find;
 * and an owner taken away or a player given two names, which the side-by-side read must notice and read every row.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diffListModels, listOfModel } from '../../projections/fesa/diff';
import type { ListModelHistory } from '../../projections/fesa/list-model';
import { listModelHistory } from '../../src/app/checkpoint';
import { LIST_MODEL_FORMAT } from '../../src/app/list-model';
import { ledgers } from '../support/gen';
import { places, record, type Place } from '../support/places';

const [A, B] = ['fesa', 'fesa-published'] as const;
const AS_OF = '2031-01-01';

/** An edit of B's saved model: which rows (every `every`-th slot, from `offset`) and how. */
interface Edit {
  readonly every: number;
  readonly offset: number;
  readonly how: 'rating' | 'absent' | 'name' | 'owner' | 'two names' | 'none';
}

const edit = async (place: Place, { every, offset, how }: Edit): Promise<void> => {
  const rows = `rule_set = '${B}' AND kt IS NULL AND present = 1 AND slot % ${every} = ${offset % every}`;
  if (how === 'rating') await place.sql(`UPDATE rm_list_rows SET rating = rating + 1 + slot % 3 WHERE ${rows}`);
  if (how === 'absent') await place.sql(`UPDATE rm_list_rows SET present = 0, rating = NULL WHERE ${rows} AND ord % 2 = 0`);
  if (how === 'name') await place.sql(`UPDATE rm_list_rows SET name = name || ' Jr' WHERE ${rows}`);
  if (how === 'owner') await place.sql(`DELETE FROM rm_list_owners WHERE rule_set = '${B}' AND name_key = (SELECT min(name_key) FROM rm_list_owners WHERE rule_set = '${B}')`);
  if (how === 'two names') {
    // both models: one player owning the name of the first slot too (their owners stay the same in both)
    for (const ruleSet of [A, B]) {
      const known = `FROM rm_list_owners WHERE rule_set = '${ruleSet}' AND kt IS NULL`;
      await place.sql(`UPDATE rm_list_owners SET player_id = (SELECT player_id ${known} AND name_key = (SELECT max(name_key) ${known})) WHERE rule_set = '${ruleSet}' AND kt IS NULL AND name_key = (SELECT min(name_key) ${known})`);
    }
  }
};

const compared = (before: ListModelHistory, after: ListModelHistory) => ({ diff: diffListModels(before, after, before.rated), lists: [listOfModel(before), listOfModel(after)] });

describe.each(places)('two list models read side by side, %s (issue 30)', (name, open) => {
  it('compare as every row of both does, reading only the rows that differ where they can', async () => {
    const seen = { runs: 0, sideBySide: 0, everyRow: 0 };
    await fc.assert(
      fc.asyncProperty(ledgers(8, 6), fc.integer({ min: 1, max: 4 }), fc.nat(), fc.constantFrom<Edit['how']>('rating', 'rating', 'absent', 'name', 'owner', 'two names', 'none'), async ({ facts }, every, offset, how) => {
        const place = await open();
        try {
          await record(place.store, facts);
          const head = await place.store.headPosition();
          for (const ruleSet of [A, B]) await listModelHistory(place.store, place.checkpoints, ruleSet, AS_OF, head);
          const [[owners]] = (await place.sql(`SELECT count(*) FROM rm_list_owners WHERE rule_set = '${A}' AND kt IS NULL`)) as [[unknown]];
          await edit(place, { every, offset, how });
          const whole = async (ruleSet: string) => place.checkpoints.readListHistory({ ruleSet, format: LIST_MODEL_FORMAT, asOf: AS_OF });
          const [before, after] = [await whole(A), await whole(B)];
          const side = await place.checkpoints.readListComparison({ ruleSets: [A, B], format: LIST_MODEL_FORMAT, asOf: AS_OF });
          if (before === undefined || after === undefined) {
            expect(side).toBeUndefined();
            return;
          }
          expect(side).toBeDefined();
          const expected = compared(before, after);
          expect(compared(side![0], side![1])).toEqual(expected);
          if (expected.diff.runs.length > 0) seen.runs++;
          if (side![0].ratings !== undefined) seen.sideBySide++;
          else seen.everyRow++;
          // what reads every row: an owner missing from one model, or a player owning two names
          if (how === 'owner' || (how === 'two names' && Number(owners) > 1)) expect(side![0].ratings).toBeUndefined();
          else if (before.through > 0) expect(side![0].ratings).toBeDefined();
        } finally {
          await place.close();
        }
      }),
      { numRuns: name === 'SQLite' ? 30 : 10, seed: 20261129, endOnFailure: true },
    );
    expect(seen.runs).toBeGreaterThan(3);
    expect(seen.sideBySide).toBeGreaterThan(3);
    expect(seen.everyRow).toBeGreaterThan(0);
  }, 300_000);
});
