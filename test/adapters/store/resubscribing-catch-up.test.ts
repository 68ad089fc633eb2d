import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../../../src/app/ports/event-store';
import { resubscribeDelayMs, resubscribingCatchUp, type Feed } from '../../../src/adapters/store/resubscribing-catch-up';

const event = (globalPosition: number): RecordedEvent => ({
  globalPosition,
  streamId: 's',
  revision: globalPosition,
  eventId: `e${globalPosition}`,
  type: 'T',
  data: {},
  metadata: {},
  recordedAt: '2026-01-01T00:00:00.000Z',
});

/** A feed that yields the given positions after `after`, then fails (or ends, or waits until closed). */
const feed = (log: number[], after: number, then: Error | 'end' | 'wait'): Feed => {
  let close: () => void = () => undefined;
  const closed = new Promise<void>((resolve) => (close = resolve));
  return {
    close: async () => close(),
    async *[Symbol.asyncIterator]() {
      for (const p of log) if (p > after) yield event(p);
      if (then === 'wait') {
        await closed;
        return;
      }
      if (then !== 'end') throw then;
    },
  };
};

describe('resubscribing catch-up', () => {
  it('backs off 100 ms, doubling, up to 30 s', () => {
    expect([0, 1, 2, 3, 8, 9, 20].map(resubscribeDelayMs)).toEqual([100, 200, 400, 800, 25_600, 30_000, 30_000]);
  });

  it('reopens the feed after the last delivered position after each failure or end, and reports each', async () => {
    const opened: number[] = [];
    const delays: number[] = [];
    const received: number[] = [];
    const errors: string[] = [];
    const script: (Error | 'end' | 'wait')[] = [new Error('reset'), new Error('reset again'), 'end', 'wait'];
    const log = [10, 20, 30];
    let done: () => void = () => undefined;
    const allDelivered = new Promise<void>((resolve) => (done = resolve));
    const subscription = resubscribingCatchUp(
      (after) => {
        opened.push(after);
        const f = feed(log, after, script.shift() ?? 'wait');
        if (opened.length === 3) log.push(40); // written while we were away
        return f;
      },
      {
        fromPosition: 10,
        onEvents: (batch) => {
          received.push(...batch.map((e) => e.globalPosition));
          if (received.length === 3) done();
        },
        onError: (e) => errors.push(e.message),
      },
      'esdb:test',
      (n) => {
        delays.push(n);
        return 0;
      },
    );
    await allDelivered;
    await new Promise((r) => setTimeout(r, 20));
    await subscription.stop();
    expect(received).toEqual([20, 30, 40]);
    expect(opened).toEqual([10, 30, 30, 40]);
    expect(delays).toEqual([0, 1, 0]); // the failure count starts again after a delivered event
    expect(errors).toEqual([
      'Subscription to $all of esdb:test was dropped (Error: reset); resubscribing after position 30 in 0 ms.',
      'Subscription to $all of esdb:test was dropped (Error: reset again); resubscribing after position 30 in 0 ms.',
      'Subscription to $all of esdb:test was dropped (Error: the server ended it); resubscribing after position 40 in 0 ms.',
    ]);
  });

  it('stops at a failing handler without moving past the failed event, and stop() ends a pending delay', async () => {
    const errors: string[] = [];
    const seen: number[] = [];
    const failing = resubscribingCatchUp(
      (after) => feed([1, 2, 3], after, 'wait'),
      { fromPosition: 0, onEvents: ([e]) => { if (e!.globalPosition === 2) throw new Error('projection failed'); seen.push(e!.globalPosition); }, onError: (e) => errors.push(e.message) },
      'esdb:test',
    );
    await new Promise((r) => setTimeout(r, 20));
    await failing.stop();
    expect(seen).toEqual([1]);
    expect(errors).toEqual(['projection failed']);

    const waiting = resubscribingCatchUp(() => feed([], 0, new Error('down')), { fromPosition: 0, onEvents: () => undefined, onError: () => undefined }, 'esdb:test', () => 60_000);
    await new Promise((r) => setTimeout(r, 20));
    await waiting.stop(); // returns at once, not after a minute
  });
});
