import type { Game, TimeControl } from '../elo-common/game';

/**
 * When a tournament reaches a FIDE list, and which list (standard, rapid, blitz) a game is rated on.
 * FIDE Rating Regulations effective 1 March 2024 (standard: chapter B022024; rapid and blitz: B02RBRegulations2024).
 */

export const FIDE_LISTS = ['standard', 'rapid', 'blitz'] as const;
export type FideList = (typeof FIDE_LISTS)[number];

const pad = (n: number): string => String(n).padStart(2, '0');

/**
 * §7.1 and §7.1.3: a list is made on the first day of each month, and a tournament is on it when it ends at least
 * 3 days before the list date; one ending on the last two days of a month goes on the list after next. The list's
 * month as "YYYY-MM".
 */
/** Dates and lists reach the rules decoded ("YYYY-MM-DD", "YYYY-MM"); a missing part reads NaN as it always did. */
const dateParts = (date: string): [number, number, number] => {
  const [y = NaN, m = NaN, d = NaN] = date.split('-').map(Number);
  return [y, m, d];
};

export const listMonthOf = (endDate: string): string => {
  const [y, m, d] = dateParts(endDate);
  const daysInMonth = new Date(Date.UTC(y, m, 0)).getUTCDate();
  // the list of the 1st of month m+1 closes on day daysInMonth − 2 of month m (3 days before the list date)
  const ahead = d <= daysInMonth - 2 ? 1 : 2;
  const index = y * 12 + (m - 1) + ahead;
  return `${Math.floor(index / 12)}-${pad((index % 12) + 1)}`;
};

/**
 * The list after the one in force on `date` (lists are made on the 1st of each month, so the one in force is the
 * month's own): a tournament starting on `date` is rated from the ratings of every list before this one.
 */
export const listAfterOneInForce = (date: string): string => {
  const [y, m] = dateParts(date);
  const index = y * 12 + m;
  return `${Math.floor(index / 12)}-${pad((index % 12) + 1)}`;
};

/** Months from list `from` to list `to` ("YYYY-MM"). */
export const monthsBetween = (from: string, to: string): number => {
  const [fy, fm] = dateParts(from);
  const [ty, tm] = dateParts(to);
  return (ty * 12 + tm) - (fy * 12 + fm);
};

/**
 * Minutes each player has for 60 moves: the base time plus 60 times the increment (the regulations' own measure);
 * a byoyomi period per move is counted like an increment, the time a player gets for each move.
 */
export const minutesFor60Moves = (tc: TimeControl): number => tc.main + tc.increment + tc.byoyomi;

/**
 * The list a time control belongs to: rapid is more than 10 and less than 60 minutes for 60 moves (B02RB §1.1.1),
 * blitz more than 3 and at most 10 (§1.1.2), standard 60 or more (B022024 §1.1); 3 minutes or less is rated nowhere.
 */
export const listOfTimeControl = (tc: TimeControl): FideList | null => {
  const minutes = minutesFor60Moves(tc);
  if (minutes >= 60) return 'standard';
  if (minutes > 10) return 'rapid';
  if (minutes > 3) return 'blitz';
  return null;
};

/**
 * B022024 §1.1: a standard game needs 120 minutes for 60 moves when a player is rated 2400 or more, 90 when one is
 * rated 1800 or more, 60 otherwise.
 */
const standardMinimum = (ratings: readonly (number | null)[]): number => {
  const top = Math.max(0, ...ratings.map((r) => r ?? 0));
  return top >= 2400 ? 120 : top >= 1800 ? 90 : 60;
};

/**
 * Whether a game is rated on `list`: a game without a time control was checked by the officer; one with a time
 * control is rated on the list that time control gives, and on the standard list only with the minimum its
 * players' ratings ask for.
 */
export const ratedOnList = (g: Game, list: FideList, ratings: readonly (number | null)[]): boolean => {
  if (g.timeControl === undefined) return true;
  if (listOfTimeControl(g.timeControl) !== list) return false;
  return list !== 'standard' || minutesFor60Moves(g.timeControl) >= standardMinimum(ratings);
};
