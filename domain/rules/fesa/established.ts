import { kFactor } from './grades';
import { add, compare, dbl, div, exactInteger, mul, rat, roundHalfEven, roundReal, sub, toDouble, type LispReal } from './lisp-number';
import type { FesaEstablishedTerms, FesaScore } from './types';

export interface EstablishedGameInput {
  readonly opponentRating: number;
  readonly score: FesaScore;
}

export type EstablishedGameTerms = FesaEstablishedTerms;

export interface EstablishedOutcome {
  /** Rounded total change (seed 000 §1: decimals kept while adding up, the total rounded). */
  readonly change: number;
  readonly games: readonly EstablishedGameTerms[];
}

export interface EstablishedRules {
  readonly runningRating: boolean;
  readonly upsetRule: 'replace' | 'add';
  readonly weakBonusGames: number;
}

const scoreReal = (s: FesaScore): LispReal => (s === 0.5 ? rat(1, 2) : rat(s));

/**
 * One game of an established player (seed 000 §1 and §5, the program's `diff`):
 * normal = k(r)·(s − 1/(1+10^((o−r)/400))) in double precision;
 * upset = k(r)·(o−r)/160, used for a win against a higher-rated opponent when it exceeds the normal gain;
 * weak-player bonus (1800−r)/200 for every game while r < 1800 and fewer than 100 bonus games were played.
 */
export const establishedGame = (
  rating: LispReal,
  opponent: number,
  score: FesaScore,
  bonusGamesSoFar: number,
  rules: EstablishedRules,
): { gain: LispReal; terms: Omit<EstablishedGameTerms, 'ratingBefore'> } =>
  establishedGameInDoubles(rating, opponent, score, bonusGamesSoFar, rules) ?? establishedGameExact(rating, opponent, score, bonusGamesSoFar, rules);

/** The terms of one game computed in doubles (written by `gainInDoubles` when asked for them). */
interface DoubleTerms {
  expected: number;
  k: number;
  normal: number;
  upset: number | null;
  bonus: number;
}

/**
 * Fast path, identical to the exact one whenever the running rating is a double or an integer and no upset is
 * involved: then every rational term meets a double before it is used, and one IEEE operation on exact operands
 * rounds like Lisp's rational→double contagion. Returns the gain, or NaN when the exact path is needed; `terms`,
 * when given, receives the terms (the engine's inner loop passes none and allocates nothing).
 */
const gainInDoubles = (my: number, isDouble: boolean, opponent: number, score: number, bonusGamesSoFar: number, rules: EstablishedRules, terms: DoubleTerms | null): number => {
  const k = kFactor(my);
  const expected = 1 / (1 + Math.pow(10, (opponent - my) / 400));
  const normal = k * (score - expected);
  const upset = (k * (opponent - my)) / 160;
  const bonus = rules.weakBonusGames > bonusGamesSoFar && my < 1800 ? (1800 - my) / 200 : 0;
  const mayFire = score === 1 && opponent > my;
  if (mayFire && !isDouble && Math.abs(upset - normal) <= 1e-9 * Math.max(1, Math.abs(normal))) return NaN;
  const upsetFires = mayFire && upset > normal;
  if (upsetFires && !isDouble) return NaN;
  const base = !upsetFires ? normal : rules.upsetRule === 'replace' ? upset : normal + upset;
  if (terms) {
    terms.expected = expected;
    terms.k = k;
    terms.normal = normal;
    terms.upset = upsetFires ? upset : null;
    terms.bonus = bonus;
  }
  return base + bonus;
};

const establishedGameInDoubles = (
  rating: LispReal,
  opponent: number,
  score: FesaScore,
  bonusGamesSoFar: number,
  rules: EstablishedRules,
): { gain: LispReal; terms: Omit<EstablishedGameTerms, 'ratingBefore'> } | undefined => {
  const my = rating.kind === 'dbl' ? rating.v : exactInteger(rating);
  if (my === undefined) return undefined;
  const terms: DoubleTerms = { expected: 0, k: 0, normal: 0, upset: null, bonus: 0 };
  const gain = gainInDoubles(my, rating.kind === 'dbl', opponent, score, bonusGamesSoFar, rules, terms);
  if (Number.isNaN(gain)) return undefined;
  return { gain: dbl(gain), terms: { ...terms, change: gain } };
};

const establishedGameExact = (
  rating: LispReal,
  opponent: number,
  score: FesaScore,
  bonusGamesSoFar: number,
  rules: EstablishedRules,
): { gain: LispReal; terms: Omit<EstablishedGameTerms, 'ratingBefore'> } => {
  const my = toDouble(rating);
  const k = kFactor(my);
  const kReal = rat(k);
  const opp = rat(opponent);
  const expected = 1 / (1 + Math.pow(10, toDouble(sub(opp, rating)) / 400));
  const normal = dbl(k * (toDouble(scoreReal(score)) - expected));
  const upset = div(mul(kReal, sub(opp, rating)), rat(160));
  const bonus = rules.weakBonusGames > bonusGamesSoFar && compare(rating, rat(1800)) < 0 ? div(sub(rat(1800), rating), rat(200)) : rat(0);
  const upsetFires = score === 1 && compare(opp, rating) > 0 && compare(upset, normal) > 0;
  const base = !upsetFires ? normal : rules.upsetRule === 'replace' ? upset : add(normal, upset);
  const gain = add(base, bonus);
  return {
    gain,
    terms: {
      expected,
      k,
      normal: toDouble(normal),
      upset: upsetFires ? toDouble(upset) : null,
      bonus: toDouble(bonus),
      change: toDouble(gain),
    },
  };
};

/** All games of an established player in round order with a running rating (the program's all-players, P+E). */
export const establishedChange = (
  elo: number,
  games: readonly EstablishedGameInput[],
  storedBonusCount: number,
  rules: EstablishedRules,
): EstablishedOutcome => {
  let change: LispReal = rat(0);
  let bonusCount = storedBonusCount;
  const terms: EstablishedGameTerms[] = [];
  for (const g of games) {
    const rating = rules.runningRating ? add(rat(elo), change) : rat(elo);
    const { gain, terms: t } = establishedGame(rating, g.opponentRating, g.score, bonusCount, rules);
    terms.push({ ratingBefore: toDouble(rating), ...t });
    change = add(change, gain);
    bonusCount += 1;
  }
  return { change: roundReal(change), games: terms };
};

/**
 * `establishedChange(...).change` without the per-game terms, for the engine's inner loop (no allocation). The
 * running change is the exact integer 0 until the first gain, a double, is added: so the rating is the integer ELO
 * for the first game and a double from then on (with a fixed rating always the integer), which is exactly when the
 * double path applies. An upset at an integer rating makes the change an exact rational: the games from there run
 * on the exact path, and only while the change stays rational — the first double gain makes it a double for good
 * (Lisp's contagion), and from then on both paths compute the same doubles in the same order.
 */
export const establishedChangeTotal = (
  elo: number,
  opponents: ArrayLike<number>,
  scores: ArrayLike<number>,
  count: number,
  storedBonusCount: number,
  rules: EstablishedRules,
): number => {
  let change = 0;
  /** The change while an upset keeps it an exact rational (null: it is the double `change`). */
  let exact: LispReal | null = null;
  for (let i = 0; i < count; i++) {
    if (exact === null) {
      const isDouble = rules.runningRating && i > 0;
      const gain = gainInDoubles(isDouble ? elo + change : elo, isDouble, opponents[i]!, scores[i]!, storedBonusCount + i, rules, null);
      if (!Number.isNaN(gain)) {
        change += gain;
        continue;
      }
      exact = i === 0 ? rat(0) : dbl(change);
    }
    const rating = rules.runningRating ? add(rat(elo), exact) : rat(elo);
    exact = add(exact, establishedGame(rating, opponents[i]!, scores[i] as FesaScore, storedBonusCount + i, rules).gain);
    if (exact.kind === 'dbl') {
      change = exact.v;
      exact = null;
    }
  }
  return exact !== null ? roundReal(exact) : roundHalfEven(change);
};
