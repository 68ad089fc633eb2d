/**
 * A FIDE Tournament Report File as read (TRF16 or TRF-2026): what the TRF use cases take in and give out. The fixed
 * columns are the parser's and printer's business (src/adapters/formats/trf.ts); the meaning of a result code is the
 * spec's, so it lives here with the shapes.
 */

/** Result codes of the player section (both versions; letters are case-insensitive). */
export const TRF_RESULT_CODES = ['1', '0', '=', '+', '-', 'W', 'D', 'L', 'H', 'F', 'U', 'Z'] as const;
export type TrfResultCode = (typeof TRF_RESULT_CODES)[number];

export interface TrfRoundEntry {
  readonly round: number;
  /** Starting rank of the scheduled opponent; null for `0000` or four blanks (bye, absent, not paired). */
  readonly opponent: number | null;
  /** Scheduled colour; null for `-` or blank (bye or not paired). */
  readonly colour: 'w' | 'b' | null;
  /** A blank result is `Z` (spec: "(blank) equivalent to Z"). */
  readonly result: TrfResultCode;
}

export interface TrfPlayer {
  readonly line: number;
  readonly startRank: number;
  readonly sex: string;
  readonly title: string;
  /** "Lastname, Firstname" as written. */
  readonly name: string;
  readonly rating: number | null;
  readonly federation: string;
  readonly fideId: string | null;
  readonly birthYear: number | null;
  /** Columns 86-89: the final rank ("exact definition, ties allowed"); null when blank. */
  readonly rank: number | null;
  readonly rounds: readonly TrfRoundEntry[];
}

/** One game, read once from the two lines that report it; `first` is White where colours are given. */
export interface TrfGame {
  readonly round: number;
  readonly first: number;
  readonly second: number;
  readonly firstColour: 'white' | 'black' | null;
  /** The first player's result code. */
  readonly result: TrfResultCode;
}

/** A round entry with no opponent: a bye of some kind (H F U Z, or `+`/`-` without a game). */
export interface TrfBye {
  readonly round: number;
  readonly player: number;
  readonly result: TrfResultCode;
}

export interface TrfTournament {
  readonly version: 'TRF16' | 'TRF-2026';
  readonly name: string;
  readonly city: string;
  readonly federation: string;
  readonly startDate: string | null;
  readonly endDate: string | null;
  /** Round n's date at index n-1 (ISO), null where the 132 record leaves it blank. */
  readonly roundDates: readonly (string | null)[];
  /** Record 102 ('' when there is none) and the 112 records, one a deputy. */
  readonly chiefArbiter: string;
  readonly deputyArbiters: readonly string[];
  readonly players: readonly TrfPlayer[];
  readonly games: readonly TrfGame[];
  readonly byes: readonly TrfBye[];
}

/** The default scoring of record 162 (W 1.0, D 0.5, L and absence 0.0, pairing-allocated bye as a win). */
const POINTS: Record<TrfResultCode, number> = { '1': 1, '0': 0, '=': 0.5, '+': 1, '-': 0, W: 1, D: 0.5, L: 0, H: 0.5, F: 1, U: 1, Z: 0 };

/** A player's points (columns 81-84) under the default scoring. */
export const trfPoints = (rounds: readonly Pick<TrfRoundEntry, 'result'>[]): number => rounds.reduce((sum, r) => sum + POINTS[r.result], 0);
