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
import { cliBuilt, ledger, ledgerProcess, nekomadoTournaments, tempDir } from '../../support/helpers';

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

/** What a rerate or diff prints as JSON of its list changes and re-rated ratings. */
interface Changes {
  readonly for?: readonly string[];
  readonly players?: readonly Record<string, unknown>[];
  readonly runs: readonly { readonly playerId: string }[];
  readonly list: readonly { readonly playerId: string }[];
}

describe.skipIf(!cliBuilt())('ledger rerate / diff --rules --player (issue 30)', () => {
  it('answers for the players named what the whole answer holds of them, refuses an unknown one, answers a merged id for the survivor', async () => {
    const dir = tempDir('rerate-player');
    const db = path.join(dir, 'ledger.db');
    await ok('fesa', 'import', nekomadoTournaments(path.join(dir, 'club'), ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12']), '--db', db);
    // (the published rules from July: the list under fesa differs from the one in force)
    await ok('rules', 'adopt', '--rules', 'fesa-published', '--from', '2016-07-01', '--reason', 'the published rules from July', '--db', db);
    const run = (...argv: string[]) => ledgerProcess([...argv, '--db', db, '--actor', 'officer']);
    const json = async (...argv: string[]): Promise<Changes> => {
      const r = await run(...argv, '--json');
      if (r.code !== 0) throw new Error(`${argv.join(' ')}: ${r.err}`);
      return JSON.parse(r.out) as Changes;
    };
    const rerate = ['rerate', '--rules', 'fesa', '--as-of', '2016-12-31'];
    const diff = ['diff', '--rules', 'fesa-published', '--rules', 'fesa', '--as-of', '2016-12-31'];
    const only = (whole: Changes, ids: readonly string[]) => ({ runs: whole.runs.filter((r) => ids.includes(r.playerId)), list: whole.list.filter((c) => ids.includes(c.playerId)) });
    const wholeRerate = await json(...rerate);
    const named = [...new Set(wholeRerate.list.map((c) => c.playerId))];
    expect(named.length).toBeGreaterThan(1);
    const [p, q] = [named[0]!, named.at(-1)!];
    // the first call made the models: the second reads their rows of p (and of q) alone, and answers the same
    for (const ids of [[p], [p, q]]) {
      const players = ids.flatMap((id) => ['--player', id]);
      const mine = await json(...rerate, ...players);
      expect({ runs: mine.runs, list: mine.list }).toEqual(only(wholeRerate, ids));
      expect(mine.for).toEqual(ids);
      expect(mine.players?.map((r) => r['playerId'])).toEqual(ids);
      const wholeDiff = await json(...diff);
      const mineDiff = await json(...diff, ...players);
      expect({ runs: mineDiff.runs, list: mineDiff.list }).toEqual(only(wholeDiff, ids));
    }
    const text = await run(...rerate, '--player', p);
    expect(text.code).toBe(0);
    expect(text.out).toContain(`, for ${p}:`);
    // an unknown player is refused as history refuses him: one sentence naming him, nothing on stdout
    const history = await run('history', 'nobody9');
    for (const argv of [[...rerate, '--player', 'nobody9'], [...diff, '--player', p, '--player', 'nobody9']]) {
      const refused = await run(...argv);
      expect(refused.code).toBe(history.code);
      expect(refused.code).not.toBe(0);
      expect(refused.out).toBe('');
      expect(refused.err.trim().split('\n')).toHaveLength(1);
      expect(refused.err).toContain('"nobody9"');
    }
    const published = await run('diff', '--published', 'x', '--player', p);
    expect(published.code).toBe(2);
    expect(published.err).toMatch(/--player restricts a comparison of two rule sets/);
    // an id merged into p answers for p, as the lists name him
    expect((await run('player', 'add', '--id', 'TWIN', '--family', 'Twin', '--given', 'A', '--country', 'NO', '--date', '2016-01-01')).code).toBe(0);
    expect((await run('player', 'merge', p, 'TWIN', '--reason', 'one person')).code).toBe(0);
    const merged = await json(...rerate, '--player', 'TWIN');
    expect(merged).toEqual(await json(...rerate, '--player', p));
    expect(merged.for).toEqual([p]);
  }, 180_000);
});
