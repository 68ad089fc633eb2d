/** What a `FesaProjection` (incremental.ts) keeps and how it folds. */
import type { rateEvent } from '../../domain/rules/fesa/rate-event';
import type { RunsMode } from './tournament-rating';

export interface ProjectionOptions {
  /** `fesa` or `fesa-published` (default `fesa`). */
  readonly ruleSet?: string;
  /** A checkpoint before every k-th tournament (default 250). */
  readonly checkpointEvery?: number;
  /**
   * What to keep of each rated tournament: `full` = as `foldFesa` keeps runs (the whole list before and after),
   * `reports` = the run with the engine's report, and before/after holding only the tournament's participants
   * (default; what careers and explanations read), `changes` = the same without the report's per-game terms (what
   * diffs read: the engine does not compute the explanation), `none` = no runs (as `foldFesa` with keepRuns false).
   */
  readonly runs?: RunsMode;
  /** The FESA engine (default: the rule set's contract step, `rateEventFile`); the history bench passes one that records its inputs. */
  readonly engine?: typeof rateEvent;
  /** Keep the rows of the list's read model (list-model.ts) as the list changes (default false). */
  readonly listModel?: boolean;
  /** Keep the runs and officer facts of the careers' read model (career-model.ts) as they are made (default false). */
  readonly careerModel?: boolean;
  /** Told how far a fold has come (timeline items applied of those to apply), for a progress display. */
  readonly onProgress?: (applied: number, total: number) => void;
}
