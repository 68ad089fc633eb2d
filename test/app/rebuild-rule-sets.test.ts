import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rebuildProjection } from '../../src/app/checkpoint';
import { ledgers } from '../support/gen';
import { places, record } from '../support/places';

const TABLES = ['rm_list_rows', 'rm_list_points', 'rm_list_slots', 'rm_list_owners', 'rm_career_runs', 'rm_career_run_keys', 'rm_career_facts', 'rm_career_fact_players'];

describe.each(places)('a rebuild writes its rule set\'s models anew and no other\'s, %s (issue 30)', (_name, open) => {
  it('empties the models\' tables whole only when no other rule set has rows there', async () => {
    const { facts } = fc.sample(ledgers(8, 6), { numRuns: 1, seed: 20261128 })[0]!;
    const { store, checkpoints, sql, close } = await open();
    try {
      await record(store, facts!);
      const rows = async () => {
        const out: Record<string, string> = {};
        for (const table of TABLES) out[table] = JSON.stringify((await sql(`SELECT rule_set, count(*) FROM ${table} GROUP BY rule_set ORDER BY rule_set`)).map((r) => (r as unknown[]).map(String)));
        return out;
      };
      await rebuildProjection(store, checkpoints, { ruleSet: 'fesa-published' });
      const alone = await rows();
      // written anew into tables only it has rows in (the whole tables emptied): the same rows again
      await rebuildProjection(store, checkpoints, { ruleSet: 'fesa-published' });
      expect(await rows()).toEqual(alone);
      await rebuildProjection(store, checkpoints);
      const both = await rows();
      expect(both.rm_list_rows).toContain('as-adopted');
      expect(both.rm_list_rows).toContain('fesa-published');
      expect(both.rm_career_runs).toContain('fesa-published');
      // each rebuilt again: the other rule set's rows stay
      await rebuildProjection(store, checkpoints, { ruleSet: 'fesa-published' });
      expect(await rows()).toEqual(both);
      await rebuildProjection(store, checkpoints);
      expect(await rows()).toEqual(both);
    } finally {
      await close();
    }
  }, 60_000);
});
