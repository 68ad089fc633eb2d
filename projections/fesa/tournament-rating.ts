import * as E from 'fp-ts/Either';
import type { PlayerRegistered } from '../../domain/events';
import { rateEvent } from '../../domain/rules/fesa/rate-event';
import type { FesaError, FesaEvent, FesaPlayer, FesaRatingReport, FesaRatingResult } from '../../domain/rules/fesa/types';
import { latestGrade, newPlayerRecord } from './list-records';
import { FESA_CONTRACTS, FESA_RULE_SETS, foldError, nameKey, tournamentFoldError, type FesaFacts, type FoldError, type TimelineItem, type TournamentFacts, type TournamentRun } from './history';
import type { ListEntry, ListState } from './list-state';
import type { RegisteredName, RegisteredNames } from './registered-names';
import { toFesaEvent, type TournamentGame } from './tournament-event';

export type RunsMode = 'none' | 'changes' | 'reports' | 'full';

/** Where rating a tournament writes what it explains (absent for scratch folds such as a list as of a date). */
export interface Journal {
  readonly runs: TournamentRun[];
  readonly mode: RunsMode;
  /**
   * Where the engine's inputs of each tournament rated go, for the careers' read model (career-model.ts): made when
   * asked for (when the model is saved), since a re-fold that reuses a tournament's rating does not build its event
   * file again.
   */
  readonly model?: (inputs: () => RunInputs) => void;
}

/**
 * What the FESA engine rated a tournament from (the participants' records, the newcomers' first records, the event
 * file, the rule set), with the run's names: the engine gives the run again from these, report and all.
 */
export interface RunInputs {
  readonly tournamentId: string;
  readonly name: string;
  readonly date: string;
  readonly ruleSet: string;
  readonly subList: readonly FesaPlayer[];
  readonly subNew: readonly FesaPlayer[];
  readonly event: FesaEvent;
  readonly players: readonly string[];
}

/**
 * Rates the tournaments of the list fold: hands only a tournament's participants to the FESA engine (it only reads
 * their records) and remembers what it can reuse on a re-fold.
 *
 * Re-folding after a late or corrected result replays every later tournament, but most of them see exactly the
 * inputs they saw before: the same records (records are immutable, so the same objects), the same newcomers, the
 * same games and rule set. Their rating is a pure function of those, so the earlier result is reused; only the
 * tournaments the change reaches are rated again.
 */
export class TournamentRating {
  private readonly rated = new Map<TournamentFacts, { version: number; ruleSet: string; subList: readonly FesaPlayer[]; subNew: readonly FesaPlayer[]; result: FesaRatingResult }>();

  /**
   * Who plays in a tournament, remembered until its games change (or names are re-mapped). The event file itself is
   * not kept: it is only read when the tournament has to be rated again, and keeping twenty thousand of them cost
   * more (memory, and collector time while a rebuild fills it) than building one again after a correction.
   */
  private readonly events = new Map<TournamentFacts, { version: number; shape: E.Either<string, EventShape> }>();

  /** A newcomer's first record, the same object on every re-fold (so later tournaments can reuse their rating). */
  private readonly newRecords = new Map<string, { event: PlayerRegistered; grade: string | undefined; key: string; record: FesaPlayer }>();

  constructor(
    private readonly facts: FesaFacts,
    /** The rule set forced on every tournament, or AS_ADOPTED. */
    private readonly ruleSet: string,
    private readonly runsMode: RunsMode,
    /** Absent: the rule set's rating step (the contract's); a bench passes one that records its inputs. */
    private readonly engine: typeof rateEvent | undefined,
  ) {}

  /**
   * A registration was added or corrected: event files are built from the players' names, so they are built again.
   * A name given to another id re-maps players from the start (`fromStart`): then no earlier rating can be reused either.
   */
  registrationsChanged(fromStart: boolean): void {
    this.events.clear();
    if (fromStart) this.rated.clear();
  }

  /** Rates tournament `t` on `state`; returns the fold's error when it fails (state unchanged then). */
  rate(state: ListState, t: Extract<TimelineItem, { kind: 'tournament' }>['tournament'], registered: RegisteredNames, journal: Journal | null): FoldError | undefined {
    const reg = t.registration;
    const { shape, event } = this.eventOf(t, registered);
    if (E.isLeft(shape)) return foldError(shape.left);
    const newcomers = this.newcomers(state, registered, reg.endDate, shape.right.lookups, reg.simulGivers);
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
          ? new Map([...newcomers.map((e) => e.record), ...state.order()].map((p) => [nameKey(p), p]))
          : new Map(entries.map((e) => [nameKey(e.record), e.record]));
    const ruleSetUsed = this.facts.ruleSetFor(reg, this.ruleSet);
    const rated = this.rateCached(t, ruleSetUsed, subList, subNew, event);
    if (E.isLeft(rated)) return tournamentFoldError(reg, rated.left);
    const updates = new Map<number, FesaPlayer>();
    const results = rated.right.inInputOrder;
    for (let i = 0; i < entries.length; i++) updates.set(entries[i]!.slot, results[i]!);
    state.afterTournament(newcomers, updates);
    state.lastTournamentDate = reg.endDate;
    const players = (): string[] => shape.right.players.map((key) => registered.idOfKey(key) ?? key);
    // The event file is built again when the model is saved, from the tournament and the names (which only grow in
    // place; a correction or merge makes new ones): holding the one built here until the save kept every tournament's
    // file of a rebuild in memory (a fifth of a rebuild's heap at scale 1).
    journal?.model?.(() => ({ tournamentId: reg.tournamentId, name: reg.name, date: reg.endDate, ruleSet: ruleSetUsed, subList, subNew, event: E.getOrElseW(unexpected)(buildEvent(t, registered)).event, players: players() }));
    if (journal && before) {
      journal.runs.push({
        tournamentId: reg.tournamentId,
        name: reg.name,
        date: reg.endDate,
        ruleSet: ruleSetUsed,
        before,
        after: journal.mode === 'full' ? state.order() : [...updates.values()],
        report: rated.right.report,
        players: players(),
      });
    }
    return undefined;
  }

  /** The players who enter the list with this tournament, each with his first record and the slot it takes. */
  private newcomers(state: ListState, registered: RegisteredNames, endDate: string, lookups: readonly RegisteredName[], givers: readonly string[] | undefined): ListEntry[] {
    const records = registered.newcomersFor(state, this.facts, endDate, lookups, givers).map((r) => this.newRecord(r.id, r.event, registered.byId.get(r.id)!, endDate));
    const slots = state.newcomerSlots(records.map(nameKey));
    return records.map((record, i): ListEntry => ({ slot: slots[i]!, record }));
  }

  private eventOf(t: TournamentFacts, registered: RegisteredNames): { shape: E.Either<string, EventShape>; event: () => FesaEvent } {
    const version = t.version ?? 0;
    const known = this.events.get(t);
    if (known && known.version === version) return { shape: known.shape, event: () => E.getOrElseW(unexpected)(buildEvent(t, registered)).event };
    const built = buildEvent(t, registered);
    const shape = E.map(shapeOf)(built);
    this.events.set(t, { version, shape });
    return { shape, event: () => E.getOrElseW(unexpected)(built).event };
  }

  private newRecord(id: string, event: PlayerRegistered, name: RegisteredName, date: string): FesaPlayer {
    const grade = latestGrade(this.facts.priorGradesOf(id), date);
    const known = this.newRecords.get(id);
    // a namesake's list name changes without his registration (the first bearer renamed or merged away)
    if (known && known.event === event && known.grade === grade && known.key === name.key) return known.record;
    const record = newPlayerRecord(event, grade, name);
    this.newRecords.set(id, { event, grade, key: name.key, record });
    return record;
  }

  private rateCached(t: TournamentFacts, ruleSet: string, subList: readonly FesaPlayer[], subNew: readonly FesaPlayer[], event: () => FesaEvent): E.Either<FesaError, FesaRatingResult> {
    const version = t.version ?? 0;
    const cached = this.rated.get(t);
    if (cached && cached.version === version && cached.ruleSet === ruleSet && sameRecords(cached.subList, subList) && sameRecords(cached.subNew, subNew)) {
      return E.right(cached.result);
    }
    const explain = this.runsMode === 'reports' || this.runsMode === 'full';
    // the rule set's own step unless a bench records the engine's inputs
    const result = this.engine ? this.engine(subList, subNew, event(), FESA_RULE_SETS[ruleSet], { explain, checkLastPlayed: false }) : FESA_CONTRACTS[ruleSet]!.rateEventFile(subList, subNew, event(), explain);
    if (E.isRight(result)) {
      // Without runs the report is never read again: keep only the list.
      const kept = this.runsMode === 'none' ? { ...result.right, report: EMPTY_REPORT } : result.right;
      this.rated.set(t, { version, ruleSet, subList, subNew, result: kept });
    } else this.rated.delete(t);
    return result;
  }
}

const buildEvent = (t: TournamentFacts, registered: RegisteredNames): E.Either<string, { readonly event: FesaEvent; readonly names: readonly RegisteredName[] }> => {
  const games: TournamentGame[] = [];
  for (const [gameId, g] of t.games) if (!g.withdrawn) games.push({ gameId, facts: g.facts });
  return toFesaEvent(t.registration, games, (id) => registered.byId.get(id), registered.survivorOf);
};

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
