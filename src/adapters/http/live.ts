import { FesaProjection } from '../../../projections/fesa/incremental';
import { readFacts } from '../../app/event-log';
import { resumeProjection } from '../../app/checkpoint';
import type { CheckpointStorage } from '../store/checkpoint-storage';
import type { EventStore } from '../../app/ports/event-store';

/**
 * The FESA projections a long-running server keeps in memory, one per rule set and kind (lists only, or with the
 * per-tournament reports careers and explanations read). Each request brings its projection up to the head of the
 * log first: only the events recorded since the last request are read, and a late or corrected result re-folds
 * from the checkpoint before it, as in the CLI. The list projection starts from the checkpoint the CLI saves next to
 * the log (and saves it again when it read anything new), not from the start of the log.
 */
export class LiveProjections {
  private readonly projections = new Map<string, FesaProjection>();
  /** Catch-ups run one at a time: two requests must not feed the same events twice. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly store: EventStore,
    /** Where the list projection's checkpoint is kept next to the log (absent: folded from the start). */
    private readonly checkpoints?: CheckpointStorage,
  ) {}

  caughtUp(ruleSet: string, runs: 'none' | 'reports'): Promise<FesaProjection> {
    const run = this.queue.then(async () => {
      const key = `${ruleSet}/${runs}`;
      let projection = this.projections.get(key);
      if (!projection) {
        if (runs === 'none' && this.checkpoints !== undefined) {
          projection = (await resumeProjection(this.store, this.checkpoints, { ruleSet })).projection;
          // saved once at start-up, read by the CLI; what the server folds later stays in memory only
          projection.forgetListModel();
        } else projection = new FesaProjection({ ruleSet, runs });
        this.projections.set(key, projection);
      }
      for await (const batch of readFacts(this.store, { fromPosition: projection.position })) projection.apply(batch);
      return projection;
    });
    this.queue = run.catch(() => undefined);
    return run;
  }
}
