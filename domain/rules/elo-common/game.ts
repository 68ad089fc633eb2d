/**
 * The game shape shared by the rule specs (../shared/rules/README.md, "Game"): `score` is a's score,
 * b gets 1 − score; games are listed in playing order.
 */
export type Score = 0 | 0.5 | 1;

/** The handicap codes every spec names (README, "Handicap codes"); each system decides which it rates. */
export const HANDICAP_CODES = [
  'even', 'sente', 'lance', 'bishop', 'rook', 'rook-lance', '2p', '3p', '3p-right-lance', '3p-left-lance',
  '4p', '5p-right-knight', '5p-left-knight', '6p', '7p', '8p',
] as const;
export type HandicapCode = (typeof HANDICAP_CODES)[number];

export interface Handicap {
  readonly type: HandicapCode;
  /** Absent only for `even`. */
  readonly giver?: string;
}

/** A missing sub-field means 0 (README). */
export interface TimeControl {
  readonly main: number;
  readonly byoyomi: number;
  readonly increment: number;
}

export interface Game {
  readonly a: string;
  readonly b: string;
  readonly score: Score;
  readonly handicap?: Handicap;
  readonly timeControl?: TimeControl;
  /** Go: the stones Black took, as an EGD table writes `/b5`; only a rule set that rates them is handed such a game. */
  readonly goHandicap?: GoHandicap;
  /** The round it was played in, where the system rates by rounds (FESA's file has one token per round). */
  readonly round?: number;
}

export interface GoHandicap {
  readonly stones: number;
  readonly receiver: string;
}

export type ReasonCode =
  | 'time-control' | 'handicap-not-ratable' | 'draw' | 'difference-over-350' | 'not-ratable-event'
  | 'no-anchor' | 'unrated-opponent';

/** One result per game (README, "Result per game"); `only` is Elo's one-sided game. */
export type GameResult =
  | { readonly rated: true }
  | { readonly rated: true; readonly only: string }
  | { readonly rated: false; readonly reason: ReasonCode };

export const RATED: GameResult = { rated: true };
export const notRated = (reason: ReasonCode): GameResult => ({ rated: false, reason });

/** A game with a handicap other than `even`: the Elo-family specs (gobase-go, fide, uscf-k) do not rate it. */
export const hasHandicap = (g: Game): boolean => g.handicap !== undefined && g.handicap.type !== 'even';
