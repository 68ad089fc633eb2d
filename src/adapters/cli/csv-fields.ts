/** The columns of a `game report --csv` file (app/game-fields.ts: a submission's games CSV has them too). */
export { GAME_FIELDS } from '../../app/game-fields';

/** The columns of a `player add --csv` file. */
export const PLAYER_FIELDS = ['id', 'family', 'given', 'country', 'club', 'birth-year', 'date', 'grade', 'grade-source'];

/** The columns of a `player balance --csv` file. */
export const BALANCE_FIELDS = ['id', 'rules', 'rating', 'games', 'grade', 'date', 'reason'];
