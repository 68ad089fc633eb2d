import * as E from 'fp-ts/Either';
import { roundHalfAwayFromZero, snapHalf } from '../shared/rounding';
import { itemAt, playerIn } from '../shared/present';
import { checkGamePlayers, Decoded, fail } from './decode';
import { Game, GameResult, hasHandicap, notRated, RATED, Score } from './game';

/**
 * Generic Elo as in seed 004 (Norwegian Wikipedia "Elo-rating") and ../shared/rules/elo-fide-uscf.md:
 * logistic expected score, per-event update R' = R + K·(S − E), newcomers rated by the linear performance
 * rating of their first event. The K scheme is the only difference between `fide` and `uscf-k`.
 */
export interface EloPlayer {
  /** null = newcomer (no rating yet). */
  readonly rating: number | null;
  /** Rated games completed. */
  readonly games: number;
  /** Only used by FIDE's junior rule. */
  readonly birthYear: number | null;
  /** The rating has been ≥ 2400 at some time (kept forever). */
  readonly reached2400: boolean;
}

export interface RatedEloPlayer extends EloPlayer {
  readonly rating: number;
}

export interface EloEvent {
  /** "YYYY-MM-DD"; its year is the FIDE junior rule's event year. */
  readonly date?: string;
}

export interface EloOptions {
  readonly updateMode: 'event' | 'game';
  readonly ratedVsNewcomer: 'use-performance' | 'not-rated';
}

export const defaultEloOptions: EloOptions = { updateMode: 'event', ratedVsNewcomer: 'use-performance' };

export interface KScheme {
  readonly id: string;
  /** K from the player's state before the event (game mode: before the game). */
  readonly kFactor: (player: RatedEloPlayer, eventYear: number | undefined) => number;
  /** True when this player's K cannot be decided without the event's year. */
  readonly needsEventYear: (player: EloPlayer) => boolean;
}

export interface EloEventResult {
  readonly players: Record<string, EloPlayer>;
  readonly gamesRated: GameResult[];
}

/** Seed 004: E = 1 / (1 + 10^((R' − R)/400)); no cap on the difference. */
export const logisticExpected = (rating: number, opponent: number): number => 1 / (1 + Math.pow(10, (opponent - rating) / 400));

/**
 * Seed 004 "Prestasjonsrating": (Σ opponents' ratings + 400·(wins − losses)) / games, rounded half away from zero
 * (spec §2). `entries` must not be empty.
 */
export const performanceRating = (entries: ReadonlyArray<readonly [number, Score]>): number => {
  let sum = 0;
  for (const [opp, s] of entries) sum += opp + (s === 1 ? 400 : s === 0 ? -400 : 0);
  return roundHalfAwayFromZero(snapHalf(sum / entries.length));
};

export const eventYearOf = (event: EloEvent): number | undefined =>
  event.date === undefined ? undefined : Number(event.date.slice(0, 4));

const scoreOf = (g: Game, id: string): Score => (g.a === id ? g.score : ((1 - g.score) as Score));
const opponentOf = (g: Game, id: string): string => (g.a === id ? g.b : g.a);

/** Spec §3: which games count, before any rating is computed. */
const classifyGames = (options: EloOptions, players: Record<string, EloPlayer>, games: readonly Game[]): GameResult[] =>
  games.map((g) => {
    if (hasHandicap(g)) return notRated('handicap-not-ratable');
    const aNew = playerIn(players, g.a).rating === null;
    const bNew = playerIn(players, g.b).rating === null;
    if (aNew && bNew) return notRated('unrated-opponent');
    if ((aNew || bNew) && options.ratedVsNewcomer === 'not-rated') return { rated: true, only: aNew ? g.a : g.b };
    return RATED;
  });

/** Spec §3 step 1: newcomers' ratings from their games against rated players (pre-event ratings). */
const newcomerRatings = (players: Record<string, EloPlayer>, games: readonly Game[], results: readonly GameResult[]) => {
  const entries = new Map<string, Array<readonly [number, Score]>>();
  games.forEach((g, i) => {
    if (!itemAt(results, i, 'game').rated) return;
    for (const id of [g.a, g.b]) {
      const opp = playerIn(players, opponentOf(g, id)).rating;
      if (playerIn(players, id).rating !== null || opp === null) continue;
      let list = entries.get(id);
      if (list === undefined) entries.set(id, (list = []));
      list.push([opp, scoreOf(g, id)]);
    }
  });
  const out = new Map<string, { rating: number; games: number }>();
  for (const [id, list] of entries) out.set(id, { rating: performanceRating(list), games: list.length });
  return out;
};

/** Whether `id`'s side of rated game `g` changes `id`'s rating (not when a one-sided game counts only for the other). */
const countsFor = (r: GameResult, id: string): boolean => r.rated && (!('only' in r) || r.only === id);

/**
 * Rates one event (spec §3). Players not in any game come back unchanged; newcomers without a game against a rated
 * player stay unrated.
 */
export const rateEloEvent = (
  scheme: KScheme,
  options: EloOptions,
  event: EloEvent,
  players: Record<string, EloPlayer>,
  games: readonly Game[],
): Decoded<EloEventResult> => {
  const known = checkGamePlayers(games, (id) => Object.prototype.hasOwnProperty.call(players, id));
  if (E.isLeft(known)) return known;
  const year = eventYearOf(event);
  if (year === undefined) {
    for (const g of games) {
      for (const id of [g.a, g.b]) {
        if (scheme.needsEventYear(playerIn(players, id))) {
          return fail('input.event.date', `input.event.date is needed: player "${id}" has a birthYear and the ${scheme.id} junior rule needs the event's year (expected "YYYY-MM-DD").`);
        }
      }
    }
  }
  const results = classifyGames(options, players, games);
  const newcomers = newcomerRatings(players, games, results);
  /** A rated player's opponent rating: pre-event, or a newcomer's new performance rating (spec §3 step 2). */
  const opponentRating = (oppId: string): number => playerIn(players, oppId).rating ?? newcomers.get(oppId)!.rating;

  const out: Record<string, EloPlayer> = {};
  const participants = new Set<string>();
  for (const g of games) participants.add(g.a).add(g.b);

  if (options.updateMode === 'event') {
    const sum = new Map<string, number>();
    const count = new Map<string, number>();
    games.forEach((g, i) => {
      for (const id of [g.a, g.b]) {
        const r = playerIn(players, id).rating;
        if (r === null || !countsFor(itemAt(results, i, 'game'), id)) continue;
        sum.set(id, (sum.get(id) ?? 0) + scoreOf(g, id) - logisticExpected(r, opponentRating(opponentOf(g, id))));
        count.set(id, (count.get(id) ?? 0) + 1);
      }
    });
    for (const [id, p] of Object.entries(players)) {
      if (!participants.has(id)) { out[id] = p; continue; }
      if (p.rating === null) { out[id] = newcomerAfter(p, newcomers.get(id)); continue; }
      const n = count.get(id) ?? 0;
      const delta = n === 0 ? 0 : roundHalfAwayFromZero(snapHalf(scheme.kFactor(p as RatedEloPlayer, year) * sum.get(id)!));
      const rating = p.rating + delta;
      out[id] = { ...p, rating, games: p.games + n, reached2400: p.reached2400 || p.rating >= 2400 || rating >= 2400 };
    }
    return E.right({ players: out, gamesRated: results });
  }

  // updateMode "game": one game at a time with current integer ratings and current K (spec §3, last paragraph).
  const current = new Map<string, RatedEloPlayer>();
  for (const id of participants) {
    const p = playerIn(players, id);
    if (p.rating !== null) current.set(id, { ...p, rating: p.rating, reached2400: p.reached2400 || p.rating >= 2400 });
  }
  games.forEach((g, i) => {
    const changes: Array<[string, RatedEloPlayer]> = [];
    for (const id of [g.a, g.b]) {
      const me = current.get(id);
      if (me === undefined || !countsFor(itemAt(results, i, 'game'), id)) continue;
      const oppId = opponentOf(g, id);
      const opp = current.get(oppId)?.rating ?? opponentRating(oppId);
      const delta = roundHalfAwayFromZero(snapHalf(scheme.kFactor(me, year) * (scoreOf(g, id) - logisticExpected(me.rating, opp))));
      const rating = me.rating + delta;
      changes.push([id, { ...me, rating, games: me.games + 1, reached2400: me.reached2400 || rating >= 2400 }]);
    }
    for (const [id, s] of changes) current.set(id, s);
  });
  for (const [id, p] of Object.entries(players)) {
    out[id] = !participants.has(id) ? p : p.rating === null ? newcomerAfter(p, newcomers.get(id)) : current.get(id)!;
  }
  return E.right({ players: out, gamesRated: results });
};

const newcomerAfter = (p: EloPlayer, perf: { rating: number; games: number } | undefined): EloPlayer =>
  perf === undefined ? p : { ...p, rating: perf.rating, games: p.games + perf.games, reached2400: p.reached2400 || perf.rating >= 2400 };

/** Pre-game expected score of a against b; null while either is a newcomer (no rating to compare). */
export const eloExpectedScore = (a: EloPlayer, b: EloPlayer): number | null =>
  a.rating === null || b.rating === null ? null : logisticExpected(a.rating, b.rating);
