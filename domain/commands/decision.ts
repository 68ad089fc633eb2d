import * as E from 'fp-ts/Either';
import type { DomainEvent } from '../events';
import { streamOf } from '../events';
import type { LedgerState } from './state';

/** What a decider returns: the events one command appends (none when its outcome already happened). */
export interface Decision {
  /** The stream the events go to (one command = one stream = one transaction). */
  readonly stream: string;
  readonly events: readonly DomainEvent[];
}

export type Decided = E.Either<string, Decision>;

export const reject = (message: string): Decided => E.left(message);
export const decided = (event: DomainEvent): Decided => E.right({ stream: streamOf(event), events: [event] });
/** The outcome already happened: an idempotent resubmission appends nothing. */
export const nothing = (event: DomainEvent): Decided => E.right({ stream: streamOf(event), events: [] });

/** Canonical JSON (sorted keys) so that "same content" does not depend on key order. */
export const canonicalJson = (value: unknown): string =>
  JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).filter(([, x]) => x !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );

export const sameContent = (a: object, b: object, ignore: readonly string[] = ['eventId', 'actor']): boolean => {
  const strip = (o: object) => Object.fromEntries(Object.entries(o).filter(([k]) => !ignore.includes(k)));
  return canonicalJson(strip(a)) === canonicalJson(strip(b));
};

/** How a rejection names a player: "Family Given (id)" when registered, else the bare id. */
export const playerName = (state: LedgerState, id: string): string => {
  const player = state.players.get(id);
  const p = player?.current ?? player?.registration;
  return p ? `${p.familyName}${p.givenName ? ` ${p.givenName}` : ''} (${id})` : id;
};
