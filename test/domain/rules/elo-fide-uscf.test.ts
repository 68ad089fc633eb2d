import { describe, expect, it } from 'vitest';
import * as E from 'fp-ts/Either';
import { fideRuleSystem, fideKFactor, rateEvent as rateFide, defaultOptions as fideDefaults, expectedScore } from '../../../domain/rules/fide';
import { uscfKRuleSystem, uscfKFactor } from '../../../domain/rules/uscf-k';
import { RuleSystem } from '../../../domain/rules/rule-system';
import { caseRunner } from '../../support/rule-cases';

/** Spec: ../shared/rules/elo-fide-uscf.md; seed: ../shared/seeds/004_b81f900fb1c4d551.txt (Norwegian Wikipedia "Elo-rating"). */
const ok = (sys: RuleSystem, name: string, options: unknown, input: unknown): any => caseRunner(sys).ok(name, options, input);
const err = (sys: RuleSystem, name: string, options: unknown, input: unknown) => caseRunner(sys).err(name, options, input);
const st = (rating: number | null, games = 50, birthYear: number | null = null, reached2400 = false) => ({ rating, games, birthYear, reached2400 });

/** Seed 004 line 69: A (1613) loses to 1609, draws 1477, beats 1388, beats 1586, loses to 1720. */
const wikipediaEvent = (scores: number[]) => ({
  event: { date: '2010-05-01' },
  players: { A: st(1613), O1: st(1609), O2: st(1477), O3: st(1388), O4: st(1586), O5: st(1720) },
  games: ['O1', 'O2', 'O3', 'O4', 'O5'].map((b, i) => ({ a: 'A', b, score: scores[i] })),
});

describe('seed 004 worked example (Wikipedia five-game tournament, spec §5)', () => {
  it('uscf-k: 1613 (K 32) scores 2.5 against expected 2.867 → 1613 + 32·(2.5 − 2.867) = 1601', () => {
    const out = ok(uscfKRuleSystem, 'rate-event', {}, wikipediaEvent([0, 0.5, 1, 1, 0]));
    expect(out.players.A).toEqual({ rating: 1601, games: 55, birthYear: null, reached2400: false });
    expect(out.gamesRated).toEqual(Array(5).fill({ rated: true }));
  });

  it('uscf-k: two wins, one loss, two draws (score 3) → 1617 ("lett belønning", seed line 70)', () => {
    expect(ok(uscfKRuleSystem, 'rate-event', {}, wikipediaEvent([0.5, 0.5, 1, 1, 0])).players.A.rating).toBe(1617);
  });

  it('expected scores 1613 vs 1609 / 1477 / 1388 / 1586 / 1720 = 0.506 / 0.686 / 0.785 / 0.539 / 0.351 (±0.0005)', () => {
    const expected: Array<[number, number]> = [[1609, 0.506], [1477, 0.686], [1388, 0.785], [1586, 0.539], [1720, 0.351]];
    let sum = 0;
    for (const sys of [uscfKRuleSystem, fideRuleSystem]) {
      sum = 0;
      for (const [opp, e] of expected) {
        const v = ok(sys, 'expected-score', {}, { rating: 1613, opponent: opp }).value;
        expect(Math.abs(v - e)).toBeLessThan(0.0005);
        sum += Number(v);
      }
    }
    expect(sum).toBeCloseTo(2.8666, 4); // seed §6: exact sum 2.8666 vs the article's rounded 2.867
  });

  it('fide: the same event gives 1606 (K 20, 50 games) or 1598 (K 40, under 30 games)', () => {
    expect(ok(fideRuleSystem, 'rate-event', {}, wikipediaEvent([0, 0.5, 1, 1, 0])).players.A.rating).toBe(1606);
    const young = wikipediaEvent([0, 0.5, 1, 1, 0]);
    young.players.A = st(1613, 12);
    expect(ok(fideRuleSystem, 'rate-event', {}, young).players.A).toEqual({ rating: 1598, games: 17, birthYear: null, reached2400: false });
  });

  it('opponents are rated from their own pre-event ratings (1609 beats 1613 → +16 at K 32)', () => {
    expect(ok(uscfKRuleSystem, 'rate-event', {}, wikipediaEvent([0, 0.5, 1, 1, 0])).players.O1.rating).toBe(1625);
  });
});

describe('K factors (seed 004 lines 82–89, spec §2 and §4)', () => {
  const winAgainstEqual = (sys: RuleSystem, r: number, games = 50) =>
    ok(sys, 'rate-event', {}, { event: { date: '2020-01-01' }, players: { A: st(r, games), B: st(r, games) }, games: [{ a: 'A', b: 'B', score: 1 }] }).players.A.rating - r;

  it('uscf-k wins against an equal: 2099 → +16, 2100 → +12, 2400 → +12, 2401 → +8 (2100 and 2400 are K 24)', () => {
    expect([2099, 2100, 2400, 2401].map((r) => winAgainstEqual(uscfKRuleSystem, r))).toEqual([16, 12, 12, 8]);
    expect([2099, 2100, 2400, 2401].map((r) => uscfKFactor({ ...st(r), rating: r }))).toEqual([32, 24, 24, 16]);
  });

  it('fide: a 2390 with 50 games beats a 2390 → 2400 and reached2400 becomes true', () => {
    const out = ok(fideRuleSystem, 'rate-event', {}, { event: { date: '2020-01-01' }, players: { A: st(2390), B: st(2390) }, games: [{ a: 'A', b: 'B', score: 1 }] });
    expect(out.players.A).toEqual({ rating: 2400, games: 51, birthYear: null, reached2400: true });
    expect(out.players.B).toEqual({ rating: 2380, games: 51, birthYear: null, reached2400: false });
  });

  it('fide precedence: < 30 games → 40 even at 2450; reached 2400 → 10 for good; junior below 2300 → 40; else 20', () => {
    const k = (p: ReturnType<typeof st>, year?: number) => fideKFactor({ ...p, rating: p.rating! }, year);
    expect(k(st(2450, 29))).toBe(40);
    expect(k(st(2450, 30))).toBe(10);
    expect(k(st(2250, 60, 2008, true), 2026)).toBe(10); // permanent K 10 beats the junior rule
    expect(k(st(2250, 60, 2008), 2026)).toBe(40); // turns 18 in 2026: junior until the end of that year
    expect(k(st(2250, 60, 2008), 2027)).toBe(20);
    expect(k(st(2300, 60, 2008), 2026)).toBe(20); // junior K 40 only below 2300
    expect(k(st(2100, 60))).toBe(20);
  });

  const fourWins = (updateMode: string) => ok(fideRuleSystem, 'rate-event', { updateMode }, {
    event: { date: '2020-01-01' },
    players: { A: st(1800, 28), B1: st(1800), B2: st(1800), B3: st(1800), B4: st(1800) },
    games: ['B1', 'B2', 'B3', 'B4'].map((b) => ({ a: 'A', b, score: 1 })),
  }).players.A;

  it('fide: a 1800 with 28 games wins four against 1800s → +80 (K 40 for the whole event), 32 games', () => {
    expect(fourWins('event')).toEqual({ rating: 1880, games: 32, birthYear: null, reached2400: false });
  });

  it('fide game mode: +20, +19 (K 40), then 30 games → +9, +9 (K 20) → 1857', () => {
    expect(fourWins('game')).toEqual({ rating: 1857, games: 32, birthYear: null, reached2400: false });
  });

  it('fide game mode: reaching 2400 mid-event switches K to 10 for the next game', () => {
    const out = ok(fideRuleSystem, 'rate-event', { updateMode: 'game' }, {
      event: { date: '2020-01-01' }, players: { A: st(2390), B: st(2390), C: st(2400, 50, null, true) },
      games: [{ a: 'A', b: 'B', score: 1 }, { a: 'A', b: 'C', score: 1 }],
    });
    expect(out.players.A).toEqual({ rating: 2405, games: 52, birthYear: null, reached2400: true }); // 2400 + 10·(1 − 0.5) = 5
  });

  it('fide needs the event date only for a possible junior', () => {
    const input = { event: {}, players: { A: st(2000, 60, 2005), B: st(2000) }, games: [{ a: 'A', b: 'B', score: 1 }] };
    expect(err(fideRuleSystem, 'rate-event', {}, input).field).toBe('input.event.date');
    expect(ok(uscfKRuleSystem, 'rate-event', {}, input).players.A.rating).toBe(2016);
    expect(err(fideRuleSystem, 'rate-event', {}, { ...input, event: { date: '2020/01/01' } }).field).toBe('input.event.date');
  });
});

describe('newcomers and the linear performance rating (seed 004 "Prestasjonsrating", spec §2–§3)', () => {
  const input = {
    event: { date: '2020-01-01' },
    players: { N: st(null, 0), P: st(1500), Q: st(1700), R: st(1600), M: st(null, 0), U: st(null, 0) },
    games: [{ a: 'N', b: 'P', score: 1 }, { a: 'Q', b: 'N', score: 1 }, { a: 'N', b: 'R', score: 1 }, { a: 'M', b: 'U', score: 0.5 }],
  };

  it('a newcomer who beats 1500, loses to 1700, beats 1600 → (4800 + 400)/3 = 1733, 3 games', () => {
    const out = ok(uscfKRuleSystem, 'rate-event', {}, input);
    expect(out.players.N).toEqual({ rating: 1733, games: 3, birthYear: null, reached2400: false });
    expect(ok(uscfKRuleSystem, 'performance-rating', {}, { entries: [[1500, 1], [1700, 0], [1600, 1]] })).toEqual({ value: 1733 });
  });

  it('games between two newcomers are not rated and they stay unrated', () => {
    const out = ok(fideRuleSystem, 'rate-event', {}, input);
    expect(out.gamesRated[3]).toEqual({ rated: false, reason: 'unrated-opponent' });
    expect(out.players.M).toEqual(st(null, 0));
    expect(out.players.U).toEqual(st(null, 0));
  });

  it('use-performance: the rated opponents play against 1733 (1500 loses: 32·(0 − 0.2075) = −6.64 → −7)', () => {
    const out = ok(uscfKRuleSystem, 'rate-event', {}, input);
    const e = 1 / (1 + 10 ** ((1733 - 1500) / 400));
    expect(out.players.P.rating).toBe(1500 + Math.round(-32 * e));
    expect(out.players.P.rating).toBe(1493);
  });

  it('ratedVsNewcomer not-rated: only the newcomer is rated, the others are unchanged', () => {
    const out = ok(uscfKRuleSystem, 'rate-event', { ratedVsNewcomer: 'not-rated' }, input);
    expect(out.gamesRated.slice(0, 3)).toEqual([{ rated: true, only: 'N' }, { rated: true, only: 'N' }, { rated: true, only: 'N' }]);
    expect(out.players.N.rating).toBe(1733);
    expect(out.players.P).toEqual(st(1500));
    expect(out.players.Q).toEqual(st(1700));
  });

  it('performance rating rounds half away from zero: (1500 + 1501)/2 = 1500.5 → 1501', () => {
    expect(ok(fideRuleSystem, 'performance-rating', {}, { entries: [[1500, 0.5], [1501, 0.5]] }).value).toBe(1501);
  });

  it('handicap games are not rated; players not in any game come back unchanged', () => {
    const out = ok(fideRuleSystem, 'rate-event', {}, {
      event: { date: '2020-01-01' }, players: { A: st(2000), B: st(1900), C: st(2500, 80, 1990, true) },
      games: [{ a: 'A', b: 'B', score: 1, handicap: { type: 'lance', giver: 'A' } }],
    });
    expect(out.gamesRated).toEqual([{ rated: false, reason: 'handicap-not-ratable' }]);
    expect(out.players).toEqual({ A: st(2000), B: st(1900), C: st(2500, 80, 1990, true) });
  });

  it('the typed API and expectedScore match the harness', () => {
    const r = rateFide(fideDefaults, { date: '2020-01-01' }, { A: st(2390), B: st(2390) }, [{ a: 'A', b: 'B', score: 1 }]);
    expect(E.isRight(r) && r.right.players.A?.rating).toBe(2400);
    expect(expectedScore(st(1613), st(1609))).toBeCloseTo(0.5058, 4);
    expect(expectedScore(st(null), st(1609))).toBeNull();
  });
});

describe('fide / uscf-k: errors name the field', () => {
  const base = { event: { date: '2020-01-01' }, players: { A: st(2000), B: st(2000) }, games: [{ a: 'A', b: 'B', score: 1 }] };
  it.each([
    ['options.updateMode', { updateMode: 'round' }, base],
    ['options.kFactor', { kFactor: 16 }, base],
    ['input.games[0].score', {}, { ...base, games: [{ a: 'A', b: 'B', score: '1' }] }],
    ['input.games[0].b', {}, { ...base, games: [{ a: 'B', b: 'B', score: 1 }] }],
    ['input.games[0].a', {}, { ...base, games: [{ a: 'C', b: 'B', score: 1 }] }],
    ['input.games[0].handicap.type', {}, { ...base, games: [{ a: 'A', b: 'B', score: 1, handicap: { type: 'queen', giver: 'A' } }] }],
    ['input.games[0].handicap.giver', {}, { ...base, games: [{ a: 'A', b: 'B', score: 1, handicap: { type: 'rook', giver: 'C' } }] }],
    ['input.players.A.games', {}, { ...base, players: { A: { rating: 2000 }, B: st(2000) } }],
    ['input.games', {}, { ...base, games: undefined }],
  ])('error at %s for options %j', (field, options, input) => {
    expect(err(fideRuleSystem, 'rate-event', options, input).field).toBe(field);
  });

  it('performance-rating needs at least one entry', () => {
    expect(err(uscfKRuleSystem, 'performance-rating', {}, { entries: [] }).field).toBe('input.entries');
    expect(err(uscfKRuleSystem, 'performance-rating', {}, { entries: [[1500, 2]] }).field).toBe('input.entries[0][1]');
  });
});
