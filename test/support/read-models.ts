/** The life of a random ledger that a read model next to the log is checked through (test/app/*-model.test.ts). */
import fc from 'fast-check';
import type { GameReported, LoggedEvent } from '../../domain/events';
import { rebuildProjection, resumeProjection } from '../../src/app/checkpoint';
import type { CheckpointStorage } from '../../src/app/ports/checkpoint-storage';
import type { EventStore } from '../../src/app/ports/event-store';
import { inBatches, ledgers, resultCorrection } from './gen';
import type { Place } from './places';
import { record } from './places';

/** When a read model is checked: after a batch caught up, after a late correction caught up, after a rebuild. */
export type Moment = 'batch' | 'corrected' | 'rebuilt';

/**
 * Random ledgers (late tournaments, corrections, withdrawals, officer changes, merges and unmerges) recorded batch by
 * batch, the projection caught up (checkpoints every 1 to 3 tournaments) and `check`ed after every batch; then a late
 * correction of a random game and a rebuild from the log, each checked. Returns how many ledgers merged players.
 */
export const throughRandomLedgers = async (open: () => Promise<Place>, numRuns: number, check: (store: EventStore, checkpoints: CheckpointStorage, moment: Moment, pick: number) => Promise<void>): Promise<number> => {
  let merged = 0;
  await fc.assert(
    fc.asyncProperty(ledgers(8, 6), fc.integer({ min: 1, max: 3 }), fc.nat(), async ({ facts, batches }, every, pick) => {
      const { store, checkpoints, close } = await open();
      try {
        for (const batch of inBatches(facts, batches)) {
          await record(store, batch);
          await resumeProjection(store, checkpoints, { checkpointEvery: every });
          await check(store, checkpoints, 'batch', pick);
        }
        if (facts.some((f) => f.event.type === 'PlayersMerged')) merged++;
        // a late correction of a random game: the model replaces its rows from the tournament's date on
        const games = facts.filter((f): f is LoggedEvent & { event: GameReported } => f.event.type === 'GameReported' && f.event.second !== null);
        const game = games[pick % Math.max(1, games.length)];
        if (game) {
          await record(store, [resultCorrection(game.event, facts.length + 1, 'late-fix')]);
          await resumeProjection(store, checkpoints);
        }
        await check(store, checkpoints, 'corrected', pick);
        // a rebuild from the log saves a model that answers the same
        await rebuildProjection(store, checkpoints);
        await check(store, checkpoints, 'rebuilt', pick);
      } finally {
        await close();
      }
    }),
    // the seed pins ledgers the FESA engine finishes (see incremental.test.ts)
    { numRuns, seed: 20261124 },
  );
  return merged;
};
