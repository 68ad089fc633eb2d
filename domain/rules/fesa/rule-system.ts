import type { OptionDoc, RuleSystem } from '../rule-system';
import { FESA_PROGRAM_OPTIONS, FESA_PUBLISHED_OPTIONS, type FesaOptions } from './options';

const DESCRIPTIONS: Readonly<Record<keyof FesaOptions, [string, string]>> = {
  syntheticGamesCount: ['boolean', 'The two prior-grade games stay in the history and count for the 9- and 18-game limits.'],
  softFloorOnPhantoms: ['boolean', 'The 400 soft floor also applies to stored history and prior-grade games.'],
  runningRating: ['boolean', 'Established players are rated game by game with a running rating.'],
  upsetRule: ['"replace" | "add"', 'The upset value k·(or−pr)/160 replaces the normal gain or is added to it.'],
  weakBonusGames: ['integer', 'Number of established games that earn the weak-player bonus (1800−pr)/200.'],
  hardFloorEstablished: ['boolean', 'The hard lower limit 1 also applies to established players.'],
  performancePrecision: ['"single" | "double"', 'Arithmetic of the performance-rating Newton iteration.'],
  provisionalPromotion: ['"ub-plus-one" | "ub"', 'Games 9–17 promote at LB(G+3) (program) or at the UB of the grade above (prose).'],
  lbStreakNeedsMp: ['boolean', 'An LB streak promotes only if one of its games reached the MP.'],
  lookAhead: ['boolean', 'Promote at once when 20 further losing games would still earn the grade.'],
  danQualifyingGames: ['boolean', 'Dan grades need the 7b qualifying games against more than one opponent.'],
};

const optionDocs = (defaults: FesaOptions): OptionDoc[] =>
  (Object.keys(DESCRIPTIONS) as (keyof FesaOptions)[]).map((name) => ({
    name,
    default: defaults[name],
    values: DESCRIPTIONS[name][0],
    description: DESCRIPTIONS[name][1],
  }));

/** The official program (turnering.lisp 0799f15), byte-identical lists. */
export const FESA_RULE_SYSTEM: RuleSystem = {
  id: 'fesa',
  version: 'turnering.lisp-0799f15',
  title: 'FESA Elo (official rating program)',
  options: optionDocs(FESA_PROGRAM_OPTIONS),
  ops: {},
};

/** The published FESA rules (seed 000) where they differ from the program. */
export const FESA_PUBLISHED_RULE_SYSTEM: RuleSystem = {
  id: 'fesa-published',
  version: 'seed-000',
  title: 'FESA Elo (published rules)',
  options: optionDocs(FESA_PUBLISHED_OPTIONS),
  ops: {},
};
