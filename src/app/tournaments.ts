import * as E from 'fp-ts/Either';
import { fesaCrosstable, type FesaCrosstable } from '../../projections/fesa/crosstable';
import type { LedgerState } from '../../domain/commands/state';
import { AS_ADOPTED, FesaFacts, nameKey, type FesaFold, type TournamentFacts, type TournamentRun } from '../../projections/fesa/history';
import type { LoggedEvent } from '../../domain/events';
import { runOf, type RunInputs } from '../../projections/fesa/career-model';
import type { FesaEvent } from '../../domain/rules/fesa/types';
import { toFesaEvent, type TournamentGame } from '../../projections/fesa/tournament-event';
import { initialLedgerState, evolve } from '../../domain/commands/state';
import { tournamentStream } from '../../domain/events';
import { decodeRecorded } from './event-log';
import type { EventStore } from './ports/event-store';
import { LedgerFailure, unratable } from './failure';
import { foldOrThrow } from './lists';

/** Asked for a tournament the ledger has no record of, or one it does not rate. */
export class UnknownTournamentError extends LedgerFailure {
  constructor(message: string) {
    super('not-found', message);
    this.name = 'UnknownTournamentError';
  }
}

/**
 * A rated tournament's cross table, as the official program would have written it for the event: the fold up to the
 * tournament's date keeps its rating report and its players' records before it; the event is rebuilt from the facts
 * (corrections applied, withdrawn games left out) exactly as the fold rated it.
 */
export const tournamentCrosstable = (facts: readonly LoggedEvent[], tournamentId: string, ruleSet: string = AS_ADOPTED): FesaCrosstable => {
  const collected = new FesaFacts();
  for (const fact of facts) collected.add(fact);
  const tournament = collected.tournaments.get(tournamentId);
  if (!tournament) throw new UnknownTournamentError(`no tournament "${tournamentId}" in the ledger`);
  return crosstableOf(tournament, foldOrThrow(facts, { ruleSet, asOf: tournament.registration.endDate, runs: 'changes' }), tournamentId);
};

/**
 * The cross table from the tournament's facts and a fold that rated it (any fold that reaches its date and keeps
 * its run: the CLI's fold up to its end date, or a server's live projection).
 */
export const crosstableOf = (tournament: TournamentFacts, folded: FesaFold, tournamentId: string): FesaCrosstable => {
  const { registration } = tournament;
  const run = folded.runs.find((r) => r.tournamentId === tournamentId);
  if (!run) {
    throw new UnknownTournamentError(
      tournament.closedAt === undefined
        ? `tournament "${tournamentId}" is not closed, so it is not rated yet (ledger tournament close --id ${tournamentId})`
        : `tournament "${tournamentId}" is not rated under a FESA rule set (rated: ${registration.rated}, rating system ${registration.ratingSystem})`,
    );
  }
  const games: TournamentGame[] = [];
  for (const [gameId, g] of tournament.games) if (!g.withdrawn) games.push({ gameId, facts: g.facts });
  const built = toFesaEvent(registration, games, (id) => folded.names.get(id), folded.survivorOf);
  if (E.isLeft(built)) throw unratable(built.left);
  return crosstableOfRun(built.right.event, run, tournamentId);
};

const crosstableOfRun = (event: FesaEvent, run: TournamentRun, tournamentId: string): FesaCrosstable => {
  const table = fesaCrosstable(event, run.report, (p) => run.before.get(nameKey(p)));
  if (E.isLeft(table)) throw unratable(`tournament "${tournamentId}": ${table.left}`);
  return table.right;
};

/**
 * The cross table from what the engine rated the tournament from (the careers' read model keeps it): the event file
 * the fold built and rated, rated again as the fold's `changes` runs are.
 */
export const crosstableOfInputs = (inputs: RunInputs): FesaCrosstable => crosstableOfRun(inputs.event, runOf(inputs, false), inputs.tournamentId);

/** A tournament's games as `reportedGames` lists them, from its own stream (its games are facts of that stream only). */
export const reportedGamesOf = async (store: EventStore, tournamentId: string): Promise<ReportedGame[]> => {
  const state = initialLedgerState();
  for (const recorded of await store.readStream(tournamentStream(tournamentId))) {
    const logged = decodeRecorded(recorded);
    evolve(state, logged.event, logged);
  }
  return reportedGames(state, tournamentId);
};

/** One reported game as `tournament show` lists it: its id, its current facts, whether it was corrected or withdrawn. */
export interface ReportedGame {
  readonly game: string;
  readonly round: number;
  readonly first: string;
  readonly second: string | null;
  readonly result: string;
  readonly handicap: string;
  readonly status: string;
}

/** A tournament's games as reported (after corrections), by round, with their ids: what `game correct --game` takes. */
export const reportedGames = (state: LedgerState, tournamentId: string): ReportedGame[] =>
  [...(state.tournaments.get(tournamentId)?.games.values() ?? [])]
    .sort((a, b) => a.facts.round - b.facts.round)
    .map((g) => ({
      game: g.gameId,
      round: g.facts.round,
      first: g.facts.first,
      second: g.facts.second,
      result: g.facts.result,
      handicap: g.facts.handicap ? `${g.facts.handicap.code ?? g.facts.handicap.type} given by ${g.facts.handicap.giver}` : '',
      status: g.withdrawn ? 'withdrawn' : g.corrections > 0 ? `corrected ${g.corrections}x` : '',
    }));
