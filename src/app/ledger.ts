import * as E from 'fp-ts/Either';
import type { Command } from '../../domain/commands/decide';
import { canonicalJson, decide } from '../../domain/commands/decide';
import type { LedgerState } from '../../domain/commands/state';
import { evolve, initialLedgerState } from '../../domain/commands/state';
import type { DomainEvent } from '../../domain/events';
import { readDomainEvents, toNewEvent } from './event-log';
import type { EventStore } from './ports/event-store';
import { ConcurrencyError, DuplicateEventError } from './ports/event-store';

export class CommandRejected extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CommandRejected';
  }
}

export interface ExecuteResult {
  readonly status: 'appended' | 'unchanged';
  readonly stream: string;
  readonly events: readonly DomainEvent[];
  readonly position?: number;
}

/**
 * The write side: folds the log into the deciders' state, decides each command, appends its events in one
 * transaction at the stream revision the decision was based on. A writer that lost a race gets a
 * ConcurrencyError (nothing is overwritten); resubmitting the same command is a no-op.
 */
export class Ledger {
  private state: LedgerState = initialLedgerState();

  constructor(readonly store: EventStore) {}

  /** Brings the deciders' state up to the head of the log (incrementally). */
  async catchUp(): Promise<LedgerState> {
    for await (const batch of readDomainEvents(this.store, { fromPosition: this.state.position })) {
      for (const logged of batch) evolve(this.state, logged.event, logged);
    }
    return this.state;
  }

  async execute(command: Command): Promise<ExecuteResult> {
    const state = await this.catchUp();
    const decision = decide(command, state);
    if (E.isLeft(decision)) throw new CommandRejected(decision.left);
    const { stream, events } = decision.right;
    if (events.length === 0) return { status: 'unchanged', stream, events };
    const expected = state.streamRevisions.get(stream) ?? 'no_stream';
    try {
      const appended = await this.store.append(stream, events.map(toNewEvent), expected);
      return { status: 'appended', stream, events, position: appended.lastGlobalPosition };
    } catch (error) {
      if (error instanceof DuplicateEventError) return this.resolveDuplicate(error, events);
      if (error instanceof ConcurrencyError) {
        throw new ConcurrencyError(error.streamId, error.expected, error.actual);
      }
      throw error;
    }
  }

  /** Another writer recorded the same event id first: fine if it is the same fact, an error if not. */
  private async resolveDuplicate(error: DuplicateEventError, events: readonly DomainEvent[]): Promise<ExecuteResult> {
    const [stored] = await this.store.findByEventIds([error.eventId]);
    const mine = events.find((e) => e.eventId === error.eventId);
    const strip = (e: unknown) => canonicalJson({ ...(e as object), actor: undefined });
    if (stored && mine && strip(stored.data) === strip(mine)) return { status: 'unchanged', stream: stored.streamId, events: [] };
    throw new CommandRejected(`event id "${error.eventId}" is already in the log with other content; the same id cannot name two different facts`);
  }
}
