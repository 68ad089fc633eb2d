import * as t from 'io-ts';
import { envelope, GradeText, Id, NonEmptyString } from './common';

/** An officer decision, e.g. a promotion ratified by a national federation. */
export const GradeAwarded = t.type({
  type: t.literal('GradeAwarded'),
  version: t.literal(1),
  ...envelope,
  playerId: Id,
  ruleSet: NonEmptyString,
  grade: GradeText,
  reason: NonEmptyString,
});
export type GradeAwarded = t.TypeOf<typeof GradeAwarded>;
