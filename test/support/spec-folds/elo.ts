import { roundHalfAwayFromZero, EPS, type SpecGame, type SpecSystem } from './season-fold';

/**
 * An independent fold of ../shared/rules/elo-fide-uscf.md for the acceptance seasons (`fide`, `uscf-k`), written from
 * the spec text alone with its default options (`updateMode: "event"`, `ratedVsNewcomer: "use-performance"`).
 * Covers §1 (player state), §2 (logistic expected score, both K schemes, linear performance rating), §3 (one event:
 * newcomers' performance rating, rated players' Δ summed with pre-event ratings, reached2400) and §4's resolved
 * points (USCF bounds, FIDE precedence, 30 games counted before the event, junior year rule). Not covered: game mode,
 * `ratedVsNewcomer: "not-rated"`, the harness ops.
 */

export type EloScheme = 'fide' | 'uscf-k';

export interface EloState {
  readonly rating: number | null;
  readonly games: number;
  readonly birthYear: number | null;
  readonly reached2400: boolean;
}

/** §2: E = 1 / (1 + 10^((R' − R)/400)), no cap. */
export const eloExpected = (r: number, opponent: number): number => 1 / (1 + 10 ** ((opponent - r) / 400));

/** §2 and §4: the K of the whole event from the pre-event state. */
export const kFactor = (scheme: EloScheme, s: EloState & { rating: number }, eventYear: number): number => {
  const r = s.rating;
  if (scheme === 'uscf-k') return r < 2100 ? 32 : r <= 2400 ? 24 : 16;
  if (s.games < 30) return 40;
  if (s.reached2400 || r >= 2400) return 10;
  if (s.birthYear !== null && eventYear - s.birthYear <= 18 && r < 2300) return 40;
  return 20;
};

/** §2: (Σ opponents' ratings + 400·(wins − losses)) / games, rounded half away from zero. */
export const linearPerformance = (entries: readonly (readonly [opponent: number, score: number])[]): number => {
  const sum = entries.reduce((t, [r, s]) => t + r + (s === 1 ? 400 : s === 0 ? -400 : 0), 0);
  return roundHalfAwayFromZero(sum / entries.length);
};

/** README: handicap games are not rated by either scheme (§1); games between two newcomers are not rated (§3.1). */
const isRated = (g: SpecGame, players: Readonly<Record<string, EloState>>): boolean =>
  g.handicap === undefined && !(players[g.a]!.rating === null && players[g.b]!.rating === null);

/** §3: one event under the default options. */
export const eloRateEvent = (scheme: EloScheme, players: Readonly<Record<string, EloState>>, games: readonly SpecGame[], date: string): Record<string, EloState> => {
  const year = Number(date.slice(0, 4));
  const rated = games.filter((g) => isRated(g, players));
  const sides = (id: string) => rated.flatMap((g) => (g.a === id ? [{ opp: g.b, s: g.score }] : g.b === id ? [{ opp: g.a, s: 1 - g.score }] : []));
  const out: Record<string, EloState> = {};
  // §3.1 newcomers first: rated players' Δ uses their new performance rating
  const performance: Record<string, number> = {};
  for (const [id, st] of Object.entries(players)) {
    if (st.rating !== null) continue;
    const mine = sides(id);
    if (mine.length === 0) {
      out[id] = st;
      continue;
    }
    performance[id] = linearPerformance(mine.map(({ opp, s }) => [players[opp]!.rating!, s]));
    out[id] = { ...st, rating: performance[id]!, games: st.games + mine.length, reached2400: st.reached2400 || performance[id]! >= 2400 };
  }
  for (const [id, st] of Object.entries(players)) {
    if (st.rating === null) continue;
    const mine = sides(id);
    const k = kFactor(scheme, st as EloState & { rating: number }, year);
    const sum = mine.reduce((t, { opp, s }) => t + s - eloExpected(st.rating!, players[opp]!.rating ?? performance[opp]!), 0);
    const delta = Math.abs(k * sum) < EPS ? 0 : roundHalfAwayFromZero(k * sum);
    const rating = st.rating + delta;
    out[id] = { ...st, rating, games: st.games + mine.length, reached2400: st.reached2400 || st.rating >= 2400 || rating >= 2400 };
  }
  return out;
};

/** The season view: newcomers unrated (the ledger's `--entry system`), birth year from the registration. */
export const eloSystem = (scheme: EloScheme): SpecSystem<EloState> => ({
  newPlayer: (p) => ({ rating: null, games: 0, birthYear: p.birthYear ?? null, reached2400: false }),
  fromBalance: (b, p) => ({ rating: b.rating, games: b.games ?? 0, birthYear: p.birthYear ?? null, reached2400: b.rating >= 2400 }),
  rateEvent: (players, games, event) => eloRateEvent(scheme, players, games, event.date),
  listed: (s) => (s.rating === null ? undefined : { rating: s.rating, games: s.games }),
});
