import * as E from 'fp-ts/Either';
import { RuleError, RuleSystem } from './rule-system';
import { gobaseGoRuleSystem } from './gobase-go';
import { fideRuleSystem } from './fide';
import { uscfKRuleSystem } from './uscf-k';
import { usShogi1997Card, usShogi1997Text } from './us-shogi-1997';
import { panAtlantic } from './pan-atlantic';

/**
 * Every rule system the conformance harness and the ledger know, by rule-set id.
 * FESA is registered separately by its owner (add it to `all` below).
 */
const all: readonly RuleSystem[] = [
  usShogi1997Text,
  usShogi1997Card,
  panAtlantic,
  gobaseGoRuleSystem,
  fideRuleSystem,
  uscfKRuleSystem,
];

export const ruleSystems: ReadonlyMap<string, RuleSystem> = new Map(all.map((s) => [s.id, s]));

/**
 * A player's state under one registry rule set as its harness decoder reads it (an opening balance's `state`): the
 * canonical output shape, or the field that is wrong. The rule set's `rate-event` decodes its players before it rates,
 * so an event without games checks exactly one state.
 */
export const decodePlayerState = (ruleSetId: string, playerId: string, state: unknown): E.Either<RuleError, unknown> => {
  const system = ruleSystems.get(ruleSetId);
  if (!system) return E.left({ field: 'ruleSet', message: `"${ruleSetId}" is not a rule set of the registry` });
  const out = system.ops['rate-event']!({}, { event: {}, players: { [playerId]: state }, games: [] });
  return E.map((o: unknown) => (o as { players: Record<string, unknown> }).players[playerId])(out);
};
