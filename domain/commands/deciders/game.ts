import type { EventOf, GameFacts } from '../../events';
import type { Decided } from '../decision';
import { decided, nothing, playerName, reject, sameContent } from '../decision';
import { personOf, type GameState, type LedgerState } from '../state';

const RATED_RESULTS = new Set(['win', 'loss', 'draw', 'sennichite']);

/** The checks a game's facts must pass, for a new report and for a correction alike. */
const checkGameFacts = (state: LedgerState, tournamentId: string, gameId: string, facts: GameFacts, validDate: string): string | undefined => {
  const tournament = state.tournaments.get(tournamentId);
  if (!tournament) return `unknown tournament "${tournamentId}"; register it first (ledger tournament add)`;
  const reg = tournament.registration;
  for (const [role, id] of [['first', facts.first], ['second', facts.second]] as const) {
    if (id !== null && !state.players.has(id)) return `game ${gameId}: unknown ${role} player "${id}"; register the player first (ledger player add)`;
    if (id !== null && reg.entrants && !reg.entrants.includes(id)) return `game ${gameId}: ${playerName(state, id)} is not an entrant of tournament "${tournamentId}"`;
  }
  if (facts.first === facts.second) return `game ${gameId}: ${playerName(state, facts.first)} cannot play against himself`;
  if (facts.second !== null && personOf(state, facts.first) === personOf(state, facts.second)) {
    return `game ${gameId}: ${playerName(state, facts.first)} and ${playerName(state, facts.second)} are one person (merged); one cannot play against himself`;
  }
  if (facts.result === 'bye' && facts.second !== null) return `game ${gameId}: a bye has no second player, got "${facts.second}"`;
  if (facts.result !== 'bye' && facts.second === null) return `game ${gameId}: result "${facts.result}" needs a second player (only a bye has none)`;
  if (facts.round < 1) return `game ${gameId}: round must be 1 or more, got ${facts.round}`;
  if (validDate < reg.startDate || validDate > reg.endDate) {
    return `game ${gameId} is dated ${validDate}, outside tournament "${tournamentId}" (${reg.startDate} to ${reg.endDate})`;
  }
  if (facts.handicap) {
    const { giver } = facts.handicap;
    if (giver !== facts.first && giver !== facts.second) return `game ${gameId}: the handicap giver "${giver}" is not one of the two players`;
    if (!RATED_RESULTS.has(facts.result) && facts.result !== 'unplayed' && !facts.result.startsWith('forfeit')) return `game ${gameId}: a bye cannot have a handicap`;
  }
  if (facts.handicapStones !== undefined) {
    if (facts.handicapStones < 1 || facts.handicapStones > 9) return `game ${gameId}: handicap stones must be 1 to 9, got ${facts.handicapStones}`;
    if (facts.firstColour === undefined || facts.second === null) return `game ${gameId}: handicap stones need the colours of both players (who received them)`;
  }
  if (facts.replayOf !== undefined) {
    const original = tournament.games.get(facts.replayOf);
    if (!original || original.withdrawn) return `game ${gameId}: it replays "${facts.replayOf}", which is not a game of tournament "${tournamentId}"`;
    if (original.facts.result !== 'sennichite') return `game ${gameId}: only a sennichite game is replayed, but "${facts.replayOf}" ended "${original.facts.result}"`;
    const samePlayers = new Set([original.facts.first, original.facts.second]);
    if (!samePlayers.has(facts.first) || !samePlayers.has(facts.second)) return `game ${gameId}: a replay is between the players of "${facts.replayOf}"`;
  }
  const inRound = (g: GameState) => !g.withdrawn && g.gameId !== gameId && g.facts.round === facts.round;
  // a simultaneous display's giver plays every board of his round
  const givers = new Set<string>(reg.simulGivers ?? []);
  for (const other of tournament.games.values()) {
    if (!inRound(other)) continue;
    const replayPair = facts.replayOf === other.gameId || other.facts.replayOf === gameId || (other.facts.replayOf !== undefined && other.facts.replayOf === facts.replayOf);
    if (replayPair) continue;
    for (const id of [facts.first, facts.second]) {
      if (id !== null && givers.has(id)) continue;
      // merged ids are one person: he plays one game a round whichever id a game names
      const person = id === null ? null : personOf(state, id);
      const plays = (named: string | null) => named !== null && personOf(state, named) === person;
      if (id !== null && (plays(other.facts.first) || plays(other.facts.second))) {
        return `game ${gameId}: ${playerName(state, id)} already plays game ${other.gameId} in round ${facts.round} of tournament "${tournamentId}"`;
      }
    }
  }
  return undefined;
};

const factsOf = (e: EventOf<'GameReported'> | EventOf<'ResultCorrected'>): GameFacts => {
  const { round, first, second, result, handicap, timeControl, replayOf, byePoints, firstColour, byeKind, shortGameScore, handicapStones } = e;
  return { round, first, second, result, handicap, timeControl, replayOf, byePoints, firstColour, byeKind, shortGameScore, handicapStones };
};

export const reportGame = (event: EventOf<'GameReported'>, state: LedgerState): Decided => {
  const existing = state.tournaments.get(event.tournamentId)?.games.get(event.gameId);
  if (existing) {
    if (existing.withdrawn) return reject(`game ${event.gameId} of tournament "${event.tournamentId}" was withdrawn; report the game again under a new game id`);
    // Idempotency is judged against the facts as first reported: resubmitting that report stays a no-op even
    // after a correction, while a different report under the same id is an error.
    return sameContent({ ...factsOf(event), validDate: event.validDate }, { ...existing.reported, validDate: existing.validDate }, [])
      ? nothing(event)
      : reject(`game ${event.gameId} of tournament "${event.tournamentId}" is already reported with other facts; use a correction (ledger game correct) to change it`);
  }
  const problem = checkGameFacts(state, event.tournamentId, event.gameId, factsOf(event), event.validDate);
  return problem ? reject(problem) : decided(event);
};

/** A correction states the game's whole facts again; the same facts as now are a no-op. */
export const correctResult = (event: EventOf<'ResultCorrected'>, state: LedgerState): Decided => {
  const tournament = state.tournaments.get(event.tournamentId);
  if (!tournament) return reject(`cannot correct game ${event.gameId}: unknown tournament "${event.tournamentId}"`);
  const existing = tournament.games.get(event.gameId);
  if (!existing) return reject(`cannot correct game ${event.gameId}: tournament "${event.tournamentId}" has no such game`);
  if (existing.withdrawn) return reject(`cannot correct game ${event.gameId}: it was withdrawn`);
  const facts = factsOf(event);
  if (sameContent(facts, existing.facts, [])) return nothing(event);
  const problem = checkGameFacts(state, event.tournamentId, event.gameId, facts, existing.validDate);
  return problem ? reject(problem) : decided(event);
};

export const withdrawGame = (event: EventOf<'GameWithdrawn'>, state: LedgerState): Decided => {
  if (!state.tournaments.has(event.tournamentId)) return reject(`cannot withdraw game ${event.gameId}: unknown tournament "${event.tournamentId}"`);
  const existing = state.tournaments.get(event.tournamentId)?.games.get(event.gameId);
  if (!existing) return reject(`cannot withdraw game ${event.gameId}: tournament "${event.tournamentId}" has no such game`);
  return existing.withdrawn ? nothing(event) : decided(event);
};
