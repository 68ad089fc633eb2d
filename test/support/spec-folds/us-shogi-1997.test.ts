/** The acceptance seasons' US Shogi fold against the spec's own worked examples (../shared/rules/us-shogi-1997.md §7). */
import { describe, expect, it } from 'vitest';
import type { SpecGame } from './season-fold';
import { usRateEvent, type UsState, type UsVariant } from './us-shogi-1997';

const rankOf = (r: number): string => (r >= 1500 ? `${Math.min(6, Math.floor((r - 1500) / 200) + 1)}-dan` : r < 100 ? '15-kyu' : `${15 - Math.floor(r / 100)}-kyu`);
const at = (rating: number, games = 50): UsState => ({ rating, rank: rankOf(rating), games, streaks: {} });
const ratings = (v: UsVariant, players: Record<string, number>, games: SpecGame[]): Record<string, number> =>
  Object.fromEntries(Object.entries(usRateEvent(v, Object.fromEntries(Object.entries(players).map(([id, r]) => [id, at(r)])), games)).map(([id, s]) => [id, s.rating!]));
const beats = (a: string, b: string, handicap?: SpecGame['handicap']): SpecGame => ({ a, b, score: 1, ...(handicap ? { handicap } : {}) });

describe('the US Shogi 1997 spec fold (§7 test vectors)', () => {
  const both = (f: (v: UsVariant) => void) => (['text', 'card'] as const).forEach(f);
  it('1: 1800 beats 2300 giving rook-lance; 2: 800 loses to 2400 giving 6p; 3: doubling held at 1200', () => {
    both((v) => {
      expect(ratings(v, { A: 1800, B: 2300 }, [beats('A', 'B', { type: 'rook-lance', giver: 'B' })])).toEqual({ A: 1820, B: 2290 });
      expect(ratings(v, { A: 800, B: 2400 }, [beats('B', 'A', { type: '6p', giver: 'B' })])).toEqual({ A: 798, B: 2401 });
      expect(ratings(v, { A: 1100, B: 1100, C: 1100, D: 1100 }, [beats('A', 'B'), beats('A', 'C'), beats('A', 'D')])).toEqual({ A: 1200, B: 1080, C: 1080, D: 1080 });
    });
  });
  it('4-6: the variants apart (threshold crossing, brackets, per-game rounding)', () => {
    const four = (v: UsVariant) => ratings(v, { A: 2220, B: 2120, C: 2120, D: 2120 }, [beats('B', 'A'), beats('C', 'A'), beats('D', 'A')]);
    expect(four('text')).toEqual({ A: 2185, B: 2135, C: 2135, D: 2135 });
    expect(four('card')).toEqual({ A: 2190, B: 2130, C: 2130, D: 2130 });
    const twoPieces = { type: '2p', giver: 'A' };
    expect(ratings('text', { A: 1900, B: 1250 }, [beats('A', 'B', twoPieces)])).toEqual({ A: 1914, B: 1233 });
    expect(ratings('card', { A: 1900, B: 1250 }, [beats('A', 'B', twoPieces)])).toEqual({ A: 1910, B: 1236 });
    expect(ratings('text', { A: 1900, B: 1250 }, [beats('B', 'A', twoPieces)])).toEqual({ A: 1882, B: 1273 });
    expect(ratings('card', { A: 1900, B: 1250 }, [beats('B', 'A', twoPieces)])).toEqual({ A: 1886, B: 1268 });
  });
  it('the more worked cases', () => {
    expect(ratings('text', { A: 1990, B: 1990 }, [beats('A', 'B')]).A).toBe(2005);
    expect(ratings('card', { A: 1990, B: 1990 }, [beats('A', 'B')]).A).toBe(2002);
    expect(ratings('text', { A: 1150, B: 1250, C: 1250, D: 1250, E: 1250 }, ['B', 'C', 'D', 'E'].map((x) => beats('A', x))).A).toBe(1250);
    expect(ratings('text', { A: 1180, B: 980 }, [beats('A', 'B')]).A).toBe(1200);
    expect(ratings('text', { A: 1200, B: 1200 }, [beats('A', 'B')]).A).toBe(1220);
    expect(ratings('card', { A: 1200, B: 1200 }, [beats('A', 'B')]).A).toBe(1216);
    expect(ratings('text', { A: 1410, B: 1410, C: 1410 }, [beats('B', 'A'), beats('C', 'A')]).A).toBe(1373);
    expect(ratings('text', { A: 1700, B: 1500 }, [beats('A', 'B', { type: 'bishop', giver: 'A' })])).toEqual({ A: 1718, B: 1482 });
  });
  it('§3 step 1 and §4: draws and 7p not rated; 20 rated games at or above a bound promote (ranks may be skipped)', () => {
    const out = usRateEvent('text', { A: at(1500, 10), B: at(1500, 10) }, [{ a: 'A', b: 'B', score: 0.5 }, beats('A', 'B', { type: '7p', giver: 'B' })]);
    expect(out.A).toEqual({ rating: 1500, rank: '1-dan', games: 10, streaks: {} });
    const streaking: UsState = { rating: 1460, rank: '3-kyu', games: 30, streaks: { '1-kyu': 19, '2-kyu': 19 } };
    const after = usRateEvent('text', { A: streaking, B: at(1460) }, [{ a: 'A', b: 'B', score: 1 }]).A!;
    expect(after).toEqual({ rating: 1476, rank: '1-kyu', games: 31, streaks: {} });
    const newcomer = usRateEvent('card', { N: { rating: null, rank: '5-kyu', games: 0, streaks: {} }, B: at(1250) }, [beats('N', 'B')]).N!;
    // starts at 1050 (5 kyu's start), +20 +10 doubled under 1200 → 1110, above 4 kyu's 1100
    expect(newcomer).toEqual({ rating: 1110, rank: '5-kyu', games: 1, streaks: { '4-kyu': 1 } });
  });
});
