import type { Command } from './decide';
import type { LedgerState } from './state';
import { LISTS_STREAM, playerStream, RULES_STREAM, tournamentStream } from '../events';

/**
 * The streams a command's decider reads, asked again with the state folded from the streams read so far until it
 * names no new one: a tournament's games name the players whose merges say whether two ids are one person, which is
 * known only once the tournament is read. A decision on the fold of these streams alone is the decision on the fold
 * of the whole log, because every entry of the deciders' state the decider looks at is folded from its own stream
 * (test/app/ledger-streams.test.ts holds the two to each other).
 */
export type StreamsRead = ((read: LedgerState, index: StreamIndex) => readonly string[]) & {
  /** It asks `index` (a ledger without one decides it from the whole log). */
  readonly indexed?: true;
  /** The decision is made at the head of the log (a publication writes the list as of the position decided at). */
  readonly atHead?: true;
};

/**
 * What no stream says by itself, derived from the log (src/app/stream-index.ts keeps it beside the log): where the
 * entries of the deciders' state a merge or an opening balance looks at across the ledger are folded from. Each
 * answer may name more than the state needs (a game corrected to another player, a merge undone), never less.
 */
export interface StreamIndex {
  /** The tournaments any version of whose games names `playerId`. */
  readonly tournamentsNaming: (playerId: string) => readonly string[];
  /** The ids any merge absorbed into `survivor`. */
  readonly absorbedInto: (survivor: string) => readonly string[];
  /** The player whose stream holds the opening balance recorded under `eventId`. */
  readonly balanceHolder: (eventId: string) => string | undefined;
}

/** A read that asks the stream index. */
const indexed = (read: (state: LedgerState, index: StreamIndex) => readonly string[]): StreamsRead => Object.assign(read, { indexed: true as const });

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
 * The streams that say which games a person (the id a merge in force left standing) played: his own, those of every
 * id ever absorbed into him (whether the merge is still in force is in them) and those of the tournaments whose games
 * name any of these ids. A game naming an id whose stream is not read is no game of his: that id is not his.
 */
const gamesOfPerson = (index: StreamIndex, person: string): string[] => {
  const ids = [person, ...index.absorbedInto(person)];
  return [...ids.map(playerStream), ...ids.flatMap((id) => index.tournamentsNaming(id).map(tournamentStream))];
};

/**
 * The streams `command` reads, or undefined when its decider reads the whole state: a rename checks every player's
 * name, the officers' and the ledger-wide commands sets that no stream holds alone. A merge (every game of both
 * people) and an opening balance (every game of the person) read the streams the stream index names. A command whose fields are not what its kind promises (JSON from the
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
      return () => [tournamentStream(c.tournamentId as string), ...named.map(playerStream)];
    }
    case 'ReportGame':
    case 'CorrectResult': {
      const { tournamentId, first, second } = c;
      if (!text(tournamentId) || !text(first) || !(second === null || second === undefined || text(second))) return undefined;
      const own = [first, ...(text(second) ? [second] : [])];
      return (read) => [tournamentStream(tournamentId), ...[...own, ...playersOfTournament(read, tournamentId), ...survivorsOf(read)].map(playerStream)];
    }
    case 'MergePlayers': {
      const { survivor, absorbed } = c;
      if (!text(survivor) || !text(absorbed)) return undefined;
      // both people's games (they may not have met), whom the absorbed id absorbed (merges are not chained), and the
      // survivors the sentences name
      return indexed((read, index) => [...gamesOfPerson(index, survivor), ...gamesOfPerson(index, absorbed), ...survivorsOf(read).map(playerStream)]);
    }
    case 'ImportOpeningBalance': {
      const { playerId, ruleSet, source } = c;
      if (!text(playerId) || !text(ruleSet) || !text(source)) return undefined;
      const eventId = text(c.eventId) ? c.eventId : `opening:${ruleSet}:${playerId}:${source}`;
      // the balance recorded under its event id, and every game the person played with the adoptions that say which
      // rule set rated it
      return indexed((read, index) => {
        const holder = index.balanceHolder(eventId);
        const person = read.players.get(playerId)?.mergedInto?.survivor ?? playerId;
        return [playerStream(playerId), RULES_STREAM, ...(holder === undefined ? [] : [playerStream(holder)]), ...gamesOfPerson(index, person)];
      });
    }
    case 'PublishRatingList':
      return text(c.listId) ? Object.assign(() => [LISTS_STREAM], { atHead: true as const }) : undefined;
    case 'WithdrawGame':
    case 'CloseTournament':
      return text(c.tournamentId) ? () => [tournamentStream(c.tournamentId as string)] : undefined;
    // sets that no stream holds alone (see above)
    case 'CorrectPlayerRegistration':
    case 'UnmergePlayers':
    case 'AppointOfficer':
    case 'RevokeOfficer':
    case 'AdoptRuleSet':
    case 'AdjustRating':
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
  const all = (read: LedgerState, index: StreamIndex) => reads.flatMap((r) => r!(read, index));
  return Object.assign(all, reads.some((r) => r!.indexed) ? { indexed: true as const } : {}, reads.some((r) => r!.atHead) ? { atHead: true as const } : {});
};
