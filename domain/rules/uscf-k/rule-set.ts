import { eloRuleSet } from '../elo-common/rule-set';
import { rateEvent, uscfKFactor, uscfKRuleSystem } from './index';

/** USCF's three-band K; its K does not depend on games, so a legacy rating counts from 0. */
export const uscfKRuleSet = eloRuleSet(uscfKRuleSystem, rateEvent, (p) => uscfKFactor(p), 0);
