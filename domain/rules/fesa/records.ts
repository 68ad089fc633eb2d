import type { FesaHome, FesaPlayer } from './types';

/**
 * A player record as the program creates it for someone who has never been rated: grade none, ELO 0, GAMES 0,
 * never played, no streaks, bonus count 0 (only the name, homes and the declared NSR grade vary).
 */
export const unratedRecord = (
  lastName: string,
  firstName: string,
  nationalityList: readonly FesaHome[],
  nsrGradeLevel = 0,
  nsrGradeName = '',
): FesaPlayer => ({
  lastName,
  firstName,
  nationalityList,
  gradeLevel: 0,
  gradeName: '',
  nsrGradeLevel,
  nsrGradeName,
  eloNumber: 0,
  games: 0,
  lastPlayed: null,
  lbCount: null,
  mpCount: null,
  bonusCount: 0,
});
