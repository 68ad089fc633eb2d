/**
 * US Shogi 1997 (spec ../shared/rules/us-shogi-1997.md; seed ../shared/seeds/001_10e9d90ba9f12e7e.txt).
 * Every vector of spec §7 runs through the harness op, as the hidden conformance cases will.
 */
import { describe, expect, it } from 'vitest';
import * as E from 'fp-ts/Either';
import { RuleError, RuleSystem } from '../../../domain/rules/rule-system';
import {
  US_DEFAULTS, moveAcrossBrackets, rateEvent, usShogi1997Card, usShogi1997Text,
} from '../../../domain/rules/us-shogi-1997';
import { Fraction } from '../../../domain/rules/shared/fraction';
import { caseRunner } from '../../support/rule-cases';
import fc from 'fast-check';

type Json = Record<string, unknown>;
const SYSTEMS = { text: usShogi1997Text, card: usShogi1997Card } as const;

const run = (sys: RuleSystem, op: string, input: unknown, options: unknown = {}): Json => caseRunner(sys).ok(op, options, input) as Json;
const runError = (sys: RuleSystem, op: string, input: unknown, options: unknown = {}): RuleError => caseRunner(sys).err(op, options, input);

/** Ranks of the 1997 table, for "players have the rank of their rating" (spec §7). */
const rankOf = (r: number): string => (r >= 1500 ? `${Math.min(6, Math.floor((r - 1500) / 200) + 1)}-dan` : `${15 - Math.floor(r / 100)}-kyu`);
const player = (rating: number, games = 50): Json => ({ rating, rank: rankOf(rating), games });

interface Case { players: Record<string, Json>; games: Json[]; event?: Json }
const rate = (variant: 'text' | 'card', c: Case, options: unknown = {}) =>
  run(SYSTEMS[variant], 'rate-event', { event: c.event ?? { kind: 'tournament' }, players: c.players, games: c.games }, options) as {
    players: Record<string, { rating: number; rank: string; games: number; streaks: Record<string, number> }>;
    gamesRated: Json[];
  };
const ratings = (out: ReturnType<typeof rate>): Record<string, number> =>
  Object.fromEntries(Object.entries(out.players).map(([id, p]) => [id, p.rating]));

const vs = (a: string, b: string, score: number, handicap?: { type: string; giver: string }): Json =>
  handicap ? { a, b, score, handicap } : { a, b, score };

describe('US Shogi 1997 — seed 001 test vectors (spec §7)', () => {
  for (const variant of ['text', 'card'] as const) {
    it(`seed 001 worked example 1 (${variant}): 1800 2-dan beats 2300 5-dan giving rook-lance → 1820 / 2290`, () => {
      const out = rate(variant, {
        players: { A: { rating: 1800, rank: '2-dan', games: 50 }, B: { rating: 2300, rank: '5-dan', games: 50 } },
        games: [vs('A', 'B', 1, { type: 'rook-lance', giver: 'B' })],
      });
      expect(out).toMatchObject({
        players: {
          A: { rating: 1820, rank: '2-dan', games: 51, streaks: {} },
          B: { rating: 2290, rank: '5-dan', games: 51, streaks: {} },
        },
        gamesRated: [{ rated: true }],
      });
    });

    it(`seed 001 worked example 2 (${variant}): 800 loses to 2400 giving 6 pieces, difference 400 clamped to 350 → 798 / 2401`, () => {
      const out = rate(variant, { players: { N: player(800), M: player(2400) }, games: [vs('N', 'M', 0, { type: '6p', giver: 'M' })] });
      expect(ratings(out)).toEqual({ N: 798, M: 2401 });
      expect(out.gamesRated).toEqual([{ rated: true }]);
    });

    it(`seed 001 doubling example (${variant}): 1100 gains 60 doubled to 120, held at exactly 1200; losers 1080`, () => {
      const out = rate(variant, {
        players: { A: player(1100), B: player(1100), C: player(1100), D: player(1100) },
        games: [vs('A', 'B', 1), vs('A', 'C', 1), vs('A', 'D', 1)],
      });
      expect(ratings(out)).toEqual({ A: 1200, B: 1080, C: 1080, D: 1080 });
    });

    it(`seed 001 card example (${variant}): 1900 gives 2 pieces to 1250 and wins`, () => {
      const out = rate(variant, { players: { S: player(1900), W: player(1250) }, games: [vs('S', 'W', 1, { type: '2p', giver: 'S' })] });
      expect(ratings(out)).toEqual(variant === 'text' ? { S: 1914, W: 1233 } : { S: 1910, W: 1236 });
    });

    it(`seed 001 card example, reversed (${variant}): 1250 beats 1900 at 2 pieces`, () => {
      const out = rate(variant, { players: { S: player(1900), W: player(1250) }, games: [vs('W', 'S', 1, { type: '2p', giver: 'S' })] });
      expect(ratings(out)).toEqual(variant === 'text' ? { S: 1882, W: 1273 } : { S: 1886, W: 1268 });
    });
  }

  it('seed 001 threshold example (text): 2220 loses 30 on 2%/8, the 10 below 2200 becomes 15 → 2185; winners 2135', () => {
    const out = rate('text', {
      players: { A: player(2220), B: player(2120), C: player(2120), D: player(2120) },
      games: [vs('A', 'B', 0), vs('A', 'C', 0), vs('A', 'D', 0)],
    });
    expect(ratings(out)).toEqual({ A: 2185, B: 2135, C: 2135, D: 2135 });
  });

  it('seed 001 threshold example (card): no crossing → 2190; winners on 2%/8 (≥ 2100) → 2130', () => {
    const out = rate('card', {
      players: { A: player(2220), B: player(2120), C: player(2120), D: player(2120) },
      games: [vs('A', 'B', 0), vs('A', 'C', 0), vs('A', 'D', 0)],
    });
    expect(ratings(out)).toEqual({ A: 2190, B: 2130, C: 2130, D: 2130 });
  });

  it('seed 001 one-time conversion (§5): over 1600 −100, 1400–1600 half the excess, under 1400 unchanged', () => {
    const input = [2400, 1700, 1601, 1600, 1599, 1500, 1401, 1400, 1399];
    const expected = [2300, 1600, 1501, 1500, 1500, 1450, 1401, 1400, 1399];
    for (const sys of [usShogi1997Text, usShogi1997Card]) {
      const out = run(sys, 'one-time-conversion', { players: Object.fromEntries(input.map((r, i) => [`p${i}`, { rating: r }])) });
      expect(out).toEqual({ players: Object.fromEntries(expected.map((r, i) => [`p${i}`, { rating: r }])) });
    }
  });
});

describe('US Shogi 1997 — more worked cases of spec §7', () => {
  it('1990 beats 1990: text crosses 2000 (6·12/16 = 4.5 → 2004.5 → 2005), card 2002', () => {
    const c = { players: { A: player(1990), B: player(1990) }, games: [vs('A', 'B', 1)] };
    expect(rate('text', c).players.A?.rating).toBe(2005);
    expect(rate('card', c).players.A?.rating).toBe(2002);
  });

  it('1150 beats four 1250s (+100): doubling would pass 1200, the undoubled 1250 is higher', () => {
    for (const variant of ['text', 'card'] as const) {
      const out = rate(variant, {
        players: { A: player(1150), B: player(1250), C: player(1250), D: player(1250), E: player(1250) },
        games: ['B', 'C', 'D', 'E'].map((o) => vs('A', o, 1)),
      });
      expect(out.players.A?.rating).toBe(1250);
    }
  });

  it('1180 beats 980 (+10 doubled) → exactly 1200', () => {
    for (const variant of ['text', 'card'] as const) {
      expect(rate(variant, { players: { A: player(1180), B: player(980) }, games: [vs('A', 'B', 1)] }).players.A?.rating).toBe(1200);
    }
  });

  it('1200 beats 1200: not "under" 1200, so not doubled → 1220 (text) / 1216 (card)', () => {
    const c = { players: { A: player(1200), B: player(1200) }, games: [vs('A', 'B', 1)] };
    expect(rate('text', c).players.A?.rating).toBe(1220);
    expect(rate('card', c).players.A?.rating).toBe(1216);
  });

  it('1410 loses twice to 1410s (text): 1378 is 22 below 1400, 22·20/16 = 27.5 → 1372.5 → 1373', () => {
    const out = rate('text', { players: { A: player(1410), B: player(1410), C: player(1410) }, games: [vs('A', 'B', 0), vs('A', 'C', 0)] });
    expect(out.players.A?.rating).toBe(1373);
  });

  it('1700 gives bishop to 1500 and wins: the giver gains the 2 % term (adjusted 1750 > 1700) → 1718 / 1482', () => {
    for (const variant of ['text', 'card'] as const) {
      const out = rate(variant, { players: { G: player(1700), R: player(1500) }, games: [vs('G', 'R', 1, { type: 'bishop', giver: 'G' })] });
      expect(ratings(out)).toEqual({ G: 1718, R: 1482 });
    }
  });

  it('move(): 1990 + 300 on 4 %/16 crosses 2000 and 2200 → 2211⅔ (spec §3 step 5)', () => {
    const r = moveAcrossBrackets(US_DEFAULTS.text, Fraction.of(1990), Fraction.of(300));
    expect(r.toString()).toBe('6635/3');
  });
});

describe('US Shogi 1997 — eligibility (spec §3 step 1)', () => {
  const two = { A: player(1600), B: player(1600) };

  it('time control: 40 min, 20 min + 30 s byoyomi, 10 min + 30 s increment are ratable; 30 min alone is not', () => {
    const tcs = [{ main: 40 }, { main: 20, byoyomi: 30 }, { main: 10, increment: 30 }, { main: 30 }, { main: 19, byoyomi: 60 }];
    const out = rate('text', { players: two, games: tcs.map((timeControl) => ({ a: 'A', b: 'B', score: 1, timeControl })) });
    expect(out.gamesRated).toEqual([
      { rated: true }, { rated: true }, { rated: true },
      { rated: false, reason: 'time-control' }, { rated: false, reason: 'time-control' },
    ]);
  });

  it('7p and 8p are not ratable unless rateUnofficialHandicaps (values 1600 / 2000)', () => {
    const c = { players: { A: player(2600), B: player(1000) }, games: [vs('B', 'A', 0, { type: '7p', giver: 'A' })] };
    const off = rate('text', c);
    expect(off.gamesRated).toEqual([{ rated: false, reason: 'handicap-not-ratable' }]);
    expect(ratings(off)).toEqual({ A: 2600, B: 1000 });
    const on = rate('text', c, { rateUnofficialHandicaps: true });
    expect(on.gamesRated).toEqual([{ rated: true }]);
    // B receives 1600: d for B = 2600 − 2600 = 0 → −20; A: d = 0 → +8.
    expect(ratings(on)).toEqual({ A: 2608, B: 980 });
  });

  it('draws are not rated (seed: "Draws are not rated"), and a time-control failure is reported first', () => {
    const out = rate('text', { players: two, games: [vs('A', 'B', 0.5), { a: 'A', b: 'B', score: 0.5, timeControl: { main: 5 } }] });
    expect(out.gamesRated).toEqual([{ rated: false, reason: 'draw' }, { rated: false, reason: 'time-control' }]);
    expect(out.players.A).toEqual({ rating: 1600, rank: '1-dan', games: 50, streaks: {} });
  });

  it('club games more than 350 apart are not rated, exactly 350 is; tournament games are clamped', () => {
    const players = { A: player(1650), B: player(2000), C: player(2001) };
    const club = rate('text', { event: { kind: 'club' }, players, games: [vs('A', 'B', 0), vs('A', 'C', 0)] });
    expect(club.gamesRated).toEqual([{ rated: true }, { rated: false, reason: 'difference-over-350' }]);
    const tour = rate('text', { players, games: [vs('A', 'C', 0)] });
    expect(tour.gamesRated).toEqual([{ rated: true }]);
    // A (4 %/16) loses with the difference clamped to 350: −16 + 14 = −2.
    expect(tour.players.A?.rating).toBe(1648);
  });

  it('doublingScope tournaments-only: a club gain under 1200 is not doubled', () => {
    const c = { event: { kind: 'club' }, players: { A: player(1000), B: player(1000) }, games: [vs('A', 'B', 1)] };
    expect(rate('text', c).players.A?.rating).toBe(1040);
    expect(rate('text', c, { doublingScope: 'tournaments-only' }).players.A?.rating).toBe(1020);
  });

  it('eventRounding delta-half-away: seed example 2 gives 797 instead of 798', () => {
    const c = { players: { N: player(800), M: player(2400) }, games: [vs('N', 'M', 0, { type: '6p', giver: 'M' })] };
    expect(rate('text', c, { eventRounding: 'delta-half-away' }).players.N?.rating).toBe(797);
  });

  it('floor 1 keeps a 15-kyu at 1; floor null lets the rating go below', () => {
    const c = { players: { A: { rating: 10, rank: '15-kyu', games: 5 }, B: player(10) }, games: [vs('A', 'B', 0)] };
    expect(rate('text', c).players.A?.rating).toBe(1);
    expect(rate('text', c, { floor: null }).players.A?.rating).toBe(-10);
  });
});

describe('US Shogi 1997 — new players and promotion (spec §2, §4)', () => {
  it('a new player starts at his rank\'s start point, or at the officer\'s initialRating; not in a game = still given it', () => {
    const out = rate('text', {
      players: { N: { rating: null, rank: '4-kyu', games: 0 }, I: { rating: null, rank: '1-dan', games: 0, initialRating: 1500 },
        X: { rating: null, rank: '2-dan', games: 0 }, O: player(1250) },
      games: [vs('N', 'O', 1), vs('I', 'O', 0)],
    });
    // N starts at 1150 (4 kyu: 1100–1199), beats 1250: 20 + 5 = 25, doubled to 50 → exactly 1200 = 3-kyu's lower bound.
    expect(out.players.N).toEqual({ rating: 1200, rank: '4-kyu', games: 1, streaks: { '3-kyu': 1 } });
    // O (5 %/20): −20 − 5 against N, +20 + 12.5 against I → +7.5 → 1257.5 → 1258.
    expect(out.players.O?.rating).toBe(1258);
    // I starts at 1500 and loses to 1250 on 4 %/16: −16 − 10 = −26.
    expect(out.players.I?.rating).toBe(1474);
    expect(out.players.X).toEqual({ rating: 1800, rank: '2-dan', games: 0, streaks: {} });
  });

  it('seed 001 "20 consecutive rated games": streak counts every rated game at the post-event rating, promotion at 20', () => {
    const out = rate('text', {
      players: { A: { rating: 1480, rank: '1-kyu', games: 100, streaks: { '1-dan': 19, '2-dan': 3 } }, B: player(1480) },
      games: [vs('A', 'B', 1)],
    });
    // 1480 + 16 = 1496 < 1500: the 1-dan streak is broken (and the 2-dan one too).
    expect(out.players.A).toEqual({ rating: 1496, rank: '1-kyu', games: 101, streaks: {} });
    const up = rate('text', {
      players: { A: { rating: 1500, rank: '1-kyu', games: 100, streaks: { '1-dan': 19 } }, B: player(1500) },
      games: [vs('A', 'B', 0.5), vs('A', 'B', 1)],
    });
    expect(up.players.A).toEqual({ rating: 1516, rank: '1-dan', games: 101, streaks: {} });
  });

  it('ranks may be skipped: the highest rank whose streak reaches 20 is awarded, streaks above it are kept', () => {
    const out = rate('text', {
      players: { A: { rating: 1750, rank: '2-kyu', games: 100, streaks: { '1-kyu': 30, '1-dan': 19, '2-dan': 5 } }, B: player(1750) },
      games: [vs('A', 'B', 1)],
    });
    expect(out.players.A).toMatchObject({ rating: 1766, rank: '1-dan', streaks: { '2-dan': 6 } });
  });

  it('an event with only draws leaves the streaks alone', () => {
    const out = rate('text', {
      players: { A: { rating: 1480, rank: '1-kyu', games: 10, streaks: { '1-dan': 4 } }, B: player(1480) },
      games: [vs('A', 'B', 0.5)],
    });
    expect(out.players.A?.streaks).toEqual({ '1-dan': 4 });
  });
});

describe('US Shogi 1997 — input and option errors name the field', () => {
  const base = () => ({ event: { kind: 'tournament' }, players: { A: player(1600), B: player(1600) }, games: [vs('A', 'B', 1)] });

  it('unknown option', () => {
    const e = runError(usShogi1997Text, 'rate-event', base(), { thresholdCrosing: true });
    expect(e.field).toBe('options.thresholdCrosing');
    expect(e.message).toMatch(/Unknown option "thresholdCrosing" for rule system us-shogi-1997-text/);
  });

  it('bad option value', () => {
    const e = runError(usShogi1997Card, 'rate-event', base(), { brackets: 'poster' });
    expect(e.field).toBe('options.brackets');
    expect(e.message).toMatch(/"text", "card"/);
  });

  it('bad handicap code', () => {
    const input = base();
    input.games = [vs('A', 'B', 1), vs('A', 'B', 1, { type: 'queen', giver: 'A' })];
    const e = runError(usShogi1997Text, 'rate-event', input);
    expect(e.field).toBe('input.games[1].handicap.type');
    expect(e.message).toMatch(/"queen" is not a handicap code/);
  });

  it('handicap giver not in the game', () => {
    const input = { ...base(), players: { A: player(1600), B: player(1600), C: player(1600) }, games: [vs('A', 'B', 1, { type: 'rook', giver: 'C' })] };
    const e = runError(usShogi1997Text, 'rate-event', input);
    expect(e.field).toBe('input.games[0].handicap.giver');
  });

  it('a player against himself', () => {
    const e = runError(usShogi1997Text, 'rate-event', { ...base(), games: [vs('A', 'B', 1), vs('A', 'B', 0), vs('A', 'A', 1)] });
    expect(e.field).toBe('input.games[2].b');
    expect(e.message).toMatch(/"A" cannot play against himself/);
  });

  it('score not 0 / 0.5 / 1', () => {
    const e = runError(usShogi1997Text, 'rate-event', { ...base(), games: [vs('A', 'B', 2)] });
    expect(e.field).toBe('input.games[0].score');
    expect(e.message).toMatch(/must be 1, 0.5 or 0/);
  });

  it('unknown player id in a game', () => {
    const e = runError(usShogi1997Card, 'rate-event', { ...base(), games: [vs('A', 'Z', 1)] });
    expect(e.field).toBe('input.games[0].b');
    expect(e.message).toMatch(/"Z" is not in input.players/);
  });

  it('missing rank, bad rank, bad event kind, missing games list', () => {
    expect(runError(usShogi1997Text, 'rate-event', { ...base(), players: { A: { rating: 1600 }, B: player(1600) } }).field)
      .toBe('input.players.A.rank');
    expect(runError(usShogi1997Text, 'rate-event', { ...base(), players: { A: { rating: 1600, rank: '7-dan' }, B: player(1600) } }).field)
      .toBe('input.players.A.rank');
    expect(runError(usShogi1997Text, 'rate-event', { ...base(), event: { kind: 'league' } }).field).toBe('input.event.kind');
    const { games: _omit, ...noGames } = base();
    expect(runError(usShogi1997Text, 'rate-event', noGames).field).toBe('input.games');
  });

  it('the typed API re-checks game players', () => {
    const r = rateEvent(US_DEFAULTS.text, { kind: 'club' }, { A: { rating: 1600, rank: '1-dan', games: 0, streaks: {} } },
      [{ a: 'A', b: 'Q', score: 1 }]);
    expect(E.isLeft(r) && r.left.field).toBe('input.games[0].b');
  });

  it('conversion rejects a non-integer rating', () => {
    const e = runError(usShogi1997Text, 'one-time-conversion', { players: { A: { rating: '1500' } } });
    expect(e.field).toBe('input.players.A.rating');
  });
});

describe('Fraction helper (exact arithmetic the US spec requires, rules/README.md "Arithmetic")', () => {
  it('normalises and keeps the sign in the numerator', () => {
    expect(Fraction.of(6, -8).toString()).toBe('-3/4');
    expect(Fraction.of(35, 2).add(Fraction.of(-20)).toString()).toBe('-5/2');
  });

  it('roundHalfUp = floor(x + 1/2) and roundHalfAwayFromZero agree with the README definitions on n/d', () => {
    fc.assert(fc.property(fc.integer({ min: -5000, max: 5000 }), fc.integer({ min: 1, max: 64 }), (n, d) => {
      const f = Fraction.of(n, d);
      expect(f.roundHalfUp().toNumber()).toBe(Math.floor(n / d + 0.5));
      const away = Math.sign(n) * Math.floor(Math.abs(n) / d + 0.5);
      expect(f.roundHalfAwayFromZero().toNumber()).toBe(away === 0 ? 0 : away);
      expect(f.floor().toNumber()).toBe(Math.floor(n / d));
      expect(f.ceil().toNumber()).toBe(Math.ceil(n / d) + 0); // + 0: no −0
    }));
  });

  it('add/sub/mul/div are exact inverses', () => {
    const frac = fc.tuple(fc.integer({ min: -1e6, max: 1e6 }), fc.integer({ min: 1, max: 1000 })).map(([n, d]) => Fraction.of(n, d));
    fc.assert(fc.property(frac, frac, (a, b) => {
      expect(a.add(b).sub(b).eq(a)).toBe(true);
      if (b.sign() !== 0) expect(a.mul(b).div(b).eq(a)).toBe(true);
      expect(a.compare(b)).toBe(Math.sign(a.toNumber() - b.toNumber()));
    }));
  });
});
