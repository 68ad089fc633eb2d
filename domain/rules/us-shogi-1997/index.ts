/**
 * The US Shogi 1997 rule systems `us-shogi-1997-text` and `us-shogi-1997-card`
 * (spec ../shared/rules/us-shogi-1997.md, seed 001).
 */
import { RuleSystem } from '../rule-system';
import { conversionOp, rateEventOp } from '../elo-common/case-ops';
import { decodeOptions, docsOf } from '../elo-common/options';
import { UsOptions, UsVariant, usOptionSpecs } from './options';
import { rateEvent } from './rate-event';
import { convert1997 } from './conversion';
import { decodeUsEvent, decodeUsPlayers } from './decode';

export { rateEvent, moveAcrossBrackets, bracketFactor, preEventRating, applyPromotion } from './rate-event';
export type { UsEvent, UsPlayerIn, UsPlayerOut, UsEventResult, UsPlayerDetail } from './rate-event';
export { convert1997 } from './conversion';
export { US_DEFAULTS } from './options';
export type { UsOptions, UsVariant } from './options';
export { US_RANKS, rankLowerBound, rankStart } from './tables';
export type { UsRank } from './tables';

export const US_SHOGI_VERSION = '1997.1';

const usShogiSystem = (variant: UsVariant): RuleSystem => {
  const id = `us-shogi-1997-${variant}`;
  const specs = usOptionSpecs(variant);
  const options = (raw: unknown) => decodeOptions<UsOptions>(id, specs, raw);
  return {
    id,
    version: US_SHOGI_VERSION,
    title: variant === 'text'
      ? 'US Shogi rating system 1997 (article text: brackets 2200/2000/1400, exact terms, threshold crossing)'
      : 'US Shogi rating system 1997 (summary card: brackets 2100/1900/1200, per-game rounding, no crossing)',
    options: docsOf(specs),
    ops: {
      'rate-event': rateEventOp(options, decodeUsEvent, decodeUsPlayers, rateEvent),
      'one-time-conversion': conversionOp(options, (rating) => convert1997(rating)),
    },
  };
};

export const usShogi1997Text: RuleSystem = usShogiSystem('text');
export const usShogi1997Card: RuleSystem = usShogiSystem('card');
