/**
 * Officer operations of the pan-atlantic proposal (spec §5): drift correction, one-time conversion,
 * redetermination. Pure functions over plain values.
 */
import { roundHalfUp } from '../shared/rounding';
import { Grade } from './tables';
import { PanPlayer, clubGradeGames } from './rate-event';

export interface DriftSnapshotPlayer { readonly rating: number | null; readonly games: number; readonly active: boolean }
export interface DriftCurrentPlayer { readonly rating: number | null; readonly active: boolean }

export interface DriftCorrection {
  readonly cohort: string[];
  readonly averageThen: number | null;
  readonly averageNow: number | null;
  readonly difference: number;
  readonly allowed: number;
  readonly applied: number;
  readonly players: Record<string, { rating: number | null }>;
}

const COHORT_MIN_RATING = 1900;
const COHORT_MIN_GAMES = 50;

/**
 * Seed §5: "every year the ratings of all active players with a rating of 1900 or above and at least fifty rated
 * games are recorded, and one year from that moment the average of those of them that are still active is compared
 * to their previous year's average … the rating officers by unanimous agreement may raise the average rating of all
 * players by an amount not to exceed the calculated difference". Whether the drop is significant is the officers'
 * call (`requested`); only the upper bound is computed.
 */
export const driftCorrection = (
  snapshot: Readonly<Record<string, DriftSnapshotPlayer>>, current: Readonly<Record<string, DriftCurrentPlayer>>,
  requested: number,
): DriftCorrection => {
  const ratings = Object.entries(snapshot).flatMap(([id, then]) => {
    const now = current[id];
    return then.active && then.rating !== null && then.rating >= COHORT_MIN_RATING && then.games >= COHORT_MIN_GAMES &&
      now !== undefined && now.active && now.rating !== null ? [{ id, then: then.rating, now: now.rating }] : [];
  });
  const cohort = ratings.map((r) => r.id).sort();
  const sumThen = ratings.reduce((s, r) => s + r.then, 0);
  const sumNow = ratings.reduce((s, r) => s + r.now, 0);
  const n = cohort.length;
  // Integer sums: floor((Σthen − Σnow) / n) is exact, no tolerance needed.
  const allowed = n === 0 ? 0 : Math.max(0, Math.floor((sumThen - sumNow) / n));
  const applied = Math.max(0, Math.min(requested, allowed));
  return {
    cohort,
    averageThen: n === 0 ? null : sumThen / n,
    averageNow: n === 0 ? null : sumNow / n,
    difference: n === 0 ? 0 : (sumThen - sumNow) / n,
    allowed,
    applied,
    players: Object.fromEntries(Object.entries(current).map(([id, p]) =>
      [id, { rating: p.rating === null ? null : p.rating + applied }])),
  };
};

/**
 * Seed §5 one-time adjustment: unchanged above 1900; 1900 − 1.5·(1900 − r) from 1500; 1300 − 2.5·(1500 − r) from 1300;
 * 800 − 4·(1300 − r) from 1100; "Elo ratings lower than 1100 are set to 1". Then roundHalfUp and the floor.
 */
export const convertToPanAtlantic = (r: number, floor: number | null): number => {
  const raw = r > 1900 ? r : r >= 1500 ? 1900 - 1.5 * (1900 - r) : r >= 1300 ? 1300 - 2.5 * (1500 - r)
    : r >= 1100 ? 800 - 4 * (1300 - r) : 1;
  const rounded = roundHalfUp(raw); // every value is a multiple of 0.5, exact in doubles
  return floor === null ? rounded : Math.max(floor, rounded);
};

/**
 * Seed 6C: the rating officer may redetermine a player who earned a club grade from unrated play; "he will be
 * regarded an unrated player with two games assumed at his new grade". His earned grade is kept (grades never go down).
 */
export const redetermine = (p: PanPlayer, clubGrade: Grade): PanPlayer => ({
  ...p, rating: null, games: 2, record: clubGradeGames(clubGrade), clubGrade, streaks: {},
});
