/**
 * The columns of a games CSV (`game report --csv`, a games submission) and how a number is written in one. Kept
 * apart from their use (game-rows.ts) so that `ledger --help`, which prints them, loads nothing else.
 */
export const GAME_FIELDS = ['game', 'tournament', 'round', 'first', 'second', 'result', 'date', 'handicap', 'giver', 'main', 'byoyomi', 'increment', 'replay-of'];

/** A number as an officer writes one in a flag or a cell: digits, maybe a sign and decimals (never 1e3 or 0x10). */
export const DECIMAL = /^-?\d+(\.\d+)?$/;
