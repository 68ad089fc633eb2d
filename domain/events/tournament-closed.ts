import * as t from 'io-ts';
import { envelope, Id } from './common';

/** From its valid date on, the tournament is rated. */
export const TournamentClosed = t.type({
  type: t.literal('TournamentClosed'),
  version: t.literal(1),
  ...envelope,
  tournamentId: Id,
});
export type TournamentClosed = t.TypeOf<typeof TournamentClosed>;
