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
