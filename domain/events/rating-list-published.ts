import * as t from 'io-ts';
import { envelope, Id, IsoDate, NonEmptyString } from './common';

/**
 * What a federation published: the list for `asOf` under `ruleSet`, in `format`, whose bytes hash to `contentHash`
 * (sha256, hex). The list is reproduced by folding the log up to this event's own recorded position.
 */
export const RatingListPublished = t.intersection([
  t.type({
    type: t.literal('RatingListPublished'),
    version: t.literal(1),
    ...envelope,
    listId: Id,
    asOf: IsoDate,
    ruleSet: NonEmptyString,
    format: NonEmptyString,
    contentHash: t.string,
  }),
  t.partial({ reason: t.string, activeYears: t.number }),
]);
export type RatingListPublished = t.TypeOf<typeof RatingListPublished>;
