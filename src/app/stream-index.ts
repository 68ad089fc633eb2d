import type { StreamIndex } from '../../domain/commands/reads';
import type { EventSelection } from '../../domain/events/selection';
import { everyTypeHandled } from '../../domain/events/selection';
import { readFacts } from './event-log';
import { loadDerivedModel, saveDerivedModel } from './saved-derived-model';
import type { CheckpointStorage } from './ports/checkpoint-storage';
import type { EventStore } from './ports/event-store';
import type { ReadModel } from './read-model';

/**
 * What a merge's and an opening balance's decisions read across the ledger, as streams (domain/commands/reads.ts
 * `StreamIndex`): the tournaments whose games name a player id (any version: a correction may name another), the ids
 * a merge absorbed into a survivor (an unmerge leaves them: the absorbed id's stream says the merge is undone), and
 * the player whose stream holds an opening balance's event id. Only ever grows, so it may name more than a decision
 * needs, never less.
 */
export const STREAM_INDEX_EVENTS = {
  handles: ['GameReported', 'ResultCorrected', 'PlayersMerged', 'OpeningBalanceImported'],
  passesOver: [
    'PlayerRegistered', 'PlayerRegistrationCorrected', 'PlayersUnmerged', 'PriorGradeDeclared', 'TournamentRegistered',
    'GameWithdrawn', 'TournamentClosed', 'RatingAdjusted', 'ListReconciled', 'GradeAwarded', 'RuleSetAdopted',
    'RatingListPublished', 'OfficerAppointed', 'OfficerRevoked', 'SubmissionReceived', 'SubmissionApproved', 'SubmissionRejected',
  ],
} as const satisfies EventSelection;

type Indexed = (typeof STREAM_INDEX_EVENTS.handles)[number];
type PassedOver = (typeof STREAM_INDEX_EVENTS.passesOver)[number];

const addTo = (map: Map<string, Set<string>>, key: string, value: string): void => {
  const values = map.get(key);
  if (values === undefined) map.set(key, new Set([value]));
  else values.add(value);
};

/** How many parts the players' tournaments are saved in: a decision parses the parts of the ids it asks about. */
const BUCKETS = 64;

const bucketOf = (id: string): number => {
  let h = 0;
  for (let i = 0; i < id.length; i++) h = (Math.imul(h, 31) + id.charCodeAt(i)) | 0;
  return (h >>> 0) % BUCKETS;
};

/**
 * Each player's tournaments, in parts by a hash of his id, each part parsed from its saved text only when a query or
 * a fact reaches it (at a million games a hundred thousand players' sets took 0.4 s to make, for the two a merge asks
 * about); a part never parsed is saved again as it was read.
 */
class TournamentsByPlayer {
  private readonly parsed = Array.from({ length: BUCKETS }, (): Map<string, Set<string>> | undefined => undefined);
  private readonly saved = Array.from({ length: BUCKETS }, (): string | undefined => undefined);

  private bucket(id: string): Map<string, Set<string>> {
    const b = bucketOf(id);
    let map = this.parsed[b];
    if (map === undefined) {
      const text = this.saved[b];
      map = new Map(text === undefined ? [] : (JSON.parse(text) as [string, string[]][]).map(([key, values]) => [key, new Set(values)]));
      this.parsed[b] = map;
    }
    return map;
  }

  add(id: string, tournamentId: string): void {
    addTo(this.bucket(id), id, tournamentId);
  }

  of(id: string): readonly string[] {
    return [...(this.bucket(id).get(id) ?? [])];
  }

  restore(part: number, text: string): void {
    this.saved[part] = text;
    this.parsed[part] = undefined;
  }

  /** Each part's text as saved (JSON [id, tournaments][]). */
  *parts(): Generator<readonly [number, string]> {
    for (let b = 0; b < BUCKETS; b++) {
      const map = this.parsed[b];
      const text = map === undefined ? this.saved[b] : JSON.stringify([...map].map(([id, ts]) => [id, [...ts]]));
      if (text !== undefined) yield [b, text];
    }
  }
}

/** The players' tournaments; a survivor's absorbed ids, as insertion-ordered sets; each balance's holder. */
export interface StreamIndexState {
  readonly tournaments: TournamentsByPlayer;
  readonly absorbed: Map<string, Set<string>>;
  readonly balances: Map<string, string>;
}

export const STREAM_INDEX: ReadModel<StreamIndexState, StreamIndex, Indexed, PassedOver> = {
  name: 'stream index',
  ...STREAM_INDEX_EVENTS,
  initialState: () => ({ tournaments: new TournamentsByPlayer(), absorbed: new Map(), balances: new Map() }),
  evolve: (state, fact) => {
    switch (fact.type) {
      case 'GameReported':
      case 'ResultCorrected':
        state.tournaments.add(fact.first, fact.tournamentId);
        if (fact.second !== null) state.tournaments.add(fact.second, fact.tournamentId);
        break;
      case 'PlayersMerged':
        addTo(state.absorbed, fact.survivor, fact.absorbed);
        break;
      case 'OpeningBalanceImported':
        state.balances.set(fact.eventId, fact.playerId);
        break;
      default:
        everyTypeHandled(fact);
    }
    return state;
  },
  queries: (state) => ({
    tournamentsNaming: (playerId) => state.tournaments.of(playerId),
    absorbedInto: (survivor) => [...(state.absorbed.get(survivor) ?? [])],
    balanceHolder: (eventId) => state.balances.get(eventId),
  }),
};

/**
 * Saved next to the log under this name; format 2: parts `tournaments:<n>` (one chunk each, a hash of the player id
 * picks n: JSON [id, tournaments][]), `absorbed` ([survivor, ids][]) and `balances` ([eventId, playerId][]).
 */
const MODEL = 'stream-index';
const FORMAT = 2;
const TOURNAMENTS = 'tournaments:';
const CHUNK_ROWS = 20_000;
/** Indexed facts read past the saved index before a reader saves it again (a write reads at most this many). */
const RESAVE_AFTER = 1_000;

const chunksOf = function* (state: StreamIndexState): Generator<readonly [string, number, string]> {
  for (const [bucket, text] of state.tournaments.parts()) yield [`${TOURNAMENTS}${bucket}`, 0, text];
  const parts: [string, [string, unknown][]][] = [
    ['absorbed', [...state.absorbed].map(([id, ids]) => [id, [...ids]])],
    ['balances', [...state.balances]],
  ];
  for (const [part, rows] of parts) for (let at = 0; at < rows.length; at += CHUNK_ROWS) yield [part, at / CHUNK_ROWS, JSON.stringify(rows.slice(at, at + CHUNK_ROWS))];
};

const loadSaved = async (store: EventStore, storage: CheckpointStorage): Promise<{ state: StreamIndexState; position: number } | undefined> => {
  const state = STREAM_INDEX.initialState();
  const position = await loadDerivedModel(store, storage, MODEL, FORMAT, (part, data) => {
    if (part.startsWith(TOURNAMENTS)) state.tournaments.restore(Number(part.slice(TOURNAMENTS.length)), data);
    else if (part === 'balances') for (const [eventId, playerId] of JSON.parse(data) as [string, string][]) state.balances.set(eventId, playerId);
    else for (const [key, values] of JSON.parse(data) as [string, string[]][]) state.absorbed.set(key, new Set(values));
  });
  return position === undefined ? undefined : { state, position };
};

/**
 * The index at the head of the log: `kept` (what this reader caught up last) or the saved index when it is of this
 * log, caught up with the indexed facts since (read by type), saved again when it was missing, of another log, or far
 * behind. A derived, droppable read model: without
 * `storage` there is none to start from and every indexed fact is read (a million games: the caller decides from the
 * whole log instead, see LiveStreamIndex).
 */
const streamIndexSince = async (store: EventStore, storage: CheckpointStorage | undefined, kept: { state: StreamIndexState; position: number } | undefined): Promise<{ state: StreamIndexState; position: number }> => {
  const saved = kept ?? (storage === undefined ? undefined : await loadSaved(store, storage));
  const state = saved?.state ?? STREAM_INDEX.initialState();
  let position = saved?.position ?? 0;
  let read = 0;
  for await (const batch of readFacts(store, { fromPosition: position, types: STREAM_INDEX_EVENTS.handles })) {
    for (const fact of batch) STREAM_INDEX.evolve(state, fact.event as Parameters<typeof STREAM_INDEX.evolve>[1], fact);
    read += batch.length;
    if (batch.length > 0) position = batch[batch.length - 1]!.globalPosition;
  }
  if (storage !== undefined && ((saved === undefined && position > 0) || read > RESAVE_AFTER)) {
    await saveDerivedModel(store, storage, MODEL, FORMAT, position, chunksOf(state));
  }
  return { state, position };
};

/**
 * The stream index of one ledger's writes, caught up before each decision that asks it (from what it caught up
 * last); readers at the same time share one catch-up (two from one position would add the same facts twice, which
 * the sets absorb, but read them twice). A store without saved models (EventStoreDB) has none: its merges and
 * balances decide from the whole log, as before.
 */
export class LiveStreamIndex {
  private kept: { state: StreamIndexState; position: number } | undefined;
  private reading: Promise<StreamIndex | undefined> | undefined;

  constructor(
    private readonly store: EventStore,
    private readonly storage: () => Promise<CheckpointStorage | undefined>,
  ) {}

  now(): Promise<StreamIndex | undefined> {
    this.reading ??= (async () => {
      const storage = this.kept === undefined ? await this.storage() : undefined;
      if (this.kept === undefined && storage === undefined) return undefined;
      this.kept = await streamIndexSince(this.store, storage, this.kept);
      return STREAM_INDEX.queries(this.kept.state);
    })().finally(() => (this.reading = undefined));
    return this.reading;
  }
}
