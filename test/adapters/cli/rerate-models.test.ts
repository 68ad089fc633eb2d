/**
 * `ledger rerate --rules S` under a FESA rule set (issue 30: re-rates read saved models): the rule sets in force and
 * S compared from their list models, each saved on first use, equal to a diff of the two folds of the log — with an
 * adoption of another rule set half way, so that "in force" is not one rule set throughout.
 */
import Database from 'better-sqlite3';
import * as E from 'fp-ts/Either';
import * as path from 'path';
import { describe, expect, it } from 'vitest';
import { diffFolds } from '../../../projections/fesa/diff';
import { AS_ADOPTED } from '../../../projections/fesa/history';
import { foldFesaFast } from '../../../projections/fesa/incremental';
import { openSqliteStore } from '../../../src/adapters/store/sqlite';
import { loadFacts } from '../../../src/app/load';
import { ledger, nekomadoTournaments, tempDir } from '../../support/helpers';

const ok = async (...argv: string[]): Promise<string> => {
  const r = await ledger(...argv, '--actor', 'officer');
  if (r.code !== 0) throw new Error(`${argv.join(' ')}: ${r.err}`);
  return r.out;
};

describe('ledger rerate under a FESA rule set (issue 30)', () => {
  it('answers from the two list models what the two folds give, on its first call and again', async () => {
    const dir = tempDir('rerate-models');
    const db = path.join(dir, 'ledger.db');
    await ok('fesa', 'import', nekomadoTournaments(path.join(dir, 'club'), ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12']), '--db', db);
    await ok('rules', 'adopt', '--rules', 'fesa-published', '--from', '2016-07-01', '--reason', 'the published rules from July', '--db', db);
    const store = openSqliteStore(db);
    const facts = await loadFacts(store).finally(() => store.close());
    const asOf = '2016-12-31';
    const folded = (ruleSet: string) => {
      const f = foldFesaFast(facts, { ruleSet, asOf, runs: 'changes' });
      if (E.isLeft(f)) throw new Error(f.left.message);
      return f.right;
    };
    const expected = (ruleSet: string, from: string) => {
      const changes = diffFolds(folded(AS_ADOPTED), folded(ruleSet));
      return { ruleSet, from, asOf, runs: changes.runs.filter((r) => r.date >= from), list: changes.list };
    };
    // under fesa the list differs (grades: the tournaments from July are in force under fesa-published); under
    // fesa-published only the tournaments before July can differ
    const underFesa = expected('fesa', '0000-01-01');
    expect(underFesa.list.length).toBeGreaterThan(0);
    expect(expected('fesa-published', '0000-01-01').runs.every((r) => r.date < '2016-07-01')).toBe(true);
    const savedModels = () => {
      const file = new Database(db, { readonly: true });
      try {
        const tables = file.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'rm_list_meta'").all();
        return tables.length === 0 ? [] : file.prepare('SELECT rule_set FROM rm_list_meta ORDER BY rule_set').pluck().all();
      } finally {
        file.close();
      }
    };
    expect(savedModels()).toEqual([]);
    for (const [ruleSet, from] of [['fesa', '0000-01-01'], ['fesa', '2016-08-01'], ['fesa-published', '0000-01-01']] as const) {
      const first = JSON.parse(await ok('rerate', '--rules', ruleSet, '--from', from, '--as-of', asOf, '--json', '--db', db));
      expect(first).toEqual(expected(ruleSet, from));
      // the two models are saved now (by the rerate itself): the same answer from them
      expect(savedModels()).toEqual(expect.arrayContaining([AS_ADOPTED, ruleSet]));
      expect(JSON.parse(await ok('rerate', '--rules', ruleSet, '--from', from, '--as-of', asOf, '--json', '--db', db))).toEqual(first);
    }
  }, 120_000);
});
