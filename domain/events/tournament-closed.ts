import * as t from 'io-ts';
import { envelope, Id, Int } from './common';

/** From its valid date on, the tournament is rated. */
export const TournamentClosed = t.intersection([
  t.type({
    type: t.literal('TournamentClosed'),
    version: t.literal(1),
    ...envelope,
    tournamentId: Id,
  }),
  t.partial({
    /**
     * The final standings as the tournament's report gives them (FIDE TRF columns 86-89: "exact definition, ties
     * allowed"), by player: its tie-breaks decided them, which the ledger does not keep.
     */
    finalRanks: t.record(Id, Int),
  }),
]);
export type TournamentClosed = t.TypeOf<typeof TournamentClosed>;
