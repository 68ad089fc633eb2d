import { readFacts } from './event-log';
import { changesNoRating } from './neutral-facts';
import type { EventStore } from './ports/event-store';

/**
 * Where in the log the rating lists last changed, read forward from the position read last: a list made at or after
 * that position is the list of the head too. A server under a burst of registrations and games of open tournaments
 * keeps its list answers instead of making every list again after each fact (answer-cache.ts).
 *
 * Conservative where it does not know: every fact up to the head at the first question counts as a change; a fact of
 * a type `changesNoRating` does not name counts as one.
 */
export class ListChanges {
  /** The head read up to, and the last position whose fact can change a list. */
  private seen: { head: number; lastChange: number } | undefined;
  /** The tournaments closed up to `seen.head` (a game of one re-rates it). */
  private readonly closed = new Set<string>();
  private reading: Promise<void> | undefined;

  constructor(private readonly store: EventStore) {}

  /** The position of the last fact up to `head` (at least) that can change a rating list. */
  async lastChangeUpTo(head: number): Promise<number> {
    while (this.seen === undefined || this.seen.head < head) {
      // readers at the same time share one read (two from the same position would count a closure twice)
      this.reading ??= this.readTo(head).finally(() => (this.reading = undefined));
      await this.reading;
    }
    return this.seen.lastChange;
  }

  private async readTo(head: number): Promise<void> {
    const from = this.seen;
    if (from === undefined) {
      for await (const batch of readFacts(this.store, { toPosition: head, types: ['TournamentClosed'] })) {
        for (const { event } of batch) if (event.type === 'TournamentClosed') this.closed.add(event.tournamentId);
      }
      this.seen = { head, lastChange: head };
      return;
    }
    let { lastChange } = from;
    let reached = from.head;
    for await (const batch of readFacts(this.store, { fromPosition: from.head })) {
      for (const { event, globalPosition } of batch) {
        if (!changesNoRating(event, (id) => this.closed.has(id))) lastChange = globalPosition;
        if (event.type === 'TournamentClosed') this.closed.add(event.tournamentId);
        reached = globalPosition;
      }
    }
    this.seen = { head: Math.max(head, reached), lastChange };
  }
}
