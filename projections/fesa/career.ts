import * as E from 'fp-ts/Either';
import type { GradeAwarded, ListReconciled, RatingAdjusted } from '../../domain/events';
import { danQualification } from '../../domain/rules/fesa/grades';
import type { FesaGameExplanation, FesaLbCount, FesaPlayer, FesaPlayerReport, FesaPromotionRule } from '../../domain/rules/fesa/types';
import { gradeText } from './diff';
import { nameKey, type FesaFold } from './history';
import { gradeOrder, parseGrade } from './list-records';

/** One tournament of a player's career: what the FESA engine did with his rating and counters. */
export interface RatingStep {
  readonly tournamentId: string;
  readonly name: string;
  readonly date: string;
  readonly before: number;
  readonly after: number;
  readonly change: number;
  readonly method: 'standard' | 'performance';
  /** Rated games against players of this event (phantom history/grade games not counted). */
  readonly eventGames: number;
  /** Counters after the tournament (from the list record). */
  readonly gamesTotal: number;
  readonly provisional: boolean;
  readonly bonusCount: number;
  readonly lbStreak: FesaLbCount | null;
  readonly mpStreak: number | null;
  readonly grade: string;
}

/**
 * An officer fact that set the player's rating outside tournaments: a reconcile's pin (the list file's rating wins
 * over the fold's, so changes before it stop there) or an adjustment. `rating` is what it set, or the shift.
 */
export interface OfficerRatingStep {
  readonly date: string;
  readonly kind: 'reconcile' | 'adjustment';
  readonly rating: number | null;
  readonly shift?: number;
  readonly reason: string;
}

export type GradeRule = FesaPromotionRule | 'prior-grade' | 'opening-balance' | 'officer-award';

export interface GradeStep {
  readonly date: string;
  readonly grade: string;
  readonly from: string;
  readonly rule: GradeRule;
  /** Tournament of an engine promotion; the source of a prior grade; the reason of an officer award. */
  readonly detail: string;
}

/** Seed 000 §7b for one target dan grade: qualifying games so far and against how many players. */
export interface DanCount {
  readonly dan: number;
  readonly minOpponent: number;
  readonly gamesNeeded: number;
  readonly games: number;
  readonly opponents: readonly string[];
  /** Enough games, against more than one opponent. */
  readonly met: boolean;
}

export interface PlayerCareer {
  readonly playerId: string;
  /** The id this one is merged into: the career is that player's. */
  readonly mergedInto?: string;
  /** The ids merged into this player (their games and grades are in this career). */
  readonly absorbed?: readonly string[];
  readonly ratings: readonly RatingStep[];
  /** Reconcile pins and adjustments of his rating, in the order they apply. */
  readonly officerRatings: readonly OfficerRatingStep[];
  readonly grades: readonly GradeStep[];
  readonly dan: readonly DanCount[];
}

const eventGamesOf = (r: FesaPlayerReport): readonly FesaGameExplanation[] =>
  (r.method === 'standard' ? r.games ?? [] : r.performanceGames ?? []).filter((g) => g.round !== null);

const gradeOf = (level: number, name: string): string => gradeText({ gradeLevel: level, gradeName: name });

/**
 * A player's career from a FESA fold: rating per tournament with the counters the engine keeps, every grade with
 * the rule that gave it, and the seed 000 §7b dan-qualifying counts. The fold must keep runs with their reports and
 * the participants' records (`foldFesa` default, or the incremental projection's `reports`/`full` runs).
 */
export const playerCareer = (fold: FesaFold, playerId: string): E.Either<string, PlayerCareer> => {
  const name = fold.names.get(playerId);
  if (!name) return E.left(`unknown player "${playerId}"`);
  const key = nameKey(name);
  // an id merged into another is that player: his facts are filed under the survivor
  const person = fold.survivorOf(playerId);
  const ratings: RatingStep[] = [];
  const officerRatings: OfficerRatingStep[] = [];
  const grades: GradeStep[] = [];
  const opponentsUsed: { opponent: string; rating: number }[] = [];
  let grade = '-';
  let gradeRank = 0;
  let priorSeen = false;
  let openingDate: string | undefined;
  const reach = (date: string, level: number, gName: string, rule: GradeRule, detail: string) => {
    const next = gradeOf(level, gName);
    grades.push({ date, grade: next, from: grade, rule, detail });
    grade = next;
    gradeRank = gradeOrder(level, gName);
  };
  const notePrior = (date: string, record: Pick<FesaPlayer, 'nsrGradeLevel' | 'nsrGradeName'> | undefined) => {
    if (priorSeen || !record || record.nsrGradeName === '') return;
    priorSeen = true;
    grades.push({ date, grade: gradeOf(record.nsrGradeLevel, record.nsrGradeName), from: grade, rule: 'prior-grade', detail: 'NSR grade (two synthetic games at its midpoint, seed 000 §3); the FESA grade is unchanged' });
  };

  // Officer facts and tournaments in the fold's order: by date, officer facts first on a date.
  type Step = { date: string; phase: number; apply: () => void };
  const steps: Step[] = [];
  fold.officerFacts.forEach((f) => {
    if (!f.playerIds.includes(person)) return;
    if (f.kind === 'grade-award') {
      const e = f.event as GradeAwarded;
      steps.push({
        date: f.date,
        phase: 0,
        apply: () => {
          const [level, gName] = parseGrade(e.grade);
          // An award below the grade already held changes nothing (the fold keeps the higher grade).
          if (gradeOrder(level, gName) > gradeRank) reach(f.date, level, gName, 'officer-award', e.reason);
        },
      });
    } else if (f.kind === 'reconcile' || f.kind === 'adjustment') {
      const step = officerRatingStep(f.kind, f.event as ListReconciled | RatingAdjusted, f.date, fold.survivorOf, person);
      if (step !== undefined) officerRatings.push(step);
    } else if (f.kind === 'opening-balance') {
      // The officer fact names the whole imported list; the player's own record is the list's before his first
      // tournament (or now, when he has not played since).
      steps.push({ date: f.date, phase: 0, apply: () => (openingDate = f.date) });
    }
  });
  const fromOpening = (record: FesaPlayer | undefined) => {
    if (openingDate === undefined || !record) return;
    if (record.gradeName !== '') reach(openingDate, record.gradeLevel, record.gradeName, 'opening-balance', 'imported list record');
    notePrior(openingDate, record);
    openingDate = undefined;
  };
  for (const run of fold.runs) {
    const report = run.report.players.find((p) => nameKey(p) === key);
    if (!report || report.method === 'not-rated') continue;
    steps.push({
      date: run.date,
      phase: 1,
      apply: () => {
        fromOpening(run.before.get(key));
        notePrior(run.date, run.before.get(key));
        const record = run.after.find((p) => nameKey(p) === key);
        const games = eventGamesOf(report);
        for (const g of games) opponentsUsed.push({ opponent: g.opponent, rating: g.opponentRatingUsed });
        for (const p of report.promotions) {
          reach(run.date, p.toLevel, p.toName, p.rule, `${run.tournamentId}${p.gameIndex !== null ? `, game ${p.gameIndex} of the rated list` : ''}`);
        }
        ratings.push({
          tournamentId: run.tournamentId,
          name: run.name,
          date: run.date,
          before: report.preRating,
          after: report.postRating,
          change: report.postRating - report.preRating,
          method: report.method as 'standard' | 'performance',
          eventGames: games.length,
          gamesTotal: record ? (typeof record.games === 'number' ? record.games : record.games.length) : NaN,
          provisional: record ? typeof record.games !== 'number' : report.method === 'performance',
          bonusCount: record?.bonusCount ?? NaN,
          lbStreak: record?.lbCount ?? null,
          mpStreak: record?.mpCount ?? null,
          grade: record ? gradeText(record) : grade,
        });
      },
    });
  }
  steps.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.phase - b.phase));
  for (const s of steps) s.apply();
  fromOpening(fold.list.find((p) => nameKey(p) === key));
  const absorbed = [...fold.names.keys()].filter((id) => id !== person && fold.survivorOf(id) === person);
  return E.right({ playerId, ...(person !== playerId ? { mergedInto: person } : {}), ...(absorbed.length > 0 ? { absorbed } : {}), ratings, officerRatings, grades, dan: danCounts(opponentsUsed) });
};

/** What a reconcile or an adjustment did to one player's rating; undefined when a reconcile left his rating alone. */
const officerRatingStep = (kind: OfficerRatingStep['kind'], e: ListReconciled | RatingAdjusted, date: string, survivorOf: (id: string) => string, person: string): OfficerRatingStep | undefined => {
  if (e.type === 'RatingAdjusted') return { date, kind, rating: e.change.kind === 'set' ? e.change.rating : null, ...(e.change.kind === 'shift' ? { shift: e.change.by } : {}), reason: e.reason };
  const pin = e.pins.find((p) => survivorOf(p.playerId) === person);
  const rating = pin?.fields.eloNumber;
  return typeof rating === 'number' ? { date, kind, rating, reason: e.reason } : undefined;
};

/**
 * Seed 000 §7b: "To get a Dan grade you also need to have played some games against the MP of the grade below …
 * Those 7 or 8 games must have been played against more than 1 opponent." Counted over the whole career from the
 * opponent rating the engine used in each game against a player of the event.
 */
export const danCounts = (games: readonly { opponent: string; rating: number }[]): DanCount[] => {
  const out: DanCount[] = [];
  for (let dan = 1; dan <= 5; dan++) {
    const need = danQualification(dan)!;
    const qualifying = games.filter((g) => g.rating >= need.minOpponent);
    const opponents = [...new Set(qualifying.map((g) => g.opponent))];
    out.push({ dan, minOpponent: need.minOpponent, gamesNeeded: need.games, games: qualifying.length, opponents, met: qualifying.length >= need.games && opponents.length > 1 });
  }
  return out;
};

/**
 * Grades reached one after the other at the same game by the same rule read as one step (a provisional newcomer may
 * rise twenty grades in one game): from the first grade to the last.
 */
export const gradeSteps = (grades: PlayerCareer['grades']): (PlayerCareer['grades'][number] & { grades: number })[] => {
  const steps: (PlayerCareer['grades'][number] & { grades: number })[] = [];
  for (const g of grades) {
    const last = steps[steps.length - 1];
    if (last && last.date === g.date && last.rule === g.rule && last.detail === g.detail && last.grade === g.from) steps[steps.length - 1] = { ...last, grade: g.grade, grades: last.grades + 1 };
    else steps.push({ ...g, grades: 1 });
  }
  return steps;
};

const sign = (x: number): string => `${x >= 0 ? '+' : ''}${x}`;

/** The career as text for people. */
export const renderCareer = (c: PlayerCareer): string => {
  const others = c.absorbed?.filter((id) => id !== c.playerId) ?? [];
  const with_ = others.length > 0 ? `, with ${others.join(', ')} merged into ${c.mergedInto ?? c.playerId}` : '';
  const header = c.mergedInto === undefined ? `${c.playerId}${others.length > 0 ? ` (${others.join(', ')} merged into ${c.playerId}: their games and grades are in this history)` : ''}` : `${c.playerId} (merged into ${c.mergedInto}: the history of ${c.mergedInto}${with_})`;
  const lines = [header, '', 'Rating history:'];
  if (c.ratings.length === 0) lines.push('  no rated tournaments');
  const officer = [...c.officerRatings];
  const officerLine = (o: OfficerRatingStep) =>
    `  ${o.date}  ${(o.kind === 'reconcile' ? 'rating pinned by reconcile' : 'rating adjusted').padEnd(24)}       -> ${o.rating === null ? sign(o.shift ?? 0).padStart(5) : String(o.rating).padStart(5)}  ${o.reason}`;
  for (const r of c.ratings) {
    // on a date the officer facts come before the tournaments (the fold's order)
    while (officer.length > 0 && officer[0]!.date <= r.date) lines.push(officerLine(officer.shift()!));
    const streaks = `${r.lbStreak ? `LB ${r.lbStreak.n}${r.lbStreak.reachedMp ? '*' : ''}` : ''}${r.mpStreak !== null ? ` MP ${r.mpStreak}` : ''}`.trim();
    lines.push(
      `  ${r.date}  ${r.tournamentId.padEnd(24).slice(0, 24)} ${String(r.before).padStart(5)} -> ${String(r.after).padStart(5)} (${sign(r.change).padStart(5)})  ${r.method.padEnd(11)} ${String(r.eventGames).padStart(2)} games, total ${r.gamesTotal}${r.provisional ? 'p' : ''}, bonus ${r.bonusCount}${streaks ? `, ${streaks}` : ''}, ${r.grade}`,
    );
  }
  for (const o of officer) lines.push(officerLine(o));
  lines.push('', 'Grade history:');
  if (c.grades.length === 0) lines.push('  no grade yet');
  for (const g of gradeSteps(c.grades)) lines.push(`  ${g.date}  ${g.from} -> ${g.grade} by ${g.rule} (${g.detail})${g.grades > 1 ? `, ${g.grades} grades at once` : ''}`);
  lines.push('', 'Dan-qualifying games (seed 000 §7b: games against at least the MP of the grade below, more than one opponent):');
  for (const d of c.dan) lines.push(`  ${d.dan} Dan: ${d.games}/${d.gamesNeeded} games vs >= ${d.minOpponent}, ${d.opponents.length} opponents${d.met ? ' — met' : ''}`);
  return lines.join('\n');
};
