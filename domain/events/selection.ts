import type { DomainEvent, EventOf, EventType } from './index';

/**
 * Which event types a read model folds and which it passes over, by name. Both lists are the ones its code reads
 * or dispatches on, so that a new event type has to be put in one of them (test/app/read-models.test.ts fails while
 * it is in neither), instead of falling silently through a default branch or a forgotten filter.
 */
export interface EventSelection<H extends EventType = EventType, P extends EventType = EventType> {
  readonly handles: readonly H[];
  readonly passesOver: readonly P[];
}

/**
 * A guard for the facts a fold passes over: past it the compiler narrows the fact to the types the fold handles, so
 * a switch over them with `everyTypeHandled` in its default branch must name each of them and may name no other.
 */
export const passedOver = <P extends EventType>(types: readonly P[]): ((e: DomainEvent) => e is EventOf<P>) => {
  const names = new Set<string>(types);
  return (e: DomainEvent): e is EventOf<P> => names.has(e.type);
};

/** The default branch of a switch over the handled types: it compiles only when no type is left out. */
export const everyTypeHandled = (_unhandled: never): undefined => undefined;
