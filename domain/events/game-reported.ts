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
    /** The colour the first player had (chess: White moves first; go: Black), where the source file says it. */
    firstColour: t.keyof({ white: null, black: null }),
    /**
     * What kind of bye (FIDE TRF codes H, F, U, Z, and `0000` with + or -: points without a game, or absence).
     * Never rated, whatever the kind.
     */
    byeKind: t.keyof({ 'half-point': null, 'full-point': null, 'pairing-allocated': null, 'zero-point': null, 'forfeit-win': null, 'forfeit-loss': null }),
    /**
     * The first player's score (1, 0.5, 0) for an `unplayed` game that still counts in the standings: FIDE TRF's
     * W, D, L, a game that lasted less than one move. Never rated.
     */
    shortGameScore: t.union([t.literal(0), t.literal(0.5), t.literal(1)]),
    /** Go: the stones Black received (White gave them), as an EGD file writes `/b5`; needs `firstColour`. */
    handicapStones: Int,
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
  return { ...f, first, second, ...(f.handicap ? { handicap: { ...f.handicap, giver } } : {}) };
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
