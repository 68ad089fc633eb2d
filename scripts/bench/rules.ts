/**
 * Replays all international football matches (../shared/data/international-football, one event per match date)
 * under each rule system and prints throughput and prediction quality side by side.
 *
 *   npm run build && node dist/scripts/bench/rules.js [--per month] [--runs 3]
 */
import * as E from 'fp-ts/Either';
import { footballEvents, loadFootballMatches } from '../../src/adapters/formats/football';
import { replay, RatingModel, ReplayEvent } from '../../domain/evaluation/replay';
import { predictionMetrics, PredictionMetrics } from '../../domain/evaluation/metrics';
import { fideModel, gobaseModel, uscfKModel, usShogiModel } from '../../domain/evaluation/models';
import { itemAt } from '../../domain/rules/shared/present';
import { fesaReplay } from '../../domain/evaluation/fesa-model';
import { genericModel } from '../../projections/generic/predictions';

const arg = (name: string, def: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  const value = process.argv[i + 1];
  return i >= 0 && value !== undefined ? value : def;
};

// pan-atlantic under its own newcomer rules (unrated until 4 games, performance rating against rated opponents)
// never rates a football team, so it enters through the generic adapter with every team provisional at 1500
// (projections/generic/systems.ts, entry `{rating: 1500}`). FESA is timed separately below (fesaReplay carries the
// whole list from event to event, teams as players).
const panAtlanticModel = genericModel('pan-atlantic');
if (panAtlanticModel._tag === 'Left') throw new Error(panAtlanticModel.left);
const models: ReadonlyArray<RatingModel<any>> = [
  gobaseModel(),
  fideModel(),
  uscfKModel(),
  usShogiModel('text'),
  usShogiModel('card'),
  panAtlanticModel.right,
];

/** FESA on the same events: one FesaEvent per match date, teams as players, the list carried from event to event. */
const benchFesa = (events: readonly ReplayEvent[], runs: number): Row => {
  let best = Infinity;
  let last: Row | undefined;
  for (let r = 0; r < runs; r++) {
    const t0 = process.hrtime.bigint();
    const out = fesaReplay(events);
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    if (E.isLeft(out)) throw new Error(`fesa: event ${out.left.eventIndex} (${out.left.date}): ${out.left.error.message}`);
    best = Math.min(best, ms);
    last = { id: 'fesa', ms: best, events: out.right.events, games: out.right.games, unpredicted: out.right.unpredicted, metrics: predictionMetrics(out.right.predictions) };
  }
  return { ...last!, ms: best };
};

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

  const rows = [...models.map((m) => bench(m, events, runs)), benchFesa(events, runs)];
  const baseline = predictionMetrics(games.map((g) => ({ expected: 0.5, actual: g.score })));

  console.log(`${padR('system', 20)}${pad('ms', 9)}${pad('events/s', 11)}${pad('games/s', 11)}${pad('predicted', 11)}${pad('deviance', 10)}${pad('log-loss', 10)}${pad('Brier', 9)}${pad('mean E', 8)}`);
  const line = (id: string, ms: number | null, ev: number, g: number, pred: number, m: PredictionMetrics) =>
    console.log(`${padR(id, 20)}${pad(ms === null ? '-' : fmt(ms, 0), 9)}${pad(ms === null ? '-' : fmt(ev / (ms / 1000), 0), 11)}${pad(ms === null ? '-' : fmt(g / (ms / 1000), 0), 11)}${pad(String(pred), 11)}${pad(fmt(m.binomialDeviance, 5), 10)}${pad(fmt(m.logLoss, 5), 10)}${pad(fmt(m.brier, 5), 9)}${pad(fmt(m.meanExpected, 3), 8)}`);
  for (const r of rows) line(r.id, r.ms, r.events, r.games, r.games - r.unpredicted, r.metrics);
  line('(constant 0.5)', null, events.length, games.length, games.length, baseline);
  console.log('\ndeviance = Deloitte/FIDE challenge binomial deviance (mean −[y·log10 E + (1−y)·log10(1−E)], E clipped to [0.01, 0.99]); lower is better.');
  console.log('US systems publish no expected score: their implied logistic curve is used (domain/evaluation/models.ts).');
  console.log('fesa: expected score 1/(1+10^((o−r)/400)) from the list before each date; a team never rated (0) gives no prediction.\n');

  console.log('Calibration (mean actual score of a per expected-score bucket; count in brackets):');
  console.log(padR('bucket', 20) + rows.map((r) => pad(r.id, 24)).join(''));
  for (let k = 0; k < 10; k++) {
    const label = `${(k / 10).toFixed(1)}–${((k + 1) / 10).toFixed(1)}`;
    console.log(padR(label, 20) + rows.map((r) => {
      const b = itemAt(r.metrics.calibration, k, 'calibration bucket');
      return pad(b.count === 0 ? '-' : `${fmt(b.meanExpected!, 3)}→${fmt(b.meanActual!, 3)} (${b.count})`, 24);
    }).join(''));
  }
};

main();
