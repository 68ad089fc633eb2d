import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evolve, initialLedgerState, personOf, ruleSetInForceOf, type LedgerState } from '../../../domain/commands/state';
import type { DomainEvent, LoggedEvent } from '../../../domain/events';
import { foldReadModel } from '../../../src/app/read-model';
import { PLAYER_DIRECTORY } from '../../../src/app/read-models/player-directory';
import { TOURNAMENT_DIRECTORY } from '../../../src/app/read-models/tournament-directory';
import { ledgers } from '../../support/gen';
import { sampleEvents } from '../../support/samples';

const logged = (events: readonly DomainEvent[]): LoggedEvent[] => events.map((event, i) => ({ event, globalPosition: i + 1 }));

/** What the pages read of the deciders' state before the directories, read from the directories: the same answers. */
const expectSameAsDecidersState = (facts: readonly LoggedEvent[]): void => {
  const state: LedgerState = initialLedgerState();
  for (const f of facts) evolve(state, f.event, { globalPosition: f.globalPosition, revision: 0 });
  const tournaments = TOURNAMENT_DIRECTORY.queries(foldReadModel(TOURNAMENT_DIRECTORY, facts));
  const players = PLAYER_DIRECTORY.queries(foldReadModel(PLAYER_DIRECTORY, facts));

  expect(tournaments.count).toBe(state.tournaments.size);
  expect(tournaments.registeredSince(0)).toEqual([...state.tournaments.values()].map((t) => t.registration));
  for (const [id, t] of state.tournaments) {
    expect(tournaments.listing(id)).toEqual({ registration: t.registration, ...(t.closed ? { closed: t.closed.validDate } : {}) });
    expect(tournaments.ruleSetInForce(t.registration)).toBe(ruleSetInForceOf(state, t.registration));
    expect(tournaments.nameOf(id)).toBe(t.registration.name);
  }
  const dates = [...state.tournaments.values()].map((t) => t.registration.endDate);
  const ratedClosed = [...state.tournaments.values()].filter((t) => t.closed !== undefined && t.registration.rated);
  const ruleSets = [...new Set(ratedClosed.map((t) => ruleSetInForceOf(state, t.registration)))];
  for (const asOf of ['1999-01-01', ...dates]) {
    const closedBy = ratedClosed.filter((t) => t.registration.endDate <= asOf);
    expect(tournaments.latestClosedBy(asOf, () => true)).toBe(closedBy.map((t) => t.registration.endDate).sort().at(-1));
    for (const ruleSet of ruleSets) {
      const under = closedBy.filter((t) => ruleSetInForceOf(state, t.registration) === ruleSet).map((t) => t.registration.endDate).sort();
      expect(tournaments.latestClosedBy(asOf, (r) => r === ruleSet)).toBe(under.at(-1));
    }
  }
  const counted = ruleSets.map((ruleSet) => ({ ruleSet, tournaments: ratedClosed.filter((t) => ruleSetInForceOf(state, t.registration) === ruleSet).length }));
  expect([...tournaments.ratingRuleSets()].sort((a, b) => (a.ruleSet < b.ruleSet ? -1 : 1))).toEqual(counted.sort((a, b) => (a.ruleSet < b.ruleSet ? -1 : 1)));
  expect(tournaments.ratingRuleSets().map((r) => r.tournaments)).toEqual(counted.map((r) => r.tournaments).sort((a, b) => b - a));

  expect(players.all()).toEqual([...state.players.values()].map((p) => p.current ?? p.registration));
  for (const [id, p] of state.players) {
    expect(players.registrationOf(id)).toEqual(p.current ?? p.registration);
    expect(players.personOf(id)).toBe(personOf(state, id));
    expect(players.mergedIdOf(id)?.merge).toBe(p.mergedInto?.merge);
  }
  expect(players.registrationOf('nobody')).toBeUndefined();
  expect(players.nameOf('nobody')).toBe('nobody');
};

describe('the tournament and player directories', () => {
  it('answer as the deciders state does on random ledgers (closures, merges)', () => {
    fc.assert(fc.property(ledgers(), ({ facts }) => expectSameAsDecidersState(facts)), { numRuns: 60 });
  });

  it('answer as the deciders state does on one fact of every type, with corrections, a merge undone and an adoption', () => {
    const p2 = { type: 'PlayerRegistered', version: 1, eventId: 'player:P2:registered', validDate: '2024-01-10', actor: 'officer', playerId: 'P2', familyName: 'Berg', givenName: '', country: 'NO', club: 'Oslo', birthYear: 1991 } as DomainEvent;
    const facts = logged([p2, ...sampleEvents()]);
    expectSameAsDecidersState(facts);
    const players = PLAYER_DIRECTORY.queries(foldReadModel(PLAYER_DIRECTORY, facts));
    expect(players.nameOf('P1')).toBe('Hansen-Lie Ola');
    // the merge of P2 into P1 was undone
    expect(players.mergedIdOf('P2')).toBeUndefined();
    const merged = PLAYER_DIRECTORY.queries(foldReadModel(PLAYER_DIRECTORY, facts.filter((f) => f.event.type !== 'PlayersUnmerged')));
    expect(merged.mergedIdOf('P2')).toEqual({ absorbed: 'P2', survivor: 'P1', survivorName: 'Hansen-Lie Ola', registeredAs: 'Berg', date: '2024-06-02', reason: 'registered twice', merge: 'player:P2:merge:1' });
    const tournaments = TOURNAMENT_DIRECTORY.queries(foldReadModel(TOURNAMENT_DIRECTORY, facts));
    expect(tournaments.listing('T1')).toMatchObject({ closed: '2024-02-04' });
  });
});
