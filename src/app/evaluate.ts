import * as E from 'fp-ts/Either';
import type { LoggedEvent } from '../../domain/events';
import { fesaPredictions, fesaReplay } from '../../domain/evaluation/fesa-model';
import { predictionMetrics, type PredictionMetrics } from '../../domain/evaluation/metrics';
import { replay, type ReplayEvent } from '../../domain/evaluation/replay';
import type { Game } from '../../domain/rules/elo-common/game';
import { FESA_RULE_SETS, nameKey } from '../../projections/fesa/history';
import { foldFesaFast } from '../../projections/fesa/incremental';
import { foldGeneric } from '../../projections/generic/history';
import { genericModel, genericPredictions } from '../../projections/generic/predictions';
import { GENERIC_RULE_SETS, isGenericRuleSet, type EntryPolicy } from '../../projections/generic/systems';

/** `ledger evaluate`: how well each rule set's pre-game expected scores predicted the results. */

/** A FESA or generic rule set id, checked by `unknownRuleSet` before evaluating. */
export type RuleSetId = string;

/** The sentence for a rule set id neither FESA nor a generic system knows; undefined when it is known. */
export const unknownRuleSet = (id: string): string | undefined =>
  id in FESA_RULE_SETS || isGenericRuleSet(id) ? undefined : `--rules ${id}: unknown rule set; known: ${[...Object.keys(FESA_RULE_SETS), ...GENERIC_RULE_SETS].join(', ')}`;

export interface EvaluationRow {
  readonly ruleSet: string;
  readonly games: number;
  readonly predicted: number;
  readonly metrics: PredictionMetrics;
}

export interface Evaluation {
  readonly source: string;
  readonly from: string | null;
  readonly entry: EntryPolicy;
  readonly rows: readonly EvaluationRow[];
  /** The same metrics on the games every rule set predicted (ledger only), so the systems are compared on one set. */
  readonly common?: { readonly games: number; readonly rows: readonly EvaluationRow[] };
}

interface Keyed { readonly key: string; readonly expected: number; readonly actual: number }

/** The ledger's own history under each rule set: FESA from its fold's pre-tournament lists, the others re-rated. */
export const evaluateLedger = (facts: readonly LoggedEvent[], ruleSets: readonly RuleSetId[], from: string | undefined, entry: EntryPolicy): E.Either<string, Evaluation> => {
  const keyed = new Map<string, { games: number; predictions: Keyed[] }>();
  for (const id of ruleSets) {
    if (id in FESA_RULE_SETS) {
      const fesa = foldFesaFast(facts, { ruleSet: id, runs: 'changes' });
      if (E.isLeft(fesa)) return E.left(fesa.left.message);
      // The games of each FESA-rated tournament, in the shape the other systems see, keyed by the list's name keys.
      const generic = foldGeneric(facts, { ruleSet: 'fide', entry });
      if (E.isLeft(generic)) return generic;
      const gamesOf = generic.right;
      const byTournament = new Map(gamesOf.runs.map((r) => [r.tournamentId, r]));
      const predictions: Keyed[] = [];
      let games = 0;
      for (const run of fesa.right.runs) {
        const generic = byTournament.get(run.tournamentId);
        if (!generic || (from !== undefined && run.date < from)) continue;
        const played = generic.games.filter((g) => g.game !== undefined);
        const key = (pid: string) => { const n = fesa.right.names.get(pid); return n ? nameKey(n) : pid; };
        const p = fesaPredictions([{ before: run.before, games: played.map((g) => ({ ...g.game!, a: key(g.game!.a), b: key(g.game!.b) })) }]);
        games += p.games;
        p.perGame.forEach((e, i) => { if (e !== null) predictions.push({ key: `${run.tournamentId}/${played[i]!.gameId}`, expected: e, actual: played[i]!.game!.score }); });
      }
      keyed.set(id, { games, predictions });
    } else {
      const folded = foldGeneric(facts, { ruleSet: id, entry });
      if (E.isLeft(folded)) return folded;
      const p = genericPredictions(folded.right, id, from);
      keyed.set(id, { games: p.games, predictions: [...p.predictions] });
    }
  }
  const rows = ruleSets.map((id) => {
    const k = keyed.get(id)!;
    return { ruleSet: id, games: k.games, predicted: k.predictions.length, metrics: predictionMetrics(k.predictions) };
  });
  const sets = ruleSets.map((id) => new Set(keyed.get(id)!.predictions.map((p) => p.key)));
  const commonKeys = new Set([...sets[0] ?? []].filter((k) => sets.every((s) => s.has(k))));
  const commonRows = ruleSets.map((id) => {
    const ps = keyed.get(id)!.predictions.filter((p) => commonKeys.has(p.key));
    return { ruleSet: id, games: commonKeys.size, predicted: ps.length, metrics: predictionMetrics(ps) };
  });
  return E.right({ source: 'ledger', from: from ?? null, entry, rows, common: { games: commonKeys.size, rows: commonRows } });
};

/** A results history (e.g. the international football CSV, one event per date) replayed under each rule set. */
export const evaluateReplay = (source: string, events: readonly ReplayEvent[], ruleSets: readonly RuleSetId[], from: string | undefined, entry: EntryPolicy): E.Either<string, Evaluation> => {
  const rows: EvaluationRow[] = [];
  const dateOf = new Map<Game, string>(events.flatMap((ev) => ev.games.map((g) => [g, ev.date] as [Game, string])));
  for (const id of ruleSets) {
    if (id in FESA_RULE_SETS) {
      const r = fesaReplay(events, FESA_RULE_SETS[id], from ?? '');
      if (E.isLeft(r)) return E.left(`fesa: event ${r.left.eventIndex} (${r.left.date}): ${r.left.error.message}`);
      rows.push({ ruleSet: id, games: r.right.games, predicted: r.right.predictions.length, metrics: predictionMetrics(r.right.predictions) });
      continue;
    }
    const typed = genericModel(id, {}, entry === 'system' || entry === 'grade' ? { rating: 1500 } : entry);
    if (E.isLeft(typed)) return typed;
    const model = typed.right;
    let games = 0;
    const scored: { expected: number; actual: number }[] = [];
    const out = replay({
      ...model,
      expectedScore: (a, b, g) => {
        const e = model.expectedScore(a, b, g);
        if (from === undefined || dateOf.get(g)! >= from) {
          games++;
          if (e !== null) scored.push({ expected: e, actual: g.score });
        }
        return e;
      },
    }, events);
    if (E.isLeft(out)) return E.left(`${id}: event ${out.left.eventIndex} (${out.left.date}) failed at ${out.left.error.field}: ${out.left.error.message}`);
    rows.push({ ruleSet: id, games, predicted: scored.length, metrics: predictionMetrics(scored) });
  }
  return E.right({ source, from: from ?? null, entry, rows });
};

