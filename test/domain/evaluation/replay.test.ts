import { describe, expect, it } from 'vitest';
import * as E from 'fp-ts/Either';
import { replay } from '../../../domain/evaluation/replay';
import { fideModel, gobaseModel, uscfKModel, usImpliedExpectedScore, usShogiModel, US_IMPLIED_LOGISTIC_SCALE } from '../../../domain/evaluation/models';

const events = [
  { date: '2001-01-01', games: [{ a: 'A', b: 'B', score: 1 as const }] },
  { date: '2001-02-01', games: [{ a: 'A', b: 'B', score: 1 as const }, { a: 'C', b: 'A', score: 0.5 as const }] },
];

describe('replay', () => {
  it('records the PRE-event expected score of every game (gobase-go, seed 003 Example 1 then Φ(30/200))', () => {
    const out = replay(gobaseModel(), events);
    if (E.isLeft(out)) throw new Error(out.left.error.message);
    const p = out.right.predictions;
    expect(p).toHaveLength(3);
    expect(p[0]).toEqual({ expected: 0.5, actual: 1 }); // both new at 1500
    expect(p[1]?.expected).toBeCloseTo(0.5596, 4); // A 1515 vs B 1485: Φ(30/200), A's event-1 gain already in
    expect(p[2]?.expected).toBeCloseTo(0.4701, 4); // C new at 1500 vs A's pre-event 1515: Φ(−15/200)
    expect(out.right.ratings.get('A')).toEqual({ rating: 1527, games: 3 }); // event 2: 30·(1 − 0.5596) + 30·(0.5 − 0.5299) = 13.21 − 0.90 = 12.31 → +12
    expect(out.right.games).toBe(3);
    expect(out.right.unpredicted).toBe(0);
  });

  it('fide and uscf-k start newcomers at 1500 with 0 games (FIDE K 40: 1500 beats 1500 → 1520)', () => {
    for (const m of [fideModel(), uscfKModel()]) {
      const out = replay(m, events.slice(0, 1));
      if (E.isLeft(out)) throw new Error(out.left.error.message);
      expect(out.right.ratings.get('A')?.rating).toBe(m.id === 'fide' ? 1520 : 1516);
    }
  });

  it('US 1997: the implied logistic has the slope 1/800 of the linear break-even 1/2 − d/800 at d = 0, and clamps at ±350', () => {
    expect(US_IMPLIED_LOGISTIC_SCALE).toBeCloseTo(460.517, 3);
    const h = 1e-3;
    expect((usImpliedExpectedScore(1500 + h, 1500) - usImpliedExpectedScore(1500 - h, 1500)) / (2 * h)).toBeCloseTo(1 / 800, 8);
    expect(usImpliedExpectedScore(2000, 1500)).toBe(usImpliedExpectedScore(1850, 1500));
    const out = replay(usShogiModel('text'), events);
    expect(E.isRight(out) && out.right.predictions[0]?.expected).toBe(0.5);
  });

  it('a rule-system error stops the replay and names the event', () => {
    const bad = [...events, { date: '2001-03-01', games: [{ a: 'A', b: 'A', score: 1 as const }] }];
    const out = replay(gobaseModel(), bad);
    expect(E.isLeft(out) && out.left).toMatchObject({ eventIndex: 2, date: '2001-03-01', error: { field: 'input.games[0].b' } });
  });
});
