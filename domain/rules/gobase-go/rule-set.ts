import * as E from 'fp-ts/Either';
import { describedBy, typedOptions, type RuleSet } from '../contract';
import { goNewPlayer, goOpeningState, goStartRating } from '../shared/go-player';
import * as gobase from './index';

/** GoBase's scale (spec gobase-go.md §1): 100 points a grade, 1 dan = 1900, 1 pro = 2500, 25 points a pro grade. */
export const goGradeOf = (rating: number): string => {
  if (rating >= 2500) return `${Math.min(9, Math.floor((rating - 2500) / 25) + 1)}-pro`;
  if (rating >= 1900) return `${Math.floor((rating - 1900) / 100) + 1}-dan`;
  return `${Math.min(30, Math.ceil((1900 - rating) / 100))}-kyu`;
};

const start = goStartRating(gobase.startingRating);

/** GoBase keeps only a rating; its grade is read off its own scale, so it changes with the rating, either way. */
export const gobaseGoRuleSet: RuleSet<gobase.GobasePlayerInput, gobase.GobaseOptions> = {
  ...describedBy(gobase.gobaseGoRuleSystem),
  options: typedOptions(gobase.gobaseGoRuleSystem, gobase.defaultOptions),
  newPlayer: goNewPlayer,
  rateTournament: (o, _t, players, games) => gobase.rateEvent(o, players, games),
  rating: (s) => s.rating,
  games: (s) => s.games,
  provisional: () => false,
  grades: {
    of: (s) => (s.rating === null ? null : goGradeOf(s.rating)),
    ruleOf: (grade, rating) => ({
      kind: 'scale',
      rule: `a rating of ${rating} lies in ${grade}'s range on GoBase's scale: 100 points a grade, 1 dan = 1900, 1 pro = 2500 (§1)`,
    }),
  },
  setRating: (s, rating) => ({ rating, games: s.games }),
  defaultBalanceGames: 0,
  // the grade is read off the rating (§1): a legacy list's grade that disagrees with its rating would be dropped unseen
  openingState: (b) => {
    const state = goOpeningState(gobase.startingRating)(b);
    if (E.isRight(state) && state.right.rank !== undefined && state.right.rank !== goGradeOf(b.rating)) {
      return E.left(`grade "${b.grade}" disagrees with the rating ${b.rating}, which GoBase's scale reads as ${goGradeOf(b.rating)} (100 points a grade, 1 dan = 1900, §1): GoBase reads the grade off the rating, so leave the grade out`);
    }
    return state;
  },
  expectedScore: (o, a, b) => {
    const [ra, rb] = [start(a), start(b)];
    return ra === null || rb === null ? null : gobase.expectedFromRatings(o.expected, ra, rb);
  },
  gameTerms: (o, _t, me, opp) => {
    const [r, q] = [start(me), start(opp)];
    return {
      opponentRatingUsed: q,
      expected: r === null || q === null ? null : gobase.expectedFromRatings(o.expected, r, q),
      terms: r === null ? {} : { C: gobase.cFactor(o.cTable, r), cTable: o.cTable, ...(me.rating === null ? { startingRating: r } : {}) },
    };
  },
};
