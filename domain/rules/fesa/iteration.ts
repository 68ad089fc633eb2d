import * as E from 'fp-ts/Either';
import { eventPlayerName } from './event-check';
import { establishedChange, establishedChangeTotal, type EstablishedGameTerms } from './established';
import { handicappedOpponentRating } from './handicap';
import type { FesaOptions } from './options';
import { fail, type Participant, type RatedGame } from './participants';
import { performanceRatingOf, type PerformanceSolution } from './performance';
import type { FesaError, FesaGameExplanation } from './types';

/**
 * Step 2 of rating an event (PROGRAM-BEHAVIOUR §5.2–§5.5): every player's result from the others' current values,
 * repeated until no integer result changes. The terms of one established game (expected score, K, upset, weak-player
 * bonus) are in established.ts; a provisional player's performance rating in performance.ts.
 */

/** The players of one event and the rule set: what a player's result is computed from. */
export interface Field {
  readonly participants: readonly Participant[];
  readonly options: FesaOptions;
}

const startRating = (p: Participant): number => (p.elo !== 0 ? p.elo : p.change);
const currentRating = (p: Participant): number => startRating(p) + (p.elo === 0 ? 0 : p.change);

/** The opponent rating a game is rated against (§5.2): current rating of the opponent, soft floor 400, handicap on the LB grade scale. */
export const opponentRating = (field: Field, self: Participant, g: RatedGame): number => {
  if (g.kind === 'phantom') return field.options.softFloorOnPhantoms ? Math.max(400, g.rating) : g.rating;
  const opp = Math.max(400, currentRating(field.participants[g.opponent]!));
  if (!g.handicap) return opp;
  return handicappedOpponentRating(opp, startRating(self), g.handicap.side, g.handicap.type);
};

const describe = (field: Field, g: RatedGame, used: number): FesaGameExplanation =>
  g.kind === 'event'
    ? { round: g.round, opponent: eventPlayerName(field.participants[g.opponent]!.ev), opponentRatingUsed: used, score: g.score, handicap: g.handicap }
    : { round: null, opponent: g.source, opponentRatingUsed: used, score: g.score };

/**
 * A game list as parallel arrays, filled before every computation of one player's result: the inner loop of the
 * iteration allocates nothing, and one set serves every player (computations never overlap).
 */
class GameArrays {
  opponents = new Float64Array(64);
  scores = new Float64Array(64);
  weights = new Float64Array(64);

  /** Fills scores and weights of `games` from `offset` on (opponents are the caller's: they change every pass). */
  load(games: readonly RatedGame[], offset: number): void {
    const n = games.length + offset;
    if (n > this.opponents.length) {
      const size = Math.max(n, this.opponents.length * 2);
      this.opponents = new Float64Array(size);
      this.scores = new Float64Array(size);
      this.weights = new Float64Array(size);
    }
    for (let i = 0; i < games.length; i++) {
      const g = games[i]!;
      this.scores[i + offset] = g.score;
      this.weights[i + offset] = g.kind === 'phantom' ? g.weight : 1;
    }
    if (offset === 1) this.scores[0] = 0.5;
  }
}

const ARRAYS = new GameArrays();

/** A provisional player's performance rating from the others' current values (not all losses). */
const solvePerformance = (field: Field, p: Participant): PerformanceSolution => {
  const { offset } = p.shape;
  ARRAYS.load(p.games, offset);
  const { opponents, scores, weights } = ARRAYS;
  const n = p.games.length;
  for (let i = 0; i < n; i++) opponents[i + offset] = opponentRating(field, p, p.games[i]!);
  if (p.shape.allWins) {
    // the first game with the highest opponent rating, drawn
    let best = 1;
    for (let i = 2; i <= n; i++) if (opponents[i]! > opponents[best]!) best = i;
    opponents[0] = opponents[best]!;
    weights[0] = weights[best]!;
  }
  return performanceRatingOf(opponents, scores, weights, n + offset, field.options.performancePrecision, 1);
};

/** One player's result from the others' current values (the iteration's inner loop). */
const resultOf = (field: Field, p: Participant): number => {
  if (p.provisional) return p.shape.allLosses ? 1 : solvePerformance(field, p).rating;
  ARRAYS.load(p.games, 0);
  const { opponents, scores } = ARRAYS;
  const n = p.games.length;
  for (let i = 0; i < n; i++) opponents[i] = opponentRating(field, p, p.games[i]!);
  const change = establishedChangeTotal(p.elo, opponents, scores, n, p.record.bonusCount, field.options);
  return field.options.hardFloorEstablished ? Math.max(change, 1 - p.elo) : change;
};

/**
 * The program iterates without limit and can cycle for ever (e.g. two newcomers whose performance ratings feed each
 * other through the 400 floor). Real events settle in a handful of passes; past this many we report instead of hanging.
 */
const MAX_PASSES = 1000;

/**
 * Gauss–Seidel passes in `order` until a pass changes no integer result (§5.5); leaves each player's result in
 * `change` and returns the number of passes.
 *
 * A player's result is a pure function of his own estimate (handicap games) and his opponents' current values, so
 * a player none of whose inputs changed since his last computation would get the same result again: he is skipped.
 * The passes, their order and the stopping rule stay exactly the program's.
 */
export const settle = (field: Field, order: readonly number[], eventName: string): E.Either<FesaError, number> => {
  const { participants } = field;
  // Player i's inputs are deps[from[i]] .. deps[from[i + 1] - 1] (himself, then his opponents), and seen[k] is the
  // version of deps[k] when he was last computed.
  const version = new Int32Array(participants.length);
  const dependencies: number[] = [];
  const from = new Int32Array(participants.length + 1);
  participants.forEach((p, i) => {
    from[i] = dependencies.length;
    dependencies.push(i);
    for (const g of p.games) if (g.kind === 'event' && dependencies.indexOf(g.opponent, from[i]) < 0) dependencies.push(g.opponent);
  });
  from[participants.length] = dependencies.length;
  const deps = Int32Array.from(dependencies);
  const seen = new Int32Array(deps.length);
  const computed = new Uint8Array(participants.length);
  let passes = 0;
  for (let changed = true; changed; ) {
    changed = false;
    passes++;
    if (passes > MAX_PASSES) {
      return fail('no-convergence', `The ratings of event "${eventName}" do not settle: still changing after ${MAX_PASSES} passes (the official program would loop forever on this event); check the results for a player whose rating oscillates.`);
    }
    for (const i of order) {
      const start = from[i]!;
      const end = from[i + 1]!;
      if (computed[i] === 1 && unchangedSince(deps, seen, start, end, version)) continue;
      for (let k = start; k < end; k++) seen[k] = version[deps[k]!]!;
      computed[i] = 1;
      const p = participants[i]!;
      const next = resultOf(field, p);
      if (next !== p.change) {
        changed = true;
        p.change = next;
        version[i]!++;
      }
    }
  }
  return E.right(passes);
};

/** True when none of a player's inputs (deps[start..end)) changed since they were recorded in `seen`. */
const unchangedSince = (deps: Int32Array, seen: Int32Array, start: number, end: number, version: Int32Array): boolean => {
  for (let k = start; k < end; k++) if (version[deps[k]!] !== seen[k]) return false;
  return true;
};

/**
 * A player's result with every term kept, for the report. Run after the last pass: that pass changed nothing, so
 * replaying it reproduces its numbers exactly.
 */
export const explainResult = (field: Field, p: Participant): void => {
  const used = p.games.map((g) => opponentRating(field, p, g));
  if (!p.provisional) {
    const outcome = establishedChange(
      p.elo,
      used.map((o, i) => ({ opponentRating: o, score: p.games[i]!.score })),
      p.record.bonusCount,
      field.options,
    );
    p.report = {
      games: outcome.games.map((t: EstablishedGameTerms, i) => {
        // Built field by field: object spread in this loop was the single largest cost of rating an event.
        const d = describe(field, p.games[i]!, used[i]!);
        return { round: d.round, opponent: d.opponent, opponentRatingUsed: d.opponentRatingUsed, score: d.score, handicap: d.handicap, ratingBefore: t.ratingBefore, expected: t.expected, k: t.k, normal: t.normal, upset: t.upset, bonus: t.bonus, change: t.change };
      }),
    };
    return;
  }
  const performanceGames = p.games.map((g, i) => describe(field, g, used[i]!));
  if (p.shape.allLosses) {
    p.report = { performanceGames, performanceCase: 'all-losses', performanceRating: 1, newtonSteps: 0 };
    return;
  }
  const solved = solvePerformance(field, p);
  p.report = { performanceGames, performanceCase: p.shape.allWins ? 'all-wins' : 'solve', performanceRating: solved.rating, newtonSteps: solved.steps };
};
