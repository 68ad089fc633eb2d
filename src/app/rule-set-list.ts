import * as E from 'fp-ts/Either';
import type { LoggedEvent } from '../../domain/events';
import type { RuleSetRegistry } from '../../domain/rules/registry';
import { FesaFacts } from '../../projections/fesa/history';
import { foldGeneric, lastPlayedUnder, ratingsOf, type GenericFold } from '../../projections/generic/history';
import { genericSystem, type EntryPolicy, type GenericRuleSetId, type GenericSystem } from '../../projections/generic/systems';
import { unratable } from './failure';
import { activeSince } from './lists';
import { fullName } from './namesakes';

/**
 * The rating list of a non-FESA rule set (`ledger list --rules S`): every tournament rated under S as recorded (the
 * rule set in force at its end date), the rule set's own player states, the players named as FESA lists name them.
 */

/** One player of a rule set's list; `grade` only under the systems that give grades. */
export interface RuleSetListRow {
  readonly rank: number;
  readonly id: string;
  readonly name: string;
  readonly country: string;
  /** The grade the system holds for him in its own words ("2-dan"); null while he has earned none. */
  readonly grade?: string | null;
  /** Exactly the rating the system's state holds. */
  readonly rating: number;
  /** Rated games as the system's state counts them. */
  readonly games: number;
  readonly provisional: boolean;
  readonly lastPlayed: string | null;
}

export interface RuleSetList {
  readonly ruleSet: GenericRuleSetId;
  readonly asOf: string;
  readonly activeYears: number;
  readonly players: readonly RuleSetListRow[];
}

export interface RuleSetListOptions {
  readonly asOf: string;
  /** The last global position the list knows of (a list as it was published, or `--known-at`). */
  readonly knownAt?: number;
  /** Players who played in the last N years; 0 (the default here) lists everybody rated. */
  readonly activeYears?: number;
  readonly entry?: EntryPolicy;
  /** The rule sets the ledger knows: its own (domain/rules/registry.ts) unless given. */
  readonly registry?: RuleSetRegistry;
}

/** The naming facts known at a position, as the FESA list reads them (namesakes told apart, merged ids their survivor's). */
const namesKnownAt = (facts: readonly LoggedEvent[], knownAt: number | undefined): FesaFacts => {
  const names = new FesaFacts();
  for (const fact of facts) {
    if (knownAt !== undefined && fact.globalPosition > knownAt) continue;
    const type = fact.event.type;
    if (type === 'PlayerRegistered' || type === 'PlayerRegistrationCorrected' || type === 'PlayersMerged' || type === 'PlayersUnmerged') names.add(fact);
  }
  return names;
};

/** The name a list gives a player as known at a position (FESA's: namesakes told apart, a merged id his survivor's). */
export const listNamesKnownAt = (facts: readonly LoggedEvent[], knownAt?: number): ((playerId: string) => string) => listNameOf(namesKnownAt(facts, knownAt));

/** The name a list gives a player by the naming facts `names` holds (a FESA projection's, or `namesKnownAt`'s). */
export const listNameOf = (names: FesaFacts): ((playerId: string) => string) => {
  return (playerId) => {
    const listed = names.listNames.byId.get(names.survivorOf(playerId));
    return listed === undefined ? playerId : fullName(listed);
  };
};

/** What a list says of one rated player of a rule set, before he is ranked and named. */
export interface RatedEntry {
  /** The id the rule set's states are kept under (a merged player's survivor as the fold knew it). */
  readonly playerId: string;
  readonly rating: number;
  readonly games: number;
  readonly provisional: boolean;
  /** Under the systems with grades: the grade held (null while none is earned); absent under the others. */
  readonly grade?: string | null;
  readonly lastPlayed: string | null;
}

/** A list's entries ranked (highest rating first, ties by id), those not active since the list's window left out, named. */
export const listOfEntries = (ruleSet: GenericRuleSetId, asOf: string, activeYears: number, entries: readonly RatedEntry[], named: (playerId: string) => { id: string; name: string; country: string }): RuleSetList => {
  const since = activeSince(asOf, activeYears);
  const players = [...entries]
    .sort((a, b) => b.rating - a.rating || (a.playerId < b.playerId ? -1 : a.playerId > b.playerId ? 1 : 0))
    .filter((r) => since === '' || (r.lastPlayed ?? '') > since)
    .map(({ playerId, grade, rating, games, provisional, lastPlayed }, i): RuleSetListRow => ({
      rank: i + 1,
      ...named(playerId),
      // the systems with grades give one column more: the grade the system holds (null while none is earned)
      ...(grade !== undefined ? { grade } : {}),
      provisional,
      rating,
      games,
      lastPlayed,
    }));
  return { ruleSet, asOf, activeYears, players };
};

/** How a list names the player a state is kept under, as known at a position. */
export const listNamer = (facts: readonly LoggedEvent[], knownAt?: number): ((playerId: string) => { id: string; name: string; country: string }) => {
  const names = namesKnownAt(facts, knownAt);
  return (playerId) => {
    const id = names.survivorOf(playerId);
    const listed = names.listNames.byId.get(id);
    return { id, name: listed === undefined ? id : fullName(listed), country: names.registrations.get(id)?.event.country ?? '' };
  };
};

/** The list of `ruleSet` as of a date (and as known at a position); a fold the rule set refuses is thrown as unratable. */
export const ruleSetList = (facts: readonly LoggedEvent[], ruleSet: GenericRuleSetId, opts: RuleSetListOptions): RuleSetList => {
  const folded = foldGeneric(facts, {
    asOf: opts.asOf, entry: opts.entry ?? 'system', ...(opts.knownAt !== undefined ? { knownAt: opts.knownAt } : {}), ...(opts.registry !== undefined ? { registry: opts.registry } : {}),
  });
  if (E.isLeft(folded)) throw unratable(folded.left);
  return listOfFold(folded.right, ruleSet, opts.asOf, opts.activeYears ?? 0, listNamer(facts, opts.knownAt));
};

/** The list of `ruleSet` as the fold `fold` (up to `asOf`) leaves it. */
export const listOfFold = (fold: GenericFold, ruleSet: GenericRuleSetId, asOf: string, activeYears: number, named: (playerId: string) => { id: string; name: string; country: string }): RuleSetList => {
  const system = genericSystem(ruleSet, fold.registry);
  const entries = ratingsOf(fold, ruleSet).map((r) => ({ playerId: r.playerId, rating: r.rating, ...entryOfState(system, r.state), lastPlayed: lastPlayedUnder(fold, ruleSet, r.playerId) ?? null }));
  return listOfEntries(ruleSet, asOf, activeYears, entries, named);
};

/** What a list shows of a player's state besides his rating. */
export const entryOfState = (system: GenericSystem, state: unknown): { games: number; provisional: boolean; grade?: string | null } => ({
  games: system.games(state),
  provisional: system.provisional(state),
  ...(system.grades !== undefined ? { grade: system.grades.of(state) } : {}),
});

/** Whether `ruleSet` gives grades (its list has a grade column). */
export const givesGrades = (ruleSet: GenericRuleSetId, registry?: RuleSetRegistry): boolean => genericSystem(ruleSet, registry).grades !== undefined;

