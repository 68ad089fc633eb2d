import { Fraction } from '../shared/fraction';

/**
 * The one-time 1997 conversion (spec §5; seed 001: "all players rated over 1600 are being debited by 100 points;
 * all players between 1400 and 1600 are being debited by half the excess over 1400; players under 1400 remain
 * unchanged"). Continuous at 1600; ranks are not changed.
 */
export const convert1997 = (rating: number): number => {
  if (rating > 1600) return rating - 100;
  if (rating >= 1400) return Fraction.of(rating + 1400, 2).roundHalfUp().toInteger();
  return rating;
};
