import type { GenericRuleSetId } from './systems';

/**
 * Every rule set's map of a fold in progress, each copied from the cut it resumed from only when the fold first asks
 * for it (`of`): a resumed fold rates a few rule sets' tournaments, and a copy of every player's state of the others
 * would cost more than the fold (the fold never changes a cut given or told, nor a map it has not copied).
 */
export class CopiedOnUse<V> {
  readonly maps: Map<GenericRuleSetId, Map<string, V>>;
  private readonly owned = new Set<GenericRuleSetId>();
  constructor(from: ReadonlyMap<GenericRuleSetId, ReadonlyMap<string, V>> | undefined) {
    this.maps = new Map(from as ReadonlyMap<GenericRuleSetId, Map<string, V>> | undefined);
  }
  /** The map of `ruleSet`, the fold's own (it may change it). */
  of(ruleSet: GenericRuleSetId): Map<string, V> {
    if (!this.owned.has(ruleSet)) {
      this.maps.set(ruleSet, new Map(this.maps.get(ruleSet)));
      this.owned.add(ruleSet);
    }
    return this.maps.get(ruleSet)!;
  }
  /** The maps as they are now, for a cut told: those the fold may change later copied. */
  snapshot(): Map<GenericRuleSetId, Map<string, V>> {
    return new Map([...this.maps].map(([k, m]) => [k, this.owned.has(k) ? new Map(m) : m]));
  }
}