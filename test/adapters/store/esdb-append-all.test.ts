/**
 * appendAll on the EventStoreDB adapter, over the STAND-IN for the 6.x client (test/adapters/store/esdb-stand-in.ts) — NOT
 * EventStoreDB. The 6.x client has no multi-stream transaction, so the adapter checks the whole operation first, then
 * appends it part after part (shared.ts appendPartByPart). What this proves is the adapter's and the ledger's side of
 * that promise: a connection lost after any number of appends leaves a prefix that reads as a valid ledger (no game
 * without its players, no tournament closed without all its games), and running the same import again completes it
 * to exactly what one uninterrupted run records. Whether a real server behaves as the stand-in does is not tested here.
 */
import * as E from 'fp-ts/Either';
import { UnavailableError } from '@eventstore/db-client';
import { afterEach, describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../../domain/events';
import { readEventFolders } from '../../../src/adapters/formats/fesa/folders';
import { openEsdbStore } from '../../../src/adapters/store/esdb';
import { importFesaFolders, type EventFolder } from '../../../src/app/fesa-import';
import { Ledger } from '../../../src/app/ledger';
import { foldOrThrow } from '../../../src/app/lists';
import { loadFacts } from '../../../src/app/load';
import type { EventStore } from '../../../src/app/ports/event-store';
import { chainOf, nekomadoChain } from '../../support/helpers';
import { EsdbStandIn } from './esdb-stand-in';

const stores: EventStore[] = [];
afterEach(async () => {
  for (const s of stores.splice(0)) await s.close();
});

// small enough that a tournament's games go in several appends, so a break can fall inside one stream too
const MAX_APPEND_SIZE = 4 * 1024;
const overStandIn = (server: EsdbStandIn): Ledger => {
  const store = openEsdbStore('esdb://stand-in:2113?tls=false', { client: server.client() });
  stores.push(store);
  return new Ledger(store);
};

const folders = (): EventFolder[] => {
  const read = readEventFolders(chainOf(nekomadoChain().slice(0, 2)));
  if (E.isLeft(read)) throw new Error(read.left);
  return read.right;
};

/** The user events of the log, as stream@revision id type: what two runs must agree on exactly. */
const logOf = (server: EsdbStandIn): string[] => server.log.filter((e) => !e.streamId.startsWith('$')).map((e) => `${e.streamId}@${e.revision} ${(e.data as DomainEvent).eventId} ${e.type}`);

/** What makes a prefix harmless: everything an event refers to was recorded before it, and a closed tournament is whole. */
const problemsOf = (events: readonly DomainEvent[], wholeRun: readonly DomainEvent[]): string[] => {
  const problems: string[] = [];
  const players = new Set<string>();
  const tournaments = new Set<string>();
  const gamesIn = (list: readonly DomainEvent[], t: string) => list.filter((e) => e.type === 'GameReported' && e.tournamentId === t).length;
  for (const e of events) {
    if (e.type === 'PlayerRegistered') players.add(e.playerId);
    if (e.type === 'TournamentRegistered') tournaments.add(e.tournamentId);
    if (e.type === 'GameReported') {
      if (!tournaments.has(e.tournamentId)) problems.push(`${e.eventId} before its tournament`);
      for (const p of [e.first, e.second]) if (p !== null && !players.has(p)) problems.push(`${e.eventId} before player ${p}`);
    }
    if ((e.type === 'OpeningBalanceImported' || e.type === 'PriorGradeDeclared') && !players.has(e.playerId)) problems.push(`${e.eventId} before player ${e.playerId}`);
    if (e.type === 'TournamentClosed' && gamesIn(events, e.tournamentId) !== gamesIn(wholeRun, e.tournamentId)) problems.push(`${e.tournamentId} closed with ${gamesIn(events, e.tournamentId)} of its ${gamesIn(wholeRun, e.tournamentId)} games`);
  }
  return problems;
};

describe('esdb adapter appendAll over the stand-in for the 6.x client (not EventStoreDB): every prefix harmless, a re-run completes it', () => {
  it('a two-folder import broken after each of its appends reads as a valid ledger, and the same import again records exactly the uninterrupted run', async () => {
    const whole = new EsdbStandIn(MAX_APPEND_SIZE);
    await importFesaFolders(overStandIn(whole), folders(), { actor: 'officer' });
    const expected = logOf(whole);
    const wholeRun = whole.log.filter((e) => !e.streamId.startsWith('$')).map((e) => e.data as DomainEvent);
    const calls = whole.appendCalls.length;
    expect(calls).toBeGreaterThan(new Set(whole.log.map((e) => e.streamId)).size); // some streams went in several appends

    for (let broken = 1; broken <= calls; broken++) {
      const server = new EsdbStandIn(MAX_APPEND_SIZE);
      server.failAppendCall(broken, new UnavailableError(undefined, '14 UNAVAILABLE: Connection dropped'));
      await expect(importFesaFolders(overStandIn(server), folders(), { actor: 'officer' }), `break at append ${broken}`).rejects.toThrow(/UNAVAILABLE|unavailable/);
      const prefix = logOf(server);
      expect(prefix, `break at append ${broken}`).toEqual(expected.slice(0, prefix.length));
      const recorded = server.log.filter((e) => !e.streamId.startsWith('$')).map((e) => e.data as DomainEvent);
      expect(problemsOf(recorded, wholeRun), `break at append ${broken}`).toEqual([]);
      // the partial ledger reads: its list folds without an error
      const reader = overStandIn(server);
      const facts = await loadFacts(reader.store);
      expect(facts.length).toBe(prefix.length);
      expect(() => foldOrThrow(facts, { ruleSet: 'fesa', asOf: '2030-01-01', runs: 'none' }), `break at append ${broken}`).not.toThrow();

      await importFesaFolders(overStandIn(server), folders(), { actor: 'officer' });
      expect(logOf(server), `re-run after a break at append ${broken}`).toEqual(expected);
    }
  }, 120_000);
});
