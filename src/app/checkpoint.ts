/**
 * The FESA projection saved next to the log so that a restart does not fold thirty years again.
 *
 * Where: `checkpoint-storage.ts` — the ledger's own SQLite file or PostgreSQL schema (same backups; the events table
 * is never touched): a small header per projection (the lists as indexes into the saved records, the officer facts)
 * and its saved records and facts as JSON arrays of at most CHUNK items each, so a federation's whole history never
 * becomes one string (V8 cannot make a string of more than 2^29 − 24 characters, which a million games in one JSON
 * text come close to). EventStoreDB keeps none: the callers fold from the log instead.
 *
 * What: the facts the fold reads, compacted (each game with its latest facts, not its corrections; a game, a prior
 * grade and a closure as a short tuple; the games in a part of their own, by end date, so that a write's comparison
 * parses only those it rates again), the list at the head and at the last few in-memory checkpoints (each record
 * saved once however many lists hold it), and the officer facts. A restart reads only the events after the saved
 * position; when one of them is dated before the last rated tournament, the projection re-folds from the latest
 * saved list before that date (or from the start when none is old enough).
 */
import type { DomainEvent, GameFacts } from '../../domain/events';
import type { FesaPlayer } from '../../domain/rules/fesa/types';
import { AS_ADOPTED, FesaFacts, type OfficerFact } from '../../projections/fesa/history';
import type { LoggedEvent } from '../../domain/events';
import { FesaProjection, type ListCheckpoint } from '../../projections/fesa/incremental';
import { readFacts } from './event-log';
import type { EventStore } from './ports/event-store';
import type { CheckedListHistory, CheckpointStorage } from './ports/checkpoint-storage';
import { CAREER_MODEL_FORMAT, careerModelWrite } from './career-model';
import { hashAt, logChangedSince } from './chain';
import { fesaModelsReach } from './fesa-untouched';
import { LIST_MODEL_FORMAT, listModelWrite } from './list-model';

/**
 * 5: the header holds the log's hash at its position; 6: every rule-set adoption, not only the FESA family's; 7: the
 * games apart, by end date, with each chunk's latest end date in the header; 8: parts `pending` and `survivors`, what a
 * write at the head reads instead of the whole checkpoint (head-projection.ts).
 */
export const CHECKPOINT_FORMAT = 8;
const KEEP_LIST_CHECKPOINTS = 4;
/** Items per saved chunk: a few MB of JSON. */
const CHUNK = 20_000;

/**
 * A list as saved: its records as indexes into the saved records, with their slots and sort keys (so the restored
 * projection numbers and orders the list as the saved one did, which the list's read model relies on).
 */
type SavedList = Omit<ListCheckpoint, 'order' | 'slots' | 'seqs'> & { readonly order: readonly number[]; readonly slots: readonly number[]; readonly seqs: readonly number[] };

interface SavedHeader {
  readonly format: number;
  readonly ruleSet: string;
  readonly checkpointEvery: number;
  readonly position: number;
  /** The chain hash of the log's event at `position` when saved: a checkpoint of another log (or an edited one) is not resumed from. */
  readonly logHash: string | null;
  readonly head: SavedList;
  readonly checkpoints: readonly SavedList[];
  readonly officerFacts: readonly OfficerFact[];
  /**
   * The latest end date of the games in each chunk of part `games` (saved by end date): a comparison that re-folds
   * only from a recent list parses only the chunks it needs (`gamesEndingFrom`).
   */
  readonly gameChunks: readonly string[];
}

/**
 * One fact as saved: as recorded ([0, position, event]), or compacted — a game with its latest facts ([1, position
 * of its tournament, tournament, end date, game, facts, withdrawn 0|1]), a prior grade ([2, player, date, grade]),
 * a closure ([3, position, tournament, date]).
 */
type SavedFact =
  | readonly [0, number, DomainEvent]
  | readonly [1, number, string, string, string, GameFacts, 0 | 1]
  | readonly [2, string, string, string]
  | readonly [3, number, string, string]
  /** [4, player, position]: where a correction gave the player the name he bears (who of namesakes keeps it). */
  | readonly [4, string, number];

export interface CheckpointOptions {
  readonly ruleSet?: string;
  readonly checkpointEvery?: number;
  /** Items per saved chunk (default CHUNK; tests make it small). */
  readonly chunkItems?: number;
  /** Told how far reading the log (`read`) and folding it (`fold`) have come, for a progress display. */
  readonly onProgress?: (stage: 'read' | 'fold', done: number, total: number) => void;
}

const projectionName = (ruleSet: string): string => `fesa-list-${CHECKPOINT_FORMAT}:${ruleSet}`;
/** Checkpoints of earlier formats (the first one JSON text per projection): dropped, never read. */
const formerNames = (ruleSet: string): string[] => [`fesa-list:${ruleSet}`, ...Array.from({ length: CHECKPOINT_FORMAT - 2 }, (_, i) => `fesa-list-${i + 2}:${ruleSet}`)];

/**
 * Facts that rebuild the same `FesaFacts` (registration order, positions of everything the timeline orders by), and
 * the games apart, by their tournament's end date and position (each tournament's games in their order).
 */
const compactFacts = (facts: FesaFacts): { facts: SavedFact[]; games: SavedGame[] } => {
  const out: SavedFact[] = [];
  const games: SavedGame[] = [];
  for (const { event, position } of facts.registrations.values()) {
    out.push([0, position, event]);
    const namedAt = facts.namedAtOf(event.playerId);
    if (namedAt !== undefined && namedAt !== position) out.push([4, event.playerId, namedAt]);
  }
  // the merges in force (after the registrations they name)
  for (const { fact } of facts.merges.values()) out.push([0, fact.globalPosition, fact.event]);
  for (const [playerId, grades] of facts.priorGrades) for (const g of grades) out.push([2, playerId, g.date, g.grade]);
  for (const t of facts.tournaments.values()) {
    const { tournamentId, endDate } = t.registration;
    out.push([0, t.position, t.registration]);
    for (const [gameId, g] of t.games) games.push([1, t.position, tournamentId, endDate, gameId, g.facts, g.withdrawn ? 1 : 0]);
    if (t.closedAt !== undefined) out.push([3, t.position, tournamentId, t.closedAt]);
  }
  for (const item of facts.items) {
    if (item.kind === 'opening') for (const f of item.group) out.push([0, f.globalPosition, f.event]);
    else if (item.kind !== 'tournament') out.push([0, item.position, item.event]);
  }
  for (const a of facts.adoptions) out.push([0, a.position, a.event]);
  // stable: a tournament's games stay in their order
  games.sort((a, b) => (a[3] < b[3] ? -1 : a[3] > b[3] ? 1 : a[1] - b[1]));
  return { facts: out, games };
};

/** A saved game: [1, position of its tournament, tournament, end date, game, facts, withdrawn 0|1]. */
type SavedGame = Extract<SavedFact, readonly [1, ...unknown[]]>;

/**
 * The facts a compacted list stands for, as the projection takes them (the games are saved apart and put back into
 * their tournaments directly, see `FesaFacts.restoreGame`, instead of being made into events again).
 */
const expandFacts = (saved: readonly SavedFact[]): { facts: LoggedEvent[]; namedAt: [string, number][] } => {
  const facts: LoggedEvent[] = [];
  const namedAt: [string, number][] = [];
  const synthetic = (event: Record<string, unknown>): DomainEvent => ({ version: 1, actor: 'checkpoint', ...event }) as unknown as DomainEvent;
  for (const f of saved) {
    switch (f[0]) {
      case 0:
        facts.push({ event: f[2], globalPosition: f[1] });
        break;
      case 2: {
        const [, playerId, date, grade] = f;
        facts.push({ event: synthetic({ type: 'PriorGradeDeclared', eventId: `checkpoint:prior:${playerId}:${date}`, validDate: date, playerId, grade, source: 'checkpoint' }), globalPosition: 0 });
        break;
      }
      case 3:
        facts.push({ event: synthetic({ type: 'TournamentClosed', eventId: `checkpoint:closed:${f[2]}`, validDate: f[3], tournamentId: f[2] }), globalPosition: f[1] });
        break;
      case 4:
        namedAt.push([f[1], f[2]]);
        break;
      case 1:
        // games are saved in their own file, by end date, and restored by `restoreGame`: never among these facts
        break;
    }
  }
  return { facts, namedAt };
};

/** Saves the projection with the global position it reflects and the log's hash there (`logHash`, see chain.ts `hashAt`). */
export const saveCheckpoint = async (storage: CheckpointStorage, projection: FesaProjection, logHash: string | null, options: CheckpointOptions = {}): Promise<{ position: number; bytes: number }> => {
  const ruleSet = options.ruleSet ?? AS_ADOPTED;
  // Records are immutable and mostly shared between lists: each is saved once, the lists as indexes.
  const records: FesaPlayer[] = [];
  const indexOf = new Map<FesaPlayer, number>();
  const saveList = ({ order, slots, seqs, ...rest }: ListCheckpoint): SavedList => ({
    ...rest,
    // a saved list counts no runs (a restored projection keeps only those it folds itself; `FesaProjection.refresh`)
    runs: 0,
    slots: Array.from(slots ?? []),
    seqs: Array.from(seqs ?? []),
    order: order.map((r) => {
      let i = indexOf.get(r);
      if (i === undefined) indexOf.set(r, (i = records.push(r) - 1));
      return i;
    }),
  });
  const header: SavedHeader = {
    format: CHECKPOINT_FORMAT,
    ruleSet,
    checkpointEvery: options.checkpointEvery ?? 250,
    position: projection.position,
    logHash,
    head: saveList(projection.headCheckpoint()),
    checkpoints: projection.listCheckpoints().slice(-KEEP_LIST_CHECKPOINTS).map(saveList),
    officerFacts: projection.officerFactsSoFar(),
    gameChunks: [],
  };
  const compacted = compactFacts(projection.facts);
  const parts: [string, readonly unknown[]][] = [['records', records], ['facts', compacted.facts], ['games', compacted.games], ['slots', projection.slotKeys()], ...headParts(projection.facts, header.head.lastTournamentDate)];
  const name = projectionName(ruleSet);
  const size = Math.max(1, options.chunkItems ?? CHUNK);
  const gameChunks = Array.from({ length: Math.ceil(compacted.games.length / size) }, (_, seq) => compacted.games[Math.min((seq + 1) * size, compacted.games.length) - 1]![3]);
  const text = JSON.stringify({ ...header, gameChunks });
  let bytes = text.length;
  function* chunks(): Iterable<readonly [string, number, string]> {
    for (const [part, items] of parts) {
      for (let seq = 0; seq * size < items.length; seq++) {
        const chunk = JSON.stringify(items.slice(seq * size, (seq + 1) * size));
        bytes += chunk.length;
        yield [part, seq, chunk];
      }
    }
  }
  const model = projection.listModelChanges();
  const careers = projection.careerModelChanges();
  await storage.save(name, header.position, text, chunks(), formerNames(ruleSet), model && listModelWrite(ruleSet, header.position, logHash, projection.failed, model), careers && careerModelWrite(ruleSet, header.position, logHash, projection.failed, careers));
  projection.listModelSaved();
  projection.careerModelSaved();
  return { position: header.position, bytes };
};

/**
 * What a write at the head (head-projection.ts) cannot read by player: the ids registered after the last tournament
 * rated (they enter the list with the next one whether they play or not; an absorbed id never does), and the ids
 * others are merged into (their facts are not theirs alone).
 */
const headParts = (facts: FesaFacts, lastTournamentDate: string | null): [string, readonly string[]][] => {
  const pending: string[] = [];
  for (const [id, { event }] of facts.registrations) if (!facts.merges.has(id) && (lastTournamentDate === null || event.validDate > lastTournamentDate)) pending.push(id);
  return [['pending', pending], ['survivors', [...new Set([...facts.merges.values()].map((m) => m.survivor))]]];
};

/** The ids of `headParts` as saved with the checkpoint of `position`; undefined when the one saved is not that one. */
export const loadHeadParts = async (storage: CheckpointStorage, ruleSet: string, position: number): Promise<{ pending: string[]; survivors: Set<string> } | undefined> => {
  const name = projectionName(ruleSet);
  const [pending, survivors] = [await storage.loadPart(name, 'pending', 0, position), await storage.loadPart(name, 'survivors', 0, position)];
  if (pending === undefined || survivors === undefined) return undefined;
  const ids = (texts: string[]): string[] => texts.flatMap((t) => JSON.parse(t) as string[]);
  return { pending: ids(pending), survivors: new Set(ids(survivors)) };
};

export const dropCheckpoint = (storage: CheckpointStorage, ruleSet: string = AS_ADOPTED): Promise<void> => storage.drop([projectionName(ruleSet), ...formerNames(ruleSet)]);

interface LoadedCheckpoint {
  readonly header: SavedHeader;
  readonly facts: LoggedEvent[];
  /**
   * Part `games` as saved, one JSON text per chunk from chunk `fromSeq` on, read only where needed (`restoreSaved`):
   * undefined when another checkpoint was saved since this one was loaded.
   */
  readonly gameTexts: (fromSeq: number) => Promise<string[] | undefined>;
  /** Players a correction renamed since they registered, and where (see SavedFact 4). */
  readonly namedAt: [string, number][];
  readonly slotKeys: string[];
  readonly head: ListCheckpoint;
  readonly checkpoints: ListCheckpoint[];
}

const loadCheckpoint = async (storage: CheckpointStorage, ruleSet: string): Promise<LoadedCheckpoint | undefined> => {
  const items: Record<string, unknown[]> = { records: [], facts: [], slots: [] };
  const name = projectionName(ruleSet);
  // the games (most of the bytes saved) are read apart, from the first chunk a restore needs (`restoreSaved`)
  const text = await storage.load(
    name,
    (part, data) => {
      const into = items[part];
      if (into) for (const item of JSON.parse(data) as unknown[]) into.push(item);
    },
    ['games', 'pending', 'survivors'],
  );
  if (text === undefined) return undefined;
  const header = JSON.parse(text) as SavedHeader;
  if (header.format !== CHECKPOINT_FORMAT || header.ruleSet !== ruleSet) return undefined;
  const records = items.records as FesaPlayer[];
  const list = ({ order, ...rest }: SavedList): ListCheckpoint => ({ ...rest, order: order.map((i) => records[i]!) });
  const gameTexts = async (fromSeq: number): Promise<string[] | undefined> => {
    if (fromSeq >= header.gameChunks.length) return [];
    const texts = await storage.loadPart(name, 'games', fromSeq, header.position);
    // another save since (of the same position, else undefined): its chunks must still be these
    return texts?.length === header.gameChunks.length - fromSeq ? texts : undefined;
  };
  return { header, ...expandFacts(items.facts as SavedFact[]), gameTexts, slotKeys: items.slots as string[], head: list(header.head), checkpoints: header.checkpoints.map(list) };
};

export interface Resumed {
  readonly projection: FesaProjection;
  /** Global position of the checkpoint used (0 = none, folded from the start). */
  readonly checkpointPosition: number;
  /** Events read from the log (only those after the checkpoint). */
  readonly eventsRead: number;
  /** Timeline items applied again after the checkpoint ([from, to) of the timeline). */
  readonly refolded: { readonly from: number; readonly to: number };
}

/** How many catch-ups ran in this thread (an instrument: a server's tests hold that none runs on its request thread). */
export const resumes = { here: 0 };

/**
 * The projection as of the head of the log: from the saved checkpoint plus the events after it (or from the start
 * when there is none), then saved again when anything new was read.
 */
export const resumeProjection = async (store: EventStore, storage: CheckpointStorage, options: CheckpointOptions = {}, fromStart = false): Promise<Resumed> => {
  resumes.here++;
  const ruleSet = options.ruleSet ?? AS_ADOPTED;
  const saved = fromStart ? undefined : await usableCheckpoint(store, storage, ruleSet);
  const checkpointEvery = saved?.header.checkpointEvery ?? options.checkpointEvery;
  const onProgress = options.onProgress;
  const projection = new FesaProjection({ ruleSet, checkpointEvery, runs: 'none', listModel: true, careerModel: true, ...(onProgress ? { onProgress: (done: number, total: number) => onProgress('fold', done, total) } : {}) });
  const restored = saved !== undefined && (await restoreSaved(projection, saved));
  // the games saved are no longer this checkpoint's (replaced since it was loaded, or a part lost): folded from the
  // start, in a fresh projection (not the half-restored one), and saved whole again — never loaded again in a loop
  if (saved && !restored) return resumeProjection(store, storage, options, true);
  const from = saved?.header.position ?? 0;
  const eventsRead = await catchUp(store, projection, from, onProgress);
  const refolded = eventsRead > 0 ? projection.lastRefold : { from: 0, to: 0 };
  if (eventsRead > 0 || !saved) await saveCheckpoint(storage, projection, await hashAt(store, projection.position), { ...options, ruleSet, checkpointEvery: checkpointEvery ?? 250 });
  return { projection, checkpointPosition: from, eventsRead, refolded };
};

/**
 * The saved checkpoint when it belongs to this log. The read models (the list's, the careers') are saved with it: a
 * checkpoint without them (dropped, another format) is not resumed from, so the fold from the start writes all anew;
 * nor one built from another log, or from an event since changed (the read that found it said so).
 */
const usableCheckpoint = async (store: EventStore, storage: CheckpointStorage, ruleSet: string): Promise<LoadedCheckpoint | undefined> => {
  const [checkpoint, modelAt, careersAt] = await Promise.all([loadCheckpoint(storage, ruleSet), storage.listModelPosition(ruleSet, LIST_MODEL_FORMAT), storage.careerModelPosition(ruleSet, CAREER_MODEL_FORMAT)]);
  if (checkpoint === undefined || checkpoint.header.position !== modelAt || checkpoint.header.position !== careersAt) return undefined;
  return (await logChangedSince(store, checkpoint.header.position, checkpoint.header.logHash)) === undefined ? checkpoint : undefined;
};

/**
 * Puts the saved checkpoint back into `projection`: its facts, then the games of the tournaments ending on or after
 * the date `gamesFrom` names once the facts are in ('': every game), read from the first chunk holding one, then its
 * lists. False (the projection half restored) when the games saved are no longer those of this checkpoint.
 */
const restoreSaved = async (projection: FesaProjection, saved: LoadedCheckpoint, gamesFrom: () => string = () => ''): Promise<boolean> => {
  projection.restoreSlots(saved.slotKeys);
  projection.applySaved(saved.facts);
  const from = gamesFrom();
  // the chunks are saved by end date: the first whose latest end date is `from` or later holds the first game needed
  const first = saved.header.gameChunks.findIndex((last) => last >= from);
  const texts = await saved.gameTexts(first < 0 ? saved.header.gameChunks.length : first);
  if (texts === undefined) return false;
  for (const text of texts) {
    for (const [, , tournamentId, endDate, gameId, facts, withdrawn] of JSON.parse(text) as SavedGame[]) if (endDate >= from) projection.facts.restoreGame(tournamentId, gameId, facts, withdrawn === 1);
  }
  for (const [playerId, position] of saved.namedAt) projection.facts.restoreNamedAt(playerId, position);
  projection.position = saved.header.position;
  projection.restore(saved.checkpoints, saved.head, [], saved.header.officerFacts);
  return true;
};

/** Feeds the events recorded after `from` and brings the list up to them; how many were read. */
const catchUp = async (store: EventStore, projection: FesaProjection, from: number, onProgress?: CheckpointOptions['onProgress']): Promise<number> => {
  let eventsRead = 0;
  for await (const batch of readFacts(store, { fromPosition: from })) {
    projection.apply(batch);
    eventsRead += batch.length;
    onProgress?.('read', eventsRead, 0);
  }
  projection.refresh();
  return eventsRead;
};

/**
 * The latest saved list dated before `date` ('': none), where the saved fold reached the end of its timeline (else
 * its next refresh folds from where it stopped, wherever that is).
 */
const listBefore = (projection: FesaProjection, saved: LoadedCheckpoint, date: string): ListCheckpoint | undefined => {
  if (date === '' || projection.facts.timeline().length !== saved.head.index) return undefined;
  return [...saved.checkpoints, saved.head].filter((c) => c.date < date).sort((a, b) => b.index - a.index)[0];
};

/** A projection for a comparison (`projectionForComparison`) and the timeline item from which on it holds the games. */
export interface ComparedProjection {
  readonly projection: FesaProjection;
  /**
   * Timeline items before this one were restored without their games: a re-fold must not start before it. A write's
   * comparison re-folds from a recent list, so reading a million games it never rates again is what this spares.
   */
  readonly gamesFrom: number;
  /** Restored by player (head-projection.ts): it holds only the involved players' records and facts. */
  readonly byPlayer?: true;
  /**
   * Restored from the whole checkpoint saved at this position: the write that paid for it saves the checkpoint again
   * after its append (checkpoint-carry.ts `saveCompared`, else `carryCheckpointForward`), so that the next write at the head is restored by player.
   */
  readonly wholeFrom?: number;
  /**
   * Restored with every game and the list and careers models' journals (`projectionForComparison`'s `savable`): once
   * the write's facts are folded into it and appended, it is what a catch-up would save (`saveCompared`).
   */
  readonly savable?: { readonly ruleSet: string; readonly checkpointEvery: number };
}

/**
 * The FESA projection as of the head of the log from the saved checkpoint, keeping the runs it folds (`changes`,
 * from the saved list its first re-fold starts at: `runsFrom`); nothing is saved. `earliestAfter`, given the events
 * recorded since the checkpoint (it may read what they need, e.g. the stream index for a merge), names from the facts
 * restored the earliest date any re-fold to come can start at ('': the start): the games of the tournaments before
 * the latest saved list of before then are not restored.
 * Undefined when no checkpoint of this log is saved (EventStoreDB, a fresh ledger): the caller folds the log.
 */
export const projectionForComparison = async (
  store: EventStore,
  storage: CheckpointStorage,
  earliestAfter: (since: readonly LoggedEvent[]) => Promise<(facts: FesaFacts) => string> = async () => () => '',
  ruleSet: string = AS_ADOPTED,
  savable = false,
): Promise<ComparedProjection | undefined> => {
  const saved = await usableCheckpoint(store, storage, ruleSet);
  if (saved === undefined) return undefined;
  wholeRestores.here++;
  const checkpointEvery = saved.header.checkpointEvery;
  // to be saved after the write (`saveCompared`): every game, and the models' journals from the checkpoint on
  const projection = new FesaProjection({ ruleSet, checkpointEvery, runs: 'changes', ...(savable ? { listModel: true, careerModel: true } : {}) });
  const since: LoggedEvent[] = [];
  for await (const batch of readFacts(store, { fromPosition: saved.header.position })) since.push(...batch);
  const earliest = await earliestAfter(since);
  let from: ListCheckpoint | undefined;
  const restoredSaved = await restoreSaved(projection, saved, () => {
    // (asked of a savable one too: it may set what the facts' re-folds read, e.g. a merge's `tournamentsNaming`)
    const date = earliest(projection.facts);
    from = savable ? undefined : listBefore(projection, saved, date);
    return from?.date ?? '';
  });
  if (!restoredSaved) return undefined;
  const restored = projection.lastRefold;
  projection.apply(since);
  projection.refresh();
  const gamesFrom = from?.index ?? 0;
  // the events since re-folded from before the games restored (`earliest` missed one): not answered here
  if (projection.lastRefold !== restored && projection.lastRefold.from < gamesFrom) return undefined;
  return { projection, gamesFrom, wholeFrom: saved.header.position, ...(savable ? { savable: { ruleSet, checkpointEvery } } : {}) };
};

/** How many comparisons this thread restored from the whole checkpoint, and how many checkpoints a write carried forward (instruments for tests). */
export const wholeRestores = { here: 0, carried: 0, savedCompared: 0 };

/** Starts over: drops the checkpoint, folds the whole log, saves a fresh checkpoint. */
export const rebuildProjection = async (store: EventStore, storage: CheckpointStorage, options: CheckpointOptions = {}): Promise<Resumed> => {
  await dropCheckpoint(storage, options.ruleSet ?? AS_ADOPTED);
  return resumeProjection(store, storage, options);
};

/**
 * Whether a fact recorded after position `after`, up to `upTo`, may change a FESA list: anything but the facts the fold
 * passes over and those of tournaments a rule set outside FESA rates (see fesa-untouched.ts `fesaModelsReach`).
 */
export const changesTheLists = async (store: EventStore, after: number, upTo: number): Promise<boolean> => (await fesaModelsReach(store, after, upTo)) === undefined;

/**
 * The saved list read model of `ruleSet` up to its list as of `asOf` (a comparison of two rule sets reads it), first
 * brought up to the head of the log when a fact recorded after it up to `head` may change the lists (facts the fold
 * passes over — an officer's appointment, a published list — do not: the model then answers as at the head).
 * Bringing it up reads the events since its checkpoint (or folds the log once) and saves both; the projection is not
 * kept. Undefined when the fold under the rule set failed. It may reflect a later position when another process
 * wrote meanwhile: the caller compares. With `from`, the rows dated before it are left out but for each slot's last
 * (see `CheckpointStorage.readListHistory`): a diff of two such reads is right from `from` on. `edited`: the model was
 * changed by hand (the caller folds instead).
 */
export const listModelHistory = async (store: EventStore, storage: CheckpointStorage, ruleSet: string, asOf: string, head: number, onProgress?: CheckpointOptions['onProgress'], from?: string): Promise<CheckedListHistory | undefined> => {
  await listModelsUpTo(store, storage, [ruleSet], head, onProgress);
  return storage.readListHistory({ ruleSet, format: LIST_MODEL_FORMAT, asOf, ...(from !== undefined ? { from } : {}) });
};

/**
 * The list read models of `ruleSets` brought up to `head` for a comparison of them (`rerate`, `diff --rules`): a model
 * saved but behind caught up from its checkpoint (`resumeProjection`); those of which none is saved made by
 * `firstListModels`, without the careers' model.
 */
export const listModelsUpTo = async (store: EventStore, storage: CheckpointStorage, ruleSets: readonly string[], head: number, onProgress?: CheckpointOptions['onProgress']): Promise<void> => {
  const unsaved: string[] = [];
  for (const ruleSet of ruleSets) {
    const saved = await storage.listModelPosition(ruleSet, LIST_MODEL_FORMAT);
    if (saved === undefined) unsaved.push(ruleSet);
    else if (saved < head && (await changesTheLists(store, saved, head))) await resumeProjection(store, storage, { ruleSet, ...(onProgress ? { onProgress } : {}) });
  }
  if (unsaved.length > 0) await firstListModels(store, storage, unsaved, onProgress);
};

/**
 * The first list models of `ruleSets` (none saved of any), each folded from the log and saved with its checkpoint —
 * but not the careers' model, which a comparison does not read (making and saving it cost as much as the list's,
 * issue 30). Its readers make it on their first use: a checkpoint without it is never resumed from
 * (`usableCheckpoint`), so the next catch-up folds from the start and saves all three. One projection at a time, each
 * reading the log: at a million games two projections fed by one read held 2,499 MiB, and one fed from the decoded
 * facts kept for the next 2,626 MiB, where a read each stays under main's 2,015.
 */
const firstListModels = async (store: EventStore, storage: CheckpointStorage, ruleSets: readonly string[], onProgress?: CheckpointOptions['onProgress']): Promise<void> => {
  const fold = onProgress && ((done: number, total: number) => onProgress('fold', done, total));
  for (const ruleSet of ruleSets) {
    const projection = new FesaProjection({ ruleSet, runs: 'none', listModel: true, ...(fold ? { onProgress: fold } : {}) });
    await catchUp(store, projection, 0, onProgress);
    await saveCheckpoint(storage, projection, await hashAt(store, projection.position), { ruleSet, checkpointEvery: 250 });
  }
};
