import * as E from 'fp-ts/Either';
import type { RuleSystem } from '../rule-system';
import { describedBy, typedOptions, type RatedTournament, type RuleSet } from '../contract';
import { entryRating } from '../shared/grade-text';
import type { Game } from './game';
import type { RuleError } from '../rule-system';
import { defaultEloOptions, eloExpectedScore, type EloEvent, type EloOptions, type EloPlayer, type RatedEloPlayer } from './elo';

type RateEloEvent = (o: EloOptions, ev: EloEvent, players: Record<string, EloPlayer>, games: readonly Game[]) => E.Either<RuleError, RatedTournament<EloPlayer>>;

/** FIDE and USCF: one Elo state, differing in their K-factor; no grades, no provisional category. */
export const eloRuleSet = (system: RuleSystem, rate: RateEloEvent, kOf: (p: RatedEloPlayer, year: number | undefined) => number, balanceGames: number): RuleSet<EloPlayer, EloOptions> => ({
  ...describedBy(system),
  options: typedOptions(system, defaultEloOptions),
  newPlayer: (p, entry) => ({ rating: entryRating(p, entry) ?? null, games: 0, birthYear: p.birthYear ?? null, reached2400: false }),
  rateTournament: (o, t, players, games) => rate(o, { date: t.date }, players, games),
  rating: (s) => s.rating,
  games: (s) => s.games,
  provisional: () => false,
  setRating: (s, rating) => ({ ...s, rating, reached2400: s.reached2400 || rating >= 2400 }),
  defaultBalanceGames: balanceGames,
  openingState: (b) =>
    b.grade !== undefined
      ? E.left(`${system.id} has no grades; leave the grade out`)
      // reached2400 is kept for ever by the system; a legacy rating at or above it has reached it
      : E.right({ rating: b.rating, games: b.games, birthYear: b.birthYear ?? null, reached2400: b.rating >= 2400 }),
  expectedScore: (_o, a, b) => eloExpectedScore(a, b),
  gameTerms: (_o, t, me, opp) => ({
    opponentRatingUsed: opp.rating,
    expected: eloExpectedScore(me, opp),
    terms: me.rating === null
      ? { newcomer: 'linear performance rating of this event' }
      : { K: kOf(me as RatedEloPlayer, Number(t.date.slice(0, 4))), games: me.games },
  }),
});
