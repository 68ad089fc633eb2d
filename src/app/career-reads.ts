import { resumeProjection, type CheckpointOptions } from './checkpoint';
import type { CheckpointStorage } from './ports/checkpoint-storage';
import type { EventStore } from './ports/event-store';

/** What a catch-up of the saved projection reports while it runs (the CLI's progress lines). */
export interface CatchUpProgress {
  readonly stage: NonNullable<CheckpointOptions['onProgress']>;
  done(): void;
}

/**
 * `read` from the careers' read model next to the log when it reflects the head of the log, after catching the saved
 * projection up when it is behind (which saves the model again); undefined when there is none to read (EventStoreDB,
 * a fold that fails, nothing saved of what is asked): the caller folds then.
 */
export const readCaughtUp = async <A>(
  store: EventStore,
  storage: CheckpointStorage,
  ruleSet: string,
  read: (store: EventStore, storage: CheckpointStorage) => Promise<A | 'behind' | undefined>,
  progress?: () => CatchUpProgress,
  /** How the catch-up runs (default: here; a server runs it on a worker thread). */
  resume: () => Promise<unknown> = async () => {
    const shown = progress?.();
    await resumeProjection(store, storage, { ruleSet, ...(shown ? { onProgress: shown.stage } : {}) });
    shown?.done();
  },
): Promise<A | undefined> => {
  const first = await read(store, storage);
  if (first !== 'behind') return first;
  await resume();
  const again = await read(store, storage);
  return again === 'behind' ? undefined : again;
};
