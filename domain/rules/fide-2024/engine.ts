import { hasHandicap, notRated, RATED, type Game, type GameResult, type Score } from '../elo-common/game';
import { roundHalfAwayFromZero } from '../shared/rounding';
import { itemAt, playerIn } from '../shared/present';
import { listAfterOneInForce, listMonthOf, monthsBetween, ratedOnList, type FideList } from './periods';
import { dpOfHundredths, hundredthsOf, pdHundredths } from './tables';

/**
 * The FIDE Rating Regulations effective from 1 March 2024 (FIDE Handbook, chapter B022024; rapid and blitz:
 * B02RBRegulations2024), with the 1 October 2025 amendment of §8.3.1. Pure functions over plain values.
 *
 * A player's state holds his rating as published on the last list made for him and the games of the rating period
 * not yet on a list: FIDE rates a whole period at once (§8.3.2 c–d) and rounds its change once (§8.3.4), so a
 * tournament adds its games to the period of the list it goes on (§7.1.3), and the period is closed — its change
 * applied — when the player's next tournament goes on a later list. `nextRating` is the rating the next list gives.
 */

/** The games of one rating period on one list, not yet applied. */
export interface FidePeriod {
  /** The list they go on, "YYYY-MM" (its date is the 1st of that month). */
  readonly list: string;
  /** K of §8.3.3 before the 700 rule, decided from the published state when the period opened. */
  readonly k: number;
  /** Rated games in the period (n of the 700 rule). */
  readonly games: number;
  /** Σ(score − PD) over the period's games, in hundredths. */
  readonly sum: number;
}

/** A game an unrated player pools for his first rating (§7.1.4, §8.2). */
export interface PooledGame {
  readonly opponent: number;
  readonly score: Score;
  readonly list: string;
}

export interface FidePlayer {
  /** Published rating; null while unrated. */
  readonly rating: number | null;
  /** Rated games completed on published lists (K 40 until 30, §8.3.3). */
  readonly games: number;
  readonly birthYear: number | null;
  /** The published rating has reached 2400 (K 10 for ever, §8.3.3). */
  readonly reached2400: boolean;
  /** A K given by hand, as FIDE's calculator takes it; null: K from the state (§8.3.3). */
  readonly k: number | null;
  readonly period: FidePeriod | null;
  /** An unrated player's games against rated opponents, pooled over at most 26 months (§7.1.4). */
  readonly pool: readonly PooledGame[];
}

export interface FideOptions {
  readonly list: FideList;
}

export const defaultFideOptions: FideOptions = { list: 'standard' };

export const unratedPlayer = (birthYear: number | null): FidePlayer =>
  ({ rating: null, games: 0, birthYear, reached2400: false, k: null, period: null, pool: [] });

/** §7.2.1 and §7.1.4: no rating below 1400 is published. */
export const RATING_FLOOR = 1400;
/** §8.2.3: the highest first rating. */
export const MAX_INITIAL_RATING = 2200;
/** §7.1.4: a first rating needs this many games against rated opponents. */
export const MIN_INITIAL_GAMES = 5;
/** §7.1.4: games pooled for a first rating come from consecutive periods of at most 26 months. */
const POOL_MONTHS = 26;
/** §8.3.3: K × n may not pass 700 in a period. */
const PERIOD_K_GAMES = 700;
/** §8.3.1 as amended: from this date a player rated 2650 or more plays with the real difference (standard list). */
const AMENDMENT_2650 = '2025-10-01';

/** §8.3.3, in the regulation's order; `year` is the tournament's, for "until the end of the year of their 18th birthday". */
export const kOf = (p: FidePlayer & { readonly rating: number }, year: number): number => {
  if (p.k !== null) return p.k;
  if (p.games < 30) return 40;
  if (p.reached2400 || p.rating >= 2400) return 10;
  if (p.birthYear !== null && year - p.birthYear <= 18 && p.rating < 2300) return 40;
  return 20;
};

/** §8.3.3: "K shall be the largest whole number such that K × n does not exceed 700". */
export const cappedK = (k: number, games: number): number => (games > 0 && k * games > PERIOD_K_GAMES ? Math.floor(PERIOD_K_GAMES / games) : k);

/** §8.3.2 d and §8.3.4: the period's change, rounded once, 0.5 away from zero. */
export const periodChange = (period: FidePeriod): number => {
  const k = cappedK(period.k, period.games);
  // k·sum is an integer number of hundredths: its half-way cases are exact
  return roundHalfAwayFromZero((k * period.sum) / 100);
};

/** §8.2.2–8.2.3: Ra over the rated opponents and two hypothetical 1800s drawn, Ru = Ra + dp, rounded, at most 2200. */
export const initialRating = (games: readonly { readonly opponent: number; readonly score: number }[]): number => {
  const all = [...games, { opponent: 1800, score: 0.5 }, { opponent: 1800, score: 0.5 }];
  const ra = all.reduce((s, g) => s + g.opponent, 0) / all.length;
  const score = all.reduce((s, g) => s + g.score, 0);
  return Math.min(MAX_INITIAL_RATING, roundHalfAwayFromZero(ra + dpOfHundredths(hundredthsOf(score, all.length))));
};

/** The games of the pool still inside the 26 months that end with `list`. */
const poolWithin = (pool: readonly PooledGame[], list: string): readonly PooledGame[] =>
  pool.filter((g) => monthsBetween(g.list, list) < POOL_MONTHS);

/**
 * The state once the list `list` is made: an open period of an earlier list is applied (a rating under 1400 is shown
 * as unrated, §7.2.1), and an unrated player with 5 pooled games and a first rating of 1400 or more is published.
 */
export const closedBefore = (p: FidePlayer, list: string): FidePlayer => {
  if (p.rating !== null) {
    if (p.period === null || p.period.list >= list) return p;
    const rating = p.rating + periodChange(p.period);
    if (rating < RATING_FLOOR) return { ...unratedPlayer(p.birthYear), k: p.k };
    return { ...p, rating, games: p.games + p.period.games, reached2400: p.reached2400 || rating >= 2400, period: null };
  }
  const published = p.pool.filter((g) => g.list < list);
  const pool = poolWithin(published, published.at(-1)?.list ?? list);
  if (pool.length < MIN_INITIAL_GAMES) return p;
  const rating = initialRating(pool);
  if (rating < RATING_FLOOR) return p;
  return { ...p, rating, games: pool.length, reached2400: rating >= 2400, period: null, pool: p.pool.filter((g) => g.list >= list) };
};

/** The rating the next list gives the player: every open period applied. */
export const nextState = (p: FidePlayer): FidePlayer => closedBefore(p, '9999-99');
export const nextRating = (p: FidePlayer): number | null => nextState(p).rating;

/** §8.3.1: the difference a player plays with — at most 400, except for a player rated 2650 or more (standard list, from 1 October 2025). */
export const differenceUsed = (o: FideOptions, date: string | undefined, me: number, opp: number): number => {
  const d = me - opp;
  const exempt = o.list === 'standard' && me >= 2650 && (date === undefined || date >= AMENDMENT_2650);
  return exempt ? d : Math.max(-400, Math.min(400, d));
};

/** §8.3.2 a–b: PD of the table and the game's ΔR, both in hundredths. */
export const gameDelta = (o: FideOptions, date: string | undefined, me: number, opp: number, score: Score): { pd: number; delta: number; difference: number } => {
  const difference = differenceUsed(o, date, me, opp);
  const pd = pdHundredths(difference);
  return { pd, delta: score * 100 - pd, difference };
};

export interface FideTournament {
  /** The tournament's end date "YYYY-MM-DD"; without it the list is that of the players' open periods or a new one. */
  readonly date?: string;
  /** Its first day: the ratings it is rated from are those of the list in force then (see `ratingsInForce`). */
  readonly start?: string;
}

export interface FideRated {
  readonly players: Record<string, FidePlayer>;
  readonly gamesRated: GameResult[];
}

const scoreOf = (g: Game, id: string): Score => (g.a === id ? g.score : ((1 - g.score) as Score));

/** Which games count (§5, §8.2, §8.3.1, the rate of play), from the ratings in force. */
const classify = (o: FideOptions, before: Record<string, FidePlayer>, games: readonly Game[], firstEventZero: ReadonlySet<string>): GameResult[] =>
  games.map((g) => {
    if (hasHandicap(g)) return notRated('handicap-not-ratable');
    const ra = playerIn(before, g.a).rating;
    const rb = playerIn(before, g.b).rating;
    if (!ratedOnList(g, o.list, [ra, rb])) return notRated('time-control');
    if (ra === null && rb === null) return notRated('unrated-opponent');
    if (ra === null || rb === null) {
      const unrated = ra === null ? g.a : g.b;
      return firstEventZero.has(unrated) ? notRated('unrated-opponent') : { rated: true, only: unrated };
    }
    return RATED;
  });

/**
 * §8.2.1: an unrated player with nothing pooled yet who scores zero against rated opponents in this event has it
 * disregarded.
 */
const zeroInFirstEvent = (o: FideOptions, before: Record<string, FidePlayer>, games: readonly Game[]): Set<string> => {
  const scored = new Map<string, number>();
  for (const g of games) {
    if (hasHandicap(g) || !ratedOnList(g, o.list, [playerIn(before, g.a).rating, playerIn(before, g.b).rating])) continue;
    for (const [me, opp] of [[g.a, g.b], [g.b, g.a]] as const) {
      const p = playerIn(before, me);
      if (p.rating !== null || p.pool.length > 0 || playerIn(before, opp).rating === null) continue;
      scored.set(me, (scored.get(me) ?? 0) + scoreOf(g, me));
    }
  }
  return new Set([...scored].filter(([, s]) => s === 0).map(([id]) => id));
};

/** The list month a tournament goes on: its end date's, or else the first open period's (a case without a date). */
export const listOf = (t: FideTournament, players: Record<string, FidePlayer>): string =>
  t.date !== undefined ? listMonthOf(t.date)
    : Object.values(players).map((p) => p.period?.list ?? p.pool[p.pool.length - 1]?.list).find((l) => l !== undefined) ?? '0000-01';

/**
 * Each player's rating a tournament is rated from (his Ro): that of the list in force on its first day. FIDE's
 * published calculations do so — an event of 31 Oct – 2 Nov 2025 on the December list was rated from the October
 * list, not November's (docs/rule-sets/fide-2024.md) — though the Rating Regulations only say the ratings of
 * "the previous list" (§8.2.4). Without a start, or when a player was unrated then, it is the rating before the
 * tournament's own list. Periods on lists made since the start are still applied before the tournament's change.
 */
export const ratingsInForce = (t: FideTournament, list: string, player: FidePlayer): number | null => {
  const before = closedBefore(player, list);
  if (t.start === undefined) return before.rating;
  const inForce = listAfterOneInForce(t.start);
  return (inForce < list ? closedBefore(player, inForce).rating : null) ?? before.rating;
};

/**
 * Rate one tournament: every player's earlier periods are closed, the games are rated against the ratings in force
 * when it started (`ratingsInForce`), and each player's ΔR goes into the period of the tournament's list.
 */
export const rateFideTournament = (o: FideOptions, t: FideTournament, players: Record<string, FidePlayer>, games: readonly Game[]): FideRated => {
  const list = listOf(t, players);
  const year = Number((t.date ?? `${list}-01`).slice(0, 4));
  const participants = new Set(games.flatMap((g) => [g.a, g.b]));
  const before: Record<string, FidePlayer> = {};
  const ro: Record<string, number | null> = {};
  for (const [id, p] of Object.entries(players)) {
    before[id] = participants.has(id) ? closedBefore(p, list) : p;
    if (participants.has(id)) ro[id] = ratingsInForce(t, list, p);
  }
  const results = classify(o, before, games, zeroInFirstEvent(o, before, games));
  const sums = new Map<string, { games: number; sum: number }>();
  const pooled = new Map<string, PooledGame[]>();
  games.forEach((g, i) => {
    const r = itemAt(results, i, 'game');
    if (!r.rated) return;
    for (const me of [g.a, g.b]) {
      const opp = me === g.a ? g.b : g.a;
      if ('only' in r && r.only !== me) continue;
      if (playerIn(before, me).rating === null) {
        pooled.set(me, [...(pooled.get(me) ?? []), { opponent: ro[opp]!, score: scoreOf(g, me), list }]);
        continue;
      }
      const { delta } = gameDelta(o, t.date, ro[me]!, ro[opp]!, scoreOf(g, me));
      const s = sums.get(me) ?? { games: 0, sum: 0 };
      sums.set(me, { games: s.games + 1, sum: s.sum + delta });
    }
  });
  const out: Record<string, FidePlayer> = {};
  for (const [id, p] of Object.entries(before)) {
    const s = sums.get(id);
    const pool = pooled.get(id);
    if (s !== undefined && p.rating !== null) {
      const open = p.period ?? { list, k: kOf({ ...p, rating: p.rating }, year), games: 0, sum: 0 };
      out[id] = { ...p, period: { ...open, games: open.games + s.games, sum: open.sum + s.sum } };
    } else if (pool !== undefined) {
      out[id] = { ...p, pool: [...poolWithin(p.pool, list), ...pool] };
    } else {
      out[id] = p;
    }
  }
  return { players: out, gamesRated: results };
};
