import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { signedIn } from './access';
import { Problem, sendProblem } from './problems';

export interface Limits {
  /** Writes per officer per minute. */
  readonly writesPerMinute: number;
  /** Whole-ledger folds (known-at lists, published lists and their diffs, rule-set comparisons) per client per minute. */
  readonly foldsPerMinute: number;
  /** Whole-ledger folds running at once, over all clients: the server never folds a million games more often. */
  readonly foldsAtOnce: number;
}

export const DEFAULT_LIMITS: Limits = { writesPerMinute: 1200, foldsPerMinute: 60, foldsAtOnce: 2 };

/** A rate limit (express-rate-limit, one window a minute) whose refusal is a problem with Retry-After. */
export const perMinute = (limit: number, what: string, key: 'officer' | 'client'): RequestHandler =>
  rateLimit({
    windowMs: 60_000,
    limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    keyGenerator: (req: Request, res: Response) => (key === 'officer' ? `officer:${signedIn(res)?.officer ?? ''}` : ipKeyGenerator(req.ip ?? '')),
    handler: (_req: Request, res: Response) =>
      sendProblem(res, new Problem(429, 'rate-limited', `more than ${limit} ${what} a minute from this ${key}; retry after ${String(res.getHeader('Retry-After'))} s`)),
  });

/**
 * At most `atOnce` whole-ledger folds at a time; a request beyond that is refused at once (503, Retry-After) rather
 * than queued, so a client in a loop cannot pile folds up behind the ones running.
 */
export const foldGate = (atOnce: number): RequestHandler => {
  let running = 0;
  return (_req: Request, res: Response, next: NextFunction) => {
    if (running >= atOnce) {
      throw new Problem(503, 'busy', `the server is already folding the whole ledger ${atOnce} time${atOnce === 1 ? '' : 's'} at once; retry in a few seconds`, { headers: { 'Retry-After': '5' } });
    }
    running++;
    let released = false;
    const release = () => {
      if (!released) running--;
      released = true;
    };
    res.once('finish', release);
    res.once('close', release);
    next();
  };
};
