/**
 * Which list a ledger shows when nobody names a rule set. FESA's (as adopted) wherever FESA rates any tournament; a
 * ledger whose tournaments are all rated under other rule sets — a US Shogi or a chess federation's — shows the one
 * rating the most, not an empty FESA list.
 */
import type { LoggedEvent } from '../../domain/events';
import { AS_ADOPTED } from '../../domain/rules/rule-set-ids';
import { isFesaRuleSet } from '../../projections/fesa/fesa-facts';
import { isGenericRuleSet, type GenericRuleSetId } from '../../projections/generic/systems';
import { readFacts } from './event-log';
import type { EventStore } from './ports/event-store';
import { foldReadModel } from './read-model';
import { TOURNAMENT_DIRECTORY } from './read-models/tournament-directory';

export interface ListsOffered {
  /** The non-FESA rule set shown when none is named, or undefined for FESA's lists as adopted. */
  readonly house: GenericRuleSetId | undefined;
  /** Every list worth offering: `as-adopted` where FESA rates a tournament, then each other rule set rating one, most first. */
  readonly lists: readonly string[];
}

/** The lists offered, from the rule sets rating the closed tournaments (`TournamentDirectory.ratingRuleSets`). */
export const listsOffered = (ratingRuleSets: readonly { readonly ruleSet: string }[]): ListsOffered => {
  const fesa = ratingRuleSets.some((r) => isFesaRuleSet(r.ruleSet));
  const others = ratingRuleSets.map((r) => r.ruleSet).filter(isGenericRuleSet);
  return { house: fesa ? undefined : others[0], lists: [...(fesa ? [AS_ADOPTED] : []), ...others] };
};

/** The same from the store: the registrations, closures and adoptions alone (read by type). */
export const listsOfferedIn = async (store: EventStore): Promise<ListsOffered> => {
  const facts: LoggedEvent[] = [];
  for await (const batch of readFacts(store, { types: TOURNAMENT_DIRECTORY.handles })) facts.push(...batch);
  return listsOffered(TOURNAMENT_DIRECTORY.queries(foldReadModel(TOURNAMENT_DIRECTORY, facts)).ratingRuleSets());
};
