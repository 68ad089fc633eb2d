import * as t from 'io-ts';
import { envelope, Id, NonEmptyString } from './common';

/**
 * An officer approved a pending submission: recorded in the same command as the facts its files import, so the log
 * never holds one without the other. `actor` is the officer.
 */
export const SubmissionApproved = t.type({
  type: t.literal('SubmissionApproved'),
  version: t.literal(1),
  ...envelope,
  submissionId: Id,
  reason: NonEmptyString,
});
export type SubmissionApproved = t.TypeOf<typeof SubmissionApproved>;
