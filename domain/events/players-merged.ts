import * as t from 'io-ts';
import { envelope, Id, NonEmptyString } from './common';

/**
 * An officer finds that two player ids are one person (registered twice, under a misspelt name, from two lists).
 * `absorbed` is the same person as `survivor`: like a corrected registration, an identity fact holds for the whole
 * record, so from the moment the ledger knows it every list, history and explanation — of any date — rates the
 * absorbed id's games, opening balances, prior grades and adjustments as the survivor's, under the survivor's
 * registration (when both ids hold a balance on one opening list, that list held one person twice: the survivor's
 * balance counts). Folds as known before the merge (the second clock) still show two players; the absorbed id's facts
 * stay in the log untouched, which is what makes the merge reversible (PlayersUnmerged).
 */
export const PlayersMerged = t.type({
  type: t.literal('PlayersMerged'),
  version: t.literal(1),
  ...envelope,
  survivor: Id,
  absorbed: Id,
  reason: NonEmptyString,
});
export type PlayersMerged = t.TypeOf<typeof PlayersMerged>;
