import * as E from 'fp-ts/Either';
import * as t from 'io-ts';
import { describeDecodeErrors } from '../../domain/errors';
import type { FesaPlayer } from '../../domain/rules/fesa/types';

/**
 * The `fesa` rule set's player state as carried by OpeningBalanceImported: exactly the fields of the program's
 * `#S(PLAYER …)` record, so that a list imported from a file is written back byte for byte. `listIndex` is the
 * record's place in the list it came from: the program sorts stably, so the order of equal ratings is part of
 * the state too.
 */
const Score = t.union([t.literal(0), t.literal(0.5), t.literal(1)]);
const Home = t.type({ list: t.union([t.string, t.null]), nationality: t.union([t.string, t.null]), residens: t.union([t.string, t.null]), last: t.union([t.string, t.null]) });
const RECORD_FIELDS = {
  lastName: t.string,
  firstName: t.string,
  nationalityList: t.array(Home),
  gradeLevel: t.number,
  gradeName: t.string,
  nsrGradeLevel: t.number,
  nsrGradeName: t.string,
  eloNumber: t.number,
  games: t.union([t.number, t.array(t.type({ opponentRating: t.number, score: Score, weight: t.number }))]),
  lastPlayed: t.union([t.string, t.null]),
  lbCount: t.union([t.type({ n: t.number, reachedMp: t.boolean }), t.null]),
  mpCount: t.union([t.number, t.null]),
  bonusCount: t.number,
};
export const FesaPlayerState = t.intersection([t.type(RECORD_FIELDS), t.partial({ listIndex: t.number, extension: t.UnknownRecord })]);
export type FesaPlayerState = t.TypeOf<typeof FesaPlayerState>;

/**
 * Decoded states by the state object (a fact's, immutable): a fold that applies an opening list again (a re-fold, or
 * the list read model folding each balance of an import apart) decodes each balance once and gets the same record
 * object, which the model's re-fold recognises as unchanged at a glance.
 */
const decodedStates = new WeakMap<object, { readonly where: string; readonly decoded: E.Either<string, { player: FesaPlayer; listIndex?: number }> }>();

export const decodeFesaPlayerState = (state: unknown, where: string): E.Either<string, { player: FesaPlayer; listIndex?: number }> => {
  if (typeof state !== 'object' || state === null) return decodeState(state, where);
  const known = decodedStates.get(state);
  if (known !== undefined && known.where === where) return known.decoded;
  const decoded = decodeState(state, where);
  decodedStates.set(state, { where, decoded });
  return decoded;
};

const decodeState = (state: unknown, where: string): E.Either<string, { player: FesaPlayer; listIndex?: number }> => {
  const decoded = FesaPlayerState.decode(state);
  if (E.isLeft(decoded)) return E.left(`${where}: the fesa opening balance is malformed: ${describeDecodeErrors(decoded.left)}`);
  const { listIndex, ...player } = decoded.right;
  return E.right({ player: player, ...(listIndex !== undefined ? { listIndex } : {}) });
};

export const encodeFesaPlayerState = (player: FesaPlayer, listIndex?: number): Record<string, unknown> =>
  JSON.parse(JSON.stringify({ ...player, ...(listIndex !== undefined ? { listIndex } : {}) })) as Record<string, unknown>;

/** Some fields of a record, as a list reconcile pins them (fields of any other name or shape are not part of it). */
const PinnedFields = t.exact(t.partial(RECORD_FIELDS));

/** The record with the pinned fields put in; a pin that is not a set of record fields changes nothing. */
export const withPinnedFields = (record: FesaPlayer, fields: unknown): FesaPlayer => {
  const decoded = PinnedFields.decode(fields);
  return E.isRight(decoded) ? ({ ...record, ...decoded.right }) : record;
};
