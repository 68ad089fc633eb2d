import { roundHalfAwayFromZero, EPS, type SpecGame, type SpecSystem } from './season-fold';

/**
 * An independent fold of ../shared/rules/gobase-go.md for the acceptance seasons, written from the spec text alone
 * with its default options (`cTable: "go"`, `expected: "normal"`, `updateMode: "event"`, `zeroSum: false`). Covers §1
 * (state, rank → starting rating), §2 (Φ(d/200), the go C table), §3 (one event: each player's Δ with his own C and
 * the opponents' pre-event ratings; handicap games not rated) and README's rule that a new player in an event gets
 * his starting rating even without a rated game; the list's grade is read off §1's scale. Not covered: the chess and constant-30 tables, `normal-2dp`, game
 * mode, `zeroSum: true`.
 */

export interface GoState {
  readonly rating: number | null;
  readonly games: number;
  /** A new player's rank ("3-kyu", "2-dan", "1-pro"). */
  readonly rank?: string;
}

/** §1: n-kyu → 1900 − 100n; n-dan → 1900 + 100(n − 1); n-pro → 2500 + 25(n − 1). */
export const startingRating = (rank: string): number => {
  const m = /^(\d+)-(kyu|dan|pro)$/.exec(rank);
  if (!m) throw new Error(`not a go rank: ${rank}`);
  const n = Number(m[1]);
  return m[2] === 'kyu' ? 1900 - 100 * n : m[2] === 'dan' ? 1900 + 100 * (n - 1) : 2500 + 25 * (n - 1);
};

/**
 * erf to ~1e-14: its Maclaurin series up to |x| = 3 (terms stay below e^9, so doubles keep ~12 digits), beyond that
 * the continued fraction of erfc (Lentz).
 */
export const erf = (x: number): number => {
  const ax = Math.abs(x);
  if (ax <= 3) {
    let term = ax;
    let sum = ax;
    for (let n = 1; n < 200 && Math.abs(term) > 1e-17 * Math.abs(sum); n++) {
      term *= (-ax * ax) / n;
      sum += term / (2 * n + 1);
    }
    return Math.sign(x) * (2 / Math.sqrt(Math.PI)) * sum;
  }
  // erfc(x) = exp(−x²)/√π · 1/(x + (1/2)/(x + 1/(x + (3/2)/(x + 2/(x + …)))))
  const tiny = 1e-300;
  let f = ax;
  let c = ax;
  let d = 0;
  for (let n = 1; n < 500; n++) {
    const a = n / 2;
    d = ax + a * d;
    d = Math.abs(d) < tiny ? tiny : d;
    c = ax + a / c;
    c = Math.abs(c) < tiny ? tiny : c;
    d = 1 / d;
    const delta = c * d;
    f *= delta;
    if (Math.abs(delta - 1) < 1e-16) break;
  }
  const erfc = Math.exp(-ax * ax) / Math.sqrt(Math.PI) / f;
  return Math.sign(x) * (1 - erfc);
};

/** §2: Se = Φ((R − R')/200). */
export const goExpected = (r: number, opponent: number): number => 0.5 * (1 + erf((r - opponent) / 200 / Math.SQRT2));

/** §2, `cTable: "go"`: 30 below 2200, (2200 − R)/15 + 30 up to 2500, 10 above. */
export const goC = (r: number): number => (r < 2200 ? 30 : r <= 2500 ? (2200 - r) / 15 + 30 : 10);

/**
 * The grade a rating stands at on §1's scale: the highest grade whose starting rating it reaches. From 2500 the pro
 * grades (§1: "1p = 7 dan = 2500, 9p ≈ 2700"); below 30 kyu still 30 kyu.
 */
export const gradeOfRating = (r: number): string => {
  if (r >= 2500) return `${Math.min(9, Math.floor((r - 2500) / 25) + 1)}-pro`;
  const ascending = [...Array.from({ length: 30 }, (_, i) => `${30 - i}-kyu`), ...Array.from({ length: 6 }, (_, i) => `${i + 1}-dan`)];
  return ascending.filter((g) => startingRating(g) <= r).at(-1) ?? '30-kyu';
};

const pre = (s: GoState): number => s.rating ?? startingRating(s.rank!);

/** §3: one event; handicap games are not rated (§1), every player of the event leaves it rated. */
export const goRateEvent = (players: Readonly<Record<string, GoState>>, games: readonly SpecGame[]): Record<string, GoState> => {
  const r = Object.fromEntries(Object.entries(players).map(([id, s]) => [id, pre(s)]));
  const out: Record<string, GoState> = {};
  for (const [id, s] of Object.entries(players)) {
    let sum = 0;
    let n = 0;
    for (const g of games) {
      if (g.handicap !== undefined || (g.a !== id && g.b !== id)) continue;
      const [opp, score] = g.a === id ? [g.b, g.score] : [g.a, 1 - g.score];
      sum += goC(r[id]!) * (score - goExpected(r[id]!, r[opp]!));
      n++;
    }
    out[id] = { rating: r[id]! + (Math.abs(sum) < EPS ? 0 : roundHalfAwayFromZero(sum)), games: s.games + n };
  }
  return out;
};

/** The ledger's declared grade ("3 Kyu", "2 Dan", "Pro 1") as a go rank (§1: a new player gives his rank). */
const rankOfGrade = (grade: string | undefined): Pick<GoState, 'rank'> => {
  // the spec has no starting rating without a rank: the seasons declare every newcomer's grade
  if (grade === undefined) throw new Error('a gobase-go newcomer needs a declared grade in the season');
  const pro = /^Pro (\d+)$/.exec(grade);
  if (pro) return { rank: `${pro[1]}-pro` };
  const m = /^(\d+) (Kyu|Dan)$/.exec(grade);
  if (!m) throw new Error(`not a declared grade: ${grade}`);
  return { rank: `${m[1]}-${m[2]!.toLowerCase()}` };
};

export const gobaseSystem: SpecSystem<GoState> = {
  newPlayer: (p) => ({ rating: null, games: 0, ...rankOfGrade(p.grade) }),
  fromBalance: (b) => ({ rating: b.rating, games: b.games ?? 0 }),
  rateEvent: (players, games) => goRateEvent(players, games),
  listed: (s) => (s.rating === null ? undefined : { rating: s.rating, games: s.games, grade: gradeOfRating(s.rating) }),
};
