/**
 * Plain values of the FESA rating system, shaped after the records of the official program
 * (turnering.lisp, kota/elo_rating 0799f15) so that a rating list can be read and written back byte for byte.
 */

/** One `#S(HOME …)` entry of :NATIONALITY-LIST. `list` is the list the entry belongs to (E = Europe, A = America). */
export interface FesaHome {
  readonly list: string | null;
  readonly nationality: string | null;
  readonly residens: string | null;
  readonly last: string | null;
}

/** A game result as the program stores it: 1 win, 0 loss, 1/2 draw (printed `1/2`). */
export type FesaScore = 0 | 0.5 | 1;

/** One entry of a provisional player's :GAMES history: `(opponent-rating result weight)`. */
export interface FesaHistoryGame {
  readonly opponentRating: number;
  readonly score: FesaScore;
  readonly weight: number;
}

/** `(:LB n flag)`: current streak of games above the LB of the next grade; flag = one of them was above its MP. */
export interface FesaLbCount {
  readonly n: number;
  readonly reachedMp: boolean;
}

/** Games counted towards 7b (dan promotion) for one target dan grade: how many and against whom. */
export interface FesaDanQualifying {
  readonly games: number;
  readonly opponents: readonly string[];
}

/**
 * State the published-rules variant needs and the official program does not have.
 * Never printed by the rating-list writer.
 */
export interface FesaPlayerExtension {
  /** Keyed by target dan level (1..5). */
  readonly danQualifying?: Readonly<Record<number, FesaDanQualifying>>;
}

/** The `#S(PLAYER …)` record, every field in the program's print order. */
export interface FesaPlayer {
  readonly lastName: string;
  readonly firstName: string;
  readonly nationalityList: readonly FesaHome[];
  readonly gradeLevel: number;
  /** "" (no grade), "Kyu", "Dan" or "Pro". */
  readonly gradeName: string;
  readonly nsrGradeLevel: number;
  readonly nsrGradeName: string;
  /** 0 = never rated. */
  readonly eloNumber: number;
  /** Integer = total games of an established player; list = history of a provisional player. */
  readonly games: number | readonly FesaHistoryGame[];
  readonly lastPlayed: string | null;
  readonly lbCount: FesaLbCount | null;
  /** `(:MP n)` */
  readonly mpCount: number | null;
  readonly bonusCount: number;
  readonly extension?: FesaPlayerExtension;
}

export type FesaHandicapSide = '+' | '-';
/** Handicap types as written in turnering.txt (compared case-insensitively). */
export type FesaHandicapType = 'M' | 'L' | 'B' | 'R' | 'RL' | '2p' | '4p' | '5p' | '6p' | 'S';

export interface FesaHandicap {
  /** `+` = this player is helped by the handicap (receiver), `-` = this player gives it. */
  readonly side: FesaHandicapSide;
  readonly type: FesaHandicapType;
}

/** One round of one event player. opponentIndex is the 1-based line number in the player block, 0 = nobody. */
export interface FesaRound {
  readonly opponentIndex: number;
  readonly score: FesaScore;
  readonly handicap?: FesaHandicap;
}

export interface FesaEventPlayer {
  readonly lastName: string;
  readonly firstName: string;
  readonly supplements: string;
  /** Rounds in round order; empty for a simultaneous-display giver. */
  readonly rounds: readonly FesaRound[];
  /** `&`: a simultaneous-display giver whose games come from the opponents' lines. */
  readonly simultaneousGiver: boolean;
  /** Optional 4th bracket (display only, but it orders American events). */
  readonly macmahon: number;
  /** Line in turnering.txt, for messages. */
  readonly line?: number;
}

export interface FesaEvent {
  readonly name: string;
  /** YYYY-MM-DD, compared as a string like the program does. */
  readonly date: string;
  readonly players: readonly FesaEventPlayer[];
}

export type FesaErrorCode =
  | 'unknown-player'
  | 'already-rated'
  | 'duplicate-player'
  | 'inconsistent-round'
  | 'unknown-grade'
  | 'no-convergence'
  | 'unsupported';

export interface FesaError {
  readonly code: FesaErrorCode;
  /** One clear sentence naming the player / round and what was expected. */
  readonly message: string;
  /** Line of turnering.txt the error is about, when known. */
  readonly line?: number;
}

// ---------------------------------------------------------------------------------------------------------
// Report: why every number came out as it did.

export interface FesaGameExplanation {
  readonly round: number | null;
  /** Opponent as "last first", or "history"/"grade" for phantom games. */
  readonly opponent: string;
  readonly opponentRatingUsed: number;
  readonly score: FesaScore;
  readonly handicap?: FesaHandicap;
}

/** The terms of one game of an established player (seed 000 §1, §5). */
export interface FesaEstablishedTerms {
  /** Player's running rating before this game. */
  readonly ratingBefore: number;
  readonly expected: number;
  readonly k: number;
  readonly normal: number;
  /** Set when the upset rule fired (its value replaced or was added to `normal`). */
  readonly upset: number | null;
  readonly bonus: number;
  readonly change: number;
}

export interface FesaEstablishedGame extends FesaGameExplanation, FesaEstablishedTerms {}

export type FesaPromotionRule = 'UB' | 'MP-streak' | 'LB-streak' | 'look-ahead' | 'provisional-UB+1';

export interface FesaPromotion {
  readonly fromLevel: number;
  readonly fromName: string;
  readonly toLevel: number;
  readonly toName: string;
  readonly rule: FesaPromotionRule;
  /** Index (1-based) of the game in the rated game list at which it fired; null for look-ahead. */
  readonly gameIndex: number | null;
}

export interface FesaPlayerReport {
  readonly lastName: string;
  readonly firstName: string;
  readonly method: 'standard' | 'performance' | 'not-rated';
  readonly preRating: number;
  readonly postRating: number;
  /** Established: game by game. */
  readonly games?: readonly FesaEstablishedGame[];
  /** Provisional: the list used for the solve. */
  readonly performanceGames?: readonly FesaGameExplanation[];
  /** 'solve', 'all-losses' (rating 1) or 'all-wins' (extra draw against the strongest entry). */
  readonly performanceCase?: 'solve' | 'all-losses' | 'all-wins';
  readonly performanceRating?: number;
  readonly newtonSteps?: number;
  readonly promotions: readonly FesaPromotion[];
}

export interface FesaRatingReport {
  /** Gauss–Seidel passes until no integer result changed. */
  readonly iterations: number;
  readonly origin: string;
  readonly players: readonly FesaPlayerReport[];
}

export interface FesaRatingResult {
  /** The new rating list in output order. */
  readonly list: readonly FesaPlayer[];
  /**
   * The same records in input order: the new players, then the list (what a caller that keeps its own index of the
   * records it passed reads, instead of finding each record again by name).
   */
  readonly inInputOrder: readonly FesaPlayer[];
  readonly report: FesaRatingReport;
}
