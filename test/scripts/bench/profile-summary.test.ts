import { describe, expect, it } from 'vitest';
import { summarise } from '../../../scripts/bench/profile-summary';

const frame = (id: number, url: string, functionName = 'f') => ({ id, callFrame: { functionName, url, lineNumber: 0 } });

describe('the history bench profile summary', () => {
  it('names every part, at 0 ms where no sample fell in it (a tiny run may sample no engine call)', () => {
    const profile = {
      nodes: [frame(1, 'file:///x/dist/projections/fesa/incremental.js'), frame(2, '', '(garbage collector)'), frame(3, '', '(idle)')],
      samples: [1, 1, 2, 3],
      timeDeltas: [3000, 2000, 1000, 9000],
    };
    const [parts, functions] = summarise(profile, 2);
    expect(parts).toMatch(/^profile of the rebuild \(self time, 6 ms sampled\): fold \(timeline, list state, names, runs\) 5 ms \(83%\); garbage collection 1 ms \(17%\); /);
    expect(parts).toContain('FESA engine (rating) 0 ms (0%)');
    expect(parts).not.toContain('idle');
    expect(functions).toBe('heaviest functions: f fesa/incremental.js:1 5 ms (83%); (garbage collector) :1 1 ms (17%)');
  });
});
