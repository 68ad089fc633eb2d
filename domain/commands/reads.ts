import type { Command } from './decide';
import type { LedgerState } from './state';
import { playerStream, tournamentStream } from '../events';

/**
 * The streams a command's decider reads, asked again with the state folded from the streams read so far until it
 * names no new one: a tournament's games name the players whose merges say whether two ids are one person, which is
 * known only once the tournament is read. A decision on the fold of these streams alone is the decision on the fold
 * of the whole log, because every entry of the deciders' state the decider looks at is folded from its own stream
 * (test/app/ledger-streams.test.ts holds the two to each other).
 */
export type StreamsRead = (read: LedgerState) => readonly string[];

const text = (value: unknown): value is string => typeof value === 'string';

/** The players a tournament's games name, and the survivors of the merges among them (their names are in sentences). */
const playersOfTournament = (read: LedgerState, tournamentId: string): string[] => {
  const ids: string[] = [];
  for (const game of read.tournaments.get(tournamentId)?.games.values() ?? []) {
    ids.push(game.facts.first);
    if (game.facts.second !== null) ids.push(game.facts.second);
  }
  return ids;
};

const survivorsOf = (read: LedgerState): string[] => [...read.players.values()].flatMap((p) => (p.mergedInto ? [p.mergedInto.survivor] : []));

/**
 * The streams `command` reads, or undefined when its decider reads the whole state: a rename checks every player's
 * name, a merge every game of both people, an opening balance every rated game, the officers' and the ledger-wide
 * commands sets that no stream holds alone. A command whose fields are not what its kind promises (JSON from the
 * HTTP API) is left to the whole fold too, which refuses it with the codec's sentence.
 */
export const streamsReadBy = (command: Command): StreamsRead | undefined => {
  const c = command as unknown as Record<string, unknown>;
  switch (command.kind) {
    case 'RegisterPlayer':
    case 'DeclarePriorGrade':
    case 'AwardGrade':
      return text(c.playerId) ? () => [playerStream(c.playerId as string)] : undefined;
    case 'RegisterTournament': {
      const named: unknown[] = [c.entrants, c.simulGivers].flatMap((ids): unknown[] => (Array.isArray(ids) ? (ids as unknown[]) : []));
      if (!text(c.tournamentId) || !named.every(text)) return undefined;
      return () => [tournamentStream(c.tournamentId as string), ...(named as string[]).map(playerStream)];
    }
    case 'ReportGame':
    case 'CorrectResult': {
      const { tournamentId, first, second } = c;
      if (!text(tournamentId) || !text(first) || !(second === null || second === undefined || text(second))) return undefined;
      const own = [first, ...(text(second) ? [second] : [])];
      return (read) => [tournamentStream(tournamentId), ...[...own, ...playersOfTournament(read, tournamentId), ...survivorsOf(read)].map(playerStream)];
    }
    case 'WithdrawGame':
    case 'CloseTournament':
      return text(c.tournamentId) ? () => [tournamentStream(c.tournamentId as string)] : undefined;
    // sets that no stream holds alone (see above)
    case 'CorrectPlayerRegistration':
    case 'MergePlayers':
    case 'UnmergePlayers':
    case 'ImportOpeningBalance':
    case 'AppointOfficer':
    case 'RevokeOfficer':
    case 'AdoptRuleSet':
    case 'AdjustRating':
    case 'PublishRatingList':
    case 'ReconcileList':
    case 'ReceiveSubmission':
    case 'ApproveSubmission':
    case 'RejectSubmission':
      return undefined;
  }
};

/** The streams several commands decided as one read (undefined when any of them reads the whole state). */
export const streamsReadByAll = (commands: readonly Command[]): StreamsRead | undefined => {
  const reads = commands.map(streamsReadBy);
  if (reads.some((r) => r === undefined)) return undefined;
  return (read) => reads.flatMap((r) => r!(read));
};
