import * as t from 'io-ts';
import { envelope, Id, NonEmptyString } from './common';

/** An officer rejected a pending submission: nothing of its files is recorded; the organiser reads the reason. */
export const SubmissionRejected = t.type({
  type: t.literal('SubmissionRejected'),
  version: t.literal(1),
  ...envelope,
  submissionId: Id,
  reason: NonEmptyString,
});
export type SubmissionRejected = t.TypeOf<typeof SubmissionRejected>;
