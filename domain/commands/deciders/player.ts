import { correctedRegistration } from '../state';
import type { EventOf } from '../../events';
import type { Decided } from '../decision';
import { decided, nothing, playerName, reject, sameContent } from '../decision';
import type { LedgerState } from '../state';

/** A player id names one person for ever: the same registration again is a no-op, other details are refused. */
export const registerPlayer = (event: EventOf<'PlayerRegistered'>, state: LedgerState): Decided => {
  const existing = state.players.get(event.playerId);
  if (!existing) return decided(event);
  return sameContent(existing.registration, event, ['eventId', 'actor'])
    ? nothing(event)
    : reject(`player "${event.playerId}" is already registered as ${playerName(state, event.playerId)} with other details; player ids are never reused`);
};

/**
 * A correction must change something, and a name may not become another player's name (FESA lists know players by
 * their names).
 */
export const correctPlayerRegistration = (event: EventOf<'PlayerRegistrationCorrected'>, state: LedgerState): Decided => {
  const player = state.players.get(event.playerId);
  if (!player) return reject(`cannot correct unknown player "${event.playerId}"; register the player first (ledger player add)`);
  const before = player.current ?? player.registration;
  const after = correctedRegistration(before, event);
  if (sameContent(before, after)) return reject(`the correction of ${playerName(state, event.playerId)} changes nothing; give the fields that are wrong`);
  if (after.familyName !== before.familyName || after.givenName !== before.givenName) {
    for (const [id, other] of state.players) {
      const r = other.current ?? other.registration;
      if (id !== event.playerId && r.familyName === after.familyName && r.givenName === after.givenName) {
        return reject(`${playerName(state, id)} already has the name ${after.familyName}${after.givenName ? ` ${after.givenName}` : ''}; if they are the same person, that is a merge, not a rename`);
      }
    }
  }
  return decided(event);
};

/** One prior grade per source (NSR, JSA, …); a different grade from the same source is a correction, not a declaration. */
export const declarePriorGrade = (event: EventOf<'PriorGradeDeclared'>, state: LedgerState): Decided => {
  const player = state.players.get(event.playerId);
  if (!player) return reject(`unknown player "${event.playerId}"; register the player first (ledger player add)`);
  const before = player.priorGrades.get(event.source);
  if (before === undefined) return decided(event);
  return before === event.grade
    ? nothing(event)
    : reject(`${playerName(state, event.playerId)} already declared ${before} from ${event.source}; a different ${event.source} grade needs a correction, not a second declaration`);
};

export const importOpeningBalance = (event: EventOf<'OpeningBalanceImported'>, state: LedgerState): Decided =>
  state.players.has(event.playerId) ? decided(event) : reject(`opening balance for unknown player "${event.playerId}"; register the player first`);

export const awardGrade = (event: EventOf<'GradeAwarded'>, state: LedgerState): Decided => {
  const player = state.players.get(event.playerId);
  if (!player) return reject(`cannot award ${event.grade} to unknown player "${event.playerId}"`);
  return player.awardedGrades.has(`${event.ruleSet}:${event.grade}`) ? nothing(event) : decided(event);
};
