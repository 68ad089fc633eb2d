/**
 * What `rules` asks of a player's page and JSON (`GET /players/:id`): a FESA rule set folds his FESA career under it;
 * any other rule set (fide, gobase-go …) leaves the FESA career as adopted and puts his record under that rule set
 * first, so that a link from that rule set's list or tournament lands on what it is about.
 */
import type { Request } from 'express';
import { AS_ADOPTED, FESA_RULE_SETS } from '../../../projections/fesa/history';
import { GENERIC_RULE_SETS, isGenericRuleSet, type GenericRuleSetId } from '../../../projections/generic/systems';
import type { RuleSetCareer } from '../../app/career-rule-sets';
import type { PlayerCareer } from '../../../projections/fesa/career';
import { BadRequest } from './problems';
import { queryOf } from './query';

export interface PlayerRules {
  /** The FESA rule set his FESA career is folded under. */
  readonly fesa: string;
  /** The FESA rule set the request named (kept in the page's links), if it named one. */
  readonly fesaAsked?: string;
  /** The non-FESA rule set whose record comes first, if the request named one. */
  readonly leading?: GenericRuleSetId;
}

export const playerRulesOf = (req: Request): PlayerRules => {
  const asked = queryOf(req).oneOf('rules', [...Object.keys(FESA_RULE_SETS), ...GENERIC_RULE_SETS]);
  if (asked === undefined) return { fesa: AS_ADOPTED };
  return isGenericRuleSet(asked) ? { fesa: AS_ADOPTED, leading: asked } : { fesa: asked, fesaAsked: asked };
};

/** His records under the non-FESA rule sets with `leading`'s first (the others in their usual order). */
export const leadingFirst = (careers: readonly RuleSetCareer[], leading: GenericRuleSetId | undefined): RuleSetCareer[] =>
  leading === undefined ? [...careers] : [...careers.filter((c) => c.ruleSet === leading), ...careers.filter((c) => c.ruleSet !== leading)];

/**
 * The FESA rule set a request forces (`rules`), else each tournament's own (as adopted), for the routes that fold FESA
 * careers, lists and cross tables (the other rule sets' routes take theirs before): a name no rule set has is refused
 * naming every rule set, a non-FESA one as what the route does not fold.
 */
export const fesaRuleSetOf = (req: Request): string => {
  const asked = queryOf(req).oneOf('rules', [...Object.keys(FESA_RULE_SETS), ...GENERIC_RULE_SETS]);
  if (asked === undefined) return AS_ADOPTED;
  if (isGenericRuleSet(asked)) throw new BadRequest(`rules=${asked}: this folds under a FESA rule set (${Object.keys(FESA_RULE_SETS).join(', ')}); ${asked} answers where it rated the tournament or the player`, 'rules');
  return asked;
};

/**
 * Whether FESA rated him (a tournament, or a grade he holds under it): only then do his FESA career and its counters
 * (the dan-qualifying table) apply to him; a player rated only under other rule sets is answered under those.
 */
export const hasFesaRecord = (career: PlayerCareer): boolean => career.ratings.length > 0 || career.grades.length > 0 || career.officerRatings.length > 0;
