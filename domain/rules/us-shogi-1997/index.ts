/**
 * The US Shogi 1997 rule systems `us-shogi-1997-text` and `us-shogi-1997-card`
 * (spec ../shared/rules/us-shogi-1997.md, seed 001).
 */
import * as E from 'fp-ts/Either';
import { pipe } from 'fp-ts/function';
import { RuleSystem } from '../rule-system';
import { asRecord, decodeGames } from '../elo-common/decode';
import { decodeOptions, docsOf } from '../elo-common/options';
import { UsOptions, UsVariant, usOptionSpecs } from './options';
import { rateEvent } from './rate-event';
import { convert1997 } from './conversion';
import { decodeRatingsOnly, decodeUsEvent, decodeUsPlayers } from './decode';

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
      'rate-event': (rawOptions, rawInput) =>
        pipe(
          E.Do,
          E.bind('o', () => options(rawOptions)),
          E.bind('input', () => asRecord(rawInput, 'input')),
          E.bind('event', ({ input }) => decodeUsEvent(input.event, 'input.event')),
          E.bind('players', ({ input }) => decodeUsPlayers(input.players, 'input.players')),
          E.bind('games', ({ input, players }) =>
            decodeGames(input.games, 'input.games', (pid) => Object.prototype.hasOwnProperty.call(players, pid))),
          E.chain(({ o, event, players, games }) => rateEvent(o, event, players, games)),
        ),
      'one-time-conversion': (rawOptions, rawInput) =>
        pipe(
          E.Do,
          E.bind('o', () => options(rawOptions)),
          E.bind('input', () => asRecord(rawInput, 'input')),
          E.bind('players', ({ input }) => decodeRatingsOnly(input.players, 'input.players')),
          E.map(({ players }) => ({
            players: Object.fromEntries(Object.entries(players).map(([pid, p]) =>
              [pid, { rating: p.rating === null ? null : convert1997(p.rating) }])),
          })),
        ),
    },
  };
};

export const usShogi1997Text: RuleSystem = usShogiSystem('text');
export const usShogi1997Card: RuleSystem = usShogiSystem('card');
