/**
 * Prediction quality of a rating system: for each game, the PRE-game expected score of a (the prediction) and
 * a's actual score (1, 0.5, 0).
 *
 * - logLoss: mean cross-entropy −[y·ln E + (1 − y)·ln(1 − E)] (natural log; E clipped to [1e−15, 1 − 1e−15]
 *   so a certain wrong prediction is large but finite). A draw (y = 0.5) is half a win and half a loss.
 * - binomialDeviance: the Deloitte/FIDE Chess Rating Challenge (Kaggle "ChessRatings2", 2011) score, Mark
 *   Glickman's "Binomial Deviance": the mean over games of −[y·log10(E) + (1 − y)·log10(1 − E)] with E clipped to
 *   [0.01, 0.99] ("the scoring function will treat all expected scores below 0.01 as 0.01, and above 0.99 as 0.99",
 *   kaggle.com/c/ChessRatings2 submission instructions and evaluation page). Lower is better; 0.5 everywhere
 *   gives log10(2) ≈ 0.30103.
 * - brier: mean (E − y)².
 * - calibration: 10 buckets of E ([0, 0.1), …, [0.9, 1]): count, mean expected, mean actual.
 */
import { itemAt } from '../rules/shared/present';
export interface Prediction {
  readonly expected: number;
  readonly actual: number;
}

export interface CalibrationBucket {
  readonly from: number;
  readonly to: number;
  readonly count: number;
  /** null for an empty bucket. */
  readonly meanExpected: number | null;
  readonly meanActual: number | null;
}

export interface PredictionMetrics {
  readonly games: number;
  readonly logLoss: number;
  readonly binomialDeviance: number;
  readonly brier: number;
  /** Mean actual score of a (e.g. the home side's share of points). */
  readonly meanActual: number;
  readonly meanExpected: number;
  readonly calibration: readonly CalibrationBucket[];
}

export const BUCKETS = 10;
const LOG_LOSS_CLIP = 1e-15;
const KAGGLE_CLIP = 0.01;

const clip = (x: number, lo: number): number => Math.min(1 - lo, Math.max(lo, x));

/** One game's log-loss (natural log). */
export const gameLogLoss = (expected: number, actual: number): number => {
  const e = clip(expected, LOG_LOSS_CLIP);
  return -(actual * Math.log(e) + (1 - actual) * Math.log(1 - e));
};

/** One game's binomial deviance as scored by the Deloitte/FIDE challenge (log10, E clipped to [0.01, 0.99]). */
export const gameBinomialDeviance = (expected: number, actual: number): number => {
  const e = clip(expected, KAGGLE_CLIP);
  return -(actual * Math.log10(e) + (1 - actual) * Math.log10(1 - e));
};

/** Bucket index of an expected score: [k/10, (k+1)/10), with 1 in the last bucket. */
export const bucketOf = (expected: number): number => Math.min(BUCKETS - 1, Math.max(0, Math.floor(expected * BUCKETS)));

/** The metrics of a stream of predictions (one pass; the stream may be a generator). */
export const predictionMetrics = (predictions: Iterable<Prediction>): PredictionMetrics => {
  let n = 0;
  let ll = 0;
  let dev = 0;
  let brier = 0;
  let sumE = 0;
  let sumY = 0;
  const buckets = Array.from({ length: BUCKETS }, () => ({ count: 0, expected: 0, actual: 0 }));
  for (const { expected, actual } of predictions) {
    n++;
    ll += gameLogLoss(expected, actual);
    dev += gameBinomialDeviance(expected, actual);
    brier += (expected - actual) ** 2;
    sumE += expected;
    sumY += actual;
    const bucket = itemAt(buckets, bucketOf(expected), 'calibration bucket');
    bucket.count++;
    bucket.expected += expected;
    bucket.actual += actual;
  }
  const mean = (s: number, c: number) => (c === 0 ? NaN : s / c);
  return {
    games: n,
    logLoss: mean(ll, n),
    binomialDeviance: mean(dev, n),
    brier: mean(brier, n),
    meanExpected: mean(sumE, n),
    meanActual: mean(sumY, n),
    calibration: buckets.map((b, k) => ({
      from: k / BUCKETS,
      to: (k + 1) / BUCKETS,
      count: b.count,
      meanExpected: b.count === 0 ? null : b.expected / b.count,
      meanActual: b.count === 0 ? null : b.actual / b.count,
    })),
  };
};
