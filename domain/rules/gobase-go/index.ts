import * as E from 'fp-ts/Either';
import { pipe } from 'fp-ts/function';
import { RuleSystem } from '../rule-system';
import { roundHalfAwayFromZero, roundHalfUp, snapHalf } from '../shared/rounding';
import { asInt, asRecord, checkGamePlayers, Decoded, decodeGames, decodePlayers } from '../elo-common/decode';
import { decodeGoPlayer, goEntryRating, type GoPlayerInput } from '../shared/go-player';
import { itemAt, playerIn } from '../shared/present';
import { Game, GameResult, hasHandicap, notRated, RATED, Score } from '../elo-common/game';
import { booleanOption, decodeOptions, docsOf, enumOption, OptionSpec } from '../elo-common/options';
import { decodeRatingPair } from '../elo-common/ops';
import { normalCdf } from './normal';
import { startingRating } from './rank';

export { startingRating } from './rank';
export { normalCdf } from './normal';

/** GoBase Elo for go: seed 003 (GoBase.org "introduction to the elo rating system"), spec gobase-go.md. */
export interface GobaseOptions {
  readonly cTable: 'go' | 'chess' | 'constant-30';
  readonly expected: 'normal' | 'normal-2dp';
  readonly updateMode: 'event' | 'game';
  readonly zeroSum: boolean;
}

export const defaultOptions: GobaseOptions = { cTable: 'go', expected: 'normal', updateMode: 'event', zeroSum: false };

/** A rated player (the output state). */
export interface GobasePlayer {
  readonly rating: number;
  readonly games: number;
}

/** Input state: a new player (`rating: null`) brings his rank or an officer's initialRating. */
export type GobasePlayerInput = GoPlayerInput;

export interface GobaseEventResult {
  readonly players: Record<string, GobasePlayer>;
  readonly gamesRated: GameResult[];
}

const optionSpecs: readonly OptionSpec[] = [
  enumOption('cTable', ['go', 'chess', 'constant-30'], 'go',
    'C by rating: go = seed Table 3 (30 below 2200, (2200−R)/15+30 to 2500, 10 above); chess = Table 2; constant-30 = the worked examples'),
  enumOption('expected', ['normal', 'normal-2dp'], 'normal', 'Se = Φ(d/200), or Φ rounded to two decimals as in seed Table 1'),
  enumOption('updateMode', ['event', 'game'], 'event', 'event: Σ C·(S − Se) with pre-event ratings; game: one game at a time, rounded per game'),
  booleanOption('zeroSum', false, 'true: both players of a game use the mean of their two C values'),
];

/** Seed 003 Tables 2 and 3 (both continuous, so the bound conventions do not matter). */
export const cFactor = (table: GobaseOptions['cTable'], r: number): number => {
  switch (table) {
    case 'go': return r < 2200 ? 30 : r <= 2500 ? (2200 - r) / 15 + 30 : 10;
    case 'chess': return r < 2000 ? 30 : r <= 2400 ? 130 - r / 20 : 10;
    case 'constant-30': return 30;
  }
};

/** Seed 003 Table 1: the normal probability function with σ = 200; `normal-2dp` rounds it to two decimals. */
export const expectedFromRatings = (expected: GobaseOptions['expected'], rating: number, opponent: number): number => {
  const p = normalCdf((rating - opponent) / 200);
  return expected === 'normal' ? p : roundHalfUp(snapHalf(100 * p)) / 100;
};

const scoreOf = (g: Game, id: string): Score => (g.a === id ? g.score : ((1 - g.score) as Score));

/** The rating a player enters the event with: his own, else initialRating, else his rank's starting rating. */
export const entryRating = goEntryRating(startingRating);

/**
 * Rates one event (spec §3). Event mode: Δ_X = Σ C(R_X)·(s − Se(R_X − R_opp)) with pre-event ratings, rounded half
 * away from zero once; game mode: per game with current ratings, rounded per game. Handicap games are not rated
 * (the seed has no handicap adjustment). New players not in any game still come out with their starting rating.
 */
export const rateEvent = (
  options: GobaseOptions, players: Record<string, GobasePlayerInput>, games: readonly Game[],
): Decoded<GobaseEventResult> => {
  const known = checkGamePlayers(games, (id) => Object.prototype.hasOwnProperty.call(players, id));
  if (E.isLeft(known)) return known;
  const current: Record<string, GobasePlayer> = {};
  for (const [id, player] of Object.entries(players)) {
    const r = entryRating(player, `input.players.${id}`);
    if (E.isLeft(r)) return r;
    current[id] = { rating: r.right, games: player.games };
  }
  const gamesRated = games.map((g) => (hasHandicap(g) ? notRated('handicap-not-ratable') : RATED));
  const c = (r: number) => cFactor(options.cTable, r);
  /** C of each side of a game; zeroSum gives both the mean, so Se(d) + Se(−d) = 1 makes the changes opposite. */
  const cPair = (ra: number, rb: number): [number, number] =>
    options.zeroSum ? [(c(ra) + c(rb)) / 2, (c(ra) + c(rb)) / 2] : [c(ra), c(rb)];

  if (options.updateMode === 'event') {
    const pre = { ...current };
    const delta = new Map<string, number>();
    const rated = new Map<string, number>();
    games.forEach((g, i) => {
      if (!itemAt(gamesRated, i, 'game').rated) return;
      const ra = playerIn(pre, g.a).rating;
      const rb = playerIn(pre, g.b).rating;
      const [ca, cb] = cPair(ra, rb);
      delta.set(g.a, (delta.get(g.a) ?? 0) + ca * (scoreOf(g, g.a) - expectedFromRatings(options.expected, ra, rb)));
      delta.set(g.b, (delta.get(g.b) ?? 0) + cb * (scoreOf(g, g.b) - expectedFromRatings(options.expected, rb, ra)));
      rated.set(g.a, (rated.get(g.a) ?? 0) + 1).set(g.b, (rated.get(g.b) ?? 0) + 1);
    });
    for (const [id, d] of delta) {
      current[id] = { rating: playerIn(pre, id).rating + roundHalfAwayFromZero(snapHalf(d)), games: playerIn(pre, id).games + rated.get(id)! };
    }
    return E.right({ players: current, gamesRated });
  }

  games.forEach((g, i) => {
    if (!itemAt(gamesRated, i, 'game').rated) return;
    const a = playerIn(current, g.a);
    const b = playerIn(current, g.b);
    const [ca, cb] = cPair(a.rating, b.rating);
    const da = roundHalfAwayFromZero(snapHalf(ca * (g.score - expectedFromRatings(options.expected, a.rating, b.rating))));
    const db = roundHalfAwayFromZero(snapHalf(cb * (1 - g.score - expectedFromRatings(options.expected, b.rating, a.rating))));
    current[g.a] = { rating: a.rating + da, games: a.games + 1 };
    current[g.b] = { rating: b.rating + db, games: b.games + 1 };
  });
  return E.right({ players: current, gamesRated });
};

/** Pre-game expected score of a against b (spec §2). Handicap games have no rule, so this is the even-game value. */
export const expectedScore = (a: GobasePlayer, b: GobasePlayer, _game?: Game, options: GobaseOptions = defaultOptions): number =>
  expectedFromRatings(options.expected, a.rating, b.rating);

const decodePlayer = decodeGoPlayer(startingRating, asInt);

export const gobaseGoRuleSystem: RuleSystem = {
  id: 'gobase-go',
  version: '1',
  title: 'GoBase Elo for go (seed 003): normal curve σ 200, rating-dependent C',
  options: docsOf(optionSpecs),
  ops: {
    'rate-event': (rawOptions, input) => {
      const o = decodeOptions<GobaseOptions>('gobase-go', optionSpecs, rawOptions);
      if (E.isLeft(o)) return o;
      const i = asRecord(input, 'input');
      if (E.isLeft(i)) return i;
      const players = decodePlayers(i.right.players, 'input.players', decodePlayer);
      if (E.isLeft(players)) return players;
      const ps = players.right;
      const games = decodeGames(i.right.games, 'input.games', (id) => Object.prototype.hasOwnProperty.call(ps, id));
      if (E.isLeft(games)) return games;
      return rateEvent(o.right, ps, games.right);
    },
    'expected-score': (rawOptions, input) =>
      pipe(
        decodeOptions<GobaseOptions>('gobase-go', optionSpecs, rawOptions),
        E.chain((o) => pipe(decodeRatingPair(input), E.map(({ rating, opponent }) => ({ value: expectedFromRatings(o.expected, rating, opponent) })))),
      ),
  },
};
