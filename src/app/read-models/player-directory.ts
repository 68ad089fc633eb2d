import { correctedRegistration } from '../../../domain/commands/state';
import type { PlayerRegistered } from '../../../domain/events';
import { everyTypeHandled } from '../../../domain/events/selection';
import type { ReadModel } from '../read-model';

/** An id absorbed by a merge in force, as the pages and the API tell a reader who followed an old link to it. */
export interface MergedId {
  readonly absorbed: string;
  readonly survivor: string;
  /** The survivor's name as now known ("Family Given"). */
  readonly survivorName: string;
  /** The name the absorbed id is known by (its registration with its corrections). */
  readonly registeredAs: string;
  readonly date: string;
  readonly reason: string;
  /** The merge's event id (`ledger player unmerge` names it). */
  readonly merge: string;
}

/** One registered id as the directory knows it. */
export interface PlayerListing {
  /** The registration with the corrections since put in: what the player is now called, where he plays. */
  current: PlayerRegistered;
  /** The merge in force that made this id another player's. */
  mergedInto?: { readonly survivor: string; readonly merge: string; readonly validDate: string; readonly reason: string };
}

export type PlayerDirectoryState = Map<string, PlayerListing>;

export interface PlayerDirectory {
  /** Every registered id as now known (absorbed ones too), in registration order. */
  readonly all: () => PlayerRegistered[];
  readonly registrationOf: (playerId: string) => PlayerRegistered | undefined;
  /** The person an id stands for: the survivor of the merge in force that absorbed it, else the id itself. */
  readonly personOf: (playerId: string) => string;
  /** "Family Given" as now known, or the id itself for an id the ledger does not have. */
  readonly nameOf: (playerId: string) => string;
  /** The merge that made `playerId` another player's, or undefined when the id stands for itself. */
  readonly mergedIdOf: (playerId: string) => MergedId | undefined;
}

const HANDLES = ['PlayerRegistered', 'PlayerRegistrationCorrected', 'PlayersMerged', 'PlayersUnmerged'] as const;
/** Facts about ratings, grades, lists, officers and submissions: who and what the ledger holds is none of them. */
export const NOT_IN_THE_DIRECTORIES = [
  'PriorGradeDeclared',
  'GradeAwarded',
  'OpeningBalanceImported',
  'RatingAdjusted',
  'ListReconciled',
  'RatingListPublished',
  'OfficerAppointed',
  'OfficerRevoked',
  'SubmissionReceived',
  'SubmissionApproved',
  'SubmissionRejected',
] as const;

const PASSES_OVER = [...NOT_IN_THE_DIRECTORIES, 'TournamentRegistered', 'GameReported', 'ResultCorrected', 'GameWithdrawn', 'TournamentClosed', 'RuleSetAdopted'] as const;

const registeredName = (r: PlayerRegistered): string => `${r.familyName}${r.givenName ? ` ${r.givenName}` : ''}`;

/** Every registered player as now known, and which ids a merge in force made another player's. */
export const PLAYER_DIRECTORY: ReadModel<PlayerDirectoryState, PlayerDirectory, (typeof HANDLES)[number], (typeof PASSES_OVER)[number]> = {
  name: 'player directory',
  handles: HANDLES,
  passesOver: PASSES_OVER,
  initialState: () => new Map(),
  evolve: (players, fact) => {
    switch (fact.type) {
      case 'PlayerRegistered':
        players.set(fact.playerId, { current: fact });
        break;
      case 'PlayerRegistrationCorrected': {
        const player = players.get(fact.playerId);
        if (player) player.current = correctedRegistration(player.current, fact);
        break;
      }
      case 'PlayersMerged':
      case 'PlayersUnmerged': {
        const absorbed = players.get(fact.absorbed);
        if (absorbed) absorbed.mergedInto = fact.type === 'PlayersMerged' ? { survivor: fact.survivor, merge: fact.eventId, validDate: fact.validDate, reason: fact.reason } : undefined;
        break;
      }
      default:
        everyTypeHandled(fact);
    }
    return players;
  },
  queries: (players) => {
    const nameOf = (id: string): string => {
      const p = players.get(id);
      return p === undefined ? id : registeredName(p.current);
    };
    return {
      all: () => [...players.values()].map((p) => p.current),
      registrationOf: (id) => players.get(id)?.current,
      personOf: (id) => players.get(id)?.mergedInto?.survivor ?? id,
      nameOf,
      mergedIdOf: (id) => {
        const merged = players.get(id)?.mergedInto;
        if (merged === undefined) return undefined;
        return { absorbed: id, survivor: merged.survivor, survivorName: nameOf(merged.survivor), registeredAs: nameOf(id), date: merged.validDate, reason: merged.reason, merge: merged.merge };
      },
    };
  },
};
