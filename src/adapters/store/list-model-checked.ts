/**
 * How a read of a saved list model's history (`readListHistory`, `readListComparison`) tells that the model was changed
 * by hand: each row read with its record, fingerprint, seq and played, checked as `rowEdited` checks a list's rows.
 */
import { rowEdited } from '../../app/list-model';
import type { StoredListRow } from '../../app/ports/checkpoint-storage';
import type { HistoryReader } from './list-model-tables';

/**
 * What a read checks a history row against its record with (`rowEdited`), after the eight columns it reads: the
 * row's name, country, games, provisional, last played, record, fingerprint, played, seq, grade and rating (as
 * `r.`-prefixed columns, or each one's `min` for a grouped read, whose first eight leave some out).
 */
export const checkedColumns = (of: (column: string) => string): string =>
  ['name', 'country', 'games', 'provisional', 'last_played', 'record', 'fp', 'played', 'seq', 'grade', 'rating'].map(of).join(', ');
/** A present history row read with `checkedColumns` (from column 8 on) as `rowEdited` checks it. */
const checkedRow = (r: readonly unknown[]): StoredListRow => ({
  rank: 0,
  playerId: '',
  name: r[8] as string,
  country: r[9] as string,
  grade: r[17] as string,
  rating: Number(r[18]),
  games: Number(r[10]),
  provisional: Number(r[11]) === 1,
  lastPlayed: (r[12] as string | null) ?? null,
  record: r[13] as string,
  saved: { fp: Number(r[14]), seq: Number(r[16]), played: Number(r[15]) === 1 },
});

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

