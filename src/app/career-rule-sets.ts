import * as E from 'fp-ts/Either';
import type { LedgerState } from '../../domain/commands/state';
import type { LoggedEvent } from '../../domain/events';
import { foldGeneric } from '../../projections/generic/history';
import { GENERIC_RULE_SETS, genericSystem, type GenericRuleSetId } from '../../projections/generic/systems';
import { givesGrades, type RuleSetListRow } from './rule-set-list';
import { genericCareer, type GenericCareer } from './tournaments';

/** A player's record under one of the non-FESA rule sets, as his page shows it beside (or instead of) his FESA career. */
export interface RuleSetCareer {
  readonly ruleSet: GenericRuleSetId;
  /** The rating the system's state holds for him now (rounded); null while the system gives him none. */
  readonly rating: number | null;
  /** The rated games the system's state counts (where it keeps no count: his games it rated). */
  readonly games: number;
  /** His grade in the system's own words as its list gives it (null: none earned yet); absent where it has none. */
  readonly grade?: string | null;
  readonly provisional: boolean;
  readonly openingBalances: GenericCareer['openingBalances'];
  /** His tournaments rated under it, oldest first, each with his rating before and after and his games. */
  readonly tournaments: GenericCareer['tournaments'];
  /** His grade changes with the rule behind each, where the system's spec defines them (absent elsewhere). */
  readonly grades?: GenericCareer['grades'];
}

/**
 * Every non-FESA rule set `playerId` is rated under — one that rated a tournament of his, gave him an opening balance
 * or holds a state for him — in the order of GENERIC_RULE_SETS. `fold` is the non-FESA fold of `facts` (a caller that
 * shows many players folds once); `listed` his row of a rule set's list (`ruleSetList`), whose grade and category
 * the page repeats. A fold that fails leaves his tournaments without ratings: accepted facts never make his page fail.
 */
export const ruleSetCareers = (
  facts: readonly LoggedEvent[],
  state: LedgerState,
  playerId: string,
  fold: ReturnType<typeof foldGeneric> = foldGeneric(facts),
  listed: (ruleSet: GenericRuleSetId) => RuleSetListRow | undefined = () => undefined,
): RuleSetCareer[] => {
  const career = genericCareer(facts, state, playerId, fold);
  const states = E.isRight(fold) ? fold.right.states : undefined;
  const careers: RuleSetCareer[] = [];
  for (const ruleSet of GENERIC_RULE_SETS) {
    const tournaments = career?.tournaments.filter((t) => t.ruleSet === ruleSet) ?? [];
    const openingBalances = career?.openingBalances.filter((b) => b.ruleSet === ruleSet) ?? [];
    const own = states?.get(ruleSet)?.get(playerId);
    if (tournaments.length === 0 && openingBalances.length === 0 && own === undefined) continue;
    const system = genericSystem(ruleSet);
    const rating = own === undefined ? null : system.rating(own);
    const kept = (own as { games?: unknown } | undefined)?.games;
    const row = listed(ruleSet);
    careers.push({
      ruleSet,
      rating: rating === null ? null : Math.round(rating),
      games: typeof kept === 'number' ? kept : tournaments.reduce((n, t) => n + t.games.filter((g) => g.rated === 'yes').length, 0),
      ...(row?.grade !== undefined ? { grade: row.grade } : {}),
      provisional: row?.provisional ?? false,
      openingBalances,
      tournaments,
      ...(givesGrades(ruleSet) ? { grades: career?.grades.filter((g) => g.ruleSet === ruleSet) ?? [] } : {}),
    });
  }
  return careers;
};
