import type { RuleSetAdopted } from '../events';

/** An adoption as the folds keep it: the fact and where the log recorded it. */
export interface RecordedAdoption {
  readonly event: RuleSetAdopted;
  readonly position: number;
}

/** The adoption in force at a date: the latest dated on or before it (of two on one date, the later recorded). */
export const adoptionAt = <A extends RecordedAdoption>(adoptions: readonly A[], date: string): A | undefined => {
  let best: A | undefined;
  for (const a of adoptions) {
    if (a.event.validDate > date) continue;
    if (!best || a.event.validDate > best.event.validDate || (a.event.validDate === best.event.validDate && a.position > best.position)) best = a;
  }
  return best;
};

/**
 * The rule set that rates a tournament: the one adopted for its end date, else its own. A FESA-registered tournament
 * after an adoption of fide is fide's, in the FESA fold (which passes it over), the non-FESA fold, the careers and
 * the tournament slices alike.
 */
export const ruleSetInForce = (adoptions: readonly RecordedAdoption[], reg: { readonly endDate: string; readonly ratingSystem: string }): string =>
  adoptionAt(adoptions, reg.endDate)?.event.ruleSetId ?? reg.ratingSystem;
