import * as E from 'fp-ts/Either';
import { eventPlayerName, type PairedRound } from './event-check';
import { gradeRating } from './grades';
import type { FesaOptions } from './options';
import { unratedRecord } from './records';
import type { FesaError, FesaEvent, FesaEventPlayer, FesaHandicap, FesaPlayer, FesaPlayerReport, FesaScore } from './types';

/**
 * Step 1 of rating an event: who plays, with which record of the list, and with which game list — this event's
 * games, plus for a provisional player the phantom games of his stored history or declared grade.
 */

/** A game of the list used for rating: against a player of this event, or a phantom (history / prior grade). */
export type RatedGame =
  | { readonly kind: 'event'; readonly round: number; readonly opponent: number; readonly score: FesaScore; readonly handicap?: FesaHandicap }
  | { readonly kind: 'phantom'; readonly source: 'history' | 'grade'; readonly rating: number; readonly score: FesaScore; readonly weight: number };

export interface Participant {
  readonly ev: FesaEventPlayer;
  /** Position in the combined list (new players first), or -1 for a player the program creates on the fly. */
  readonly listIndex: number;
  readonly record: FesaPlayer;
  readonly provisional: boolean;
  /** ELO as the rating sees it: 0 for provisional players (the program zeroes it). */
  readonly elo: number;
  readonly games: readonly RatedGame[];
  /** Games counted after the event (the program's post-ant). */
  readonly totalAfter: number;
  /** Established: rounded change; provisional: the current performance estimate. */
  change: number;
  readonly shape: GameListShape;
  report?: Pick<FesaPlayerReport, 'games' | 'performanceGames' | 'performanceCase' | 'performanceRating' | 'newtonSteps'>;
}

/**
 * What decides how a player's result is computed. For a provisional player who won every game the performance
 * rating is solved with one more game in front (a draw against the best opponent, the program's `innsats` case),
 * so his games start at `offset` 1.
 */
export interface GameListShape {
  readonly offset: number;
  readonly allLosses: boolean;
  readonly allWins: boolean;
}

const gameListShape = (games: readonly RatedGame[], provisional: boolean): GameListShape => {
  const allLosses = games.every((g) => g.score === 0);
  const allWins = games.every((g) => g.score === 1);
  return { offset: allWins && provisional ? 1 : 0, allLosses, allWins };
};

export const fail = (code: FesaError['code'], message: string, line?: number): E.Either<FesaError, never> => E.left({ code, message, line });

const freshPlayer = (ev: FesaEventPlayer): FesaPlayer =>
  unratedRecord(ev.lastName, ev.firstName, [{ list: null, nationality: '', residens: null, last: null }]);

const historyLength = (g: FesaPlayer['games']): number => (typeof g === 'number' ? g : g.length);

/** The program's `date-before`: no date (or a number) is always before; otherwise plain string order. */
const dateBefore = (old: string | null, date: string): boolean => old === null || old < date;

/** Each player of the event with his record: the first of his name in `combined` (new players first), as the program looks him up. */
export const matchRecords = (event: FesaEvent, combined: readonly FesaPlayer[], checkLastPlayed: boolean): E.Either<FesaError, { index: number; record: FesaPlayer }[]> => {
  const out: { index: number; record: FesaPlayer }[] = [];
  const seen = new Map<number, FesaEventPlayer>();
  for (const ev of event.players) {
    if ((ev.lastName === '' && ev.firstName === '') || ev.simultaneousGiver) {
      out.push({ index: -1, record: freshPlayer(ev) });
      continue;
    }
    const index = combined.findIndex((c) => c.lastName === ev.lastName && c.firstName === ev.firstName);
    const record = combined[index];
    if (record === undefined) {
      return fail('unknown-player', `Unknown player "${eventPlayerName(ev)}": not in the rating list nor among the new players.`, ev.line);
    }
    const twin = seen.get(index);
    if (twin) {
      return fail('duplicate-player', `Player "${eventPlayerName(ev)}" appears twice in the event (lines ${twin.line ?? '?'} and ${ev.line ?? '?'}).`, ev.line);
    }
    seen.set(index, ev);
    if (checkLastPlayed && !dateBefore(record.lastPlayed, event.date)) {
      return fail('already-rated', `${eventPlayerName(ev)} has played at ${record.lastPlayed}, which is not before this event's date ${event.date} (was this event already applied?).`, ev.line);
    }
    out.push({ index, record });
  }
  return E.right(out);
};

/** E unless more players carry an American (A) list entry (program's find-origin). */
export const findOrigin = (records: readonly FesaPlayer[]): string => {
  let eu = 0;
  let us = 0;
  for (const r of records) {
    let e = false;
    let a = false;
    for (const h of r.nationalityList) {
      if (h.list === 'E') e = true;
      else if (h.list === 'A') a = true;
    }
    if (e) eu++;
    if (a) us++;
  }
  return us > eu ? 'A' : 'E';
};

/** Who is provisional in this event and with which game list (PROGRAM-BEHAVIOUR §5.1; seed 000 §2, §3). */
const decideProvisional = (
  record: FesaPlayer,
  eventGames: RatedGame[],
  options: FesaOptions,
): { provisional: boolean; elo: number; games: RatedGame[]; totalAfter: number } => {
  const stored = record.games;
  const prev = historyLength(stored);
  if (prev === 0) {
    const games = [...eventGames];
    let synthetic = 0;
    if (record.nsrGradeLevel > 0) {
      const rating = gradeRating({ level: record.nsrGradeLevel, name: record.nsrGradeName });
      games.unshift(
        { kind: 'phantom', source: 'grade', rating, score: 0, weight: 1 },
        { kind: 'phantom', source: 'grade', rating, score: 1, weight: 1 },
      );
      synthetic = 2;
    }
    return { provisional: true, elo: 0, games, totalAfter: games.length - (options.syntheticGamesCount ? 0 : synthetic) };
  }
  if (typeof stored === 'number') {
    return { provisional: false, elo: record.eloNumber, games: eventGames, totalAfter: prev + eventGames.length };
  }
  const allLosses = stored.every((g) => g.score === 0);
  const allWins = stored.every((g) => g.score === 1);
  if (allLosses || allWins || record.eloNumber === 0 || prev + eventGames.length < 9) {
    // the stored history in reverse order, then this event's games (as the program builds the list)
    const games: RatedGame[] = [];
    for (let i = stored.length - 1; i >= 0; i--) {
      const g = stored[i]!;
      games.push({ kind: 'phantom', source: 'history', rating: g.opponentRating, score: g.score, weight: g.weight });
    }
    for (const g of eventGames) games.push(g);
    return { provisional: true, elo: 0, games, totalAfter: games.length };
  }
  return { provisional: false, elo: record.eloNumber, games: eventGames, totalAfter: prev + eventGames.length };
};

/** Every player of the event, in file order, with the game list his result is computed from. */
export const participantsOf = (
  event: FesaEvent,
  rounds: readonly PairedRound[][],
  matched: readonly { index: number; record: FesaPlayer }[],
  options: FesaOptions,
): Participant[] =>
  event.players.map((ev, i) => {
    const { index, record } = matched[i]!;
    const eventGames: RatedGame[] = [];
    rounds[i]!.forEach((r, round) => {
      if (r.opponent !== 0) eventGames.push({ kind: 'event', round: round + 1, opponent: r.opponent - 1, score: r.score, handicap: r.handicap });
    });
    const { provisional, elo, games, totalAfter } = decideProvisional(record, eventGames, options);
    return { ev, listIndex: index, record, provisional, elo, games, totalAfter, change: 0, shape: gameListShape(games, provisional) };
  });

/** Games the phantom games of a declared grade do not count in, unless the rule set counts them (seed 000 §3). */
export const countedGames = (p: Participant, options: FesaOptions): readonly RatedGame[] =>
  options.syntheticGamesCount ? p.games : p.games.filter((g) => !(g.kind === 'phantom' && g.source === 'grade'));
