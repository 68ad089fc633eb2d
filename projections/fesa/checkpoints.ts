import type { FesaPlayer } from '../../domain/rules/fesa/types';
import type { TimelineItem } from './history';
import { ListState, type ListSlots } from './list-state';

/** The list at one point of the timeline: enough to fold on from there. */
export interface ListCheckpoint {
  /** Timeline items already applied. */
  readonly index: number;
  /** Valid date of the last item applied ('' before the first). */
  readonly date: string;
  /** The list in its order. */
  readonly order: readonly FesaPlayer[];
  /** True when the list is sorted by (rating, seq) — i.e. the last list-changing item was a tournament. */
  readonly sorted: boolean;
  readonly lastTournamentDate: string | null;
  readonly runs: number;
  readonly officerFacts: number;
  /** The slot of each record of `order` (list-state.ts); absent in checkpoints saved before slots were. */
  readonly slots?: ArrayLike<number>;
  /** The sort key of each record of `order` (list-state.ts); absent in checkpoints saved before sort keys were. */
  readonly seqs?: ArrayLike<number>;
}

/** The list after the first `index` items of `timeline`, with how many runs and officer facts were kept by then. */
export const checkpointOf = (timeline: readonly TimelineItem[], index: number, state: ListState, runs: number, officerFacts: number): ListCheckpoint => ({
  index,
  date: index > 0 ? timeline[index - 1]!.date : '',
  order: state.order(),
  slots: state.orderSlots(),
  seqs: state.orderSeqs(),
  sorted: !state.explicit,
  lastTournamentDate: state.lastTournamentDate,
  runs,
  officerFacts,
});

export const restoreList = (slots: ListSlots, c: ListCheckpoint): ListState => ListState.from(slots, c.order, c.sorted, c.lastTournamentDate, c.slots, c.seqs);

/** Checkpoints in timeline order: where a re-fold starts from. */
export class Checkpoints {
  private list: ListCheckpoint[] = [];

  all(): readonly ListCheckpoint[] {
    return this.list;
  }

  last(): ListCheckpoint | undefined {
    return this.list.at(-1);
  }

  replaceAll(checkpoints: readonly ListCheckpoint[]): void {
    this.list = [...checkpoints].sort((a, b) => a.index - b.index);
  }

  /** Keeps a checkpoint in index order (a scratch fold adds them between the one it starts from and its end). */
  add(c: ListCheckpoint): void {
    let at = this.list.length;
    while (at > 0 && this.list[at - 1]!.index > c.index) at--;
    this.list.splice(at, 0, c);
  }

  /** Drops the checkpoints after `index` (the facts before them changed) and returns the last one left. */
  dropAfter(index: number): ListCheckpoint | undefined {
    while (this.list.length > 0 && this.list.at(-1)!.index > index) this.list.pop();
    return this.list.at(-1);
  }

  atOrBefore(index: number): ListCheckpoint | undefined {
    let found: ListCheckpoint | undefined;
    for (const c of this.list) if (c.index <= index) found = c;
    return found;
  }
}
