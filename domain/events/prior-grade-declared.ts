import * as t from 'io-ts';
import { envelope, GradeText, Id, NonEmptyString } from './common';

/** A grade the player brings from elsewhere (e.g. NSR in Japan); FESA turns it into two synthetic games. */
export const PriorGradeDeclared = t.type({
  type: t.literal('PriorGradeDeclared'),
  version: t.literal(1),
  ...envelope,
  playerId: Id,
  grade: GradeText,
  source: NonEmptyString,
});
export type PriorGradeDeclared = t.TypeOf<typeof PriorGradeDeclared>;
