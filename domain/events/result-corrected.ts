import * as t from 'io-ts';
import { envelope, Id, NonEmptyString } from './common';
import { GameFacts } from './game-reported';

/** A correction replaces every fact of a reported game; the old facts stay in the log. */
export const ResultCorrected = t.intersection([
  t.type({
    type: t.literal('ResultCorrected'),
    version: t.literal(1),
    ...envelope,
    gameId: Id,
    tournamentId: Id,
    reason: NonEmptyString,
  }),
  GameFacts,
]);
export type ResultCorrected = t.TypeOf<typeof ResultCorrected>;
