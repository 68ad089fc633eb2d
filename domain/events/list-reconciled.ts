import * as t from 'io-ts';
import { envelope, Id, NonEmptyString } from './common';

/**
 * An officer makes the ledger's list agree with a list file (a `ratingliste.pre` the federation published after
 * events the ledger never saw, or a hand edit). Only what differed is pinned: per player the record fields where the
 * file and the ledger disagreed (the whole record for a player the ledger's list did not hold). Every other field
 * stays a fold of the facts, so a correction dated before the reconcile still flows through it.
 * `order` is the file's list (player ids in its order): the program sorts stably, so the order of equal ratings is
 * part of the list; players of the ledger's list that the file does not name leave the list.
 */
export const ListReconciled = t.type({
  type: t.literal('ListReconciled'),
  version: t.literal(1),
  ...envelope,
  ruleSet: NonEmptyString,
  source: NonEmptyString,
  reason: NonEmptyString,
  order: t.array(Id),
  pins: t.array(t.type({ playerId: Id, fields: t.UnknownRecord })),
});
export type ListReconciled = t.TypeOf<typeof ListReconciled>;
