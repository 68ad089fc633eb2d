/**
 * A European Go Database tournament table as read (.h, .h9): what `egd import` takes in. Reading the file's columns
 * and its quirks is the parser's business (src/adapters/formats/egd.ts).
 */

export type EgdSymbol = '+' | '-' | '=';

export interface EgdResult {
  readonly round: number;
  /** The opponent's place; null for `0`, a round without a game. */
  readonly opponent: number | null;
  readonly symbol: EgdSymbol;
  readonly colour: 'b' | 'w' | null;
  /** Handicap stones ("/w" is "/w0"). */
  readonly stones: number;
  /** `!`: the result stands without the game being played. */
  readonly unplayed: boolean;
}

export interface EgdPlayer {
  readonly line: number;
  readonly place: number;
  readonly familyName: string;
  readonly givenName: string;
  /** `4-dan`, `15-kyu`, `1-pro`: the go ranks of the rule sets (domain/rules/gobase-go/rank.ts). */
  readonly rank: string;
  readonly country: string;
  readonly club: string;
  readonly pin: string | null;
  readonly results: readonly EgdResult[];
}

/** One game from the two lines that report it; `first` is Black where colours are given. */
export interface EgdGame {
  readonly round: number;
  readonly first: number;
  readonly second: number;
  readonly firstColour: 'black' | null;
  /** The first player's symbol; `-` on both lines is a game both lost. */
  readonly symbol: EgdSymbol;
  readonly bothLost: boolean;
  readonly stones: number;
  readonly unplayed: boolean;
}

export interface EgdBye {
  readonly round: number;
  readonly player: number;
  readonly symbol: EgdSymbol;
}

export interface EgdTournament {
  readonly tournamentClass: string;
  readonly name: string;
  readonly place: string;
  readonly startDate: string;
  readonly endDate: string;
  readonly handicapRule: string;
  readonly komi: string;
  readonly players: readonly EgdPlayer[];
  readonly games: readonly EgdGame[];
  readonly byes: readonly EgdBye[];
}

