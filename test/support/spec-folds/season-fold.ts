import { endOf, type SeasonBalance, type SeasonDescription, type SeasonPlayer, type SeasonResult, type SeasonTournament } from '../season';

/**
 * What a list of a season should be, from a rule spec's one-event function alone (../shared/rules/README.md, "One
 * event = one pure function"): opening balances first on their date, then each tournament on its end date (same date:
 * in the order the season registers them), every played game handed to the system in round order, the corrected
 * result in place of the reported one when the correction is applied. Written for the tests: nothing here comes from
 * domain/rules or projections.
 */

/** A game in the README's shape: `score` is a's score. */
export interface SpecGame {
  readonly a: string;
  readonly b: string;
  readonly score: 1 | 0.5 | 0;
  readonly handicap?: { readonly type: string; readonly giver: string };
}

export interface SpecSystem<S> {
  /** A player the system has never seen, entering by its own newcomer rule. */
  readonly newPlayer: (p: SeasonPlayer) => S;
  readonly fromBalance: (b: SeasonBalance, p: SeasonPlayer) => S;
  /** The event's players' states after it (every player of `players` is in a game). */
  readonly rateEvent: (players: Readonly<Record<string, S>>, games: readonly SpecGame[], event: { readonly date: string }) => Record<string, S>;
  /** What the list shows of a state, or undefined for a player the system does not rate yet. */
  readonly listed: (s: S) => { readonly rating: number; readonly games: number; readonly grade?: string } | undefined;
}

export interface ExpectedRow {
  readonly id: string;
  readonly name: string;
  readonly rating: number;
  readonly games: number;
  readonly grade?: string;
}

const SCORE: Record<SeasonResult, 1 | 0.5 | 0> = { win: 1, loss: 0, draw: 0.5, sennichite: 0.5 };

const specGames = (t: SeasonTournament, season: SeasonDescription, corrected: boolean): SpecGame[] =>
  t.games
    .map((g, i) => ({ g, i }))
    .sort((x, y) => x.g.round - y.g.round || x.i - y.i)
    .map(({ g }) => {
      const c = season.correction;
      const result = corrected && g.id === c.game && (c.tournament === undefined || c.tournament === t.id) ? c.result : g.result;
      return { a: g.first, b: g.second, score: SCORE[result], ...(g.handicap && g.handicap.type !== 'even' ? { handicap: g.handicap } : {}) };
    });

/** The player states of a season as of `asOf`, with or without its correction. */
export const foldSeasonStates = <S>(sys: SpecSystem<S>, season: SeasonDescription, asOf: string, corrected: boolean): Map<string, S> => {
  const people = new Map(season.players.map((p) => [p.id, p]));
  const states = new Map<string, S>();
  type Step = { date: string; phase: number; order: number; apply: () => void };
  const steps: Step[] = [
    ...(season.balances ?? []).map((b, order): Step => ({ date: b.date, phase: 0, order, apply: () => states.set(b.id, sys.fromBalance(b, people.get(b.id)!)) })),
    ...season.tournaments.map((t, order): Step => ({
      date: endOf(t), phase: 1, order,
      apply: () => {
        const games = specGames(t, season, corrected);
        const before: Record<string, S> = {};
        for (const g of games) for (const id of [g.a, g.b]) before[id] ??= states.get(id) ?? sys.newPlayer(people.get(id)!);
        for (const [id, s] of Object.entries(sys.rateEvent(before, games, { date: endOf(t) }))) states.set(id, s);
      },
    })),
  ];
  steps.sort((x, y) => (x.date < y.date ? -1 : x.date > y.date ? 1 : x.phase - y.phase || x.order - y.order));
  for (const s of steps) if (s.date <= asOf) s.apply();
  return states;
};

/** The list a spec predicts: rated players by rating descending, ties by id. */
export const expectedList = <S>(sys: SpecSystem<S>, season: SeasonDescription, asOf: string, corrected: boolean): ExpectedRow[] => {
  const people = new Map(season.players.map((p) => [p.id, p]));
  const rows: ExpectedRow[] = [];
  for (const [id, s] of foldSeasonStates(sys, season, asOf, corrected)) {
    const shown = sys.listed(s);
    const p = people.get(id)!;
    if (shown) rows.push({ id, name: p.given === undefined ? p.family : `${p.family} ${p.given}`, rating: shown.rating, games: shown.games, ...(shown.grade === undefined ? {} : { grade: shown.grade }) });
  }
  return rows.sort((x, y) => y.rating - x.rating || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
};

/** README "Arithmetic": a double within EPS of a half is that half; `roundHalfAwayFromZero`. */
export const EPS = 1e-7;
export const roundHalfAwayFromZero = (x: number): number => {
  const m = Math.abs(x);
  const half = Math.floor(m) + 0.5;
  const r = Math.abs(m - half) < EPS ? Math.floor(m) + 1 : Math.floor(m + 0.5);
  return r === 0 ? 0 : Math.sign(x) * r;
};
