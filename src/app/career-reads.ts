import { isGenericRuleSet } from '../../projections/generic/systems';
import { tournamentStream } from '../../domain/events';
import { ratedIndexNow } from './rated-tournament';
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
): Promise<A | undefined> => {
  const first = await read(store, storage);
  if (first !== 'behind') return first;
  const shown = progress?.();
  await resumeProjection(store, storage, { ruleSet, ...(shown ? { onProgress: shown.stage } : {}) });
  shown?.done();
  const again = await read(store, storage);
  return again === 'behind' ? undefined : again;
};

/**
 * Whether `playerId` may have a game in a tournament registered under a generic rule set (TRF and EGD files: fide,
 * uscf-k, gobase-go …), which `history` shows instead of a FESA career without rated tournaments. Errs on the side of
 * yes (any game naming him, withdrawn or corrected, in any such tournament): only a no lets the caller print the
 * careers model's FESA career as the fold would. The tournaments come from the rated-tournaments index (saved next to
 * the log; caught up by event type), then only their streams are read: on a federation's ledger a few TRF and EGD
 * imports, not the million FESA games.
 */
export const mayHaveGenericGames = async (store: EventStore, storage: CheckpointStorage | undefined, playerId: string): Promise<boolean> => {
  const head = await store.headPosition();
  const index = await ratedIndexNow(store, storage, head);
  for (const tournamentId of index.everUnder(isGenericRuleSet, head)) {
    for (const { data } of await store.readStream(tournamentStream(tournamentId))) {
      const e = data as { first?: unknown; second?: unknown };
      if (e.first === playerId || e.second === playerId) return true;
    }
  }
  return false;
};
