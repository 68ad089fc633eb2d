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
 * USCF K (seed 004: "K = 32 for spillere under 2100, 24 mellom 2100 og 2400, 16 over 2400"); spec §4 reads
 * "between 2100 and 2400" inclusive, so 2100 and 2400 are K 24.
 */
export const uscfKFactor = (p: RatedEloPlayer): number => (p.rating < 2100 ? 32 : p.rating <= 2400 ? 24 : 16);

export const uscfScheme: KScheme = { id: 'uscf-k', kFactor: uscfKFactor, needsEventYear: () => false };

export const uscfKRuleSystem: RuleSystem = eloRuleSystem(uscfScheme, 'Elo with the USCF three-band K-factor (seed 004)', '1');

export const defaultOptions: EloOptions = defaultEloOptions;

/** Typed API for the ledger: rates one event (spec §3). */
export const rateEvent = (
  options: EloOptions, event: EloEvent, players: Record<string, EloPlayer>, games: readonly Game[],
): Decoded<EloEventResult> => rateEloEvent(uscfScheme, options, event, players, games);

/** Pre-game expected score of a against b (logistic, 400); null while either is unrated. */
export const expectedScore = (a: EloPlayer, b: EloPlayer, _game?: Game): number | null => eloExpectedScore(a, b);
