/**
 * What a TRF or EGD file's decision reads when the ledger decides from streams (a CLI write, a submission checked on
 * the server's worker), instead of the whole log's deciders' state: on a federation's ledger of a million FESA games
 * the file's tournament and its players are a few hundred streams.
 *
 * The importers' commands look at the file's tournament, the tournaments of its name, its players (registered or not, merged into whom), and — for
 * a player the rule set has no state for yet — whether he already played under it (the opening balance's decider,
 * `gameUnder`): the tournaments rated under a non-FESA rule set that name him. Those are in the non-FESA slice
 * (rated-tournament.ts `ratedListSlice`), which also holds every opening balance: whom the rule set knows
 * (`knownUnder`) is read from it rather than from the whole log.
 */
import { type StreamsRead } from '../../domain/commands/reads';
import type { LedgerState } from '../../domain/commands/state';
import { playerStream, tournamentStream, type LoggedEvent } from '../../domain/events';
import type { GenericRuleSetId } from '../../projections/generic/systems';
import { knownUnder } from './interchange';
import type { CheckpointStorage } from './ports/checkpoint-storage';
import type { EventStore } from './ports/event-store';
import { ratedListSlice } from './rated-tournament';

export interface FileReads {
  /** The players a rule set has a state or an opening balance for. */
  readonly knownUnder: (ruleSet: GenericRuleSetId) => Set<string>;
  readonly reads: StreamsRead;
}

/** The ids a tournament's games and entrants name in `state`. */
const namedIn = (state: LedgerState, tournamentId: string): string[] => {
  const t = state.tournaments.get(tournamentId);
  if (t === undefined) return [];
  const ids: string[] = [...(t.registration.entrants ?? [])];
  for (const game of t.games.values()) {
    ids.push(game.facts.first);
    if (game.facts.second !== null) ids.push(game.facts.second);
  }
  return ids;
};

/** `ids` with every id merged into one of them and every survivor of one of them, by the merges standing (absorbed → survivor). */
const samePeopleBy = (survivors: ReadonlyMap<string, string>, ids: readonly string[]): Set<string> => {
  const people = new Set(ids);
  for (const id of ids) {
    const survivor = survivors.get(id);
    if (survivor !== undefined) people.add(survivor);
  }
  for (const [id, survivor] of survivors) if (people.has(survivor)) people.add(id);
  return people;
};

/** `samePeopleBy` the merges `state` knows. */
const samePeople = (state: LedgerState, ids: readonly string[]): Set<string> => {
  const survivors = new Map<string, string>();
  for (const [id, p] of state.players) if (p.mergedInto !== undefined) survivors.set(id, p.mergedInto.survivor);
  return samePeopleBy(survivors, ids);
};

/** The merges standing after `facts` (in log order): each absorbed id's survivor, an unmerge undoing it. */
const mergesOf = (facts: readonly LoggedEvent[]): Map<string, string> => {
  const survivors = new Map<string, string>();
  for (const { event: e } of facts) {
    if (e.type === 'PlayersMerged') survivors.set(e.absorbed, e.survivor);
    else if (e.type === 'PlayersUnmerged') survivors.delete(e.absorbed);
  }
  return survivors;
};

/**
 * The streams of a file of `tournamentId` (called `name`) naming `playerIds`, plus `also` (a submission's own
 * stream, whose approval is decided with it). Without a checkpoint storage the slice's index is folded from the log's
 * few ledger-wide facts.
 */
export const fileReads = async (
  store: EventStore,
  o: { readonly tournamentId: string; readonly name: string; readonly playerIds: readonly string[]; readonly also?: readonly string[]; readonly saved?: CheckpointStorage },
): Promise<FileReads> => {
  // not every player's registration: whom the rule sets rate is the slice's without them, the merges are ledger-wide facts
  const slice = await ratedListSlice(store, { namedElsewhere: true, ...(o.saved === undefined ? {} : { storage: o.saved }) });
  const people = samePeopleBy(mergesOf(slice.facts), o.playerIds);
  // and those of the same name: an import under another id is refused (interchange.ts refuseImportedBefore)
  const playedIn = [...slice.state.tournaments].filter(([t, { registration }]) => t !== o.tournamentId && (registration.name === o.name || namedIn(slice.state, t).some((id) => people.has(id)))).map(([t]) => t);
  const fixed = [tournamentStream(o.tournamentId), ...(o.also ?? []), ...playedIn.map(tournamentStream), ...[...people].map(playerStream)];
  return {
    knownUnder: (ruleSet) => knownUnder(slice.facts, ruleSet),
    // the tournament as read names more players (an earlier import's), and those read name their merges' survivors
    reads: (read) => [...fixed, ...[...samePeople(read, namedIn(read, o.tournamentId))].map(playerStream)],
  };
};
