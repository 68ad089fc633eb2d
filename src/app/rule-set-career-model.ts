/**
 * The saved careers of the non-FESA rule sets (`ledger history P --rules S`, `ledger explain P --rules S`), next to
 * the log as the list model is (rule-set-list-model.ts): one fold of the non-FESA slice gives, per player, his career
 * under every non-FESA rule set (tournaments with his rating before and after and his games, opening balances, grade
 * changes with the rule behind each) and what `explain` tells of him, so that a read loads one player's records
 * instead of reading a third of a mixed ledger's streams and folding them again.
 *
 * Players are kept in buckets by a hash of their id, each saved as its own projection, so that a read parses one
 * bucket. A small head (its own projection) says which log position the buckets reflect and holds each bucket's
 * fingerprint: moving the model forward over facts that change no career rewrites the head alone, and a bucket
 * changed by hand, or saved by another build, no longer matches it. Derived and droppable: read only while it reflects
 * the head of the log; `verify` tells one changed by hand.
 */
import * as E from 'fp-ts/Either';
import { explanationData, type GenericExplanation } from '../../projections/generic/explain';
import { foldGeneric } from '../../projections/generic/history';
import { gradeHistory, type GradeCarry } from '../../projections/generic/grades';
import { hashAt, logChangedSince } from './chain';
import { hash53 } from './list-model';
import type { CheckpointStorage } from './ports/checkpoint-storage';
import type { EventStore } from './ports/event-store';
import type { RatedTournamentSlice } from './rated-tournament';
import { loadFoldCut, NAMES_ONLY } from './rule-set-fold-cut';
import { decodedStream } from './rated-tournament';
import { readFacts } from './event-log';
import { evolve, initialLedgerState } from '../../domain/commands/state';
import { playerStream } from '../../domain/events';
import { fingerprint, rebuildRuleSetListModels, resumeRuleSetModels, touchOfTheRatedSlice, type SliceFold } from './rule-set-list-model';
import { careerName, careerReader, type GenericCareer } from './tournaments';
import { careersOfStandings, ruleSetStandings, type RuleSetCareer, type RuleSetStanding } from './career-rule-sets';
import { listNamer, listOfFold, type RuleSetListRow } from './rule-set-list';
import type { GenericRuleSetId } from '../../projections/generic/systems';

/** The saved layout: a model of another format is never read (the next read makes it anew). */
export const RULE_SET_CAREER_MODEL_FORMAT = 3;
const HEAD_NAME = `rule-set-careers-${RULE_SET_CAREER_MODEL_FORMAT}`;
/** At a million games a bucket holds some 1,500 players: a read parses megabytes, not the whole model. */
const BUCKETS = 64;
const bucketName = (bucket: number): string => `${HEAD_NAME}:${bucket}`;
const bucketOf = (playerId: string): number => hash53(playerId) % BUCKETS;
/** Players per saved chunk. */
const CHUNK = 500;

/**
 * One player's record: his career under every non-FESA rule set (null: none), what `explain` tells of him (null:
 * nothing, or the fold failed), his standings (what his page shows of his state under each rule set) and what his
 * grade history carries over the model's cut date (null: nothing), which a splice from the cut starts from.
 */
type PlayerRecord = readonly [playerId: string, career: GenericCareer | null, explanation: GenericExplanation['data'] | null, standings: readonly RuleSetStanding[], carry: GradeCarry | null];

interface Head {
  readonly format: number;
  readonly position: number;
  /** The chain hash of the log's event at `position` (a model of another log, or of an edited one, is not read). */
  readonly head: string | null;
  /** Where the fold stopped: `explain` answers with it, as the fold would (a career shows its tournaments unrated). */
  readonly failure?: string;
  /** Each bucket's fingerprint as saved by this build. */
  readonly buckets: readonly number[];
  /** The date the records' grade carries are at: the fold cut's (rule-set-fold-cut.ts) the model can be spliced from. */
  readonly cutDate: string;
}

/** What the saved model holds of one player. */
export interface SavedRuleSetCareer {
  readonly career: GenericCareer | undefined;
  /** What `explain` tells of him under every rule set (`explanationOf` gives one rule set's); empty when he has nothing. */
  readonly explanation: GenericExplanation['data'];
  readonly standings: readonly RuleSetStanding[];
  readonly failure?: string;
}

/** How many times this thread made the careers model anew (an instrument: a test holds that facts changing no career move it forward). */
export const ruleSetCareerModelBuilds = { here: 0 };

/**
 * Each rule set's list row of a player at the end of the timeline (as `ruleSetList` gives it, everybody rated), from
 * the fold already made: the page repeats its grade and category.
 */
const listRows = (
  slice: RatedTournamentSlice,
  folded: ReturnType<typeof foldGeneric>,
  /** How the list names a state key (a splice's rows give the page only their grade and category: any name will do). */
  named: (key: string) => { id: string; name: string; country: string } = listNamer(slice.facts),
): ((ruleSet: GenericRuleSetId, playerId: string) => RuleSetListRow | undefined) => {
  const rows = new Map<GenericRuleSetId, ReadonlyMap<string, RuleSetListRow>>();
  return (ruleSet, playerId) => {
    if (E.isLeft(folded)) return undefined;
    let list = rows.get(ruleSet);
    if (list === undefined) rows.set(ruleSet, (list = new Map(listOfFold(folded.right, ruleSet, END_OF_TIME, 0, named).players.map((row) => [row.id, row]))));
    return list.get(playerId);
  };
};

const END_OF_TIME = '9999-12-31';

/** Whether an explanation tells anything (a record keeps none that does not). */
const explainsAnything = (data: Pick<GenericExplanation['data'], 'tournaments' | 'officerFacts' | 'grades'>): boolean =>
  data.tournaments.length > 0 || data.officerFacts.length > 0 || data.grades.length > 0;

const nonEmpty = (carry: GradeCarry): GradeCarry | null => (Object.keys(carry).length === 0 ? null : carry);

/** What the model keeps of one player from the fold of the whole slice `fold` (undefined: nothing to keep). */
const recordReader = ({ slice, folded, cutDate }: SliceFold): ((id: string) => PlayerRecord | undefined) => {
  const careerOf = careerReader(slice.facts, slice.state, folded);
  const listedOf = listRows(slice, folded);
  return (id) => {
    const career = careerOf(id) ?? null;
    const data = E.isRight(folded) ? explanationData(folded.right, id) : undefined;
    const explained = data !== undefined && explainsAnything(data) ? data : null;
    const standings = ruleSetStandings(folded, id, (ruleSet) => listedOf(ruleSet, id));
    let carry: GradeCarry = {};
    if (E.isRight(folded)) gradeHistory(folded.right, id, { carryAt: { date: cutDate, take: (c) => (carry = c) } });
    return career !== null || explained !== null || standings.length > 0 ? [id, career, explained, standings, nonEmpty(carry)] : undefined;
  };
};

/**
 * A record as a line of its bucket (the lines of a chunk are joined by newlines): the date of its last dated item ('':
 * none), his id as JSON, and the record as JSON. A splice copies the line of a player the items from the cut on do not
 * name, and whose record holds nothing dated from the cut on, as it is (most of a bucket), and parses the others.
 */
interface Line {
  readonly last: string;
  readonly id: string;
  readonly text: string;
}

const lastDateOf = ([, career, explained]: PlayerRecord): string => {
  let last = '';
  const seen = (date: string): void => {
    if (date > last) last = date;
  };
  for (const t of career?.tournaments ?? []) seen(t.endDate);
  for (const items of [career?.openingBalances, career?.grades, explained?.tournaments, explained?.officerFacts, explained?.grades]) for (const i of items ?? []) seen(i.date);
  return last;
};

const lineOf = (record: PlayerRecord): Line => {
  const last = lastDateOf(record);
  return { last, id: record[0], text: `${last}\t${JSON.stringify(record[0])}\t${JSON.stringify(record)}` };
};

const parseLine = (text: string): Line => {
  const [a, b] = [text.indexOf('\t'), text.indexOf('\t', text.indexOf('\t') + 1)];
  return { last: text.slice(0, a), id: JSON.parse(text.slice(a + 1, b)) as string, text };
};

const recordOfLine = ({ text }: Line): PlayerRecord => JSON.parse(text.slice(text.indexOf('\t', text.indexOf('\t') + 1) + 1)) as PlayerRecord;

/** Saves one bucket's records as of `position`; its fingerprint. */
const saveBucket = async (storage: CheckpointStorage, bucket: number, position: number, lines: readonly Line[]): Promise<number> => {
  const chunks: (readonly [string, number, string])[] = [];
  for (let seq = 0; seq * CHUNK < lines.length; seq++) chunks.push(['players', seq, lines.slice(seq * CHUNK, (seq + 1) * CHUNK).map((l) => l.text).join('\n')]);
  const fp = fingerprint(chunks.map((c) => c[2]));
  await storage.save(bucketName(bucket), position, JSON.stringify({ format: RULE_SET_CAREER_MODEL_FORMAT, bucket, fp }), chunks, []);
  return fp;
};

/** Saves the head last: until it is saved, the buckets do not match the head a read checks them against. */
const saveHead = (storage: CheckpointStorage, { position, head, folded, cutDate }: SliceFold, buckets: readonly number[]): Promise<void> => {
  const saved: Head = { format: RULE_SET_CAREER_MODEL_FORMAT, position, head, ...(E.isLeft(folded) ? { failure: folded.left } : {}), buckets, cutDate };
  return storage.save(HEAD_NAME, position, JSON.stringify(saved), [], []);
};

/** Saves the careers model of the non-FESA slice from its whole fold `fold`. */
const saveCareerModel = async (storage: CheckpointStorage, fold: SliceFold): Promise<void> => {
  ruleSetCareerModelBuilds.here++;
  const { slice, folded } = fold;
  const recordFor = recordReader(fold);
  const ids = new Set<string>(slice.state.players.keys());
  if (E.isRight(folded)) for (const id of folded.right.players.keys()) ids.add(id);
  const byBucket: string[][] = Array.from({ length: BUCKETS }, () => []);
  for (const id of ids) byBucket[bucketOf(id)]!.push(id);
  const fingerprints: number[] = [];
  // one bucket's records at a time: the whole model at once would hold every game twice more in memory
  for (const [bucket, players] of byBucket.entries()) fingerprints.push(await saveBucket(storage, bucket, fold.position, players.flatMap((id): Line[] => { const r = recordFor(id); return r === undefined ? [] : [lineOf(r)]; })));
  await saveHead(storage, fold, fingerprints);
};

/** How many times this thread spliced the careers model from the fold cut (an instrument, as `ruleSetCareerModelBuilds`). */
export const ruleSetCareerModelSplices = { here: 0 };

const dated = <T extends { readonly date: string }>(items: readonly T[] | undefined, from: string): T[] => (items ?? []).filter((i) => i.date < from);

/**
 * Splices the careers model saved as `saved` with the fold of the list slice resumed at the cut (`fold.from`): each
 * player's record before the cut kept as saved, the items from the cut on appended from the fold, his grade history
 * carried over the cut from the record's carry, his standings and name as the fold and the slice have them now.
 * False when the fold failed (the caller makes the model anew: a failure is told as the whole fold tells it).
 */
const spliceCareerModel = async (storage: CheckpointStorage, saved: Head, fold: SliceFold, renamed: ReadonlySet<string>): Promise<boolean> => {
  const { slice, folded, from, cutDate } = fold;
  if (E.isLeft(folded) || saved.cutDate !== from) return false;
  ruleSetCareerModelSplices.here++;
  const resumed = folded.right;
  const careerOf = careerReader(slice.facts, slice.state, folded);
  // a state is kept under the person's id (a merge makes the models anew): the rows by that id, names not read again
  const listedOf = listRows(slice, folded, (key) => ({ id: key, name: key, country: '' }));
  const spliced = (id: string, old: PlayerRecord | undefined): PlayerRecord | undefined => {
    const [, oldCareer, oldExplained, , oldCarry] = old ?? [id, null, null, [], null];
    let carry: GradeCarry = oldCarry ?? {};
    const grades = [...dated(oldCareer?.grades ?? oldExplained?.grades, from), ...gradeHistory(resumed, id, { carry, carryAt: { date: cutDate, take: (c) => (carry = c) } })];
    const player = slice.state.players.get(id);
    const post = careerOf(id);
    const tournaments = (oldCareer?.tournaments ?? []).filter((t) => t.endDate < from);
    const career: GenericCareer | null =
      player === undefined || (tournaments.length === 0 && post === undefined)
        ? null
        : { playerId: id, name: careerName(player), openingBalances: [...dated(oldCareer?.openingBalances, from), ...(post?.openingBalances ?? [])], grades, tournaments: [...tournaments, ...(post?.tournaments ?? [])] };
    const now = explanationData(resumed, id);
    const explanation = { playerId: id, tournaments: [...dated(oldExplained?.tournaments, from), ...now.tournaments], officerFacts: [...dated(oldExplained?.officerFacts, from), ...now.officerFacts], grades };
    const explained = explainsAnything(explanation) ? explanation : null;
    const standings = ruleSetStandings(folded, id, (ruleSet) => listedOf(ruleSet, id));
    return career !== null || explained !== null || standings.length > 0 ? [id, career, explained, standings, nonEmpty(carry)] : undefined;
  };
  // the players the items from the cut on name, whom the saved model may not hold yet
  const named = new Set<string>([...resumed.runs.flatMap((r) => Object.keys(r.before)), ...resumed.officerFacts.flatMap((f) => f.playerIds)]);
  for (const t of slice.state.tournaments.values()) for (const g of t.games.values()) if (!g.withdrawn) for (const id of [g.facts.first, g.facts.second]) if (id !== null) named.add(id);
  const byBucket: Set<string>[] = Array.from({ length: BUCKETS }, () => new Set());
  for (const id of named) byBucket[bucketOf(id)]!.add(id);
  const fingerprints: number[] = [];
  for (const [bucket, newcomers] of byBucket.entries()) {
    const loaded = await loadBucket(storage, bucket, true);
    if (loaded === undefined || loaded.fp !== saved.buckets[bucket]) return false;
    const lines: Line[] = [];
    for (const old of loaded.lines) {
      const named = newcomers.delete(old.id) || renamed.has(old.id);
      if (!named && old.last < from) lines.push(old);
      else {
        const record = spliced(old.id, recordOfLine(old));
        if (record !== undefined) lines.push(lineOf(record));
      }
    }
    for (const id of newcomers) {
      const record = spliced(id, undefined);
      if (record !== undefined) lines.push(lineOf(record));
    }
    fingerprints.push(await saveBucket(storage, bucket, fold.position, lines));
  }
  await saveHead(storage, fold, fingerprints);
  return true;
};

/** The players whose registration was corrected after `since` up to `head`. */
const renamedSince = async (store: EventStore, since: number, head: number): Promise<Set<string>> => {
  const renamed = new Set<string>();
  for await (const batch of readFacts(store, { fromPosition: since, toPosition: head })) for (const { event: e } of batch) if (e.type === 'PlayerRegistrationCorrected') renamed.add(e.playerId);
  return renamed;
};

/** How many times this thread renamed players in the careers model without a fold (an instrument). */
export const ruleSetCareerModelRenames = { here: 0 };

/**
 * Moves the careers model `saved` to the log's `head` over facts recorded after `since` that change names alone (a
 * corrected registration: NAMES_ONLY): the careers of the players renamed take their names from their own streams,
 * and only their buckets are saved again. False when a bucket no longer holds as saved (the caller makes it anew).
 */
const renamedInModel = async (store: EventStore, storage: CheckpointStorage, saved: Head, renamed: ReadonlySet<string>, head: number): Promise<boolean> => {
  ruleSetCareerModelRenames.here++;
  const buckets = [...saved.buckets];
  for (const bucket of new Set([...renamed].map(bucketOf))) {
    const loaded = await loadBucket(storage, bucket, true);
    if (loaded === undefined || loaded.fp !== saved.buckets[bucket]) return false;
    const lines: Line[] = [];
    for (const line of loaded.lines) {
      const record = renamed.has(line.id) ? recordOfLine(line) : undefined;
      const [id, career] = record ?? [line.id, null];
      if (record === undefined || career === null) lines.push(line);
      else {
        const state = initialLedgerState();
        for (const f of await decodedStream(store, playerStream(id), head)) evolve(state, f.event);
        const player = state.players.get(id);
        lines.push(player === undefined ? line : lineOf([id, { ...career, name: careerName(player) }, record[2], record[3], record[4]]));
      }
    }
    buckets[bucket] = await saveBucket(storage, bucket, head, lines);
  }
  const moved: Head = { ...saved, position: head, head: await hashAt(store, head), buckets };
  await storage.save(HEAD_NAME, head, JSON.stringify(moved), [], []);
  return true;
};

/**
 * Folds the non-FESA slice at the log's head once and saves every non-FESA rule set's list model and the careers
 * model from it (`projections rebuild --rules S`, and a careers read that finds none it can serve).
 */
export const rebuildRuleSetModels = (store: EventStore, storage: CheckpointStorage): Promise<{ position: number; versions: number; facts: number }> =>
  rebuildRuleSetListModels(store, storage, (fold) => saveCareerModel(storage, fold));

const loadHead = async (storage: CheckpointStorage): Promise<Head | undefined> => {
  const text = await storage.load(HEAD_NAME, () => undefined);
  const head = text === undefined ? undefined : (JSON.parse(text) as Head);
  return head?.format === RULE_SET_CAREER_MODEL_FORMAT && head.buckets.length === BUCKETS ? head : undefined;
};

/** A bucket as saved: the fingerprint of its chunks as loaded, and its lines when `parse` asks for them. */
const loadBucket = async (storage: CheckpointStorage, bucket: number, parse: boolean): Promise<{ fp: number; lines: Line[] } | undefined> => {
  const texts: string[] = [];
  const lines: Line[] = [];
  const text = await storage.load(bucketName(bucket), (part, data) => {
    texts.push(data);
    if (parse && part === 'players' && data !== '') for (const line of data.split('\n')) lines.push(parseLine(line));
  });
  return text === undefined ? undefined : { fp: fingerprint(texts), lines };
};

/** Why the saved head cannot be served as of the log's `head` (undefined: it can, perhaps after facts no career reads). */
const unservableHead = async (store: EventStore, saved: Head, head: number): Promise<string | undefined> => {
  if (saved.position > head) return `the saved careers model of the non-FESA rule sets reflects position ${saved.position}, beyond the log's head ${head}: events were deleted from the log, or the model is another ledger's`;
  const changed = await logChangedSince(store, saved.position, saved.head);
  return changed === undefined ? undefined : `the saved careers model of the non-FESA rule sets does not match the log (${changed})`;
};

const editedBucket = (bucket: number): string => `the saved careers model of the non-FESA rule sets was changed by hand (its part ${bucket} no longer matches its fingerprint)`;

/**
 * The saved head, served at the log's head: moved forward over facts that change no career, spliced from the fold cut
 * (rule-set-fold-cut.ts) over facts that touch only items dated from the cut on — the list models resumed from the
 * same fold where they are behind too —, else undefined (made anew).
 */
const headAtLogHead = async (store: EventStore, storage: CheckpointStorage, onEdited?: (why: string) => void): Promise<Head | undefined> => {
  const head = await store.headPosition();
  const saved = await loadHead(storage);
  if (saved === undefined) return undefined;
  const why = await unservableHead(store, saved, head);
  if (why !== undefined) {
    onEdited?.(why);
    return undefined;
  }
  if (saved.position === head) return saved;
  const found = await loadFoldCut(storage);
  // the cut's states stand for the items before its date as of its position; the records' carries are at that date
  const cut = found !== undefined && saved.failure === undefined && found.cut.date === saved.cutDate && found.position <= head && (await logChangedSince(store, found.position, found.head)) === undefined ? found : undefined;
  // a newcomer's registration gives no one a career: only a fact the non-FESA fold rates does
  const touch = await touchOfTheRatedSlice(store, storage, Math.min(saved.position, cut?.position ?? saved.position), head, async () => false);
  if (touch.kind === 'none') {
    const moved: Head = { ...saved, position: head, head: await hashAt(store, head) };
    await storage.save(HEAD_NAME, head, JSON.stringify(moved), [], []);
    return moved;
  }
  const since = Math.min(saved.position, cut?.position ?? saved.position);
  if (touch.kind !== 'from' || cut === undefined || touch.date < cut.cut.date) return undefined;
  const renamed = await renamedSince(store, since, head);
  if (touch.date === NAMES_ONLY && (await renamedInModel(store, storage, saved, renamed, head))) return loadHead(storage);
  if (await resumeRuleSetModels(store, storage, cut, head, (fold) => spliceCareerModel(storage, saved, fold, renamed))) return loadHead(storage);
  return undefined;
};

/**
 * What the saved careers model holds of `playerId` at the head of the log (made anew from the log when none can be
 * served: none saved, behind the log by a fact that changes a career, another log's, or changed by hand — then
 * `onEdited` is told why). The default entry policy only (`--entry` asks the fold).
 */
export const readRuleSetCareer = async (store: EventStore, storage: CheckpointStorage, playerId: string, onEdited?: (why: string) => void): Promise<SavedRuleSetCareer> => {
  const bucket = bucketOf(playerId);
  let head = await headAtLogHead(store, storage, onEdited);
  let loaded = head && (await loadBucket(storage, bucket, true));
  if (head !== undefined && loaded?.fp !== head.buckets[bucket]) {
    onEdited?.(editedBucket(bucket));
    loaded = undefined;
  }
  if (head === undefined || loaded === undefined) {
    await rebuildRuleSetModels(store, storage);
    head = (await loadHead(storage))!;
    loaded = (await loadBucket(storage, bucket, true))!;
  }
  return recordOf(loaded.lines, playerId, head);
};

/**
 * What the saved careers model holds of `playerId` when it can be served at the head of the log as saved, moved
 * forward over facts no career reads, renamed, or spliced from the fold cut (it saves the model then: the server asks
 * on its worker thread); undefined when it would have to be made anew (the caller folds instead).
 */
export const servedRuleSetCareerAtHead = async (store: EventStore, storage: CheckpointStorage, playerId: string): Promise<SavedRuleSetCareer | undefined> => {
  const head = await headAtLogHead(store, storage);
  if (head === undefined) return undefined;
  const bucket = bucketOf(playerId);
  const loaded = await loadBucket(storage, bucket, true);
  return loaded === undefined || loaded.fp !== head.buckets[bucket] ? undefined : recordOf(loaded.lines, playerId, head);
};

const recordOf = (lines: readonly Line[], playerId: string, head: Head): SavedRuleSetCareer => {
  const line = lines.find((l) => l.id === playerId);
  const found = line && recordOfLine(line);
  return {
    career: found?.[1] ?? undefined,
    explanation: found?.[2] ?? { playerId, tournaments: [], officerFacts: [], grades: [] },
    standings: found?.[3] ?? [],
    ...(head.failure !== undefined ? { failure: head.failure } : {}),
  };
};

/**
 * A player's careers under the non-FESA rule sets (his page) from the saved model when it reflects exactly `position`
 * of this log and holds as saved; undefined otherwise (the server folds then: it never writes a model on its thread).
 */
export const servedRuleSetCareers = async (store: EventStore, storage: CheckpointStorage, playerId: string, position: number): Promise<RuleSetCareer[] | undefined> => {
  const head = await loadHead(storage);
  if (head === undefined || head.position !== position || (await logChangedSince(store, position, head.head)) !== undefined) return undefined;
  const bucket = bucketOf(playerId);
  const loaded = await loadBucket(storage, bucket, true);
  if (loaded === undefined || loaded.fp !== head.buckets[bucket]) return undefined;
  const { career, standings } = recordOf(loaded.lines, playerId, head);
  return careersOfStandings(career, standings);
};

/** What `verify` says of the saved careers model (one sentence each; empty when it holds or none is saved). */
export const ruleSetCareerModelFindings = async (store: EventStore, storage: CheckpointStorage, head: number): Promise<string[]> => {
  const saved = await loadHead(storage);
  if (saved === undefined) return [];
  const remedy = '; `ledger projections rebuild --rules fide` makes it again (as does the next read).';
  const why = await unservableHead(store, saved, head);
  if (why !== undefined) return [`${why[0]!.toUpperCase()}${why.slice(1)}${remedy}`];
  const findings: string[] = [];
  for (let bucket = 0; bucket < BUCKETS; bucket++) {
    const loaded = await loadBucket(storage, bucket, false);
    if (loaded?.fp !== saved.buckets[bucket]) findings.push(`${editedBucket(bucket).replace(/^t/, 'T')}${remedy}`);
  }
  return findings;
};
