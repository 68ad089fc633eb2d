/**
 * Rating one event under the pan-atlantic proposal (spec ../shared/rules/pan-atlantic.md §2–§4, seed 002 §6).
 * Pure: pre-event states + the event's games (in playing order) → post-event states + one result per game.
 */
import * as E from 'fp-ts/Either';
import { RuleError } from '../rule-system';
import { Game, GameResult, RATED, ReasonCode, notRated } from '../elo-common/game';
import { checkGamePlayers, fail } from '../elo-common/decode';
import { logisticExpected } from '../elo-common/elo';
import { handicapBonus, usTimeControlRatable } from '../us-shogi-1997/eligibility';
import { isZero, leq, roundHalfAwayFromZero, snapHalf } from '../shared/rounding';
import { itemAt, playerIn } from '../shared/present';
import { PanAtlanticOptions } from './options';
import {
  DOUBLING_LIMIT, ESTABLISHED_FROM_GAMES, GRADE_TABLE, Grade, HANDICAP_VALUES, PROVISIONAL_FROM_GAMES,
  PROVISIONAL_MULTIPLIER_GAMES, kFactor,
} from './tables';
import { Entry, performanceRating } from './performance';
import { AtOrAbove, NsrGrade, Streaks, flatRating, interpolatedRating, promote, runningRating } from './promotion';

export interface PanEvent {
  readonly region: 'america' | 'europe';
  readonly orderKnown: boolean;
}

export interface PanPlayer {
  readonly rating: number | null;
  readonly games: number;
  /** Games of a still-unrated player: [effective opponent rating, score]. */
  readonly record: readonly Entry[];
  readonly clubGrade: Grade | null;
  readonly grade: Grade | null;
  readonly streaks: Streaks;
  readonly pendingRatification: NsrGrade | null;
}

export const NEW_PLAYER: PanPlayer = {
  rating: null, games: 0, record: [], clubGrade: null, grade: null, streaks: {}, pendingRatification: null,
};

export type Category = 'unrated' | 'provisional' | 'established';

/** Seed 6C: "A player with less than 4 games is unrated. A player gets a provisional rating after 4 games and an
 * established rating after 15 games." */
export const categoryOf = (p: PanPlayer): Category =>
  p.games < PROVISIONAL_FROM_GAMES ? 'unrated' : p.games < ESTABLISHED_FROM_GAMES ? 'provisional' : 'established';

/** The state invariant the categories rely on: a rating exactly from the 4th game on. */
export const checkPlayerState = (p: PanPlayer, path: string): E.Either<RuleError, PanPlayer> => {
  if (p.games < PROVISIONAL_FROM_GAMES && p.rating !== null) {
    return fail(`${path}.rating`, `${path}.rating must be null for a player with ${p.games} games (unrated until 4 games); got ${p.rating}.`);
  }
  if (p.games >= PROVISIONAL_FROM_GAMES && p.rating === null) {
    return fail(`${path}.rating`, `${path}.rating must be an integer for a player with ${p.games} games (rated from 4 games); got null.`);
  }
  return E.right(p);
};

/** Club-grade games: "one win and one loss against players rated in the middle of that grade" (seed 6C1). */
export const clubGradeGames = (g: Grade): Entry[] => [[GRADE_TABLE[g].mp, 1], [GRADE_TABLE[g].mp, 0]];

export interface PanEventResult {
  readonly players: Record<string, PanPlayer>;
  readonly gamesRated: GameResult[];
}

const scoreOf = (g: Game, id: string): number => (g.a === id ? g.score : 1 - g.score);
const opponentOf = (g: Game, id: string): string => (g.a === id ? g.b : g.a);
/** Parts and seats hold indices into the event's own games, made from `games.map((_, i) => i)`. */
const gameAt = (games: readonly Game[], i: number): Game => itemAt(games, i, 'game');
const handicapValueOf = (g: Game): number | undefined => HANDICAP_VALUES[g.handicap?.type ?? 'even'];

/** Spec §2.1: time control by region, then Table II. Draws are rated. */
const ineligibility = (o: PanAtlanticOptions, ev: PanEvent, g: Game): ReasonCode | undefined => {
  if (ev.region === 'america' ? !usTimeControlRatable(g) : !europeTimeControlRatable(o, g)) return 'time-control';
  const handicapped = g.handicap !== undefined && g.handicap.type !== 'even';
  if (handicapValueOf(g) === undefined || (handicapped && ev.region === 'europe' && !o.europeRatesHandicap)) {
    return 'handicap-not-ratable';
  }
  return undefined;
};

/** Seed §4: "In Europe this is 45 minutes plus byoyomi". */
const europeTimeControlRatable = (o: PanAtlanticOptions, g: Game): boolean => {
  const t = g.timeControl;
  return t === undefined || (t.main >= o.europeMinMainMinutes && (t.byoyomi > 0 || t.increment > 0));
};

/** Seed 6B: "No 'tournament' can include more than twenty games by any one player": split in listed order. */
const splitIntoParts = (o: PanAtlanticOptions, games: readonly Game[], eligible: readonly number[]): number[][] => {
  const parts: number[][] = [];
  let part: number[] = [];
  let count = new Map<string, number>();
  for (const i of eligible) {
    const g = gameAt(games, i);
    if ((count.get(g.a) ?? 0) >= o.maxGamesPerPart || (count.get(g.b) ?? 0) >= o.maxGamesPerPart) {
      parts.push(part);
      part = [];
      count = new Map();
    }
    part.push(i);
    count.set(g.a, (count.get(g.a) ?? 0) + 1);
    count.set(g.b, (count.get(g.b) ?? 0) + 1);
  }
  if (part.length > 0) parts.push(part);
  return parts;
};

/** One game seen from one player: handicap bonuses for him and his opponent. */
interface Seat {
  readonly index: number;
  readonly opp: string;
  readonly score: number;
  readonly own: number;
  readonly oppBonus: number;
}

const seatsOf = (games: readonly Game[], part: readonly number[], id: string): Seat[] =>
  part.filter((i) => gameAt(games, i).a === id || gameAt(games, i).b === id).map((i) => {
    const g = gameAt(games, i);
    const hv = handicapValueOf(g) ?? 0;
    const opp = opponentOf(g, id);
    return { index: i, opp, score: scoreOf(g, id), own: handicapBonus(g, id, hv), oppBonus: handicapBonus(g, opp, hv) };
  });

/**
 * Spec §3 stage 1 (seed 6C1): performance ratings of the unrated players, Jacobi iteration with integer values per
 * pass until a pass changes nothing.
 */
const unratedPerformances = (
  o: PanAtlanticOptions, state: Readonly<Record<string, PanPlayer>>, unrated: readonly string[],
  seats: (id: string) => Seat[], isUnrated: (id: string) => boolean, clubAdded: (id: string) => boolean,
): Map<string, number | undefined> => {
  const baseEntries = new Map<string, Entry[]>();
  for (const u of unrated) {
    const p = playerIn(state, u);
    const base: Entry[] = [...p.record, ...(clubAdded(u) && p.clubGrade !== null ? clubGradeGames(p.clubGrade) : [])];
    for (const s of seats(u)) {
      if (!isUnrated(s.opp)) base.push([(playerIn(state, s.opp).rating as number) + s.oppBonus - s.own, s.score]);
    }
    baseEntries.set(u, base);
  }
  const pass = (prev: Map<string, number | undefined>): Map<string, number | undefined> => {
    const next = new Map<string, number | undefined>();
    for (const u of unrated) {
      const entries = [...(baseEntries.get(u) as Entry[])];
      for (const s of seats(u)) {
        const v = isUnrated(s.opp) ? prev.get(s.opp) : undefined;
        if (v !== undefined) entries.push([v + s.oppBonus - s.own, s.score]);
      }
      // "if the player has no club grade, an assumed win and an assumed loss are added to his score (example: 5-0
      // becomes 6-1)", taken at the mean of his real opponents so they change the score, not the field's strength.
      if (playerIn(state, u).clubGrade === null && entries.length > 0) {
        const mean = entries.reduce((sum, [r]) => sum + r, 0) / entries.length;
        entries.push([mean, 1], [mean, 0]);
      }
      next.set(u, performanceRating(entries, o.floor));
    }
    return next;
  };
  let values = pass(new Map()); // pass 0 ignores games between unrated players
  for (let k = 1; k <= o.maxPasses; k++) {
    const next = pass(values);
    const same = unrated.every((u) => next.get(u) === values.get(u));
    values = next;
    if (same) break;
  }
  return values;
};

/**
 * Seed 6A doubling: "his gain shall be doubled unless such doubling brings him over 1200. In that case his new
 * rating shall be 1200 or the rating he would have obtained if his gain were not doubled (whichever is higher)."
 * Then POST = PRE + roundHalfAwayFromZero(change), and the floor.
 */
export const applyChange = (pre: number, delta: number, floor: number | null): number => {
  let change = delta;
  if (pre < DOUBLING_LIMIT && delta > 0 && !isZero(delta)) {
    change = leq(pre + 2 * delta, DOUBLING_LIMIT) ? 2 * delta : Math.max(DOUBLING_LIMIT, pre + delta) - pre;
  }
  const post = pre + roundHalfAwayFromZero(snapHalf(change));
  return floor === null ? post : Math.max(floor, post);
};

interface PartOutcome {
  readonly state: Record<string, PanPlayer>;
  readonly results: Map<number, GameResult>;
}

/** Spec §3: one part, in three stages (unrated, provisional, established), then write-back and promotion. */
const ratePart = (
  o: PanAtlanticOptions, ev: PanEvent, state: Readonly<Record<string, PanPlayer>>, games: readonly Game[], part: readonly number[],
): PartOutcome => {
  const results = new Map<number, GameResult>();
  const ids = [...new Set(part.flatMap((i) => [gameAt(games, i).a, gameAt(games, i).b]))];
  const category = new Map(ids.map((id) => [id, categoryOf(playerIn(state, id))]));
  const isUnrated = (id: string): boolean => category.get(id) === 'unrated';
  // Seed 6B: "A tournament is ratable if at least two (provisional or established) rated players participate."
  if (ids.filter((id) => !isUnrated(id)).length < o.minRatedPlayers) {
    for (const i of part) results.set(i, notRated('not-ratable-event'));
    return { state: { ...state }, results };
  }

  const seatCache = new Map(ids.map((id) => [id, seatsOf(games, part, id)]));
  const seats = (id: string): Seat[] => seatCache.get(id) as Seat[];
  const unrated = ids.filter(isUnrated);
  const clubAdded = (id: string): boolean => {
    const p = playerIn(state, id);
    return p.games === 0 && p.record.length === 0 && p.clubGrade !== null;
  };
  const perf = unratedPerformances(o, state, unrated, seats, isUnrated, clubAdded);

  // Games of an unrated player whose value stays undefined are rated for nobody.
  for (const i of part) {
    const g = gameAt(games, i);
    const anchored = [g.a, g.b].every((id) => !isUnrated(id) || perf.get(id) !== undefined);
    results.set(i, anchored ? RATED : notRated('no-anchor'));
  }
  const ratedSeats = (id: string): Seat[] => seats(id).filter((s) => results.get(s.index) === RATED);

  const pre = (id: string): number => playerIn(state, id).rating as number;
  const post = new Map<string, number>();
  const terms = new Map<string, number[]>();
  const multiplier = new Map<string, number>();
  const rateStage = (who: Category, oppValue: (id: string) => number): void => {
    for (const id of ids.filter((x) => category.get(x) === who)) {
      const mine = ratedSeats(id);
      const k = kFactor(pre(id));
      const t = mine.map((s) => {
        let diff = oppValue(s.opp) + s.oppBonus - (pre(id) + s.own);
        if (o.differenceCap !== null) diff = Math.max(-o.differenceCap, Math.min(o.differenceCap, diff));
        return k * (s.score - logisticExpected(0, diff));
      });
      // Seed 6C2: "If N, the number of rated games he has played (including the event being rated), is less than
      // twenty, the net gain or loss for the event is multiplied by (20/N)."
      const n = playerIn(state, id).games + mine.length;
      const m = who === 'provisional' && n < PROVISIONAL_MULTIPLIER_GAMES ? PROVISIONAL_MULTIPLIER_GAMES / n : 1;
      const raw = t.reduce((a, b) => a + b, 0);
      terms.set(id, t);
      multiplier.set(id, m);
      post.set(id, mine.length === 0 ? pre(id) : applyChange(pre(id), raw * m, o.floor));
    }
  };
  const perfOf = (id: string): number => perf.get(id) as number;
  // Stage 2: opponents at PRE (provisional, established) or P (unrated).
  rateStage('provisional', (q) => (isUnrated(q) ? perfOf(q) : pre(q)));
  // Stage 3: established at PRE, provisional at POST, unrated at P.
  rateStage('established', (q) =>
    isUnrated(q) ? perfOf(q) : category.get(q) === 'provisional' ? (post.get(q) as number) : pre(q));

  const next: Record<string, PanPlayer> = { ...state };
  for (const id of ids) {
    const p = playerIn(state, id);
    const mine = ratedSeats(id);
    if (mine.length === 0) continue;
    if (isUnrated(id)) {
      const value = perfOf(id);
      const added = clubAdded(id) && p.clubGrade !== null ? clubGradeGames(p.clubGrade) : [];
      const games = p.games + mine.length + added.length;
      if (games >= PROVISIONAL_FROM_GAMES) {
        // The assumed no-grade games "are removed from the record once a player has a provisional rating".
        const graded = promote(p, mine.length, value, flatRating(value), o.autoRatify);
        next[id] = { ...p, ...graded, rating: value, games, record: [] };
      } else {
        const played: Entry[] = mine.map((s) => [
          (isUnrated(s.opp) ? perfOf(s.opp) : pre(s.opp)) + s.oppBonus - s.own, s.score,
        ]);
        next[id] = { ...p, rating: null, games, record: [...p.record, ...added, ...played] };
      }
    } else {
      const r = post.get(id) as number;
      const atOrAbove: AtOrAbove = ev.orderKnown
        ? runningRating(pre(id), r, terms.get(id) as number[], multiplier.get(id) as number)
        : interpolatedRating(pre(id), r, mine.length);
      const graded = promote(p, mine.length, r, atOrAbove, o.autoRatify);
      next[id] = { ...p, ...graded, rating: r, games: p.games + mine.length };
    }
  }
  return { state: next, results };
};

/**
 * Rates one event: eligibility, the 20-game split, then each part in turn (the post ratings of one part are the
 * pre ratings of the next).
 */
export const rateEvent = (
  options: PanAtlanticOptions, event: PanEvent, players: Readonly<Record<string, PanPlayer>>, games: readonly Game[],
): E.Either<RuleError, PanEventResult> => {
  const checked = checkGamePlayers(games, (id) => Object.prototype.hasOwnProperty.call(players, id));
  if (E.isLeft(checked)) return checked;
  for (const [id, p] of Object.entries(players)) {
    const ok = checkPlayerState(p, `input.players.${id}`);
    if (E.isLeft(ok)) return ok;
  }
  const gamesRated: (GameResult | undefined)[] = games.map((g) => {
    const reason = ineligibility(options, event, g);
    return reason === undefined ? undefined : notRated(reason);
  });
  const eligible = games.map((_, i) => i).filter((i) => gamesRated[i] === undefined);
  let state: Record<string, PanPlayer> = { ...players };
  for (const part of splitIntoParts(options, games, eligible)) {
    const outcome = ratePart(options, event, state, games, part);
    state = outcome.state;
    for (const [i, r] of outcome.results) gamesRated[i] = r;
  }
  return E.right({ players: state, gamesRated: gamesRated as GameResult[] });
};
