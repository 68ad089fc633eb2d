import * as t from 'io-ts';
import { envelope, Id, Int, IsoDate, NonEmptyString } from './common';

/**
 * An officer corrects a player's registration: a misspelt name, a name changed since (a rename, as FESA names
 * change), country, club, birth year, or the registration date. Identity facts hold for the player's whole record:
 * every list, history and explanation shows the corrected identity, whatever its date; the original registration
 * stays in the log. Only the fields given change.
 */
export const PlayerRegistrationCorrected = t.intersection([
  t.type({
    type: t.literal('PlayerRegistrationCorrected'),
    version: t.literal(1),
    ...envelope,
    playerId: Id,
    reason: NonEmptyString,
  }),
  t.partial({ familyName: NonEmptyString, givenName: t.string, country: t.string, club: t.string, birthYear: Int, registeredOn: IsoDate }),
]);
export type PlayerRegistrationCorrected = t.TypeOf<typeof PlayerRegistrationCorrected>;
