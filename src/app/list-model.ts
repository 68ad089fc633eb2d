/**
 * The FESA list's read model next to the log (projections/fesa/list-model.ts says what it holds): saved with the
 * checkpoint of its rule set by the catch-up projection (checkpoint.ts), read here. Derived and droppable: it is
 * only read when it reflects the head of the log, otherwise the caller catches the projection up (which saves it
 * again) or folds.
 */
import type { FesaPlayer } from '../../domain/rules/fesa/types';
import type { ListModelChanges } from '../../projections/fesa/list-model';
import { activeSince, isProgramFile, nameIdOf, renderProgramFile, renderRows, rowOf, type ListFormat, type ListRow } from './lists';
import type { CheckpointStorage, ListModelRowWrite, ListModelWrite } from './ports/checkpoint-storage';
import type { EventStore } from './ports/event-store';
import type { ListPrinter } from './ports/list-printer';

/** The saved rows' layout: a model of another format is never read (the next catch-up writes it anew). */
export const LIST_MODEL_FORMAT = 1;

/** A projection's model changes as the storage writes them. */
export const listModelWrite = (ruleSet: string, position: number, failed: boolean, changes: ListModelChanges): ListModelWrite => ({
  ruleSet,
  format: LIST_MODEL_FORMAT,
  position,
  failed,
  deleteAfter: changes.deleteAfter,
  points: changes.points,
  slotPlayerIds: changes.slotPlayerIds,
  rows: (function* (): Iterable<ListModelRowWrite> {
    for (const { after, date, slot, record, seq } of changes.rows) {
      if (record === undefined) {
        yield { slot, after, date, row: null };
        continue;
      }
      const { lastPlayed } = record;
      yield {
        slot,
        after,
        date,
        row: { seq, ...rowOf(record), nameId: nameIdOf(record), activeTo: lastPlayed !== null && lastPlayed > date ? lastPlayed : date, record: JSON.stringify(record) },
      };
    }
  })(),
});

export interface ListRequest {
  readonly ruleSet: string;
  readonly asOf: string;
  readonly format: ListFormat;
  readonly activeYears: number;
}

/** A list read from the model: the text, and its rows (the formats that print rows; empty for the program's files). */
export interface ModelList {
  readonly text: string;
  readonly rows: readonly ListRow[];
}

/**
 * The list as `renderList` gives it from the fold, read from the saved model when that reflects the head of the
 * log (one position check and one ordered query, no fold); undefined when it does not (none saved, behind the head,
 * another format, a fold that failed).
 */
export const readListModel = async (printer: ListPrinter, store: EventStore, storage: CheckpointStorage, request: ListRequest): Promise<ModelList | undefined> => {
  const { ruleSet, asOf, format, activeYears } = request;
  const program = isProgramFile(format);
  const [head, read] = await Promise.all([store.headPosition(), storage.readList({ ruleSet, format: LIST_MODEL_FORMAT, asOf, ...(program ? {} : { activeSince: activeSince(asOf, activeYears) }) })]);
  if (read === undefined || read.position !== head) return undefined;
  if (program) return { text: renderProgramFile(printer, read.rows.map((r) => JSON.parse(r.record!) as FesaPlayer), asOf, format), rows: [] };
  return { text: renderRows(printer, read.rows, asOf, format, activeYears), rows: read.rows };
};

/** How many rated players the model's list as of `asOf` holds, whatever their activity (undefined: not readable). */
export const ratedInListModel = async (printer: ListPrinter, store: EventStore, storage: CheckpointStorage, ruleSet: string, asOf: string): Promise<number | undefined> =>
  (await readListModel(printer, store, storage, { ruleSet, asOf, format: 'csv', activeYears: 0 }))?.rows.length;
