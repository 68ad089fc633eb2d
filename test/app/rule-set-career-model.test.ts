import * as E from 'fp-ts/Either';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DomainEvent, LoggedEvent } from '../../domain/events';
import { Ledger } from '../../src/app/ledger';
import { loadFacts } from '../../src/app/load';
import { readRuleSetCareer, RULE_SET_CAREER_MODEL_FORMAT, ruleSetCareerModelBuilds, ruleSetCareerModelFindings, servedRuleSetCareers, type SavedRuleSetCareer } from '../../src/app/rule-set-career-model';
import { ruleSetCareers } from '../../src/app/career-rule-sets';
import { ruleSetList, type RuleSetListRow } from '../../src/app/rule-set-list';
import { GENERIC_RULE_SETS } from '../../projections/generic/systems';
import { explainGeneric, explanationOf } from '../../projections/generic/explain';
import { foldGeneric } from '../../projections/generic/history';
import { genericCareer } from '../../src/app/tournaments';
import type { CheckpointStorage } from '../../src/app/ports/checkpoint-storage';
import type { EventStore } from '../../src/app/ports/event-store';
import { ledgers } from '../support/gen';
import { day, mix, mixed, OTHER } from '../support/mixed-ledgers';
import { places, record } from '../support/places';

/**
 * The saved careers of the non-FESA rule sets (`history P --rules S`, `explain P --rules S`) equal the fold of the
 * whole log, for every registered player and every rule set, on random ledgers mixing FESA and other rule sets (see
 * test/support/mixed-ledgers.ts): a model made half-way by a read, then read after the rest was recorded; moved
 * forward without a fold over a fact no career reads; not served once edited by hand, which `verify` names.
 */

/** What `history` and `explain` give of a player, from the whole log's fold: his career, and per rule set the explanation or the fold's error. */
const folded = (facts: readonly LoggedEvent[], state: Awaited<ReturnType<Ledger['catchUp']>>, fold: ReturnType<typeof foldGeneric>, id: string): unknown => ({
  id,
  career: genericCareer(facts, state, id, fold),
  explained: OTHER.map((ruleSet) => (E.isLeft(fold) ? `error: ${fold.left}` : explainGeneric(fold.right, id, ruleSet))),
});

const fromModel = (saved: SavedRuleSetCareer, id: string): unknown => ({
  id,
  career: saved.career,
  explained: OTHER.map((ruleSet) => (saved.failure !== undefined ? `error: ${saved.failure}` : E.right(explanationOf(saved.explanation, ruleSet)))),
});

/** Every registered player's careers from the saved model equal the fold's; how many had a career, and the number of warnings. */
const expectModelEqualsFold = async (store: EventStore, checkpoints: CheckpointStorage): Promise<{ careers: number; explained: number; pages: number; warned: string[] }> => {
  const facts = await loadFacts(store);
  const state = await new Ledger(store).catchUp();
  const fold = foldGeneric(facts);
  const warned: string[] = [];
  let careers = 0;
  let explained = 0;
  let pages = 0;
  // the page's careers as the server folds them: each rule set's list at the end of the timeline gives the grade
  const lists = new Map(GENERIC_RULE_SETS.map((ruleSet) => {
    try {
      return [ruleSet, new Map(ruleSetList(facts, ruleSet, { asOf: '9999-12-31' }).players.map((r) => [r.id, r]))] as const;
    } catch {
      return [ruleSet, new Map<string, RuleSetListRow>()] as const;
    }
  }));
  for (const id of state.players.keys()) {
    const saved = await readRuleSetCareer(store, checkpoints, id, (why) => warned.push(why));
    expect(fromModel(saved, id)).toEqual(folded(facts, state, fold, id));
    const page = ruleSetCareers(facts, state, id, fold, (ruleSet) => lists.get(ruleSet)!.get(id));
    expect({ id, page: await servedRuleSetCareers(store, checkpoints, id, state.position) }).toEqual({ id, page });
    if (saved.career !== undefined) careers++;
    if (saved.explanation.tournaments.length > 0) explained++;
    if (page.length > 0) pages++;
  }
  return { careers, explained, pages, warned };
};

describe.each(places)('the saved careers of the non-FESA rule sets (%s)', (name, open) => {
  // PostgreSQL answers each read slower: fewer ledgers there, the same checks
  const numRuns = name === 'SQLite' ? 30 : 15;
  it('drops the careers saved in a former format when it saves its own (they would fill the file for good)', async () => {
    const { store, checkpoints, sql, close } = await open();
    try {
      const facts = fc.sample(ledgers(8, 6), { numRuns: 1, seed: 5 })[0]!.facts;
      const m = fc.sample(mix, { numRuns: 1, seed: 5 })[0]!;
      const ledger = mixed(facts, m);
      await record(store, ledger);
      for (const former of ['rule-set-careers-5', 'rule-set-careers-5:7', 'rule-set-careers-5:tail:63', 'rule-set-careers-4:0']) await checkpoints.save(former, 1, '{"format":5}', [['players', 0, 'a record']], []);
      const someone = ledger.flatMap((f) => (f.event.type === 'PlayerRegistered' ? [f.event.playerId as string] : []))[0]!;
      await readRuleSetCareer(store, checkpoints, someone);
      const left = async (table: string) => (await sql(`SELECT name FROM ${table} WHERE name LIKE 'rule-set-careers-%'`)).map((row) => String((row as unknown[])[0]));
      expect((await left('projections')).every((n) => n.startsWith(`rule-set-careers-${RULE_SET_CAREER_MODEL_FORMAT}`))).toBe(true);
      expect((await left('projections')).length).toBeGreaterThan(0);
      expect((await left('projection_chunks')).filter((n) => !n.startsWith(`rule-set-careers-${RULE_SET_CAREER_MODEL_FORMAT}`))).toEqual([]);
    } finally {
      await close();
    }
  });

  it('equal the fold of the whole log for every player, made half-way and read after the rest; moved forward over facts no career reads; an edit is not served and verify names it', async () => {
    let careers = 0;
    let explained = 0;
    let failed = 0;
    let edited = 0;
    let pages = 0;
    await fc.assert(
      fc.asyncProperty(ledgers(8, 6), mix, fc.nat(), async ({ facts }, m, pick) => {
        const { store, checkpoints, sql, close } = await open();
        try {
          const ledger = mixed(facts, m);
          const mid = Math.floor(ledger.length / 2);
          await record(store, ledger.slice(0, mid));
          const someone = ledger.flatMap((f) => (f.event.type === 'PlayerRegistered' ? [f.event.playerId as string] : []))[0]!;
          await readRuleSetCareer(store, checkpoints, someone);
          const builds = ruleSetCareerModelBuilds.here;
          await record(store, ledger.slice(mid));
          const counted = await expectModelEqualsFold(store, checkpoints);
          expect(counted.warned).toEqual([]);
          // made again once (the facts since the half-way read changed careers), not once per player
          expect(ruleSetCareerModelBuilds.here).toBeLessThanOrEqual(builds + 1);
          careers += counted.careers;
          explained += counted.explained;
          pages += counted.pages;
          if (E.isLeft(foldGeneric(ledger))) failed++;
          // an officer's appointment changes no career: the model is moved forward, not made again
          const before = ruleSetCareerModelBuilds.here;
          await record(store, [{ event: { type: 'OfficerAppointed', version: 1, eventId: 'appointed:late', validDate: day(400), actor: 't', officer: 'officer-1', role: 'officer' } as unknown as DomainEvent, globalPosition: 0 }]);
          expect((await expectModelEqualsFold(store, checkpoints)).warned).toEqual([]);
          expect(ruleSetCareerModelBuilds.here).toBe(before);
          expect(await ruleSetCareerModelFindings(store, checkpoints, await store.headPosition())).toEqual([]);
          // one saved chunk edited by hand (a rating changed): verify names it, a read is told and answers as the fold
          const rows = (await sql(`SELECT name, part, seq, data FROM projection_chunks WHERE name LIKE 'rule-set-careers-${RULE_SET_CAREER_MODEL_FORMAT}:%' AND data LIKE '%"after":1%' ORDER BY name, seq`)) as unknown[];
          if (rows.length > 0) {
            const row = rows[pick % rows.length] as Record<string, unknown> | unknown[];
            const [chunk, part, seq, data] = Array.isArray(row) ? row : [row.name, row.part, row.seq, row.data];
            const changed = String(data).replace('"after":1', '"after":2');
            await sql(`UPDATE projection_chunks SET data = '${changed.replace(/'/g, "''")}' WHERE name = '${String(chunk)}' AND part = '${String(part)}' AND seq = ${Number(seq)}`);
            // a bucket's head records (N) or its tails (tail:N)
            const bucket = String(chunk).slice(`rule-set-careers-${RULE_SET_CAREER_MODEL_FORMAT}:`.length);
            expect(await ruleSetCareerModelFindings(store, checkpoints, await store.headPosition())).toEqual([
              `The saved careers model of the non-FESA rule sets was changed by hand (its part ${bucket} no longer matches its fingerprint); \`ledger projections rebuild --rules fide\` makes it again (as does the next read).`,
            ]);
            const again = await expectModelEqualsFold(store, checkpoints);
            expect(again.warned).toEqual([`the saved careers model of the non-FESA rule sets was changed by hand (its part ${bucket} no longer matches its fingerprint)`]);
            expect(await ruleSetCareerModelFindings(store, checkpoints, await store.headPosition())).toEqual([]);
            edited++;
          }
        } finally {
          await close();
        }
      }),
      { numRuns, seed: 20261128 },
    );
    // not vacuous: careers and explanations were compared, with failing folds and edits among the ledgers
    expect(careers).toBeGreaterThan(numRuns * 2);
    expect(explained).toBeGreaterThan(numRuns * 2);
    expect(failed).toBeGreaterThan(0);
    expect(edited).toBeGreaterThan(numRuns / 3);
    expect(pages).toBeGreaterThan(numRuns * 2);
  }, 300_000);
});
