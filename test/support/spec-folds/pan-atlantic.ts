/**
 * An independent fold of ../shared/rules/pan-atlantic.md, written from the spec text for the acceptance seasons
 * (issue 29): it imports nothing from domain/rules or projections. Only what the seasons exercise, with the §6
 * defaults:
 * - §1 player state, categories (provisional 4–14 games, established ≥ 15), K bands, Table I grades, Table II
 *   handicap values, the logistic expectation on handicap-adjusted ratings (no difference cap);
 * - §2 eligibility per game (America's and Europe's time controls, handicaps not in Table II), draws rated, the
 *   20-game split, at least 2 provisional or established players per part;
 * - §3 stages 2 and 3 (provisional ×20/N, established against the provisional players' new ratings), doubling under
 *   1200, rounding half away from zero with the README's EPS, floor 1;
 * - §4 grades: running rating after each game (order known), LB and MP streaks, rule 3, 5/6-dan only as a
 *   ratification request.
 * Not covered (the seasons give every player an opening balance): stage 1, the unrated players' performance ratings;
 * a part with an unrated player throws, so a season that needs it cannot pass by accident.
 */
import { endOf, type SeasonDescription, type SeasonTournament } from '../season';
import { EPS, roundHalfAwayFromZero, type SpecGame, type SpecSystem } from './season-fold';
import { specGrade } from './us-shogi-1997';

export interface Streak {
  readonly lb: number;
  readonly mp: number;
  readonly mpSeen: boolean;
}
export interface PanState {
  readonly rating: number | null;
  readonly games: number;
  readonly grade: string | null;
  readonly streaks: Readonly<Record<string, Streak>>;
  readonly pendingRatification: string | null;
}
export type Region = 'america' | 'europe';
/** A game with the time control it was played at (the game's own, else its tournament's; none = checked). */
export interface PanGame extends SpecGame {
  readonly timeControl?: { readonly main: number; readonly byoyomi: number; readonly increment: number };
}

// ---- Table I, K, Table II -----------------------------------------------------------------------------------------

interface GradeRow {
  readonly grade: string;
  readonly lb: number;
  readonly mp: number;
  readonly lbGames: number;
  readonly mpGames: number | null;
}
/** 4 … 15 kyu: LB (15−n)·100 (15 kyu: 1), MP LB + 50 (15 kyu: 50). */
const kyuRow = (n: number): GradeRow => {
  const lb = n === 15 ? 1 : (15 - n) * 100;
  const [lbGames, mpGames] = n <= 7 ? [10, 5] : n <= 11 ? [8, 4] : [6, 3];
  return { grade: `${n}-kyu`, lb, mp: n === 15 ? 50 : lb + 50, lbGames, mpGames };
};
/** Lowest first. */
export const PAN_GRADES: readonly GradeRow[] = [
  ...Array.from({ length: 12 }, (_, i) => kyuRow(15 - i)),
  { grade: '3-kyu', lb: 1200, mp: 1250, lbGames: 12, mpGames: 6 },
  { grade: '2-kyu', lb: 1300, mp: 1375, lbGames: 12, mpGames: 6 },
  { grade: '1-kyu', lb: 1450, mp: 1525, lbGames: 12, mpGames: 6 },
  { grade: '1-dan', lb: 1600, mp: 1675, lbGames: 14, mpGames: 7 },
  { grade: '2-dan', lb: 1750, mp: 1825, lbGames: 14, mpGames: 7 },
  { grade: '3-dan', lb: 1900, mp: 2000, lbGames: 14, mpGames: 7 },
  { grade: '4-dan', lb: 2100, mp: 2200, lbGames: 16, mpGames: 8 },
  { grade: '5-dan', lb: 2300, mp: 2400, lbGames: 16, mpGames: null },
  { grade: '6-dan', lb: 2500, mp: 2600, lbGames: 16, mpGames: null },
];
const gradeIndex = (g: string | null): number => (g === null ? -1 : PAN_GRADES.findIndex((r) => r.grade === g));
const FOUR_DAN = gradeIndex('4-dan');

export const panK = (r: number): number => (r >= 2100 ? 20 : r >= 1600 ? 24 : r >= 1200 ? 28 : r >= 800 ? 32 : r >= 400 ? 36 : 40);

const HANDICAP_VALUE: Readonly<Record<string, number>> = {
  sente: 25, lance: 75, bishop: 225, rook: 300, 'rook-lance': 400, '2p': 600, '3p-right-lance': 675, '3p-left-lance': 700,
  '4p': 750, '5p-right-knight': 900, '5p-left-knight': 1050, '6p': 1200,
};
const bonus = (g: SpecGame, id: string): number =>
  g.handicap && g.handicap.type !== 'even' && g.handicap.giver !== id ? HANDICAP_VALUE[g.handicap.type]! : 0;
const expected = (own: number, opp: number): number => 1 / (1 + 10 ** ((opp - own) / 400));

// ---- §2 eligibility and parts -------------------------------------------------------------------------------------

export const panEligible = (region: Region, g: PanGame): boolean => {
  const tc = g.timeControl;
  if (tc) {
    const ok = region === 'america'
      ? tc.main >= 40 || (tc.main >= 20 && tc.byoyomi >= 30) || (tc.main >= 10 && tc.increment >= 30)
      : tc.main >= 45 && (tc.byoyomi > 0 || tc.increment > 0);
    if (!ok) return false;
  }
  return !g.handicap || g.handicap.type === 'even' || g.handicap.type in HANDICAP_VALUE;
};

const parts = (games: readonly PanGame[]): PanGame[][] => {
  const out: PanGame[][] = [[]];
  let count = new Map<string, number>();
  for (const g of games) {
    if ((count.get(g.a) ?? 0) === 20 || (count.get(g.b) ?? 0) === 20) {
      out.push([]);
      count = new Map();
    }
    out.at(-1)!.push(g);
    for (const id of [g.a, g.b]) count.set(id, (count.get(id) ?? 0) + 1);
  }
  return out.filter((p) => p.length > 0);
};

// ---- §3 stages 2 and 3 ---------------------------------------------------------------------------------------------

const scoreOf = (g: SpecGame, id: string): number => (id === g.a ? g.score : 1 - g.score);
const opponentOf = (g: SpecGame, id: string): string => (id === g.a ? g.b : g.a);

/** Doubling under 1200, rounding, floor (§3, after stages 2 and 3). */
const settle = (pre: number, delta: number): number => {
  let change = Math.abs(delta) < EPS ? 0 : delta;
  if (pre < 1200 && change > 0) change = pre + 2 * change <= 1200 + EPS ? 2 * change : Math.max(1200, pre + change) - pre;
  return Math.max(1, pre + roundHalfAwayFromZero(change));
};

/** §4 for one player over his games of the part, given his running ratings after each game and his POST. */
const promote = (s: PanState, running: readonly number[], post: number): Pick<PanState, 'grade' | 'streaks' | 'pendingRatification'> => {
  let grade = gradeIndex(s.grade);
  const streaks = new Map(Object.entries(s.streaks));
  let pending = s.pendingRatification;
  const promoteTo = (g: number) => {
    grade = g;
    for (const k of [...streaks.keys()]) if (gradeIndex(k) <= g) streaks.delete(k);
  };
  for (const r of running) {
    for (const row of PAN_GRADES.slice(grade + 1)) {
      if (r >= row.lb - EPS) {
        const old = streaks.get(row.grade) ?? { lb: 0, mp: 0, mpSeen: false };
        const atMp = r >= row.mp - EPS;
        streaks.set(row.grade, { lb: old.lb + 1, mp: atMp ? old.mp + 1 : 0, mpSeen: old.mpSeen || atMp });
      } else streaks.delete(row.grade);
    }
    const reached = PAN_GRADES.map((row, i) => ({ row, i, st: streaks.get(row.grade) }))
      .filter(({ row, i, st }) => i <= FOUR_DAN && st !== undefined && (st.lb >= row.lbGames || (row.mpGames !== null && st.mp >= row.mpGames)));
    if (reached.length > 0) promoteTo(reached.at(-1)!.i);
    for (const nsr of ['5-dan', '6-dan']) {
      const st = streaks.get(nsr);
      if (st && st.lb >= 16 && st.mpSeen && gradeIndex(nsr) > gradeIndex(pending)) pending = nsr;
    }
  }
  // rule 3: the grade below the one whose lower bound the new rating reached
  const above = PAN_GRADES.filter((row) => post >= row.lb).length - 1;
  const byRule3 = Math.min(above - 1, FOUR_DAN);
  if (byRule3 > grade) promoteTo(byRule3);
  if (pending !== null && gradeIndex(pending) <= grade) pending = null;
  return { grade: grade < 0 ? null : PAN_GRADES[grade]!.grade, streaks: Object.fromEntries(streaks), pendingRatification: pending };
};

const ratePart = (players: Record<string, PanState>, games: readonly PanGame[]): void => {
  const ids = [...new Set(games.flatMap((g) => [g.a, g.b]))];
  for (const id of ids) if (players[id]!.rating === null || players[id]!.games < 4) throw new Error(`pan-atlantic fold: ${id} is unrated (stage 1 is not covered)`);
  if (ids.length < 2) return;
  const pre = Object.fromEntries(ids.map((id) => [id, players[id]!.rating!]));
  const post: Record<string, number> = {};
  const terms: Record<string, number[]> = {};
  const multiplier: Record<string, number> = {};
  const stage = (provisional: boolean, oppRating: (q: string) => number) => {
    for (const id of ids.filter((p) => (players[p]!.games < 15) === provisional)) {
      const mine = games.filter((g) => g.a === id || g.b === id);
      const k = panK(pre[id]!);
      terms[id] = mine.map((g) => k * (scoreOf(g, id) - expected(pre[id]! + bonus(g, id), oppRating(opponentOf(g, id)) + bonus(g, opponentOf(g, id)))));
      const n = players[id]!.games + mine.length;
      multiplier[id] = provisional && n < 20 ? 20 / n : 1;
      post[id] = settle(pre[id]!, terms[id].reduce((a, b) => a + b, 0) * multiplier[id]);
    }
  };
  stage(true, (q) => pre[q]!);
  stage(false, (q) => (players[q]!.games < 15 ? post[q]! : pre[q]!));
  for (const id of ids) {
    const c = terms[id]!.reduce<number[]>((acc, t) => [...acc, (acc.at(-1) ?? 0) + t], []);
    const cn = c.at(-1)!;
    const running = c.map((cj, j) => (j === c.length - 1 ? post[id]! : Math.abs(cn) < EPS ? pre[id]! + multiplier[id]! * cj : pre[id]! + ((post[id]! - pre[id]!) * cj) / cn));
    players[id] = { ...players[id]!, rating: post[id]!, games: players[id]!.games + terms[id]!.length, ...promote(players[id]!, running, post[id]!) };
  }
};

/** One event (a tournament) in playing order: the players' states after it. */
export const panRateEvent = (region: Region, players: Readonly<Record<string, PanState>>, games: readonly PanGame[]): Record<string, PanState> => {
  const out = { ...players };
  for (const part of parts(games.filter((g) => panEligible(region, g)))) {
    const rated = [...new Set(part.flatMap((g) => [g.a, g.b]))].filter((id) => (out[id]!.games >= 4));
    if (rated.length >= 2) ratePart(out, part);
  }
  return out;
};

/**
 * The fold as a season's system. Every player enters by an opening balance (rating, games, the grade earned); the
 * season fold hands an event only its date and games, so the tournament (its region and time control) is the one of
 * that date its first player plays in (tournaments of one date have disjoint players).
 */
export const panSystem = (season: SeasonDescription): SpecSystem<PanState> => {
  const playersOf = (t: SeasonTournament) => new Set(t.games.flatMap((g) => [g.first, g.second]));
  for (const t of season.tournaments) {
    for (const u of season.tournaments) {
      if (t !== u && endOf(t) === endOf(u) && [...playersOf(t)].some((p) => playersOf(u).has(p))) throw new Error(`pan-atlantic season: ${t.id} and ${u.id} share a date and a player`);
    }
  }
  return {
    newPlayer: (p) => {
      throw new Error(`pan-atlantic season: ${p.id} has no opening balance (stage 1 is not in the fold)`);
    },
    fromBalance: (b) => ({ rating: b.rating, games: b.games ?? 0, grade: b.grade === undefined ? null : specGrade(b.grade), streaks: {}, pendingRatification: null }),
    rateEvent: (players, games, event) => {
      const t = season.tournaments.find((x) => endOf(x) === event.date && playersOf(x).has(games[0]!.a))!;
      const tc = t.timeControl;
      return panRateEvent(t.region ?? 'america', players, games.map((g) => (tc ? { ...g, timeControl: tc } : g)));
    },
    listed: (s) => (s.rating === null ? undefined : { rating: s.rating, games: s.games, ...(s.grade === null ? {} : { grade: s.grade }) }),
  };
};
