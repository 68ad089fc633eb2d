import * as t from 'io-ts';
import { envelope, Id, NonEmptyString } from './common';

/** From this event on, `officer` has no role; their token no longer signs in. */
export const OfficerRevoked = t.intersection([
  t.type({
    type: t.literal('OfficerRevoked'),
    version: t.literal(1),
    ...envelope,
    officer: Id,
  }),
  t.partial({ reason: NonEmptyString }),
]);
export type OfficerRevoked = t.TypeOf<typeof OfficerRevoked>;
