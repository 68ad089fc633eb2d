import * as E from 'fp-ts/Either';
import { fesaCrosstable, type FesaCrosstable } from '../../projections/fesa/crosstable';
import { AS_ADOPTED, FesaFacts, nameKey } from '../../projections/fesa/history';
import type { LoggedEvent } from '../../domain/events';
import { toFesaEvent, type TournamentGame } from '../../projections/fesa/tournament-event';
import { foldOrThrow } from './lists';

/** Asked for a tournament the ledger has no record of, or one it does not rate. */
export class UnknownTournamentError extends Error {
  constructor(message: string) {
    super(message);
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
  const { registration } = tournament;
  const folded = foldOrThrow(facts, { ruleSet, asOf: registration.endDate, runs: 'changes' });
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
  if (E.isLeft(built)) throw new Error(built.left);
  const table = fesaCrosstable(built.right.event, run.report, (p) => run.before.get(nameKey(p)));
  if (E.isLeft(table)) throw new Error(`tournament "${tournamentId}": ${table.left}`);
  return table.right;
};
