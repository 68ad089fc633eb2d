import type { EventSelection } from '../../domain/events/selection';
import { FesaFacts } from '../../projections/fesa/history';
import type { ListName } from '../../projections/fesa/list-names';
import { LiveReadModel, type ReadModel } from './read-model';
import type { EventStore } from './ports/event-store';
import type { PlayerNames } from './player-names';

/** What an officer is told when a player shares his name with others: who they are and how FESA files show him. */
export interface NamesakeNotice {
  /** The other registered players (not merged into another) bearing the same family and given name. */
  readonly namesakes: readonly string[];
  /** The name FESA files (ratingliste, fesa-all, turnering) give him: his own, or distinguished by his id. */
  readonly listedAs: string;
}

/** The facts that decide who bears which name (everything else in the log leaves the list names alone). */
export const LIST_NAMES_EVENTS = {
  handles: ['PlayerRegistered', 'PlayerRegistrationCorrected', 'PlayersMerged', 'PlayersUnmerged'],
  passesOver: [
    'PriorGradeDeclared', 'TournamentRegistered', 'GameReported', 'ResultCorrected', 'GameWithdrawn', 'TournamentClosed',
    'OpeningBalanceImported', 'RatingAdjusted', 'ListReconciled', 'GradeAwarded', 'RuleSetAdopted', 'RatingListPublished',
    'OfficerAppointed', 'OfficerRevoked', 'SubmissionReceived', 'SubmissionApproved', 'SubmissionRejected',
  ],
} as const satisfies EventSelection;

export const fullName = (n: { readonly lastName: string; readonly firstName: string }): string => (n.firstName === '' ? n.lastName : `${n.lastName} ${n.firstName}`);

/**
 * The names FESA files know the players by (FesaFacts.listNames) as of a position of the log, brought up to date from
 * the naming facts alone (for a server that reads its pages from the saved models and names players as the folds do).
 */
type NamingType = (typeof LIST_NAMES_EVENTS.handles)[number];
type NotNamingType = (typeof LIST_NAMES_EVENTS.passesOver)[number];

/** The names FESA files know players by (namesakes distinguished), from the naming facts alone. */
export interface ListNames {
  /** The name FESA files know `playerId` by (an id merged into another: his survivor's). */
  readonly nameOf: (playerId: string) => ListName | undefined;
  /** The player a list name's key is. */
  readonly idOfKey: (key: string) => string | undefined;
}

/** The list names as the folds make them (FesaFacts.listNames), fed the naming facts only. */
export const LIST_NAMES: ReadModel<FesaFacts, ListNames, NamingType, NotNamingType> = {
  name: 'list names',
  ...LIST_NAMES_EVENTS,
  initialState: () => new FesaFacts(),
  evolve: (facts, _fact, recorded) => {
    facts.add(recorded);
    return facts;
  },
  queries: (facts) => ({
    nameOf: (playerId) => facts.listNames.byId.get(facts.survivorOf(playerId)),
    idOfKey: (key) => facts.listNames.idOfKey(key),
  }),
};

/**
 * The notice for `playerId` as the ledger now stands (undefined when nobody else bears his name): the list names
 * are the folds' own (FesaFacts.listNames), made from the naming facts alone, read only when a namesake exists.
 */
export const namesakeNotice = async (store: EventStore, names: PlayerNames, playerId: string): Promise<NamesakeNotice | undefined> =>
  (await namesakeNotices(store, names, [playerId])).get(playerId);

/** The notices of several players (a CSV of registrations), the list names read once for all of them. */
export const namesakeNotices = async (store: EventStore, names: PlayerNames, playerIds: readonly string[]): Promise<ReadonlyMap<string, NamesakeNotice>> => {
  const notices = new Map<string, NamesakeNotice>();
  let listNames: ListNames | undefined;
  for (const playerId of playerIds) {
    const mine = names.nameOf(playerId);
    const namesakes = names.namesakesOf(playerId);
    if (mine === undefined || namesakes.length === 0) continue;
    listNames ??= (await new LiveReadModel(LIST_NAMES, store).caughtUp()).queries;
    const listed = listNames.nameOf(playerId);
    notices.set(playerId, { namesakes, listedAs: fullName(listed ?? { lastName: mine.familyName, firstName: mine.givenName }) });
  }
  return notices;
};

/** The notice as one sentence (after "player X registered"). */
export const namesakeSentence = (playerId: string, notice: NamesakeNotice): string =>
  `${notice.namesakes.join(', ')} ${notice.namesakes.length === 1 ? 'bears' : 'bear'} the same name: FESA lists and files show ${playerId} as "${notice.listedAs}"` +
  ` (ledger player correct --id ${playerId} --given … tells them apart by name instead)`;
