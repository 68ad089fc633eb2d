import type { FesaHandicapType } from './types';

/**
 * Which games FESA rates, shared by the ledger's FESA projection (projections/fesa/tournament-event.ts) and the FESA
 * rule set of the one contract (rule-set.ts), so that both build the same event file from the same games.
 */

/** FESA rates these handicaps (seed 000 §8), by the catalogue's names; the others make a game unratable under FESA. */
export const FESA_HANDICAP_OF: Readonly<Partial<Record<string, FesaHandicapType>>> = {
  sente: 'S',
  lance: 'L',
  bishop: 'B',
  rook: 'R',
  'rook-lance': 'RL',
  '2p': '2p',
  '4p': '4p',
  '5p-right-knight': '5p',
  '6p': '6p',
};

/** The program's own codes (turnering.txt), compared upper-cased: a game recorded with one is rated as written. */
export const FESA_PROGRAM_HANDICAP_CODES: ReadonlySet<string> = new Set(['M', 'S', 'L', 'B', 'R', 'RL', '2P', '4P', '5P', '6P']);

/** Seed 000 §6: at least 30 minutes + 30 s byoyomi, or 20 minutes + 40 s byoyomi. All zero = checked by the officer. */
export const fesaTimeControlRatable = (mainMinutes: number, byoyomiSeconds: number, incrementSeconds: number): boolean =>
  (mainMinutes === 0 && byoyomiSeconds === 0 && incrementSeconds === 0) ||
  (mainMinutes >= 30 && byoyomiSeconds >= 30) ||
  (mainMinutes >= 20 && byoyomiSeconds >= 40);
