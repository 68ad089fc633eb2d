import type * as E from 'fp-ts/Either';
import type { LegacyBalance } from '../../domain/rules/contract';
import { genericSystem, type GenericRuleSetId } from './systems';

export type { LegacyBalance } from '../../domain/rules/contract';

/**
 * An officer's opening balance (`ledger player balance`) as a rule set's own player state: what a legacy list gives
 * (a rating, maybe a games count and a grade) in the shape that system folds. The rule set's decoder still checks
 * the result when the balance is decided; this only builds it and refuses what the system cannot hold (a grade under
 * a system without grades, a grade off its scale). Games a legacy rating counts for when the list does not say: the
 * count from which the system treats a player as established (FIDE's K 40 ends at 30 games, as for TRF ratings;
 * pan-atlantic's established category at 15); the systems that only count games start the count at 0.
 */
export const openingState = (ruleSet: GenericRuleSetId, b: LegacyBalance): E.Either<string, Record<string, unknown>> => {
  const system = genericSystem(ruleSet);
  return system.openingState({ ...b, games: b.games ?? system.defaultBalanceGames }) as E.Either<string, Record<string, unknown>>;
};
