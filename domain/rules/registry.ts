import { RuleSystem } from './rule-system';
import { gobaseGoRuleSystem } from './gobase-go';
import { fideRuleSystem } from './fide';
import { uscfKRuleSystem } from './uscf-k';
import { usShogi1997Card, usShogi1997Text } from './us-shogi-1997';
import { panAtlantic } from './pan-atlantic';

/**
 * The rule systems rated by the generic fold (projections/generic), by rule-set id: the conformance harness and the
 * ledger look them up here. The FESA family is not in this map: its lists are folded by projections/fesa (byte for
 * byte with the official program), its ids are in rule-set-ids.ts and its option docs in fesa/rule-system.ts.
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
