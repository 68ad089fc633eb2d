import type { EventOf } from '../../events';
import type { Decided } from '../decision';
import { decided, nothing, reject } from '../decision';
import type { LedgerState } from '../state';

/** The same files under the same id again are a resubmission (nothing new); other files need a new id. */
export const receiveSubmission = (event: EventOf<'SubmissionReceived'>, state: LedgerState): Decided => {
  const known = state.submissions.get(event.submissionId);
  if (!known) return decided(event);
  if (known.contentHash === event.contentHash && known.submitter === event.actor) return nothing(event);
  return reject(`submission ${event.submissionId} already holds other files (submitted by ${known.submitter} for tournament ${known.tournamentId}); submit the corrected files under a new id`);
};

const unknownSubmission = (id: string): Decided => reject(`there is no submission ${id}; the submissions are listed by ledger submission list`);

/** Only a pending submission can be approved; approving an approved one again changes nothing. */
export const approveSubmission = (event: EventOf<'SubmissionApproved'>, state: LedgerState): Decided => {
  const known = state.submissions.get(event.submissionId);
  if (!known) return unknownSubmission(event.submissionId);
  if (known.status === 'approved') return nothing(event);
  if (known.status === 'rejected') return reject(`submission ${event.submissionId} was rejected and cannot be approved; the organiser can submit the files again`);
  return decided(event);
};

/** Only a pending submission can be rejected; rejecting a rejected one again changes nothing. */
export const rejectSubmission = (event: EventOf<'SubmissionRejected'>, state: LedgerState): Decided => {
  const known = state.submissions.get(event.submissionId);
  if (!known) return unknownSubmission(event.submissionId);
  if (known.status === 'rejected') return nothing(event);
  if (known.status === 'approved') return reject(`submission ${event.submissionId} was approved and its facts are recorded; correct them instead of rejecting it`);
  return decided(event);
};
