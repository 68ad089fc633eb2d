import type { EventOf } from '../../events';
import type { Decided } from '../decision';
import { decided, nothing, reject } from '../decision';
import type { LedgerState } from '../state';

/** Appointing an officer to the role they already hold changes nothing; any other role is a new appointment. */
export const appointOfficer = (event: EventOf<'OfficerAppointed'>, state: LedgerState): Decided =>
  state.officers.get(event.officer)?.role === event.role ? nothing(event) : decided(event);

export const revokeOfficer = (event: EventOf<'OfficerRevoked'>, state: LedgerState): Decided => {
  const officer = state.officers.get(event.officer);
  if (!officer) return reject(`cannot revoke unknown officer "${event.officer}"; the officers are listed by ledger officer list`);
  return officer.role === undefined ? nothing(event) : decided(event);
};
