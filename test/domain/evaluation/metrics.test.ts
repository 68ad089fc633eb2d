import { describe, expect, it } from 'vitest';
import { bucketOf, gameBinomialDeviance, gameLogLoss, predictionMetrics } from '../../../domain/evaluation/metrics';

/**
 * Binomial deviance as scored by the Deloitte/FIDE Chess Rating Challenge (Kaggle ChessRatings2): mean of
 * −[y·log10(E) + (1 − y)·log10(1 − E)], E clipped to [0.01, 0.99]. Values below computed by hand.
 */
describe('per-game scores', () => {
  it('E = 0.5 costs ln 2 (log-loss) and log10 2 (deviance) whatever the result', () => {
    for (const y of [0, 0.5, 1]) {
      expect(gameLogLoss(0.5, y)).toBeCloseTo(0.693147, 6);
      expect(gameBinomialDeviance(0.5, y)).toBeCloseTo(0.30103, 5);
    }
  });

  it('E = 0.8: a win costs −log10 0.8 = 0.09691, a loss −log10 0.2 = 0.69897, a draw their mean 0.39794', () => {
    expect(gameBinomialDeviance(0.8, 1)).toBeCloseTo(0.09691, 5);
    expect(gameBinomialDeviance(0.8, 0)).toBeCloseTo(0.69897, 5);
    expect(gameBinomialDeviance(0.8, 0.5)).toBeCloseTo(0.39794, 5);
    expect(gameLogLoss(0.8, 0)).toBeCloseTo(1.609438, 6); // −ln 0.2
  });

  it('the challenge clips E to [0.01, 0.99]: E = 0 with a win costs −log10 0.01 = 2, not infinity', () => {
    expect(gameBinomialDeviance(0, 1)).toBeCloseTo(2, 10);
    expect(gameBinomialDeviance(1, 1)).toBeCloseTo(-Math.log10(0.99), 10);
    expect(gameBinomialDeviance(0.003, 0)).toBeCloseTo(-Math.log10(0.99), 10);
    expect(Number.isFinite(gameLogLoss(0, 1))).toBe(true);
  });
});

describe('predictionMetrics', () => {
  const stream = [
    { expected: 0.8, actual: 1 },
    { expected: 0.8, actual: 0 },
    { expected: 0.3, actual: 0.5 },
    { expected: 0.05, actual: 0 },
  ];

  it('means over games (hand-computed): Brier, deviance, log-loss', () => {
    const m = predictionMetrics(stream);
    expect(m.games).toBe(4);
    // Brier: (0.04 + 0.64 + 0.04 + 0.0025) / 4 = 0.180625
    expect(m.brier).toBeCloseTo(0.180625, 10);
    // Deviance: 0.09691 + 0.69897 + 0.5·(0.52288 + 0.15490) + 0.02228 = 1.15705 → /4 = 0.28926
    expect(m.binomialDeviance).toBeCloseTo(0.28926, 4);
    // Log-loss: 0.22314 + 1.60944 + 0.5·(1.20397 + 0.35667) + 0.05129 = 2.66419 → /4 = 0.66605
    expect(m.logLoss).toBeCloseTo(0.66605, 4);
    expect(m.meanExpected).toBeCloseTo(0.4875, 10);
    expect(m.meanActual).toBeCloseTo(0.375, 10);
  });

  it('calibration: 10 buckets with count, mean expected and mean actual', () => {
    const m = predictionMetrics(stream);
    expect(m.calibration).toHaveLength(10);
    expect(m.calibration[8]).toEqual({ from: 0.8, to: 0.9, count: 2, meanExpected: 0.8, meanActual: 0.5 });
    expect(m.calibration[3]).toMatchObject({ count: 1, meanExpected: 0.3, meanActual: 0.5 });
    expect(m.calibration[0]).toMatchObject({ count: 1, meanExpected: 0.05, meanActual: 0 });
    expect(m.calibration[5]).toMatchObject({ count: 0, meanExpected: null, meanActual: null });
    expect(m.calibration.reduce((s, b) => s + b.count, 0)).toBe(4);
  });

  it('bucket bounds: 0.1 opens bucket 1, 1 falls in the last bucket', () => {
    expect([bucketOf(0), bucketOf(0.0999), bucketOf(0.1), bucketOf(0.95), bucketOf(1)]).toEqual([0, 0, 1, 9, 9]);
  });

  it('an empty stream has no games and NaN means (no division by zero pretending to be 0)', () => {
    const m = predictionMetrics([]);
    expect(m.games).toBe(0);
    expect(Number.isNaN(m.brier)).toBe(true);
  });
});
