/**
 * Every point where the official program (PROGRAM-BEHAVIOUR.md, items marked [DEV]) departs from or adds to the
 * published rules (seed 000) is one option here. FESA_PROGRAM_OPTIONS reproduces the program byte for byte;
 * FESA_PUBLISHED_OPTIONS follows the prose.
 */
export interface FesaOptions {
  /**
   * §5.1 [DEV]: the two synthetic prior-grade games stay in the history and count as games for the 9-game
   * switch and for the promotion game counter. false: they are used for the first solve only and never counted.
   */
  readonly syntheticGamesCount: boolean;
  /**
   * §5.2 [DEV]: the 400 soft floor also applies to stored history ratings and synthetic games.
   * false: phantom (history/synthetic) games use their stored rating as is.
   */
  readonly softFloorOnPhantoms: boolean;
  /** §5.3 [DEV]: established players are rated game by game with a running rating (false: rating before the event). */
  readonly runningRating: boolean;
  /** §5.3 [DEV]: the upset value replaces the normal gain ('replace') or is added to it ('add'). */
  readonly upsetRule: 'replace' | 'add';
  /** §5.3: games an established player receives the weak-player bonus for. */
  readonly weakBonusGames: number;
  /** §5.3 [DEV]: hard floor 1 for established players too (prose §4). The program floors provisional players only. */
  readonly hardFloorEstablished: boolean;
  /** §5.4 [DEV]: Newton iteration in IEEE single precision like CLISP single-floats, or in double precision. */
  readonly performancePrecision: 'single' | 'double';
  /** §6 [DEV]: games 9–17 promote at LB(G+3) ("UB+1", program) or at the UB of the grade above = LB(G+2) (prose). */
  readonly provisionalPromotion: 'ub-plus-one' | 'ub';
  /** §6 [DEV]: an LB streak only promotes when one of its games was above the MP (prose §7a third way). */
  readonly lbStreakNeedsMp: boolean;
  /** §6 [DEV]: the "bound to get it" look-ahead of 20 hypothetical losing games. */
  readonly lookAhead: boolean;
  /** §6 [DEV] / seed 000 §7b: dan promotions need qualifying games against more than one opponent. */
  readonly danQualifyingGames: boolean;
}

export const FESA_PROGRAM_OPTIONS: FesaOptions = {
  syntheticGamesCount: true,
  softFloorOnPhantoms: true,
  runningRating: true,
  upsetRule: 'replace',
  weakBonusGames: 100,
  hardFloorEstablished: false,
  performancePrecision: 'single',
  provisionalPromotion: 'ub-plus-one',
  lbStreakNeedsMp: true,
  lookAhead: true,
  danQualifyingGames: false,
};

/**
 * The published prose (seed 000) read literally:
 * §4 "1 is a hard lower limit" for every player; §7a "at least 9 games but less than 18, he gets a grade if his
 * rating reaches the upper bound (UB) of the grade above"; §5 "then that value is used instead" (the upset value
 * replaces the normal gain); §7a third way needs the MP once during the LB streak; §7b qualifying games for dan
 * grades against more than one opponent; §3/§7a "The two games added because of a prior grade counts towards the
 * 9 games and 18 games limit". Numerics in double precision ("you will need to use iterations").
 */
export const FESA_PUBLISHED_OPTIONS: FesaOptions = {
  ...FESA_PROGRAM_OPTIONS,
  hardFloorEstablished: true,
  performancePrecision: 'double',
  provisionalPromotion: 'ub',
  upsetRule: 'replace',
  lbStreakNeedsMp: true,
  danQualifyingGames: true,
};
