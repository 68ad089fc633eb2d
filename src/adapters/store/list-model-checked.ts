/**
 * How a read of a saved list model's history (`readListHistory`, `readListComparison`) tells that the model was changed
 * by hand: each row read with its record, fingerprint, seq and played, checked as `rowEdited` checks a list's rows.
 */
import { rowEdited } from '../../app/list-model';
import type { StoredListRow } from '../../app/ports/checkpoint-storage';
import type { HistoryReader } from './list-model-tables';

/** A list row read with the columns `ROW_COLUMNS` names (list-model-tables.ts), ranked `i + 1`. */
export const storedRow = (r: readonly unknown[], i: number): StoredListRow => ({
  rank: i + 1,
  playerId: r[0] as string,
  name: r[1] as string,
  country: r[2] as string,
  grade: r[3] as string,
  rating: Number(r[4]),
  games: Number(r[5]),
  provisional: Number(r[6]) === 1,
  lastPlayed: (r[7] as string | null) ?? null,
  record: r[8] as string,
  saved: { fp: Number(r[9]), seq: Number(r[10]), played: Number(r[11]) === 1 },
});

/**
 * What a read checks a history row against its record with (`rowEdited`), after the eight columns it reads: the
 * columns of a list row after its player's id, in `storedRow`'s order (as `r.`-prefixed columns, or each one's `min`
 * for a grouped read, whose first eight leave some out).
 */
export const checkedColumns = (of: (column: string) => string): string =>
  ['name', 'country', 'grade', 'rating', 'games', 'provisional', 'last_played', 'record', 'fp', 'seq', 'played'].map(of).join(', ');
/** A present history row read with `checkedColumns` (from column 8 on) as `rowEdited` checks it. */
const checkedRow = (r: readonly unknown[]): StoredListRow => storedRow(['', ...r.slice(8, 19)], 0);

/** Why rows read of a model (with `checkedColumns`) cannot be served, as `rowEdited` says of the first edited one; undefined: they can. */
const historyRowsEdited = (rows: readonly (readonly unknown[])[]): string | undefined => {
  for (const r of rows) {
    if (Number(r[3]) !== 1) continue;
    const why = rowEdited(checkedRow(r));
    if (why !== undefined) return why;
  }
  return undefined;
};

/** Why a model read cannot be served, from its version count or the rows read (see `CheckedListHistory`). */
export const editedOf = (reader: HistoryReader, ...read: (readonly (readonly unknown[])[])[]): { edited?: string } => {
  const why = reader.edited ?? read.map(historyRowsEdited).find((w) => w !== undefined);
  return why === undefined ? {} : { edited: why };
};

