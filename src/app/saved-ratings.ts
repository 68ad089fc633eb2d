/**
 * The ratings a write's consequences compare (consequences.ts), read from what is saved beside the log instead of
 * two folds of the whole log: a correction at a million games then costs the tournaments from the touched one's date
 * on, not thirty years.
 *
 * - FESA: the projection restored from its saved checkpoint (checkpoint.ts), caught up to the head, folded once more
 *   from the latest list it keeps (saved, or made by the catch-up) before the earliest item the decided facts touch
 *   ("before"), then again with them ("after"). Both keep the runs from the same list on; the tournaments before it
 *   are rated alike in both, so they change nothing a comparison reports.
 * - The other rule sets: the slice of the log their lists read (rated-tournament.ts `ratedListSlice`), with the
 *   streams of the players the decided facts name, folded before and after.
 *
 * Undefined where nothing of the kind is saved (EventStoreDB, a fresh ledger), where the decided facts reach
 * ledger-wide (an unmerge, an adoption, an officer's fact), or where they reach before the list "before" started from:
 * the caller then folds the whole log, as before.
 */
import * as E from 'fp-ts/Either';
import { playerStream, type DomainEvent, type LoggedEvent } from '../../domain/events';
import { foldFesa, PASSED_OVER_BY_THE_FOLD, type FesaFacts, type FesaFold, type FoldError } from '../../projections/fesa/history';
import { nameKey } from '../../projections/fesa/name-key';
import { firstDeclared } from '../../projections/declared-grades';
import type { FesaProjection } from '../../projections/fesa/incremental';
import { compareKeys, tournamentsOf, type ItemKey } from '../../projections/fesa/timeline';
import { foldGeneric } from '../../projections/generic/history';
import { isGenericRuleSet } from '../../projections/generic/systems';
import { projectionForComparison, type ComparedProjection } from './checkpoint';
import type { LedgerRatings, SavedComparison } from './consequences';
import { listChangesAt, type ListChange, type SlottedList } from '../../projections/fesa/diff';
import { listNameOf, listNamesKnownAt } from './rule-set-list';
import { fullName, LIST_NAMES_EVENTS } from './namesakes';
import { keyOfName, playerNamesNow, type PersonName } from './player-names';
import { readFacts } from './event-log';
import type { CheckpointStorage } from './ports/checkpoint-storage';
import type { EventStore } from './ports/event-store';
import { everUnderGenericRules, ratedIndexNow, ratedListSlice, ratedListSliceFrom, type RatedTournamentSlice, type SliceOptions } from './rated-tournament';
import { cutsInTurn, loadCutHead, playersReadFrom, touchOf, type CutHead, type SavedFoldCut } from './rule-set-fold-cut';
import { LiveStreamIndex } from './stream-index';
import { leavesFesaAlone } from './fesa-untouched';
import { headProjection } from './head-projection';

/** The facts whose consequences the saved state answers: what a game, a tournament or a new player's registration records. */
const ANSWERED: ReadonlySet<DomainEvent['type']> = new Set([
  'PlayersMerged', 'PlayerRegistered', 'PriorGradeDeclared', 'TournamentRegistered', 'GameReported', 'ResultCorrected', 'GameWithdrawn', 'TournamentClosed',
  'RatingListPublished', 'OfficerAppointed', 'OfficerRevoked', 'SubmissionReceived', 'SubmissionApproved', 'SubmissionRejected',
]);

/**
 * An opening balance under a non-FESA rule set (a TRF or EGD import's) too: the FESA fold passes it over and the slice
 * holds every one of them, with the decided ones.
 */
const answered = (e: DomainEvent): boolean => ANSWERED.has(e.type) || (e.type === 'OpeningBalanceImported' && isGenericRuleSet(e.ruleSet));

/** The decided facts as the log would hold them: positions after `head`, recorded now. */
export const decidedAfter = (head: number, events: readonly DomainEvent[]): LoggedEvent[] => {
  const recordedAt = new Date().toISOString();
  return events.map((event, i) => ({ event, globalPosition: head + i + 1, recordedAt }));
};

/**
 * The earliest timeline item the decided facts can change, read before they are fed (undefined: none). A fact about
 * a tournament the same write registers has no key yet: its tournaments' date stands for it. A fact whose key only
 * the facts before it in the write make is missed here, which the runs' start then tells (see `savedRatings`).
 */
const earliestTouched = (projection: FesaProjection, decided: readonly LoggedEvent[]): ItemKey | undefined => {
  const registered = new Map<string, string>();
  let earliest: ItemKey | undefined;
  const touch = (key: ItemKey | undefined) => {
    if (key !== undefined && (earliest === undefined || compareKeys(key, earliest) < 0)) earliest = key;
  };
  for (const fact of decided) {
    const e = fact.event;
    if (e.type === 'TournamentRegistered' && !projection.facts.tournaments.has(e.tournamentId)) registered.set(e.tournamentId, e.endDate);
    touch(projection.facts.affectedKey(fact));
    const endDate = 'tournamentId' in e ? registered.get(e.tournamentId) : undefined;
    if (endDate !== undefined) touch(tournamentsOf(endDate));
  }
  return earliest;
};

/** The facts about a tournament: what they can change starts at its end date (before and after a re-registration). */
const ABOUT_A_TOURNAMENT: ReadonlySet<DomainEvent['type']> = new Set(['TournamentRegistered', 'GameReported', 'ResultCorrected', 'GameWithdrawn', 'TournamentClosed']);

/** Facts whose item (or whose change to the fold) is at their valid date: a grade, an officer's, an adoption. */
const DATED: ReadonlySet<DomainEvent['type']> = new Set(['PriorGradeDeclared', 'OpeningBalanceImported', 'ListReconciled', 'RatingAdjusted', 'GradeAwarded', 'RuleSetAdopted']);

const min = (a: string, b: string): string => (b < a ? b : a);

/**
 * The earliest date from which `events` (those recorded since the checkpoint, then the decided ones) can change
 * the FESA fold, read without the saved games ('': the start, or not known without them): a tournament's end date,
 * a new player's, a prior grade's or an officer fact's date. A fact that can reach further (a renaming, an unmerge, a
 * registration of a name or id another fact here registers too, or after an opening balance here) answers ''. A merge
 * answers its absorbed id's first item where the facts know every tournament naming him (`tournamentsNaming`, set
 * from the stream index), else ''. No date: the head ('\uffff').
 */
export const earliestDateChanged = (facts: FesaFacts, events: readonly LoggedEvent[]): string => {
  let earliest = '\uffff';
  const endDates = new Map<string, string[]>();
  const names = new Set<string>();
  let openings = false;
  const [newIds, merged, graded] = [new Set<string>(), new Set<string>(), new Map<string, string>()];
  for (const fact of events) {
    const e = fact.event;
    if (PASSED_OVER_BY_THE_FOLD.has(e.type)) continue;
    if (ABOUT_A_TOURNAMENT.has(e.type)) {
      const id = (e as { tournamentId: string }).tournamentId;
      const saved = facts.tournaments.get(id)?.registration.endDate;
      const dates = [...(saved === undefined ? [] : [saved]), ...(endDates.get(id) ?? []), ...(e.type === 'TournamentRegistered' ? [e.endDate] : [])];
      if (dates.length === 0) return '';
      endDates.set(id, dates);
      for (const date of dates) earliest = min(earliest, date);
    } else if (e.type === 'PlayerRegistered') {
      // a name or an id seen before in `events`, or an opening's, may make it reach the start: the saved facts do not tell
      const name = nameKey({ lastName: e.familyName, firstName: e.givenName });
      if (names.has(name) || names.has(e.playerId) || openings) return '';
      names.add(name).add(e.playerId);
      if (!facts.registrations.has(e.playerId)) newIds.add(e.playerId);
      earliest = min(earliest, facts.affectedKey(fact)?.date ?? e.validDate);
    } else if (e.type === 'PlayersMerged') {
      // from the absorbed id's first item (FesaFacts.mergedFrom); an id new in `events` has his first item among
      // them, whose dates are taken already. From the start after another merge or a prior grade of either id here.
      if (merged.has(e.absorbed) || merged.has(e.survivor) || graded.has(e.absorbed) || openings) return '';
      merged.add(e.absorbed).add(e.survivor);
      names.add(e.absorbed).add(e.survivor);
      if (!facts.registrations.has(e.survivor) && !newIds.has(e.survivor)) return '';
      if (newIds.has(e.absorbed)) continue;
      const key = facts.mergedFrom(e.absorbed, e.survivor);
      if (key.date === '') return '';
      earliest = min(earliest, key.date);
    } else if (DATED.has(e.type)) {
      if (e.type === 'PriorGradeDeclared') {
        // his first declaration counts before its date too (`latestGrade`): from his first tournament, which the saved
        // facts restored without their games cannot tell (a new id has none)
        // (dated before every declaration he has, it becomes his first: read by date, projections/declared-grades.ts)
        const declaredBefore = [firstDeclared(facts.priorGrades.get(e.playerId))?.date, graded.get(e.playerId)].some((d) => d !== undefined && d < e.validDate);
        if (!newIds.has(e.playerId) && !declaredBefore) return '';
        // (a merged person's grades are read together, by date: a new one may come first)
        for (const [absorbed, m] of facts.merges) if (absorbed === e.playerId || m.survivor === e.playerId) return '';
        graded.set(e.playerId, min(graded.get(e.playerId) ?? '\uffff', e.validDate));
      }
      openings ||= e.type === 'OpeningBalanceImported';
      earliest = min(earliest, e.validDate);
    } else return '';
  }
  return earliest;
};

const ratingsOf = (fold: E.Either<FoldError, FesaFold>): LedgerRatings['fesa'] => E.mapLeft((e: FoldError) => e.message)(fold);

/** A fold's list as the projection holds it now, with the slot of each record. */
const slotted = (projection: FesaProjection): SlottedList => {
  const { order, slots } = projection.headCheckpoint();
  return { list: order, slots: slots ?? [] };
};

interface FesaCompared {
  readonly before: LedgerRatings['fesa'];
  readonly after: LedgerRatings['fesa'];
  readonly from: number;
  /** The lists' changes, compared on the slots either fold wrote (undefined: not known, the lists are compared whole). */
  readonly list: readonly ListChange[] | undefined;
}

/**
 * The FESA folds before and after the decided facts, each with the runs from the same saved list on, and the
 * changes of the list between them from the slots the two re-folds wrote (slot-watch.ts), not from the whole lists.
 */
const fesaBeforeAndAfter = ({ projection, gamesFrom }: ComparedProjection, decided: readonly LoggedEvent[]): FesaCompared | undefined => {
  // a re-fold from before the games restored would rate tournaments without them (`earliestDateChanged` missed)
  let seen = projection.lastRefold;
  const refoldsFromTheGames = (): boolean => {
    const last = projection.lastRefold;
    const fine = last === seen || last.from >= gamesFrom;
    seen = last;
    return fine;
  };
  const touched = earliestTouched(projection, decided);
  const watch = projection.watchSlots();
  if (touched !== undefined) projection.refoldFrom(touched);
  const before = ratingsOf(projection.current());
  const beforeList = E.isRight(before) ? slotted(projection) : undefined;
  const from = projection.lastRefold.from;
  const runsFrom = projection.runsFrom;
  if (!refoldsFromTheGames()) return undefined;
  projection.apply(decided);
  const after = ratingsOf(projection.current());
  const changed = watch.changed();
  const list = changed && beforeList && E.isRight(before) && E.isRight(after) ? listChangesAt(before.right, beforeList, after.right, slotted(projection), changed) : undefined;
  // the decided facts reach before the list "before" was folded from: its runs would be compared with fewer
  return projection.runsFrom === runsFrom && refoldsFromTheGames() ? { before, after, from, list } : undefined;
};

/** What `savedRatings` compares, and the timeline item the last re-fold of FESA's "before" started at (0: the start). */
export interface SavedRatings {
  readonly before: LedgerRatings;
  readonly after: LedgerRatings;
  readonly foldedFrom: number;
  /** The timeline item from which on the saved games were restored (0: all of them). */
  readonly gamesFrom: number;
  /** Restored by player (head-projection.ts): nothing before the saved list's head was restored or folded again. */
  readonly byPlayer?: true;
  /** Restored from the whole checkpoint saved at this position (`ComparedProjection.wholeFrom`). */
  readonly wholeFrom?: number;
  /** That projection, the decided facts folded into it, where it may be saved after the append (checkpoint-carry.ts `saveCompared`). */
  readonly compared?: ComparedProjection;
  /** What the comparison takes from here instead of making it again (see `SavedComparison` in consequences.ts). */
  readonly known: SavedComparison;
  /**
   * Names the players a comparison changed, where `before` and `after` hold no naming facts of anybody else
   * (consequences.ts `consequencesFromSaved` asks it); absent: `known` or the facts name them.
   */
  readonly namesOf?: (players: ReadonlySet<string>) => Promise<(playerId: string) => string>;
}

/** The facts a list's names come from: a write recording one is named from all of them, as before. */
const NAMING: ReadonlySet<DomainEvent['type']> = new Set(LIST_NAMES_EVENTS.handles);

/**
 * The list names of `players` after the `decided` facts (whose naming facts, if any, are registrations of ids the log
 * does not hold): each his own name where nobody else bears it at `head` (the player-names model, player-names.ts)
 * nor among the decided registrations, no merge made him another's and his given name holds no "(" (no namesake's
 * distinguished name can then be his) — what `ListNames` gives such a player; else every naming fact up to `head`
 * and the decided ones are read and the names given as the folds give them (`listNamesKnownAt`).
 */
const namesOf = (store: EventStore, storage: CheckpointStorage, head: number, decided: readonly LoggedEvent[]) => async (players: ReadonlySet<string>): Promise<(playerId: string) => string> => {
  const names = await playerNamesNow(store, storage);
  const registered = new Map<string, PersonName>();
  for (const { event } of decided) if (event.type === 'PlayerRegistered') registered.set(event.playerId, event);
  const bearersAtHead = names.bearersOf([...players].flatMap((id) => registered.get(id) ?? names.nameOf(id) ?? []));
  const bearersDecided = new Map<string, number>();
  for (const name of registered.values()) bearersDecided.set(keyOfName(name), (bearersDecided.get(keyOfName(name)) ?? 0) + 1);
  const plain = new Map<string, string>();
  for (const id of players) {
    const name = registered.get(id) ?? names.nameOf(id);
    if (name === undefined || name.givenName.includes('(') || bearersAtHead(name) + (bearersDecided.get(keyOfName(name)) ?? 0) > 1) break;
    plain.set(id, fullName({ lastName: name.familyName, firstName: name.givenName }));
  }
  if (plain.size === players.size) return (id) => plain.get(id) ?? id;
  const naming: LoggedEvent[] = [];
  for await (const batch of readFacts(store, { types: LIST_NAMES_EVENTS.handles, toPosition: head })) naming.push(...batch);
  return listNamesKnownAt([...naming, ...decided]);
};

/** Whether the events name nobody anew but by registering ids the log holds no fact of (each once). */
const onlyNewRegistrations = async (store: EventStore, events: readonly DomainEvent[]): Promise<boolean> => {
  const ids: string[] = [];
  for (const e of events) {
    if (e.type === 'PlayerRegistered') ids.push(e.playerId);
    else if (NAMING.has(e.type)) return false;
  }
  if (new Set(ids).size !== ids.length) return false;
  for (const id of ids) if ((await store.readStream(playerStream(id))).length > 0) return false;
  return true;
};

/**
 * The ratings before the decided facts and after them, from the saved checkpoint and the non-FESA slice. `restored`:
 * the projection the caller restored already for its decision (fesa-import-saved.ts), folded on here (restored by
 * player, it must be `headProjection`'s of these very events). `savable`: a projection this restores whole holds every
 * game and the models' journals, so that the write appending these facts saves it (`SavedRatings.compared`).
 */
export const savedRatings = async (store: EventStore, storage: CheckpointStorage, events: readonly DomainEvent[], restored?: ComparedProjection, savable = false): Promise<SavedRatings | undefined> => {
  if (!events.every(answered)) return undefined;
  if (await leavesFesaAlone(store, events, NO_FESA_FACT)) {
    // a TRF or EGD import, a game of a fide tournament: the FESA checkpoint is not read at all, its lists stay as they are
    const head = await store.headPosition();
    const untouched = E.right(UNTOUCHED_FESA);
    const decided = decidedAfter(head, events);
    // the changed players are named after the comparison (`namesOf`), not from every registration read into the
    // slice: a write whose naming facts are registrations of new ids alone (a TRF or EGD file's newcomers) too
    const named = await onlyNewRegistrations(store, events);
    return { ...(await beforeAndAfter(store, storage, head, decided, { before: untouched, after: untouched }, named)), foldedFrom: 0, gamesFrom: 0, known: {}, ...(named ? { namesOf: namesOf(store, storage, head, decided) } : {}) };
  }
  // a write at the head of the timeline (the newest tournament closed, its games, its newcomers, a folder after the
  // list's last item): restored by player, here or by the caller
  const atHead = restored === undefined ? await headProjection(store, storage, events) : restored.byPlayer ? restored : undefined;
  if (atHead !== undefined) return fromHead(store, storage, atHead, events);
  const compared = restored ?? await projectionForComparison(store, storage, async (since) => {
    const changing = [...since, ...decidedAfter(0, events)];
    // a merge (this one, or one recorded since the checkpoint) re-folds from the absorbed id's first item: the
    // tournaments naming him are the stream index's
    const index = changing.some((f) => f.event.type === 'PlayersMerged') ? await new LiveStreamIndex(store, async () => storage).now() : undefined;
    return (facts) => {
      if (index !== undefined) facts.tournamentsNaming = index.tournamentsNaming;
      return earliestDateChanged(facts, changing);
    };
    // restored whole, it is saved after the append (the writes at the head after it are restored by player again)
  }, undefined, savable);
  if (compared === undefined) return undefined;
  const head = compared.projection.position;
  const decided = decidedAfter(head, events);
  const fesa = fesaBeforeAndAfter(compared, decided);
  if (fesa === undefined) return undefined;
  const known: SavedComparison = { ...(fesa.list ? { fesaList: fesa.list } : {}), nameOf: listNameOf(compared.projection.facts) };
  const whole = compared.wholeFrom === undefined ? {} : { wholeFrom: compared.wholeFrom, ...(compared.savable ? { compared } : {}) };
  return { ...(await beforeAndAfter(store, storage, head, decided, fesa, true)), foldedFrom: fesa.from, gamesFrom: compared.gamesFrom, known, ...whole };
};

/**
 * `savedRatings` from a projection restored by player (head-projection.ts): its facts name only the players it
 * restored, so the changed players are named from them where they are all among those, else as `namesOf` names them.
 */
const fromHead = async (store: EventStore, storage: CheckpointStorage, compared: ComparedProjection, events: readonly DomainEvent[]): Promise<SavedRatings | undefined> => {
  const head = compared.projection.position;
  const decided = decidedAfter(head, events);
  const fesa = fesaBeforeAndAfter(compared, decided);
  if (fesa === undefined) return undefined;
  const facts = compared.projection.facts;
  const named = (players: ReadonlySet<string>) => [...players].every((id) => facts.registrations.has(id));
  const asRestored = listNameOf(facts);
  const elsewhere = namesOf(store, storage, head, decided);
  return {
    ...(await beforeAndAfter(store, storage, head, decided, fesa, true)),
    foldedFrom: fesa.from,
    gamesFrom: compared.gamesFrom,
    byPlayer: true,
    known: fesa.list ? { fesaList: fesa.list } : {},
    namesOf: async (players) => (named(players) ? asRestored : elsewhere(players)),
  };
};

/**
 * The ratings before and after the decided facts: FESA's as given, the other rule sets' from the slice their lists
 * read (without every player's registration where `namedElsewhere`: the comparison names them from the projection) —
 * from the saved cut on (rule-set-fold-cut.ts) when neither the facts recorded since it nor the decided ones touch
 * anything dated before it: the tournaments before the cut are rated alike on both sides, so they change nothing a
 * comparison reports.
 */
const beforeAndAfter = async (
  store: EventStore,
  storage: CheckpointStorage,
  head: number,
  decided: readonly LoggedEvent[],
  fesa: { readonly before: LedgerRatings['fesa']; readonly after: LedgerRatings['fesa'] },
  namedElsewhere: boolean,
): Promise<Pick<SavedRatings, 'before' | 'after'>> => {
  const found = await resumableCut(store, storage, head, decided);
  const known = { upTo: head, storage, decided, namedElsewhere };
  const fromCut = found === undefined ? undefined : await sliceFromCut(store, found, head, decided, known);
  const slice = fromCut?.slice ?? (await ratedListSlice(store, known));
  const cut = fromCut?.cut;
  if (cut !== undefined) {
    consequencesFromCut.here++;
    consequencesFromCut.date = cut.cut.date;
  }
  // the FESA fold's reconciles and adjustments too, which the slice leaves out: where a change stops (their positions)
  const read = [...(cut?.awards ?? []), ...slice.facts, ...(fromCut?.officers ?? (await officerFacts(store, head)))];
  // resumed at the cut, the fold passes over the balances, adjustments and awards dated before it (a ledger's
  // thousands of imported balances): they are left out, so that neither fold sorts them into its timeline
  const byPosition = new Map((cut === undefined ? read : read.filter((f) => !datedBefore(f.event, cut.cut.date))).map((f) => [f.globalPosition, f]));
  const facts = [...byPosition.values()].sort((a, b) => a.globalPosition - b.globalPosition);
  const withDecided = [...facts, ...decided];
  const options = cut === undefined ? {} : { resume: cut.cut };
  return {
    before: { facts, fesa: fesa.before, generic: foldGeneric(facts, options) },
    after: { facts: withDecided, fesa: fesa.after, generic: foldGeneric(withDecided, options) },
  };
};

/**
 * An officer's item of the non-FESA fold dated before `date` (a resumed fold passes it over); the FESA fold's are kept
 * (a comparison reads their positions).
 */
const datedBefore = (e: DomainEvent, date: string): boolean => (e.type === 'OpeningBalanceImported' || e.type === 'RatingAdjusted' || e.type === 'GradeAwarded') && isGenericRuleSet(e.ruleSet) && e.validDate < date;

/** The reconciles and adjustments recorded up to `head` (the FESA fold's officer facts the slice leaves out). */
const officerFacts = async (store: EventStore, head: number): Promise<LoggedEvent[]> => {
  const facts: LoggedEvent[] = [];
  for await (const batch of readFacts(store, { types: ['ListReconciled', 'RatingAdjusted'], toPosition: head })) facts.push(...batch);
  return facts;
};

/**
 * The slice from the cut's date on and the cut with the states of the players its fold reads alone (`playersReadFrom`:
 * those of the last tournaments, not every non-FESA player's); undefined where the cut saved changed meanwhile.
 */
const sliceFromCut = async (
  store: EventStore,
  found: CutHead,
  head: number,
  decided: readonly LoggedEvent[],
  known: SliceOptions,
): Promise<{ slice: RatedTournamentSlice; cut: SavedFoldCut; officers: LoggedEvent[] } | undefined> => {
  const slice = await ratedListSliceFrom(store, found.date, known);
  const officers = await officerFacts(store, head);
  const cut = await found.withPlayers(playersReadFrom([...found.awards, ...slice.facts, ...officers, ...decided], found.date));
  return cut === undefined ? undefined : { slice, cut, officers };
};

/** How many comparisons this thread folded from the saved cut (an instrument for tests). */
export const consequencesFromCut = { here: 0, date: '' };

/** The most facts a write reads past the saved cut to know whether it may compare from it. */
const CUT_READ_LIMIT = 20_000;

/**
 * The saved cut, when the facts recorded since it and the decided ones touch only what is dated on or after it: the
 * fine one, else the coarse one saved with it (rule-set-fold-cut.ts).
 */
const resumableCut = async (store: EventStore, storage: CheckpointStorage, head: number, decided: readonly LoggedEvent[]): Promise<CutHead | undefined> => {
  // the fine one, else the coarse one: each saved at its own position (a fold resumed at the fine cut saves it alone)
  for await (const { cut: saved } of cutsInTurn(store, head, (grain) => loadCutHead(storage, grain))) {
    // a cut far behind the head (a FESA federation's writes since its last non-FESA read) costs more to check than it saves
    if (saved === undefined || head - saved.position > CUT_READ_LIMIT) continue;
    const index = await ratedIndexNow(store, storage, head);
    const touch = await touchOf(thenDecided(readFacts(store, { fromPosition: saved.position, toPosition: head }), decided), index, everUnderGenericRules(index, head), saved.position, async () => true);
    if (touch.kind === 'none' || (touch.kind === 'from' && saved.date <= touch.date)) return saved;
  }
  return undefined;
};

/** The batches read, then the decided facts. */
async function* thenDecided(read: AsyncIterable<readonly LoggedEvent[]>, decided: readonly LoggedEvent[]): AsyncGenerator<readonly LoggedEvent[]> {
  yield* read;
  yield decided;
}

/** Facts that leave every FESA list as it is, whatever they hold: they rate, grade and rename nobody on one. */
const NO_FESA_FACT: ReadonlySet<DomainEvent['type']> = new Set(['PlayerRegistered', 'RatingListPublished', 'OfficerAppointed', 'OfficerRevoked', 'SubmissionReceived', 'SubmissionApproved', 'SubmissionRejected']);

/** A FESA fold of no facts: what both sides of a comparison hold when the decided facts leave FESA alone. */
const UNTOUCHED_FESA: FesaFold = (() => {
  const empty = foldFesa([]);
  if (E.isLeft(empty)) throw new Error(`a fold of no facts failed: ${empty.left.message}`);
  return empty.right;
})();

