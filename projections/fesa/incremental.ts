import * as E from 'fp-ts/Either';
import type { FesaPlayer } from '../../domain/rules/fesa/types';
import type { LoggedEvent } from '../../domain/events';
import { Checkpoints, checkpointOf, restoreList, type ListCheckpoint } from './checkpoints';
import { AS_ADOPTED, compareKeys, FESA_RULE_SETS, FesaFacts, FIRST_KEY, foldError, itemKeyOf, makesItem, type FesaFold, type FoldError, type FoldOptions, type ItemKey, type OfficerFact, type TimelineItem, type TournamentRun } from './history';
import type { RatedItem } from './diff';
import { CareerModelJournal, type CareerModelChanges } from './career-model';
import { ListModelJournal, SlotOwners, type ListModelChanges } from './list-model';
import { ListSlots, ListState } from './list-state';
import { applyOfficerItem, extendOpening } from './officer-items';
import { RegisteredNames, upperBound } from './registered-names';
import { knownBy, lowerBoundKey } from './timeline';
import { SlotWatch, taken } from './slot-watch';
import { TournamentRating, type Journal, type RunInputs, type RunsMode } from './tournament-rating';
import type { ProjectionOptions } from './projection-options';

export type { ListCheckpoint } from './checkpoints';
export type { RunsMode } from './tournament-rating';
export type { ProjectionOptions } from './projection-options';

/**
 * The FESA list kept up to date as facts arrive: the same fold as `foldFesa` (projections/fesa/history.ts), but
 *  - only the participants of a tournament go through the FESA engine (it only reads their records), the rest of
 *    the list is kept as records plus a sort key, so rating a tournament costs its size, not the list's;
 *  - the list is saved every `checkpointEvery` tournaments, and a batch of facts re-folds only from the last
 *    checkpoint before the earliest valid date the batch can change (a late result one year back re-rates one
 *    year, not thirty).
 *
 * Its parts: the list itself is a `ListState` (list-state.ts), records by slot plus a sort key, cheap to restore;
 * `Checkpoints` (checkpoints.ts) are where a re-fold starts; `RegisteredNames` (registered-names.ts) finds players by
 * id, name and registration date; officer facts are applied by `applyOfficerItem` (officer-items.ts) and tournaments
 * rated by `TournamentRating` (tournament-rating.ts), which keeps what a re-fold can reuse. This class only decides
 * what to fold from where.
 */

export class FesaProjection {
  private readonly ruleSet: string;
  private readonly every: number;
  private readonly runsMode: RunsMode;
  private readonly onProgress: ((applied: number, total: number) => void) | undefined;
  readonly facts = new FesaFacts();
  private timeline: TimelineItem[] = [];
  private readonly slots = new ListSlots();
  private registered = new RegisteredNames(this.facts, this.slots);
  private registrationsChanged = false;
  /** Ids registered for the first time since the names were last made (see `RegisteredNames.withNew`). */
  private newIds: string[] = [];
  /** `registered` was handed out (a fold, the names, the careers' journal): extended as a copy, not in place. */
  private registeredShared = true;
  private readonly tournaments: TournamentRating;
  /** Earliest item the facts added since the last refresh can change; undefined = nothing changed. */
  private dirtyFrom: ItemKey | undefined = undefined;
  /** The key of the last item of the timeline, with the items facts added since the last refresh. */
  private endKey: ItemKey = FIRST_KEY;
  /** Facts fed since the last refresh that change the fold, [first item changed, position]: the list model's segment. */
  private segment: [ItemKey, number][] = [];
  /** Who owns each name key (list read model). */
  private owners: SlotOwners | undefined;
  private readonly checkpoints = new Checkpoints();
  private state = new ListState(this.slots);
  private model: ListModelJournal | undefined;
  private careers: CareerModelJournal | undefined;
  /** Timeline items applied to `state`. */
  private applied = 0;
  private tournamentsSinceCheckpoint = 0;
  private error: { index: number; error: FoldError } | undefined;
  private runs: TournamentRun[] = [];
  private officerFacts: OfficerFact[] = [];
  /** The opening item the main fold applied last, when it is the last item applied, and how many balances it held. */
  private lastOpening: { readonly index: number; readonly group: readonly LoggedEvent[]; members: number } | undefined;
  /** Highest global position fed so far. */
  position = 0;
  /** The timeline item the runs kept start at: a restored projection keeps only the runs it folded itself. */
  runsFrom = 0;

  constructor(options: ProjectionOptions = {}) {
    this.ruleSet = options.ruleSet ?? AS_ADOPTED;
    if (this.ruleSet !== AS_ADOPTED && !FESA_RULE_SETS[this.ruleSet]) throw new Error(`unknown FESA rule set "${this.ruleSet}"; expected ${Object.keys(FESA_RULE_SETS).join(' or ')}`);
    this.every = Math.max(1, options.checkpointEvery ?? 250);
    this.runsMode = options.runs ?? 'reports';
    this.onProgress = options.onProgress;
    this.tournaments = new TournamentRating(this.facts, this.ruleSet, this.runsMode, options.engine);
    if (options.listModel) {
      this.model = new ListModelJournal();
      this.owners = new SlotOwners();
      this.state.trackChanges();
    }
    if (options.careerModel) {
      this.careers = new CareerModelJournal();
    }
  }

  /** A saved checkpoint's facts, fed before `restore` makes the names and the item to fold from anew (not fact by fact). */
  applySaved(batch: Iterable<LoggedEvent>): void {
    for (const fact of batch) {
      this.facts.add(fact);
      if (fact.globalPosition > this.position) this.position = fact.globalPosition;
    }
  }

  /** Feeds facts in recorded order; the list is brought up to date lazily (by `current`, `asOf`, `refresh`). */
  apply(batch: Iterable<LoggedEvent>): void {
    const model = this.model !== undefined;
    for (const fact of batch) {
      const key = this.facts.affectedKey(fact);
      // the list read model knows every position exactly: a fact changing an item the timeline holds already is
      // folded apart from the facts before it (list-model.ts)
      if (model && key !== undefined && this.segment.length > 0 && compareKeys(key, this.endKey) <= 0) this.refresh();
      const type = fact.event.type;
      // a new id: the names are extended at the next refresh, not rebuilt (see RegisteredNames.withNew)
      const newId = type === 'PlayerRegistered' && !this.facts.registrations.has(fact.event.playerId) ? fact.event.playerId : undefined;
      const from = this.facts.add(fact);
      const registration = type === 'PlayerRegistered' || type === 'PlayerRegistrationCorrected' || type === 'PlayersMerged' || type === 'PlayersUnmerged';
      if (registration) {
        if (newId !== undefined) this.newIds.push(newId);
        else this.registrationsChanged = true;
        this.tournaments.registrationsChanged(from === '');
      }
      if (key !== undefined) {
        if (this.dirtyFrom === undefined || compareKeys(key, this.dirtyFrom) < 0) this.dirtyFrom = key;
        if (makesItem(type) && compareKeys(key, this.endKey) > 0) this.endKey = key;
        if (model) this.segment.push([key, fact.globalPosition]);
      }
      if (model && registration) {
        const e = fact.event as { playerId?: string; absorbed?: string };
        for (const [name, id] of this.owners!.update((e.absorbed ?? e.playerId)!, this.facts)) this.model!.ownerChanged(name, id, fact.globalPosition);
      }
      if (fact.globalPosition > this.position) this.position = fact.globalPosition;
    }
  }

  /** The fold as `foldFesa(all facts fed, { ruleSet, keepRuns })` gives it. */
  current(): E.Either<FoldError, FesaFold> {
    this.refresh();
    if (this.error) return E.left(this.error.error);
    return E.right(this.fold(this.state.order(), this.runs, this.officerFacts));
  }

  /** The fold as `foldFesa(all facts fed, { ruleSet, asOf })` gives it, from the nearest checkpoint. */
  asOf(date: string): E.Either<FoldError, FesaFold> {
    this.refresh();
    const end = upperBound(this.timeline, date);
    return this.foldTo(end, this.runs.filter((r) => r.date <= date), this.officerFacts.filter((f) => f.date <= date));
  }

  /**
   * The fold as `foldFesa(all facts fed, { ruleSet, stopBefore })` gives it: before tournament `tournamentId` is
   * rated, or (when it is not in the timeline) before any item after `date` — the list an event file's
   * `ratingliste.pre` should equal.
   */
  before(stop: { readonly date: string; readonly tournamentId: string }): E.Either<FoldError, FesaFold> {
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
  private foldTo(end: number, runs: readonly TournamentRun[], officerFacts: readonly OfficerFact[]): E.Either<FoldError, FesaFold> {
    if (this.error && this.error.index < end) return E.left(this.error.error);
    if (end === this.applied) return E.right(this.fold(this.state.order(), runs, officerFacts));
    const start = this.checkpoints.atOrBefore(end);
    const scratch = start ? restoreList(this.slots, start) : new ListState(this.slots);
    // Checkpoints the way there are kept too (a projection restored from disk has only its last few): the next list
    // of a date near these starts close by instead of from the beginning again.
    let sinceCheckpoint = 0;
    let runsSoFar = start?.runs ?? 0;
    // A checkpoint counts the runs kept before it; from a saved one (none) where the kept runs do not start, these too
    const countsRuns = this.runsMode === 'none' || runsSoFar > 0 || (start?.index ?? 0) === this.runsFrom;
    let officerFactsSoFar = start?.officerFacts ?? 0;
    for (let i = start?.index ?? 0; i < end; i++) {
      const item = this.timeline[i]!;
      if (item.kind === 'tournament') {
        if (sinceCheckpoint >= this.every && i <= this.applied) {
          this.checkpoints.add(checkpointOf(this.timeline, i, scratch, countsRuns ? runsSoFar : 0, officerFactsSoFar));
          sinceCheckpoint = 0;
        }
        sinceCheckpoint++;
        if (this.runsMode !== 'none') runsSoFar++;
      } else officerFactsSoFar++;
      this.onProgress?.(i - (start?.index ?? 0), end - (start?.index ?? 0));
      const failed = this.applyItem(scratch, item, null);
      if (failed !== undefined) return E.left(failed);
    }
    return E.right(this.fold(scratch.order(), runs, officerFacts));
  }

  /**
   * Each tournament of the timeline by the number of items up to and including it (the `after` of its rows in the
   * list's read model), with its id and date. The timeline is the facts' and the same under every rule set.
   */
  ratedItems(): Map<number, RatedItem> {
    this.refresh();
    const out = new Map<number, RatedItem>();
    this.timeline.forEach((item, i) => {
      if (item.kind === 'tournament') out.set(i + 1, { tournamentId: item.tournament.registration.tournamentId, date: item.tournament.registration.endDate });
    });
    return out;
  }

  /** The registered players' names by id, as the folds name them. */
  get names(): FesaFold['names'] {
    this.registeredShared = true;
    return this.registered.byId;
  }

  /** The checkpoints kept in memory (for saving to disk). */
  listCheckpoints(): readonly ListCheckpoint[] {
    this.refresh();
    return this.checkpoints.all();
  }

  /** Officer facts applied so far (for saving to disk). */
  officerFactsSoFar(): readonly OfficerFact[] {
    this.refresh();
    return this.officerFacts;
  }

  /** The current state as a checkpoint at the end of the timeline (for saving to disk). */
  headCheckpoint(): ListCheckpoint {
    this.refresh();
    return this.checkpointHere();
  }

  /** Notes the list slots written from now on (slot-watch.ts): a comparison diffs those alone. */
  watchSlots = (): SlotWatch => (this.slots.watch = new SlotWatch());

  /** The name key of every list slot, by slot (saved with a checkpoint: see `restoreSlots`). */
  slotKeys(): readonly string[] {
    this.refresh();
    return this.slots.keys;
  }

  /** Numbers the list slots as a saved projection did (before anything else is restored or fed). */
  restoreSlots(keys: readonly string[]): void {
    this.slots.restoreKeys(keys);
  }

  /** Whether the fold of the facts fed so far failed (the list then is an error, not rows). */
  get failed(): boolean {
    this.refresh();
    return this.error !== undefined;
  }

  /** The list read model's rows made since it was last saved (undefined unless kept: `listModel`). */
  listModelChanges(): ListModelChanges | undefined {
    this.refresh();
    return this.model?.changes(this.slots.keys);
  }

  /**
   * Keeps no more rows for the list read model (a server that holds the projection in memory and never saves it
   * again would otherwise hold every change it folds).
   */
  forgetListModel(): void {
    this.model = undefined;
    this.owners = undefined;
    this.segment = [];
    this.state.untrack();
    this.careers = undefined;
  }

  /** The careers' read model's runs and facts made since it was last saved (undefined unless kept: `careerModel`). */
  careerModelChanges(): CareerModelChanges | undefined {
    this.refresh();
    this.registeredShared = true;
    return this.careers?.changes(this.registered);
  }

  /** The careers' read model as `careerModelChanges()` gave it is saved. */
  careerModelSaved(): void {
    this.registeredShared = true;
    this.careers?.savedThrough(this.applied, this.registered);
  }

  /** The list read model as `listModelChanges()` gave it is saved. */
  listModelSaved(): void {
    this.model?.savedThrough(this.timelineEnd(), this.slots.count, this.position);
  }

  /** The key of the timeline's last item (undefined: none). */
  private timelineEnd(): ItemKey | undefined {
    const last = this.timeline.at(-1);
    return last === undefined ? undefined : itemKeyOf(last);
  }

  /** Adopts checkpoints restored from disk, of exactly the facts fed so far (and with the list read model, when kept). */
  restore(checkpoints: readonly ListCheckpoint[], head: ListCheckpoint, runs: readonly TournamentRun[], officerFacts: readonly OfficerFact[]): void {
    this.rebuildIndexes();
    this.timeline = this.facts.timeline();
    this.checkpoints.replaceAll(checkpoints);
    this.state = restoreList(this.slots, head);
    if (this.model) {
      this.state.trackChanges();
      this.owners = new SlotOwners();
      this.segment = [];
      this.model.restored(this.timelineEnd(), this.slots.count, this.position);
    }
    this.endKey = this.timelineEnd() ?? FIRST_KEY;
    // made just now, the names are held by the careers' journal alone (a comparison keeps none): ids since extend them
    this.registeredShared = this.careers !== undefined;
    this.careers?.restored(head.index, this.registered);
    this.applied = head.index;
    this.lastOpening = undefined;
    this.runs = [...runs];
    this.runsFrom = runs.length === 0 ? head.index : 0;
    this.officerFacts = [...officerFacts];
    const last = this.checkpoints.last();
    this.tournamentsSinceCheckpoint = this.timeline.slice(last?.index ?? 0, head.index).filter((t) => t.kind === 'tournament').length;
    this.dirtyFrom = head.index < this.timeline.length ? itemKeyOf(this.timeline[head.index]!) : undefined;
    this.error = undefined;
  }

  /** Timeline items and the date of the last tournament rated (what a restart compares late facts with). */
  get lastRatedDate(): string | null {
    this.refresh();
    return this.state.lastTournamentDate;
  }

  /**
   * Folds again from the latest checkpoint at or before `key`, keeping the runs from there (a comparison's "before"):
   * the same facts make the same list, so the read models' journals are left as the facts fed made them.
   */
  refoldFrom(key: ItemKey): void {
    this.refresh();
    const [model, careers] = [this.model, this.careers];
    [this.model, this.careers, this.dirtyFrom] = [undefined, undefined, key];
    this.refresh();
    [this.model, this.careers] = [model, careers];
    // (the slots that re-fold wrote are no change of the facts fed)
    if (model) this.state.trackChanges();
    this.state.takeTouched();
  }

  /** Drops the runs kept (a comparison made, the projection about to be saved, which keeps none). */
  dropRuns = (): void => void (this.runs = []);

  /** Items re-folded by the last refresh (for benchmarks and tests of the checkpoint choice). */
  lastRefold = { from: 0, to: 0 };

  refresh(): void {
    if (this.dirtyFrom === undefined) return;
    const renamed = this.registrationsChanged;
    this.updateIndexes();
    this.timeline = this.facts.timeline();
    if (!renamed && this.extendLastOpening()) return;
    const first = lowerBoundKey(this.timeline, this.dirtyFrom);
    const restart = Math.min(first, this.error?.index ?? this.applied, this.applied);
    this.dirtyFrom = undefined;
    this.error = undefined;
    if (restart < this.applied) {
      const from = this.checkpoints.dropAfter(restart);
      this.state = from ? restoreList(this.slots, from) : new ListState(this.slots);
      this.slots.watch?.restored(from?.order ?? null);
      this.applied = from?.index ?? 0;
      if (this.model) this.state.trackChanges();
      this.careers?.refoldFrom(this.applied);
      this.runs.length = from?.runs ?? 0;
      // a saved checkpoint counts no runs (its fold kept none): the runs kept start there
      if (from === undefined || from.runs === 0) this.runsFrom = from?.index ?? 0;
      this.officerFacts.length = from?.officerFacts ?? 0;
      this.tournamentsSinceCheckpoint = 0;
    }
    this.lastRefold = { from: this.applied, to: this.timeline.length };
    this.endKey = this.timelineEnd() ?? FIRST_KEY;
    const model = this.model;
    model?.beginRefold(this.applied > 0 ? itemKeyOf(this.timeline[this.applied - 1]!) : FIRST_KEY, this.segment, this.position);
    this.segment = [];
    const careers = this.careers;
    let made: (() => RunInputs) | undefined;
    const journal: FoldJournal = { runs: this.runs, officerFacts: this.officerFacts, mode: this.runsMode, ...(careers ? { model: (inputs: () => RunInputs) => (made = inputs) } : {}) };
    for (; this.applied < this.timeline.length; this.applied++) {
      const item = this.timeline[this.applied]!;
      if (item.kind === 'tournament') {
        if (this.tournamentsSinceCheckpoint >= this.every) {
          this.checkpoints.add(this.checkpointHere());
          this.tournamentsSinceCheckpoint = 0;
        }
        this.tournamentsSinceCheckpoint++;
      }
      this.onProgress?.(this.applied - this.lastRefold.from, this.timeline.length - this.lastRefold.from);
      const failed = this.applyItem(this.state, item, journal);
      if (failed !== undefined) {
        this.error = { index: this.applied, error: failed };
        if (model) {
          this.state.takeTouched();
          model.record(itemKeyOf(item), this.state, { explicit: this.state.explicit, tournamentId: tournamentOf(item), error: JSON.stringify(failed) }, false);
          model.endRefold();
        }
        return;
      }
      model?.record(itemKeyOf(item), this.state, { explicit: this.state.explicit, tournamentId: tournamentOf(item), error: null }, item.kind === 'tournament');
      this.lastOpening = item.kind === 'opening' && this.registered.survivorOf === undefined ? { index: this.applied, group: item.group, members: item.group.length } : undefined;
      if (careers) {
        if (item.kind !== 'tournament') careers.fact(this.applied + 1, this.officerFacts.at(-1)!);
        else if (made !== undefined) careers.run(this.applied + 1, made);
        made = undefined;
      }
    }
    model?.endRefold();
  }

  /**
   * Balances joining the last item applied, an opening list: the list read model folds each apart, which would fold an
   * import of n balances n times; appended instead (`extendOpening`, `ListModelJournal.amend`). False: not that case.
   */
  private extendLastOpening(): boolean {
    const last = this.lastOpening;
    const model = this.model;
    const item = this.timeline[this.applied - 1];
    if (!last || !model || this.error || last.index !== this.applied - 1 || this.timeline.length !== this.applied) return false;
    if (item?.kind !== 'opening' || item.group !== last.group || compareKeys(this.dirtyFrom!, itemKeyOf(item)) !== 0 || !model.canAmend(itemKeyOf(item))) return false;
    const extended = extendOpening(this.state, item, this.registered, last.members);
    if (extended === undefined || E.isLeft(extended)) return false;
    this.officerFacts[this.officerFacts.length - 1] = extended.right;
    model.amend(itemKeyOf(item), this.state, this.segment, this.position);
    this.careers?.refoldFrom(this.applied - 1);
    this.careers?.fact(this.applied, extended.right);
    last.members = item.group.length;
    this.segment = [];
    this.dirtyFrom = undefined;
    // no item was folded again
    this.lastRefold = { from: this.applied, to: this.applied };
    return true;
  }

  private checkpointHere(): ListCheckpoint {
    return taken(this.slots.watch, checkpointOf(this.timeline, this.applied, this.state, this.runs.length, this.officerFacts.length));
  }

  private rebuildIndexes(): void {
    this.registered = new RegisteredNames(this.facts, this.slots);
    this.registrationsChanged = false;
    this.registeredShared = false;
    this.newIds = [];
  }

  /** The names brought up to the registrations fed: rebuilt after a correction, merge or unmerge, else extended. */
  private updateIndexes(): void {
    if (this.registrationsChanged) this.rebuildIndexes();
    else if (this.newIds.length > 0) {
      if (this.registeredShared) this.registered = RegisteredNames.withNew(this.registered, this.newIds, this.facts, this.slots);
      else this.registered.extend(this.newIds, this.facts, this.slots);
      this.registeredShared = false;
      this.newIds = [];
    }
  }

  private fold(list: readonly FesaPlayer[], runs: readonly TournamentRun[], officerFacts: readonly OfficerFact[]): FesaFold {
    this.registeredShared = true;
    const registered = this.registered;
    return { list, runs: [...runs], officerFacts: [...officerFacts], playerIdOf: (p) => registered.idOf(p), names: registered.byId, survivorOf: registered.survivorOf ?? ((id) => id) };
  }

  /** Applies one timeline item to `state`; returns the fold's error when it fails (state unchanged then). */
  private applyItem(state: ListState, item: TimelineItem, journal: FoldJournal | null): FoldError | undefined {
    if (item.kind === 'tournament') return this.tournaments.rate(state, item.tournament, this.registered, journal);
    const applied = applyOfficerItem(state, item, this.registered);
    if (E.isLeft(applied)) return foldError(applied.left);
    journal?.officerFacts.push(applied.right);
    return undefined;
  }
}

const tournamentOf = (item: TimelineItem): string | null => (item.kind === 'tournament' ? item.tournament.registration.tournamentId : null);

/** Where the main fold writes what it explains: the runs of its tournaments and the officer facts applied. */
interface FoldJournal extends Journal { readonly officerFacts: OfficerFact[] }

/**
 * `foldFesa(log, options)` through the projection: what adapters fold with, since its cost grows with the
 * tournaments' sizes and not with the list's (`foldFesa` hands the whole list to the engine for every tournament,
 * which a federation of a hundred thousand players cannot wait for). With runs kept (`changes`, `reports`), each
 * run holds its participants' records before and after, not the whole list. `asOf` and `stopBefore` are not combined.
 */
export const foldFesaFast = (
  log: Iterable<LoggedEvent>,
  options: ProjectionOptions & Pick<FoldOptions, 'asOf' | 'knownAt' | 'stopBefore'> = {},
): E.Either<FoldError, FesaFold> => {
  const projection = new FesaProjection(options);
  projection.apply(options.knownAt === undefined ? log : knownBy(log, options.knownAt));
  if (options.stopBefore !== undefined) return projection.before(options.stopBefore);
  return options.asOf === undefined ? projection.current() : projection.asOf(options.asOf);
};
