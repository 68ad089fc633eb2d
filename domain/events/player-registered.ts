import * as t from 'io-ts';
import { envelope, Id, Int, NonEmptyString } from './common';

/** Where a player is listed (FESA keeps one entry per list: E = European, A = American). */
export const Home = t.intersection([
  t.type({
    list: t.union([t.keyof({ E: null, A: null }), t.null]),
    nationality: t.union([t.string, t.null]),
    residence: t.union([t.string, t.null]),
  }),
  t.partial({ lastPlayed: t.union([t.string, t.null]) }),
]);
export type Home = t.TypeOf<typeof Home>;

export const PlayerRegistered = t.intersection([
  t.type({
    type: t.literal('PlayerRegistered'),
    version: t.literal(1),
    ...envelope,
    playerId: Id,
    familyName: NonEmptyString,
    givenName: t.string,
    country: t.string,
  }),
  t.partial({
    club: t.string,
    birthYear: Int,
    /** FESA list memberships as printed in the rating list; defaults to one European entry for `country`. */
    homes: t.array(Home),
  }),
]);
export type PlayerRegistered = t.TypeOf<typeof PlayerRegistered>;
