/**
 * Two FESA rule sets side by side from their saved read models (`ledger diff --rules A --rules B`): the lists as of
 * a date, every tournament's ratings and the tournaments themselves come from the two list models, so the answer
 * costs the rows read, not a fold of the log under each rule set.
 */
import { diffListModels, listOfModel, type FoldDiff, type ModelListEntry } from '../../projections/fesa/diff';
import { listModelHistory, listModelsUpTo, type CheckpointOptions } from './checkpoint';
import { LIST_MODEL_FORMAT } from './list-model';
import type { ListModelHistory } from '../../projections/fesa/list-model';
import type { CheckpointStorage } from './ports/checkpoint-storage';
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
 * leaves them out), the list's are.
 */
export const ruleSetsFromModels = async (store: EventStore, storage: CheckpointStorage, a: string, b: string, asOf: string, onProgress?: CheckpointOptions['onProgress'], from?: string): Promise<RuleSetsDiff | undefined> => {
  for (let attempt = 0; attempt < 5; attempt++) {
    const head = await store.headPosition();
    const [before, after] = from === undefined ? await listModelsSideBySide(store, storage, a, b, asOf, head, onProgress) : await fromOn(store, storage, a, b, asOf, head, onProgress, from);
    if (before === undefined || after === undefined) return undefined;
    if (before.position > head || after.position > head) continue;
    return { diff: diffListModels(before, after, before.rated), lists: [listOfModel(before), listOfModel(after)] };
  }
  return undefined;
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
export const listModelsSideBySide = async (store: EventStore, storage: CheckpointStorage, a: string, b: string, asOf: string, head: number, onProgress?: CheckpointOptions['onProgress']): Promise<readonly [ListModelHistory?, ListModelHistory?]> => {
  await listModelsUpTo(store, storage, [a, b], head, onProgress);
  return (await storage.readListComparison({ ruleSets: [a, b], format: LIST_MODEL_FORMAT, asOf })) ?? [];
};
