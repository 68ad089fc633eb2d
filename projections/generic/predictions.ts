import * as E from 'fp-ts/Either';
import type { GenericFold } from './history';
import type { RatingModel } from '../../domain/evaluation/replay';
import { DEFAULT_ENTRY_RATING, genericSystem, type EntryPolicy, type GenericRuleSetId } from './systems';

/** One game's pre-game prediction: the key names the game (`tournament/game`). */
export interface KeyedPrediction {
  readonly key: string;
  readonly date: string;
  readonly expected: number;
  readonly actual: number;
}

export interface LedgerPredictions {
  readonly predictions: readonly KeyedPrediction[];
  readonly games: number;
  readonly unpredicted: number;
}

/**
 * PRE-game expected scores of every played game of the tournaments a fold rated under `ruleSet`, taken from the
 * players' states before the tournament (what the system could have published), against the actual scores.
 * Games dated before `from` are rated but not scored.
 */
export const genericPredictions = (fold: GenericFold, ruleSet: GenericRuleSetId, from = '0000-00-00'): LedgerPredictions => {
  const sys = genericSystem(ruleSet);
  const predictions: KeyedPrediction[] = [];
  let games = 0;
  for (const run of fold.runs) {
    if (run.ruleSet !== ruleSet || run.date < from) continue;
    const typed = sys.options(run.options);
    if (E.isLeft(typed)) continue;
    for (const g of run.games) {
      if (!g.game) continue;
      games++;
      const e = sys.expectedScore(typed.right, run.before[g.game.a], run.before[g.game.b], g.game);
      if (e !== null) predictions.push({ key: `${run.tournamentId}/${g.gameId}`, date: run.date, expected: e, actual: g.game.score });
    }
  }
  return { predictions, games, unpredicted: games - predictions.length };
};

/**
 * A generic rule system as a replay model (domain/evaluation/replay.ts) for histories outside the ledger (the
 * football results): players start under `entry` (default: rated at 1500, like the other replay models).
 */
export const genericModel = (
  ruleSet: GenericRuleSetId, rawOptions: Readonly<Record<string, unknown>> = {}, entry: EntryPolicy = { rating: DEFAULT_ENTRY_RATING },
): E.Either<string, RatingModel<unknown>> => {
  const sys = genericSystem(ruleSet);
  const typed = sys.options(rawOptions);
  if (E.isLeft(typed)) return E.left(`rule set ${ruleSet}: ${typed.left.message}`);
  const o = typed.right;
  return E.right({
    id: ruleSet,
    newPlayer: (playerId) => sys.newPlayer({ playerId }, entry),
    rateEvent: (ev, players) => sys.rateTournament(o, { date: ev.date.length === 7 ? `${ev.date}-01` : ev.date }, players, ev.games),
    expectedScore: (a, b, g) => sys.expectedScore(o, a, b, g),
  });
};
