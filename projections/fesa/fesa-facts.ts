/**
 * What the FESA fold reads of the log (phase one of `foldFesa` in history.ts): the rule sets it rates under, the event
 * types it handles and passes over, and the facts collected one at a time.
 */
import type { GameFacts, LoggedEvent, PlayerRegistered, RuleSetAdopted, TournamentRegistered } from '../../domain/events';
import { correctedRegistration } from '../../domain/commands/state';
import { everyTypeHandled, passedOver, type EventSelection } from '../../domain/events/selection';
import type { FesaOptions } from '../../domain/rules/fesa/options';
import { fesaProgramRuleSet, fesaPublishedRuleSet, type FesaRuleSet } from '../../domain/rules/fesa/rule-set';
import { ruleSetInForce } from '../../domain/rules/in-force';
import { firstDeclared } from '../declared-grades';
import { AS_ADOPTED, type FesaRuleSetId } from '../../domain/rules/rule-set-ids';
import { ListNames, type NameHolder } from './list-names';
import { gameFacts } from './list-records';
import { nameKey } from './name-key';
import { FIRST_KEY, ORD_PHASE, PHASE, compareItems, compareKeys, dateKey, tournamentKey, tournamentsOf, type AffectedFrom, type ItemKey, type TimelineItem, type TournamentFacts } from './timeline';

/** The rule sets the fold rates under, as the contract registers them: their options and their rating step. */
export const FESA_CONTRACTS: Readonly<Record<string, FesaRuleSet>> = { fesa: fesaProgramRuleSet, 'fesa-published': fesaPublishedRuleSet } satisfies Record<FesaRuleSetId, FesaRuleSet>;
export const FESA_RULE_SETS: Readonly<Record<string, FesaOptions>> = Object.fromEntries(Object.entries(FESA_CONTRACTS).map(([id, r]) => [id, r.defaults]));
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
  /**
   * Each player's earliest tournament end date where a game or the entrants name him: a first prior grade counts
   * before its own date too (`latestGrade`: a declaration registered after the fact), so it may change the lists from
   * his first tournament on, not only from its date.
   */
  private readonly firstNamed = new Map<string, string>();
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
    this.namedOn(t.registration.endDate, facts.first, facts.second);
  }

  private namedOn(date: string, ...players: readonly (string | null | undefined)[]): void {
    for (const id of players) {
      if (id === null || id === undefined) continue;
      const known = this.firstNamed.get(id);
      if (known === undefined || date < known) this.firstNamed.set(id, date);
    }
  }

  /**
   * From which date a prior grade of `playerId` dated `date` can change the fold: its date, or for his first
   * declaration the first tournament naming him when earlier (see `firstNamed`); '' (the start) for an id a merge
   * names, whose grades are read with another id's.
   */
  private gradeFrom(playerId: string, date: string): string {
    // another declaration dated before it: this one counts from its date; dated on or before them all, it becomes his
    // first (of two on one date the one recorded last stands: a correction), which counts before its date too
    const earliest = firstDeclared(this.priorGrades.get(playerId));
    if (earliest !== undefined && earliest.date < date) return date;
    for (const [absorbed, m] of this.merges) if (absorbed === playerId || m.survivor === playerId) return '';
    const first = this.firstNamed.get(playerId);
    return first !== undefined && first < date ? first : date;
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
        return this.registrations.has(e.survivor) && this.registrations.has(e.absorbed) ? this.mergedFrom(e.absorbed, e.survivor) : undefined;
      case 'PlayersUnmerged':
        return this.merges.get(e.absorbed)?.merge === e.merge ? FIRST_KEY : undefined;
      case 'PriorGradeDeclared': {
        const from = this.gradeFrom(e.playerId, e.validDate);
        return from === '' ? FIRST_KEY : dateKey(from);
      }
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
        const from = this.gradeFrom(e.playerId, e.validDate);
        const grades = this.priorGrades.get(e.playerId);
        if (grades) grades.push({ date: e.validDate, grade: e.grade });
        else this.priorGrades.set(e.playerId, [{ date: e.validDate, grade: e.grade }]);
        return from;
      }
      case 'TournamentRegistered': {
        const before = this.ratedFrom(this.tournaments.get(e.tournamentId));
        this.tournaments.set(e.tournamentId, { registration: e, position: fact.globalPosition, games: new Map() });
        this.namedOn(e.endDate, ...(e.entrants ?? []));
        return earlier(before, this.ratedFrom(this.tournaments.get(e.tournamentId)));
      }
      case 'GameReported': {
        const t = this.tournaments.get(e.tournamentId);
        t?.games.set(e.gameId, { facts: gameFacts(e), withdrawn: false });
        if (t) {
          t.version = (t.version ?? 0) + 1;
          this.namedOn(t.registration.endDate, e.first, e.second);
        }
        return this.ratedFrom(t);
      }
      case 'ResultCorrected': {
        const t = this.tournaments.get(e.tournamentId);
        const g = t?.games.get(e.gameId);
        if (!g) return undefined;
        g.facts = gameFacts(e);
        t!.version = (t!.version ?? 0) + 1;
        this.namedOn(t!.registration.endDate, e.first, e.second);
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

  /**
   * Where the caller knows every tournament whose games name a player (the stream index beside the log,
   * src/app/stream-index.ts): a merge then re-folds from the absorbed id's first item, not from the start. The facts
   * alone cannot tell it (a projection restored from a checkpoint holds only the later tournaments' games).
   */
  tournamentsNaming: ((playerId: string) => readonly string[]) | undefined;

  /**
   * The first item a merge of `absorbed` into `survivor` can change. Before it the absorbed id has no record, so the
   * survivor's is as it was: the absorbed id's registration (a new id's list entry starts at the tournaments of its
   * date), the tournaments whose games, entrants or simul givers name him, the officer facts naming him; where he
   * declared prior grades, their dates and the survivor's registration and first tournament too (a newcomer who
   * plays before any of his declarations takes the first one declared, whatever its date). From the start where it
   * may reach further: without `tournamentsNaming`; when giving up his list name gives another holder a new one
   * (namesakes), or an opening list knows his name; when another id was merged into him.
   */
  mergedFrom(absorbed: string, survivor: string): ItemKey {
    const registration = this.registrations.get(absorbed)?.event;
    const naming = this.tournamentsNaming;
    if (registration === undefined || naming === undefined || this.merges.has(absorbed) || !this.listNames.soleBearer(absorbed)) return FIRST_KEY;
    if (this.openingNames.has(nameKey({ lastName: registration.familyName, firstName: registration.givenName }))) return FIRST_KEY;
    for (const m of this.merges.values()) if (m.survivor === absorbed) return FIRST_KEY;
    let earliest = tournamentsOf(registration.validDate);
    const touch = (key: ItemKey): void => {
      if (compareKeys(key, earliest) < 0) earliest = key;
    };
    const ids = new Set([absorbed]);
    const grades = this.priorGrades.get(absorbed) ?? [];
    for (const g of grades) touch(dateKey(g.date));
    if (grades.length > 0) {
      const own = this.registrations.get(survivor)?.event;
      if (own !== undefined) touch(tournamentsOf(own.validDate));
      ids.add(survivor);
    }
    for (const id of ids) {
      for (const tournamentId of naming(id)) {
        const t = this.tournaments.get(tournamentId);
        if (t !== undefined && this.isRated(t)) touch(tournamentKey(t));
      }
    }
    for (const t of this.tournaments.values()) {
      const r = t.registration;
      if (this.isRated(t) && [...(r.entrants ?? []), ...(r.simulGivers ?? [])].some((id: string) => ids.has(id))) touch(tournamentKey(t));
    }
    if (this.officerIds.has(absorbed)) for (const item of this.items) if (itemNames(item, absorbed)) touch(dateKey(item.date));
    return earliest;
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

/** Whether an officer item names `playerId` (an opening balance, a reconcile's order or pin, an adjustment, an award). */
const itemNames = (item: TimelineItem, playerId: string): boolean => {
  switch (item.kind) {
    case 'opening':
      return item.group.some((f) => f.event.type === 'OpeningBalanceImported' && f.event.playerId === playerId);
    case 'reconcile':
      return item.event.order.some((id: string) => id === playerId) || item.event.pins.some((pin) => pin.playerId === playerId);
    case 'adjustment': {
      const target = item.event.target;
      return target.kind === 'player' ? target.playerId === playerId : (target.filter.playerIds ?? []).some((id: string) => id === playerId);
    }
    case 'award':
      return item.event.playerId === playerId;
    case 'tournament':
      return false;
  }
};
