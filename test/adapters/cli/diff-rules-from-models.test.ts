/**
 * `ledger diff --rules fesa --rules fesa-published` reads both saved list models side by side: each slot's last row
 * and only the rows the other model does not hold alike (issue 30). On random ledgers, as real processes, the first
 * call (which saves the models) and the second (which reads them) print the same bytes, as JSON and as text, and
 * both print what a diff of the two folds of the whole log gives.
 */
import * as fs from 'fs';
import * as path from 'path';
import * as E from 'fp-ts/Either';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diffFolds } from '../../../projections/fesa/diff';
import { foldFesaFast } from '../../../projections/fesa/incremental';
import { ledgers } from '../../support/gen';
import { cliBuilt, ledgerOut, tempDir } from '../../support/helpers';
import { recordedFile } from '../../support/places';

const RULES = ['fesa', 'fesa-published'] as const;
const AS_OF = '2031-01-01';

describe.skipIf(!cliBuilt())('ledger diff --rules from the saved list models (issue 30)', () => {
  it('prints on its second call what its first printed, and what the folds of the whole log give', async () => {
    let compared = 0;
    await fc.assert(
      fc.asyncProperty(ledgers(8, 6), async ({ facts }) => {
        const dir = tempDir('diff-rules');
        const [json, text] = [path.join(dir, 'json.db'), path.join(dir, 'text.db')];
        const seen = await recordedFile(json, facts);
        const [before, after] = RULES.map((ruleSet) => foldFesaFast(seen, { ruleSet, asOf: AS_OF, runs: 'changes' }));
        // a fold the rule set refuses is refused by diff too (its own tests say how)
        if (before === undefined || after === undefined || E.isLeft(before) || E.isLeft(after)) return;
        const changes = diffFolds(before.right, after.right);
        // only ledgers on whose lists the two rule sets differ (about half): a list read wrong would show
        fc.pre(changes.list.length > 0);
        fs.copyFileSync(json, text);
        const argv = ['diff', '--rules', RULES[0], '--rules', RULES[1], '--as-of', AS_OF];
        const [firstJson, secondJson] = [await ledgerOut([...argv, '--json', '--db', json]), await ledgerOut([...argv, '--json', '--db', json])];
        expect(JSON.parse(firstJson)).toEqual({ labels: RULES, ...changes });
        expect(secondJson).toBe(firstJson);
        const [firstText, secondText] = [await ledgerOut([...argv, '--db', text]), await ledgerOut([...argv, '--db', text])];
        expect(secondText).toBe(firstText);
        expect(secondText).toContain(`${RULES[0]} -> ${RULES[1]}`);
        compared++;
      }),
      { numRuns: 5, seed: 20261129, endOnFailure: true },
    );
    // every ledger was compared (test/app/list-comparison.test.ts compares ratings that differ, which these two
    // rule sets hardly ever give)
    expect(compared).toBe(5);
  }, 300_000);
});
