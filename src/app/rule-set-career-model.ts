/**
 * The saved careers of the non-FESA rule sets (`ledger history P --rules S`, `ledger explain P --rules S`), next to
 * the log as the list model is (rule-set-list-model.ts): one fold of the non-FESA slice gives, per player, his career
 * under every non-FESA rule set (tournaments with his rating before and after and his games, opening balances, grade
 * changes with the rule behind each) and what `explain` tells of him, so that a read loads one player's records
 * instead of reading a third of a mixed ledger's streams and folding them again.
 *
 * Players are kept in buckets by a hash of their id, each bucket saved as two projections — its players' head records
 * (what is dated before the fold cut, written when the model is made) and their tails (what is dated from the cut on:
 * rule-set-career-records.ts) — so that a read parses one bucket's two parts, and a write after the cut rewrites the
 * tails alone. A small head (its own projection) says which log position the parts reflect and holds each part's
 * fingerprint: moving the model forward over facts that change no career rewrites the head alone, and a part
 * changed by hand, or saved by another build, no longer matches it. Derived and droppable: read only while it reflects
 * the head of the log; `verify` tells one changed by hand.
 */
import * as E from 'fp-ts/Either';
import { explanationData, nothingExplained, type GenericExplanation } from '../../projections/generic/explain';
import { gradeHistory, type GradeCarry } from '../../projections/generic/grades';
import { hashAt, logChangedSince } from './chain';
import { hash53 } from './list-model';
import type { CheckpointStorage } from './ports/checkpoint-storage';
import type { EventStore } from './ports/event-store';
import { cutsInTurn, loadCutHead, NAMES_ONLY } from './rule-set-fold-cut';
import { decodedStream } from './rated-tournament';
import { readFacts } from './event-log';
import { evolve, initialLedgerState } from '../../domain/commands/state';
import { playerStream } from '../../domain/events';
import { fingerprint, rebuildRuleSetListModels, resumeRuleSetModels, touchOfTheRatedSlice, type SliceFold } from './rule-set-list-model';
import { careerName, careerReader, type GenericCareer } from './tournaments';
import { explainsAnything, joined, lineOf, nonEmpty, parseLine, recordOfLine, splitAtCut, tailOfLine, tailLineOf, type Line, type PlayerRecord } from './rule-set-career-records';
import { careersOfStandings, ruleSetStandings, type RuleSetCareer, type RuleSetStanding } from './career-rule-sets';
import { headRenamed, listRows, spliceOf, tailRenamed } from './rule-set-career-splice';

/** The saved layout: a model of another format is never read (the next read makes it anew; format 6: records carry the rule sets' counters). */
export const RULE_SET_CAREER_MODEL_FORMAT = 6;
const HEAD_NAME = `rule-set-careers-${RULE_SET_CAREER_MODEL_FORMAT}`;
/** At a million games a bucket holds some 1,500 players: a read parses megabytes, not the whole model (format 4: records split into head and tail parts). */
const BUCKETS = 64;
const bucketName = (bucket: number): string => `${HEAD_NAME}:${bucket}`;
const tailName = (bucket: number): string => `${HEAD_NAME}:tail:${bucket}`;
const bucketOf = (playerId: string): number => hash53(playerId) % BUCKETS;
/** The models of the formats before, in the same layout (head, buckets, tails): dropped when this one is saved, never left to fill the file. */
const FORMER_NAMES = [4, 5].flatMap((format) => [`rule-set-careers-${format}`, ...Array.from({ length: BUCKETS }, (_, b) => [`rule-set-careers-${format}:${b}`, `rule-set-careers-${format}:tail:${b}`]).flat()]);
/** Players per saved chunk. */
const CHUNK = 500;

interface Head {
  readonly format: number;
  readonly position: number;
  /** The chain hash of the log's event at `position` (a model of another log, or of an edited one, is not read). */
  readonly head: string | null;
  /** Where the fold stopped: `explain` answers with it, as the fold would (a career shows its tournaments unrated). */
  readonly failure?: string;
  /** Each bucket's head records' fingerprint as saved by this build. */
  readonly buckets: readonly number[];
  /** Each bucket's tails' fingerprint (rule-set-career-records.ts). */
  readonly tails: readonly number[];
  /** Where the records are split, and the date their grade carries are at: the fold cut's (rule-set-fold-cut.ts) the model can be spliced from. */
  readonly cutDate: string;
  /**
   * The fine cut's date (format 5), where the tails' second carries are at: a write touching only items from it on is
   * spliced from a fold resumed there. `cutDate` where none is saved apart (no splice from it then).
   */
  readonly fineDate: string;
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


/** What the model keeps of one player from the fold of the whole slice `fold` (undefined: nothing to keep), with his carry at the fine cut. */
const recordReader = ({ slice, folded, cutDate, fineDate }: SliceFold): ((id: string) => readonly [PlayerRecord, GradeCarry | null] | undefined) => {
  const careerOf = careerReader(slice.facts, slice.state, folded);
  const listedOf = listRows(slice, folded);
  return (id) => {
    const career = careerOf(id) ?? null;
    const data = E.isRight(folded) ? explanationData(folded.right, id) : undefined;
    const explained = data !== undefined && explainsAnything(data) ? data : null;
    const standings = ruleSetStandings(folded, id, (ruleSet) => listedOf(ruleSet, id));
    let carry: GradeCarry = {};
    let fineCarry: GradeCarry = {};
    if (E.isRight(folded)) gradeHistory(folded.right, id, { carryAt: { date: cutDate, take: (c) => (carry = c) } });
    if (E.isRight(folded)) gradeHistory(folded.right, id, { carryAt: { date: fineDate ?? cutDate, take: (c) => (fineCarry = c) } });
    return career !== null || explained !== null || standings.length > 0 ? [[id, career, explained, standings, nonEmpty(carry)], nonEmpty(fineCarry)] : undefined;
  };
};

/** Saves the lines of one part (a bucket's head or tail records) as of `position`; its fingerprint. */
const savePart = async (storage: CheckpointStorage, name: string, position: number, lines: readonly Line[]): Promise<number> => {
  const chunks: (readonly [string, number, string])[] = [];
  for (let seq = 0; seq * CHUNK < lines.length; seq++) chunks.push(['players', seq, lines.slice(seq * CHUNK, (seq + 1) * CHUNK).map((l) => l.text).join('\n')]);
  const fp = fingerprint(chunks.map((c) => c[2]));
  await storage.save(name, position, JSON.stringify({ format: RULE_SET_CAREER_MODEL_FORMAT, name, fp }), chunks, []);
  return fp;
};

/** Saves the head last: until it is saved, the parts do not match the head a read checks them against. */
const saveHead = (storage: CheckpointStorage, { position, head, folded }: SliceFold, cutDate: string, fineDate: string, buckets: readonly number[], tails: readonly number[]): Promise<void> => {
  const saved: Head = { format: RULE_SET_CAREER_MODEL_FORMAT, position, head, ...(E.isLeft(folded) ? { failure: folded.left } : {}), buckets, tails, cutDate, fineDate };
  return storage.save(HEAD_NAME, position, JSON.stringify(saved), [], FORMER_NAMES);
};

/** Saves the careers model of the non-FESA slice from its whole fold `fold`: each record split at the fold's cut. */
const saveCareerModel = async (storage: CheckpointStorage, fold: SliceFold): Promise<void> => {
  ruleSetCareerModelBuilds.here++;
  const { slice, folded, cutDate } = fold;
  const recordFor = recordReader(fold);
  const ids = new Set<string>(slice.state.players.keys());
  if (E.isRight(folded)) for (const id of folded.right.players.keys()) ids.add(id);
  const byBucket: string[][] = Array.from({ length: BUCKETS }, () => []);
  for (const id of ids) byBucket[bucketOf(id)]!.push(id);
  const buckets: number[] = [];
  const tails: number[] = [];
  // one bucket's records at a time: the whole model at once would hold every game twice more in memory
  for (const [bucket, players] of byBucket.entries()) {
    const heads: Line[] = [];
    const tailLines: Line[] = [];
    for (const id of players) {
      const read = recordFor(id);
      if (read === undefined) continue;
      const { head, tail } = splitAtCut(read[0], cutDate, read[1]);
      heads.push(lineOf(head));
      if (tail !== undefined) tailLines.push(tailLineOf(tail));
    }
    buckets.push(await savePart(storage, bucketName(bucket), fold.position, heads));
    tails.push(await savePart(storage, tailName(bucket), fold.position, tailLines));
  }
  await saveHead(storage, fold, cutDate, fold.fineDate ?? cutDate, buckets, tails);
};

/** How many times this thread spliced the careers model from the fold cut (an instrument, as `ruleSetCareerModelBuilds`). */
export const ruleSetCareerModelSplices = { here: 0, fine: 0 };

/**
 * Renames `renamed` in the parts `nameOf` names (a bucket's head records, or its tails) where they hold a career, as
 * `nameOf` tells their names now; the fingerprints of the parts after it (those of the buckets it did not touch as
 * saved).
 */
const renamedParts = async (
  storage: CheckpointStorage,
  part: (bucket: number) => string,
  saved: readonly number[],
  renamed: ReadonlySet<string>,
  position: number,
  rename: (line: Line) => Promise<Line>,
): Promise<number[] | undefined> => {
  const fps = [...saved];
  for (const bucket of new Set([...renamed].map(bucketOf))) {
    const loaded = await loadPart(storage, part(bucket), true);
    if (loaded === undefined || loaded.fp !== saved[bucket]) return undefined;
    const lines: Line[] = [];
    for (const line of loaded.lines) lines.push(renamed.has(line.id) ? await rename(line) : line);
    fps[bucket] = await savePart(storage, part(bucket), position, lines);
  }
  return fps;
};


/**
 * Splices the careers model saved as `saved` with the fold of the list slice resumed at the cut (see `spliceOf`): only
 * the tails are read and written (and the head records of the players renamed, or first named from the cut on, read).
 */
const spliceCareerModel = async (storage: CheckpointStorage, saved: Head, fold: SliceFold, renamed: ReadonlySet<string>, touched: string): Promise<boolean> => {
  const splice = spliceOf(saved, fold, renamed, touched);
  if (splice === undefined) return false;
  if (splice.fine) ruleSetCareerModelSplices.fine++;
  ruleSetCareerModelSplices.here++;
  // a renamed player's head record takes his name now (his tail is made again below when he has one)
  const buckets = await renamedParts(storage, bucketName, saved.buckets, renamed, fold.position, async (line) => splice.headLine(line));
  if (buckets === undefined) return false;
  const byBucket: Set<string>[] = Array.from({ length: BUCKETS }, () => new Set());
  for (const id of splice.named) byBucket[bucketOf(id)]!.add(id);
  const tails: number[] = [];
  for (const [bucket, newcomers] of byBucket.entries()) {
    const loaded = await loadPart(storage, tailName(bucket), true);
    if (loaded === undefined || loaded.fp !== saved.tails[bucket]) return false;
    const lines: Line[] = [];
    for (const old of loaded.lines) {
      newcomers.delete(old.id);
      lines.push(splice.tailLine(old.id, old, null));
    }
    if (newcomers.size > 0) {
      // a player first named from the cut on: his carry is his head record's
      const heads = await loadPart(storage, bucketName(bucket), true);
      if (heads === undefined || heads.fp !== buckets[bucket]) return false;
      const carries = new Map(heads.lines.filter((l) => newcomers.has(l.id)).map((l) => [l.id, recordOfLine(l)[4]]));
      for (const id of newcomers) lines.push(splice.tailLine(id, undefined, carries.get(id) ?? null));
    }
    // a tail the write leaves as it was is not written again
    const same = lines.length === loaded.lines.length && lines.every((l, i) => l.text === loaded.lines[i]!.text);
    tails.push(same ? loaded.fp : await savePart(storage, tailName(bucket), fold.position, lines));
  }
  await saveHead(storage, fold, saved.cutDate, splice.fineDate, buckets, tails);
  return true;
};

/** How many times this thread read one player's record as a splice would make it, the model left as saved (an instrument). */
export const ruleSetCareerRecordsSpliced = { here: 0 };

/**
 * One player's whole record as `spliceCareerModel` would save it, nothing saved: his bucket's head records and tails
 * read (undefined when either no longer holds as saved, or the fold cannot be spliced: `onEdited` told of an edit).
 */
const splicedRecordOf = async (storage: CheckpointStorage, saved: Head, fold: SliceFold, renamed: ReadonlySet<string>, touched: string, playerId: string, onEdited?: (why: string) => void): Promise<{ record: PlayerRecord | undefined } | undefined> => {
  const splice = spliceOf(saved, fold, renamed, touched);
  const read = splice && (await savedLinesOf(storage, saved, playerId, onEdited));
  if (splice === undefined || read === undefined) return undefined;
  ruleSetCareerRecordsSpliced.here++;
  const { headLine, tailLine } = read;
  const tail = tailLine !== undefined || splice.named.has(playerId) ? splice.tailLine(playerId, tailLine, headLine === undefined ? null : recordOfLine(headLine)[4]) : undefined;
  const head = headLine && splice.headLine(headLine);
  return { record: joined(playerId, head && recordOfLine(head), tail && tailOfLine(tail)) };
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
 * and only their buckets' parts are saved again. False when a part no longer holds as saved (the caller makes it anew).
 */
const renamedInModel = async (store: EventStore, storage: CheckpointStorage, saved: Head, renamed: ReadonlySet<string>, head: number): Promise<boolean> => {
  ruleSetCareerModelRenames.here++;
  const names = new Map<string, string | undefined>();
  const nameOf = async (id: string): Promise<string | undefined> => {
    if (!names.has(id)) {
      const state = initialLedgerState();
      for (const f of await decodedStream(store, playerStream(id), head)) evolve(state, f.event);
      const player = state.players.get(id);
      names.set(id, player && careerName(player));
    }
    return names.get(id);
  };
  const buckets = await renamedParts(storage, bucketName, saved.buckets, renamed, head, async (line) => headRenamed(line, await nameOf(line.id)));
  const tails = buckets && (await renamedParts(storage, tailName, saved.tails, renamed, head, async (line) => tailRenamed(line, await nameOf(line.id))));
  if (buckets === undefined || tails === undefined) return false;
  const moved: Head = { ...saved, position: head, head: await hashAt(store, head), buckets, tails };
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
  return head?.format === RULE_SET_CAREER_MODEL_FORMAT && head.buckets.length === BUCKETS && head.tails.length === BUCKETS ? head : undefined;
};

/** A part as saved: the fingerprint of its chunks as loaded, and its lines when `parse` asks for them. */
const loadPart = async (storage: CheckpointStorage, name: string, parse: boolean): Promise<{ fp: number; lines: Line[] } | undefined> => {
  const texts: string[] = [];
  const lines: Line[] = [];
  const text = await storage.load(name, (part, data) => {
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

const editedBucket = (bucket: number, tail: boolean): string => `the saved careers model of the non-FESA rule sets was changed by hand (its part ${tail ? 'tail:' : ''}${bucket} no longer matches its fingerprint)`;

/** The saved head at the log's head, and where it was not saved so, the record of the one player asked for as it would be. */
interface AtLogHead {
  readonly head: Head;
  readonly spliced?: { readonly record: PlayerRecord | undefined } | undefined;
}

/**
 * The saved head, served at the log's head: moved forward over facts that change no career, spliced from the fold cut
 * (rule-set-fold-cut.ts) over facts that touch only items dated from the cut on — the list models resumed from the
 * same fold where they are behind too —, else undefined (made anew).
 */
const headAtLogHead = async (store: EventStore, storage: CheckpointStorage, onEdited?: (why: string) => void, onePlayer?: string): Promise<AtLogHead | undefined> => {
  const head = await store.headPosition();
  const saved = await loadHead(storage);
  if (saved === undefined) return undefined;
  const why = await unservableHead(store, saved, head);
  if (why !== undefined) {
    onEdited?.(why);
    return undefined;
  }
  const reloaded = async (): Promise<AtLogHead | undefined> => {
    const now = await loadHead(storage);
    return now && { head: now };
  };
  if (saved.position === head) return { head: saved };
  // the fine cut first (the last tournaments folded again), else the coarse one (two seasons); the records are split
  // at the coarse one's date, their second carries are at the fine one's
  // each cut's header and awards alone: the fold resumed from it reads the rows of the players it rates (`playersReadFrom`)
  for await (const { grain, cut: found } of cutsInTurn(store, head, (g) => loadCutHead(storage, g))) {
    const date = grain === 'fine' ? saved.fineDate : saved.cutDate;
    // the cut's states stand for the items before its date as of its position
    const cut = found !== undefined && saved.failure === undefined && found.date === date && (grain === 'coarse' || date > saved.cutDate) ? found : undefined;
    const since = Math.min(saved.position, cut?.position ?? saved.position);
    // a newcomer's registration gives no one a career: only a fact the non-FESA fold rates does
    const touch = await touchOfTheRatedSlice(store, storage, since, head, async () => false);
    if (touch.kind === 'none') {
      const moved: Head = { ...saved, position: head, head: await hashAt(store, head) };
      await storage.save(HEAD_NAME, head, JSON.stringify(moved), [], []);
      return { head: moved };
    }
    if (touch.kind !== 'from' || cut === undefined || touch.date < cut.date) continue;
    const renamed = await renamedSince(store, since, head);
    if (touch.date === NAMES_ONLY && (await renamedInModel(store, storage, saved, renamed, head))) return reloaded();
    const nameOthers = renamed.size > 0;
    if (onePlayer === undefined) return (await resumeRuleSetModels(store, storage, cut, head, { splice: (fold) => spliceCareerModel(storage, saved, fold, renamed, touch.date), nameOthers }, grain)) ? reloaded() : undefined;
    // one player's record as the splice would make it, from a fold that saves nothing (the models stay as saved)
    let spliced: AtLogHead['spliced'];
    const splice = async (fold: SliceFold): Promise<boolean> => (spliced = await splicedRecordOf(storage, saved, fold, renamed, touch.date, onePlayer, onEdited)) !== undefined;
    return (await resumeRuleSetModels(store, storage, cut, head, { splice, nameOthers, alone: true }, grain)) ? { head: saved, spliced } : undefined;
  }
  return undefined;
};

/** A player's head record's and tail's lines as the model `head` saves them; undefined when a part does not hold as saved (`onEdited` told which). */
const savedLinesOf = async (storage: CheckpointStorage, head: Head, playerId: string, onEdited?: (why: string) => void): Promise<{ headLine: Line | undefined; tailLine: Line | undefined } | undefined> => {
  const bucket = bucketOf(playerId);
  const [heads, tails] = await Promise.all([loadPart(storage, bucketName(bucket), true), loadPart(storage, tailName(bucket), true)]);
  if (heads === undefined || tails === undefined || heads.fp !== head.buckets[bucket] || tails.fp !== head.tails[bucket]) {
    onEdited?.(editedBucket(bucket, heads?.fp === head.buckets[bucket]));
    return undefined;
  }
  return { headLine: heads.lines.find((l) => l.id === playerId), tailLine: tails.lines.find((l) => l.id === playerId) };
};

/**
 * A player's whole record as the model `head` saves it: his head record joined with his tail; undefined when a part
 * does not hold as saved (`onEdited` told which).
 */
const savedRecordOf = async (storage: CheckpointStorage, head: Head, playerId: string, onEdited?: (why: string) => void): Promise<{ record: PlayerRecord | undefined } | undefined> => {
  const read = await savedLinesOf(storage, head, playerId, onEdited);
  return read && { record: joined(playerId, read.headLine && recordOfLine(read.headLine), read.tailLine && tailOfLine(read.tailLine)) };
};

/**
 * Brings a saved careers model that is behind the log to its head where that takes no more than a splice from the
 * fold cut, the list models resumed in the same fold (a list read after a write: one fold of two seasons for both
 * models, not one for the lists now and another at the next careers read). Nothing when none is saved, it is at the
 * head already, or it would have to be made anew (the next careers read makes it).
 */
export const spliceRuleSetCareersWithLists = async (store: EventStore, storage: CheckpointStorage): Promise<void> => {
  const saved = await loadHead(storage);
  if (saved !== undefined && saved.position !== (await store.headPosition())) await headAtLogHead(store, storage);
};

/**
 * What the saved careers model holds of `playerId` at the head of the log (made anew from the log when none can be
 * served: none saved, behind the log by a fact that changes a career, another log's, or changed by hand — then
 * `onEdited` is told why). The default entry policy only (`--entry` asks the fold).
 */
export const readRuleSetCareer = async (store: EventStore, storage: CheckpointStorage, playerId: string, onEdited?: (why: string) => void): Promise<SavedRuleSetCareer> => {
  let head = (await headAtLogHead(store, storage, onEdited))?.head;
  let found = head && (await savedRecordOf(storage, head, playerId, onEdited));
  if (head === undefined || found === undefined) {
    await rebuildRuleSetModels(store, storage);
    head = (await loadHead(storage))!;
    found = (await savedRecordOf(storage, head, playerId))!;
  }
  return shownRecord(found.record, playerId, head);
};

/**
 * What the saved careers model holds of `playerId` when it can be served at the head of the log as saved, moved
 * forward over facts no career reads (or renamed: saved then), or his record as a splice from the fold cut would make
 * it (the server's page after a write: the fold resumed by player, the list and careers models left as saved, which
 * their own catch-ups bring to the head); undefined when it would have to be made anew (the caller folds instead).
 */
export const servedRuleSetCareerAtHead = async (store: EventStore, storage: CheckpointStorage, playerId: string): Promise<SavedRuleSetCareer | undefined> => {
  const at = await headAtLogHead(store, storage, undefined, playerId);
  const found = at && (at.spliced ?? (await savedRecordOf(storage, at.head, playerId)));
  return at === undefined || found === undefined ? undefined : shownRecord(found.record, playerId, at.head);
};

const shownRecord = (found: PlayerRecord | undefined, playerId: string, head: Head): SavedRuleSetCareer => ({
  career: found?.[1] ?? undefined,
  explanation: found?.[2] ?? nothingExplained(playerId),
  standings: found?.[3] ?? [],
  ...(head.failure !== undefined ? { failure: head.failure } : {}),
});

/**
 * A player's careers under the non-FESA rule sets (his page) from the saved model when it reflects exactly `position`
 * of this log and holds as saved; undefined otherwise (the server folds then: it never writes a model on its thread).
 */
export const servedRuleSetCareers = async (store: EventStore, storage: CheckpointStorage, playerId: string, position: number): Promise<RuleSetCareer[] | undefined> => {
  const head = await loadHead(storage);
  if (head === undefined || head.position !== position || (await logChangedSince(store, position, head.head)) !== undefined) return undefined;
  const found = await savedRecordOf(storage, head, playerId);
  if (found === undefined) return undefined;
  const { career, standings } = shownRecord(found.record, playerId, head);
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
    for (const tail of [false, true]) {
      const loaded = await loadPart(storage, (tail ? tailName : bucketName)(bucket), false);
      if (loaded?.fp !== (tail ? saved.tails : saved.buckets)[bucket]) findings.push(`${editedBucket(bucket, tail).replace(/^t/, 'T')}${remedy}`);
    }
  }
  return findings;
};
