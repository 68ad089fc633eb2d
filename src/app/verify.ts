/**
 * `ledger verify`: walks the log along its hash chain and re-computes every published list.
 *
 * A hand edit breaks the chain at the first row it touched. What kind of edit it was is read from the rows around
 * that position (the chain alone cannot tell every kind apart):
 * - reordered: the row chains onto a row stored after it;
 * - inserted: the row after it chains onto the row before it;
 * - deleted: the row chains onto nothing seen, but its own link is intact (the next row chains onto it) and a global
 *   position or a revision of its stream is missing just before it (on PostgreSQL a rolled-back append also leaves
 *   a position out: a changed row right after such a gap is reported as a deletion);
 * - changed: otherwise (its content, or its stored hash, no longer matches).
 */
import { CAREER_MODEL_FORMAT, unsealedCareer } from './career-model';
import { savedRatedIndexFinding } from './rated-tournament';
import { ruleSetListModelFindings } from './rule-set-list-model';
import { ruleSetCareerModelFindings } from './rule-set-career-model';
import { chainHash, GENESIS, logChangedSince } from './chain';
import { loadFacts } from './load';
import { UnreproducibleListError } from './lists';
import { reproducePublishedText } from './rule-set-publication';
import { UnreadableEventError, type EventStore, type RecordedEvent } from './ports/event-store';
import type { ListPrinter } from './ports/list-printer';
import type { CheckpointStorage } from './ports/checkpoint-storage';
import { LIST_MODEL_FORMAT, rowEdited, versionCountDiffers } from './list-model';
import { AS_ADOPTED, FESA_RULE_SETS } from '../../projections/fesa/history';

export type BreakKind = 'changed' | 'deleted' | 'inserted' | 'reordered';

export interface ChainBreak {
  readonly position: number;
  /** Undefined when the rows around it cannot tell. */
  readonly kind: BreakKind | undefined;
  readonly sentence: string;
}

export interface VerifyReport {
  readonly events: number;
  /** The last event's position and its stored hash (what an auditor notes down). */
  readonly head: { readonly position: number; readonly hash: string } | undefined;
  /** The first place where the chain does not hold (nothing after it is vouched for). */
  readonly chainBreak: ChainBreak | undefined;
  readonly lists: readonly { readonly listId: string; readonly contentHash: string; readonly reproduced: boolean }[];
  /** One sentence per finding; empty when everything holds. */
  readonly findings: readonly string[];
}

export interface VerifyOptions {
  /** A head hash noted down earlier: it must still be in the chain (else rows were deleted from the end, or changed). */
  readonly notedHead?: string;
  /** Rows read after a break to tell its kind (a moved row is found this far ahead at most). */
  readonly lookahead?: number;
}

const describeEvent = (e: RecordedEvent): string => `${e.type} of stream "${e.streamId}", revision ${e.revision}`;

/**
 * Why the row `at` does not chain onto `previous` (the verified link before it, at `previousPosition`); `ahead` are
 * the rows stored after it.
 */
const explainBreak = (
  at: RecordedEvent,
  ahead: readonly RecordedEvent[],
  previous: string,
  previousPosition: number,
  denseStore: boolean,
  missingRevision: number | undefined,
): ChainBreak => {
  const p = at.globalPosition;
  const next = ahead[0];
  if (at.hash === undefined) {
    return { position: p, kind: 'inserted', sentence: `position ${p} (${describeEvent(at)}) has no hash: it was inserted by hand, the store computes one for every event it records` };
  }
  const movedAfter = ahead.find((later) => later.hash !== undefined && chainHash(at, later.hash) === at.hash);
  if (movedAfter !== undefined) {
    return { position: p, kind: 'reordered', sentence: `position ${p} (${describeEvent(at)}) was recorded after position ${movedAfter.globalPosition} but is stored before it: rows were reordered by hand` };
  }
  if (next !== undefined && chainHash(next, previous) === next.hash) {
    return { position: p, kind: 'inserted', sentence: `position ${p} (${describeEvent(at)}) was inserted by hand: the event after it chains onto the one before it` };
  }
  const ownLinkIntact = next === undefined || chainHash(next, at.hash) === next.hash;
  const positionGap = denseStore && p > previousPosition + 1;
  if (ownLinkIntact && (positionGap || missingRevision !== undefined)) {
    const what = positionGap
      ? previousPosition + 1 === p - 1 ? `position ${p - 1}` : `positions ${previousPosition + 1} to ${p - 1}`
      : `revision ${missingRevision} of stream "${at.streamId}"`;
    return { position: p, kind: 'deleted', sentence: `the event before position ${p} was deleted by hand: ${what} is missing from the log` };
  }
  if (next !== undefined && !ownLinkIntact && chainHash(next, chainHash(at, previous)) === next.hash) {
    return { position: p, kind: 'changed', sentence: `position ${p} (${describeEvent(at)}) was changed by hand: its stored hash is not the one recorded` };
  }
  if (ownLinkIntact) {
    return { position: p, kind: 'changed', sentence: `position ${p} (${describeEvent(at)}) was changed by hand: its content no longer matches its hash` };
  }
  return { position: p, kind: undefined, sentence: `position ${p} (${describeEvent(at)}) does not match its hash: the log was edited by hand at or before it` };
};

/** Reads up to `limit` rows stored after `position`. */
const rowsAfter = async (store: EventStore, position: number, limit: number): Promise<RecordedEvent[]> => {
  for await (const batch of store.readAll({ fromPosition: position, batchSize: limit })) return [...batch];
  return [];
};

/** Walks the chain: the first break, the head, and whether a noted head hash was seen. */
export const walkChain = async (
  store: EventStore,
  options: VerifyOptions = {},
): Promise<{ events: number; head: VerifyReport['head']; chainBreak: ChainBreak | undefined; notedHeadAt: number | undefined; publishedLists: number }> => {
  // SQLite positions are dense; PostgreSQL's have gaps only where an append was rolled back, so a gap just before a
  // row that breaks the chain while its own link holds is read as a deletion. EventStoreDB's are byte offsets.
  const denseStore = !store.description.startsWith('esdb');
  let previous = GENESIS;
  let previousPosition = 0;
  let events = 0;
  let chainBreak: ChainBreak | undefined;
  let notedHeadAt: number | undefined;
  let publishedLists = 0;
  const lastRevision = new Map<string, number>();
  try {
    for await (const batch of store.readAll({ batchSize: 2000 })) {
      for (const e of batch) {
        events++;
        if (e.type === 'RatingListPublished') publishedLists++;
        const expectedRevision = (lastRevision.get(e.streamId) ?? -1) + 1;
        lastRevision.set(e.streamId, e.revision);
        if (chainBreak === undefined && e.hash === undefined && events === 1) {
          chainBreak = { position: e.globalPosition, kind: undefined, sentence: 'the ledger has no hash chain yet: it was written by an earlier version and has only been read since (the chain is computed once when this version opens it for writing)' };
        }
        if (chainBreak === undefined && (e.hash === undefined || chainHash(e, previous) !== e.hash)) {
          const ahead = await rowsAfter(store, e.globalPosition, options.lookahead ?? 1000);
          chainBreak = explainBreak(e, ahead, previous, previousPosition, denseStore, e.revision > expectedRevision ? expectedRevision : undefined);
        }
        // after a break the walk goes on along the stored links, to find the head
        previous = e.hash ?? previous;
        previousPosition = e.globalPosition;
        if (options.notedHead !== undefined && e.hash === options.notedHead) notedHeadAt = e.globalPosition;
      }
    }
  } catch (e) {
    // a row that is no event any more ends the walk there: the chain breaks at it
    if (!(e instanceof UnreadableEventError)) throw e;
    chainBreak ??= { position: e.position, kind: 'changed', sentence: `position ${e.position} was changed by hand: its data is not valid JSON` };
  }
  return { events, head: events === 0 ? undefined : { position: previousPosition, hash: previous }, chainBreak, notedHeadAt, publishedLists };
};

/** A date after every item of any timeline: the list as of it is the list at the end of the timeline. */
const END_OF_TIME = '9999-12-31';

/**
 * What is wrong with the saved list models (one sentence each): one that reflects a position beyond the log's head,
 * or whose list at the end of the timeline, as known now, has a row that no longer matches its record and
 * fingerprint (an UPDATE by hand). Older versions of rows are not read here.
 */
const savedModelFindings = async (store: EventStore, storage: CheckpointStorage, head: number): Promise<string[]> => {
  const findings: string[] = [];
  for (const ruleSet of [AS_ADOPTED, ...Object.keys(FESA_RULE_SETS)]) {
    const rebuild = `\`ledger projections rebuild${ruleSet === AS_ADOPTED ? '' : ` --rules ${ruleSet}`}\` makes it again`;
    const position = await storage.listModelPosition(ruleSet, LIST_MODEL_FORMAT);
    if (position !== undefined) {
      if (position > head) {
        findings.push(`The saved list model of ${ruleSet} reflects position ${position}, beyond the log's head ${head}: events were deleted from the log, or the model is another ledger's; ${rebuild}.`);
      } else {
        const list = await storage.readList({ ruleSet, format: LIST_MODEL_FORMAT, asOf: END_OF_TIME });
        const changed = list === undefined ? undefined : await logChangedSince(store, list.position, list.head);
        const edited = list?.rows.map(rowEdited).find((why) => why !== undefined);
        if (changed !== undefined) findings.push(`The saved list model of ${ruleSet} does not match the log: ${changed}; ${rebuild}.`);
        if (edited !== undefined) findings.push(`The saved list model of ${ruleSet} was changed by hand: ${edited}; ${rebuild}.`);
        const count = await storage.listModelRowCount(ruleSet, LIST_MODEL_FORMAT);
        if (count !== undefined && count.saved !== null && count.saved !== count.held) {
          findings.push(`The saved list model of ${ruleSet} was changed by hand: ${versionCountDiffers({ saved: count.saved, held: count.held })}; ${rebuild}.`);
        }
        if (count?.kept !== undefined && count.kept !== count.held) {
          findings.push(`The count of row versions kept beside the saved list model of ${ruleSet} was changed by hand: it says ${count.kept} where the model holds ${count.held}, so reads fold the list instead of reading the model; ${rebuild}.`);
        }
      }
    }
    const careers = await storage.readCareer({ ruleSet, format: CAREER_MODEL_FORMAT });
    if (careers !== undefined) {
      const changed = careers.position > head ? `it reflects position ${careers.position}, beyond the log's head ${head}` : await logChangedSince(store, careers.position, careers.head);
      if (changed !== undefined) findings.push(`The saved careers model of ${ruleSet} does not match the log: ${changed}; ${rebuild}.`);
      const all = await storage.readCareer({ ruleSet, format: CAREER_MODEL_FORMAT, everything: true });
      const texts = all === undefined ? undefined : unsealedCareer(all);
      if (texts !== undefined && 'edited' in texts) findings.push(`The saved careers model of ${ruleSet} was changed by hand: ${texts.edited}; ${rebuild}.`);
    }
  }
  findings.push(...(await ruleSetListModelFindings(store, storage, head)));
  findings.push(...(await ruleSetCareerModelFindings(store, storage, head)));
  const index = await savedRatedIndexFinding(store, storage);
  if (index !== undefined) findings.push(`${index[0]!.toUpperCase()}${index.slice(1)}; the next read makes it again from the log.`);
  return findings;
};

/**
 * The whole check: the chain, a noted head hash, every published list reproduced from the facts before it, and the
 * saved list models (when `storage` is given) against their own rows' records and the log's head.
 */
export const verifyLedger = async (store: EventStore, printer: ListPrinter, options: VerifyOptions = {}, storage?: CheckpointStorage): Promise<VerifyReport> => {
  const { events, head, chainBreak, notedHeadAt, publishedLists } = await walkChain(store, options);
  const findings: string[] = [];
  if (chainBreak !== undefined) findings.push(`The hash chain breaks at position ${chainBreak.position}: ${chainBreak.sentence}.`);
  if (options.notedHead !== undefined && notedHeadAt === undefined) {
    findings.push(`The noted head hash ${options.notedHead} is not in the log: events up to it were changed, or events were deleted from the end.`);
  }
  const lists: { listId: string; contentHash: string; reproduced: boolean }[] = [];
  let facts;
  try {
    // the facts are held in memory only when there is a list to re-compute from them
    if (publishedLists > 0) facts = await loadFacts(store);
  } catch (e) {
    findings.push(`The published lists cannot be re-computed: ${(e as Error).message}.`);
  }
  for (const { event } of facts ?? []) {
    if (event.type !== 'RatingListPublished') continue;
    try {
      // set above whenever a publication is met; tsc does not narrow it here, eslint does
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
      reproducePublishedText(printer, facts!, event.listId);
      lists.push({ listId: event.listId, contentHash: event.contentHash, reproduced: true });
    } catch (e) {
      lists.push({ listId: event.listId, contentHash: event.contentHash, reproduced: false });
      findings.push(`${e instanceof UnreproducibleListError ? 'The ' : `The published list "${event.listId}" cannot be re-computed: `}${(e as Error).message}.`);
    }
  }
  // the derived models last: a hand edit of the log leaves them built from another log, which follows from it
  if (storage !== undefined) findings.push(...(await savedModelFindings(store, storage, await store.headPosition())));
  return { events, head, chainBreak, lists, findings };
};
