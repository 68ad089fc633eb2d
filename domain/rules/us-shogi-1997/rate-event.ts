/**
 * Rating one event under the US Shogi 1997 system (spec ../shared/rules/us-shogi-1997.md §3–§4, seed 001).
 * Pure: pre-event states + the event's games → post-event states + one result per game.
 */
import * as E from 'fp-ts/Either';
import { RuleError } from '../rule-system';
import { Fraction } from '../shared/fraction';
import { itemAt, playerIn } from '../shared/present';
import { Game, GameResult, RATED, ReasonCode, notRated } from '../elo-common/game';
import { checkGamePlayers } from '../elo-common/decode';
import { UsOptions } from './options';
import {
  BRACKETS, Bracket, DOUBLING_LIMIT, HANDICAP_VALUES, MAX_DIFFERENCE, PROMOTION_GAMES, UNOFFICIAL_HANDICAP_VALUES,
  US_RANKS, UsRank, rankIndex, rankLowerBound, rankStart,
} from './tables';
import { handicapBonus, usTimeControlRatable } from './eligibility';

export interface UsEvent {
  readonly kind: 'tournament' | 'club';
}

/** A player's state before an event. `rating: null` = new player, started at `initialRating` or his rank's start. */
export interface UsPlayerIn {
  readonly rating: number | null;
  readonly rank: UsRank;
  readonly games: number;
  /** Rank → consecutive rated games at or above its lower bound (non-zero entries only). */
  readonly streaks: Readonly<Partial<Record<UsRank, number>>>;
  readonly initialRating?: number;
}

/** A player's state after an event: always rated. */
export interface UsPlayerOut {
  readonly rating: number;
  readonly rank: UsRank;
  readonly games: number;
  readonly streaks: Readonly<Partial<Record<UsRank, number>>>;
}

/** Per-player explanation (not compared by the harness). */
export interface UsPlayerDetail {
  readonly preRating: number;
  readonly ratedGames: number;
  /** Σ of the per-game changes, as an exact fraction "n/d". */
  readonly delta: string;
  /** The rating before rounding (after threshold crossing and doubling), as "n/d". */
  readonly adjusted: string;
  readonly promotedTo?: UsRank;
}

export interface UsEventResult {
  readonly players: Record<string, UsPlayerOut>;
  readonly gamesRated: GameResult[];
  readonly detail: Record<string, UsPlayerDetail>;
}

const bracketsOf = (o: UsOptions): readonly Bracket[] => BRACKETS[o.brackets];

const bracketIndex = (brackets: readonly Bracket[], r: Fraction): number => {
  // The last bracket whose lower bound r reaches: the one before the first bound above r.
  const above = brackets.findIndex((b, i) => i > 0 && !r.ge(b.from));
  return above < 0 ? brackets.length - 1 : above - 1;
};

/** Bracket factor f of a rating: a rating equal to a bracket's lower bound is in that bracket (spec §6). */
export const bracketFactor = (o: UsOptions, rating: number): number => {
  const b = bracketsOf(o);
  return itemAt(b, bracketIndex(b, Fraction.of(rating)), 'bracket').factor;
};

const handicapValue = (o: UsOptions, g: Game): number | undefined => {
  const type = g.handicap?.type ?? 'even';
  return HANDICAP_VALUES[type] ?? (o.rateUnofficialHandicaps ? UNOFFICIAL_HANDICAP_VALUES[type] : undefined);
};

/** Adjusted difference for x against y: (R_y + hv if y receives) − (R_x + hv if x receives). */
const adjustedDifference = (g: Game, x: string, y: string, pre: (id: string) => number, hv: number): number =>
  pre(y) + handicapBonus(g, y, hv) - (pre(x) + handicapBonus(g, x, hv));

/** Spec §3 step 1: the first failing check gives the reason; undefined = ratable. */
const ineligibility = (o: UsOptions, ev: UsEvent, g: Game, pre: (id: string) => number): ReasonCode | undefined => {
  if (!usTimeControlRatable(g)) return 'time-control';
  const hv = handicapValue(o, g);
  if (hv === undefined) return 'handicap-not-ratable';
  if (g.score === 0.5) return 'draw';
  // "If the rating difference exceeds 350, the game may not be rated unless it is a tournament game": exactly 350 is rated.
  if (ev.kind === 'club' && Math.abs(adjustedDifference(g, g.a, g.b, pre, hv)) > MAX_DIFFERENCE) return 'difference-over-350';
  return undefined;
};

/**
 * Per-game change for x (spec §3 step 3): f points for the result plus f/400 of the (clamped) adjusted difference,
 * which the lower-rated side gains and the favourite loses whatever the result.
 */
const perGameChange = (o: UsOptions, f: number, won: boolean, d: number): Fraction => {
  const result = Fraction.of(won ? f : -f);
  const term = Fraction.of(Math.abs(d) * f, 400);
  const rounded = o.termRounding === 'exact' ? term : o.termRounding === 'per-game-ceil' ? term.ceil() : term.roundHalfUp();
  return result.add(d < 0 ? rounded.neg() : rounded);
};

/**
 * Spec §3 step 5, `move(R0, Δ)`: "In all cases where a player passes a threshold as a result of an event, his gain
 * or loss is adjusted to reflect the formula in effect on the other side of the threshold" (seed 001, 2220 − 30 →
 * 2185). The part beyond each passed bound is rescaled by f(new)/f(old).
 */
export const moveAcrossBrackets = (o: UsOptions, r0: Fraction, delta: Fraction): Fraction => {
  if (!o.thresholdCrossing) return r0.add(delta);
  const b = bracketsOf(o);
  const at = (j: number): Bracket => itemAt(b, j, 'bracket');
  let i = bracketIndex(b, r0);
  let r = r0;
  let rest = delta;
  if (rest.sign() > 0) {
    while (i + 1 < b.length && r.add(rest).ge(at(i + 1).from)) {
      const bound = at(i + 1).from;
      rest = r.add(rest).sub(bound).mul(Fraction.of(at(i + 1).factor, at(i).factor));
      r = Fraction.of(bound);
      i++;
    }
  } else {
    while (i > 0 && r.add(rest).lt(at(i).from)) {
      const bound = at(i).from;
      rest = r.add(rest).sub(bound).mul(Fraction.of(at(i - 1).factor, at(i).factor));
      r = Fraction.of(bound);
      i--;
    }
  }
  return r.add(rest);
};

/**
 * Spec §3 step 6: "a player rated 1100 gains 60 points in a tourney, which is doubled to 120. Since that puts him
 * over 1200, he is not entitled to any bonus points beyond 1200, so his new rating is exactly 1200" — and a gain
 * that passes 1200 undoubled keeps its undoubled value.
 */
const adjustedRating = (o: UsOptions, ev: UsEvent, r0: Fraction, delta: Fraction): Fraction => {
  const doubles = r0.lt(DOUBLING_LIMIT) && delta.sign() > 0 && (o.doublingScope === 'all-events' || ev.kind === 'tournament');
  if (!doubles) return moveAcrossBrackets(o, r0, delta);
  const doubled = r0.add(delta.mul(2));
  if (doubled.le(DOUBLING_LIMIT)) return doubled;
  return Fraction.max(Fraction.of(DOUBLING_LIMIT), moveAcrossBrackets(o, r0, delta));
};

/** Spec §3 step 7: round the event's final rating, then apply the floor. */
const finalRating = (o: UsOptions, r0: Fraction, adjusted: Fraction): number => {
  const rounded = o.eventRounding === 'rating-half-up'
    ? adjusted.roundHalfUp()
    : r0.add(adjusted.sub(r0).roundHalfAwayFromZero());
  const r = rounded.toInteger();
  return o.floor === null ? r : Math.max(o.floor, r);
};

/**
 * Spec §4: every rated game of the event counts with the post-event rating; a rank is awarded once the streak for it
 * reaches 20 ("we award the rank permanently only when the player has remained within the required range for 20
 * consecutive rated games"). Ranks never go down and may be skipped.
 */
export const applyPromotion = (
  rank: UsRank, streaks: Readonly<Partial<Record<UsRank, number>>>, rating: number, ratedGames: number,
): { rank: UsRank; streaks: Partial<Record<UsRank, number>>; promotedTo?: UsRank } => {
  const above = (g: UsRank): boolean => rankIndex(g) > rankIndex(rank);
  if (ratedGames === 0) return { rank, streaks: keepAbove(streaks, above) };
  const next: Partial<Record<UsRank, number>> = {};
  for (const g of US_RANKS) {
    if (above(g) && rating >= rankLowerBound(g)) next[g] = (streaks[g] ?? 0) + ratedGames;
  }
  let promoted: UsRank | undefined;
  for (const g of US_RANKS) if ((next[g] ?? 0) >= PROMOTION_GAMES) promoted = g;
  if (promoted === undefined) return { rank, streaks: next };
  const p = promoted;
  return { rank: p, streaks: keepAbove(next, (g) => rankIndex(g) > rankIndex(p)), promotedTo: p };
};

const keepAbove = (
  streaks: Readonly<Partial<Record<UsRank, number>>>, above: (g: UsRank) => boolean,
): Partial<Record<UsRank, number>> => {
  const out: Partial<Record<UsRank, number>> = {};
  for (const g of US_RANKS) {
    const n = streaks[g];
    if (above(g) && n !== undefined && n > 0) out[g] = n;
  }
  return out;
};

/** The rating a player enters the event with: his rating, else the officer's estimate, else his rank's start. */
export const preEventRating = (p: UsPlayerIn): number => p.rating ?? p.initialRating ?? rankStart(p.rank);

/**
 * Rates one event. All games use pre-event ratings and the order of games does not matter ("All of the rating
 * changes for a player in a tournament are summed before the new rating is calculated").
 */
export const rateEvent = (
  options: UsOptions, event: UsEvent, players: Readonly<Record<string, UsPlayerIn>>, games: readonly Game[],
): E.Either<RuleError, UsEventResult> => {
  const checked = checkGamePlayers(games, (id) => Object.prototype.hasOwnProperty.call(players, id));
  if (E.isLeft(checked)) return checked;

  const pre = (id: string): number => preEventRating(playerIn(players, id));
  const delta = new Map<string, Fraction>();
  const rated = new Map<string, number>();
  const gamesRated: GameResult[] = games.map((g) => {
    const reason = ineligibility(options, event, g, pre);
    if (reason !== undefined) return notRated(reason);
    const hv = handicapValue(options, g) ?? 0;
    for (const [x, y, won] of [[g.a, g.b, g.score === 1], [g.b, g.a, g.score === 0]] as const) {
      const raw = adjustedDifference(g, x, y, pre, hv);
      const d = Math.max(-MAX_DIFFERENCE, Math.min(MAX_DIFFERENCE, raw));
      const c = perGameChange(options, bracketFactor(options, pre(x)), won, d);
      delta.set(x, (delta.get(x) ?? Fraction.ZERO).add(c));
      rated.set(x, (rated.get(x) ?? 0) + 1);
    }
    return RATED;
  });

  const out: Record<string, UsPlayerOut> = {};
  const detail: Record<string, UsPlayerDetail> = {};
  for (const [id, p] of Object.entries(players)) {
    const r0 = pre(id);
    const n = rated.get(id) ?? 0;
    const dx = delta.get(id) ?? Fraction.ZERO;
    const adjusted = n === 0 ? Fraction.of(r0) : adjustedRating(options, event, Fraction.of(r0), dx);
    const rating = n === 0 ? r0 : finalRating(options, Fraction.of(r0), adjusted);
    const promo = applyPromotion(p.rank, p.streaks, rating, n);
    out[id] = { rating, rank: promo.rank, games: p.games + n, streaks: promo.streaks };
    detail[id] = {
      preRating: r0, ratedGames: n, delta: dx.toString(), adjusted: adjusted.toString(),
      ...(promo.promotedTo ? { promotedTo: promo.promotedTo } : {}),
    };
  }
  return E.right({ players: out, gamesRated, detail });
};
