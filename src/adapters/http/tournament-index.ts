import type { PlayerRegistered, TournamentRegistered } from '../../../domain/events';
import type { Ledger } from '../../app/ledger';
import { isGenericRuleSet } from '../../../projections/generic/systems';
import { ratedIndexNow, ratedTournamentViewOf, type RatedTournamentIndex } from '../../app/rated-tournament';
import type { RuleSetCareer } from '../../app/career-rule-sets';
import type { CheckpointStorage } from '../../app/ports/checkpoint-storage';
import { servedRuleSetCareers } from '../../app/rule-set-career-model';
import { reportedGamesOf, type RatedTournamentView, type ReportedGame } from '../../app/tournaments';
import type { EventStore } from '../../app/ports/event-store';
import type { Directories, DirectoriesNow } from '../../app/read-models/directories';
import type { TournamentDirectory, TournamentListing } from '../../app/read-models/tournament-directory';
import type { FoldJobs, PlainCrosstable } from './fold-jobs';
import { OrderedPages, pagingOf, SortedPages } from './paging';
import { NotFound } from './problems';

/** One tournament as the index shows it. */
export interface TournamentEntry {
  readonly registration: TournamentRegistered;
  /** Games reported and not withdrawn. */
  readonly games: number;
  /** Every game reported, withdrawn ones too (the JSON's `games`, as it always counted). */
  readonly reported: number;
  readonly closed: string | null;
}

/** The tournaments' order: newest first (by end date, then start date), then by id. */
export const byNewest = (a: TournamentRegistered, b: TournamentRegistered): number =>
  a.endDate !== b.endDate ? (a.endDate < b.endDate ? 1 : -1) : a.startDate !== b.startDate ? (a.startDate < b.startDate ? 1 : -1) : a.tournamentId < b.tournamentId ? -1 : a.tournamentId > b.tournamentId ? 1 : 0;

/**
 * Every tournament newest first (by end date, then start date, then id), searchable by name or id, a page of 100
 * at a time: the tournaments page and `GET /tournaments` read the same pages. The order is built by the first request
 * from the tournament directory (20,000 tournaments: see docs/benchmarks.md), and kept as the log moves: the
 * tournaments registered since are sorted among themselves and merged in, so no request sorts them all; games are
 * counted only for the page shown, from those tournaments' streams, so a page costs the same at 20,000 tournaments
 * as at 20.
 */
export class TournamentIndex {
  private readonly ordered = new OrderedPages<TournamentRegistered>(byNewest, (r) => `${r.name} ${r.tournamentId}`);
  /**
   * How many of the directory's tournaments are in the order: the first ones it holds, in the order they were
   * registered. A tournament is registered once (its registration's event id is `tournament:<id>:registered`, unique
   * in the log), so one the order holds never changes.
   */
  private indexed = 0;

  constructor(
    private readonly store: EventStore,
    private readonly directories: Directories,
  ) {}

  private follow(tournaments: TournamentDirectory): void {
    if (tournaments.count === this.indexed) return;
    this.ordered.addAll(tournaments.registeredSince(this.indexed));
    this.indexed = tournaments.count;
  }

  async page(search: string, page: number) {
    const { tournaments, position } = await this.directories.caughtUp();
    this.follow(tournaments);
    const paged = this.ordered.page(search, page);
    const shown: TournamentEntry[] = [];
    for (const { tournamentId } of paged.shown) {
      const t = tournaments.listing(tournamentId)!;
      const games = await reportedGamesOf(this.store, tournamentId);
      shown.push({ registration: t.registration, games: games.filter((g) => g.status !== 'withdrawn').length, reported: games.length, closed: t.closed ?? null });
    }
    return { shown, paging: { ...pagingOf(paged), total: paged.total }, position };
  }
}

/** Code-unit order: a locale's collation would cost seconds over a federation's 100,000 names. */
const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Every registered player as now known (renames applied), by family name, given name and id, searchable, paged. */
export class PlayerIndex {
  private readonly sorted = new SortedPages<PlayerRegistered>(
    (a, b) => byText(a.familyName, b.familyName) || byText(a.givenName ?? '', b.givenName ?? '') || byText(a.playerId, b.playerId),
    (p) => `${p.familyName} ${p.givenName ?? ''} ${p.playerId}`,
  );

  constructor(private readonly directories: Directories) {}

  async page(search: string, page: number) {
    const { players, position } = await this.directories.caughtUp();
    const paged = this.sorted.page(position, () => players.all(), search, page);
    return { shown: paged.shown, paging: { ...pagingOf(paged), total: paged.total }, position };
  }
}

/** A tournament as the server knows it now: its listing, its reported games and its cross table with the ids and names it shows. */
export interface TournamentNow {
  readonly now: DirectoriesNow;
  readonly listing: TournamentListing;
  readonly games: ReportedGame[];
  readonly table: PlainCrosstable;
}

/**
 * A tournament's cross table folded by a fold job (the live projection with reports, on the worker under `ledger
 * serve`; the tournament page and the JSON alike), or a 404 naming a tournament the ledger does not have.
 */
export const tournamentNow = async (store: EventStore, directories: Directories, folds: FoldJobs, ruleSet: string, tournamentId: string): Promise<TournamentNow> => {
  const now = await directories.caughtUp();
  const listing = listingOf(now, tournamentId);
  const games = await reportedGamesOf(store, tournamentId);
  const named = games.flatMap((g) => (g.second === null ? [g.first] : [g.first, g.second]));
  return { now, listing, games, table: await folds({ kind: 'crosstable', ruleSet, tournamentId, named }) };
};

/** A tournament's listing, or a 404 naming a tournament the ledger does not have. */
export const listingOf = (now: DirectoriesNow, tournamentId: string): TournamentListing => {
  const listing = now.tournaments.listing(tournamentId);
  if (listing === undefined) throw new NotFound(`no tournament "${tournamentId}" in the ledger`);
  return listing;
};

/**
 * Tournaments under the other rule sets (fide, uscf-k, gobase-go …: TRF and EGD imports), as `tournament show` gives
 * them. The server's live projections are FESA's, so such a view is folded from the part of the log its fold reads
 * (src/app/rated-tournament.ts: its tournaments and their players, not the FESA games); it is kept until the log
 * moves (the last few asked for), so a page or its JSON asked again does not read it again.
 */
/** How many player pages this thread answered from the saved careers model (an instrument: its test holds that it is read). */
export const careersFromModel = { here: 0 };

export class RatedTournamentViews {
  /** The views kept, by tournament id, all of the log as it stood at `position`. */
  private kept = new Map<string, RatedTournamentView | undefined>();
  private position = -1;

  /** The registrations and ledger-wide facts a slice starts from (loaded from next to the log, then kept up). */
  private index?: RatedTournamentIndex;
  private indexing: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly ledger: Ledger,
    private readonly folds: FoldJobs,
    private readonly checkpoints?: CheckpointStorage,
  ) {}

  /**
   * The view of a tournament registered under a non-FESA rule set, which neither the FESA projections nor the
   * careers' model rate: asked before them, so that its first answer does not wait for them to catch up. Undefined
   * for any other tournament, or when no such rule set rates it (the FESA path then says why).
   */
  async ofOtherRuleSet(now: DirectoriesNow, tournamentId: string): Promise<RatedTournamentView | undefined> {
    const t = now.tournaments.listing(tournamentId);
    return t !== undefined && isGenericRuleSet(now.tournaments.ruleSetInForce(t.registration)) ? this.at(now.position, tournamentId) : undefined;
  }

  /** The view of `tournamentId` at `position` (the head a reader caught up to); undefined for a tournament no such rule set rates. */
  async at(position: number, tournamentId: string): Promise<RatedTournamentView | undefined> {
    if (position !== this.position || this.kept.size >= 8) {
      this.kept = new Map();
      this.position = position;
    }
    if (this.kept.has(tournamentId)) return this.kept.get(tournamentId);
    // the part of the log the non-FESA fold reads for it (its tournaments, their players), starting from the index
    // caught up to the state: a first answer costs by what the tournament's rule sets rate, not by the whole log
    const index = await this.indexAt(position);
    const view = await ratedTournamentViewOf(this.ledger.store, tournamentId, { upTo: position, index });
    this.kept.set(tournamentId, view);
    return view;
  }

  /** One catch-up of the index at a time, so that two requests never add the same facts to it twice. */
  private indexAt(position: number): Promise<RatedTournamentIndex> {
    const caughtUp = this.indexing.then(async () => (this.index = await ratedIndexNow(this.ledger.store, this.checkpoints, position, this.index)));
    this.indexing = caughtUp.catch(() => undefined);
    return caughtUp;
  }

  /**
   * A player's careers under the non-FESA rule sets at the position `now` reflects (the player page): from the saved
   * careers model when it reflects that very position, else as a fold job (rule-set-careers.ts).
   */
  async careersOf(now: DirectoriesNow, playerId: string): Promise<RuleSetCareer[]> {
    const { position } = now;
    // the saved careers (a CLI read or `projections rebuild` made them) when they reflect this very position
    const saved = this.checkpoints && (await servedRuleSetCareers(this.ledger.store, this.checkpoints, playerId, position));
    if (saved !== undefined) {
      careersFromModel.here++;
      return saved;
    }
    // folded as a job (under `ledger serve` on the worker: seconds on a mixed million-game ledger, never on this thread)
    return this.folds({ kind: 'rule-set-careers', playerId, position, registration: now.players.registrationOf(playerId) });
  }
}
