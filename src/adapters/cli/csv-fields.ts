/** The columns of a `game report --csv` file. */
export const GAME_FIELDS = ['game', 'tournament', 'round', 'first', 'second', 'result', 'date', 'handicap', 'giver', 'main', 'byoyomi', 'increment', 'replay-of'];

/** The columns of a `player add --csv` file. */
export const PLAYER_FIELDS = ['id', 'family', 'given', 'country', 'club', 'birth-year', 'date', 'grade', 'grade-source'];

/** The columns of a `player balance --csv` file. */
export const BALANCE_FIELDS = ['id', 'rules', 'rating', 'games', 'grade', 'date', 'reason'];
