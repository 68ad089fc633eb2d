import * as path from 'path';
import { describe, expect, it } from 'vitest';
import { ModelCatchUp } from '../../../src/adapters/http/model-catch-up';
import { AS_ADOPTED } from '../../../projections/fesa/history';
import { ledger, tempDir } from '../../support/helpers';

/**
 * An idle catch-up worker is ended (terminated) and the next question starts another. Its end arrives later, as an
 * event: it must fail none of the new worker's questions and must not free the lock the new one may hold. Under a busy
 * machine the end arrives late enough to meet the next question (seen as "the read models' catch-up worker stopped
 * (exit code 1)" answering 500 in a test run at load 15); here the next question is asked in the very turn the idle
 * worker is ended, so its end always comes after it.
 */
describe('the hand-over from an idle catch-up worker to the next', () => {
  it('a question asked as the idle worker is ended is answered by the next worker', async () => {
    const db = path.join(tempDir('catch-up-handover'), 'ledger.db');
    expect((await ledger('init', '--db', db)).code).toBe(0);
    const catchUp = new ModelCatchUp(`sqlite:${db}`, true, 1);
    const state = catchUp as unknown as { worker: unknown; stop(): void };
    for (let round = 0; round < 3; round++) {
      expect(await catchUp.run(AS_ADOPTED)).toBe(0);
      // the idle timer ends the worker; ask again at once, in the turn it is ended
      const stop = state.stop.bind(catchUp);
      const asked = new Promise<number>((resolve, reject) => {
        state.stop = () => {
          stop();
          state.stop = stop;
          catchUp.run(AS_ADOPTED).then(resolve, reject);
        };
      });
      await expect(asked).resolves.toBe(0);
    }
    expect(catchUp.finished).toBe(6);
  });
});

describe('the server waiting for the lock a worker holds', () => {
  it('awaits without holding the event loop, and writes once the worker frees the lock', async () => {
    const catchUp = new ModelCatchUp('sqlite:/nowhere.db');
    const lock = (catchUp as unknown as { lock: Int32Array }).lock;
    // a worker (token 2) is saving
    Atomics.store(lock, 0, 2);
    let wrote = false;
    const writing = catchUp.exclusive(async () => {
      wrote = true;
      return Atomics.load(lock, 0);
    });
    // the event loop still turns while the server waits: a timer fires (a spinning wait never lets it)
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(wrote).toBe(false);
    Atomics.store(lock, 0, 0);
    Atomics.notify(lock, 0);
    expect(await writing).toBe(1);
    expect(wrote).toBe(true);
    expect(Atomics.load(lock, 0)).toBe(0);
  });
});
