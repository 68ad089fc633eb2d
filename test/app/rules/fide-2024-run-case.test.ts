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
