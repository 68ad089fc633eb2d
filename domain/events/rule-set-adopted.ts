import * as t from 'io-ts';
import { envelope, NonEmptyString } from './common';

/** From its valid date on, tournaments are rated under this rule set (unless a tournament names its own system). */
export const RuleSetAdopted = t.intersection([
  t.type({
    type: t.literal('RuleSetAdopted'),
    version: t.literal(1),
    ...envelope,
    ruleSetId: NonEmptyString,
    ruleSetVersion: NonEmptyString,
    options: t.UnknownRecord,
  }),
  t.partial({ reason: NonEmptyString }),
]);
export type RuleSetAdopted = t.TypeOf<typeof RuleSetAdopted>;
