import type { EventOf, EventType, LoggedEvent } from '../../domain/events';
import type { EventSelection } from '../../domain/events/selection';
import { readFacts } from './event-log';
import type { EventStore } from './ports/event-store';

/**
 * The one shape of a read model: a small fold kept for reading, apart from the deciders' state. It names the event
 * types it handles and those it passes over (test/app/read-models.test.ts holds every type of the catalogue to be in
 * exactly one of the two), so a reader can ask the store for `handles` alone. `evolve` may change the state in place
 * and returns it, as the deciders' `evolve` does: a copy per fact would make a million-fact fold quadratic.
 */
export interface ReadModel<S, Q, H extends EventType = EventType, P extends EventType = EventType> extends EventSelection<H, P> {
  readonly name: string;
  readonly initialState: () => S;
  // methods, not function-typed fields: a model of any state then goes in the registry's one list
  evolve(state: S, fact: EventOf<H>, recorded: LoggedEvent): S;
  /** What a reader may ask of a state (the state itself stays the model's). */
  queries(state: S): Q;
}

/** A read model of any state, queries and types: what the registry lists (`never` takes any model's parameters). */
export interface AnyReadModel extends EventSelection {
  readonly name: string;
  initialState(): unknown;
  evolve(state: never, fact: never, recorded: LoggedEvent): unknown;
  queries(state: never): unknown;
}

/** A live read model as its readers see it: its queries at a position. */
export interface CaughtUpQueries<Q> {
  caughtUp(upTo?: number): Promise<{ readonly queries: Q; readonly position: number }>;
}

/** The model's state after `facts` (in recorded order); facts of types it does not handle are skipped. */
export const foldReadModel = <S, Q, H extends EventType, P extends EventType>(model: ReadModel<S, Q, H, P>, facts: Iterable<LoggedEvent>): S => {
  const handled = new Set<string>(model.handles);
  let state = model.initialState();
  for (const fact of facts) if (handled.has(fact.event.type)) state = model.evolve(state, fact.event as EventOf<H>, fact);
  return state;
};

/**
 * A read model kept up to date with the log: each catch-up reads only its handled types recorded since the last one.
 * Catch-ups run one after the other (two at once would fold the same facts twice).
 */
export class LiveReadModel<S, Q, H extends EventType = EventType, P extends EventType = EventType> implements CaughtUpQueries<Q> {
  private state: S;
  private at = 0;
  private reading: Promise<unknown> = Promise.resolve();
  private readonly handled: ReadonlySet<string>;

  constructor(
    readonly model: ReadModel<S, Q, H, P>,
    private readonly store: EventStore,
  ) {
    this.state = model.initialState();
    this.handled = new Set(model.handles);
  }

  /** The position the state reflects. */
  get position(): number {
    return this.at;
  }

  /** The queries over the state folded up to `upTo` (default: the head of the log as it is now). */
  async caughtUp(upTo?: number): Promise<{ readonly queries: Q; readonly position: number }> {
    const read = this.reading.then(async () => {
      const head = upTo ?? (await this.store.headPosition());
      if (head <= this.at) return;
      for await (const batch of readFacts(this.store, { fromPosition: this.at, toPosition: head, types: this.model.handles })) {
        for (const fact of batch) if (this.handled.has(fact.event.type)) this.state = this.model.evolve(this.state, fact.event as EventOf<H>, fact);
      }
      this.at = head;
    });
    this.reading = read.catch(() => undefined);
    await read;
    return { queries: this.model.queries(this.state), position: this.at };
  }
}
