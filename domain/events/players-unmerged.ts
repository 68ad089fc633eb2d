import * as t from 'io-ts';
import { envelope, Id, NonEmptyString } from './common';

/**
 * The merge `merge` (its event id) was a mistake: from the moment the ledger knows this, the two ids are two people
 * again and every fold is exactly what it was before the merge.
 */
export const PlayersUnmerged = t.type({
  type: t.literal('PlayersUnmerged'),
  version: t.literal(1),
  ...envelope,
  survivor: Id,
  absorbed: Id,
  merge: NonEmptyString,
  reason: NonEmptyString,
});
export type PlayersUnmerged = t.TypeOf<typeof PlayersUnmerged>;
