import * as E from 'fp-ts/Either';
import { describedBy, typedOptions, type GameTerms, type RuleSet, type TournamentFacts } from '../contract';
import { checkGamePlayers } from '../elo-common/decode';
import type { Game, Score } from '../elo-common/game';
import { entryRating } from '../shared/grade-text';
import {
  closedBefore, defaultFideOptions, differenceUsed, gameDelta, kOf, nextState, rateFideTournament, ratingsInForce, unratedPlayer,
  type FideOptions, type FidePlayer,
} from './engine';
import { fide2024RuleSystem } from './ops';
import { listMonthOf } from './periods';
import { pdHundredths } from './tables';

const twoDecimals = (hundredths: number): string => (hundredths / 100).toFixed(2);

/**
 * A game as FIDE's table gives it, for `explain`: both players' ratings in force when the tournament's list is made
 * (earlier periods closed), the difference used, PD and K × (score − PD), at two decimals as FIDE prints them.
 */
const fideGameTerms = (o: FideOptions, t: TournamentFacts, me: FidePlayer, opp: FidePlayer, g: Game, meId: string): GameTerms => {
  const { date } = t;
  const list = listMonthOf(date);
  const mine = closedBefore(me, list);
  const theirs = closedBefore(opp, list);
  const tournament = { date, start: t.startDate };
  if (mine.rating === null) {
    return { opponentRatingUsed: theirs.rating, expected: null, terms: { newcomer: 'pooled for a first rating: Ra + dp with two hypothetical 1800 draws (§8.2)' } };
  }
  if (theirs.rating === null) return { opponentRatingUsed: null, expected: null, terms: { note: 'a game against an unrated player changes only his rating (§8.3.1)' } };
  const score = (g.a === meId ? g.score : 1 - g.score) as Score;
  const [ro, rc] = [ratingsInForce(tournament, list, me)!, ratingsInForce(tournament, list, opp)!];
  const { pd, delta, difference } = gameDelta(o, date, ro, rc, score);
  const k = mine.period?.list === list ? mine.period.k : kOf({ ...mine, rating: mine.rating }, Number(date.slice(0, 4)));
  return {
    opponentRatingUsed: rc,
    expected: pd / 100,
    terms: { D: ro - rc, ...(difference !== ro - rc ? { Dused: difference } : {}), PD: twoDecimals(pd), K: k, change: twoDecimals(k * delta), list },
  };
};

/**
 * FIDE's rating as FIDE computes it since 1 March 2024. A player's rating in the ledger is the one his next FIDE list
 * gives: the published rating with the open period's change applied (see engine.ts).
 */
export const fide2024RuleSet: RuleSet<FidePlayer, FideOptions> = {
  ...describedBy(fide2024RuleSystem),
  options: typedOptions(fide2024RuleSystem, defaultFideOptions),
  newPlayer: (p, entry) => {
    const rating = entryRating(p, entry);
    return rating === undefined ? unratedPlayer(p.birthYear ?? null) : { ...unratedPlayer(p.birthYear ?? null), rating, reached2400: rating >= 2400 };
  },
  rateTournament: (o, t, players, games) => {
    const checked = checkGamePlayers(games, (id) => Object.prototype.hasOwnProperty.call(players, id));
    return E.isLeft(checked) ? checked : E.right(rateFideTournament(o, { date: t.date, start: t.startDate }, players, games));
  },
  rating: (s) => nextState(s).rating,
  games: (s) => nextState(s).games,
  provisional: () => false,
  // an officer's rating is the one on the list: the open period is taken as rated into it
  setRating: (s, rating) => ({ ...s, rating, games: nextState(s).games, reached2400: s.reached2400 || rating >= 2400, period: null, pool: [] }),
  defaultBalanceGames: 30,
  openingState: (b) =>
    b.grade !== undefined
      ? E.left('fide-2024 has no grades; leave the grade out')
      : E.right({ ...unratedPlayer(b.birthYear ?? null), rating: b.rating, games: b.games, reached2400: b.rating >= 2400 }),
  expectedScore: (o, a, b) => {
    const [ra, rb] = [nextState(a).rating, nextState(b).rating];
    return ra === null || rb === null ? null : pdHundredths(differenceUsed(o, undefined, ra, rb)) / 100;
  },
  gameTerms: (o, t, me, opp, g, meId) => fideGameTerms(o, t, me, opp, g, meId),
};
