import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DomainEvent, LoggedEvent } from '../../domain/events';
import { Ledger } from '../../src/app/ledger';
import { loadFacts } from '../../src/app/load';
import { ratedCareersSlice, ratedIndexNow, ratedListSlice, ratedTournamentSlice, ratedTournamentViewOf } from '../../src/app/rated-tournament';
import { ruleSetList } from '../../src/app/rule-set-list';
import { readRuleSetListModel, ruleSetListModelBuilds } from '../../src/app/rule-set-list-model';
import { ruleSetCareers } from '../../src/app/career-rule-sets';
import { foldGeneric } from '../../projections/generic/history';
import type { CheckpointStorage } from '../../src/app/ports/checkpoint-storage';
import { evolve, initialLedgerState, type LedgerState } from '../../domain/commands/state';
import { genericCareer, ratedTournamentView } from '../../src/app/tournaments';
import type { EventStore } from '../../src/app/ports/event-store';
import { ledgers } from '../support/gen';
import { places, record } from '../support/places';
import { day, mix, mixed, OTHER } from '../support/mixed-ledgers';

/**
 * The view of a tournament under a non-FESA rule set (`tournament show`, `GET /tournaments/:id`, its page) read from
 * the slice of the log its fold needs (src/app/rated-tournament.ts) equals the view folded from the whole log, on
 * random ledgers that mix FESA tournaments with fide, uscf-k, pan-atlantic and gobase-go ones: late tournaments,
 * corrections and withdrawals, merges and unmerges, renames, declared grades, opening balances and adjustments under
 * the other rule sets (now and then a malformed balance, which stops that fold), entrants who never play, and
 * rule-set adoptions of either family at random dates.
 */

/** A view as the CLI prints it (--json), or the error it stops with. */
const shown = async (view: () => Promise<unknown>): Promise<string> => {
  try {
    return JSON.stringify(await view(), null, 2) ?? 'undefined';
  } catch (e) {
    return `error: ${e instanceof Error ? e.message : String(e)}`;
  }
};

/** The deciders' state of the log up to a position, as the server holds it. */
const stateAt = (facts: readonly LoggedEvent[]): LedgerState => {
  const state = initialLedgerState();
  for (const f of facts) evolve(state, f.event, { globalPosition: f.globalPosition, revision: 0 });
  return state;
};

/**
 * Every tournament's view (and an unknown one's) read from its slice equals the whole log's: with no index saved, from
 * the index saved next to the log at an earlier position (caught up and saved again), from the one saved at the head,
 * and at the earlier position `mid` from an index kept at the head (a server's, ahead of the state it answers for).
 */
const expectSliceEqualsWholeLog = async (store: EventStore, checkpoints: CheckpointStorage, mid: number): Promise<{ views: number; rated: number; sliced: number; whole: number; careersShown: number; listsShown: number; modelLists: number }> => {
  const facts = await loadFacts(store);
  const state = await new Ledger(store).catchUp();
  const ids = [...state.tournaments.keys(), 'no-such-tournament'];
  let views = 0;
  let rated = 0;
  let sliced = 0;
  for (const id of ids) {
    const whole = await shown(async () => ratedTournamentView(facts, state, id));
    expect({ id, view: await shown(() => ratedTournamentViewOf(store, id)) }).toEqual({ id, view: whole });
    expect({ id, view: await shown(() => ratedTournamentViewOf(store, id, { storage: checkpoints })) }).toEqual({ id, view: whole });
    if (whole !== 'undefined' && !whole.startsWith('error')) {
      views++;
      if (/"(before|after)": \d/.test(whole)) rated++;
      const slice = await ratedTournamentSlice(store, id);
      sliced += slice!.facts.length;
    }
  }
  const head = await ratedIndexNow(store, checkpoints, state.position);
  expect(head.position).toBe(state.position);
  // every player's careers under those rule sets (his page) from the careers' slice, folded once for all of them
  const careers = await ratedCareersSlice(store, { index: head });
  const [wholeFold, slicedFold] = [foldGeneric(facts), foldGeneric(careers.facts)];
  let careersShown = 0;
  let listsShown = 0;
  for (const id of [...state.players.keys(), 'no-such-player']) {
    const whole = ruleSetCareers(facts, state, id, wholeFold);
    expect({ id, careers: ruleSetCareers(careers.facts, state, id, slicedFold) }).toEqual({ id, careers: whole });
    careersShown += whole.length;
  }
  // every rule set's list (names, ratings, grades) from the list's slice, as known now and as known at `mid`
  const [listSlice, listSliceThen] = [await ratedListSlice(store, { index: head }), await ratedListSlice(store, { upTo: mid, index: head })];
  for (const ruleSet of OTHER) {
    const asOf = '2031-01-01';
    const whole = await shown(async () => ruleSetList(facts, ruleSet, { asOf }));
    expect({ ruleSet, list: await shown(async () => ruleSetList(listSlice.facts, ruleSet, { asOf })) }).toEqual({ ruleSet, list: whole });
    const then = await shown(async () => ruleSetList(facts, ruleSet, { asOf, knownAt: mid }));
    expect({ ruleSet, mid, list: await shown(async () => ruleSetList(listSliceThen.facts, ruleSet, { asOf, knownAt: mid })) }).toEqual({ ruleSet, mid, list: then });
    if (whole.includes('"rating"')) listsShown++;
  }
  // the saved list model (made at `mid` by a read then, caught up by this one) answers every date as the fold does
  // some end dates and the day before each (a list changes on a tournament's end date)
  const ends = [...new Set(facts.flatMap((f) => (f.event.type === 'TournamentRegistered' ? [f.event.endDate] : [])))].sort();
  const dates = ends.filter((_, i) => i % Math.ceil(ends.length / 3) === 1).flatMap((d) => [d, day(-1 + (Date.parse(d) - Date.UTC(2020, 0, 1)) / 864e5)]);
  let modelLists = 0;
  for (const ruleSet of OTHER) {
    for (const [asOf, activeYears] of [...dates.map((d) => [d, 0] as const), ['2031-01-01', 0], ['2021-06-30', 1]] as const) {
      const whole = await shown(async () => ruleSetList(facts, ruleSet, { asOf, activeYears }));
      expect({ ruleSet, asOf, activeYears, model: await shown(() => readRuleSetListModel(store, checkpoints, ruleSet, { asOf, activeYears })) }).toEqual({ ruleSet, asOf, activeYears, model: whole });
      modelLists++;
    }
    // known at `mid`: the model's when nothing the fold reads was recorded after it, else left to the fold
    const then = await shown(async () => ruleSetList(facts, ruleSet, { asOf: '2031-01-01', knownAt: mid }));
    const fromModel = await shown(() => readRuleSetListModel(store, checkpoints, ruleSet, { asOf: '2031-01-01', activeYears: 0, knownAt: mid }));
    if (fromModel !== 'undefined') expect({ ruleSet, mid, fromModel }).toEqual({ ruleSet, mid, fromModel: then });
  }
  // `ledger history P --rules S`: his career from the list's slice (its own deciders' state)
  for (const id of [...state.players.keys(), 'no-such-player']) {
    expect({ id, career: genericCareer(listSlice.facts, listSlice.state, id) }).toEqual({ id, career: genericCareer(facts, state, id) });
  }
  const earlier = facts.filter((f) => f.globalPosition <= mid);
  const then = stateAt(earlier);
  for (const id of [...then.tournaments.keys()]) {
    const whole = await shown(async () => ratedTournamentView(earlier, then, id));
    expect({ id, mid, view: await shown(() => ratedTournamentViewOf(store, id, { upTo: mid, index: head })) }).toEqual({ id, mid, view: whole });
  }
  return { views, rated, sliced, whole: facts.length, careersShown, listsShown, modelLists };
};

describe.each(places)('a non-FESA tournament read from its slice of the log (%s)', (name, open) => {
  // PostgreSQL answers each read slower: fewer ledgers there, the same checks
  const numRuns = name === 'SQLite' ? 60 : 30;
  it('gives the whole log\'s view of every tournament, on random ledgers mixing FESA and other rule sets', async () => {
    let views = 0;
    let rated = 0;
    let merged = 0;
    let adopted = 0;
    let failed = 0;
    let sliced = 0;
    let whole = 0;
    let careersShown = 0;
    let listsShown = 0;
    let modelLists = 0;
    let namesakesListed = 0;
    await fc.assert(
      fc.asyncProperty(ledgers(8, 6), mix, async ({ facts }, m) => {
        const { store, checkpoints, close } = await open();
        try {
          const ledger = mixed(facts, m);
          const mid = Math.floor(ledger.length / 2);
          // an index saved next to the log half-way (a read then), caught up by the reads after the rest
          await record(store, ledger.slice(0, mid));
          await ratedIndexNow(store, checkpoints, mid);
          await shown(() => readRuleSetListModel(store, checkpoints, 'fide', { asOf: '2031-01-01', activeYears: 0 }));
          await record(store, ledger.slice(mid));
          const counted = await expectSliceEqualsWholeLog(store, checkpoints, mid);
          // a fact no non-FESA list reads (an officer's appointment) moves the saved models forward without a fold
          const builds = ruleSetListModelBuilds.here;
          const before = await shown(() => readRuleSetListModel(store, checkpoints, 'pan-atlantic', { asOf: '2031-01-01', activeYears: 0 }));
          await record(store, [{ event: { type: 'OfficerAppointed', version: 1, eventId: 'appointed:late', validDate: day(400), actor: 't', officer: 'officer-1', role: 'officer' } as unknown as DomainEvent, globalPosition: 0 }]);
          expect(await shown(() => readRuleSetListModel(store, checkpoints, 'pan-atlantic', { asOf: '2031-01-01', activeYears: 0 }))).toEqual(before);
          expect(ruleSetListModelBuilds.here).toBe(builds);
          // a newcomer with a name of his own is on no list: passed over too; a namesake of a listed player changes
          // how the list names him, so the model is made again (either way: the whole log's list)
          const register = (id: string, familyName: string, givenName: string): LoggedEvent => ({ event: { type: 'PlayerRegistered', version: 1, eventId: `player:${id}:registered`, validDate: day(401), actor: 't', playerId: id, familyName, givenName, country: 'NO' } as unknown as DomainEvent, globalPosition: 0 });
          const listNow = async (): Promise<string> => shown(async () => ruleSetList(await loadFacts(store), 'pan-atlantic', { asOf: '2031-01-01', activeYears: 0 }));
          await record(store, [register('newcomer-1', 'Nobody-Else', 'Unique')]);
          expect(await shown(() => readRuleSetListModel(store, checkpoints, 'pan-atlantic', { asOf: '2031-01-01', activeYears: 0 }))).toEqual(await listNow());
          expect(ruleSetListModelBuilds.here).toBe(builds);
          const listedIds = new Set((before.startsWith("{") ? (JSON.parse(before) as { players?: { id: string }[] }) : undefined)?.players?.map((p) => p.id) ?? []);
          const listedName = ledger.map((f) => f.event).find((e): e is Extract<DomainEvent, { type: 'PlayerRegistered' }> => e.type === 'PlayerRegistered' && listedIds.has(e.playerId));
          if (listedName !== undefined) {
            await record(store, [register('namesake-1', listedName.familyName, listedName.givenName)]);
            expect(await shown(() => readRuleSetListModel(store, checkpoints, 'pan-atlantic', { asOf: '2031-01-01', activeYears: 0 }))).toEqual(await listNow());
            namesakesListed++;
          }
          modelLists += counted.modelLists;
          views += counted.views;
          rated += counted.rated;
          sliced += counted.sliced;
          whole += counted.views * counted.whole;
          careersShown += counted.careersShown;
          listsShown += counted.listsShown;
          if (ledger.some((f) => f.event.type === 'PlayersMerged')) merged++;
          if (ledger.some((f) => f.event.type === 'RuleSetAdopted')) adopted++;
          if (m.openings.some((o) => o.bad) || m.outsiders.some((o) => o.bad)) failed++;
        } finally {
          await close();
        }
      }),
      { numRuns, seed: 20261126 },
    );
    // the property was not vacuous: views were given, with merges, adoptions and malformed balances among the ledgers,
    // and a view read less than the whole log
    expect(views).toBeGreaterThan(numRuns / 2);
    expect(rated).toBeGreaterThan(numRuns / 3);
    expect(merged).toBeGreaterThan(numRuns / 10);
    expect(adopted).toBeGreaterThan(numRuns / 10);
    expect(failed).toBeGreaterThan(numRuns / 20);
    expect(sliced).toBeLessThan(whole);
    expect(careersShown).toBeGreaterThan(numRuns);
    expect(listsShown).toBeGreaterThan(numRuns / 2);
    expect(modelLists).toBeGreaterThan(numRuns * 12);
    expect(namesakesListed).toBeGreaterThan(numRuns / 5);
  }, 300_000);
});
