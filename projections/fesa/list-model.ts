import type { FesaPlayer } from '../../domain/rules/fesa/types';
import type { ListState } from './list-state';

/**
 * The FESA list as a temporal table, for a read model next to the log (src/app/list-model.ts saves it): one row per
 * list slot and timeline item that changed the slot's record or sort key, holding from that item on, and one point
 * per item saying how the list after it is ordered. The list after the first `n` items is then, for every slot, its
 * latest row with `after ≤ n` (absent when its record is undefined), ordered by (rating desc, seq) or, when `explicit`,
 * by seq alone (list-state.ts) — what a database answers with an index instead of a fold.
 */
export interface ListModelRow {
  /** Timeline items applied when the slot took this record (the row holds for lists after `after` items or more). */
  readonly after: number;
  /** Valid date of that item. */
  readonly date: string;
  readonly slot: number;
  /** undefined = the slot left the list. */
  readonly record: FesaPlayer | undefined;
  readonly seq: number;
}

export interface ListModelPoint {
  readonly after: number;
  readonly date: string;
  /** The list's order is seq alone (after an opening list or an officer's change), not (rating desc, seq). */
  readonly explicit: boolean;
}

/** What a save writes: drop the saved rows and points with `after > deleteAfter`, then add these. */
export interface ListModelChanges {
  readonly deleteAfter: number;
  readonly rows: readonly ListModelRow[];
  readonly points: readonly ListModelPoint[];
  /** Slots whose owning player id changed since the last save (all of them when the model is written anew). */
  readonly slotPlayerIds: readonly (readonly [number, string | null])[];
}

/**
 * The rows and points made since the last save, kept by the projection's main fold. A re-fold from a checkpoint
 * drops what was made after it; the next save then deletes the saved rows after it too (a late correction replaces
 * rows from its date on).
 */
export class ListModelJournal {
  /** Items whose rows the saved model holds and still holds right (the timeline before them is unchanged). */
  private saved = 0;
  private rows: ListModelRow[] = [];
  private points: ListModelPoint[] = [];
  /** The owners of the slots as saved, by slot. */
  private savedIds: readonly (string | undefined)[] = [];

  /** The saved model holds the rows of the first `index` items and these owners (a projection restored with it). */
  restored(index: number, ids: readonly (string | undefined)[]): void {
    this.saved = index;
    this.rows = [];
    this.points = [];
    this.savedIds = ids;
  }

  /** The fold goes back to the list after `index` items: what was made after it no longer holds. */
  refoldFrom(index: number): void {
    if (index < this.saved) this.saved = index;
    while (this.rows.length > 0 && this.rows.at(-1)!.after > index) this.rows.pop();
    while (this.points.length > 0 && this.points.at(-1)!.after > index) this.points.pop();
  }

  /** `state` after the first `after` items (the last dated `date`): a row for each slot it changed. */
  record(after: number, date: string, state: ListState): void {
    for (const slot of state.takeTouched()) {
      const { record, seq } = state.entryAt(slot);
      this.rows.push({ after, date, slot, record, seq });
    }
    this.points.push({ after, date, explicit: state.explicit });
  }

  /** What to save to bring the saved model up to the rows made so far and the slots' owners `ids`. */
  changes(ids: readonly (string | undefined)[]): ListModelChanges {
    const changed: (readonly [number, string | null])[] = [];
    // a slot the saved model did not have is written even when nobody owns it: another process catching up at the same
    // time may have saved that slot number for another name
    for (let slot = 0; slot < ids.length; slot++) if (this.saved === 0 || slot >= this.savedIds.length || ids[slot] !== this.savedIds[slot]) changed.push([slot, ids[slot] ?? null]);
    return { deleteAfter: this.saved, rows: this.rows, points: this.points, slotPlayerIds: changed };
  }

  /** `changes(ids)` were saved: the saved model holds the first `applied` items. */
  savedThrough(applied: number, ids: readonly (string | undefined)[]): void {
    this.restored(applied, ids);
  }
}

/**
 * A saved list model's row as a comparison of two rule sets reads it (`diffListModels`, diff.ts): every row of a
 * slot up to a list, in the order of the items they hold from.
 */
export interface ListModelHistoryRow {
  readonly slot: number;
  readonly after: number;
  /** undefined = the slot left the list. */
  readonly entry:
    | {
        readonly seq: number;
        readonly rating: number;
        readonly grade: string;
        /** The registered player owning the slot's name, else the name as the fold's diff calls him. */
        readonly playerId: string;
      }
    | undefined;
}

/** A saved list model up to the last item dated on or before a date: its rows by slot, then by item. */
export interface ListModelHistory {
  /** The global position the model reflects. */
  readonly position: number;
  /** Items the list of the date comes after (its rows are those with `after` up to this). */
  readonly through: number;
  /** That list's order is seq alone (see `ListModelPoint.explicit`). */
  readonly explicit: boolean;
  readonly rows: readonly ListModelHistoryRow[];
}
