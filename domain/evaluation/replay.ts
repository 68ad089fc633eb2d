import * as E from 'fp-ts/Either';
import { RuleError } from '../rules/rule-system';
import { Game } from '../rules/elo-common/game';
import { playerIn } from '../rules/shared/present';
import { Prediction } from './metrics';

/** One rating event of a replay: its date and its games in playing order. */
export interface ReplayEvent {
  readonly date: string;
  readonly games: readonly Game[];
}

/**
 * A rule system seen by the replay: how a player nobody has seen yet starts, how one event is rated (the system's
 * typed API), and the pre-game expected score of a against b. Systems differ in how they treat newcomers, so each
 * model says what state a first-time player enters with.
 */
export interface RatingModel<S> {
  readonly id: string;
  readonly newPlayer: (id: string) => S;
  readonly rateEvent: (event: ReplayEvent, players: Record<string, S>) => E.Either<RuleError, { readonly players: Record<string, S> }>;
  /** null when the system has no prediction for this pair (e.g. an unrated newcomer). */
  readonly expectedScore: (a: S, b: S, game: Game) => number | null;
}

export interface ReplayResult<S> {
  readonly ratings: ReadonlyMap<string, S>;
  /** One per game that had a prediction, in replay order. */
  readonly predictions: readonly Prediction[];
  readonly events: number;
  readonly games: number;
  /** Games without a prediction (expectedScore returned null). */
  readonly unpredicted: number;
}

export interface ReplayError {
  readonly eventIndex: number;
  readonly date: string;
  readonly error: RuleError;
}

/**
 * Replays events in the given (chronological) order. Before an event is rated, every game's expected score is taken
 * from the players' states as they were before the event: that is the prediction the system could have published.
 * Only the event's players are handed to the rule system; everyone else is untouched by it anyway.
 */
export const replay = <S>(model: RatingModel<S>, events: readonly ReplayEvent[]): E.Either<ReplayError, ReplayResult<S>> => {
  const ratings = new Map<string, S>();
  const predictions: Prediction[] = [];
  let games = 0;
  let unpredicted = 0;
  for (const [i, ev] of events.entries()) {
    const players: Record<string, S> = {};
    for (const g of ev.games) {
      for (const id of [g.a, g.b]) {
        if (!(id in players)) players[id] = ratings.get(id) ?? model.newPlayer(id);
      }
    }
    for (const g of ev.games) {
      games++;
      const e = model.expectedScore(playerIn(players, g.a), playerIn(players, g.b), g);
      if (e === null) unpredicted++;
      else predictions.push({ expected: e, actual: g.score });
    }
    const out = model.rateEvent(ev, players);
    if (E.isLeft(out)) return E.left({ eventIndex: i, date: ev.date, error: out.left });
    for (const [id, p] of Object.entries(out.right.players)) ratings.set(id, p);
  }
  return E.right({ ratings, predictions, events: events.length, games, unpredicted });
};
