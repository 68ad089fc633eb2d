import * as E from 'fp-ts/Either';
import { FESA_PROGRAM_OPTIONS, type FesaOptions } from '../rules/fesa/options';
import { rateEvent } from '../rules/fesa/rate-event';
import type { FesaError, FesaEvent, FesaEventPlayer, FesaPlayer, FesaRound, FesaScore } from '../rules/fesa/types';
import type { Game } from '../rules/elo-common/game';
import { logisticExpected } from '../rules/elo-common/elo';
import type { Prediction } from './metrics';
import type { ReplayEvent } from './replay';

/**
 * FESA as a prediction model. FESA rates per event and publishes no per-game prediction of its own; its expectation
 * for established players (seed 000 §5, the FIDE formula) is 1/(1 + 10^((o − r)/400)) with the ratings the players
 * had on the list before the event. Provisional players count at their current list rating (the value the list
 * shows); a player with rating 0 (never rated: a newcomer before his first event) gives no prediction.
 * Handicap games: FESA adds the handicap to the receiver's rating when rating them; the prediction here is the
 * even-game value (the club chain has no handicap games).
 */
export const fesaExpectedScore = (a: Pick<FesaPlayer, 'eloNumber'> | undefined, b: Pick<FesaPlayer, 'eloNumber'> | undefined): number | null =>
  a === undefined || b === undefined || a.eloNumber === 0 || b.eloNumber === 0 ? null : logisticExpected(a.eloNumber, b.eloNumber);

/** One FESA-rated event as the evaluator sees it: the list before it and its played games (player keys of that list). */
export interface FesaRatedEvent {
  readonly before: ReadonlyMap<string, Pick<FesaPlayer, 'eloNumber'>>;
  readonly games: readonly Game[];
}

export interface FesaPredictions {
  readonly predictions: readonly Prediction[];
  /** Per game, in input order: the prediction or null. */
  readonly perGame: readonly (number | null)[];
  readonly games: number;
  readonly unpredicted: number;
}

/** Pre-game expected scores of every game of every event, from the list before the event. */
export const fesaPredictions = (events: readonly FesaRatedEvent[]): FesaPredictions => {
  const predictions: Prediction[] = [];
  const perGame: (number | null)[] = [];
  for (const ev of events) {
    for (const g of ev.games) {
      const e = fesaExpectedScore(ev.before.get(g.a), ev.before.get(g.b));
      perGame.push(e);
      if (e !== null) predictions.push({ expected: e, actual: g.score });
    }
  }
  return { predictions, perGame, games: perGame.length, unpredicted: perGame.filter((e) => e === null).length };
};

/** A player new to the list (what a `nye-spillere` entry without grade and nationality becomes). */
export const fesaNewcomer = (name: string): FesaPlayer => ({
  lastName: name, firstName: '', nationalityList: [{ list: 'E', nationality: null, residens: null, last: null }],
  gradeLevel: 0, gradeName: '', nsrGradeLevel: 0, nsrGradeName: '', eloNumber: 0, games: 0, lastPlayed: null,
  lbCount: null, mpCount: null, bonusCount: 0,
});

/**
 * Builds the FESA event of one replay event, with every side (e.g. a football team) as a player named by its id.
 * Games are placed in rounds in listed order: each game goes to the first round in which neither side has played
 * yet, so a side with two games on one date plays them in two rounds, in order.
 */
export const toFesaReplayEvent = (ev: ReplayEvent, name = ev.date): FesaEvent => {
  const seating: string[] = [];
  const line = new Map<string, number>();
  const rounds = new Map<string, (FesaRound | undefined)[]>();
  const seat = (id: string) => {
    if (!line.has(id)) {
      seating.push(id);
      line.set(id, seating.length);
      rounds.set(id, []);
    }
    return rounds.get(id)!;
  };
  for (const g of ev.games) {
    const ra = seat(g.a);
    const rb = seat(g.b);
    let r = 0;
    while (ra[r] !== undefined || rb[r] !== undefined) r++;
    ra[r] = { opponentIndex: line.get(g.b)!, score: g.score };
    rb[r] = { opponentIndex: line.get(g.a)!, score: (1 - g.score) as FesaScore };
  }
  const players: FesaEventPlayer[] = seating.map((id) => {
    const rs = rounds.get(id)!;
    return {
      lastName: id, firstName: '', supplements: '', simultaneousGiver: false, macmahon: 0,
      rounds: Array.from({ length: rs.length }, (_, i) => rs[i] ?? { opponentIndex: 0, score: 0 }),
    };
  });
  return { name, date: ev.date, players };
};

export interface FesaReplayResult {
  readonly list: readonly FesaPlayer[];
  readonly predictions: readonly Prediction[];
  readonly events: number;
  readonly games: number;
  readonly unpredicted: number;
}

/**
 * Replays events under FESA, carrying the whole list from event to event (sides new to the list enter as
 * newcomers without grade). Before each event every game's expected score is taken from the list before it; events
 * dated before `scoreFrom` are rated but not scored.
 */
export const fesaReplay = (
  events: readonly ReplayEvent[], options: FesaOptions = FESA_PROGRAM_OPTIONS, scoreFrom = '',
): E.Either<{ eventIndex: number; date: string; error: FesaError }, FesaReplayResult> => {
  let list: readonly FesaPlayer[] = [];
  const byName = new Map<string, FesaPlayer>();
  const predictions: Prediction[] = [];
  let games = 0;
  let unpredicted = 0;
  for (let i = 0; i < events.length; i++) {
    const ev = events[i]!;
    const newcomers: FesaPlayer[] = [];
    for (const g of ev.games) {
      if (ev.date >= scoreFrom) {
        games++;
        const e = fesaExpectedScore(byName.get(g.a), byName.get(g.b));
        if (e === null) unpredicted++;
        else predictions.push({ expected: e, actual: g.score });
      }
      for (const id of [g.a, g.b]) {
        if (!byName.has(id) && !newcomers.some((p) => p.lastName === id)) newcomers.push(fesaNewcomer(id));
      }
    }
    const rated = rateEvent(list, newcomers, toFesaReplayEvent(ev), options);
    if (E.isLeft(rated)) return E.left({ eventIndex: i, date: ev.date, error: rated.left });
    list = rated.right.list;
    const played = new Set(ev.games.flatMap((g) => [g.a, g.b]));
    for (const p of list) if (played.has(p.lastName)) byName.set(p.lastName, p);
  }
  return E.right({ list, predictions, events: events.length, games, unpredicted });
};
