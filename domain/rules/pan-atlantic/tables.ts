/**
 * Tables of the pan-atlantic proposal (seed 002; spec ../shared/rules/pan-atlantic.md §1):
 * Table I (grades: lower bound, mid-point, games for promotion), Table III (K by rating) and Table II (handicaps).
 */
import { HandicapCode } from '../elo-common/game';

export const GRADES = [
  '15-kyu', '14-kyu', '13-kyu', '12-kyu', '11-kyu', '10-kyu', '9-kyu', '8-kyu', '7-kyu', '6-kyu', '5-kyu', '4-kyu',
  '3-kyu', '2-kyu', '1-kyu', '1-dan', '2-dan', '3-dan', '4-dan', '5-dan', '6-dan',
] as const;
export type Grade = (typeof GRADES)[number];

export const isGrade = (s: unknown): s is Grade => typeof s === 'string' && (GRADES as readonly string[]).includes(s);
export const gradeIndex = (g: Grade): number => GRADES.indexOf(g);
/** Index of "no grade yet": below 15-kyu. */
export const NO_GRADE_INDEX = -1;

export interface GradeRow {
  /** LB: the grade's range starts here (and ends at the next LB − 1). */
  readonly lb: number;
  /** MP: the mid-point of the range. */
  readonly mp: number;
  /** Consecutive games at or above LB that promote (rule 1). */
  readonly lbGames: number;
  /** Consecutive games at or above MP that promote (rule 2); null for 5/6-dan (NSR only, seed 6E). */
  readonly mpGames: number | null;
}

/**
 * Table I of the proposal with the widths its text states (200 for 3-dan and up, 150 for 2-kyu … 2-dan, 100 below;
 * 15-kyu is "1 – 99"), and Table III's "#games (in parentheses: above the mid-point)".
 */
const row = (grade: Grade): GradeRow => {
  const i = gradeIndex(grade);
  const fixed: Partial<Record<Grade, [number, number]>> = {
    '6-dan': [2500, 2600], '5-dan': [2300, 2400], '4-dan': [2100, 2200], '3-dan': [1900, 2000],
    '2-dan': [1750, 1825], '1-dan': [1600, 1675], '1-kyu': [1450, 1525], '2-kyu': [1300, 1375], '15-kyu': [1, 50],
  };
  const [lb, mp] = fixed[grade] ?? [i * 100, i * 100 + 50];
  const games: [number, number | null] =
    i >= 19 ? [16, null] : i === 18 ? [16, 8] : i >= 15 ? [14, 7] : i >= 12 ? [12, 6] : i >= 8 ? [10, 5] : i >= 4 ? [8, 4] : [6, 3];
  return { lb, mp, lbGames: games[0], mpGames: games[1] };
};
export const GRADE_TABLE: Readonly<Record<Grade, GradeRow>> =
  Object.fromEntries(GRADES.map((g) => [g, row(g)])) as Record<Grade, GradeRow>;

/** The highest grade rules 1–3 may award; 5-dan and 6-dan need NSR ratification (seed 6E). */
export const HIGHEST_DIRECT_GRADE: Grade = '4-dan';
export const NSR_GRADES: readonly Grade[] = ['5-dan', '6-dan'];

/** Table III: K from the player's own pre-event rating. */
export const kFactor = (rating: number): number =>
  rating >= 2100 ? 20 : rating >= 1600 ? 24 : rating >= 1200 ? 28 : rating >= 800 ? 32 : rating >= 400 ? 36 : 40;

/** Table II: DElo added to the receiver's rating. `3p` without the lance side, 7p and 8p are not in it. */
export const HANDICAP_VALUES: Partial<Record<HandicapCode, number>> = {
  even: 0, sente: 25, lance: 75, bishop: 225, rook: 300, 'rook-lance': 400, '2p': 600, '3p-right-lance': 675,
  '3p-left-lance': 700, '4p': 750, '5p-right-knight': 900, '5p-left-knight': 1050, '6p': 1200,
};

/** Category thresholds (seed 6C: "A player with less than 4 games is unrated … provisional rating after 4 games and
 * an established rating after 15 games"). */
export const PROVISIONAL_FROM_GAMES = 4;
export const ESTABLISHED_FROM_GAMES = 15;
/** Provisional gains are multiplied by 20/N while N < 20. */
export const PROVISIONAL_MULTIPLIER_GAMES = 20;
export const DOUBLING_LIMIT = 1200;
