import { describedBy, typedOptions, type RuleSet } from '../contract';
import { goNewPlayer, goOpeningState, goStartRating } from '../shared/go-player';
import * as gor from './index';

const start = goStartRating(gor.startingGor);

/**
 * The EGD's GoR. Grades are declared by the players, not earned from the rating (the EGD lists both side by side),
 * so the rule set has no `grades`: the declared grade only places a newcomer on the scale.
 */
export const egdGorRuleSet: RuleSet<gor.GorPlayerInput, gor.EgdGorOptions> = {
  ...describedBy(gor.egdGorRuleSystem),
  options: typedOptions(gor.egdGorRuleSystem, gor.defaultOptions),
  ratesGoHandicap: true,
  newPlayer: goNewPlayer,
  rateTournament: (o, t, players, games) => gor.rateEvent(o, t, players, games),
  rating: (s) => s.rating,
  games: (s) => s.games,
  provisional: () => false,
  setRating: (s, rating) => ({ rating, games: s.games }),
  defaultBalanceGames: 0,
  openingState: goOpeningState(gor.startingGor),
  expectedScore: (_o, a, b, g) => {
    const [ra, rb] = [start(a), start(b)];
    return ra === null || rb === null ? null : gor.expectedOf(g, g.a, ra, rb);
  },
  gameTerms: (o, t, me, opp, g, meId) => {
    const [r, q] = [start(me), start(opp)];
    if (r === null || q === null) return { opponentRatingUsed: q, expected: null, terms: {} };
    const received = g.goHandicap !== undefined && g.goHandicap.stones > 0 ? g.goHandicap : undefined;
    return {
      opponentRatingUsed: q,
      expected: gor.expectedOf(g, meId, r, q),
      terms: {
        con: gor.con(r), bonus: gor.bonus(r), classWeight: gor.classWeightOf(o, t),
        ...(received ? { handicapStones: received.stones, handicapPoints: gor.handicapPoints(received.stones), receiver: received.receiver } : {}),
        ...(me.rating === null ? { startingRating: r } : {}),
      },
    };
  },
};
