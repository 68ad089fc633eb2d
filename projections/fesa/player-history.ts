import * as E from 'fp-ts/Either';
import type { FesaPlayer, FesaPlayerReport } from '../../domain/rules/fesa/types';
import { gradeText } from './diff';
import type { FesaFold } from './history';
import { nameKey } from './history';

/** One tournament of a player's rating history. */
export interface RatingHistoryEntry {
  readonly tournamentId: string;
  readonly date: string;
  readonly before: number;
  readonly after: number;
  readonly change: number;
  readonly method: FesaPlayerReport['method'];
  /** Games of this event that were rated (byes and unrated rounds left out). */
  readonly games: number;
  /** Counters after the event: total games (or provisional history length), bonus count, LB/MP streaks. */
  readonly totalGames: number;
  readonly provisional: boolean;
  readonly bonusCount: number;
  readonly lbStreak: number | null;
  readonly mpStreak: number | null;
}

export type GradeRule = 'UB' | 'MP-streak' | 'LB-streak' | 'look-ahead' | 'provisional-UB+1' | 'prior grade' | 'officer award';

export interface GradeHistoryEntry {
  readonly date: string;
  readonly grade: string;
  readonly rule: GradeRule;
  readonly tournamentId?: string;
  readonly reason?: string;
}

/** Seed 000 §7b: to get a Dan grade, games against opponents rated at least the midpoint of the grade below. */
export const DAN_QUALIFICATION: readonly { readonly dan: number; readonly games: number; readonly minOpponent: number }[] = [
  { dan: 1, games: 7, minOpponent: 1620 },
  { dan: 2, games: 7, minOpponent: 1740 },
  { dan: 3, games: 7, minOpponent: 1860 },
  { dan: 4, games: 8, minOpponent: 2000 },
  { dan: 5, games: 8, minOpponent: 2160 },
];

export interface DanQualifyingCount {
  readonly dan: number;
  readonly required: number;
  readonly minOpponent: number;
  readonly games: number;
  readonly distinctOpponents: number;
  /** The published rule: enough games, against more than one opponent. */
  readonly satisfied: boolean;
}

export interface PlayerHistory {
  readonly playerId: string;
  readonly ratings: readonly RatingHistoryEntry[];
  readonly grades: readonly GradeHistoryEntry[];
  readonly danQualifying: readonly DanQualifyingCount[];
}

const eventGames = (r: FesaPlayerReport): { opponent: string; rating: number }[] => [
  ...(r.games ?? []).map((g) => ({ opponent: g.opponent, rating: g.opponentRatingUsed })),
  // Performance lists also hold the stored history and the synthetic grade games (round null): not games of this event.
  ...(r.performanceGames ?? []).filter((g) => g.round !== null).map((g) => ({ opponent: g.opponent, rating: g.opponentRatingUsed })),
];

const streaks = (p: FesaPlayer | undefined) => ({ lbStreak: p?.lbCount?.n ?? null, mpStreak: p?.mpCount ?? null });

/**
 * A player's career from the fold: rating per tournament, grades with the rule that gave them, and the seed 000 §7b
 * dan-qualifying games (opponent rating as used by the rating: the opponent's final rating, floored at 400 and
 * handicap-adjusted).
 */
export const playerHistory = (fold: FesaFold, playerId: string): E.Either<string, PlayerHistory> => {
  const name = fold.names.get(playerId);
  if (!name) return E.left(`unknown player "${playerId}"`);
  const key = nameKey(name);
  const ratings: RatingHistoryEntry[] = [];
  const grades: GradeHistoryEntry[] = [];
  const qualifying: { opponent: string; rating: number }[] = [];
  for (const run of fold.runs) {
    const report = run.report.players.find((p) => nameKey(p) === key);
    if (!report) continue;
    const after = run.after.find((p) => nameKey(p) === key);
    const before = run.before.get(key);
    if (before && before.nsrGradeName !== '' && grades.every((g) => g.rule !== 'prior grade')) {
      grades.push({ date: run.date, grade: gradeText({ gradeLevel: before.nsrGradeLevel, gradeName: before.nsrGradeName }), rule: 'prior grade', tournamentId: run.tournamentId });
    }
    const games = eventGames(report);
    qualifying.push(...games);
    ratings.push({
      tournamentId: run.tournamentId,
      date: run.date,
      before: report.preRating,
      after: report.postRating,
      change: report.postRating - report.preRating,
      method: report.method,
      games: games.length,
      totalGames: after ? (typeof after.games === 'number' ? after.games : after.games.length) : 0,
      provisional: after ? typeof after.games !== 'number' : false,
      bonusCount: after?.bonusCount ?? 0,
      ...streaks(after),
    });
    for (const p of report.promotions) grades.push({ date: run.date, grade: gradeText({ gradeLevel: p.toLevel, gradeName: p.toName }), rule: p.rule, tournamentId: run.tournamentId });
  }
  for (const f of fold.officerFacts) {
    if (f.kind === 'grade-award' && f.event.type === 'GradeAwarded' && f.event.playerId === playerId) {
      grades.push({ date: f.date, grade: f.event.grade, rule: 'officer award', reason: f.event.reason });
    }
  }
  grades.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const danQualifying = DAN_QUALIFICATION.map(({ dan, games, minOpponent }) => {
    const hits = qualifying.filter((g) => g.rating >= minOpponent);
    const distinctOpponents = new Set(hits.map((g) => g.opponent)).size;
    return { dan, required: games, minOpponent, games: hits.length, distinctOpponents, satisfied: hits.length >= games && distinctOpponents > 1 };
  });
  return E.right({ playerId, ratings, grades, danQualifying });
};
