import * as E from 'fp-ts/Either';
import { usImpliedExpectedScore } from '../../evaluation/models';
import type { Game } from '../elo-common/game';
import { describedBy, DEFAULT_ENTRY_RATING, typedOptions, type RuleSet } from '../contract';
import { entryRating, onScale, receivesHandicap, shogiGrade } from '../shared/grade-text';
import { PROMOTION_GAMES } from './tables';
import * as us from './index';

/** The US rank whose range holds a rating (the rank a starting rating "comes from"). */
export const usRankOf = (rating: number): us.UsRank => {
  let rank: us.UsRank = us.US_RANKS[0];
  for (const r of us.US_RANKS) if (us.rankLowerBound(r) <= rating) rank = r;
  return rank;
};

const US_HV: Partial<Record<string, number>> = {
  even: 0, sente: 25, lance: 50, bishop: 250, rook: 300, 'rook-lance': 400, '2p': 600, '3p': 650, '3p-right-lance': 650,
  '3p-left-lance': 650, '4p': 750, '5p-right-knight': 900, '5p-left-knight': 1050, '6p': 1200,
};
const usHandicapValue = (g: Game): number | undefined => US_HV[g.handicap?.type ?? 'even'];
const scoreOf = (g: Game, id: string): number => (g.a === id ? g.score : 1 - g.score);

/** US Shogi 1997, in its text or card variant: a rating and a rank (§4), promotion streaks as its counters. */
const usRuleSet = (variant: us.UsVariant): RuleSet<us.UsPlayerIn, us.UsOptions> => {
  const system = variant === 'text' ? us.usShogi1997Text : us.usShogi1997Card;
  return {
    ...describedBy(system),
    options: typedOptions(system, us.US_DEFAULTS[variant]),
    newPlayer: (p, entry) => {
      const start = entryRating(p, entry);
      if (start !== undefined) return { rating: null, rank: usRankOf(start), games: 0, streaks: {}, initialRating: start };
      const rank = shogiGrade(p.grade);
      return rank !== undefined
        ? { rating: null, rank, games: 0, streaks: {} }
        : { rating: null, rank: usRankOf(DEFAULT_ENTRY_RATING), games: 0, streaks: {}, initialRating: DEFAULT_ENTRY_RATING };
    },
    rateTournament: (o, _t, players, games) => us.rateEvent(o, { kind: 'tournament' }, players, games),
    rating: (s) => s.rating,
    games: (s) => s.games,
    provisional: () => false,
    grades: {
      of: (s) => s.rank,
      entersWith: (s) => (s.rating === null ? s.rank : null),
      ruleOf: (rank) => ({
        kind: 'promotion',
        rule: `${PROMOTION_GAMES} consecutive rated games at or above ${us.rankLowerBound(rank as us.UsRank)}, the lower bound of ${rank} (§4)`,
      }),
    },
    // §4: the run of consecutive rated games at or above each higher rank's lower bound, which promotes at 20
    counters: (s) => Object.fromEntries(Object.entries(s.streaks).flatMap(([rank, n]) => (n === undefined || n === 0 ? [] : [[`promotionStreak.${rank}`, n]]))),
    setRating: (s, rating) => ({ rating, rank: s.rank, games: s.games, streaks: s.streaks }),
    oneTimeConversion: us.convert1997,
    defaultBalanceGames: 0,
    openingState: (b) => {
      // a list without ranks: the rank whose range holds the rating, as a starting rating's rank
      const rank = b.grade === undefined ? E.right<string, string>(usRankOf(b.rating)) : onScale(b.grade, us.US_RANKS, 'US Shogi rank');
      return E.map((r: string) => ({ rating: b.rating, rank: r as us.UsRank, games: b.games, streaks: {} }))(rank);
    },
    // The US system publishes no expected score: the implied logistic curve (domain/evaluation/models.ts).
    expectedScore: (_o, a, b) => usImpliedExpectedScore(us.preEventRating(a), us.preEventRating(b)),
    gameTerms: (o, _t, me, opp, g, meId) => {
      const [r, q] = [us.preEventRating(me), us.preEventRating(opp)];
      const hv = usHandicapValue(g);
      const d = q + (hv !== undefined && receivesHandicap(g, meId === g.a ? g.b : g.a) ? hv : 0) - (r + (hv !== undefined && receivesHandicap(g, meId) ? hv : 0));
      const f = us.bracketFactor(o, r);
      const clamped = Math.max(-350, Math.min(350, d));
      return {
        opponentRatingUsed: q,
        expected: usImpliedExpectedScore(r, q),
        terms: {
          bracket: `${f / 4} % / ${f}`, factor: f, percentage: f / 4, difference: d,
          resultPoints: scoreOf(g, meId) === 1 ? f : scoreOf(g, meId) === 0 ? -f : 0,
          percentageTerm: (f * clamped) / 400,
        },
      };
    },
  };
};

export const usShogi1997TextRuleSet = usRuleSet('text');
export const usShogi1997CardRuleSet = usRuleSet('card');
