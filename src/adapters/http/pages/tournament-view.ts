import { crosstableOfInputs, reportedGamesOf, type RatedTournamentView } from '../../../app/tournaments';
import type { DirectoriesNow } from '../../../app/read-models/directories';
import { amendmentsOf } from '../../../app/rated-tournament';
import { listingOf, tournamentNow } from '../tournament-index';
import { tournamentUnder } from '../tournament-routes';
import type { NamesNow } from '../read-models';
import type { PageDependencies } from './routes';
import type { TournamentView } from './tournament-page';

/** What the page shows beside the tournament: the rule set asked for (kept in its links), and personal data or not. */
interface Reader {
  readonly rules: string | undefined;
  readonly personal: boolean;
}

interface Viewed {
  readonly view: TournamentView;
  /** The log position the view reflects. */
  readonly position: number;
}

/** The view of a tournament `rated` shows (its players' ratings and games under a non-FESA rule set), names from the player directory. */
const ratedView = async (deps: PageDependencies, names: NamesNow, now: DirectoriesNow, tournamentId: string, rated: RatedTournamentView, reader: Reader, asked?: TournamentView['asked']): Promise<Viewed> => {
  const { ledger } = deps;
  await names.caughtUp(ledger.store, now);
  const tournament = listingOf(now, tournamentId);
  const view: TournamentView = {
    registration: tournament.registration,
    crosstable: `tournament "${tournamentId}" is not rated under a FESA rule set`,
    ruleSetUsed: undefined,
    games: await reportedGamesOf(ledger.store, tournamentId),
    // as the audit trail lists them, from the tournament's stream (the trail's first catch-up reads the whole log)
    amendments: await amendmentsOf(ledger.store, tournamentId, now.position),
    closed: tournament.closed,
    playerIdOfRow: () => undefined,
    nameOf: (id) => names.nameOf(now, id),
    ...reader,
    rated,
    ...(asked !== undefined ? { asked } : {}),
  };
  return { view, position: now.position };
};

/**
 * A tournament under fide, uscf-k, gobase-go … (a TRF or EGD import): its view from the part of the log its fold
 * reads, without the FESA projections (which never rate it).
 */
const otherRuleSetView = async (deps: PageDependencies, names: NamesNow, tournamentId: string, reader: Reader): Promise<Viewed | undefined> => {
  const now = await deps.directories.caughtUp();
  const other = await deps.ratedViews.ofOtherRuleSet(now, tournamentId);
  return other === undefined ? undefined : ratedView(deps, names, now, tournamentId, other, reader);
};

/**
 * A tournament asked under a non-FESA rule set (`rules=S`, as `tournament show T --rules S`): its standings with every
 * tournament of the ledger rated under S (a fold job of the whole log), its games as rated under S.
 */
export const viewUnderRuleSet = async (deps: PageDependencies, names: NamesNow, tournamentId: string, ruleSet: string, reader: Reader): Promise<Viewed> => {
  const now = await deps.directories.caughtUp();
  listingOf(now, tournamentId);
  const under = await tournamentUnder(deps.foldJobs, tournamentId, ruleSet);
  return ratedView(deps, names, now, tournamentId, under, reader, under.asked);
};

/** A FESA tournament the careers' read model rated: what the engine rated it from, names from the player directory. */
const modelledView = async (deps: PageDependencies, names: NamesNow, tournamentId: string, ruleSet: string, reader: Reader): Promise<Viewed | undefined> => {
  const { ledger, directories, models, auditTrail } = deps;
  const inputs = await models.tournament(ruleSet, tournamentId);
  if (inputs === undefined) return undefined;
  const state = await directories.caughtUp();
  await names.caughtUp(ledger.store, state);
  const tournament = listingOf(state, tournamentId);
  const { trail } = await auditTrail.caughtUp();
  const view: TournamentView = {
    registration: tournament.registration,
    crosstable: crosstableOfInputs(inputs),
    ruleSetUsed: inputs.ruleSet,
    games: await reportedGamesOf(ledger.store, tournamentId),
    amendments: trail.amendments.get(tournamentId) ?? [],
    closed: tournament.closed,
    playerIdOfRow: (row) => names.idOf(row) ?? inputs.players[row.nr - 1],
    nameOf: (id) => names.nameOf(state, id),
    ...reader,
    rated: undefined,
  };
  return { view, position: state.position };
};

/** Any other tournament: its cross table folded (tournamentNow), its names as the fold gave them. */
const foldedView = async (deps: PageDependencies, tournamentId: string, ruleSet: string, reader: Reader): Promise<Viewed> => {
  const { ledger, directories, foldJobs, auditTrail, ratedViews } = deps;
  const { now: state, listing: tournament, games, table } = await tournamentNow(ledger.store, directories, foldJobs, ruleSet, tournamentId);
  const { crosstable } = table;
  const { trail } = await auditTrail.caughtUp();
  const tableNames = new Map(table.names);
  const view: TournamentView = {
    registration: tournament.registration,
    crosstable,
    ruleSetUsed: table.ruleSetUsed ?? undefined,
    games,
    amendments: trail.amendments.get(tournamentId) ?? [],
    closed: tournament.closed,
    playerIdOfRow: (row) => table.rowIds[row.nr - 1] ?? undefined,
    nameOf: (id) => tableNames.get(id) ?? id,
    ...reader,
    rated: typeof crosstable === 'string' ? await ratedViews.at(state.position, tournamentId) : undefined,
  };
  return { view, position: table.position };
};

/** The view model of a tournament's page under `ruleSet`, from the cheapest source that has it. */
export const tournamentViewOf = async (deps: PageDependencies, names: NamesNow, tournamentId: string, ruleSet: string, reader: Reader): Promise<Viewed> =>
  (await otherRuleSetView(deps, names, tournamentId, reader)) ?? (await modelledView(deps, names, tournamentId, ruleSet, reader)) ?? foldedView(deps, tournamentId, ruleSet, reader);
