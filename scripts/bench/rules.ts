/**
 * Replays all international football matches (/work/shared/data/international-football, one event per match date)
 * under each rule system and prints throughput and prediction quality side by side.
 *
 *   npm run build && node dist/scripts/bench/rules.js [--per month] [--runs 3]
 */
import * as E from 'fp-ts/Either';
import { footballEvents, loadFootballMatches } from '../../src/evaluate/football';
import { replay, RatingModel, ReplayEvent } from '../../domain/evaluation/replay';
import { predictionMetrics, PredictionMetrics } from '../../domain/evaluation/metrics';
import { fideModel, gobaseModel, uscfKModel, usShogiModel } from '../../domain/evaluation/models';

const arg = (name: string, def: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : def;
};

// Hook: add further systems here as RatingModel adapters (domain/evaluation/models.ts), e.g. FESA: `fesaModel()`.
// pan-atlantic is not here: under its newcomer rules (unrated until 4 games, performance rating against rated
// opponents) no football team ever got rated even with a declared club grade, so it made no prediction at all.
const models: ReadonlyArray<RatingModel<any>> = [
  gobaseModel(),
  fideModel(),
  uscfKModel(),
  usShogiModel('text'),
  usShogiModel('card'),
];

interface Row {
  readonly id: string;
  readonly ms: number;
  readonly events: number;
  readonly games: number;
  readonly unpredicted: number;
  readonly metrics: PredictionMetrics;
}

const bench = (model: RatingModel<any>, events: readonly ReplayEvent[], runs: number): Row => {
  let best = Infinity;
  let last: Row | undefined;
  for (let r = 0; r < runs; r++) {
    const t0 = process.hrtime.bigint();
    const out = replay(model, events);
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    if (E.isLeft(out)) {
      throw new Error(`${model.id}: event ${out.left.eventIndex} (${out.left.date}) failed at ${out.left.error.field}: ${out.left.error.message}`);
    }
    best = Math.min(best, ms);
    last = { id: model.id, ms: best, events: out.right.events, games: out.right.games, unpredicted: out.right.unpredicted, metrics: predictionMetrics(out.right.predictions) };
  }
  return { ...last!, ms: best };
};

const fmt = (x: number, d: number) => (Number.isFinite(x) ? x.toFixed(d) : '-');
const pad = (s: string, n: number) => (s.length >= n ? s : ' '.repeat(n - s.length) + s);
const padR = (s: string, n: number) => (s.length >= n ? s : s + ' '.repeat(n - s.length));

const main = () => {
  const per = arg('per', 'date') === 'month' ? 'month' : 'date';
  const runs = Math.max(1, Number(arg('runs', '3')));
  const loaded = loadFootballMatches();
  if (E.isLeft(loaded)) { console.error(loaded.left); process.exit(1); }
  const events = footballEvents(loaded.right, per);
  const games = events.flatMap((e) => e.games);
  console.log(`International football: ${loaded.right.length} matches, ${events.length} events (one per ${per}), best of ${runs} runs, Node ${process.version}`);
  console.log(`Draws: ${games.filter((g) => g.score === 0.5).length}; home side's mean score ${fmt(games.reduce((s, g) => s + g.score, 0) / games.length, 4)} (no system models home advantage).\n`);

  const rows = models.map((m) => bench(m, events, runs));
  const baseline = predictionMetrics(games.map((g) => ({ expected: 0.5, actual: g.score })));

  console.log(`${padR('system', 20)}${pad('ms', 9)}${pad('events/s', 11)}${pad('games/s', 11)}${pad('predicted', 11)}${pad('deviance', 10)}${pad('log-loss', 10)}${pad('Brier', 9)}${pad('mean E', 8)}`);
  const line = (id: string, ms: number | null, ev: number, g: number, pred: number, m: PredictionMetrics) =>
    console.log(`${padR(id, 20)}${pad(ms === null ? '-' : fmt(ms, 0), 9)}${pad(ms === null ? '-' : fmt(ev / (ms / 1000), 0), 11)}${pad(ms === null ? '-' : fmt(g / (ms / 1000), 0), 11)}${pad(String(pred), 11)}${pad(fmt(m.binomialDeviance, 5), 10)}${pad(fmt(m.logLoss, 5), 10)}${pad(fmt(m.brier, 5), 9)}${pad(fmt(m.meanExpected, 3), 8)}`);
  for (const r of rows) line(r.id, r.ms, r.events, r.games, r.games - r.unpredicted, r.metrics);
  line('(constant 0.5)', null, events.length, games.length, games.length, baseline);
  console.log('\ndeviance = Deloitte/FIDE challenge binomial deviance (mean −[y·log10 E + (1−y)·log10(1−E)], E clipped to [0.01, 0.99]); lower is better.');
  console.log('US systems publish no expected score: their implied logistic curve is used (domain/evaluation/models.ts).\n');

  console.log('Calibration (mean actual score of a per expected-score bucket; count in brackets):');
  console.log(padR('bucket', 20) + rows.map((r) => pad(r.id, 24)).join(''));
  for (let k = 0; k < 10; k++) {
    const label = `${(k / 10).toFixed(1)}–${((k + 1) / 10).toFixed(1)}`;
    console.log(padR(label, 20) + rows.map((r) => {
      const b = r.metrics.calibration[k];
      return pad(b.count === 0 ? '-' : `${fmt(b.meanExpected!, 3)}→${fmt(b.meanActual!, 3)} (${b.count})`, 24);
    }).join(''));
  }
};

main();
