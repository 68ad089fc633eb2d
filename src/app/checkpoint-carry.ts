/**
 * After a write that restored the whole FESA checkpoint for its comparison (a back-dated fact: checkpoint.ts
 * `projectionForComparison`) and appended its facts: the checkpoint saved again, with the list and careers models, so
 * that the writes at the head after it are restored by player (head-projection.ts) instead of paying the whole restore
 * too — the projection the comparison folded to the head with the write's facts (`saveCompared`), else caught up from
 * the checkpoint it was restored from (`carryCheckpointForward`).
 */
import type { DomainEvent, LoggedEvent } from '../../domain/events';
import { AS_ADOPTED } from '../../projections/fesa/history';
import { CAREER_MODEL_FORMAT } from './career-model';
import { hashAt } from './chain';
import { resumeProjection, saveCheckpoint, wholeRestores, type ComparedProjection } from './checkpoint';
import { readFacts } from './event-log';
import { LIST_MODEL_FORMAT } from './list-model';
import type { CheckpointStorage } from './ports/checkpoint-storage';
import type { EventStore } from './ports/event-store';

/**
 * After a write whose comparison restored `compared` (savable: every game, the models' journals) and folded its facts
 * `decided` into it (the "after" side of its consequences), appended as the log's last facts up to `appendedAt`: that
 * projection saved as the checkpoint, with the list and careers models, instead of restoring the whole checkpoint a
 * second time to fold the same facts again (`carryCheckpointForward`). Only where it is the log's: the facts appended
 * are the decided ones at the positions the comparison gave them (nobody wrote between its read and the append), and
 * the models saved are still those it was restored from (compare-and-set from `wholeFrom`; the models' save refuses a
 * base moved meanwhile). False when nothing was saved: the caller then carries the checkpoint forward, or not.
 */
export const saveCompared = async (store: EventStore, storage: CheckpointStorage, compared: ComparedProjection, decided: readonly DomainEvent[], appendedAt: number): Promise<boolean> => {
  const { projection, wholeFrom, savable } = compared;
  if (savable === undefined || wholeFrom === undefined || compared.gamesFrom !== 0 || projection.position !== appendedAt) return false;
  const appended: LoggedEvent[] = [];
  for await (const batch of readFacts(store, { fromPosition: appendedAt - decided.length, toPosition: appendedAt })) appended.push(...batch);
  if (appended.length !== decided.length || appended.some((f, i) => f.event.eventId !== decided[i]!.eventId || f.globalPosition !== appendedAt - decided.length + i + 1)) return false;
  const [modelAt, careersAt] = await Promise.all([storage.listModelPosition(savable.ruleSet, LIST_MODEL_FORMAT), storage.careerModelPosition(savable.ruleSet, CAREER_MODEL_FORMAT)]);
  if (modelAt !== wholeFrom || careersAt !== wholeFrom) return false;
  // the runs were the comparison's: not saved, not held through the save
  projection.dropRuns();
  await saveCheckpoint(storage, projection, await hashAt(store, appendedAt), savable);
  wholeRestores.carried++;
  wholeRestores.savedCompared++;
  return true;
};

/**
 * After a write that restored the whole checkpoint saved at `loadedAt` (a fact at or before the list's last item was
 * recorded since it, or is this write's) and appended its facts: the checkpoint and the FESA list and careers models
 * caught up to the log and saved, as a reader's catch-up saves them, so that the next write at the head is restored by
 * player again instead of paying the whole restore too. Compare-and-set from `loadedAt`: where another process saved
 * since (its save stands) nothing is saved, and the models' save itself refuses a base moved meanwhile; the catch-up
 * reads the log, so what is saved is never ahead of it nor of another log (its hash at the position is saved with it).
 * Call it only after an append (a refused or failed write saves nothing). False when nothing was saved.
 */
export const carryCheckpointForward = async (store: EventStore, storage: CheckpointStorage, loadedAt: number, ruleSet: string = AS_ADOPTED): Promise<boolean> => {
  const [modelAt, careersAt] = await Promise.all([storage.listModelPosition(ruleSet, LIST_MODEL_FORMAT), storage.careerModelPosition(ruleSet, CAREER_MODEL_FORMAT)]);
  if (modelAt !== loadedAt || careersAt !== loadedAt) return false;
  const { checkpointPosition } = await resumeProjection(store, storage, { ruleSet });
  // the checkpoint found was not the one loaded (dropped, saved over meanwhile, of another log): folded from the
  // start, which is the rebuild's cost, not this write's — it was saved all the same, by the fold
  if (checkpointPosition !== loadedAt) return false;
  wholeRestores.carried++;
  return true;
};
