import * as E from 'fp-ts/Either';
import type { OpeningBalanceImported, PlayerRegistered } from '../../domain/events';
import { rateEvent } from '../../domain/rules/fesa/rate-event';
import type { FesaError, FesaEvent, FesaPlayer, FesaRatingReport, FesaRatingResult } from '../../domain/rules/fesa/types';
import { AS_ADOPTED, decodeOpeningGroup, reconciledList, FESA_RULE_SETS, FesaFacts, gradeOrder, latestGrade, matchesFilter, nameKey, newPlayerRecord, parseGrade, type FesaFold, type FoldOptions, type OfficerFact, type TimelineItem, type TournamentFacts, type TournamentRun } from './history';
import type { LoggedEvent } from '../../domain/events';
import { ListSlots, ListState, type ListEntry } from './list-state';
import { toFesaEvent, type TournamentGame } from './tournament-event';

/**
 * The FESA list kept up to date as facts arrive: the same fold as `foldFesa` (projections/fesa/history.ts), but
 *  - only the participants of a tournament go through the FESA engine (it only reads their records), the rest of
 *    the list is kept as records plus a sort key, so rating a tournament costs its size, not the list's;
 *  - the list is saved every `checkpointEvery` tournaments, and a batch of facts re-folds only from the last
 *    checkpoint before the earliest valid date the batch can change (a late result one year back re-rates one
 *    year, not thirty).
 *
 * The list itself is a `ListState` (list-state.ts): records by slot plus a sort key, cheap to restore.
 */

export type RunsMode = 'none' | 'changes' | 'reports' | 'full';

export interface ProjectionOptions {
  /** `fesa` or `fesa-published` (default `fesa`). */
  readonly ruleSet?: string;
  /** A checkpoint before every k-th tournament (default 250). */
  readonly checkpointEvery?: number;
  /**
   * What to keep of each rated tournament: `full` = as `foldFesa` keeps runs (the whole list before and after),
   * `reports` = the run with the engine's report, and before/after holding only the tournament's participants
   * (default; what careers and explanations read), `changes` = the same without the report's per-game terms (what
   * diffs read: the engine does not compute the explanation), `none` = no runs (as `foldFesa` with keepRuns false).
   */
  readonly runs?: RunsMode;
  /** The FESA engine (default `rateEvent`); the history bench passes one that records its inputs. */
  readonly engine?: typeof rateEvent;
}

/** The list at one point of the timeline: enough to fold on from there. */
export interface ListCheckpoint {
  /** Timeline items already applied. */
  readonly index: number;
  /** Valid date of the last item applied ('' before the first). */
  readonly date: string;
  /** The list in its order. */
  readonly order: readonly FesaPlayer[];
  /** True when the list is sorted by (rating, seq) — i.e. the last list-changing item was a tournament. */
  readonly sorted: boolean;
  readonly lastTournamentDate: string | null;
  readonly runs: number;
  readonly officerFacts: number;
  /** The slot of each record of `order` (list-state.ts); absent in checkpoints read back from disk. */
  readonly slots?: Int32Array;
}

/**
 * The players who enter the list with a tournament (see `newcomersOf` in history.ts): registered since the last
 * tournament, or playing in this one, and not on the list.
 */
const newcomersFor = (
  state: ListState,
  facts: FesaFacts,
  regsByDate: readonly RegisteredAt[],
  endDate: string,
  participants: readonly RegisteredName[],
  idOf: (key: string) => string | undefined,
): { id: string; event: PlayerRegistered; position: number }[] => {
  const from = state.lastTournamentDate === null ? 0 : upperBound(regsByDate, state.lastTournamentDate);
  const to = upperBound(regsByDate, endDate);
  const out: { id: string; event: PlayerRegistered; position: number }[] = [];
  for (let i = from; i < to; i++) {
    const r = regsByDate[i]!;
    if (!state.has(r.key)) out.push({ id: r.id, ...facts.registrations.get(r.id)! });
  }
  for (const { key } of participants) {
    const id = idOf(key);
    if (id === undefined || state.has(key) || out.some((o) => o.id === id)) continue;
    out.push({ id, ...facts.registrations.get(id)! });
  }
  return out.sort((a, b) => a.position - b.position);
};

/** A registered player's name, with its name key and slots (made once per registration, read by every tournament). */
interface RegisteredName {
  readonly lastName: string;
  readonly firstName: string;
  readonly key: string;
  readonly slots: readonly number[];
}

interface RegisteredAt {
  readonly date: string;
  readonly id: string;
  /** nameKey of the registered name (made once: every tournament after the registration looks it up). */
  readonly key: string;
}

/** First index whose date is after `date`. */
const upperBound = (rows: readonly { date: string }[], date: string): number => {
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (rows[mid]!.date <= date) lo = mid + 1;
    else hi = mid;
  }
  return lo;
};
/** First index whose date is `date` or later. */
const lowerBound = (rows: readonly { date: string }[], date: string): number => {
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (rows[mid]!.date < date) lo = mid + 1;
    else hi = mid;
  }
  return lo;
};

/** Where applying items writes what it explains (absent for scratch folds such as a list as of a date). */
interface Journal {
  readonly runs: TournamentRun[];
  readonly officerFacts: OfficerFact[];
  readonly mode: RunsMode;
}

export class FesaProjection {
  private readonly ruleSet: string;
  private readonly every: number;
  private readonly runsMode: RunsMode;
  private readonly engine: typeof rateEvent;
  readonly facts = new FesaFacts();
  private timeline: TimelineItem[] = [];
  private names = new Map<string, RegisteredName>();
  private idByName = new Map<string, string>();
  private regsByDate: RegisteredAt[] = [];
  private registrationsChanged = false;
  /** Earliest valid date the facts added since the last refresh can change; undefined = nothing changed. */
  private dirtyFrom: string | undefined = undefined;
  private checkpoints: ListCheckpoint[] = [];
  private readonly slots = new ListSlots();
  private state = new ListState(this.slots);
  /** Timeline items applied to `state`. */
  private applied = 0;
  private tournamentsSinceCheckpoint = 0;
  private error: { index: number; message: string } | undefined;
  private runs: TournamentRun[] = [];
  private officerFacts: OfficerFact[] = [];
  /** Highest global position fed so far. */
  position = 0;

  constructor(options: ProjectionOptions = {}) {
    this.ruleSet = options.ruleSet ?? AS_ADOPTED;
    if (this.ruleSet !== AS_ADOPTED && !FESA_RULE_SETS[this.ruleSet]) throw new Error(`unknown FESA rule set "${this.ruleSet}"; expected ${Object.keys(FESA_RULE_SETS).join(' or ')}`);
    this.every = Math.max(1, options.checkpointEvery ?? 250);
    this.runsMode = options.runs ?? 'reports';
    this.engine = options.engine ?? rateEvent;
  }

  /** Feeds facts in recorded order; the list is brought up to date lazily (by `current`, `asOf`, `refresh`). */
  apply(batch: Iterable<LoggedEvent>): void {
    for (const fact of batch) {
      const from = this.facts.add(fact);
      if (fact.event.type === 'PlayerRegistered' || fact.event.type === 'PlayerRegistrationCorrected') {
        this.registrationsChanged = true;
        // Event files are built from the players' names: rebuild them. A name given to another id re-maps players
        // from the start: then no earlier rating can be reused either.
        this.events.clear();
        if (from === '') this.rated.clear();
      }
      if (from !== undefined && (this.dirtyFrom === undefined || from < this.dirtyFrom)) this.dirtyFrom = from;
      if (fact.globalPosition > this.position) this.position = fact.globalPosition;
    }
  }

  /** The fold as `foldFesa(all facts fed, { ruleSet, keepRuns })` gives it. */
  current(): E.Either<string, FesaFold> {
    this.refresh();
    if (this.error) return E.left(this.error.message);
    return E.right(this.fold(this.state.order(), this.runs, this.officerFacts));
  }

  /** The fold as `foldFesa(all facts fed, { ruleSet, asOf })` gives it, from the nearest checkpoint. */
  asOf(date: string): E.Either<string, FesaFold> {
    this.refresh();
    const end = upperBound(this.timeline, date);
    return this.foldTo(end, this.runs.filter((r) => r.date <= date), this.officerFacts.filter((f) => f.date <= date));
  }

  /**
   * The fold as `foldFesa(all facts fed, { ruleSet, stopBefore })` gives it: before tournament `tournamentId` is
   * rated, or (when it is not in the timeline) before any item after `date` — the list an event file's
   * `ratingliste.pre` should equal.
   */
  before(stop: { readonly date: string; readonly tournamentId: string }): E.Either<string, FesaFold> {
    this.refresh();
    let end = upperBound(this.timeline, stop.date);
    for (let i = 0; i < end; i++) {
      const item = this.timeline[i]!;
      if (item.kind === 'tournament' && item.tournament.registration.tournamentId === stop.tournamentId) end = i;
    }
    // every item applied before `end` left one run (a tournament, when runs are kept) or one officer fact
    let tournaments = 0;
    for (let i = 0; i < end; i++) if (this.timeline[i]!.kind === 'tournament') tournaments++;
    return this.foldTo(end, this.runsMode === 'none' ? [] : this.runs.slice(0, tournaments), this.officerFacts.slice(0, end - tournaments));
  }

  /** The fold after the first `end` timeline items: the current list, or the nearest checkpoint re-applied up to there. */
  private foldTo(end: number, runs: readonly TournamentRun[], officerFacts: readonly OfficerFact[]): E.Either<string, FesaFold> {
    if (this.error && this.error.index < end) return E.left(this.error.message);
    if (end === this.applied) return E.right(this.fold(this.state.order(), runs, officerFacts));
    const start = this.checkpointAtOrBefore(end);
    const scratch = start ? this.restoreList(start) : new ListState(this.slots);
    // Checkpoints the way there are kept too (a projection restored from disk has only its last few): the next list
    // of a date near these starts close by instead of from the beginning again.
    let sinceCheckpoint = 0;
    let runsSoFar = start?.runs ?? 0;
    let officerFactsSoFar = start?.officerFacts ?? 0;
    for (let i = start?.index ?? 0; i < end; i++) {
      const item = this.timeline[i]!;
      if (item.kind === 'tournament') {
        if (sinceCheckpoint >= this.every && i <= this.applied) {
          this.addCheckpoint(this.snapshot(i, scratch, runsSoFar, officerFactsSoFar));
          sinceCheckpoint = 0;
        }
        sinceCheckpoint++;
        if (this.runsMode !== 'none') runsSoFar++;
      } else officerFactsSoFar++;
      const failed = this.applyItem(scratch, item, null);
      if (failed !== undefined) return E.left(failed);
    }
    return E.right(this.fold(scratch.order(), runs, officerFacts));
  }

  /** Keeps a checkpoint in index order (there is none between the one a scratch fold starts from and its end). */
  private addCheckpoint(c: ListCheckpoint): void {
    let at = this.checkpoints.length;
    while (at > 0 && this.checkpoints[at - 1]!.index > c.index) at--;
    this.checkpoints.splice(at, 0, c);
  }

  /** The checkpoints kept in memory (for saving to disk). */
  listCheckpoints(): readonly ListCheckpoint[] {
    this.refresh();
    return this.checkpoints;
  }

  /** Officer facts applied so far (for saving to disk). */
  officerFactsSoFar(): readonly OfficerFact[] {
    this.refresh();
    return this.officerFacts;
  }

  /** The current state as a checkpoint at the end of the timeline (for saving to disk). */
  headCheckpoint(): ListCheckpoint {
    this.refresh();
    return this.snapshot(this.applied);
  }

  /** Adopts checkpoints restored from disk; they must belong to exactly the facts fed so far. */
  restore(checkpoints: readonly ListCheckpoint[], head: ListCheckpoint, runs: readonly TournamentRun[], officerFacts: readonly OfficerFact[]): void {
    this.rebuildIndexes();
    this.timeline = this.facts.timeline();
    this.checkpoints = [...checkpoints].sort((a, b) => a.index - b.index);
    this.state = this.restoreList(head);
    this.applied = head.index;
    this.runs = [...runs];
    this.officerFacts = [...officerFacts];
    const last = this.checkpoints.at(-1);
    this.tournamentsSinceCheckpoint = this.timeline.slice(last?.index ?? 0, head.index).filter((t) => t.kind === 'tournament').length;
    this.dirtyFrom = head.index < this.timeline.length ? (this.timeline[head.index]!.date) : undefined;
    this.error = undefined;
  }

  /** Timeline items and the date of the last tournament rated (what a restart compares late facts with). */
  get lastRatedDate(): string | null {
    this.refresh();
    return this.state.lastTournamentDate;
  }

  /** Items re-folded by the last refresh (for benchmarks and tests of the checkpoint choice). */
  lastRefold = { from: 0, to: 0 };

  refresh(): void {
    if (this.dirtyFrom === undefined) return;
    if (this.registrationsChanged) this.rebuildIndexes();
    this.timeline = this.facts.timeline();
    const first = lowerBound(this.timeline, this.dirtyFrom);
    const restart = Math.min(first, this.error?.index ?? this.applied, this.applied);
    this.dirtyFrom = undefined;
    this.error = undefined;
    if (restart < this.applied) {
      while (this.checkpoints.length > 0 && this.checkpoints.at(-1)!.index > restart) this.checkpoints.pop();
      const from = this.checkpoints.at(-1);
      this.state = from ? this.restoreList(from) : new ListState(this.slots);
      this.applied = from?.index ?? 0;
      this.runs.length = from?.runs ?? 0;
      this.officerFacts.length = from?.officerFacts ?? 0;
      this.tournamentsSinceCheckpoint = 0;
    }
    this.lastRefold = { from: this.applied, to: this.timeline.length };
    const journal: Journal = { runs: this.runs, officerFacts: this.officerFacts, mode: this.runsMode };
    for (; this.applied < this.timeline.length; this.applied++) {
      const item = this.timeline[this.applied]!;
      if (item.kind === 'tournament') {
        if (this.tournamentsSinceCheckpoint >= this.every) {
          this.checkpoints.push(this.snapshot(this.applied));
          this.tournamentsSinceCheckpoint = 0;
        }
        this.tournamentsSinceCheckpoint++;
      }
      const failed = this.applyItem(this.state, item, journal);
      if (failed !== undefined) {
        this.error = { index: this.applied, message: failed };
        return;
      }
    }
  }

  private restoreList(c: ListCheckpoint): ListState {
    return ListState.from(this.slots, c.order, c.sorted, c.lastTournamentDate, c.slots);
  }

  private snapshot(index: number, state = this.state, runs = this.runs.length, officerFacts = this.officerFacts.length): ListCheckpoint {
    return {
      index,
      date: index > 0 ? this.timeline[index - 1]!.date : '',
      order: state.order(),
      slots: state.orderSlots(),
      sorted: !state.explicit,
      lastTournamentDate: state.lastTournamentDate,
      runs,
      officerFacts,
    };
  }

  private checkpointAtOrBefore(index: number): ListCheckpoint | undefined {
    let found: ListCheckpoint | undefined;
    for (const c of this.checkpoints) if (c.index <= index) found = c;
    return found;
  }

  private rebuildIndexes(): void {
    this.names = new Map();
    this.idByName = new Map();
    this.regsByDate = [];
    for (const [id, r] of this.facts.registrations) {
      const key = nameKey({ lastName: r.event.familyName, firstName: r.event.givenName });
      this.names.set(id, { lastName: r.event.familyName, firstName: r.event.givenName, key, slots: this.slots.slotsOf(key) });
      this.idByName.set(key, id);
      this.regsByDate.push({ date: r.event.validDate, id, key });
    }
    this.regsByDate.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    this.registrationsChanged = false;
  }

  private fold(list: readonly FesaPlayer[], runs: readonly TournamentRun[], officerFacts: readonly OfficerFact[]): FesaFold {
    const idByName = this.idByName;
    return { list, runs: [...runs], officerFacts: [...officerFacts], playerIdOf: (p) => idByName.get(nameKey(p)), names: this.names };
  }

  private playerIdOf(p: FesaPlayer): string | undefined {
    return this.idByName.get(nameKey(p));
  }

  /** Applies one timeline item to `state`; returns the fold's error message when it fails (state unchanged then). */
  private applyItem(state: ListState, item: TimelineItem, journal: Journal | null): string | undefined {
    switch (item.kind) {
      case 'opening': {
        const group = decodeOpeningGroup(item.group, (id) => this.names.get(id));
        if (E.isLeft(group)) return group.left;
        const ordered = group.right;
        const replaced = new Set(ordered.map((o) => nameKey(o.player)));
        state.reset([...ordered.map((o) => o.player), ...state.order().filter((p) => !replaced.has(nameKey(p)))]);
        journal?.officerFacts.push({ date: item.date, kind: 'opening-balance', playerIds: item.group.map((f) => (f.event as OpeningBalanceImported).playerId), event: item.group[0]!.event });
        return undefined;
      }
      case 'reconcile':
        state.reset(reconciledList(state.order(), item.event, (id) => this.names.get(id)));
        journal?.officerFacts.push({ date: item.date, kind: 'reconcile', playerIds: item.event.pins.map((p) => p.playerId), event: item.event });
        return undefined;
      case 'adjustment': {
        const { target, change } = item.event;
        const affected: string[] = [];
        state.reset(
          state.order().map((p) => {
            const id = this.playerIdOf(p);
            const hit = target.kind === 'player' ? id === target.playerId : matchesFilter(p, id, target.filter, item.date);
            if (!hit) return p;
            if (id) affected.push(id);
            return { ...p, eloNumber: change.kind === 'set' ? change.rating : p.eloNumber + change.by };
          }),
        );
        journal?.officerFacts.push({ date: item.date, kind: 'adjustment', playerIds: affected, event: item.event });
        return undefined;
      }
      case 'award': {
        const { playerId, grade } = item.event;
        const [level, name] = parseGrade(grade);
        const registered = this.names.get(playerId);
        if (registered && this.idByName.get(nameKey(registered)) === playerId) {
          for (const e of state.named(nameKey(registered))) {
            if (gradeOrder(level, name) > gradeOrder(e.record.gradeLevel, e.record.gradeName)) state.update(e.slot, { ...e.record, gradeLevel: level, gradeName: name });
          }
        }
        journal?.officerFacts.push({ date: item.date, kind: 'grade-award', playerIds: [playerId], event: item.event });
        return undefined;
      }
      case 'tournament':
        return this.rateTournament(state, item.tournament, journal);
    }
  }

  /**
   * Re-folding after a late or corrected result replays every later tournament, but most of them see exactly the
   * inputs they saw before: the same records (records are immutable, so the same objects), the same newcomers, the
   * same games and rule set. Their rating is a pure function of those, so the earlier result is reused; only the
   * tournaments the change reaches are rated again.
   */
  private readonly rated = new Map<TournamentFacts, { version: number; ruleSet: string; subList: readonly FesaPlayer[]; subNew: readonly FesaPlayer[]; result: FesaRatingResult }>();

  /**
   * Who plays in a tournament, remembered until its games change (or names are re-mapped). The event file itself is
   * not kept: it is only read when the tournament has to be rated again, and keeping twenty thousand of them cost
   * more (memory, and collector time while a rebuild fills it) than building one again after a correction.
   */
  private readonly events = new Map<TournamentFacts, { version: number; shape: E.Either<string, EventShape> }>();

  private eventOf(t: TournamentFacts): { shape: E.Either<string, EventShape>; event: () => FesaEvent } {
    const version = t.version ?? 0;
    const known = this.events.get(t);
    if (known && known.version === version) return { shape: known.shape, event: () => E.getOrElseW(unexpected)(this.buildEvent(t)).event };
    const built = this.buildEvent(t);
    const shape = E.map(shapeOf)(built);
    this.events.set(t, { version, shape });
    return { shape, event: () => E.getOrElseW(unexpected)(built).event };
  }

  private buildEvent(t: TournamentFacts): E.Either<string, { readonly event: FesaEvent; readonly names: readonly RegisteredName[] }> {
    const games: TournamentGame[] = [];
    for (const [gameId, g] of t.games) if (!g.withdrawn) games.push({ gameId, facts: g.facts });
    return toFesaEvent(t.registration, games, (id) => this.names.get(id));
  }

  /** A newcomer's first record, the same object on every re-fold (so later tournaments can reuse their rating). */
  private readonly newRecords = new Map<string, { event: PlayerRegistered; grade: string | undefined; record: FesaPlayer }>();

  private newRecord(id: string, event: PlayerRegistered, date: string): FesaPlayer {
    const grade = latestGrade(this.facts.priorGrades.get(id), date);
    const known = this.newRecords.get(id);
    if (known && known.event === event && known.grade === grade) return known.record;
    const record = newPlayerRecord(event, grade);
    this.newRecords.set(id, { event, grade, record });
    return record;
  }

  private rateCached(t: TournamentFacts, ruleSet: string, subList: readonly FesaPlayer[], subNew: readonly FesaPlayer[], event: () => FesaEvent): E.Either<FesaError, FesaRatingResult> {
    const version = t.version ?? 0;
    const cached = this.rated.get(t);
    if (cached && cached.version === version && cached.ruleSet === ruleSet && sameRecords(cached.subList, subList) && sameRecords(cached.subNew, subNew)) {
      return E.right(cached.result);
    }
    const result = this.engine(subList, subNew, event(), FESA_RULE_SETS[ruleSet], { explain: this.runsMode === 'reports' || this.runsMode === 'full', checkLastPlayed: false });
    if (E.isRight(result)) {
      // Without runs the report is never read again: keep only the list.
      const kept = this.runsMode === 'none' ? { ...result.right, report: EMPTY_REPORT } : result.right;
      this.rated.set(t, { version, ruleSet, subList, subNew, result: kept });
    } else this.rated.delete(t);
    return result;
  }

  private rateTournament(state: ListState, t: Extract<TimelineItem, { kind: 'tournament' }>['tournament'], journal: Journal | null): string | undefined {
    const reg = t.registration;
    const { shape, event } = this.eventOf(t);
    if (E.isLeft(shape)) return shape.left;
    const registered = newcomersFor(state, this.facts, this.regsByDate, reg.endDate, shape.right.lookups, (key) => this.idByName.get(key)).map((r) => this.newRecord(r.id, r.event, reg.endDate));
    const newcomerSlots = state.newcomerSlots(registered.map(nameKey));
    const newcomers = registered.map((record, i): ListEntry => ({ slot: newcomerSlots[i]!, record }));
    // Only the participants' records go to the engine: the first record of each name, newcomers before the list,
    // exactly the records the program's lookup by name would find in the whole list.
    let newcomerByName: Map<string, ListEntry> | undefined;
    if (newcomers.length > 0) {
      newcomerByName = new Map();
      for (const e of newcomers) if (!newcomerByName.has(nameKey(e.record))) newcomerByName.set(nameKey(e.record), e);
    }
    const freshEntries: ListEntry[] = [];
    const listEntries: ListEntry[] = [];
    for (const { key, slots } of shape.right.lookups) {
      const fresh = newcomerByName?.get(key);
      if (fresh) freshEntries.push(fresh);
      else {
        const entry = state.firstOf(slots);
        if (entry) listEntries.push(entry);
      }
    }
    const entries = [...freshEntries, ...listEntries];
    const subNew = freshEntries.map((e) => e.record);
    const subList = listEntries.map((e) => e.record);
    const before =
      journal === null || journal.mode === 'none'
        ? undefined
        : journal.mode === 'full'
          ? new Map([...registered, ...state.order()].map((p) => [nameKey(p), p]))
          : new Map(entries.map((e) => [nameKey(e.record), e.record]));
    const ruleSetUsed = this.facts.ruleSetFor(reg, this.ruleSet);
    const rated = this.rateCached(t, ruleSetUsed, subList, subNew, event);
    if (E.isLeft(rated)) return `tournament "${reg.tournamentId}" (${reg.endDate}): ${rated.left.message}`;
    const updates = new Map<number, FesaPlayer>();
    const results = rated.right.inInputOrder;
    for (let i = 0; i < entries.length; i++) updates.set(entries[i]!.slot, results[i]!);
    state.afterTournament(newcomers, updates);
    state.lastTournamentDate = reg.endDate;
    if (journal && before) {
      journal.runs.push({
        tournamentId: reg.tournamentId,
        name: reg.name,
        date: reg.endDate,
        ruleSet: ruleSetUsed,
        before,
        after: journal.mode === 'full' ? state.order() : [...updates.values()],
        report: rated.right.report,
        players: shape.right.players.map((key) => this.idByName.get(key) ?? key),
      });
    }
    return undefined;
  }
}

const EMPTY_REPORT: FesaRatingReport = { iterations: 0, origin: '', players: [] };

/** The same records, object for object (records are immutable; a newcomer's first record is made once, see newRecord). */
const sameRecords = (a: readonly FesaPlayer[], b: readonly FesaPlayer[]): boolean => a.length === b.length && a.every((r, i) => r === b[i]);

/** What the projection needs of an event file without rating it: its players' name keys. */
interface EventShape {
  /** Every player of the file, in file order. */
  readonly players: readonly string[];
  /**
   * The names the program looks up in the list (not simultaneous givers, not nameless), once each, in file order,
   * with their slots.
   */
  readonly lookups: readonly RegisteredName[];
}

const shapeOf = ({ event, names }: { readonly event: FesaEvent; readonly names: readonly RegisteredName[] }): EventShape => {
  const players = names.map((n) => n.key);
  const lookups: RegisteredName[] = [];
  names.forEach((name, i) => {
    const ev = event.players[i]!;
    if (ev.simultaneousGiver || (ev.lastName === '' && ev.firstName === '')) return;
    // one lookup per name (a name's slot list is one object); an event has a few dozen players, no set needed
    if (!lookups.some((l) => l.slots === name.slots)) lookups.push(name);
  });
  return { players, lookups };
};

const unexpected = (message: string): never => {
  // eventOf builds the file once per version of the tournament's games; the shape said it was built fine.
  throw new Error(`an event file that was built once could not be built again: ${message}`);
};

/**
 * `foldFesa(log, options)` through the projection: what adapters fold with, since its cost grows with the
 * tournaments' sizes and not with the list's (`foldFesa` hands the whole list to the engine for every tournament,
 * which a federation of a hundred thousand players cannot wait for). With runs kept (`changes`, `reports`), each
 * run holds its participants' records before and after, not the whole list. `asOf` and `stopBefore` are not combined.
 */
export const foldFesaFast = (
  log: Iterable<LoggedEvent>,
  options: ProjectionOptions & Pick<FoldOptions, 'asOf' | 'knownAt' | 'stopBefore'> = {},
): E.Either<string, FesaFold> => {
  const projection = new FesaProjection(options);
  projection.apply(options.knownAt === undefined ? log : knownBy(log, options.knownAt));
  if (options.stopBefore !== undefined) return projection.before(options.stopBefore);
  return options.asOf === undefined ? projection.current() : projection.asOf(options.asOf);
};

function* knownBy(log: Iterable<LoggedEvent>, position: number): Iterable<LoggedEvent> {
  for (const fact of log) if (fact.globalPosition <= position) yield fact;
}
