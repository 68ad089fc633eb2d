/**
 * Which facts can change no rating, no grade and no rating list (of any rule set, of any date) by themselves. A write's
 * consequences are none without folding the log twice (consequences.ts), and a server keeps its list answers across
 * such facts (list-changes.ts) instead of making every list again after each registration or game of an open
 * tournament.
 */
import type { DomainEvent } from '../../domain/events';

/**
 * Facts that never move a rating or a list by themselves: nobody new has played, nothing rated has changed, and a
 * registration renames nobody on a list (the later namesake is the one distinguished, projections/fesa/list-names.ts).
 */
const NEUTRAL: ReadonlySet<DomainEvent['type']> = new Set(['PlayerRegistered', 'TournamentRegistered', 'RatingListPublished', 'OfficerAppointed', 'OfficerRevoked', 'SubmissionReceived', 'SubmissionApproved', 'SubmissionRejected']);

/** The facts about one game: an open tournament's rate nothing until it is closed. */
const OF_A_GAME: ReadonlySet<DomainEvent['type']> = new Set(['GameReported', 'ResultCorrected', 'GameWithdrawn']);

/**
 * Whether `event` can change no rating and no list, `closed` saying whether its tournament was closed before it (a
 * game's fact never closes its tournament; a late result into a closed one re-rates it).
 */
export const changesNoRating = (event: DomainEvent, closed: (tournamentId: string) => boolean): boolean =>
  NEUTRAL.has(event.type) || (OF_A_GAME.has(event.type) && !closed((event as { readonly tournamentId: string }).tournamentId));
