import { GENERIC_FOLD_RULE_SETS, type RuleSetRegistry } from '../../domain/rules/registry';
import type { RuleSet } from '../../domain/rules/contract';

/**
 * The non-FESA rule sets as the ledger's generic fold sees them: each implements the one contract
 * (domain/rules/contract.ts) in its own folder, and the registry (domain/rules/registry.ts) lists them; this module
 * only names the registry's rule sets for the projections and use cases that take the ledger's own.
 */
export type { EntryPolicy, GameTerms, PlayerFacts, RatedTournament, TournamentFacts } from '../../domain/rules/contract';
export { DEFAULT_ENTRY_RATING } from '../../domain/rules/contract';

/** A rule set's id; which ids a ledger knows is its registry's to say. */
export type GenericRuleSetId = string;
export type GenericSystem<S = unknown, O = unknown> = RuleSet<S, O>;

/** The registry's rule sets the generic fold rates (the FESA family is the FESA projection's). */
export const GENERIC_RULE_SETS: readonly GenericRuleSetId[] = GENERIC_FOLD_RULE_SETS.ids;
export const isGenericRuleSet = (id: string): boolean => GENERIC_FOLD_RULE_SETS.has(id);

/** The rule set of an id the caller knows is registered (a run's, a fold's state's). */
export const genericSystem = (id: GenericRuleSetId, registry: RuleSetRegistry = GENERIC_FOLD_RULE_SETS): GenericSystem<any, any> => {
  const found = registry.get(id);
  if (found === undefined) throw new Error(`"${id}" is not a rule set of the registry (${registry.ids.join(', ')})`);
  return found;
};
