/**
 * A published list as people read it: its rows (rank, name, grade, rating …) as they were published, whatever its
 * format — the program's Lisp records and the CSV hold the same players, a page shows them as a table.
 */
import type { LoggedEvent, RatingListPublished } from '../../domain/events';
import { isGenericRuleSet } from '../../projections/generic/systems';
import { findPublished, isProgramFile, listRows, reproducePublished, type ListFormat } from './lists';
import type { ListPrinter } from './ports/list-printer';
import { reproduceRuleSetList } from './rule-set-publication';

export interface PublishedRow {
  readonly rank: number;
  readonly playerId: string;
  readonly name: string;
  readonly country: string;
  /** null under a rule set without grades. */
  readonly grade: string | null;
  readonly rating: number;
  readonly games: number;
  readonly provisional: boolean;
  readonly lastPlayed: string | null;
}

export interface PublishedRows {
  readonly event: RatingListPublished;
  /** The publication's recorded position. */
  readonly position: number;
  readonly rows: readonly PublishedRow[];
}

/**
 * The rows of a published list, reproduced from the log as known when it was published and checked by its hash (so
 * they are the rows of the bytes). The program's files hold every rated player, whatever the activity rule of the
 * ledger's own formats, so their rows are every rated player's.
 */
export const publishedRows = (printer: ListPrinter, facts: readonly LoggedEvent[], listId: string): PublishedRows => {
  const { event, position } = findPublished(facts, listId);
  if (isGenericRuleSet(event.ruleSet)) {
    const { list } = reproduceRuleSetList(printer, facts, listId);
    return { event, position, rows: list.players.map(({ id, grade, ...row }) => ({ ...row, playerId: id, grade: grade ?? null })) };
  }
  const { folded } = reproducePublished(printer, facts, listId);
  return { event, position, rows: listRows(folded, event.asOf, isProgramFile(event.format as ListFormat) ? 0 : (event.activeYears ?? 2)) };
};
