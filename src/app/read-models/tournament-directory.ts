import type { TournamentRegistered } from '../../../domain/events';
import { everyTypeHandled } from '../../../domain/events/selection';
import { ruleSetInForce, type RecordedAdoption } from '../../../domain/rules/in-force';
import type { ReadModel } from '../read-model';
import { NOT_IN_THE_DIRECTORIES } from './player-directory';

/**
 * One tournament as the directory knows it: what the tournaments page, its JSON and page titles show. Not its games:
 * they are most of the log, which the server's start already reads once for the deciders; a page counts the games of
 * the tournaments it shows from their own streams.
 */
export interface TournamentListing {
  readonly registration: TournamentRegistered;
  /** The valid date of its closure. */
  closed?: string;
}

export interface TournamentDirectoryState {
  /** In registration order (a tournament is registered once), which the tournaments page's index relies on. */
  readonly tournaments: Map<string, TournamentListing>;
  /** Each adoption in recorded order: which rule set rates the tournaments ending from its date on. */
  readonly adoptions: RecordedAdoption[];
}

export interface TournamentDirectory {
  readonly count: number;
  readonly listing: (tournamentId: string) => TournamentListing | undefined;
  /** The registrations from the `from`-th on, in registration order. */
  readonly registeredSince: (from: number) => TournamentRegistered[];
  /** Its name, or the id itself for a tournament the ledger does not have (a page names what it can). */
  readonly nameOf: (tournamentId: string) => string;
  /** The rule set that rates a tournament: the adoption in force at its end date, else its own system. */
  readonly ruleSetInForce: (registration: TournamentRegistered) => string;
  /** The end date of the latest rated tournament closed on or before `asOf` under a rule set `under` takes. */
  readonly latestClosedBy: (asOf: string, under: (ruleSet: string) => boolean) => string | undefined;
  /** The rule sets that rate the closed, rated tournaments, each with how many it rates, most first (ties: id). */
  readonly ratingRuleSets: () => readonly { readonly ruleSet: string; readonly tournaments: number }[];
}

const HANDLES = ['TournamentRegistered', 'TournamentClosed', 'RuleSetAdopted'] as const;
const PASSES_OVER = [
  ...NOT_IN_THE_DIRECTORIES,
  'PlayerRegistered',
  'PlayerRegistrationCorrected',
  'PlayersMerged',
  'PlayersUnmerged',
  // a tournament's games are read from its stream for the page that shows them
  'GameReported',
  'ResultCorrected',
  'GameWithdrawn',
] as const;

/** Every tournament with its closure, and the rule-set adoptions that say what rates it. */
export const TOURNAMENT_DIRECTORY: ReadModel<TournamentDirectoryState, TournamentDirectory, (typeof HANDLES)[number], (typeof PASSES_OVER)[number]> = {
  name: 'tournament directory',
  handles: HANDLES,
  passesOver: PASSES_OVER,
  initialState: () => ({ tournaments: new Map(), adoptions: [] }),
  evolve: (state, fact, recorded) => {
    switch (fact.type) {
      case 'TournamentRegistered':
        state.tournaments.set(fact.tournamentId, { registration: fact });
        break;
      case 'TournamentClosed': {
        const t = state.tournaments.get(fact.tournamentId);
        if (t) t.closed = fact.validDate;
        break;
      }
      case 'RuleSetAdopted':
        state.adoptions.push({ event: fact, position: recorded.globalPosition });
        break;
      default:
        everyTypeHandled(fact);
    }
    return state;
  },
  queries: (state) => ({
    count: state.tournaments.size,
    listing: (id) => state.tournaments.get(id),
    registeredSince: (from) => {
      const added: TournamentRegistered[] = [];
      let i = 0;
      for (const t of state.tournaments.values()) if (i++ >= from) added.push(t.registration);
      return added;
    },
    nameOf: (id) => state.tournaments.get(id)?.registration.name ?? id,
    ruleSetInForce: (registration) => ruleSetInForce(state.adoptions, registration),
    latestClosedBy: (asOf, under) => {
      let latest: string | undefined;
      for (const t of state.tournaments.values()) {
        const end = t.registration.endDate;
        if (t.closed === undefined || !t.registration.rated || end > asOf || (latest !== undefined && end <= latest)) continue;
        if (under(ruleSetInForce(state.adoptions, t.registration))) latest = end;
      }
      return latest;
    },
    ratingRuleSets: () => {
      const counts = new Map<string, number>();
      for (const t of state.tournaments.values()) {
        if (t.closed === undefined || !t.registration.rated) continue;
        const ruleSet = ruleSetInForce(state.adoptions, t.registration);
        counts.set(ruleSet, (counts.get(ruleSet) ?? 0) + 1);
      }
      return [...counts].map(([ruleSet, tournaments]) => ({ ruleSet, tournaments })).sort((a, b) => b.tournaments - a.tournaments || (a.ruleSet < b.ruleSet ? -1 : 1));
    },
  }),
};
