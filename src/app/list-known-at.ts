/**
 * Lists as known at any position, from the list's bitemporal read model (projections/fesa/list-model.ts): `list
 * --known-at`, a published list exactly as it was, and what changed since it was published — each a few index
 * ranges of the model instead of a fold of the log (or two). Every answer is the fold's, byte for byte; where the
 * model cannot give it (none saved, EventStoreDB, a fold that fails on or before the date, a published list whose
 * bytes the model does not give again) these return undefined and the caller folds as before.
 */
import type { RatingListPublished } from '../../domain/events';
import { LISTS_STREAM } from '../../domain/events';
import { gradesThatDiffer, listChanges, tournamentsThenPlayers, type FoldDiff, type GradeDiff, type RunChange } from '../../projections/fesa/diff';
import { isGenericRuleSet } from '../../projections/generic/systems';
import { resumeProjection } from './checkpoint';
import { LIST_MODEL_FORMAT, readListModel, type ModelList } from './list-model';
import { assertReproducible, contentHash, listBytes, publishedKnownAt, UnknownListError, type ListFormat } from './lists';
import { afterTheLog, KnownAtError, parseKnownAt } from './load';
import type { CheckpointStorage, StoredListEntry } from './ports/checkpoint-storage';
import type { EventStore } from './ports/event-store';
import type { ListPrinter } from './ports/list-printer';

/**
 * A known-at as typed (a global position or a recorded time) as the last position it covers, with the errors
 * `knownAtPosition` (load.ts) gives, reading the first event only for a position and the events up to the time for a
 * time (not decoded, nothing folded).
 */
export const knownAtPositionOf = async (store: EventStore, value: string, option = '--known-at'): Promise<number> => {
  const at = parseKnownAt(value, option);
  let first: { globalPosition: number; recordedAt: string } | undefined;
  let last: number | undefined;
  scan: for await (const batch of store.readFacts('position' in at ? { batchSize: 1 } : {})) {
    for (const e of batch) {
      first ??= e;
      if ('position' in at || (e.recordedAt ?? '') > at.timestamp) break scan;
      last = e.globalPosition;
    }
  }
  if (first === undefined) throw new KnownAtError('the ledger is empty; there is nothing to know at any time');
  if ('position' in at) {
    if (at.position < first.globalPosition) throw new KnownAtError(`${option} ${at.position} lies before the first event (position ${first.globalPosition})`);
    const head = await store.headPosition();
    if (at.position > head) throw afterTheLog(option, at.position, head);
    return at.position;
  }
  if (last === undefined) throw new KnownAtError(`${option} ${at.timestamp} lies before the first event (recorded ${first.recordedAt})`);
  return last;
};

/**
 * The list as `list --known-at K` prints it, from the model; caught up first when the model is behind K (here, or by
 * `catchUp`: a server's worker thread).
 */
export const listKnownAt = async (
  printer: ListPrinter,
  store: EventStore,
  storage: CheckpointStorage,
  request: Parameters<typeof readListModel>[3] & { readonly knownAt: number },
  catchUp: () => Promise<unknown> = () => resumeProjection(store, storage, { ruleSet: request.ruleSet }),
): Promise<ModelList | undefined> => {
  const read = await readListModel(printer, store, storage, request);
  if (read !== undefined) return read;
  const saved = await storage.listModelPosition(request.ruleSet, LIST_MODEL_FORMAT);
  if (saved !== undefined && saved >= Math.min(request.knownAt, await store.headPosition())) return undefined;
  await catchUp();
  return readListModel(printer, store, storage, request);
};

/** A published list's fact, from the lists' stream (not the whole log), or UnknownListError. */
export const publishedEvent = async (store: EventStore, listId: string): Promise<{ event: RatingListPublished; position: number; knownAt: number }> => {
  for (const e of await store.readStream(LISTS_STREAM)) {
    const data = e.data as Partial<RatingListPublished>;
    if (e.type !== 'RatingListPublished' || data.listId !== listId) continue;
    const event = data as RatingListPublished;
    const basis = typeof event.basedOn === 'string' ? (await store.findByEventIds([event.basedOn]))[0]?.globalPosition : undefined;
    return { event, position: e.globalPosition, knownAt: publishedKnownAt(event, e.globalPosition, () => basis) };
  }
  throw new UnknownListError(listId);
};

/**
 * A published list exactly as it was (`list --published`), from the model as known just before its publication,
 * checked by its hash; undefined when the model does not give those bytes (the caller folds, which says why).
 */
export const publishedFromModel = async (
  printer: ListPrinter,
  store: EventStore,
  storage: CheckpointStorage,
  listId: string,
  /** Catches a rule set's models up (absent: here). */
  catchUp?: (ruleSet: string) => Promise<unknown>,
): Promise<{ event: RatingListPublished; position: number; knownAt: number; text: string } | undefined> => {
  const { event, position, knownAt } = await publishedEvent(store, listId);
  assertReproducible(event, listId);
  // the read model holds FESA lists only: another rule set's list is folded
  if (isGenericRuleSet(event.ruleSet)) return undefined;
  const format = event.format as ListFormat;
  const read = await listKnownAt(printer, store, storage, { ruleSet: event.ruleSet, asOf: event.asOf, format, activeYears: event.activeYears ?? 2, knownAt }, catchUp && (() => catchUp(event.ruleSet)));
  if (read === undefined || contentHash(listBytes(read.text, format)) !== event.contentHash) return undefined;
  return { event, position, knownAt, text: read.text };
};

/** A published list's diff with the list known now, as `diff --published` prints it. */
export interface PublishedDiff {
  readonly labels: readonly [string, string];
  readonly diff: FoldDiff;
  /** Players whose grade differs, as [id, grade then ('-': not on the list), grade now] (the text output's last table). */
  readonly grades: readonly GradeDiff[];
  /** The global position the list known now reflects. */
  readonly position: number;
  /** The published list's rule set. */
  readonly ruleSet: string;
}

/** The id a fold's diff calls a list entry by: its name's owner, else "Last First". */
const idOf = (e: StoredListEntry): string => e.owner ?? e.name;

/**
 * What changed since a list was published (`diff --published`), from the model: the published list known just
 * before its publication (checked by its hash) and the list known now, as of its date, under its rule set — read
 * only where versions were made or ended since, so it costs what changed, not the history. The same runs and list
 * changes as `diffFolds(publishedAndNow(…))`, in its order; undefined when the model cannot give them (then fold).
 */
export const publishedDiffFromModel = async (printer: ListPrinter, store: EventStore, storage: CheckpointStorage, listId: string): Promise<PublishedDiff | undefined> => {
  const published = await publishedFromModel(printer, store, storage, listId);
  if (published === undefined) return undefined;
  const { event, knownAt } = published;
  const head = await store.headPosition();
  if ((await storage.listModelPosition(event.ruleSet, LIST_MODEL_FORMAT)) !== head) await resumeProjection(store, storage, { ruleSet: event.ruleSet });
  const read = await storage.readListChanges({ ruleSet: event.ruleSet, format: LIST_MODEL_FORMAT, asOf: event.asOf, before: knownAt, after: head });
  if (read === undefined || read.position !== head || read.sides.some((s) => s.failed)) return undefined;
  const [before, after] = read.sides;
  const runs: RunChange[] = [];
  const oldRuns = new Map(before.runs.map((r) => [r.tournamentId, r]));
  const nowRated = new Set(after.runs.map((r) => r.tournamentId));
  // a tournament rated then and not now: the fold lists its report's players, who may be more than its rated ones
  if (before.runs.some((r) => !nowRated.has(r.tournamentId))) return undefined;
  for (const run of after.runs) {
    const old = oldRuns.get(run.tournamentId);
    // a tournament rated for the first time is news, not a change (diffFolds)
    if (!old) continue;
    const oldByName = new Map(old.players.map((p) => [p.key, p]));
    for (const p of run.players) {
      const o = oldByName.get(p.key);
      if (!o || o.rating !== p.rating) runs.push({ tournamentId: run.tournamentId, date: run.date, playerId: idOf(p), oldRating: o?.rating ?? null, newRating: p.rating });
    }
  }
  const compared = (entries: readonly StoredListEntry[]) => entries.map((e) => ({ key: e.key, id: idOf(e), rating: e.rating, grade: e.grade }));
  const list = listChanges(compared(before.list), compared(after.list));
  // the grades side by side, keyed as the CLI keys a fold's list (its owner, else its whole name)
  const promotions = (entries: readonly StoredListEntry[]) => new Map(entries.map((e) => [idOf(e), e.grade]));
  const grades = gradesThatDiffer(promotions(before.list), promotions(after.list));
  return { labels: [`published ${listId}`, 'known now'], diff: { runs: tournamentsThenPlayers(runs), list }, grades, position: head, ruleSet: event.ruleSet };
};
