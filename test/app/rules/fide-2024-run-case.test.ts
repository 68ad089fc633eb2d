import { describe, expect, it } from 'vitest';
import { runCases } from '../../../src/app/rules/run-case';
import { listRuleSystems, listRuleSystemsData } from '../../../src/app/rules/list';

/** fide-2024 behind the harness (`ledger rules run-case`) and in `ledger rules list`, like every registry rule set. */
describe('fide-2024 through the harness', () => {
  it('rates a case with a K given by hand, as FIDE\'s calculator does (issue 31: a 2200 losing to a 2700 at K 20 loses 1.6)', () => {
    const out = JSON.parse(runCases(JSON.stringify({
      system: 'fide-2024', op: 'rate-event', options: {},
      input: { event: { date: '2024-06-10' }, players: { A: { rating: 2200, k: 20 }, B: { rating: 2700, games: 400 } }, games: [{ a: 'A', b: 'B', score: 0 }] },
    })));
    expect(out.gamesRated).toEqual([{ rated: true }]);
    expect(out.players.A).toEqual({ rating: 2200, games: 30, birthYear: null, reached2400: false, k: 20, period: { list: '2024-07', k: 20, games: 1, sum: -8 }, pool: [] });
    expect(out.detail.A).toMatchObject({ K: 20, games: 1, rounded: -2, next: 2198 });
  });

  it('gives Carlsen\'s Corus 2010 as FIDE published it (+2.9, individual calculation 1503014 for 2010-03; CPAN Games-Ratings t/105.Elo.t)', () => {
    const opponents = [2662, 2657, 2641, 2696, 2708, 2790, 2749, 2723, 2788, 2720, 2712, 2739, 2675];
    const scores = [0.5, 1, 1, 0.5, 0.5, 0.5, 1, 0.5, 0, 1, 1, 0.5, 0.5];
    const out = JSON.parse(runCases(JSON.stringify({
      system: 'fide-2024', op: 'rate-event', options: {},
      input: {
        event: { date: '2010-01-31' },
        players: { C: { rating: 2810, k: 10 }, ...Object.fromEntries(opponents.map((r, i) => [`O${i}`, { rating: r, games: 100 }])) },
        games: opponents.map((_, i) => ({ a: 'C', b: `O${i}`, score: scores[i] })),
      },
    })));
    // FIDE's K × Σ(score − PD) = 10 × (8.5 − 8.21); the list rounds it once (§8.3.4)
    expect(out.detail.C).toEqual({ K: 10, games: 13, change: 2.9, rounded: 3, next: 2813 });
  });

  it('rates an event from the list in force on its first day (`event.start`): F-P03\'s draw with 2325 from 2499, −0.23 × K 10 (FIDE\'s published calculation for 2025-12)', () => {
    const fp03 = (event: unknown) => JSON.parse(runCases(JSON.stringify({
      system: 'fide-2024', op: 'rate-event', options: {},
      input: {
        event, games: [{ a: 'A', b: 'B', score: 0.5 }],
        players: { A: { rating: 2499, games: 100, period: { list: '2025-11', k: 10, games: 5, sum: 60 } }, B: { rating: 2325, games: 100 } },
      },
    })));
    expect(fp03({ date: '2025-11-02', start: '2025-10-31' }).players.A).toMatchObject({ rating: 2505, period: { list: '2025-12', k: 10, games: 1, sum: -23 } });
    // from the November list (2505) instead, D 180 reads .74: not what FIDE printed
    expect(fp03({ date: '2025-11-02' }).players.A.period.sum).toBe(-24);
    const bad = fp03({ date: '2025-11-02', start: '2025-11-03' });
    expect(bad.error).toMatchObject({ field: 'input.event.start' });
    expect(bad.error.message).toContain('not after its last (2025-11-02)');
  });

  it('names a bad option value and the list it expects', () => {
    const out = JSON.parse(runCases(JSON.stringify({ system: 'fide-2024', op: 'expected-score', options: { list: 'classical' }, input: { rating: 2000, opponent: 2000 } })));
    expect(out.error).toMatchObject({ field: 'options.list' });
    expect(out.error.message).toContain('"standard", "rapid", "blitz"');
  });

  it('is listed with its option and default', () => {
    expect(listRuleSystemsData().find((s) => s.id === 'fide-2024')?.options.map((o) => [o.name, o.default])).toEqual([['list', 'standard']]);
    expect(listRuleSystems()).toContain('fide-2024');
  });
});
