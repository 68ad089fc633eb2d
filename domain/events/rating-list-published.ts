import * as t from 'io-ts';
import { envelope, Id, IsoDate, NonEmptyString } from './common';

/**
 * What a federation published: the list for `asOf` under `ruleSet`, in `format`, whose bytes hash to `contentHash`
 * (sha256, hex). `basedOn` is the id of the last event in the log the ledger wrote the list from (null: an empty
 * log): the list is reproduced by folding the log up to that event, so a fact another writer recorded between the
 * ledger writing the list and recording its publication is never counted in it. A publication without `basedOn`
 * (recorded before it existed) is reproduced from the log up to just before its own position. `entry` is how players
 * new to a non-FESA rule set entered the list (`system`, their declared `grade`, or a starting `{rating}`); a
 * publication without it used the system's own rule. FESA lists have their own newcomer rule and never carry it.
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
  t.partial({
    reason: t.string, activeYears: t.number, basedOn: t.union([NonEmptyString, t.null]),
    entry: t.union([t.literal('system'), t.literal('grade'), t.type({ rating: t.number })]),
  }),
]);
export type RatingListPublished = t.TypeOf<typeof RatingListPublished>;
