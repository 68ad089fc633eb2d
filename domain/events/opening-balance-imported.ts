import * as t from 'io-ts';
import { envelope, Id, NonEmptyString } from './common';

/**
 * The legacy state one rule set needs to continue a player's record (how a ledger starts from an existing list).
 * `state` is the rule set's own player state: for `fesa` the whole list record (rating, GAMES count or provisional
 * history, grades, LB/MP streaks, bonus counter, homes), checked by that rule set's codec when it is folded.
 */
export const OpeningBalanceImported = t.intersection([
  t.type({
    type: t.literal('OpeningBalanceImported'),
    version: t.literal(1),
    ...envelope,
    playerId: Id,
    ruleSet: NonEmptyString,
    state: t.UnknownRecord,
    source: NonEmptyString,
  }),
  t.partial({ reason: NonEmptyString }),
]);
export type OpeningBalanceImported = t.TypeOf<typeof OpeningBalanceImported>;
