/**
 * The saved list model of each non-FESA rule set (`ledger list --rules S`), next to the log as FESA's is: the
 * non-FESA fold runs once over its slice of the log (rated-tournament.ts `ratedListSlice`) and keeps, per timeline
 * item, what a list shows of every player whose state it set — so that the list as of any date is one pass over
 * those versions instead of reading a third of a mixed ledger's streams and folding them again. Derived and
 * droppable: it is read only while it reflects the head of the log (facts the fold passes over — FESA games, a
 * published list — move it forward without a fold), and `verify` tells one changed by hand.
 */
import * as E from 'fp-ts/Either';
import { foldGeneric, type GenericCut } from '../../projections/generic/history';
import { GENERIC_RULE_SETS, genericSystem, type GenericRuleSetId } from '../../projections/generic/systems';
import type { LoggedEvent } from '../../domain/events';
import { hashAt, logChangedSince } from './chain';
import { readFacts } from './event-log';
import { unratable } from './failure';
import { chunksOf, loadModel, loadModelFrom, modelName, RULE_SET_LIST_MODEL_FORMAT, ruleSetListModelTails, saveChunked, type Kind, type Model, type Named, type Version } from './rule-set-list-chunks';
import type { CheckpointStorage } from './ports/checkpoint-storage';
import type { EventStore } from './ports/event-store';
import { everUnderGenericRules, ratedIndexNow, ratedListSlice, ratedListSliceFrom, type RatedTournamentSlice } from './rated-tournament';
import { awardsFrom, cutDateFor, cutsInTurn, fineCutDateFor, loadCutHead, NAMES_ONLY, playersReadFrom, saveFineCut, saveFoldCuts, touchOf, type CutGrain, type CutHead, type Touch } from './rule-set-fold-cut';
import { entryOfState, listNamer, listOfEntries, type RatedEntry, type RuleSetList } from './rule-set-list';
import { playerNamesNow, type PlayerNames } from './player-names';
import { LIST_NAMES_EVENTS } from './namesakes';

export { fingerprint, RULE_SET_LIST_MODEL_FORMAT } from './rule-set-list-chunks';

/** Where a fold of the list slice starts: from the first fact, or resumed at a cut with the versions saved before it. */
interface FoldStart {
  readonly resume?: GenericCut;
  /**
   * Each rule set's model as saved, read from its first chunk holding a version dated from the cut on
   * (rule-set-list-chunks.ts `loadModelFrom`): its versions before the cut and its names are kept.
   */
  readonly base?: ReadonlyMap<string, Model>;
  /** The cut's date (with `base`: its versions from then on are made again). */
  readonly from?: string;
  /** The last position of a fact the saved models read. */
  readonly lastFact?: number;
  /** Where the fold keeps its next coarse cut (rule-set-fold-cut.ts). */
  readonly cutDate: string;
  /** Where it keeps its next fine cut (undefined or `cutDate`: none apart from the coarse one). */
  readonly fineCutDate?: string;
  /**
   * False: the fold is resumed at the fine cut and keeps no coarse one (it starts after its date); its fine cut is then
   * kept at `fineCutDate` even where that is the date it resumed from.
   */
  readonly coarse?: boolean;
  /** False: the fold alone is asked for (the list models are at the head already), no model is made of it. */
  readonly models?: boolean;
  /** How the models name the state keys they hold (default: as the naming facts among the facts folded name them). */
  readonly namer?: (keys: readonly string[]) => Promise<ListNamer>;
}

type ListNamer = ReturnType<typeof listNamer>;

/** Every rule set's model from the fold of `facts` (the list slice as of `position`, whose event hashes to `head`), and the fold's cuts. */
const buildModels = async (
  facts: readonly LoggedEvent[],
  position: number,
  head: string | null,
  start: FoldStart,
): Promise<{ models: Model[]; folded: ReturnType<typeof foldGeneric>; cut: GenericCut | undefined; fine: GenericCut | undefined }> => {
  const from = start.from ?? '';
  const versions = new Map<GenericRuleSetId, Version[]>(GENERIC_RULE_SETS.map((r) => [r, (start.base?.get(r)?.versions ?? []).filter((v) => v[1] < from)]));
  let lastDate = '';
  let cut: GenericCut | undefined;
  let fine: GenericCut | undefined;
  const coarse = start.coarse !== false;
  const fineDate = start.fineCutDate !== undefined && (coarse ? start.fineCutDate > start.cutDate : start.fineCutDate >= start.cutDate) ? start.fineCutDate : undefined;
  const folded = foldGeneric(facts, {
    entry: 'system',
    ...(start.resume ? { resume: start.resume } : {}),
    cuts: [...(coarse ? [{ date: start.cutDate, take: (c: GenericCut) => (cut = c) }] : []), ...(fineDate !== undefined ? [{ date: fineDate, take: (c: GenericCut) => (fine = c) }] : [])],
    onItem: (date) => (lastDate = date),
    onStates: (ruleSet, date, states, lastPlayed) => {
      if (start.models === false) return;
      const system = genericSystem(ruleSet);
      const into = versions.get(ruleSet)!;
      for (const [id, state] of states) {
        const { games, provisional, grade } = entryOfState(system, state);
        into.push([id, date, system.rating(state), games, provisional ? 1 : 0, grade ?? null, lastPlayed.get(id) ?? null]);
      }
    },
  });
  if (start.models === false) return { models: [], folded, cut, fine };
  const failure = E.isLeft(folded) ? { date: lastDate, message: folded.left } : undefined;
  // resumed, a rule set's names are those saved (the keys of the versions kept) and the keys new since
  const keysOf = new Map([...versions].map(([ruleSet, vs]) => [ruleSet, [...new Set([...(start.base?.get(ruleSet)?.names ?? []).map((n) => n[0]), ...vs.map((v) => v[0])])]]));
  const named = start.namer === undefined ? listNamer(facts) : await start.namer([...keysOf.values()].flat());
  const lastFact = Math.max(start.lastFact ?? 0, facts.at(-1)?.globalPosition ?? 0);
  const models = [...versions].map(([ruleSet, vs]): Model => {
    const names = keysOf.get(ruleSet)!.map((key): Named => {
      const { id, name, country } = named(key);
      return [key, id, name, country];
    });
    const kept = start.base?.get(ruleSet)?.kept;
    const { index, fp } = chunksOf(vs, names, kept);
    const through = vs.at(-1)?.[1] ?? kept?.index.at(-1)?.[1] ?? '';
    return { header: { format: RULE_SET_LIST_MODEL_FORMAT, ruleSet, position, head, lastFact, through, grades: genericSystem(ruleSet).grades !== undefined, ...(failure ? { failure } : {}), fp, index }, versions: vs, names, fp, ...(kept ? { kept } : {}) };
  });
  return { models, folded, cut, fine };
};

/** Saves the fold's two cuts at `position` (rule-set-fold-cut.ts), each with the awards of `facts` dated from it on. */
const saveCutsOf = (storage: CheckpointStorage, facts: readonly LoggedEvent[], position: number, head: string | null, cut: GenericCut | undefined, fine: GenericCut | undefined): Promise<void> =>
  saveFoldCuts(storage, cut && { position, head, cut, awards: awardsFrom(facts, cut.date) }, fine && { position, head, cut: fine, awards: awardsFrom(facts, fine.date) });

/** The date of the last item the fold of `facts` may rate: where its cut is kept (`cutDateFor`). */
const lastItemDate = (facts: readonly LoggedEvent[]): string => {
  let last = '';
  for (const { event: e } of facts) {
    const date = e.type === 'TournamentRegistered' ? e.endDate : e.type === 'OpeningBalanceImported' || e.type === 'RatingAdjusted' || e.type === 'GradeAwarded' ? e.validDate : '';
    if (date > last && date !== NAMES_ONLY) last = date;
  }
  return last;
};

/** The head of `versions` (all of a model's): every player's last entry, in the order of the entries, with the names of the rated. */
const headOfVersions = (header: Model['header'], versions: readonly Version[], names: readonly Named[]): Model => headOfLast(header, lastOf(versions), names);

/** Each player's last version, in the order of those last versions. */
const lastOf = (versions: readonly Version[]): Version[] => {
  const last = new Map<string, Version>();
  for (const v of versions) {
    last.delete(v[0]);
    last.set(v[0], v);
  }
  return [...last.values()];
};

const headOfLast = (header: Model['header'], last: readonly Version[], names: readonly Named[]): Model => {
  const heads = last.filter((v) => v[2] !== null);
  const rated = new Set(heads.map((v) => v[0]));
  const named = names.filter((n) => rated.has(n[0]));
  const { index, fp } = chunksOf(heads, named);
  return { header: { ...header, fp, index }, versions: heads, names: named, fp };
};

/** A whole model's head (every chunk of it in `versions`). */
const headOf = ({ header, versions, names }: Model): Model => headOfVersions(header, versions, names);

/**
 * The head of `model`, a fold resumed at `from` over `old` (both read from the same chunk on): the saved head's
 * entries of the players with no version from `from` on, then the last of each player's versions from it on — where
 * every player `old` has a version for from that date on has one in `model` too (else his last entry is before the
 * chunks read: every chunk is read). Undefined where the saved head is not `old`'s.
 */
const headAfter = async (storage: CheckpointStorage, model: Model, old: Model, from: string): Promise<Model | undefined> => {
  const tail = model.versions.filter((v) => v[1] >= from);
  const keys = new Set(tail.map((v) => v[0]));
  if (old.versions.some((v) => v[1] >= from && !keys.has(v[0]))) return undefined;
  const saved = await loadModel(storage, old.header.ruleSet, 'head');
  if (saved === undefined || saved.header.position !== old.header.position || saved.fp !== saved.header.fp) return undefined;
  return headOfLast(model.header, [...saved.versions.filter((v) => !keys.has(v[0])), ...lastOf(tail)], model.names);
};

/** Every version of `model`, its kept chunks read back (undefined: saved again meanwhile). */
const allVersions = async (model: Model): Promise<Version[] | undefined> => {
  const kept = model.kept === undefined ? [] : await model.kept.texts();
  return kept && [...kept.flatMap((t) => JSON.parse(t) as Version[]), ...model.versions];
};

const saveAs = (storage: CheckpointStorage, m: Model, kind: Kind): Promise<boolean> => saveChunked(storage, modelName(m.header.ruleSet, kind), m, m.header);

/**
 * Saves a whole model and its head; where its versions and names are those of `old` (as saved and loaded: a fold
 * again that changed nothing of this rule set, a move over facts it passes over) only their headers are moved. A
 * model resumed at `from` over chunks kept as saved writes its chunks from the first it folded again on, and its head
 * from the saved head (`headAfter`).
 */
const saveModel = async (storage: CheckpointStorage, model: Model, old?: Model, from?: string): Promise<void> => {
  const { ruleSet, position } = model.header;
  const headOfModel = async (): Promise<Model | undefined> => {
    if (model.kept === undefined || model.kept.seq === 0) return headOf(model);
    const after = old !== undefined && from !== undefined ? await headAfter(storage, model, old, from) : undefined;
    if (after !== undefined) {
      ruleSetListModelTails.headsAfter++;
      return after;
    }
    const all = await allVersions(model);
    return all && headOfVersions(model.header, all, model.names);
  };
  if (old !== undefined && old.fp === model.fp && old.header.fp === model.header.fp) {
    // (from where they were loaded: moved by another process meanwhile, both are saved in full)
    const loadedAt = old.header.position;
    const moved = await storage.moveHeader(modelName(ruleSet, 'whole'), loadedAt, position, JSON.stringify(model.header));
    const headMoved = async (): Promise<boolean> => {
      const saved = await loadHeadHeader(storage, ruleSet);
      return saved !== undefined && (await storage.moveHeader(modelName(ruleSet, 'head'), loadedAt, position, JSON.stringify({ ...model.header, fp: saved.fp, index: saved.index })));
    };
    if (moved && (await headMoved())) {
      ruleSetListModelHeadersMoved.here++;
      return;
    }
  }
  const head = await headOfModel();
  // (its kept chunks saved again meanwhile by another process: that one stands)
  if (head === undefined || !(await saveAs(storage, model, 'whole'))) return;
  await saveAs(storage, head, 'head');
};

/** The saved head's header alone (its chunks not read). */
const loadHeadHeader = async (storage: CheckpointStorage, ruleSet: string): Promise<Model['header'] | undefined> => {
  const text = await storage.load(modelName(ruleSet, 'head'), () => undefined, ['versions', 'names']);
  return text === undefined ? undefined : (JSON.parse(text) as Model['header']);
};

/** How many models this thread moved without writing their versions again (an instrument for tests). */
export const ruleSetListModelHeadersMoved = { here: 0 };

/** Why a saved model cannot be served as of the log's `head` (undefined: it can, perhaps after facts the fold passes over). */
const unservable = async (store: EventStore, model: Model, head: number, kind: Kind = 'whole'): Promise<string | undefined> => {
  const { position } = model.header;
  const ruleSet = `${model.header.ruleSet}${kind === 'head' ? ' (its head)' : ''}`;
  if (position > head) return `the saved list model of ${ruleSet} reflects position ${position}, beyond the log's head ${head}: events were deleted from the log, or the model is another ledger's`;
  const changed = await logChangedSince(store, position, model.header.head);
  if (changed !== undefined) return `the saved list model of ${ruleSet} does not match the log (${changed})`;
  if (model.fp !== model.header.fp) return `the saved list model of ${ruleSet} was changed by hand (it no longer matches its fingerprint)`;
  return undefined;
};

/**
 * What the facts recorded after `after` up to `head` touch of the non-FESA fold (rule-set-fold-cut.ts `touchOf`): the
 * bulk of a federation's writes — FESA games, FESA balances, what the fold passes over — nothing. A registration
 * names a player no model holds yet: it matters only when `registrationMatters` says so (a list: he or a namesake of
 * his is listed), and then for the names alone.
 */
export const touchOfTheRatedSlice = async (store: EventStore, storage: CheckpointStorage, after: number, head: number, registrationMatters: (playerId: string) => Promise<boolean>): Promise<Touch> => {
  const index = await ratedIndexNow(store, storage, head);
  return touchOf(readFacts(store, { fromPosition: after, toPosition: head }), index, everUnderGenericRules(index, head), after, registrationMatters);
};

/** Whether a fact recorded after `after` up to `head` may change what a non-FESA model holds (see `touchOfTheRatedSlice`). */
export const changesTheRatedSlice = async (store: EventStore, storage: CheckpointStorage, after: number, head: number, registrationMatters: (playerId: string) => Promise<boolean>): Promise<boolean> =>
  (await touchOfTheRatedSlice(store, storage, after, head, registrationMatters)).kind !== 'none';

/** What the facts since `after` touch of the lists (see `touchOfTheRatedSlice`). */
const touchSince = (store: EventStore, storage: CheckpointStorage, model: Model, after: number, head: number): Promise<Touch> => {
  // the names of namesakes tell them apart; read lazily, as most facts since are games
  const listed = new Set(model.names.map(([, id]) => id));
  let names: PlayerNames | undefined;
  return touchOfTheRatedSlice(store, storage, after, head, async (id) =>
    listed.has(id) || (names ??= await playerNamesNow(store, storage)).namesakesOf(id).some((other) => listed.has(other)));
};

/** How many times this thread made the models anew (an instrument: a test holds that facts changing no list move them forward). */
export const ruleSetListModelBuilds = { here: 0 };

/**
 * A fold of the list slice as of `position` (whose event hashes to `head`), from its first fact or resumed at a cut:
 * what the careers model is made or spliced from (rule-set-career-model.ts).
 */
export interface SliceFold {
  readonly slice: RatedTournamentSlice;
  readonly folded: ReturnType<typeof foldGeneric>;
  readonly position: number;
  readonly head: string | null;
  /** Where the fold was resumed ('': from the first fact): the items dated before it are not in it. */
  readonly from: string;
  /** The date of the cut saved with it, which the next resume starts from. */
  readonly cutDate: string;
  /**
   * The date of the fine cut saved with it (the coarse one's where none is apart); undefined where the fold saved no
   * cut (the list models were at the head already): the careers keep the fine date they have.
   */
  readonly fineDate?: string;
  /** Which cut it was resumed at (a fold from the first fact: 'coarse'). */
  readonly grain: CutGrain;
}

/** Folds the list slice at the log's head once and saves every non-FESA rule set's model from it, and the fold's cut. */
export const rebuildRuleSetListModels = async (
  store: EventStore,
  storage: CheckpointStorage,
  /** Given the slice and its fold too (`projections rebuild` makes the careers model of the same fold). */
  alsoFrom?: (fold: SliceFold) => Promise<void>,
): Promise<{ position: number; versions: number; facts: number }> => {
  ruleSetListModelBuilds.here++;
  const head = await store.headPosition();
  const slice = await ratedListSlice(store, { upTo: head, storage });
  const { facts } = slice;
  const hash = await hashAt(store, head);
  const cutDate = cutDateFor(lastItemDate(facts));
  const { models, folded, cut, fine } = await buildModels(facts, head, hash, { cutDate, fineCutDate: fineCutDateFor(facts, cutDate) });
  for (const model of models) await saveModel(storage, model);
  await saveCutsOf(storage, facts, head, hash, cut, fine);
  await alsoFrom?.({ slice, folded, position: head, head: hash, from: '', cutDate, fineDate: fine?.date ?? cutDate, grain: 'coarse' });
  return { position: head, versions: models.reduce((n, m) => n + m.versions.length, 0), facts: facts.length };
};

/**
 * How many times this thread resumed the models at their cut, of those at the fine one, of those from the rows of the
 * players the fold rates alone (`byPlayer`), and of the careers spliced so (an instrument, as `ruleSetListModelBuilds`).
 */
export const ruleSetListModelResumes = { here: 0, fine: 0, byPlayer: 0, careersByPlayer: 0 };

/**
 * Folds the list slice from the saved cut on (the facts recorded since it touch nothing dated before it) and saves
 * every rule set's model — its versions before the cut as saved, those after folded again — and the next cut, unless
 * they are at the head already; `careers` is given the fold too (the careers model is spliced from it: false when it
 * cannot be). False when what was asked for could not be resumed: the list models, or the careers when given (the
 * caller makes them anew).
 */
export const resumeRuleSetModels = async (store: EventStore, storage: CheckpointStorage, saved: CutHead, head: number, careers?: CareersSplice, grain: CutGrain = 'coarse', onEdited?: (why: string) => void): Promise<boolean> => {
  const resumed = await resumeListModels(store, storage, saved, head, careers, grain, onEdited);
  // the list models' versions are let go before the careers are spliced: only the fold and its slice are kept
  return careers === undefined ? resumed.lists : resumed.fold !== undefined && (await careers.splice(resumed.fold));
};

/** The careers model spliced from a resumed fold (rule-set-career-model.ts). */
export interface CareersSplice {
  readonly splice: (fold: SliceFold) => Promise<boolean>;
  /** Whether it names players the slice's own streams may not hold (one renamed since the careers model). */
  readonly nameOthers: boolean;
  readonly alone?: boolean; // the list models neither read nor saved: the fold is the careers' alone, by player
}

/** `resumeRuleSetModels`'s fold, and the list models saved from it (`lists`: they could be resumed). */
const resumeListModels = async (store: EventStore, storage: CheckpointStorage, saved: CutHead, head: number, careers: CareersSplice | undefined, grain: CutGrain, onEdited?: (why: string) => void): Promise<{ lists: boolean; fold?: SliceFold }> => {
  const forCareers = careers !== undefined;
  // each model from its first chunk holding a version dated from the cut on, the chunks before it kept (none: careers alone)
  let lists = careers?.alone !== true;
  const olds = lists ? await Promise.all(GENERIC_RULE_SETS.map((r) => loadModelFrom(storage, r, saved.date))) : [];
  for (const old of olds) {
    // (a chunk read here changed by hand is told as a whole read tells it: the models are made anew)
    const why = old && (await unservable(store, old, head));
    if (why !== undefined) onEdited?.(why);
    if (old === undefined || old.header.position < saved.position || why !== undefined) lists = false;
  }
  if (!lists && !forCareers) return { lists };
  // the models at the head already (a list read caught them up): the careers alone are behind (the cut a fold resumed
  // at may be saved before the head: one resumed at the fine cut keeps it as saved while its date stays)
  const atHead = lists && olds.every((m) => m!.header.position === head);
  if (lists && !atHead) {
    ruleSetListModelResumes.here++;
    if (grain === 'fine') ruleSetListModelResumes.fine++;
  }
  const from = saved.date;
  const building = lists && !atHead;
  // the names the saved models give: as known at the head while no naming fact was recorded since them
  const savedNames = building ? await namesKeptSince(store, olds as Model[], head) : undefined;
  // every registration is read for the lists' names only where the saved ones may not do (and for a renamed career's)
  const namesRead = !(careers?.nameOthers ?? false) && (!building || savedNames !== undefined);
  const sliceOf = (namedElsewhere: boolean): Promise<RatedTournamentSlice> => ratedListSliceFrom(store, from, { upTo: head, storage, namedElsewhere });
  let slice = await sliceOf(namesRead);
  // an adjustment by country from the cut on reads the country of every registered player
  const namedElsewhere = namesRead && !slice.facts.some(({ event: e }) => e.type === 'RatingAdjusted' && e.validDate >= from && e.target.kind === 'filter' && e.target.filter.country !== undefined);
  if (namesRead && !namedElsewhere) slice = await sliceOf(false);
  const byPosition = new Map([...saved.awards, ...slice.facts].map((f) => [f.globalPosition, f]));
  const facts = [...byPosition.values()].sort((a, b) => a.globalPosition - b.globalPosition);
  const base = new Map(building ? olds.map((m) => [m!.header.ruleSet, m!]) : []);
  const lastFact = Math.max(0, ...olds.map((m) => m?.header.lastFact ?? 0));
  const last = [lastItemDate(facts), ...olds.map((m) => m?.header.through ?? '')].reduce((a, b) => (a > b ? a : b));
  const hash = await hashAt(store, head);
  // a cut not saved again (the models' own, or theirs at the head): the careers keep theirs. Resumed at the fine cut,
  // the fold keeps the coarse cut saved before (it starts after its date) and its next fine cut no earlier than this one
  const cutDate = building && grain === 'coarse' ? [from, cutDateFor(last)].reduce((a, b) => (a > b ? a : b)) : from;
  const fineCutDate = fineCutDateFor(facts, cutDate);
  const namer = async (keys: readonly string[]): Promise<ListNamer> =>
    savedNames !== undefined && keys.every((k) => savedNames.has(k)) ? (key) => savedNames.get(key)! : listNamer(namedElsewhere ? await namingFacts(store, head) : facts);
  // the lists at the fine cut whose date and states stay, or the careers alone (no cut saved): the rows of the players
  // the fold rates (`playersReadFrom`), whose tails alone a careers splice makes again (rule-set-career-model.ts `spliceOf`)
  const keepsTheCut = building && grain === 'fine' && fineCutDate === from && head - saved.position <= FINE_CUT_KEPT;
  const byPlayer = keepsTheCut || (forCareers && !building);
  const resumed = await saved.withPlayers(byPlayer ? playersReadFrom(facts, from) : 'all');
  // (saved again meanwhile by another process: not resumed here)
  if (resumed === undefined) return { lists: false };
  if (byPlayer) ruleSetListModelResumes[forCareers ? 'careersByPlayer' : 'byPlayer']++;
  const { models, folded, cut, fine } = await buildModels(facts, head, hash, { resume: resumed.cut, base, from, lastFact, cutDate, fineCutDate, models: building, namer, coarse: grain === 'coarse' });
  if (building) {
    const oldOf = new Map(olds.map((m) => [m!.header.ruleSet, m!]));
    for (const model of models) await saveModel(storage, model, oldOf.get(model.header.ruleSet), from);
    if (grain === 'coarse') await saveCutsOf(storage, facts, head, hash, cut, fine);
    // the same date: the states saved stand (the facts since touch only what is after it), until the cut is far behind
    else if (fine !== undefined && !keepsTheCut && (fine.date !== saved.date || head - saved.position > FINE_CUT_KEPT)) await saveFineCut(storage, { position: head, head: hash, cut: fine, awards: awardsFrom(facts, fine.date) });
  }
  const fineDate = !building ? undefined : grain === 'coarse' ? (fine?.date ?? cutDate) : fine?.date;
  return { lists, fold: { slice: { facts, state: slice.state }, folded, position: head, head: hash, from, cutDate, grain, ...(fineDate !== undefined ? { fineDate } : {}) } };
};

/**
 * How far behind the head a fine cut a fold resumed from is kept as saved when the next one would be at its date: the
 * facts since it are read to know that it holds (a write's comparison reads at most 20,000 of them: saved-ratings.ts).
 */
const FINE_CUT_KEPT = 5_000;

/** The naming facts (every registration, correction, merge and unmerge) up to `head`: what a list's names are made of. */
const namingFacts = async (store: EventStore, head: number): Promise<LoggedEvent[]> => {
  const facts: LoggedEvent[] = [];
  for await (const batch of readFacts(store, { types: LIST_NAMES_EVENTS.handles, toPosition: head })) facts.push(...batch);
  return facts;
};

/**
 * How the saved models `olds` name their state keys, when no naming fact was recorded after the earliest of them up to
 * `head` (they name them then as a namer of the head would); undefined otherwise.
 */
const namesKeptSince = async (store: EventStore, olds: readonly Model[], head: number): Promise<Map<string, { id: string; name: string; country: string }> | undefined> => {
  const since = Math.min(...olds.map((m) => m.header.position));
  for await (const batch of readFacts(store, { types: LIST_NAMES_EVENTS.handles, fromPosition: since, toPosition: head })) if (batch.length > 0) return undefined;
  return new Map(olds.flatMap((m) => m.names.map(([key, id, name, country]) => [key, { id, name, country }] as const)));
};

/**
 * Makes the models at the log's head from `model` (saved at an earlier position): moved forward over facts that
 * change no list, folded again from the saved cut over facts that touch only items from it on, else made anew.
 */
const catchUpModels = async (store: EventStore, storage: CheckpointStorage, model: Model, head: number, onEdited?: (why: string) => void): Promise<void> => {
  // the fine cut first (the last tournaments folded again), else the coarse one (two seasons)
  for await (const { grain, cut } of cutsInTurn(store, head, (g) => loadCutHead(storage, g))) {
    // a cut saved after the model cannot say what the facts between the two touch
    const saved = cut !== undefined && cut.position <= model.header.position ? cut : undefined;
    const touch = await touchSince(store, storage, model, saved?.position ?? model.header.position, head);
    if (touch.kind === 'none') {
      await saveModel(storage, { ...model, header: { ...model.header, position: head, head: await hashAt(store, head) } }, model);
      return;
    }
    if (touch.kind === 'from' && saved !== undefined && saved.date <= touch.date && (await resumeRuleSetModels(store, storage, saved, head, undefined, grain, onEdited))) return;
  }
  await rebuildRuleSetListModels(store, storage);
};

/**
 * The model of `ruleSet` at the head of the log: the saved one (moved forward, or folded again from its cut), else made
 * anew; its head alone where that answers the list as of `asOf` (see `Kind`).
 */
const modelAtHead = async (store: EventStore, storage: CheckpointStorage, ruleSet: string, asOf: string, onEdited?: (why: string) => void): Promise<Model> => {
  const head = await store.headPosition();
  // its header and names alone (no chunk of versions is dated after every date): what a catch-up reads first
  const saved = await loadModelFrom(storage, ruleSet, '\uffff');
  const why = saved && (await unservable(store, saved, head));
  if (why !== undefined) onEdited?.(why);
  if (saved !== undefined && why === undefined) {
    if (saved.header.position !== head) await catchUpModels(store, storage, saved, head, onEdited);
  } else await rebuildRuleSetListModels(store, storage);
  // the head as saved with the whole just now (a read of a third of the rows), unless the date is before its last entry's
  const caughtUp = await loadModel(storage, ruleSet, 'head');
  if (caughtUp !== undefined && caughtUp.header.position === head && caughtUp.header.through <= asOf && caughtUp.fp === caughtUp.header.fp) return caughtUp;
  // the whole model, every chunk hashed: a chunk before the cut the catch-up did not read is told here, and made anew
  const whole = await loadModel(storage, ruleSet);
  const edited = whole === undefined ? `the saved list model of ${ruleSet} is missing` : await unservable(store, whole, head);
  if (edited === undefined) return whole!;
  onEdited?.(edited);
  await rebuildRuleSetListModels(store, storage);
  return (await loadModel(storage, ruleSet))!;
};

export interface ModelListRequest {
  readonly asOf: string;
  readonly activeYears: number;
  /** As known at this position: from the model when no fact the fold reads was recorded after it. */
  readonly knownAt?: number;
  /** Told why a saved model is not served (it is made anew from the log). */
  readonly onEdited?: (why: string) => void;
}

/**
 * `ruleSetList` of the list slice (default entry policy and registry) read from the saved model; undefined when the
 * model cannot answer it (a list known at a position before a fact the fold reads: the caller folds).
 */
export const readRuleSetListModel = async (store: EventStore, storage: CheckpointStorage, ruleSet: GenericRuleSetId, request: ModelListRequest): Promise<RuleSetList | undefined> => {
  const { asOf, activeYears, knownAt } = request;
  const [head, saved] = await Promise.all([store.headPosition(), loadModel(storage, ruleSet, 'head')]);
  // the head alone when it is at the head of the log and the date is on or after its last entry's; else the whole model
  const why = saved && (await unservable(store, saved, head, 'head'));
  if (why !== undefined) {
    request.onEdited?.(why);
    await rebuildRuleSetListModels(store, storage);
  }
  const served = saved !== undefined && why === undefined && saved.header.position === head && saved.header.through <= asOf;
  const model = served ? saved : await modelAtHead(store, storage, ruleSet, asOf, request.onEdited);
  // (a whole model saved without its head, as the first saves were: the head is saved now)
  if (saved === undefined) await saveAs(storage, headOf(model), 'head');
  const { header, versions, names } = model;
  if (knownAt !== undefined && knownAt < header.lastFact) return undefined;
  if (header.failure !== undefined && header.failure.date <= asOf) throw unratable(header.failure.message);
  const latest = new Map<string, Version>();
  // versions are in the fold's order, whose dates never go back
  for (const v of versions) {
    if (v[1] > asOf) break;
    latest.set(v[0], v);
  }
  const entries: RatedEntry[] = [];
  for (const [playerId, , rating, games, provisional, grade, lastPlayed] of latest.values()) {
    if (rating !== null) entries.push({ playerId, rating, games, provisional: provisional === 1, ...(header.grades ? { grade } : {}), lastPlayed });
  }
  const byKey = new Map(names.map(([key, id, name, country]) => [key, { id, name, country }]));
  return listOfEntries(ruleSet, asOf, activeYears, entries, (key) => byKey.get(key)!);
};

/** What `verify` says of the saved non-FESA list models (one sentence each; empty when all hold or none is saved). */
export const ruleSetListModelFindings = async (store: EventStore, storage: CheckpointStorage, head: number): Promise<string[]> => {
  const findings: string[] = [];
  for (const [ruleSet, kind] of GENERIC_RULE_SETS.flatMap((r) => [[r, 'whole'], [r, 'head']] as const)) {
    const saved = await loadModel(storage, ruleSet, kind);
    const why = saved && (await unservable(store, saved, head, kind));
    if (why !== undefined) findings.push(`${why[0]!.toUpperCase()}${why.slice(1)}; \`ledger projections rebuild --rules ${ruleSet}\` makes it again (as does the next read).`);
  }
  return findings;
};
