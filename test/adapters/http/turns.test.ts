import { describe, expect, it } from 'vitest';
import { requestTurns, writeTurns } from '../../../src/adapters/http/turns';

/** What happens in which turn of the loop: a marker set with setImmediate runs in the turn after the one it was set in. */
const markerAfter = (log: string[], name: string) => setImmediate(() => log.push(name));

describe('the server shares the event loop fairly (turns.ts)', () => {
  it('runs writes one at a time, in order, each in a turn of its own: what another request queued meanwhile runs between', async () => {
    const log: string[] = [];
    const turn = writeTurns((write) => write());
    const first = turn(async () => {
      log.push('write 1');
      markerAfter(log, 'a reader queued during write 1');
      return 1;
    });
    const second = turn(async () => {
      log.push('write 2');
      return 2;
    });
    expect(await Promise.all([first, second])).toEqual([1, 2]);
    expect(log).toEqual(['write 1', 'a reader queued during write 1', 'write 2']);
  });

  it('lets a failed write fail its own request only', async () => {
    const turn = writeTurns((write) => write());
    const failed = turn(() => Promise.reject(new Error('refused')));
    const next = turn(async () => 'recorded');
    await expect(failed).rejects.toThrow('refused');
    expect(await next).toBe('recorded');
  });

  it('begins each request in a turn of its own, in the order they came', async () => {
    const log: string[] = [];
    const middleware = requestTurns();
    await new Promise<void>((done) => {
      for (const n of [1, 2, 3])
        middleware({}, {}, () => {
          log.push(`request ${n}`);
          markerAfter(log, `after request ${n}`);
          if (n === 3) setImmediate(done);
        });
    });
    expect(log).toEqual(['request 1', 'after request 1', 'request 2', 'after request 2', 'request 3', 'after request 3']);
  });
});
