/**
 * Two FESA rule sets side by side from their saved read models (`ledger diff --rules A --rules B`): the lists as of
 * a date, every tournament's ratings and the tournaments themselves come from the two list models, so the answer
 * costs the rows read, not a fold of the log under each rule set.
 */
import { diffListModels, listOfModel, type FoldDiff, type ModelListEntry } from '../../projections/fesa/diff';
import { listModelHistory, listModelsUpTo, type CheckpointOptions } from './checkpoint';
import { changedByHand, LIST_MODEL_FORMAT } from './list-model';
import type { CheckedListHistory, CheckpointStorage } from './ports/checkpoint-storage';
import type { EventStore } from './ports/event-store';

export interface RuleSetsDiff {
  readonly diff: FoldDiff;
  /** Each rule set's list as of the date (the grades a promotion table compares). */
  readonly lists: readonly [readonly ModelListEntry[], readonly ModelListEntry[]];
};

/**
 * The diff `diffFolds` gives of the two folds, from the models (each brought up to the head first when a fact since
 * may change a list, telling `onProgress` how far); undefined when a model cannot answer (its fold failed: folding says why). Another process's
 * write between the reads moves the head: read again, a few times at most. With `from` (`rerate --from`), only the
 * rows dated from then on and the lists are read: the runs' changes dated before `from` are not all there (the caller
 * leaves them out), the list's are. With `players` (registered ids, survivors), the answer for them alone
 * (`forPlayers` of the whole), read from the rows of their slots only; `from` is then the caller's to apply.
 */
export const ruleSetsFromModels = async (store: EventStore, storage: CheckpointStorage, a: string, b: string, asOf: string, onProgress?: CheckpointOptions['onProgress'], from?: string, players?: readonly string[], onEdited?: (why: string) => void): Promise<RuleSetsDiff | undefined> => {
  for (let attempt = 0; attempt < 5; attempt++) {
    const head = await store.headPosition();
    const [before, after] =
      players !== undefined ? await playersOf(store, storage, a, b, asOf, head, onProgress, players)
      : from === undefined ? await listModelsSideBySide(store, storage, a, b, asOf, head, onProgress)
      : await fromOn(store, storage, a, b, asOf, head, onProgress, from);
    if (before === undefined || after === undefined) return undefined;
    if (before.position > head || after.position > head) continue;
    if (editedModel([a, before], [b, after], onEdited)) return undefined;
    const diff = diffListModels(before, after, before.rated);
    return players === undefined ? { diff, lists: [listOfModel(before), listOfModel(after)] } : forPlayers({ diff, lists: [listOfModel(before), listOfModel(after)] }, players);
  }
  return undefined;
};

/**
 * Whether either model read was changed by hand (`CheckedListHistory.edited`), telling `onEdited` why (the caller then
 * folds from the log, as `readListModel`'s do).
 */
const editedModel = (a: readonly [string, CheckedListHistory], b: readonly [string, CheckedListHistory], onEdited?: (why: string) => void): boolean => {
  const [ruleSet, read] = a[1].edited !== undefined ? a : b;
  if (read.edited === undefined) return false;
  onEdited?.(changedByHand(ruleSet, read.edited));
  return true;
};

/**
 * The answer for `players` alone (`--player`): the re-rated ratings, list changes and list entries that name them —
 * what the whole answer holds of them, in its order.
 */
export const forPlayers = (whole: RuleSetsDiff, players: readonly string[]): RuleSetsDiff => {
  const named = new Set(players);
  const [l0, l1] = whole.lists;
  return {
    diff: foldDiffFor(whole.diff, named),
    lists: [l0.filter((e) => named.has(e.playerId)), l1.filter((e) => named.has(e.playerId))],
  };
};

/** A listed player as a comparison shows him: by the id a diff names him by, his rating and grade. */
export interface ComparedListing {
  readonly playerId: string;
  readonly rating: number;
  readonly grade: string;
}

/** A named player's row on each of the two lists compared (null: not on it), whether they differ or not. */
export interface PlayerListRows {
  readonly playerId: string;
  readonly rows: readonly [{ readonly rating: number; readonly grade: string } | null, { readonly rating: number; readonly grade: string } | null];
}

/** Each of `players`' rows on the two lists (`--player`: what the other rules would make of him, even where nothing differs). */
export const playerListRows = (players: readonly string[], lists: readonly [readonly ComparedListing[], readonly ComparedListing[]]): PlayerListRows[] => {
  const on = (list: readonly ComparedListing[], id: string) => {
    const e = list.find((x) => x.playerId === id);
    return e === undefined ? null : { rating: e.rating, grade: e.grade };
  };
  return players.map((id) => ({ playerId: id, rows: [on(lists[0], id), on(lists[1], id)] }));
};

/** A diff's re-rated ratings and list changes of the players `named` alone, in its order. */
export const foldDiffFor = (diff: FoldDiff, named: ReadonlySet<string>): FoldDiff => ({ runs: diff.runs.filter((r) => named.has(r.playerId)), list: diff.list.filter((c) => named.has(c.playerId)) });

/** Each model's rows of the slots `players` own (brought up to `head` first): a few index ranges, not the lists. */
const playersOf = async (store: EventStore, storage: CheckpointStorage, a: string, b: string, asOf: string, head: number, onProgress: CheckpointOptions['onProgress'], players: readonly string[]) => {
  await listModelsUpTo(store, storage, [a, b], head, onProgress);
  const read = (ruleSet: string) => storage.readListHistory({ ruleSet, format: LIST_MODEL_FORMAT, asOf, players });
  const before = await read(a);
  return [before, before && (await read(b))] as const;
};

/** Each model from `from` on (`listModelHistory`), the second read when the first could be. */
const fromOn = async (store: EventStore, storage: CheckpointStorage, a: string, b: string, asOf: string, head: number, onProgress: CheckpointOptions['onProgress'], from: string) => {
  const before = await listModelHistory(store, storage, a, asOf, head, onProgress, from);
  return [before, before && (await listModelHistory(store, storage, b, asOf, head, onProgress, from))] as const;
};

/**
 * Both models brought up to `head` first (as `listModelHistory` does), then read side by side in one read: the rows
 * both hold alike, which the diff reports nothing of, are not read back (at a million games nearly every row of both).
 */
export const listModelsSideBySide = async (store: EventStore, storage: CheckpointStorage, a: string, b: string, asOf: string, head: number, onProgress?: CheckpointOptions['onProgress']): Promise<readonly [CheckedListHistory?, CheckedListHistory?]> => {
  await listModelsUpTo(store, storage, [a, b], head, onProgress);
  return (await storage.readListComparison({ ruleSets: [a, b], format: LIST_MODEL_FORMAT, asOf })) ?? [];
};
