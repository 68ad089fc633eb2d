/**
 * A catch-up subscription over a push feed that the server may drop (EventStoreDB's subscribeToAll): when the feed
 * fails or ends, the error is reported and the feed is opened again after the last delivered position, after a
 * delay that grows with each failure in a row and starts again at the first event delivered. Only stop() or a
 * failing handler ends it — the port's promise that store errors are retried (src/app/ports/event-store.ts, subscribe).
 */
import type { RecordedEvent, SubscribeOptions, Subscription } from '../../app/ports/event-store';
import { toError } from './shared';

/** A live feed of events after a position; `close` ends it from our side. */
export interface Feed extends AsyncIterable<RecordedEvent> {
  close(): Promise<void>;
}

/** 100 ms, doubling, at most 30 s: a restarting server is back in seconds, a long outage is not hammered. */
export const resubscribeDelayMs = (failuresInARow: number): number => Math.min(100 * 2 ** failuresInARow, 30_000);

export const resubscribingCatchUp = (
  openFeed: (after: number) => Feed,
  options: SubscribeOptions,
  describeFeed: string,
  delayMs: (failuresInARow: number) => number = resubscribeDelayMs,
): Subscription => {
  const report = options.onError ?? ((error: Error) => console.error(`Subscription error: ${error.message}`));
  let position = options.fromPosition;
  let stopped = false;
  let feed: Feed | undefined;
  let wakeFromDelay: (() => void) | undefined;

  const pause = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      wakeFromDelay = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const running = (async () => {
    for (let failuresInARow = 0; !stopped; ) {
      let failure: Error;
      try {
        feed = openFeed(position);
        for await (const event of feed) {
          if (stopped) return;
          if (event.globalPosition <= position) continue;
          try {
            await options.onEvents([event]);
          } catch (error) {
            stopped = true;
            report(toError(error));
            await feed.close().catch(() => undefined);
            return;
          }
          position = event.globalPosition;
          failuresInARow = 0;
        }
        failure = new Error('the server ended it');
      } catch (error) {
        failure = toError(error);
      }
      if (stopped) return;
      const wait = delayMs(failuresInARow++);
      const detail = failure.message === '' ? failure.constructor.name : `${failure.constructor.name}: ${failure.message}`;
      const from = position === 0 ? 'from the start' : `after position ${position}`;
      report(new Error(`Subscription to $all of ${describeFeed} was dropped (${detail}); resubscribing ${from} in ${wait} ms.`));
      await pause(wait);
    }
  })();

  return {
    stop: async () => {
      stopped = true;
      wakeFromDelay?.();
      await feed?.close().catch(() => undefined);
      await running;
    },
  };
};
