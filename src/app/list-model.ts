/**
 * The FESA list's read model next to the log (projections/fesa/list-model.ts says what it holds): saved with the
 * checkpoint of its rule set by the catch-up projection (checkpoint.ts), read here. Derived and droppable: it is
 * only read when it reflects the head of the log, otherwise the caller catches the projection up (which saves it
 * again) or folds.
 */
import type { FesaPlayer } from '../../domain/rules/fesa/types';
import { POINT_SLOT, type ListModelChanges, type ListModelVersion } from '../../projections/fesa/list-model';
import { logChangedSince } from './chain';
import { fesaModelsReach } from './fesa-untouched';
import { unratable } from './failure';
import { activeSince, isProgramFile, nameIdOf, renderProgramFile, renderRows, rowOf, type ListFormat, type ListRow } from './lists';
import type { CheckpointStorage, ListModelPointWrite, ListModelRowWrite, ListModelWrite, StoredListRow } from './ports/checkpoint-storage';
import type { EventStore } from './ports/event-store';
import type { ListPrinter } from './ports/list-printer';

/**
 * The saved rows' layout: a model of another format is never read (the next catch-up writes it anew). 2: bitemporal;
 * 4: the meta row holds the log's hash at the position the model reflects; 5: an adoption of another rule set takes
 * the tournaments ending from its date out of the FESA list.
 */
export const LIST_MODEL_FORMAT = 5;

/** cyrb53: a 53-bit string hash (the fingerprint of a version's content). */
export const hash53 = (text: string): number => {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
};

/** A version's content as saved, and its fingerprint. */
const contentOf = (v: ListModelVersion): { text: string; fp: number } => {
  const text = v.point !== undefined ? `point|${v.point.explicit ? 1 : 0}|${v.point.tournamentId ?? ''}|${v.point.error ?? ''}` : v.record === undefined ? 'absent' : `${v.seq}|${v.played ? 1 : 0}|${JSON.stringify(v.record)}`;
  return { text, fp: hash53(text) };
};

/** A name key as saved (PostgreSQL text holds no NUL). */
export const storedListKey = (key: string): string => key.replaceAll('\u0000', '\u0001');

/** A projection's model changes as the storage writes them. */
export const listModelWrite = (ruleSet: string, position: number, head: string | null, failed: boolean, changes: ListModelChanges): ListModelWrite => {
  const fps = new Map<ListModelVersion, number>();
  const fpOf = (v: ListModelVersion): number => {
    let fp = fps.get(v);
    if (fp === undefined) fps.set(v, (fp = contentOf(v).fp));
    return fp;
  };
  return {
    ruleSet,
    format: LIST_MODEL_FORMAT,
    position,
    head,
    failed,
    fresh: changes.fresh,
    base: changes.base,
    reopenAfter: changes.reopenAfter,
    settle: (saved) => changes.settle(saved, fpOf),
    ownerCloses: changes.ownerCloses.map(([key, kt]) => [storedListKey(key), kt] as const),
    owners: changes.owners.map((o) => ({ ...o, key: storedListKey(o.key) })),
    slots: changes.slots.map(([slot, key]) => [slot, storedListKey(key), key.slice(0, key.indexOf('\u0000'))] as const),
    rows: function* (): Iterable<ListModelRowWrite> {
      for (const v of changes.versions) {
        if (v.slot === POINT_SLOT || v.merged) continue;
        const { slot, date, ord, kf, kt, record, seq, played } = v;
        if (record === undefined) {
          yield { slot, date, ord, kf, kt, fp: fpOf(v), played, row: null };
          continue;
        }
        const json = JSON.stringify(record);
        const fp = fps.get(v) ?? hash53(`${seq}|${played ? 1 : 0}|${json}`);
        const { lastPlayed } = record;
        yield { slot, date, ord, kf, kt, fp, played, row: { seq, ...rowOf(record), nameId: nameIdOf(record), activeTo: lastPlayed !== null && lastPlayed > date ? lastPlayed : date, record: json } };
      }
    },
    points: function* (): Iterable<ListModelPointWrite> {
      for (const v of changes.versions) {
        if (v.slot !== POINT_SLOT || v.merged) continue;
        yield { date: v.date, ord: v.ord, kf: v.kf, kt: v.kt, fp: fpOf(v), explicit: v.point!.explicit, tournamentId: v.point!.tournamentId, error: v.point!.error };
      }
    },
  };
};

/**
 * Why a saved row cannot be served (undefined: it can): its fingerprint no longer matches its record, or a column
 * what its record says — the model was changed by hand (an honest save writes all of them from one record).
 */
export const rowEdited = (row: StoredListRow): string | undefined => {
  const { fp, seq, played } = row.saved;
  if (hash53(`${seq}|${played ? 1 : 0}|${row.record}`) !== fp) return `the row of ${row.name} no longer matches its fingerprint`;
  let record: FesaPlayer;
  try {
    record = JSON.parse(row.record) as FesaPlayer;
  } catch {
    return `the row of ${row.name} holds a record that is not JSON`;
  }
  const expected = rowOf(record);
  for (const column of ['name', 'country', 'grade', 'rating', 'games', 'provisional', 'lastPlayed'] as const) {
    if (row[column] !== expected[column]) return `the row of ${expected.name} says ${column} ${String(row[column])} where its record says ${String(expected[column])}`;
  }
  return undefined;
};

/** What differs when a model holds other than the versions its saves wrote (what `verify` and a read say). */
export const versionCountDiffers = ({ saved, held }: { readonly saved: number; readonly held: number }): string =>
  `it holds ${held} row versions where its saves wrote ${saved} (rows ${held < saved ? 'deleted' : 'added'})`;

/** What a read tells `onEdited` when the saved list model of `ruleSet` was changed by hand (`why`: `rowEdited`'s or `versionCountDiffers`'). */
export const changedByHand = (ruleSet: string, why: string): string => `the saved list model of ${ruleSet} was changed by hand (${why})`;

/** The one line a read says when it found a saved list model edited by hand and folded the list instead. */
export const editedListWarning = (why: string): string =>
  `warning: ${why}; the list is folded from the log instead (\`ledger verify\` checks every saved model, \`ledger projections rebuild\` makes them again)`;

/** A stored row as the list prints it. */
const listRow = ({ record: _record, saved: _saved, ...row }: StoredListRow): ListRow => row;

export interface ListRequest {
  readonly ruleSet: string;
  readonly asOf: string;
  readonly format: ListFormat;
  readonly activeYears: number;
  /** As known at this global position (default: now, the head of the log). */
  readonly knownAt?: number;
  /** Told why a saved model edited by hand is not served (the caller folds instead). */
  readonly onEdited?: (why: string) => void;
}

/** A list read from the model: the text, and its rows (the formats that print rows; empty for the program's files). */
export interface ModelList {
  readonly text: string;
  readonly rows: readonly ListRow[];
  /** The log position the model reflected. */
  readonly position: number;
}

/**
 * The list as `renderList` gives it from the fold, read from the saved model when that reflects the head of the
 * log (one position check and one ordered query, no fold); undefined when it does not (none saved, behind the head,
 * another format). A list the fold cannot give (it fails on or before the date) is the fold's error, thrown.
 */
export const readListModel = async (printer: ListPrinter, store: EventStore, storage: CheckpointStorage, request: ListRequest): Promise<ModelList | undefined> => {
  const { ruleSet, asOf, format, activeYears, knownAt } = request;
  const program = isProgramFile(format);
  const [head, read] = await Promise.all([
    store.headPosition(),
    storage.readList({ ruleSet, format: LIST_MODEL_FORMAT, asOf, countVersions: true, ...(knownAt === undefined ? {} : { knownAt }), ...(program ? {} : { activeSince: activeSince(asOf, activeYears) }) }),
  ]);
  // as known now: the model must reflect the head; as known at K: what the model knows of K never changes once it
  // reflects K (later saves only end versions after the position they reflect)
  if (read === undefined) return undefined;
  // (a model saved before facts FESA passes over — a fide game, an appointment — answers for the log after them too)
  const reflects = await fesaModelsReach(store, Math.min(read.position, head), knownAt === undefined ? head : Math.max(read.position, Math.min(knownAt, head)));
  if (reflects === undefined || read.position > head) return undefined;
  // the log it was built from must still be this one (one lookup of the event at its position)
  const changed = await logChangedSince(store, read.position, read.head);
  if (changed !== undefined) {
    request.onEdited?.(`the saved list model of ${ruleSet} does not match the log (${changed})`);
    return undefined;
  }
  // (null: saved before the saves counted what they wrote)
  const versions = read.versions;
  if (versions !== undefined && versions.saved !== null && versions.held !== versions.saved) {
    request.onEdited?.(changedByHand(ruleSet, versionCountDiffers({ saved: versions.saved, held: versions.held })));
    return undefined;
  }
  // the fold known then stops on or before the date: its error, as the fold gives it
  if (read.failed) throw unratable(read.error ?? 'the list cannot be folded');
  for (const row of read.rows) {
    const edited = rowEdited(row);
    if (edited === undefined) continue;
    request.onEdited?.(changedByHand(ruleSet, edited));
    return undefined;
  }
  if (program) return { text: renderProgramFile(printer, read.rows.map((r) => JSON.parse(r.record) as FesaPlayer), asOf, format), rows: [], position: reflects };
  const rows = read.rows.map(listRow);
  return { text: renderRows(printer, rows, asOf, format, activeYears), rows, position: reflects };
};

/** How many rated players the model's list as of `asOf` holds, whatever their activity (undefined: not readable). */
export const ratedInListModel = async (printer: ListPrinter, store: EventStore, storage: CheckpointStorage, ruleSet: string, asOf: string, knownAt?: number): Promise<number | undefined> =>
  (await readListModel(printer, store, storage, { ruleSet, asOf, format: 'csv', activeYears: 0, ...(knownAt === undefined ? {} : { knownAt }) }))?.rows.length;
