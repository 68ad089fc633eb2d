/**
 * The two diffs the server answers (two rule sets side by side, what changed since a published list) as read from
 * the saved list models, in plain values: the server's worker thread computes them (model-catch-up.ts), catching the
 * models up on the way, and posts them back, so neither the catch-up nor the reading holds the thread that answers.
 * Without a worker the server computes them on its own thread with the same functions.
 */
import { diffListModels, type FoldDiff } from '../../../projections/fesa/diff';
import type { FesaProjection } from '../../../projections/fesa/incremental';
import { careerNames } from '../../app/career-model';
import { publishedDiffFromModel } from '../../app/list-known-at';
import type { CheckpointStorage } from '../../app/ports/checkpoint-storage';
import type { EventStore } from '../../app/ports/event-store';
import { listModelsSideBySide } from '../../app/rule-set-diff';
import { LIST_PRINTER } from '../formats/list-printer';

/** A diff with what to call its sides and the name of every player it names (ids without a name stand for themselves). */
export interface PlainDiff {
  readonly labels: readonly [string, string];
  readonly diff: FoldDiff;
  readonly names: readonly (readonly [string, string])[];
  /** The log position both sides reflect. */
  readonly position: number;
}

export const named = (diff: FoldDiff, nameOf: (playerId: string) => string | undefined): PlainDiff['names'] => {
  const ids = new Set([...diff.runs.map((r) => r.playerId), ...diff.list.map((l) => l.playerId)]);
  return [...ids].flatMap((id) => {
    const name = nameOf(id);
    return name === undefined ? [] : [[id, name] as const];
  });
};

export const nameOfPlayer = (names: ReadonlyMap<string, { lastName: string; firstName: string }>) => (playerId: string) => {
  const n = names.get(playerId);
  return n ? `${n.lastName}${n.firstName ? ` ${n.firstName}` : ''}` : undefined;
};

/**
 * Two rule sets compared from their saved list models, each brought up to the head of the log first when a fact
 * that may change the lists was recorded after it; the tournaments' items and the players' names from the list
 * projection at the head (`projectionNow`), whose timeline such models share. Undefined when a model cannot answer
 * (the fold failed under its rule set: the folds then say why); 'busy' when the log kept moving between the reads.
 */
export const ruleSetsFromListModels = async (
  store: EventStore,
  storage: CheckpointStorage,
  projectionNow: () => Promise<FesaProjection>,
  a: string,
  b: string,
  asOf: string,
): Promise<PlainDiff | 'busy' | undefined> => {
  // another process's write between the reads moves the head: read again (a few times at most)
  for (let attempt = 0; attempt < 5; attempt++) {
    const projection = await projectionNow();
    const position = projection.position;
    const [before, after] = await listModelsSideBySide(store, storage, a, b, asOf, position);
    // (a model changed by hand: the folds answer)
    if (before === undefined || after === undefined || before.edited !== undefined || after.edited !== undefined) return undefined;
    // a model ahead of the projection, or a projection moved on meanwhile: the timelines may differ
    if (before.position > position || after.position > position || projection.position !== position) continue;
    const diff = diffListModels(before, after, projection.ratedItems());
    return { labels: [a, b], diff, names: named(diff, nameOfPlayer(projection.names)), position };
  }
  return 'busy';
};

/**
 * What changed since a published list, from the list's read model (the published list known just before its
 * publication, checked by its hash, and the list known now) and the players' names from the careers' model saved
 * with it; undefined when they cannot answer (then the folds do). `position` is the head the list known now reflects.
 */
export const sincePublishedFromListModel = async (store: EventStore, storage: CheckpointStorage, listId: string): Promise<PlainDiff | undefined> => {
  const read = await publishedDiffFromModel(LIST_PRINTER, store, storage, listId);
  if (read === undefined) return undefined;
  const ids = [...new Set([...read.diff.runs.map((r) => r.playerId), ...read.diff.list.map((l) => l.playerId)])];
  const names = await careerNames(storage, { ruleSet: read.ruleSet, ids });
  if (names === undefined || names.position !== read.position) return undefined;
  return { labels: read.labels, diff: read.diff, names: named(read.diff, nameOfPlayer(names.names)), position: read.position };
};
