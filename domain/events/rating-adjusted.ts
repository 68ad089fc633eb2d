import * as t from 'io-ts';
import { envelope, Id, NonEmptyString } from './common';

export const AdjustmentTarget = t.union([
  t.type({ kind: t.literal('player'), playerId: Id }),
  /** Every player of the rule set's list matching the filter (e.g. the pan-atlantic drift-correction cohort). */
  t.type({
    kind: t.literal('filter'),
    filter: t.partial({ minRating: t.number, maxRating: t.number, country: t.string, activeSince: t.string, playerIds: t.array(Id) }),
  }),
]);
export type AdjustmentTarget = t.TypeOf<typeof AdjustmentTarget>;

export const AdjustmentChange = t.union([
  t.type({ kind: t.literal('set'), rating: t.number }),
  t.type({ kind: t.literal('shift'), by: t.number }),
]);
export type AdjustmentChange = t.TypeOf<typeof AdjustmentChange>;

/** An officer decision on ratings; always carries a reason. */
export const RatingAdjusted = t.intersection([
  t.type({
    type: t.literal('RatingAdjusted'),
    version: t.literal(1),
    ...envelope,
    adjustmentId: Id,
    ruleSet: NonEmptyString,
    target: AdjustmentTarget,
    change: AdjustmentChange,
    reason: NonEmptyString,
  }),
  t.partial({
    /** The system's own operation, e.g. "drift-correction", "one-time-conversion", "redetermination". */
    operation: t.string,
    /** Operation details (cohort, allowed and applied amounts ...), shown in history and explanations. */
    details: t.UnknownRecord,
  }),
]);
export type RatingAdjusted = t.TypeOf<typeof RatingAdjusted>;
