import { evolve, initialLedgerState, type LedgerState } from '../../domain/commands/state';
import { playerStream, tournamentStream, type DomainEvent, type EventOf, type GameFacts, type LoggedEvent, type RuleSetAdopted, type TournamentRegistered } from '../../domain/events';
import type { ReadModel } from './read-model';
import { evolveAuditTrail, initialAuditTrail, type GameAmendment } from '../../projections/audit-trail';
import type { EventSelection } from '../../domain/events/selection';
import { ruleSetInForce } from '../../projections/generic/history';
import { isGenericRuleSet } from '../../projections/generic/systems';
import { hashAt, logChangedSince } from './chain';
import { decodeRecorded, readFacts } from './event-log';
import { hash53 } from './list-model';
import type { CheckpointStorage } from './ports/checkpoint-storage';
import type { EventStore } from './ports/event-store';
import { ratedTournamentView, UnknownTournamentError, type RatedTournamentView } from './tournaments';

/**
 * A tournament under another rule set than FESA's (fide, uscf-k, gobase-go …: a TRF or EGD import), its view read
 * from the part of the log the non-FESA fold needs for it rather than from the whole log — on a federation's
 * ledger the bulk is FESA games, which that fold passes over. `ratedTournamentView` over this slice is byte for byte
 * its answer over the whole log (test/app/rated-tournament.test.ts holds them equal on random ledgers):
 *
 * - the ledger-wide facts of rare types, every one: rule-set adoptions (which rule set rates a tournament), merges
 *   and unmerges, opening balances and adjustments (a malformed opening balance of anybody stops the fold);
 * - the streams of the tournaments the fold may rate up to the tournament's end date (`foldGeneric` stops there): those
 *   whose rule set in force at their end date — the latest adoption dated on or before it, else their own — is
 *   a non-FESA one; every other tournament is passed over by the fold (it leaves it to the FESA fold);
 * - the streams of the players those tournaments name (entrants, the players and handicap givers of every game
 *   version), and of every player a merge joins to one of them: their registrations (birth year, country), declared
 *   grades (a new player's seed) and merges. A player no such tournament names has a state under these rule sets only
 *   through his own opening balance or adjustment, which touches no other player, and he is not in the view.
 *
 * The registrations and the ledger-wide facts come from `RatedTournamentIndex` (kept by the server, saved next to
 * the log for the CLI), the rest from the streams (read by stream id). The deciders' state the view reads (the
 * tournament, its players' names) is the slice's own: each of those is folded from its own stream.
 */
export interface RatedTournamentSlice {
  /** The facts the fold reads, in recorded order. */
  readonly facts: readonly LoggedEvent[];
  /** The deciders' state of the slice's tournaments and players (all the view reads of it). */
  readonly state: LedgerState;
}

/** Types the fold reads that are neither a tournament's nor only a player's own: few on any ledger. */
const LEDGER_WIDE_TYPES = ['RuleSetAdopted', 'PlayersMerged', 'PlayersUnmerged', 'OpeningBalanceImported', 'RatingAdjusted'] as const;

/**
 * What the index reads from the log (`catchUp` asks the store for these types alone). Of the facts the non-FESA fold
 * reads, those it passes over are in the streams the slice reads by id (test/app/read-models.test.ts holds that).
 */
export const RATED_INDEX_EVENTS = {
  handles: ['TournamentRegistered', ...LEDGER_WIDE_TYPES],
  passesOver: [
    'PlayerRegistered', 'PlayerRegistrationCorrected', 'PriorGradeDeclared', 'GameReported', 'ResultCorrected',
    'GameWithdrawn', 'TournamentClosed', 'ListReconciled', 'GradeAwarded', 'RatingListPublished', 'OfficerAppointed',
    'OfficerRevoked', 'SubmissionReceived', 'SubmissionApproved', 'SubmissionRejected',
  ],
} as const satisfies EventSelection;

/** What the index keeps of a tournament's registration: what says whether the fold may rate it. */
type Registered = readonly [tournamentId: string, endDate: string, ratingSystem: string, rated: boolean, position: number];

interface RatedIndexState {
  readonly registered: Registered[];
  readonly wide: LoggedEvent[];
}

export interface RatedIndexQueries {
  /** The ledger-wide facts recorded up to `upTo`. */
  readonly factsUpTo: (upTo: number) => LoggedEvent[];
  /** Each tournament's registration as last recorded up to `upTo` (the one the fold keeps). */
  readonly registrationsUpTo: (upTo: number) => Map<string, { readonly endDate: string; readonly ratingSystem: string; readonly rated: boolean }>;
  /** The tournaments any of whose registrations up to `upTo` names a rating system `under` holds. */
  readonly everUnder: (under: (ratingSystem: string) => boolean, upTo: number) => Set<string>;
}

type Indexed = (typeof RATED_INDEX_EVENTS.handles)[number];
const isIndexed = (e: DomainEvent): e is EventOf<Indexed> => (RATED_INDEX_EVENTS.handles as readonly string[]).includes(e.type);

/**
 * Every tournament's registration (its id, end date, rating system, whether rated) and the ledger-wide facts the
 * non-FESA fold reads, each with its position, so that it answers for any position up to its own.
 */
export const RATED_INDEX: ReadModel<RatedIndexState, RatedIndexQueries, Indexed, (typeof RATED_INDEX_EVENTS.passesOver)[number]> = {
  name: 'rated-tournaments index',
  ...RATED_INDEX_EVENTS,
  initialState: () => ({ registered: [], wide: [] }),
  evolve: (state, e, f) => {
    if (e.type === 'TournamentRegistered') state.registered.push([e.tournamentId, e.endDate, e.ratingSystem, e.rated, f.globalPosition]);
    // the FESA fold's balances and adjustments: the non-FESA fold passes over them
    else if ((e.type !== 'OpeningBalanceImported' && e.type !== 'RatingAdjusted') || isGenericRuleSet(e.ruleSet)) state.wide.push(f);
    return state;
  },
  queries: ({ registered, wide }) => ({
    factsUpTo: (upTo) => wide.filter((f) => f.globalPosition <= upTo),
    registrationsUpTo: (upTo) => {
      const last = new Map<string, { endDate: string; ratingSystem: string; rated: boolean }>();
      for (const [id, endDate, ratingSystem, rated, position] of registered) if (position <= upTo) last.set(id, { endDate, ratingSystem, rated });
      return last;
    },
    everUnder: (under, upTo) => {
      const ids = new Set<string>();
      for (const [id, , ratingSystem, , position] of registered) if (position <= upTo && under(ratingSystem)) ids.add(id);
      return ids;
    },
  }),
};

/**
 * The saved index's layout: one of another format is never read (it is read anew from the log). 2: saved sealed with
 * its fingerprint and the log's hash at its position, so that one changed by hand or built from another log is not read.
 */
export const RATED_INDEX_FORMAT = 2;
/** How far behind the head the saved index may stay while no fact of its types was recorded since (see `ratedIndexNow`). */
const RATED_INDEX_SAVED_BEHIND = 5_000;
/** Its name among the saved projections next to the log. */
export const RATED_INDEX_NAME = 'rated-tournaments-index';

/**
 * What a slice reads before any stream, as of a global position: every tournament's registration (its id, end date,
 * rating system, whether rated) and the ledger-wide facts the non-FESA fold reads — adoptions, merges and unmerges,
 * opening balances and adjustments under a non-FESA rule set. Read from the log by type, from the position it
 * reflects on (a store reads those positions only); kept by the server, saved next to the log for the CLI (one
 * projection, `RATED_INDEX_NAME`), so that a read costs the facts recorded since, not a scan of the whole log.
 * It answers for any position up to its own (its facts carry their positions).
 */
export class RatedTournamentIndex {
  private constructor(
    private at: number,
    private readonly state: RatedIndexState,
  ) {}

  static empty(): RatedTournamentIndex {
    return new RatedTournamentIndex(0, RATED_INDEX.initialState());
  }

  /** The position it reflects. */
  get position(): number {
    return this.at;
  }

  /**
   * The facts recorded after its position up to `upTo`, read by type (the store reads those positions only): how many
   * it indexed (undefined: it was at `upTo` already).
   */
  async catchUp(store: EventStore, upTo: number): Promise<number | undefined> {
    if (upTo <= this.at) return undefined;
    let indexed = 0;
    for await (const batch of readFacts(store, { fromPosition: this.at, toPosition: upTo, types: RATED_INDEX_EVENTS.handles })) {
      for (const f of batch) {
        if (!isIndexed(f.event)) continue;
        RATED_INDEX.evolve(this.state, f.event, f);
        indexed++;
      }
    }
    this.at = upTo;
    return indexed;
  }

  /** What it answers, up to any position up to its own. */
  get queries(): RatedIndexQueries {
    return RATED_INDEX.queries(this.state);
  }

  /** As saved: its fingerprint, then its JSON with the hash of the log's event at its position (`head`). */
  toSaved(head: string | null): string {
    const json = JSON.stringify({ format: RATED_INDEX_FORMAT, position: this.at, head, registered: this.state.registered, wide: this.state.wide });
    return `${hash53(json).toString(36)}|${json}`;
  }

  /**
   * The saved index, or why it is not read: another format (older ones are read anew, silently), changed by hand (no
   * longer its fingerprint), or built from another log than `store`'s.
   */
  static async fromSaved(store: EventStore, text: string): Promise<RatedTournamentIndex | { readonly unread: string | undefined }> {
    const bar = text.indexOf('|');
    const json = text.slice(bar + 1);
    if (bar <= 0) return { unread: undefined };
    if (hash53(json).toString(36) !== text.slice(0, bar)) return { unread: 'the saved rated-tournaments index was changed by hand (it no longer matches its fingerprint)' };
    const saved = JSON.parse(json) as { format: number; position: number; head: string | null; registered: Registered[]; wide: LoggedEvent[] };
    if (saved.format !== RATED_INDEX_FORMAT) return { unread: undefined };
    const changed = await logChangedSince(store, saved.position, saved.head);
    if (changed !== undefined) return { unread: `the saved rated-tournaments index does not match the log (${changed})` };
    return new RatedTournamentIndex(saved.position, { registered: saved.registered, wide: saved.wide });
  }
}

/** Why the saved index is not read (undefined: none saved, or it is read; an older format is read anew silently). */
export const savedRatedIndexFinding = async (store: EventStore, storage: CheckpointStorage): Promise<string | undefined> => {
  const text = await storage.load(RATED_INDEX_NAME, () => undefined);
  if (text === undefined) return undefined;
  const read = await RatedTournamentIndex.fromSaved(store, text);
  return read instanceof RatedTournamentIndex ? undefined : read.unread;
};

/**
 * The index as of `upTo` at least: `kept` (the server's), else the one saved next to the log, else a new one, caught
 * up to `upTo` and saved again when it moved. A saved index that cannot be read is read anew from the log.
 */
export const ratedIndexNow = async (store: EventStore, storage: CheckpointStorage | undefined, upTo: number, kept?: RatedTournamentIndex): Promise<RatedTournamentIndex> => {
  let index = kept;
  if (index === undefined && storage !== undefined) {
    const text = await storage.load(RATED_INDEX_NAME, () => undefined);
    const read = text === undefined ? undefined : await RatedTournamentIndex.fromSaved(store, text);
    // one not read is read anew from the log and saved again (verify names why it was not read)
    index = read instanceof RatedTournamentIndex ? read : undefined;
  }
  index ??= RatedTournamentIndex.empty();
  const from = index.position;
  const indexed = await index.catchUp(store, upTo);
  // saved again when it indexed a fact, or has read far past the one saved: a write that indexes nothing (a game, a
  // correction) leaves it as saved, and the next read catches up over the few facts of its types recorded since
  if (indexed !== undefined && storage !== undefined && (indexed > 0 || index.position - from >= RATED_INDEX_SAVED_BEHIND)) await storage.save(RATED_INDEX_NAME, index.position, index.toSaved(await hashAt(store, index.position)), [], []);
  return index;
};

/** A stream's facts up to `upTo`, decoded. */
export const decodedStream = async (store: EventStore, streamId: string, upTo: number): Promise<LoggedEvent[]> =>
  (await store.readStream(streamId)).filter((r) => r.globalPosition <= upTo).map(decodeRecorded);

const playersOf = (g: GameFacts): string[] => [g.first, ...(g.second === null ? [] : [g.second]), ...(g.handicap ? [g.handicap.giver] : [])];

/**
 * The tournaments up to `upTo` whose facts a non-FESA fold may read: registered under another rule set than FESA's at
 * any time, or under FESA and ending after an adoption of another one.
 */
export const everUnderGenericRules = (index: RatedTournamentIndex, upTo: number): Set<string> => {
  const adoptions = adoptionsIn(index.queries.factsUpTo(upTo));
  const under = new Set(index.queries.everUnder(isGenericRuleSet, upTo));
  for (const [id, r] of index.queries.registrationsUpTo(upTo)) if (isGenericRuleSet(ruleSetInForce(adoptions, r))) under.add(id);
  return under;
};

/**
 * Whether `playerId` may have a game in a tournament registered under a generic rule set (TRF and EGD files: fide,
 * uscf-k, gobase-go …), which `history` shows instead of a FESA career without rated tournaments. Errs on the side of
 * yes (any game version naming him, withdrawn or corrected, in any tournament ever registered under such a rule set):
 * only a no lets the caller print the careers model's FESA career as the fold would. The tournaments come from the
 * index, then only their streams are read: on a federation's ledger a few imports, not the million FESA games.
 */
export const mayHaveGenericGames = async (store: EventStore, storage: CheckpointStorage | undefined, playerId: string): Promise<boolean> => {
  const head = await store.headPosition();
  const index = await ratedIndexNow(store, storage, head);
  for (const tournamentId of everUnderGenericRules(index, head)) {
    for (const { event: e } of await decodedStream(store, tournamentStream(tournamentId), head)) {
      if ((e.type === 'GameReported' || e.type === 'ResultCorrected') && playersOf(e).includes(playerId)) return true;
    }
  }
  return false;
};

export interface SliceOptions {
  /** The last global position read (default: the head). */
  readonly upTo?: number;
  /** The index the caller keeps (the server's), at any position. */
  readonly index?: RatedTournamentIndex;
  /** Where the index is saved next to the log (read, and saved again when it moved). */
  readonly storage?: CheckpointStorage;
  /** Facts decided but not yet recorded (a write's consequences): the players they name are read too. */
  readonly decided?: readonly LoggedEvent[];
  /**
   * The caller names the players itself (a write's comparison, from the FESA projection's names): a list's slice
   * then leaves out the registrations and merges of everybody else, which only tell namesakes apart.
   */
  readonly namedElsewhere?: boolean;
}

/**
 * The slice of the log (up to global position `upTo`, default the head) the view of `tournamentId` needs;
 * undefined when the tournament is not registered under a non-FESA rule set (the FESA fold's, which reads the whole
 * log).
 */
export const ratedTournamentSlice = async (
  store: EventStore,
  tournamentId: string,
  known: SliceOptions = {},
): Promise<RatedTournamentSlice | undefined> => {
  const upTo = known.upTo ?? (await store.headPosition());
  const own = await decodedStream(store, tournamentStream(tournamentId), upTo);
  let registration: TournamentRegistered | undefined;
  for (const f of own) if (f.event.type === 'TournamentRegistered') registration = f.event;
  if (registration === undefined) throw new UnknownTournamentError(`no tournament "${tournamentId}" in the ledger`);
  const index = await ratedIndexNow(store, known.storage, upTo, known.index);
  // registered under FESA but ending after an adoption of another rule set: that rule set's (as the folds rate it)
  if (!isGenericRuleSet(ruleSetInForce(adoptionsIn(index.queries.factsUpTo(upTo)), registration))) return undefined;
  return sliceRatedUpTo(store, upTo, registration.endDate, own, { ...known, index }, tournamentId);
};

const adoptionsIn = (facts: readonly LoggedEvent[]): { event: RuleSetAdopted; position: number }[] =>
  facts.flatMap((f) => (f.event.type === 'RuleSetAdopted' ? [{ event: f.event, position: f.globalPosition }] : []));

/**
 * Every tournament the non-FESA fold rates up to `asOf` (its rule set in force at its end date — the latest adoption
 * dated on or before it, else its own — is a non-FESA one), besides `own`'s, with the streams of their players.
 */
const sliceRatedUpTo = async (
  store: EventStore,
  upTo: number,
  asOf: string,
  own: readonly LoggedEvent[],
  known: SliceOptions,
  except?: string,
  officerTargets = false,
  /** Only the tournaments ending on or after this date, and the officers' targets of facts dated on or after it (a resumed fold's). */
  from = '',
): Promise<RatedTournamentSlice> => {
  const index = await ratedIndexNow(store, known.storage, upTo, known.index);
  const wide = index.queries.factsUpTo(upTo);
  const adoptions = adoptionsIn(wide);
  const rated: string[] = [];
  for (const [id, r] of index.queries.registrationsUpTo(upTo)) {
    // (an unrated one too for a list's slice: `history` shows a player's unrated tournaments beside the rated)
    if (id === except || r.endDate > asOf || r.endDate < from || (!r.rated && !officerTargets)) continue;
    if (isGenericRuleSet(ruleSetInForce(adoptions, r))) rated.push(id);
  }

  const byPosition = new Map<number, LoggedEvent>();
  const keep = (facts: readonly LoggedEvent[]): void => {
    for (const f of facts) byPosition.set(f.globalPosition, f);
  };
  keep(wide);
  keep(own);
  const players = new Set<string>();
  const named = (facts: readonly LoggedEvent[]): void => {
    for (const { event: e } of facts) {
      if (e.type === 'TournamentRegistered') for (const id of e.entrants ?? []) players.add(id);
      else if (e.type === 'GameReported' || e.type === 'ResultCorrected') for (const id of playersOf(e)) players.add(id);
    }
  };
  named(own);
  named(known.decided ?? []);
  if (officerTargets) {
    // a list names every player the fold holds a state for: those of a balance or an adjustment too, who may never play
    for (const { event: e } of wide) if (e.validDate >= from) for (const id of officerTargetsOf(e)) players.add(id);
    // and names them as FESA lists do, namesakes told apart: every registration and merge, whoever's it is
    if (!known.namedElsewhere) for await (const batch of readFacts(store, { types: NAMING_TYPES, toPosition: upTo })) keep(batch);
  }
  for (const id of rated) {
    const stream = await decodedStream(store, tournamentStream(id), upTo);
    keep(stream);
    named(stream);
  }
  // the people those players are: every merge (or unmerge) that joins one of them to another id, to a fixed point
  // (a decided merge too: the comparison folds it after the slice)
  for (let grown = true; grown; ) {
    grown = false;
    for (const { event: e } of [...wide, ...(known.decided ?? [])]) {
      if (e.type !== 'PlayersMerged' && e.type !== 'PlayersUnmerged') continue;
      if (players.has(e.absorbed) === players.has(e.survivor)) continue;
      players.add(e.absorbed);
      players.add(e.survivor);
      grown = true;
    }
  }
  for (const id of players) keep(await decodedStream(store, playerStream(id), upTo));

  const facts = [...byPosition.values()].sort((a, b) => a.globalPosition - b.globalPosition);
  const state = initialLedgerState();
  for (const f of facts) evolve(state, f.event);
  return { facts, state };
};

/**
 * The slice of the log (up to global position `upTo`, default the head) the non-FESA fold of the whole timeline needs:
 * every tournament it rates and their players (a balance alone needs no registration to be folded) — what a player's
 * careers under those rule sets read (`ruleSetCareers`, the player page).
 */
export const ratedCareersSlice = async (store: EventStore, known: SliceOptions = {}): Promise<RatedTournamentSlice> =>
  sliceRatedUpTo(store, known.upTo ?? (await store.headPosition()), END_OF_TIME, [], known);

/**
 * The slice a non-FESA rule set's list, explanations and careers read (`ledger list|explain|history --rules S`): the
 * careers' slice and the streams of every player an opening balance or an adjustment names, whose registration gives
 * the name the list prints and whose declared grade an adjustment of a newcomer starts from. On a federation's ledger
 * the non-FESA tournaments and their players, not the million FESA games (test/app/rated-tournament.test.ts holds
 * every rule set's list from it equal to the whole log's).
 */
export const ratedListSlice = async (store: EventStore, known: SliceOptions = {}): Promise<RatedTournamentSlice> =>
  sliceRatedUpTo(store, known.upTo ?? (await store.headPosition()), END_OF_TIME, [], known, undefined, true);

/**
 * The part of the list slice a fold resumed at `from` (projections/generic/history.ts `GenericCut`) reads: every
 * ledger-wide fact and naming fact as `ratedListSlice` has them, but only the tournaments ending on or after `from`
 * and the players they and the officer facts dated on or after it name (with the facts `decided`).
 */
export const ratedListSliceFrom = async (store: EventStore, from: string, known: SliceOptions = {}): Promise<RatedTournamentSlice> =>
  sliceRatedUpTo(store, known.upTo ?? (await store.headPosition()), END_OF_TIME, [], known, undefined, true, from);

/** The facts a list's names come from (src/app/rule-set-list.ts `namesKnownAt`). */
const NAMING_TYPES = ['PlayerRegistered', 'PlayerRegistrationCorrected', 'PlayersMerged', 'PlayersUnmerged'];

const officerTargetsOf = (e: DomainEvent): readonly string[] => {
  if (e.type === 'OpeningBalanceImported') return [e.playerId];
  if (e.type !== 'RatingAdjusted') return [];
  return e.target.kind === 'player' ? [e.target.playerId] : (e.target.filter.playerIds ?? []);
};

/** A date after every item of any timeline. */
const END_OF_TIME = '9999-12-31';

/**
 * `ratedTournamentView` of the whole log, from the slice of it the view needs (see `ratedTournamentSlice`):
 * undefined for a tournament not registered under a non-FESA rule set, or one it does not rate.
 */
export const ratedTournamentViewOf = async (
  store: EventStore,
  tournamentId: string,
  known: SliceOptions = {},
): Promise<RatedTournamentView | undefined> => {
  const slice = await ratedTournamentSlice(store, tournamentId, known);
  return slice && ratedTournamentView(slice.facts, slice.state, tournamentId);
};

/**
 * A tournament's corrections and withdrawals up to `upTo` as the audit trail lists them (projections/audit-trail.ts),
 * from the tournament's own stream (they are facts of that stream only) rather than from the trail of the whole log.
 */
export const amendmentsOf = async (store: EventStore, tournamentId: string, upTo: number): Promise<GameAmendment[]> => {
  const trail = initialAuditTrail();
  for (const fact of await decodedStream(store, tournamentStream(tournamentId), upTo)) evolveAuditTrail(trail, fact);
  return trail.amendments.get(tournamentId) ?? [];
};
