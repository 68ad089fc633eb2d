import * as E from 'fp-ts/Either';
import { notRated, RATED, type Game, type GameResult } from '../elo-common/game';
import type { TournamentFacts } from '../contract';
import type { RuleError } from '../rule-system';
import { eventPlayerName } from './event-check';
import { FESA_HANDICAP_OF, fesaTimeControlRatable } from './game-rules';
import type { FesaEvent, FesaEventPlayer, FesaHandicapType, FesaPlayer, FesaRound } from './types';

/**
 * The event file the official program would read for one tournament given through the rule-set contract: the
 * seating, one round token per round, byes and games FESA does not rate as opponent 0 (which the program skips).
 * The projection builds the same file from the ledger's game facts (projections/fesa/tournament-event.ts); both
 * decide what FESA rates with game-rules.ts.
 */
export interface ContractEvent {
  readonly event: FesaEvent;
  /** The player of each line of the file, in file order. */
  readonly seating: readonly string[];
  /** Per game of the input, in its order: rated, or why not. */
  readonly gamesRated: readonly GameResult[];
}

const ruleError = (field: string, message: string): E.Either<RuleError, never> => E.left({ field, message });

/** The reason FESA does not rate a game, or undefined when it does. */
const unratable = (g: Game): GameResult | undefined => {
  const tc = g.timeControl;
  if (tc && !fesaTimeControlRatable(tc.main, tc.byoyomi, tc.increment)) return notRated('time-control');
  if (g.handicap && g.handicap.type !== 'even' && FESA_HANDICAP_OF[g.handicap.type] === undefined) return notRated('handicap-not-ratable');
  return undefined;
};

/** The games' indexes in playing order: by round where given (stable), those without a round after them. */
const byRound = (games: readonly Game[]): number[] =>
  games.map((_, i) => i).sort((x, y) => (games[x]!.round ?? Infinity) - (games[y]!.round ?? Infinity) || x - y);

/** Seats the entrants, then each player the games name, in the order the games are played. */
const seatingOf = (t: TournamentFacts, games: readonly Game[]): string[] => {
  const seats = new Set<string>(t.entrants ?? []);
  for (const i of byRound(games)) {
    seats.add(games[i]!.a);
    seats.add(games[i]!.b);
  }
  for (const b of t.byes ?? []) seats.add(b.playerId);
  return [...seats];
};

export const contractEvent = (t: TournamentFacts, players: Readonly<Record<string, FesaPlayer>>, games: readonly Game[]): E.Either<RuleError, ContractEvent> => {
  const seating = seatingOf(t, games);
  const lineOf = new Map(seating.map((id, i) => [id, i + 1]));
  const givers = new Set(t.simultaneousGivers ?? []);
  const tokens = seating.map(() => new Map<number, FesaRound>());
  const place = (id: string, round: number, token: FesaRound, field: string): E.Either<RuleError, void> => {
    const mine = tokens[lineOf.get(id)! - 1]!;
    if (mine.has(round)) return ruleError(field, `${id} has two games in round ${round}; FESA's file has one token per player and round.`);
    mine.set(round, token);
    return E.right(undefined);
  };
  const lastRound = (id: string): number => Math.max(0, ...tokens[lineOf.get(id)! - 1]!.keys());
  const nextRound = (g: Game): number => g.round ?? Math.max(lastRound(g.a), lastRound(g.b)) + 1;
  for (const b of t.byes ?? []) {
    const placed = place(b.playerId, b.round, { opponentIndex: 0, score: b.points }, `tournament.byes`);
    if (E.isLeft(placed)) return placed;
  }
  const gamesRated: GameResult[] = [];
  // games without a round take each player's next round after those the others name
  for (const i of byRound(games)) {
    const g = games[i]!;
    const round = nextRound(g);
    const reason = unratable(g);
    const type: FesaHandicapType | undefined = g.handicap && g.handicap.type !== 'even' ? FESA_HANDICAP_OF[g.handicap.type] : undefined;
    const sides: [string, string, 0 | 0.5 | 1][] = [[g.a, g.b, g.score], [g.b, g.a, (1 - g.score) as 0 | 0.5 | 1]];
    for (const [me, other, score] of sides) {
      if (givers.has(me)) continue;
      const token: FesaRound = reason
        ? { opponentIndex: 0, score: 0 }
        : { opponentIndex: lineOf.get(other)!, score, ...(type ? { handicap: { side: g.handicap!.giver === me ? '-' : '+', type } } : {}) };
      const placed = place(me, round, token, `games[${i}]`);
      if (E.isLeft(placed)) return placed;
    }
    const giver = [g.a, g.b].find((id) => givers.has(id));
    gamesRated[i] = reason ?? (giver === undefined ? RATED : { rated: true, only: giver === g.a ? g.b : g.a });
  }
  // a round a player has no token in is opponent 0, which the program skips
  const rounds = tokens.map((mine) => Array.from({ length: Math.max(0, ...mine.keys()) }, (_, r): FesaRound => mine.get(r + 1) ?? { opponentIndex: 0, score: 0 }));
  const named = eventPlayers(t, seating, givers, rounds, players);
  if (E.isLeft(named)) return named;
  return E.right({ event: { name: t.name ?? '', date: t.date, players: named.right }, seating, gamesRated });
};

/** Each line's player under the name his record holds (the program finds his record by it). */
const eventPlayers = (
  t: TournamentFacts,
  seating: readonly string[],
  givers: ReadonlySet<string>,
  rounds: readonly FesaRound[][],
  players: Readonly<Record<string, FesaPlayer>>,
): E.Either<RuleError, FesaEventPlayer[]> => {
  const out: FesaEventPlayer[] = [];
  const seatOfName = new Map<string, string>();
  for (const [i, id] of seating.entries()) {
    // a simultaneous giver is not rated: the program makes him a record of his own, so he may have none
    const record = players[id] ?? (givers.has(id) ? { lastName: id, firstName: '' } : undefined);
    if (record === undefined) return ruleError(`players.${id}`, `${id} plays in the tournament but has no FESA state; a newcomer enters with the rule set's newPlayer.`);
    const name = eventPlayerName(record);
    const twin = seatOfName.get(name);
    if (twin !== undefined && !givers.has(id)) return ruleError(`players.${id}`, `${id} and ${twin} both bear the name "${name}" in one tournament; FESA tells its players apart by name.`);
    if (!givers.has(id)) seatOfName.set(name, id);
    out.push({
      lastName: record.lastName,
      firstName: record.firstName,
      supplements: '',
      rounds: givers.has(id) ? [] : rounds[i]!,
      simultaneousGiver: givers.has(id),
      macmahon: t.macMahon?.[id] ?? 0,
    });
  }
  return E.right(out);
};
