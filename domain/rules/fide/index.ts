import { RuleSystem } from '../rule-system';
import {
  defaultEloOptions, EloEvent, EloEventResult, EloOptions, EloPlayer, eloExpectedScore, KScheme, RatedEloPlayer,
  rateEloEvent,
} from '../elo-common/elo';
import { eloRuleSystem } from '../elo-common/ops';
import { Game } from '../elo-common/game';
import { Decoded } from '../elo-common/decode';

export { performanceRating, logisticExpected } from '../elo-common/elo';
export type { EloEvent, EloEventResult, EloOptions, EloPlayer } from '../elo-common/elo';

/**
 * FIDE K (seed 004, the four-line FIDE list; spec elo-fide-uscf.md §2), first match wins:
 * fewer than 30 rated games → 40; reached 2400 (permanent) or rating ≥ 2400 → 10;
 * junior (event year − birth year ≤ 18, "until the end of the year they turn 18") below 2300 → 40; else 20.
 */
export const fideKFactor = (p: RatedEloPlayer, eventYear: number | undefined): number => {
  if (p.games < 30) return 40;
  if (p.reached2400 || p.rating >= 2400) return 10;
  if (p.birthYear !== null && eventYear !== undefined && eventYear - p.birthYear <= 18 && p.rating < 2300) return 40;
  return 20;
};

export const fideScheme: KScheme = {
  id: 'fide',
  kFactor: fideKFactor,
  // Only a player the junior rule could reach needs the year: rated, 30+ games, never 2400, below 2300, born known.
  needsEventYear: (p) => p.birthYear !== null && p.rating !== null && p.games >= 30 && !p.reached2400 && p.rating < 2300,
};

export const fideRuleSystem: RuleSystem = eloRuleSystem(fideScheme, 'Elo with the FIDE K-factor scheme (seed 004)', '1');

export const defaultOptions: EloOptions = defaultEloOptions;

/** Typed API for the ledger: rates one event (spec §3). */
export const rateEvent = (
  options: EloOptions, event: EloEvent, players: Record<string, EloPlayer>, games: readonly Game[],
): Decoded<EloEventResult> => rateEloEvent(fideScheme, options, event, players, games);

/** Pre-game expected score of a against b (logistic, 400); null while either is unrated. */
export const expectedScore = (a: EloPlayer, b: EloPlayer, _game?: Game): number | null => eloExpectedScore(a, b);

