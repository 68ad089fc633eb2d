import { eloRuleSet } from '../elo-common/rule-set';
import { fideKFactor, fideRuleSystem, rateEvent } from './index';

/** FIDE's Elo; a legacy rating counts 30 games, where its K 40 ends (as for TRF ratings). */
export const fideRuleSet = eloRuleSet(fideRuleSystem, rateEvent, fideKFactor, 30);
