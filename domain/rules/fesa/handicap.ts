import { DAN_LB, KYU_LB } from './grades';
import { roundHalfEven } from './lisp-number';
import type { FesaHandicapType } from './types';

const f = Math.fround;

/**
 * Handicap values in grades (seed 000 §8). The program keeps them as single-floats and treats Sente (S) like M.
 */
const HANDICAP_GRADES: Readonly<Record<string, number>> = {
  m: f(0.2), s: f(0.2), l: f(0.6), b: f(1.5), r: f(2.1), rl: f(2.7), '2p': f(3.6), '4p': f(5.0), '5p': f(6.5), '6p': f(8.0),
};

export const handicapGrades = (type: FesaHandicapType): number => {
  const v = HANDICAP_GRADES[type.toLowerCase()];
  if (v === undefined) throw new Error(`unknown handicap type ${type}`);
  return v;
};

export const isHandicapType = (s: string): s is FesaHandicapType => HANDICAP_GRADES[s.toLowerCase()] !== undefined;

/**
 * Rating → fractional grade number on the LB table (seed 000 §8 "translate it into a fractional grade number based
 * on the LB values"): 20 Kyu region from −5, 1 Kyu = 14.x, 1 Dan = 15.x. Single-float like the program, where the
 * fraction (x−lb)/(ub−lb) is an exact rational rounded once when added.
 */
export const ratingToRank = (elo: number): number => {
  if (elo > DAN_LB[1]) {
    const main = DAN_LB.slice(1).findIndex((x) => elo < x);
    const lb = DAN_LB[main];
    const ub = DAN_LB[main + 1];
    if (main < 0 || lb === undefined || ub === undefined) throw new Error(`rating ${elo} is above the grade table`);
    return f(f(14 + main) + f((elo - lb) / (ub - lb)));
  }
  if (elo > KYU_LB[1]) return f(14 + f((elo - KYU_LB[1]) / (DAN_LB[1] - KYU_LB[1])));
  const main = KYU_LB.slice(1).findIndex((x) => elo > x);
  const ub = KYU_LB[main];
  const lb = KYU_LB[main + 1];
  if (main < 0 || ub === undefined || lb === undefined) return 0;
  return f(f(14 - main) + f((elo - lb) / (ub - lb)));
};

/** Fractional grade number → rating, linear between LBs, rounded half to even; below −5 → 1. */
export const rankToRating = (nr: number): number => {
  const main = Math.floor(nr);
  const part = nr - main;
  const valueOf = (lb: number, ub: number): number => roundHalfEven(f(lb + f(part * (ub - lb))));
  if (main >= 15) {
    const lb = DAN_LB[main - 14];
    const ub = DAN_LB[main - 13];
    if (lb === undefined || ub === undefined) throw new Error(`grade number ${nr} is above the grade table`);
    return valueOf(lb, ub);
  }
  if (main === 14) return valueOf(KYU_LB[1], DAN_LB[1]);
  const kyuLb = KYU_LB[15 - main];
  const kyuUb = KYU_LB[14 - main];
  if (main >= -5 && kyuLb !== undefined && kyuUb !== undefined) return valueOf(kyuLb, kyuUb);
  return 1;
};

/**
 * Opponent rating as seen through a handicap (seed 000 §8). `+` (this player receives): the opponent drops by
 * the handicap in grades. `-` (this player gives): the opponent rises by the effect the handicap has on the
 * giver's own rating.
 */
export const handicappedOpponentRating = (opponent: number, own: number, side: '+' | '-', type: FesaHandicapType): number => {
  const m = handicapGrades(type);
  if (side === '+') return rankToRating(f(ratingToRank(opponent) - m));
  return opponent + (own - rankToRating(f(ratingToRank(own) - m)));
};
