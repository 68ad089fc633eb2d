/**
 * Turns of the event loop, shared fairly. Node accepts one new connection per turn of its loop (the same with a bare
 * `http` server), and a turn runs every request whose bytes arrived before it. During a burst of four officers'
 * writes (a few milliseconds of deciding and appending each) while twenty readers polled, a turn took ~20 ms, so twenty
 * visitors connecting at once waited up to ~430 ms for their first `/health`, while the pollers' answers stayed under
 * 100 ms. With each request's handling begun in a turn of its own, and the writes one at a time in turns of their own,
 * a turn is one request long: those visitors waited 30–46 ms (docs/benchmarks.md, "A server that never stalls").
 */

/**
 * The server's writes one at a time, each begun in an event-loop turn of its own, in the order they came; a failed one
 * fails its own request only. `take` is how a write gets the ledger's file (model-catch-up.ts: turns with the worker).
 */
export const writeTurns = (take: <A>(write: () => Promise<A>) => Promise<A>) => {
  let last: Promise<unknown> = Promise.resolve();
  return <A>(write: () => Promise<A>): Promise<A> => {
    const mine = last.then(() => new Promise<void>((resolve) => setImmediate(resolve))).then(() => take(write));
    last = mine.catch(() => undefined);
    return mine;
  };
};

/**
 * A middleware that begins each request's handling in an event-loop turn of its own, in the order they came: only the
 * start is queued, so a slow request (a fold on the worker, a download) holds nobody back once it awaits.
 */
export const requestTurns = () => {
  const waiting: (() => void)[] = [];
  const nextOne = (): void => {
    waiting.shift()?.();
    if (waiting.length > 0) setImmediate(nextOne);
  };
  return (_req: unknown, _res: unknown, next: () => void): void => {
    waiting.push(next);
    if (waiting.length === 1) setImmediate(nextOne);
  };
};
