import * as E from 'fp-ts/Either';
import type { Game, GameResult } from './elo-common/game';
import type { OptionDoc, RuleError, RuleSystem } from './rule-system';

/**
 * The one contract every rule set the generic fold rates implements (domain/rules/<id>/rule-set.ts), so that the fold,
 * the lists, the grade history and the opening balances ask the rule set instead of switching over its id. Adding a
 * rule set is its folder plus one line in registry.ts. Everything a rule set needs comes from the facts: the player's
 * declared grade and birth year, the tournament's date and region, its games.
 */

/**
 * How a player new to a rule set enters it:
 * - `system` (default): the system's own newcomer rule, fed with the player's declared grade where the system uses one
 *   (US rank, pan-atlantic club grade, GoBase rank); US and GoBase players without a grade start at 1500.
 *   Under fide/uscf-k and pan-atlantic a ledger that starts from nothing never rates anyone (newcomers need rated
 *   opponents; pan-atlantic needs two rated players per event — seed 002 problem noted in the spec §8).
 * - `{ rating }`: everybody starts rated at this rating (Elo: 0 games, so FIDE K 40; pan-atlantic: provisional with 4
 *   games; US and GoBase through their `initialRating`). What the football replay does with 1500.
 * - `grade`: like `{ rating }` with the rating from the declared grade on the pan-atlantic Table I scale (the grade's
 *   midpoint; the proposal's unified grade–rating correspondence), 1500 without a grade — the same information
 *   FESA's newcomer rule uses, so systems can be compared on one club history.
 */
export type EntryPolicy = 'system' | 'grade' | { readonly rating: number };
export const DEFAULT_ENTRY_RATING = 1500;

export interface PlayerFacts {
  readonly playerId: string;
  /** The registered name and country: FESA's list knows a player by his name (the program looks him up by it). */
  readonly familyName?: string;
  readonly givenName?: string;
  readonly country?: string;
  /** Latest declared grade as written in the ledger ("3 Kyu", "2 Dan", "Pro 1"). */
  readonly grade?: string;
  readonly birthYear?: number;
}

export interface TournamentFacts {
  readonly date: string;
  /** Its first day, when recorded: fide-2024 rates from the list in force then. */
  readonly startDate?: string;
  /** Where the tournament is played (recorded on it; America when not). */
  readonly region?: 'america' | 'europe';
  /** Go: the EGF class from an EGD table's header (`CL[B]`), which weighs the tournament under egd-gor. */
  readonly tournamentClass?: string;
  /** FESA: the tournament's name, written on its players' home lists and in its explanations. */
  readonly name?: string;
  /** FESA rates in seating order (the file's lines): the entrants first, then players first met in the games. */
  readonly entrants?: readonly string[];
  /** FESA: simultaneous-display givers, whose games rate only their opponents. */
  readonly simultaneousGivers?: readonly string[];
  /** FESA: McMahon start scores, which order an American tournament's rating. */
  readonly macMahon?: Readonly<Record<string, number>>;
  /** FESA: byes with the points they give, which count in an American tournament's standings. */
  readonly byes?: readonly { readonly playerId: string; readonly round: number; readonly points: 0 | 0.5 | 1 }[];
}

/** A grade a tournament moved a player to, and the rule that did it (in the system's words). */
export interface GradeChange {
  readonly from: string | null;
  readonly to: string;
  readonly rule: string;
}

export interface RatedTournament<S> {
  readonly players: Record<string, S>;
  readonly gamesRated: readonly GameResult[];
  /** What the typed API explains per player (US: Δ and the adjusted rating as fractions), if anything. */
  readonly detail?: Readonly<Record<string, unknown>>;
  /** By player: the grades the tournament moved him to, each with its rule, where the system tells them itself. */
  readonly gradeChanges?: Readonly<Record<string, readonly GradeChange[]>>;
}

export interface GameTerms {
  readonly opponentRatingUsed: number | null;
  readonly expected: number | null;
  /** The system's own terms for this game (K, C, bracket and percentage, stage, multiplier …). */
  readonly terms: Readonly<Record<string, unknown>>;
}

/** An officer's opening balance (`ledger player balance`): what a legacy list gives of a player. */
export interface LegacyBalance {
  readonly rating: number;
  readonly games?: number;
  /** In the ledger's text ("3 Kyu", "2 Dan", "Pro 1") or the system's own ("3-kyu", "2-dan"). */
  readonly grade?: string;
  readonly birthYear?: number;
}

/** How a grade change came about under a rule set with grades: its kind and the rule, in words. */
export interface GradeRule {
  readonly kind: 'promotion' | 'scale';
  readonly rule: string;
}

/** The grades of a rule set that has them (its list has a grade column; the grade history follows them). */
export interface Grades<S> {
  /** The grade the state holds, in the system's words ("2-dan"); null while none is earned. */
  readonly of: (s: S) => string | null;
  /** The rule that moved a player to `to`, with the rating after the tournament. */
  readonly ruleOf: (to: string, rating: number | null) => GradeRule;
  /** The grade a newcomer's state enters with, when the system gives him one before he is rated (US ranks). */
  readonly entersWith?: (s: S) => string | null;
  /** Grades the system earns but another body awards (pan-atlantic's 5/6-dan, the NSR's): the one requested, and why. */
  readonly ratification?: { readonly requested: (s: S) => string | null; readonly ruleOf: (grade: string) => string };
  /**
   * An officer's award of a grade (GradeAwarded: the awarding body's ratification, in the ledger's text "5 Dan" or the
   * system's "5-dan"): the state holding it, or why the system cannot hold that grade. Absent: awards change nothing.
   */
  readonly award?: (s: S, grade: string) => E.Either<string, S>;
}

export interface RuleSet<S = unknown, O = unknown> {
  readonly id: string;
  readonly version: string;
  readonly title: string;
  /** The options with their defaults, as `ledger rules list` documents them. */
  readonly optionDocs: readonly OptionDoc[];
  /** The conformance harness's face of the rule set (`ledger rules run-case`), which also decodes its states. */
  readonly system: RuleSystem;
  /** Options: unknown keys and bad values named, the rest defaulted. */
  readonly options: (raw: Readonly<Record<string, unknown>>) => E.Either<RuleError, O>;
  readonly newPlayer: (p: PlayerFacts, entry: EntryPolicy) => S;
  /** True when the system rates go handicap games (stones, `Game.goHandicap`); the others never see them. */
  readonly ratesGoHandicap?: boolean;
  /** Rate one tournament: the states before, its facts and games in; the states after and per-game results out. */
  readonly rateTournament: (o: O, t: TournamentFacts, players: Record<string, S>, games: readonly Game[]) => E.Either<RuleError, RatedTournament<S>>;
  readonly rating: (s: S) => number | null;
  /** Rated games as the state counts them. */
  readonly games: (s: S) => number;
  readonly provisional: (s: S) => boolean;
  /** Absent when the system has no grades. */
  readonly grades?: Grades<S>;
  /** The counters the system keeps on a player beside his rating (FESA's dan-qualifying games and streaks), by name. */
  readonly counters?: (s: S) => Readonly<Record<string, number>>;
  /**
   * Which fold rates the rule set's tournaments for the ledger's lists: 'fesa' = projections/fesa, byte for byte
   * with the official program (the generic fold passes them over); absent = the generic fold (projections/generic).
   */
  readonly fold?: 'fesa';
  /** An officer's `set` (a player without a rating gets one); `shift` leaves unrated players alone. */
  readonly setRating: (s: S, rating: number) => S;
  /** An officer's redetermination of a club grade, where the system has one (pan-atlantic, seed 6C). */
  readonly redetermine?: (s: S, grade: string) => S;
  /** The system's one-time conversion of the ratings it takes over (US 1997 §5, pan-atlantic §5), where it has one. */
  readonly oneTimeConversion?: (rating: number) => number;
  /** Games a legacy rating counts for when the list does not say. */
  readonly defaultBalanceGames: number;
  /** A legacy list's player as this system's state, or why the system cannot hold him. */
  readonly openingState: (b: LegacyBalance & { readonly games: number }) => E.Either<string, S>;
  readonly expectedScore: (o: O, a: S, b: S, g: Game) => number | null;
  readonly gameTerms: (o: O, t: TournamentFacts, me: S, opp: S, g: Game, meId: string) => GameTerms;
}

/** Options validated by the system's own harness decoder (unknown keys and bad values named), then typed. */
export const typedOptions = <O>(system: RuleSystem, defaults: O) => (raw: Readonly<Record<string, unknown>>): E.Either<RuleError, O> => {
  const checked = system.ops['rate-event']!(raw, { event: {}, players: {}, games: [] });
  return E.isLeft(checked) ? checked : E.right({ ...defaults, ...raw });
};

/** The harness face's id, version, title and option docs, which a rule set shares with it. */
export const describedBy = (system: RuleSystem): Pick<RuleSet, 'id' | 'version' | 'title' | 'optionDocs' | 'system'> =>
  ({ id: system.id, version: system.version, title: system.title, optionDocs: system.options, system });
