import type { RequestHandler } from 'express';
import type { CheckpointStorage } from '../store/checkpoint-storage';
import type { Officers } from '../../app/officers';
import type { ModelCatchUp } from './model-catch-up';
import type { PageDependencies } from './pages/routes';
import type { SubmissionDependencies } from './submission-routes';

/**
 * What the API's routes share (server.ts makes it once per server): the read models kept up with the log, the worker
 * that folds, the guards of reads, folds and writes, and the signed-in officers' last writes (read-your-writes).
 */
export interface ServerContext extends PageDependencies, SubmissionDependencies {
  /** The saved read models, their saves taking turns with the server's writes; none: every read folds. */
  readonly checkpoints: CheckpointStorage | undefined;
  /** The worker thread that catches the saved models up and runs the fold jobs (`ledger serve` only). */
  readonly worker: ModelCatchUp | undefined;
  /** Who may sign in (absent: the officers' routes answer that the server has no credentials table). */
  readonly officers: Officers | undefined;
  /** An auditor's whole-ledger reads: signed in, within the folds' rate limit and gate. */
  readonly knownAtList: readonly RequestHandler[];
}
