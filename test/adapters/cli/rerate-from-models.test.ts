/**
 * `ledger rerate --from D` reads of the saved list models only the rows dated from D on and each slot's last row
 * (issue 30): on random ledgers, as real processes, the first call (which saves the models) and the second (which
 * reads them) print the same bytes, and both print what a diff of the two folds of the log gives from D on, with D on
 * the dates the ledger's tournaments and officers' facts fall on (a read that left out a slot's last row before D
 * would print another list).
 */
import * as fs from 'fs';
import * as path from 'path';
import * as E from 'fp-ts/Either';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diffFolds } from '../../../projections/fesa/diff';
import { AS_ADOPTED } from '../../../projections/fesa/history';
import { foldFesaFast } from '../../../projections/fesa/incremental';
import { ledgers, validDatesOf } from '../../support/gen';
import { cliBuilt, ledgerOut, tempDir } from '../../support/helpers';
import { recordedFile } from '../../support/places';

const RULES = 'fesa-published';
const AS_OF = '2031-01-01';

describe.skipIf(!cliBuilt())('ledger rerate --from from the saved list models (issue 30)', () => {
  it('prints on its second call what its first printed, and what the folds give from the date on', async () => {
    let compared = 0;
    await fc.assert(
      fc.asyncProperty(ledgers(8, 6), fc.nat(), async ({ facts }, pick) => {
        const dir = tempDir('rerate-from');
        const [json, text] = [path.join(dir, 'json.db'), path.join(dir, 'text.db')];
        const seen = await recordedFile(json, facts);
        const folds = [AS_ADOPTED, RULES].map((ruleSet) => foldFesaFast(seen, { ruleSet, asOf: AS_OF, runs: 'changes' }));
        const [before, after] = folds;
        // a fold the rule set refuses is refused by rerate too (its own tests say how)
        if (before === undefined || after === undefined || E.isLeft(before) || E.isLeft(after)) return;
        const changes = diffFolds(before.right, after.right);
        // only ledgers on whose lists the two rule sets differ (about half): a list read wrong would show
        fc.pre(changes.list.length > 0);
        fs.copyFileSync(json, text);
        const dates = validDatesOf(seen);
        const expected = (from: string) => ({ ruleSet: RULES, from, asOf: AS_OF, runs: changes.runs.filter((r) => r.date >= from), list: changes.list });
        const argv = (from: string) => ['rerate', '--rules', RULES, '--from', from, '--as-of', AS_OF];
        // the first call of each ledger saves both models (folding the log), the next read them; the last date
        // leaves before it the last row of nearly every slot
        const [from, last] = [dates[pick % dates.length]!, dates.at(-1)!];
        const [firstJson, secondJson] = [await ledgerOut([...argv(from), '--json', '--db', json]), await ledgerOut([...argv(from), '--json', '--db', json])];
        expect(JSON.parse(firstJson)).toEqual(expected(from));
        expect(secondJson).toBe(firstJson);
        expect(JSON.parse(await ledgerOut([...argv(last), '--json', '--db', json]))).toEqual(expected(last));
        const [firstText, secondText] = [await ledgerOut([...argv(last), '--db', text]), await ledgerOut([...argv(last), '--db', text])];
        expect(secondText).toBe(firstText);
        compared++;
      }),
      { numRuns: 5, seed: 20261129, endOnFailure: true },
    );
    // every ledger was compared (the two rule sets hardly ever rate a tournament differently:
    // test/app/list-history-from.test.ts compares the ratings read from a date on)
    expect(compared).toBe(5);
  }, 300_000);
});
