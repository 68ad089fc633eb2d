import type { EventSelection } from '../../domain/events/selection';
import { FesaFacts } from '../../projections/fesa/history';
import type { ListName } from '../../projections/fesa/list-names';
import { readFacts } from './event-log';
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
export class ListNamesNow {
  private at = 0;
  private readonly facts = new FesaFacts();
  /** Catch-ups one after the other: two requests at once would read the same facts twice. */
  private reading: Promise<void> = Promise.resolve();

  /** Reads the naming facts recorded after the last catch-up, up to `upTo`. */
  catchUp(store: EventStore, upTo: number): Promise<void> {
    this.reading = this.reading.then(async () => {
      if (upTo <= this.at) return;
      for await (const batch of readFacts(store, { fromPosition: this.at, toPosition: upTo, types: LIST_NAMES_EVENTS.handles })) for (const fact of batch) this.facts.add(fact);
      this.at = upTo;
    });
    return this.reading;
  }

  /** The name FESA files know `playerId` by (an id merged into another: his survivor's). */
  nameOf(playerId: string): ListName | undefined {
    return this.facts.listNames.byId.get(this.facts.survivorOf(playerId));
  }

  /** The player a list name's key is. */
  idOfKey(key: string): string | undefined {
    return this.facts.listNames.idOfKey(key);
  }
}

/**
 * The notice for `playerId` as the ledger now stands (undefined when nobody else bears his name): the list names
 * are the folds' own (FesaFacts.listNames), made from the naming facts alone, read only when a namesake exists.
 */
export const namesakeNotice = async (store: EventStore, names: PlayerNames, playerId: string): Promise<NamesakeNotice | undefined> =>
  (await namesakeNotices(store, names, [playerId])).get(playerId);

/** The notices of several players (a CSV of registrations), the list names read once for all of them. */
export const namesakeNotices = async (store: EventStore, names: PlayerNames, playerIds: readonly string[]): Promise<ReadonlyMap<string, NamesakeNotice>> => {
  const notices = new Map<string, NamesakeNotice>();
  let listNames: ListNamesNow | undefined;
  for (const playerId of playerIds) {
    const mine = names.nameOf(playerId);
    const namesakes = names.namesakesOf(playerId);
    if (mine === undefined || namesakes.length === 0) continue;
    if (listNames === undefined) {
      listNames = new ListNamesNow();
      await listNames.catchUp(store, Number.MAX_SAFE_INTEGER);
    }
    const listed = listNames.nameOf(playerId);
    notices.set(playerId, { namesakes, listedAs: fullName(listed ?? { lastName: mine.familyName, firstName: mine.givenName }) });
  }
  return notices;
};

/** The notice as one sentence (after "player X registered"). */
export const namesakeSentence = (playerId: string, notice: NamesakeNotice): string =>
  `${notice.namesakes.join(', ')} ${notice.namesakes.length === 1 ? 'bears' : 'bear'} the same name: FESA lists and files show ${playerId} as "${notice.listedAs}"` +
  ` (ledger player correct --id ${playerId} --given … tells them apart by name instead)`;
