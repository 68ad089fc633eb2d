import { RuleSystem } from './rule-system';
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
