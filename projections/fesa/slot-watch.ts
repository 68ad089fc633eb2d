import type { FesaPlayer } from '../../domain/rules/fesa/types';
import type { ListCheckpoint } from './checkpoints';

/**
 * The slots of a projection's lists written since it began to watch them (`FesaProjection.watchSlots`), so that two
 * folds from the same list (a write's comparison: before and after the decided facts) are compared on those slots
 * alone, not on a hundred thousand players who did not move.
 *
 * Every list the projection folds from must then be one whose differences from the list watched from are among the
 * slots written: the list it held when watching began, or the first list restored before any write (the re-fold of
 * "before" starting at a saved list), or a checkpoint the main fold took while watching (`taken`). Restoring any
 * other list (an older checkpoint, the empty list of a fold from the start) loses the track: `changed` is undefined
 * and the caller compares the whole lists.
 */
export class SlotWatch {
  readonly written = new Set<number>();
  private readonly taken = new WeakMap<readonly FesaPlayer[], number>();
  /** The list restored first, before any write (undefined: none yet; null: the empty list). */
  private base: readonly FesaPlayer[] | null | undefined;
  /** Bumped when the list watched from becomes `base`: checkpoints taken before then do not derive from it. */
  private generation = 0;
  private lost = false;

  /** A checkpoint of the main fold was taken of this list (`ListCheckpoint.order`). */
  took(order: readonly FesaPlayer[]): void {
    this.taken.set(order, this.generation);
  }

  /** The main fold restored this list (a checkpoint's order; null: it starts from the empty list). */
  restored(order: readonly FesaPlayer[] | null): void {
    if (this.lost || order === this.base || (order !== null && this.taken.get(order) === this.generation)) return;
    if (this.base === undefined && this.written.size === 0) {
      this.base = order;
      this.generation++;
    } else this.lost = true;
  }

  /** The slots where any list folded since differs from the list watched from; undefined when that is not known. */
  changed(): ReadonlySet<number> | undefined {
    return this.lost ? undefined : this.written;
  }
}

/** `c`, a checkpoint the main fold takes, noted by `watch` where watched. */
export const taken = (watch: SlotWatch | undefined, c: ListCheckpoint): ListCheckpoint => {
  watch?.took(c.order);
  return c;
};
