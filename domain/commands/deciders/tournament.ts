import type { EventOf } from '../../events';
import type { Decided } from '../decision';
import { decided, differingFields, nothing, playerName, reject, sameContent } from '../decision';
import type { LedgerState } from '../state';

export const registerTournament = (event: EventOf<'TournamentRegistered'>, state: LedgerState): Decided => {
  if (event.endDate < event.startDate) return reject(`tournament "${event.tournamentId}" ends (${event.endDate}) before it starts (${event.startDate})`);
  for (const id of [...(event.entrants ?? []), ...(event.simulGivers ?? [])]) {
    if (!state.players.has(id)) return reject(`tournament "${event.tournamentId}": unknown entrant "${id}"; register the player first`);
  }
  const dup = (event.entrants ?? []).find((id, i, all) => all.indexOf(id) !== i);
  if (dup !== undefined) return reject(`tournament "${event.tournamentId}": ${playerName(state, dup)} is listed twice among the entrants`);
  const existing = state.tournaments.get(event.tournamentId);
  if (!existing) return decided(event);
  if (sameContent(existing.registration, event)) return nothing(event);
  return reject(`tournament "${event.tournamentId}" is already registered with other details (${differingFields(existing.registration, event).join(', ')} differ)`);
};

/** A tournament is rated from its closing date on; closing it again on the same date is a no-op, on another an error. */
export const closeTournament = (event: EventOf<'TournamentClosed'>, state: LedgerState): Decided => {
  const tournament = state.tournaments.get(event.tournamentId);
  if (!tournament) return reject(`cannot close unknown tournament "${event.tournamentId}"`);
  if (tournament.closed) {
    return tournament.closed.validDate === event.validDate
      ? nothing(event)
      : reject(`tournament "${event.tournamentId}" was already closed on ${tournament.closed.validDate}; it cannot be closed twice`);
  }
  if (event.validDate < tournament.registration.startDate) return reject(`tournament "${event.tournamentId}" cannot close on ${event.validDate}, before it starts (${tournament.registration.startDate})`);
  return decided(event);
};
