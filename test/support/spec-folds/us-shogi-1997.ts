/**
 * An independent fold of ../shared/rules/us-shogi-1997.md, written from the spec text for the acceptance seasons
 * (issue 29): it imports nothing from domain/rules or projections, so a season that agrees with it agrees with the
 * spec, not with itself. Only what the seasons exercise:
 * - §1 both variants (brackets, per-game rounding on the card, threshold crossing in the text);
 * - §2 player state, the rank table (start points, lower bounds), the handicap values (7p/8p not ratable);
 * - §3 steps 1–8 for tournament events (handicap eligibility, draws not rated, ±350 clamp, doubling under 1200,
 *   rounding the final rating half up, floor 1); time control is left out: the seasons' tournaments give none,
 *   which the README's conventions read as "the officer checked it";
 * - §4 streak promotion with post-event ratings.
 * Defaults of §6 throughout. Fractions are exact (README "Arithmetic": US Shogi is rational arithmetic).
 */
import type { SpecGame, SpecSystem } from './season-fold';

export type UsVariant = 'text' | 'card';

// ---- exact fractions (bigint numerator / positive denominator) -------------------------------------------------

export interface Fraction {
  readonly n: bigint;
  readonly d: bigint;
}
const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? (a < 0n ? -a : a) : gcd(b, a % b));
export const frac = (n: bigint | number, d: bigint | number = 1n): Fraction => {
  let [nn, dd] = [BigInt(n), BigInt(d)];
  if (dd < 0n) [nn, dd] = [-nn, -dd];
  const g = gcd(nn, dd) || 1n;
  return { n: nn / g, d: dd / g };
};
const add = (a: Fraction, b: Fraction): Fraction => frac(a.n * b.d + b.n * a.d, a.d * b.d);
const sub = (a: Fraction, b: Fraction): Fraction => add(a, { n: -b.n, d: b.d });
const mul = (a: Fraction, b: Fraction): Fraction => frac(a.n * b.n, a.d * b.d);
const cmp = (a: Fraction, b: Fraction): number => {
  const x = a.n * b.d - b.n * a.d;
  return x < 0n ? -1 : x > 0n ? 1 : 0;
};
const floorOf = (a: Fraction): bigint => (a.n >= 0n ? a.n / a.d : -((-a.n + a.d - 1n) / a.d));
/** README "Rounding": roundHalfUp(x) = floor(x + 0.5). */
const roundHalfUp = (a: Fraction): number => Number(floorOf(add(a, frac(1, 2))));

// ---- §2 ranks and handicap values --------------------------------------------------------------------------------

export const US_RANKS = [
  ...Array.from({ length: 15 }, (_, i) => `${15 - i}-kyu`),
  ...Array.from({ length: 6 }, (_, i) => `${i + 1}-dan`),
] as const;
const rankIndex = (rank: string): number => {
  const i = (US_RANKS as readonly string[]).indexOf(rank);
  if (i < 0) throw new Error(`not a US rank: ${rank}`);
  return i;
};
const kyuOrDan = (rank: string): { n: number; dan: boolean } => {
  const m = /^(\d+)-(kyu|dan)$/.exec(rank)!;
  return { n: Number(m[1]), dan: m[2] === 'dan' };
};
/** §2 rank table: 15 kyu 1–99, n kyu (15−n)·100 …, n dan 1500 + 200(n−1) …. */
export const usLowerBound = (rank: string): number => {
  rankIndex(rank);
  const { n, dan } = kyuOrDan(rank);
  if (dan) return 1500 + 200 * (n - 1);
  return n === 15 ? 1 : (15 - n) * 100;
};
export const usStart = (rank: string): number => {
  const { n, dan } = kyuOrDan(rank);
  return dan ? 1600 + 200 * (n - 1) : (15 - n) * 100 + 50;
};

const HANDICAP_VALUE: Readonly<Record<string, number>> = {
  sente: 25, lance: 50, bishop: 250, rook: 300, 'rook-lance': 400, '2p': 600, '3p': 650, '3p-right-lance': 650,
  '3p-left-lance': 650, '4p': 750, '5p-right-knight': 900, '5p-left-knight': 1050, '6p': 1200,
};

// ---- §1 brackets -----------------------------------------------------------------------------------------------

/** Lower bounds of the brackets, highest first, with their factor f. */
const BRACKETS: Readonly<Record<UsVariant, readonly { lb: number; f: number }[]>> = {
  text: [{ lb: 2200, f: 8 }, { lb: 2000, f: 12 }, { lb: 1400, f: 16 }, { lb: -Infinity, f: 20 }],
  card: [{ lb: 2100, f: 8 }, { lb: 1900, f: 12 }, { lb: 1200, f: 16 }, { lb: -Infinity, f: 20 }],
};
/** Index in BRACKETS of the bracket holding r (a rating at a bound is in the bracket above, §6). */
const bracketAt = (v: UsVariant, r: Fraction): number => BRACKETS[v].findIndex((b) => b.lb === -Infinity || cmp(r, frac(b.lb)) >= 0);
export const usFactor = (v: UsVariant, r: number): number => BRACKETS[v][bracketAt(v, frac(r))]!.f;

/** §3 step 5: the walk across bracket bounds, rescaling what lies beyond each bound (text only). */
export const usMove = (v: UsVariant, r0: Fraction, delta: Fraction): Fraction => {
  if (v === 'card') return add(r0, delta);
  const brackets = BRACKETS[v];
  let [r, rest, i] = [r0, delta, bracketAt(v, r0)];
  for (;;) {
    if (rest.n > 0n && i > 0) {
      const b = frac(brackets[i - 1]!.lb);
      if (cmp(add(r, rest), b) < 0) return add(r, rest);
      rest = mul(sub(add(r, rest), b), frac(brackets[i - 1]!.f, brackets[i]!.f));
      [r, i] = [b, i - 1];
    } else if (rest.n < 0n && i < brackets.length - 1) {
      const b = frac(brackets[i]!.lb);
      if (cmp(add(r, rest), b) >= 0) return add(r, rest);
      rest = mul(sub(add(r, rest), b), frac(brackets[i + 1]!.f, brackets[i]!.f));
      [r, i] = [b, i + 1];
    } else return add(r, rest);
  }
};

// ---- §3 one event ------------------------------------------------------------------------------------------------

/** A player's state (§2); `rating: null` = new player, entering at `initialRating` or his rank's start. */
export interface UsState {
  readonly rating: number | null;
  readonly rank: string;
  readonly games: number;
  readonly streaks: Readonly<Record<string, number>>;
  readonly initialRating?: number;
}

const preEvent = (s: UsState): number => s.rating ?? s.initialRating ?? usStart(s.rank);

/** Whether a game counts (§3 step 1, tournament event, no time control given). */
export const usRated = (g: SpecGame): boolean =>
  (g.handicap === undefined || g.handicap.type === 'even' || g.handicap.type in HANDICAP_VALUE) && g.score !== 0.5;

/** §3 steps 2–3: X's change for one rated game against Y, in the variant's arithmetic. */
const perGame = (v: UsVariant, g: SpecGame, x: string, pre: Readonly<Record<string, number>>): Fraction => {
  const y = x === g.a ? g.b : g.a;
  const hv = g.handicap && g.handicap.type !== 'even' ? HANDICAP_VALUE[g.handicap.type]! : 0;
  const receives = (id: string): number => (hv > 0 && g.handicap!.giver !== id ? hv : 0);
  const d = Math.max(-350, Math.min(350, pre[y]! + receives(y) - (pre[x]! + receives(x))));
  const f = usFactor(v, pre[x]!);
  const won = (x === g.a ? g.score : 1 - g.score) === 1;
  const s = won ? 1 : -1;
  if (v === 'text') return add(frac(f * s), frac(f * d, 400));
  return frac(f * s + Math.sign(d) * roundHalfUp(frac(Math.abs(d) * f, 400)));
};

/** §4: streaks and promotion after an event in which the player had n > 0 rated games. */
const promoted = (rank: string, streaks: Readonly<Record<string, number>>, rating: number, n: number) => {
  const next: Record<string, number> = {};
  for (const g of US_RANKS.slice(rankIndex(rank) + 1)) if (rating >= usLowerBound(g)) next[g] = (streaks[g] ?? 0) + n;
  const reached = Object.keys(next).filter((g) => next[g]! >= 20).sort((p, q) => rankIndex(q) - rankIndex(p))[0];
  if (reached === undefined) return { rank, streaks: next };
  const kept = Object.fromEntries(Object.entries(next).filter(([g]) => rankIndex(g) > rankIndex(reached)));
  return { rank: reached, streaks: kept };
};

/** §3 and §4: every player of the event with his new state (all games use pre-event ratings). */
export const usRateEvent = (v: UsVariant, players: Readonly<Record<string, UsState>>, games: readonly SpecGame[]): Record<string, UsState> => {
  const pre = Object.fromEntries(Object.entries(players).map(([id, s]) => [id, preEvent(s)]));
  const sum: Record<string, Fraction> = {};
  const count: Record<string, number> = {};
  for (const g of games.filter(usRated)) {
    for (const x of [g.a, g.b]) {
      sum[x] = add(sum[x] ?? frac(0), perGame(v, g, x, pre));
      count[x] = (count[x] ?? 0) + 1;
    }
  }
  const out: Record<string, UsState> = {};
  for (const [id, s] of Object.entries(players)) {
    const r0 = frac(pre[id]!);
    const delta = sum[id] ?? frac(0);
    let adjusted: Fraction;
    if (pre[id]! < 1200 && delta.n > 0n) {
      const doubled = add(r0, mul(delta, frac(2)));
      const undoubled = usMove(v, r0, delta);
      adjusted = cmp(doubled, frac(1200)) <= 0 ? doubled : cmp(undoubled, frac(1200)) > 0 ? undoubled : frac(1200);
    } else adjusted = usMove(v, r0, delta);
    const rating = Math.max(1, roundHalfUp(adjusted));
    const n = count[id] ?? 0;
    const grade = n > 0 ? promoted(s.rank, s.streaks, rating, n) : { rank: s.rank, streaks: s.streaks };
    out[id] = { rating, rank: grade.rank, games: s.games + n, streaks: grade.streaks };
  }
  return out;
};

/** "3 Kyu" / "3-kyu" → "3-kyu": the grade texts `player add` and `player balance` take, in the spec's words. */
export const specGrade = (g: string): string => g.toLowerCase().replace(' ', '-');

/** The fold as a season's system: a balance gives rating, games and rank; a newcomer enters at his declared rank. */
export const usSystem = (variant: UsVariant): SpecSystem<UsState> => ({
  // §2: a new player starts at the start point of the rank he is entered with
  newPlayer: (p) => {
    if (p.grade === undefined) throw new Error(`US season: ${p.id} needs a declared rank (the spec gives no start otherwise)`);
    return { rating: null, rank: specGrade(p.grade), games: 0, streaks: {} };
  },
  fromBalance: (b) => {
    if (b.grade === undefined) throw new Error(`US season: the balance of ${b.id} needs a rank`);
    return { rating: b.rating, rank: specGrade(b.grade), games: b.games ?? 0, streaks: {} };
  },
  rateEvent: (players, games) => usRateEvent(variant, players, games),
  listed: (s) => (s.rating === null ? undefined : { rating: s.rating, games: s.games, grade: s.rank }),
});
