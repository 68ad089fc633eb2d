import * as E from 'fp-ts/Either';
import type { RuleError, RuleSystem } from './rule-system';
import type { RuleSet } from './contract';
import { fideRuleSet } from './fide/rule-set';
import { egdGorRuleSet } from './egd-gor/rule-set';
import { fesaProgramRuleSet, fesaPublishedRuleSet } from './fesa/rule-set';
import { fide2024RuleSet } from './fide-2024/rule-set';
import { gobaseGoRuleSet } from './gobase-go/rule-set';
import { panAtlanticRuleSet } from './pan-atlantic/rule-set';
import { usShogi1997CardRuleSet, usShogi1997TextRuleSet } from './us-shogi-1997/rule-set';
import { uscfKRuleSet } from './uscf-k/rule-set';

/** Rule sets by id, in the order they are listed (`ledger rules list`, a player's career, the API's enums). */
export interface RuleSetRegistry {
  readonly all: readonly RuleSet<any, any>[];
  readonly ids: readonly string[];
  readonly get: (id: string) => RuleSet<any, any> | undefined;
  readonly has: (id: string) => boolean;
}

/** The registry's one entry point: the rule sets a ledger rates with (a test registers its own through it). */
export const ruleSetRegistry = (ruleSets: readonly RuleSet<any, any>[]): RuleSetRegistry => {
  const byId = new Map(ruleSets.map((r) => [r.id, r]));
  if (byId.size !== ruleSets.length) throw new Error(`two rule sets share an id in ${ruleSets.map((r) => r.id).join(', ')}`);
  return { all: ruleSets, ids: ruleSets.map((r) => r.id), get: (id) => byId.get(id), has: (id) => byId.has(id) };
};

/**
 * Every rule set the ledger knows, one line each. The FESA family (`fold: 'fesa'`) is rated for the lists by
 * projections/fesa, byte for byte with the official program; the others by the generic fold (projections/generic),
 * which takes `genericFoldOf` of a registry so that it never rates a FESA tournament a second time.
 */
export const RULE_SETS: RuleSetRegistry = ruleSetRegistry([
  fesaProgramRuleSet,
  fesaPublishedRuleSet,
  usShogi1997TextRuleSet,
  usShogi1997CardRuleSet,
  panAtlanticRuleSet,
  gobaseGoRuleSet,
  egdGorRuleSet,
  fideRuleSet,
  uscfKRuleSet,
  fide2024RuleSet,
]);

/** The rule sets of a registry the generic fold rates: all but those folded by the FESA projection. */
export const genericFoldOf = (registry: RuleSetRegistry): RuleSetRegistry =>
  registry.all.some((r) => r.fold === 'fesa') ? ruleSetRegistry(registry.all.filter((r) => r.fold !== 'fesa')) : registry;

/** The ledger's own rule sets the generic fold rates. */
export const GENERIC_FOLD_RULE_SETS: RuleSetRegistry = genericFoldOf(RULE_SETS);

/** The registry's rule sets as the conformance harness and the ledger's deciders see them, by id. */
export const ruleSystems: ReadonlyMap<string, RuleSystem> = new Map(RULE_SETS.all.map((r) => [r.id, r.system]));

/**
 * A player's state under one registry rule set as its harness decoder reads it (an opening balance's `state`): the
 * canonical output shape, or the field that is wrong. The rule set's `rate-event` decodes its players before it rates,
 * so an event without games checks exactly one state.
 */
export const decodePlayerState = (ruleSetId: string, playerId: string, state: unknown, registry: RuleSetRegistry = GENERIC_FOLD_RULE_SETS): E.Either<RuleError, unknown> => {
  const system = registry.get(ruleSetId)?.system;
  if (!system) return E.left({ field: 'ruleSet', message: `"${ruleSetId}" is not a rule set of the registry` });
  const rate = system.ops['rate-event'];
  if (rate === undefined) return E.left({ field: 'ruleSet', message: `a ${ruleSetId} player's state is his FESA list record, which the ledger keeps from the FESA files, not from a state given here` });
  const out = rate({}, { event: {}, players: { [playerId]: state }, games: [] });
  return E.map((o: unknown) => (o as { players: Record<string, unknown> }).players[playerId])(out);
};
