import * as t from 'io-ts';
import { envelope, Id, NonEmptyString } from './common';

/**
 * What a signed-in officer may do, each role including the ones before it: an organiser submits tournament results
 * and reads his own submissions (nothing else beyond what the public reads), an auditor also reads the raw log and
 * folds as known at a past moment, an officer also records facts, an admin also appoints and revokes officers.
 */
export const OFFICER_ROLES = ['organiser', 'auditor', 'officer', 'admin'] as const;
export type OfficerRole = (typeof OFFICER_ROLES)[number];
export const OfficerRoleC = t.keyof({ organiser: null, auditor: null, officer: null, admin: null }, 'OfficerRole');

/**
 * `officer` holds `role` from this event on (a later appointment of the same officer changes the role). The actor is
 * whoever appointed them, so an auditor can say who had which right at any time and who gave it. The officer's
 * sign-in secret is never a fact: only its salted hash is kept, beside the log (credentials table).
 */
export const OfficerAppointed = t.intersection([
  t.type({
    type: t.literal('OfficerAppointed'),
    version: t.literal(1),
    ...envelope,
    officer: Id,
    role: OfficerRoleC,
  }),
  t.partial({ reason: NonEmptyString }),
]);
export type OfficerAppointed = t.TypeOf<typeof OfficerAppointed>;
