import * as t from 'io-ts';
import { envelope, Id, NonEmptyString } from './common';

/** A game reported in error (never played, a duplicate): it leaves every fold; its facts stay in the log. */
export const GameWithdrawn = t.type({
  type: t.literal('GameWithdrawn'),
  version: t.literal(1),
  ...envelope,
  gameId: Id,
  tournamentId: Id,
  reason: NonEmptyString,
});
export type GameWithdrawn = t.TypeOf<typeof GameWithdrawn>;
