import * as E from 'fp-ts/Either';
import { gameAsPeople, type GameFacts, type TimeControl, type TournamentRegistered } from '../../domain/events';
import { FESA_HANDICAP_OF, FESA_PROGRAM_HANDICAP_CODES, fesaTimeControlRatable as timeControlRatable } from '../../domain/rules/fesa/game-rules';
import type { FesaEvent, FesaEventPlayer, FesaHandicapType, FesaRound, FesaScore } from '../../domain/rules/fesa/types';

/** A game of a tournament as the fold knows it (after corrections; withdrawn games are left out by the caller). */
export interface TournamentGame {
  readonly gameId: string;
  readonly facts: GameFacts;
}

export interface PlayerName {
  readonly lastName: string;
  readonly firstName: string;
}

/** A game's time control as FESA rates it: none recorded means the officer checked it. */
export const fesaTimeControlRatable = (tc: TimeControl | undefined): boolean =>
  tc === undefined || timeControlRatable(tc.mainMinutes, tc.byoyomiSeconds, tc.incrementSeconds);

const SCORE: Record<string, [FesaScore, FesaScore] | undefined> = {
  win: [1, 0],
  loss: [0, 1],
  draw: [0.5, 0.5],
  sennichite: [0.5, 0.5],
};

/**
 * Rebuilds the event the official program would have read: players in seating order, one round token per round,
 * byes and unrated games as opponent 0. Games the program cannot rate (unplayed, forfeits, handicaps FESA does not
 * know, too-short time controls) become opponent 0, which the program skips. A sennichite replay is rated only with
 * the same ratable time control (seed 000 §6) and is placed in an extra round after the last one. Also returns the
 * name of each player of the file, in file order, as `names` gave it.
 */
export const toFesaEvent = <N extends PlayerName>(
  registration: TournamentRegistered,
  games: readonly TournamentGame[],
  names: (playerId: string) => N | undefined,
  survivorOf?: (playerId: string) => string,
): E.Either<string, { readonly event: FesaEvent; readonly names: readonly N[] }> => {
  const where = `tournament "${registration.tournamentId}"`;
  // Runs for every tournament of a rebuild: one map from player to line, no allocation per token beyond the token.
  // (An entrant listed twice — commands refuse that — keeps one token list, found through his last line.)
  const seating: string[] = [];
  const lineOf = new Map<string, number>();
  // Ids merged into another are that player: one line, under the survivor's id.
  const person = survivorOf ?? ((id: string) => id);
  const mergedLines = new Set<string>();
  for (const id of (registration.entrants ?? []) as readonly string[]) {
    const p = person(id);
    if (lineOf.has(p) && (p !== id || mergedLines.has(p))) continue;
    if (p !== id) mergedLines.add(p);
    lineOf.set(p, seating.push(p));
  }
  // Replays after every other game: a replay goes to an extra round after the last one, so placing it before a later
  // round's games would fill that round for its players and reject their real game there.
  const isReplay = (g: TournamentGame): number => (g.facts.replayOf === undefined ? 0 : 1);
  const ordered = (survivorOf === undefined ? [...games] : games.map((g) => { const facts = gameAsPeople(g.facts, survivorOf); return facts === g.facts ? g : { gameId: g.gameId, facts }; })).sort((a, b) => isReplay(a) - isReplay(b) || a.facts.round - b.facts.round);
  let lastRound = 0;
  for (const g of ordered) {
    const { first, second } = g.facts;
    if (!lineOf.has(first)) lineOf.set(first, seating.push(first));
    if (second !== null && !lineOf.has(second)) lineOf.set(second, seating.push(second));
    if (g.facts.replayOf === undefined && g.facts.round > lastRound) lastRound = g.facts.round;
  }
  /** Round tokens by line − 1. */
  const rounds: FesaRound[][] = seating.map(() => []);
  const givers = new Set<string>((registration.simulGivers ?? []).map(person));
  let extraRound: number = lastRound;
  /** Puts a token in the player's round; the error message when he already has one there. */
  const place = (playerId: string, round: number, r: FesaRound): string | undefined => {
    const list = rounds[lineOf.get(playerId)! - 1]!;
    while (list.length < round - 1) list.push({ opponentIndex: 0, score: 0 });
    if (list.length >= round) return `${where}: ${playerId} has two games in round ${round}`;
    list.push(r);
    return undefined;
  };
  const tournamentTc = registration.timeControl;
  for (const g of ordered) {
    const f = g.facts;
    let round: number = f.round;
    if (f.replayOf !== undefined) round = ++extraRound;
    const scores = SCORE[f.result];
    const tc = f.timeControl ?? tournamentTc;
    let handicap: FesaHandicapType | undefined;
    let ratable = scores !== undefined && f.second !== null && fesaTimeControlRatable(tc);
    if (ratable && f.handicap && f.handicap.type !== 'even') {
      const code = f.handicap.code?.toUpperCase();
      handicap = code && FESA_PROGRAM_HANDICAP_CODES.has(code) ? (f.handicap.code as FesaHandicapType) : FESA_HANDICAP_OF[f.handicap.type];
      if (handicap === undefined) ratable = false;
    }
    if (f.second === null) {
      const failed = place(f.first, round, { opponentIndex: 0, score: ((f.byePoints ?? 0) as FesaScore) });
      if (failed !== undefined) return E.left(failed);
      continue;
    }
    for (let i = 0; i < 2; i++) {
      const me = i === 0 ? f.first : f.second;
      const other = i === 0 ? f.second : f.first;
      if (givers.has(me)) continue;
      let token: FesaRound;
      if (!ratable) token = { opponentIndex: 0, score: 0 };
      else if (handicap) token = { opponentIndex: lineOf.get(other)!, score: scores![i]!, handicap: { side: f.handicap!.giver === me ? '-' : '+', type: handicap } };
      else token = { opponentIndex: lineOf.get(other)!, score: scores![i]! };
      const failed = place(me, round, token);
      if (failed !== undefined) return E.left(failed);
    }
  }
  const players: FesaEventPlayer[] = [];
  const used: N[] = [];
  for (const id of seating) {
    const name = names(id);
    if (!name) return E.left(`${where}: player "${id}" is not registered`);
    used.push(name);
    const mm = (registration.macMahon)?.[id];
    players.push({
      lastName: name.lastName,
      firstName: name.firstName,
      supplements: '',
      rounds: givers.has(id) ? [] : rounds[lineOf.get(id)! - 1]!,
      simultaneousGiver: givers.has(id),
      macmahon: mm !== undefined && mm !== '' ? Number(mm) : 0,
    });
  }
  return E.right({ event: { name: registration.name, date: registration.endDate, players }, names: used });
};

