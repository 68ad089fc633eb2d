import * as t from 'io-ts';
import { envelope, Handicap, Id, Int, TimeControl } from './common';

/**
 * Result from the first player's point of view. `sennichite` is rated as a draw (seed 000 §6); `unplayed` and the
 * forfeits are never rated; a `bye` has no second player.
 */
export const GAME_RESULTS = ['win', 'loss', 'draw', 'sennichite', 'unplayed', 'forfeit-win', 'forfeit-loss', 'bye'] as const;
export type GameResult = (typeof GAME_RESULTS)[number];
export const GameResultC = t.keyof(Object.fromEntries(GAME_RESULTS.map((r) => [r, null])) as Record<GameResult, null>, 'GameResult');

export const GameFacts = t.intersection([
  t.type({
    round: Int,
    first: Id,
    second: t.union([Id, t.null]),
    result: GameResultC,
  }),
  t.partial({
    handicap: Handicap,
    timeControl: TimeControl,
    /** Game id of the sennichite game this one replays. */
    replayOf: Id,
    /** Display points a FESA file gives for a bye (`0+`): never rated. */
    byePoints: t.number,
  }),
]);
export type GameFacts = t.TypeOf<typeof GameFacts>;

/**
 * A game's facts with its players (and handicap giver) named as the people they are after merges (PlayersMerged):
 * the same object when no id changes.
 */
export const gameAsPeople = <F extends GameFacts>(f: F, survivorOf: (playerId: string) => string): F => {
  const first = survivorOf(f.first);
  const second = f.second === null ? null : survivorOf(f.second);
  const giver = f.handicap === undefined ? undefined : survivorOf(f.handicap.giver);
  if (first === f.first && second === f.second && giver === f.handicap?.giver) return f;
  return { ...f, first, second, ...(f.handicap ? { handicap: { ...f.handicap, giver } } : {}) } as F;
};

export const GameReported = t.intersection([
  t.type({
    type: t.literal('GameReported'),
    version: t.literal(1),
    ...envelope,
    gameId: Id,
    tournamentId: Id,
  }),
  GameFacts,
]);
export type GameReported = t.TypeOf<typeof GameReported>;
