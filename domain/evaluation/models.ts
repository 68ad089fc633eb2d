import * as E from 'fp-ts/Either';
import * as gobase from '../rules/gobase-go';
import * as fide from '../rules/fide';
import * as uscf from '../rules/uscf-k';
import * as us from '../rules/us-shogi-1997';
import { EloPlayer } from '../rules/elo-common/elo';
import { RatingModel } from './replay';

/**
 * The rule systems as replay models (typed APIs, default options unless given).
 *
 * Newcomers: a replay of a closed history has no rated player to anchor a first performance rating (the first
 * football match, Scotland–England 1872, is between two newcomers, and under fide/uscf-k's newcomer rule nobody would
 * ever get rated), so every system starts a first-time player at `initialRating` (default 1500): Elo players with
 * 0 games (FIDE: K 40 for their first 30 games), GoBase and US players through their `initialRating` field.
 */
export const DEFAULT_INITIAL_RATING = 1500;

export const gobaseModel = (options: gobase.GobaseOptions = gobase.defaultOptions, initialRating = DEFAULT_INITIAL_RATING): RatingModel<gobase.GobasePlayer> => ({
  id: 'gobase-go',
  newPlayer: () => ({ rating: initialRating, games: 0 }),
  rateEvent: (ev, players) => gobase.rateEvent(options, players, ev.games),
  expectedScore: (a, b, g) => gobase.expectedScore(a, b, g, options),
});

const eloModel = (
  id: string,
  rate: typeof fide.rateEvent,
  options: fide.EloOptions,
  initialRating: number,
): RatingModel<EloPlayer> => ({
  id,
  newPlayer: () => ({ rating: initialRating, games: 0, birthYear: null, reached2400: false }),
  rateEvent: (ev, players) => rate(options, { date: ev.date.length === 7 ? `${ev.date}-01` : ev.date }, players, ev.games),
  expectedScore: (a, b) => fide.expectedScore(a, b),
});

export const fideModel = (options: fide.EloOptions = fide.defaultOptions, initialRating = DEFAULT_INITIAL_RATING) =>
  eloModel('fide', fide.rateEvent, options, initialRating);

export const uscfKModel = (options: fide.EloOptions = uscf.defaultOptions, initialRating = DEFAULT_INITIAL_RATING) =>
  eloModel('uscf-k', uscf.rateEvent, options, initialRating);

/**
 * The US 1997 system is linear and publishes no expected score. Its per-game change for X against Y,
 * f·s + f·d/400 (s = ±1, d = R_Y − R_X handicap-adjusted, clamped to ±350 in tournaments), has zero expectation when
 * P(X wins) = 1/2 − d/800: that straight line is the system's own implied win probability. Used raw it predicts
 * 0.0625..0.9375 with a kink at ±350, so the replay uses the logistic curve with the same slope at d = 0
 * (1/800): E = 1 / (1 + 10^(d/s)) with s = 800·ln(10)/4 ≈ 460.5, after clamping d to ±350 like the system does.
 */
export const US_IMPLIED_LOGISTIC_SCALE = (800 * Math.log(10)) / 4;
const US_MAX_DIFFERENCE = 350;

export const usImpliedExpectedScore = (ratingA: number, ratingB: number): number => {
  const d = Math.max(-US_MAX_DIFFERENCE, Math.min(US_MAX_DIFFERENCE, ratingB - ratingA));
  return 1 / (1 + Math.pow(10, d / US_IMPLIED_LOGISTIC_SCALE));
};

export const usShogiModel = (variant: us.UsVariant, initialRating = DEFAULT_INITIAL_RATING): RatingModel<us.UsPlayerIn> => ({
  id: `us-shogi-1997-${variant}`,
  // 1-dan is the rank whose range (1500–1699) holds the default start.
  newPlayer: () => ({ rating: null, rank: '1-dan', games: 0, streaks: {}, initialRating }),
  rateEvent: (ev, players) =>
    E.map((r: us.UsEventResult) => ({ players: r.players }))(
      us.rateEvent(us.US_DEFAULTS[variant], { kind: 'tournament' }, players, ev.games)),
  expectedScore: (a, b) => usImpliedExpectedScore(us.preEventRating(a), us.preEventRating(b)),
});

