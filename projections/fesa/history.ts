import * as E from 'fp-ts/Either';
import type {
  DomainEvent,
  GameFacts,
  GradeAwarded,
  ListReconciled,
  LoggedEvent,
  OpeningBalanceImported,
  PlayerRegistered,
  RatingAdjusted,
  RuleSetAdopted,
  TournamentRegistered,
} from '../../domain/events';
import { FESA_PROGRAM_OPTIONS, FESA_PUBLISHED_OPTIONS, type FesaOptions } from '../../domain/rules/fesa/options';
import { rateEvent } from '../../domain/rules/fesa/rate-event';
import { unratedRecord } from '../../domain/rules/fesa/records';
import { correctedRegistration } from '../../domain/commands/state';
import type { FesaError, FesaErrorCode, FesaEvent, FesaHome, FesaPlayer, FesaRatingReport } from '../../domain/rules/fesa/types';
import { decodeFesaPlayerState, withPinnedFields } from './player-state';
import { toFesaEvent, type TournamentGame } from './tournament-event';
import { AS_ADOPTED, type FesaRuleSetId } from '../../domain/rules/rule-set-ids';
import { nameKey } from './name-key';
import { ListNames, type ListName, type NameHolder } from './list-names';
import { everyTypeHandled, passedOver, type EventSelection } from '../../domain/events/selection';
import { ruleSetInForce } from '../../domain/rules/in-force';

const OPTIONS_OF: Readonly<Record<FesaRuleSetId, FesaOptions>> = {
  fesa: FESA_PROGRAM_OPTIONS,
  'fesa-published': FESA_PUBLISHED_OPTIONS,
};
export const FESA_RULE_SETS: Readonly<Record<string, FesaOptions>> = OPTIONS_OF;
/**
 * The event types the FESA fold reads (`FesaFacts.add` and `affectedKey` switch over exactly these; some it then
 * drops by rule set) and those it passes over whatever the log holds: they change no list.
 */
export const FESA_FOLD_EVENTS = {
  handles: [
    'PlayerRegistered', 'PlayerRegistrationCorrected', 'PlayersMerged', 'PlayersUnmerged', 'PriorGradeDeclared',
    'TournamentRegistered', 'GameReported', 'ResultCorrected', 'GameWithdrawn', 'TournamentClosed',
    'OpeningBalanceImported', 'ListReconciled', 'RatingAdjusted', 'GradeAwarded', 'RuleSetAdopted',
  ],
  passesOver: ['RatingListPublished', 'OfficerAppointed', 'OfficerRevoked', 'SubmissionReceived', 'SubmissionApproved', 'SubmissionRejected'],
} as const satisfies EventSelection;
export const PASSED_OVER_BY_THE_FOLD: ReadonlySet<string> = new Set(FESA_FOLD_EVENTS.passesOver);
const passedOverByTheFold = passedOver(FESA_FOLD_EVENTS.passesOver);

export const isFesaRuleSet = (id: string): boolean => Object.prototype.hasOwnProperty.call(FESA_RULE_SETS, id);

/**
 * Rate each tournament under the rule set in force for it: the latest FESA-family RuleSetAdopted dated on or before
 * the tournament's end date, else the tournament's own rating system, else `fesa`. Any other rule-set id forces that
 * rule set on every tournament (re-rating under other rules).
 */
export { AS_ADOPTED };

/** One rated tournament in the fold: the list before and after, and why every number came out as it did. */
export interface TournamentRun {
  readonly tournamentId: string;
  readonly name: string;
  readonly date: string;
  readonly ruleSet: string;
  readonly before: ReadonlyMap<string, FesaPlayer>;
  readonly after: readonly FesaPlayer[];
  readonly report: FesaRatingReport;
  /** playerId by "last\u0000first" for the players of this event. */
  readonly players: readonly string[];
}

/** A fact applied to the list outside tournaments (opening balance, officer adjustment, grade award). */
export interface OfficerFact {
  readonly date: string;
  readonly kind: 'opening-balance' | 'reconcile' | 'adjustment' | 'grade-award';
  readonly playerIds: readonly string[];
  readonly event: DomainEvent;
}

/**
 * Why accepted facts cannot be folded into a list: one sentence naming the tournament or officer fact, and when the
 * FESA engine refused a tournament, its error code (`no-convergence`, `unknown-grade`, ...).
 */
export interface FoldError {
  readonly message: string;
  readonly code?: FesaErrorCode;
}

/** A tournament the engine refused, its code kept. */
export const tournamentFoldError = (reg: { readonly tournamentId: string; readonly endDate: string }, error: FesaError): FoldError => ({
  message: `tournament "${reg.tournamentId}" (${reg.endDate}): ${error.message}`,
  code: error.code,
});

export const foldError = (message: string): FoldError => ({ message });

export interface FesaFold {
  /** The list in the program's order (what `ratingliste.post` would hold). */
  readonly list: readonly FesaPlayer[];
  readonly runs: readonly TournamentRun[];
  readonly officerFacts: readonly OfficerFact[];
  /** playerId for a list record (by last and first name). */
  readonly playerIdOf: (p: Pick<FesaPlayer, 'lastName' | 'firstName'>) => string | undefined;
  readonly names: ReadonlyMap<string, { lastName: string; firstName: string }>;
  /** The id whose record an id's facts go to (the survivor of a merge in force that absorbed it, else itself). */
  readonly survivorOf: (playerId: string) => string;
}

export interface FoldOptions {
  /** `fesa` (the official program) or `fesa-published` (the prose) forced on every tournament; default AS_ADOPTED. */
  readonly ruleSet?: string;
  /** Fold only facts with validDate ≤ asOf. */
  readonly asOf?: string;
  /** Fold only facts recorded at or before this global position (the second clock). */
  readonly knownAt?: number;
  /**
   * Stop before the rating of tournament `tournamentId` (or, when it is not in the log, before any tournament
   * ending after `date`): the list an event file's `ratingliste.pre` should equal.
   */
  readonly stopBefore?: { readonly date: string; readonly tournamentId: string };
  /** Keep the list before/after every tournament (for explanations and diffs). Default true. */
  readonly keepRuns?: boolean;
}

export { nameKey };

export interface TournamentFacts {
  registration: TournamentRegistered;
  position: number;
  games: Map<string, { facts: GameFacts; withdrawn: boolean }>;
  closedAt?: string;
  /** Bumped whenever a game of the tournament is reported, corrected or withdrawn (cache key for its rating). */
  version?: number;
}

export type TimelineItem =
  | { kind: 'opening'; date: string; position: number; group: LoggedEvent[] }
  | { kind: 'reconcile'; date: string; position: number; event: ListReconciled }
  | { kind: 'adjustment'; date: string; position: number; event: RatingAdjusted }
  | { kind: 'award'; date: string; position: number; event: GradeAwarded }
  | { kind: 'tournament'; date: string; position: number; tournament: TournamentFacts };

const PHASE: Record<TimelineItem['kind'], number> = { opening: 0, reconcile: 0, adjustment: 1, award: 2, tournament: 3 };

/** Where a fact lands in the fold: its valid date, or '' when it can change the fold from the very start. */
export type AffectedFrom = string;

/**
 * A timeline item's place, the same whatever else the log holds: its valid date, then `ord` = its phase (officer
 * facts before tournaments on a date) times ORD_PHASE plus the position of the fact that made it (a tournament's
 * registration, an officer fact, an opening group's first balance). Items are ordered by (date, ord) exactly as
 * `compareItems` orders them; a late fact moves the items after it in the timeline, never their keys.
 */
export interface ItemKey {
  readonly date: string;
  readonly ord: number;
}
/** Positions stay below this (2^44), so a key's ord is an exact integer. */
export const ORD_PHASE = 2 ** 44;
/** Before every item. */
export const FIRST_KEY: ItemKey = { date: '', ord: -1 };
export const compareKeys = (a: ItemKey, b: ItemKey): number => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.ord - b.ord);
export const itemKeyOf = (item: TimelineItem): ItemKey => ({ date: item.date, ord: PHASE[item.kind] * ORD_PHASE + item.position });
/** Before every item of `date`. */
const dateKey = (date: string): ItemKey => ({ date, ord: -1 });
/** Before every tournament of `date` (after its officer facts). */
const tournamentsOf = (date: string): ItemKey => ({ date, ord: PHASE.tournament * ORD_PHASE });
const tournamentKey = (t: TournamentFacts): ItemKey => ({ date: t.registration.endDate, ord: PHASE.tournament * ORD_PHASE + t.position });
/** Fact types that put an item into the timeline (or change the one they name). */
const ITEM_MAKERS: ReadonlySet<string> = new Set(['TournamentClosed', 'OpeningBalanceImported', 'ListReconciled', 'RatingAdjusted', 'GradeAwarded']);
export const makesItem = (type: string): boolean => ITEM_MAKERS.has(type);

/**
 * The facts of the log as the FESA fold reads them (phase one of `foldFesa`), collected one fact at a time so that
 * an incremental projection can keep them between batches. `add` also says from which valid date on the fold can
 * come out differently because of the new fact (undefined: it changes nothing the fold reads).
 */
export class FesaFacts {
  readonly registrations = new Map<string, { event: PlayerRegistered; position: number }>();
  readonly priorGrades = new Map<string, { date: string; grade: string }[]>();
  readonly tournaments = new Map<string, TournamentFacts>();
  private readonly openingGroups = new Map<string, LoggedEvent[]>();
  /** Officer facts in recorded order (opening groups by their first fact), for saving the facts compactly. */
  readonly items: TimelineItem[] = [];
  /** Names seen in opening balances and registrations: a registration reusing one re-maps ids from the start. */
  private readonly openingNames = new Set<string>();
  private readonly registeredNames = new Set<string>();
  /**
   * Merges in force, absorbed id → survivor (and the merge's event id, which an unmerge names). The absorbed id's
   * registration stays in `registrations` (so an unmerge gives back exactly the fold before the merge); the folds
   * read it as the survivor: its games, opening balances, prior grades and adjustments are the survivor's.
   */
  readonly merges = new Map<string, { readonly survivor: string; readonly merge: string; readonly fact: LoggedEvent }>();
  /** The names FESA files know the players by: one per person, namesakes distinguished (see ListNames). */
  readonly listNames = new ListNames();
  /** The list names whose holder the last fact added changed (what the list read model re-owns). */
  lastNameChanges: readonly [key: string, playerId: string | undefined][] = [];
  /** Where each id took the name it bears now (its registration, or the correction that renamed it). */
  private readonly namedAt = new Map<string, number>();
  /** An id as `listNames` holds it: undefined when unregistered or merged into another. */
  private holderOf(id: string): NameHolder | undefined {
    const r = this.registrations.get(id);
    if (r === undefined || this.merges.has(id)) return undefined;
    return { id, name: { lastName: r.event.familyName, firstName: r.event.givenName }, namedAt: this.namedAt.get(id)! };
  }
  /** Where `id` took the name it bears now. */
  namedAtOf(id: string): number | undefined {
    return this.namedAt.get(id);
  }
  /** A saved checkpoint's note that `id` took its name at `position` (a correction renamed him since he registered). */
  restoreNamedAt(id: string, position: number): void {
    if (!this.registrations.has(id)) return;
    this.namedAt.set(id, position);
    this.listNames.set(id, this.holderOf(id));
  }
  /** Notes where `id` took its name (when `was` had another) and gives the list names again. */
  private renamed(id: string, was: PlayerRegistered | undefined, position: number): void {
    const now = this.registrations.get(id)!.event;
    if (was === undefined || was.familyName !== now.familyName || was.givenName !== now.givenName) this.namedAt.set(id, position);
    this.lastNameChanges = this.listNames.set(id, this.holderOf(id));
  }
  /** The id whose record an id's facts go to: the survivor of the merge in force that absorbed it, else itself. */
  survivorOf(id: string): string {
    return this.merges.get(id)?.survivor ?? id;
  }
  /** A player's prior grades with those of the ids merged into him, by date (the same array when there are none). */
  priorGradesOf(id: string): { date: string; grade: string }[] | undefined {
    const own = this.priorGrades.get(id);
    let merged: { date: string; grade: string }[] | undefined;
    for (const [absorbed, m] of this.merges) {
      if (m.survivor !== id) continue;
      const theirs = this.priorGrades.get(absorbed);
      if (theirs) merged = [...(merged ?? own ?? []), ...theirs];
    }
    return merged === undefined ? own : merged.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  }

  /**
   * Every rule-set adoption: from its valid date on, tournaments are rated under it. An adoption of another system
   * (pan-atlantic, fide …) takes the tournaments ending from its date out of the FESA fold, as the non-FESA fold
   * takes them in (projections/generic `ruleSetInForce`): no tournament is rated under two systems.
   */
  readonly adoptions: { readonly date: string; readonly position: number; readonly ruleSetId: string; readonly event: RuleSetAdopted }[] = [];

  /** The rule set in force for a tournament (domain/rules/in-force.ts). */
  private inForce(registration: TournamentRegistered): string {
    return ruleSetInForce(this.adoptions, registration);
  }

  /** Whether the FESA fold rates a tournament once it is closed: rated, and a FESA rule set in force for it. */
  ratesUnderFesa(registration: TournamentRegistered): boolean {
    return registration.rated && isFesaRuleSet(this.inForce(registration));
  }

  /** The rule set a tournament is rated under (see AS_ADOPTED), or the forced one. */
  ruleSetFor(registration: TournamentRegistered, requested: string): string {
    if (requested !== AS_ADOPTED) return requested;
    const inForce = this.inForce(registration);
    return isFesaRuleSet(inForce) ? inForce : 'fesa';
  }

  /**
   * A game as a saved checkpoint holds it (its latest facts, withdrawn or not) in a tournament already added: what
   * reporting, correcting and withdrawing it left, without making the events again.
   */
  restoreGame(tournamentId: string, gameId: string, facts: GameFacts, withdrawn: boolean): void {
    const t = this.tournaments.get(tournamentId);
    if (!t) return;
    t.games.set(gameId, { facts, withdrawn });
    t.version = (t.version ?? 0) + 1;
  }

  /** Player ids an officer fact names (an opening balance, a reconcile, an adjustment, an award). */
  private readonly officerIds = new Set<string>();

  /**
   * The first item `add(fact)` can change, as a key (`add` says its date): undefined = nothing the fold reads. Asked
   * before `add` (it changes nothing). A new name given to a new id changes no list before a tournament of its date
   * or later (nobody on a list bears it: `add` calls a registration of a known name or id "from the start"), unless
   * an officer fact names the id.
   */
  affectedKey(fact: LoggedEvent): ItemKey | undefined {
    const e = fact.event;
    if (passedOverByTheFold(e)) return undefined;
    switch (e.type) {
      case 'PlayerRegistered': {
        const name = nameKey({ lastName: e.familyName, firstName: e.givenName });
        if (this.registrations.has(e.playerId) || this.registeredNames.has(name) || this.openingNames.has(name)) return FIRST_KEY;
        return this.officerIds.has(e.playerId) ? dateKey(e.validDate) : tournamentsOf(e.validDate);
      }
      case 'PlayerRegistrationCorrected':
        return this.registrations.has(e.playerId) ? FIRST_KEY : undefined;
      case 'PlayersMerged':
        return this.registrations.has(e.survivor) && this.registrations.has(e.absorbed) ? FIRST_KEY : undefined;
      case 'PlayersUnmerged':
        return this.merges.get(e.absorbed)?.merge === e.merge ? FIRST_KEY : undefined;
      case 'PriorGradeDeclared':
        return dateKey(e.validDate);
      case 'TournamentRegistered': {
        const t = this.tournaments.get(e.tournamentId);
        return t !== undefined && this.isRated(t) ? tournamentKey(t) : undefined;
      }
      case 'GameReported': {
        const t = this.tournaments.get(e.tournamentId);
        return t !== undefined && this.isRated(t) ? tournamentKey(t) : undefined;
      }
      case 'ResultCorrected':
      case 'GameWithdrawn': {
        const t = this.tournaments.get(e.tournamentId);
        return t !== undefined && t.games.has(e.gameId) && this.isRated(t) ? tournamentKey(t) : undefined;
      }
      case 'TournamentClosed': {
        const t = this.tournaments.get(e.tournamentId);
        return t !== undefined && this.ratesUnderFesa(t.registration) ? tournamentKey(t) : undefined;
      }
      case 'OpeningBalanceImported': {
        if (e.ruleSet !== 'fesa') return undefined;
        const group = this.openingGroups.get(`${e.validDate}\u0000${e.source}`);
        return { date: e.validDate, ord: PHASE.opening * ORD_PHASE + (group ? group[0]!.globalPosition : fact.globalPosition) };
      }
      case 'ListReconciled':
        return isFesaRuleSet(e.ruleSet) ? { date: e.validDate, ord: PHASE.reconcile * ORD_PHASE + fact.globalPosition } : undefined;
      case 'RatingAdjusted':
        return isFesaRuleSet(e.ruleSet) ? { date: e.validDate, ord: PHASE.adjustment * ORD_PHASE + fact.globalPosition } : undefined;
      case 'GradeAwarded':
        return isFesaRuleSet(e.ruleSet) ? { date: e.validDate, ord: PHASE.award * ORD_PHASE + fact.globalPosition } : undefined;
      case 'RuleSetAdopted':
        return dateKey(e.validDate);
      default:
        return everyTypeHandled(e);
    }
  }

  add(fact: LoggedEvent): AffectedFrom | undefined {
    const e = fact.event;
    if (this.lastNameChanges.length > 0) this.lastNameChanges = [];
    if (passedOverByTheFold(e)) return undefined;
    switch (e.type) {
      case 'PlayerRegistered': {
        const name = nameKey({ lastName: e.familyName, firstName: e.givenName });
        const reused = this.registrations.has(e.playerId) || this.registeredNames.has(name) || this.openingNames.has(name);
        const was = this.registrations.get(e.playerId)?.event;
        this.registrations.set(e.playerId, { event: e, position: fact.globalPosition });
        this.registeredNames.add(name);
        this.renamed(e.playerId, was, fact.globalPosition);
        return reused ? '' : e.validDate;
      }
      case 'PlayerRegistrationCorrected': {
        const r = this.registrations.get(e.playerId);
        if (!r) return undefined;
        const corrected = correctedRegistration(r.event, e);
        this.registrations.set(e.playerId, { event: corrected, position: r.position });
        this.registeredNames.add(nameKey({ lastName: corrected.familyName, firstName: corrected.givenName }));
        this.renamed(e.playerId, r.event, fact.globalPosition);
        // an identity holds for the whole record: every list is folded again
        return '';
      }
      case 'PlayersMerged':
        // a merge of ids the log does not hold (the deciders refuse it) names nobody
        if (!this.registrations.has(e.survivor) || !this.registrations.has(e.absorbed)) return undefined;
        this.merges.set(e.absorbed, { survivor: e.survivor, merge: e.eventId, fact });
        this.lastNameChanges = this.listNames.set(e.absorbed, undefined);
        // an identity holds for the whole record: every list is folded again
        return '';
      case 'PlayersUnmerged':
        if (this.merges.get(e.absorbed)?.merge !== e.merge) return undefined;
        this.merges.delete(e.absorbed);
        this.lastNameChanges = this.listNames.set(e.absorbed, this.holderOf(e.absorbed));
        return '';
      case 'PriorGradeDeclared': {
        const grades = this.priorGrades.get(e.playerId);
        if (grades) grades.push({ date: e.validDate, grade: e.grade });
        else this.priorGrades.set(e.playerId, [{ date: e.validDate, grade: e.grade }]);
        return e.validDate;
      }
      case 'TournamentRegistered': {
        const before = this.ratedFrom(this.tournaments.get(e.tournamentId));
        this.tournaments.set(e.tournamentId, { registration: e, position: fact.globalPosition, games: new Map() });
        return earlier(before, this.ratedFrom(this.tournaments.get(e.tournamentId)));
      }
      case 'GameReported': {
        const t = this.tournaments.get(e.tournamentId);
        t?.games.set(e.gameId, { facts: gameFacts(e), withdrawn: false });
        if (t) t.version = (t.version ?? 0) + 1;
        return this.ratedFrom(t);
      }
      case 'ResultCorrected': {
        const t = this.tournaments.get(e.tournamentId);
        const g = t?.games.get(e.gameId);
        if (!g) return undefined;
        g.facts = gameFacts(e);
        t!.version = (t!.version ?? 0) + 1;
        return this.ratedFrom(t);
      }
      case 'GameWithdrawn': {
        const t = this.tournaments.get(e.tournamentId);
        const g = t?.games.get(e.gameId);
        if (!g) return undefined;
        g.withdrawn = true;
        t!.version = (t!.version ?? 0) + 1;
        return this.ratedFrom(t);
      }
      case 'TournamentClosed': {
        const t = this.tournaments.get(e.tournamentId);
        if (!t) return undefined;
        t.closedAt = e.validDate;
        return this.ratedFrom(t);
      }
      case 'OpeningBalanceImported': {
        if (e.ruleSet !== 'fesa') return undefined;
        this.officerIds.add(e.playerId);
        const state = e.state as { lastName?: unknown; firstName?: unknown };
        if (typeof state.lastName === 'string' && typeof state.firstName === 'string') this.openingNames.add(nameKey({ lastName: state.lastName, firstName: state.firstName }));
        const key = `${e.validDate}\u0000${e.source}`;
        const group = this.openingGroups.get(key);
        if (group) group.push(fact);
        else {
          const created = [fact];
          this.openingGroups.set(key, created);
          this.items.push({ kind: 'opening', date: e.validDate, position: fact.globalPosition, group: created });
        }
        return e.validDate;
      }
      case 'ListReconciled':
        if (!isFesaRuleSet(e.ruleSet)) return undefined;
        for (const id of e.order) this.officerIds.add(id);
        for (const pin of e.pins) this.officerIds.add(pin.playerId);
        this.items.push({ kind: 'reconcile', date: e.validDate, position: fact.globalPosition, event: e });
        return e.validDate;
      case 'RatingAdjusted':
        if (!isFesaRuleSet(e.ruleSet)) return undefined;
        if (e.target.kind === 'player') this.officerIds.add(e.target.playerId);
        else for (const id of e.target.filter.playerIds ?? []) this.officerIds.add(id);
        this.items.push({ kind: 'adjustment', date: e.validDate, position: fact.globalPosition, event: e });
        return e.validDate;
      case 'GradeAwarded':
        if (!isFesaRuleSet(e.ruleSet)) return undefined;
        this.officerIds.add(e.playerId);
        this.items.push({ kind: 'award', date: e.validDate, position: fact.globalPosition, event: e });
        return e.validDate;
      case 'RuleSetAdopted':
        this.adoptions.push({ date: e.validDate, position: fact.globalPosition, ruleSetId: e.ruleSetId, event: e });
        return e.validDate;
      default:
        return everyTypeHandled(e);
    }
  }

  private isRated(t: TournamentFacts): boolean {
    return t.closedAt !== undefined && this.ratesUnderFesa(t.registration);
  }

  /** The date a tournament is rated on, when it is rated at all (closed, rated, under a FESA rule set). */
  private ratedFrom(t: TournamentFacts | undefined): string | undefined {
    return t !== undefined && this.isRated(t) ? t.registration.endDate : undefined;
  }

  /** Everything the fold applies, in its order: by valid date, officer facts before tournaments, then recorded order. */
  timeline(): TimelineItem[] {
    const timeline = [...this.items];
    for (const t of this.tournaments.values()) {
      if (this.isRated(t)) timeline.push({ kind: 'tournament', date: t.registration.endDate, position: t.position, tournament: t });
    }
    return timeline.sort(compareItems);
  }
}

const earlier = (a: string | undefined, b: string | undefined): string | undefined => (a === undefined ? b : b === undefined || a < b ? a : b);
export const compareItems = (a: TimelineItem, b: TimelineItem): number => (a.date < b.date ? -1 : a.date > b.date ? 1 : PHASE[a.kind] - PHASE[b.kind] || a.position - b.position);

/**
 * The FESA list as a fold over the facts, in valid-date order: on each date, officer facts (opening balances,
 * adjustments, grade awards) first, then the tournaments closed by then, by end date and then in recorded order.
 * Each tournament is rated exactly as the official program would rate its event file against the list so far,
 * so that the list after it is byte-identical to the program's `ratingliste.post`.
 */
export const foldFesa = (log: Iterable<LoggedEvent>, options: FoldOptions = {}): E.Either<FoldError, FesaFold> => {
  const ruleSet = options.ruleSet ?? AS_ADOPTED;
  if (ruleSet !== AS_ADOPTED && !FESA_RULE_SETS[ruleSet]) return E.left(foldError(`unknown FESA rule set "${ruleSet}"; expected ${Object.keys(FESA_RULE_SETS).join(' or ')}`));
  const keepRuns = options.keepRuns ?? true;

  const facts = new FesaFacts();
  for (const fact of log) if (options.knownAt === undefined || fact.globalPosition <= options.knownAt) facts.add(fact);
  const { registrations } = facts;
  const timeline = facts.timeline();

  const names = new Map<string, { lastName: string; firstName: string }>();
  const idByName = new Map<string, string>();
  for (const id of registrations.keys()) {
    if (facts.merges.has(id)) continue;
    // the name FESA files know him by: a namesake's is distinguished (list-names.ts)
    const name = facts.listNames.byId.get(id)!;
    names.set(id, name);
    idByName.set(nameKey(name), id);
  }
  // an absorbed id goes by its survivor's name: that is how its games and balances become the survivor's
  for (const [absorbed, { survivor }] of facts.merges) names.set(absorbed, names.get(survivor)!);
  const survivorOf = (id: string) => facts.survivorOf(id);
  const playerIdOf = (p: Pick<FesaPlayer, 'lastName' | 'firstName'>) => idByName.get(nameKey(p));

  let list: FesaPlayer[] = [];
  let lastTournamentDate: string | null = null;
  const runs: TournamentRun[] = [];
  const officerFacts: OfficerFact[] = [];

  for (const item of timeline) {
    if (options.asOf !== undefined && item.date > options.asOf) break;
    const stop = options.stopBefore;
    if (stop && (item.date > stop.date || (item.kind === 'tournament' && item.tournament.registration.tournamentId === stop.tournamentId))) break;
    switch (item.kind) {
      case 'opening': {
        const group = decodeOpeningGroup(item.group, (id) => names.get(id), survivorOf);
        if (E.isLeft(group)) return E.left(foldError(group.left));
        const ordered = group.right;
        // A group of balances from one source is a list: its players take that list's order, in front of the
        // players it does not mention (stable sorting makes the order of equal ratings observable).
        const replaced = new Set(ordered.map((o) => nameKey(o.player)));
        list = [...ordered.map((o) => o.player), ...list.filter((p) => !replaced.has(nameKey(p)))];
        officerFacts.push({ date: item.date, kind: 'opening-balance', playerIds: openingPlayerIds(item.group, survivorOf), event: item.group[0]!.event });
        break;
      }
      case 'reconcile': {
        list = reconciledList(list, item.event, (id) => names.get(id));
        officerFacts.push({ date: item.date, kind: 'reconcile', playerIds: item.event.pins.map((p) => survivorOf(p.playerId)), event: item.event });
        break;
      }
      case 'adjustment': {
        const { target, change } = item.event;
        const affected: string[] = [];
        list = list.map((p) => {
          const id = playerIdOf(p);
          const hit = target.kind === 'player' ? id === survivorOf(target.playerId) : matchesFilter(p, id, target.filter, item.date, survivorOf);
          if (!hit) return p;
          if (id) affected.push(id);
          return { ...p, eloNumber: change.kind === 'set' ? change.rating : p.eloNumber + change.by };
        });
        officerFacts.push({ date: item.date, kind: 'adjustment', playerIds: affected, event: item.event });
        break;
      }
      case 'award': {
        const playerId = survivorOf(item.event.playerId);
        const [level, name] = parseGrade(item.event.grade);
        list = list.map((p) => (playerIdOf(p) === playerId && gradeOrder(level, name) > gradeOrder(p.gradeLevel, p.gradeName) ? { ...p, gradeLevel: level, gradeName: name } : p));
        officerFacts.push({ date: item.date, kind: 'grade-award', playerIds: [playerId], event: item.event });
        break;
      }
      case 'tournament': {
        const t = item.tournament;
        const reg = t.registration;
        const games: TournamentGame[] = [...t.games].filter(([, g]) => !g.withdrawn).map(([gameId, g]) => ({ gameId, facts: g.facts }));
        const built = toFesaEvent(reg, games, (id) => names.get(id), facts.merges.size > 0 ? survivorOf : undefined);
        if (E.isLeft(built)) return E.left(foldError(built.left));
        const fesaEvent = built.right.event;
        const newcomers = newcomersOf(registrations, facts.merges, (id) => names.get(id)!, list, lastTournamentDate, reg.endDate, fesaEvent).map(([id, r]) => newPlayerRecord(r.event, latestGrade(facts.priorGradesOf(id), reg.endDate), names.get(id)));
        const ruleSetUsed = facts.ruleSetFor(reg, ruleSet);
        const rated = rateEvent(list, newcomers, fesaEvent, FESA_RULE_SETS[ruleSetUsed], { explain: keepRuns, checkLastPlayed: false });
        if (E.isLeft(rated)) return E.left(tournamentFoldError(reg, rated.left));
        lastTournamentDate = reg.endDate;
        if (keepRuns) {
          runs.push({
            tournamentId: reg.tournamentId,
            name: reg.name,
            date: reg.endDate,
            ruleSet: ruleSetUsed,
            before: new Map([...newcomers, ...list].map((p) => [nameKey(p), p])),
            after: rated.right.list,
            report: rated.right.report,
            players: fesaEvent.players.map((p) => idByName.get(nameKey(p)) ?? nameKey(p)),
          });
        }
        list = [...rated.right.list];
        break;
      }
    }
  }
  return E.right({ list, runs, officerFacts, playerIdOf, names, survivorOf });
};

/**
 * Who enters the list with a tournament, in registration order (what the program does with its `nye-spillere`):
 * the players registered since the tournament before it up to its date, and — because a registration's date says when
 * the ledger learned of the person, not when he may be rated — any player of the tournament not on the list, whatever
 * the date of his registration. Simultaneous givers are never looked up in the list, so they do not enter it, not
 * even when registered since the tournament before (a giver in the program's `nye-spillere` is imported with the
 * record it gives him, as an opening balance).
 */
const newcomersOf = (
  registrations: ReadonlyMap<string, { event: PlayerRegistered; position: number }>,
  merges: ReadonlyMap<string, unknown>,
  listNameOf: (playerId: string) => ListName,
  list: readonly FesaPlayer[],
  lastTournamentDate: string | null,
  endDate: string,
  event: FesaEvent,
): [string, { event: PlayerRegistered; position: number }][] => {
  const onList = new Set(list.map(nameKey));
  const playing = new Set(event.players.filter((p) => !p.simultaneousGiver).map(nameKey));
  const giving = new Set(event.players.filter((p) => p.simultaneousGiver).map(nameKey));
  return [...registrations.entries()]
    .filter(([id, r]) => {
      // an absorbed id enters as nobody: its games are the survivor's
      if (merges.has(id)) return false;
      const key = nameKey(listNameOf(id));
      if (onList.has(key)) return false;
      // a simultaneous display's giver is not rated by giving it: he does not enter the list with it
      if (giving.has(key) && !playing.has(key)) return false;
      return playing.has(key) || (r.event.validDate <= endDate && (lastTournamentDate === null || r.event.validDate > lastTournamentDate));
    })
    .sort((a, b) => a[1].position - b[1].position);
};

/** The facts of a game without its envelope (kept for a million games in a rebuild: no spreads, one shape). */
export const gameFacts = (e: GameFacts): GameFacts => {
  const facts: { -readonly [K in keyof GameFacts]: GameFacts[K] } = { round: e.round, first: e.first, second: e.second, result: e.result };
  if (e.handicap) facts.handicap = e.handicap;
  if (e.timeControl) facts.timeControl = e.timeControl;
  if (e.replayOf !== undefined) facts.replayOf = e.replayOf;
  if (e.byePoints !== undefined) facts.byePoints = e.byePoints;
  return facts;
};

/**
 * The prior grade a newcomer enters the list with: the latest declared by that date; a player who plays before any
 * of his declarations is dated (registered after the fact) takes the first one — the date of a declaration says when
 * the ledger learned it, not from when it holds.
 */
export const latestGrade = (grades: { date: string; grade: string }[] | undefined, by: string): string | undefined =>
  grades?.filter((g) => g.date <= by).at(-1)?.grade ?? grades?.[0]?.grade;

export const parseGrade = (grade: string): [number, string] => {
  const pro = /^Pro(?: (\d+))?$/.exec(grade);
  if (pro) return [Number(pro[1] ?? 0), 'Pro'];
  const [n, name] = grade.split(' ');
  return [Number(n), name!];
};

/** Orders grades: no grade < 20 Kyu < … < 1 Kyu < 1 Dan < … < Pro. */
export const gradeOrder = (level: number, name: string): number =>
  name === 'Kyu' ? 21 - level : name === 'Dan' ? 20 + level : name === 'Pro' ? 40 + level : 0;

/**
 * A player entering the list: the record the program builds from a `nye-spillere` entry (under `name`, the name the
 * list knows him by, when his registration's is a namesake's).
 */
export const newPlayerRecord = (reg: PlayerRegistered, grade: string | undefined, name?: ListName): FesaPlayer => {
  const [nsrLevel, nsrName] = grade ? parseGrade(grade) : [0, ''];
  const homes: FesaHome[] = (reg.homes ?? [{ list: 'E', nationality: reg.country, residence: reg.country }]).map((h) => ({
    list: h.list,
    nationality: h.nationality,
    residens: h.residence,
    last: h.lastPlayed ?? null,
  }));
  return unratedRecord(name?.lastName ?? reg.familyName, name?.firstName ?? reg.givenName, homes, nsrLevel, nsrName);
};

/**
 * The list a reconcile leaves: the file's players in the file's order, each with his record as folded so far and the
 * pinned fields put in (a player the list did not hold starts from a never-rated record); players the file does not
 * name leave the list. An id without a registration names nobody and is skipped.
 */
export const reconciledList = (list: readonly FesaPlayer[], e: ListReconciled, nameOf: (playerId: string) => { lastName: string; firstName: string } | undefined): FesaPlayer[] => {
  const current = new Map<string, FesaPlayer>();
  for (const p of list) if (!current.has(nameKey(p))) current.set(nameKey(p), p);
  const pins = new Map(e.pins.map((p) => [p.playerId, p.fields]));
  const out: FesaPlayer[] = [];
  for (const id of e.order) {
    const name = nameOf(id);
    // an id merged into another one the file also names is that player once (the first named)
    if (!name || out.some((p) => nameKey(p) === nameKey(name))) continue;
    const base = current.get(nameKey(name)) ?? unratedRecord(name.lastName, name.firstName, []);
    const fields = pins.get(id);
    const record = fields === undefined ? base : withPinnedFields(base, fields);
    // the registration names the player (a pin may hold a name corrected since)
    out.push(nameKey(record) === nameKey(name) ? record : { ...record, lastName: name.lastName, firstName: name.firstName });
  }
  return out;
};

/**
 * The records of one opening-balance group (one source list), in that list's order, under the names the players'
 * registrations give them now (a registration corrected after the import renames the record).
 */
export const decodeOpeningGroup = (
  group: readonly LoggedEvent[],
  nameOf: (playerId: string) => { lastName: string; firstName: string } | undefined,
  survivorOf: (playerId: string) => string = (id) => id,
): E.Either<string, { player: FesaPlayer; listIndex: number }[]> => {
  const ordered: { player: FesaPlayer; listIndex: number }[] = [];
  // A list holding both a survivor and an id merged into him holds one person twice: the survivor's own record counts.
  const own = new Set<string>();
  for (const fact of group) {
    const id = (fact.event as OpeningBalanceImported).playerId;
    if (survivorOf(id) === id) own.add(id);
  }
  for (const fact of group) {
    const e = fact.event as OpeningBalanceImported;
    if (survivorOf(e.playerId) !== e.playerId && own.has(survivorOf(e.playerId))) continue;
    const decoded = decodeFesaPlayerState(e.state, `opening balance of ${e.playerId} (position ${fact.globalPosition})`);
    if (E.isLeft(decoded)) return decoded;
    const name = nameOf(e.playerId);
    const player = name && nameKey(name) !== nameKey(decoded.right.player) ? { ...decoded.right.player, lastName: name.lastName, firstName: name.firstName } : decoded.right.player;
    ordered.push({ player, listIndex: decoded.right.listIndex ?? Number.MAX_SAFE_INTEGER });
  }
  return E.right(ordered.sort((a, b) => a.listIndex - b.listIndex));
};

/** The players an opening-balance group is about (ids merged into others as their survivors). */
export const openingPlayerIds = (group: readonly LoggedEvent[], survivorOf: (playerId: string) => string): string[] =>
  group.map((f) => survivorOf((f.event as OpeningBalanceImported).playerId));

export const matchesFilter = (
  p: FesaPlayer,
  id: string | undefined,
  f: RatingAdjusted['target'] extends infer T ? (T extends { kind: 'filter'; filter: infer F } ? F : never) : never,
  date: string,
  survivorOf: (playerId: string) => string,
): boolean =>
  (f.minRating === undefined || p.eloNumber >= f.minRating) &&
  (f.maxRating === undefined || p.eloNumber <= f.maxRating) &&
  (f.country === undefined || p.nationalityList.some((h) => h.nationality === f.country)) &&
  (f.activeSince === undefined || (p.lastPlayed !== null && p.lastPlayed >= f.activeSince)) &&
  (f.playerIds === undefined || (id !== undefined && (f.playerIds as readonly string[]).some((named) => survivorOf(named) === id))) &&
  date !== '';
