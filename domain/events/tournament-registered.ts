import * as t from 'io-ts';
import { envelope, Id, IsoDate, NonEmptyString, TimeControl } from './common';

export const TournamentRegistered = t.intersection([
  t.type({
    type: t.literal('TournamentRegistered'),
    version: t.literal(1),
    ...envelope,
    tournamentId: Id,
    name: NonEmptyString,
    place: t.string,
    startDate: IsoDate,
    endDate: IsoDate,
    ratingSystem: NonEmptyString,
    /** Decided before the tournament starts (seed 000 §6). */
    rated: t.boolean,
    timeControl: TimeControl,
  }),
  t.partial({
    /**
     * Entrants in seating order (the order of the player lines of a FESA event file). FESA rates players in this
     * order, each seeing the earlier players' new values, so it is a fact of the tournament, not a display detail.
     */
    entrants: t.array(Id),
    /** Players giving a simultaneous display (`&` in a FESA event file): their games are rated for the opponents only. */
    simulGivers: t.array(Id),
    /** MacMahon start scores by player (display only). */
    macMahon: t.record(t.string, t.string),
    /** The chief arbiter as a report names him (FIDE TRF record 102), and his deputies (records 112). */
    chiefArbiter: NonEmptyString,
    deputyArbiters: t.array(NonEmptyString),
    /** Go: the table's header as the EGD keeps it: class (`; CL[A]`), handicap rule (`; HA[h9]`), komi (`; KM[6.5]`). */
    tournamentClass: NonEmptyString,
    handicapRule: NonEmptyString,
    komi: NonEmptyString,
    /**
     * Where it is played, for the systems whose rules differ by region (pan-atlantic: time control and handicap
     * rules in Europe). A registration without it is America's, as every tournament was before regions were kept.
     */
    region: t.union([t.literal('america'), t.literal('europe')]),
  }),
]);
export type TournamentRegistered = t.TypeOf<typeof TournamentRegistered>;
