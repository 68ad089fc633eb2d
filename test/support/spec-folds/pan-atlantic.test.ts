/** The acceptance seasons' pan-atlantic fold against the spec's own worked examples (../shared/rules/pan-atlantic.md §7). */
import { describe, expect, it } from 'vitest';
import { panRateEvent, type PanGame, type PanState, type Region } from './pan-atlantic';

const est = (rating: number, grade: string | null = null, games = 50): PanState => ({ rating, games, grade, streaks: {}, pendingRatification: null });
const rate = (players: Record<string, PanState>, games: PanGame[], region: Region = 'america') => panRateEvent(region, players, games);
const ratings = (out: Record<string, PanState>) => Object.fromEntries(Object.entries(out).map(([id, s]) => [id, s.rating]));
const win = (a: string, b: string, extra: Partial<PanGame> = {}): PanGame => ({ a, b, score: 1, ...extra });
const draws = (a: string, n: number): { players: Record<string, PanState>; games: PanGame[] } => {
  const ids = Array.from({ length: n }, (_, i) => `O${i}`);
  return { players: Object.fromEntries(ids.map((id) => [id, est(0)])), games: ids.map((id) => ({ a, b: id, score: 0.5 })) };
};
const drawsAt = (rating: number, grade: string, n: number) => {
  const d = draws('X', n);
  for (const id of Object.keys(d.players)) d.players[id] = est(rating, grade);
  return rate({ X: est(rating, grade), ...d.players }, d.games).X!;
};

describe('the pan-atlantic spec fold (§7 test vectors)', () => {
  it('handicap: 1800 gives bishop to 1600, who wins; the same as an even 1825 against 1800', () => {
    expect(ratings(rate({ A: est(1800, '2-dan'), B: est(1600, '1-dan') }, [win('B', 'A', { handicap: { type: 'bishop', giver: 'A' } })]))).toEqual({ A: 1789, B: 1611 });
    expect(ratings(rate({ A: est(1800), B: est(1825) }, [win('B', 'A')]))).toEqual({ A: 1789, B: 1836 });
  });
  it('grades: rule 1 (12 games at 1455), rule 2 (4 games at 555), rule 3 (1745 beats 1745)', () => {
    expect(drawsAt(1455, '2-kyu', 12).grade).toBe('1-kyu');
    const eleven = drawsAt(1455, '2-kyu', 11);
    expect([eleven.grade, eleven.streaks['1-kyu']?.lb]).toEqual(['2-kyu', 11]);
    // Table I: 1 kyu starts at 1450, not at (15 − 1)·100 like the weaker kyu grades
    expect(drawsAt(1440, '2-kyu', 12).streaks).toEqual({});
    expect(drawsAt(555, '11-kyu', 4).grade).toBe('10-kyu');
    expect(drawsAt(555, '11-kyu', 3).grade).toBe('11-kyu');
    const ruleThree = rate({ A: est(1745, '2-kyu'), B: est(1745, '2-kyu') }, [win('A', 'B')]).A!;
    expect([ruleThree.rating, ruleThree.grade]).toEqual([1757, '1-dan']);
  });
  it('the more worked cases: doubling, provisional ×20/N, established against the provisional new rating, K bands', () => {
    expect(rate({ A: est(1000), B: est(1000) }, [win('A', 'B')]).A!.rating).toBe(1032);
    expect(rate({ A: est(1180), B: est(1180) }, [win('A', 'B')]).A!.rating).toBe(1200);
    expect(rate({ A: est(1190), B: est(1190), C: est(1190), D: est(1190) }, [win('A', 'B'), win('A', 'C'), win('A', 'D')]).A!.rating).toBe(1238);
    expect(rate({ P: est(900, null, 4), B: est(900) }, [win('P', 'B')]).P!.rating).toBe(1028);
    const prov = rate({ P: est(1500, null, 6), B: est(1500), C: est(1500) }, [win('P', 'B'), win('P', 'C')]);
    expect([prov.P!.rating, prov.P!.games, prov.B!.rating]).toEqual([1570, 8, 1489]);
    expect(rate({ A: est(2099), B: est(2099) }, [win('A', 'B')]).A!.rating).toBe(2111);
    expect(rate({ A: est(2100), B: est(2100) }, [win('A', 'B')]).A!.rating).toBe(2110);
  });
  it('§2: Europe needs 45 minutes and byoyomi; 3p without its lance side and 7p are not rated; one rated player is no ratable event', () => {
    const tc = { timeControl: { main: 40, byoyomi: 30, increment: 0 } };
    expect(rate({ A: est(1500), B: est(1500) }, [win('A', 'B', tc)], 'america').A!.rating).toBe(1514);
    expect(rate({ A: est(1500), B: est(1500) }, [win('A', 'B', tc)], 'europe').A!.rating).toBe(1500);
    for (const type of ['3p', '7p']) expect(rate({ A: est(1500), B: est(1500) }, [win('A', 'B', { handicap: { type, giver: 'A' } })]).A!.rating).toBe(1500);
    expect(rate({ A: est(1500), N: { ...est(1500), rating: null, games: 0 } }, [win('A', 'N')]).A!.rating).toBe(1500);
  });
  it('§2 the 20-game split (the 21st game is rated from the first part\'s result) and §4.2 5 dan only as a ratification request', () => {
    const field = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`O${i}`, est(1500)]));
    const games = Object.keys(field).map((o) => win('X', o));
    // 20 wins at K 28 (+280), then one at 1780 with K 24: 24 · (1 − We(1780, 1500)) = 3.99
    expect(rate({ X: est(1500), ...field }, games).X!.rating).toBe(1784);
    const d = draws('X', 16);
    for (const id of Object.keys(d.players)) d.players[id] = est(2400, '4-dan');
    const nsr = rate({ X: est(2400, '4-dan'), ...d.players }, d.games).X!;
    expect([nsr.grade, nsr.pendingRatification]).toEqual(['4-dan', '5-dan']);
  });
});
