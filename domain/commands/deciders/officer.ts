import type { EventOf } from '../../events';
import type { Decided } from '../decision';
import { decided, nothing, reject } from '../decision';
import type { LedgerState } from '../state';

/** Whether `officer` is the only admin in office: without one, nobody could appoint or revoke officers over HTTP. */
const lastAdmin = (officer: string, state: LedgerState): boolean =>
  state.officers.get(officer)?.role === 'admin' && ![...state.officers].some(([other, { role }]) => other !== officer && role === 'admin');

/** Appointing an officer to the role they already hold changes nothing; any other role is a new appointment. */
export const appointOfficer = (event: EventOf<'OfficerAppointed'>, state: LedgerState): Decided => {
  if (state.officers.get(event.officer)?.role === event.role) return nothing(event);
  if (lastAdmin(event.officer, state)) return reject(`${event.officer} is the last admin and cannot become ${event.role === 'officer' ? 'an officer' : event.role === 'auditor' ? 'an auditor' : 'an organiser'}; appoint another admin first (ledger officer add --name NAME --role admin)`);
  return decided(event);
};

export const revokeOfficer = (event: EventOf<'OfficerRevoked'>, state: LedgerState): Decided => {
  const officer = state.officers.get(event.officer);
  if (!officer) return reject(`cannot revoke unknown officer "${event.officer}"; the officers are listed by ledger officer list`);
  if (officer.role === undefined) return nothing(event);
  if (lastAdmin(event.officer, state)) return reject(`cannot revoke ${event.officer}, the last admin; appoint another admin first (ledger officer add --name NAME --role admin)`);
  return decided(event);
};
