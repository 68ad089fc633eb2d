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

/**
 * Canonical JSON (sorted keys) so that "same content" does not depend on key order. The hash chain hashes this text
 * (src/app/chain.ts), so it must stay byte for byte what it was when the chain was introduced:
 *
 *   JSON.stringify(value, (_k, v) => plain object ? Object.fromEntries(its defined members sorted by key) : v)
 *
 * That form runs a replacer for every value and rebuilds every object through arrays of entries: most of the cost of
 * `ledger verify` and half of an append. Here the value is copied once with its keys inserted in sorted order and
 * handed to JSON.stringify without a replacer (its fast path); data read from a ledger that stored it canonical is
 * already in that order and is not copied. Inserting keys sorted builds the same object as Object.fromEntries of the
 * sorted entries, array-index keys ("0", "7", "10") included: every JS object lists those first, in numeric order.
 */
export const canonicalJson = (value: unknown): string => JSON.stringify(inCanonicalOrder(value) ? value : sortedCopy(value, ''));

/** A key every JS object lists first, in numeric order (ECMA-262 array index: a canonical integer below 2^32 - 1). */
const ARRAY_INDEX = /^(?:0|[1-9][0-9]{0,9})$/;
const isArrayIndex = (key: string): boolean => key.charCodeAt(0) <= 57 && ARRAY_INDEX.test(key) && Number(key) < 4294967295;

/**
 * Whether JSON.stringify alone writes the canonical text of a value: plain objects and arrays whose every object lists
 * its other keys after the array indices in sorted order (members JSON.stringify leaves out, it leaves out in both).
 */
const inCanonicalOrder = (value: unknown): boolean => {
  if (value === null || typeof value !== 'object') return true;
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return false;
  if (Array.isArray(value)) {
    for (const item of value) if (!inCanonicalOrder(item)) return false;
    return true;
  }
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return false;
  let previous: string | undefined;
  for (const name of Object.keys(value)) {
    if (!inCanonicalOrder((value as Record<string, unknown>)[name])) return false;
    if (isArrayIndex(name)) continue;
    if (previous !== undefined && !(previous < name)) return false;
    previous = name;
  }
  return true;
};

const sortedCopy = (value: unknown, key: string): unknown => {
  if (value === null || typeof value !== 'object') return value;
  // JSON.stringify calls toJSON before the replacer sees the value
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return sortedCopy((value as { toJSON: (key: string) => unknown }).toJSON(key), key);
  if (Array.isArray(value)) {
    const items: unknown[] = new Array(value.length);
    for (let i = 0; i < value.length; i++) items[i] = sortedCopy(value[i], String(i));
    return items;
  }
  const members: Record<string, unknown> = {};
  for (const name of Object.keys(value).sort()) {
    const member = (value as Record<string, unknown>)[name];
    if (member === undefined) continue;
    // an own "__proto__" member (JSON.parse makes one) is data here, as Object.fromEntries keeps it, not the prototype
    if (name === '__proto__') Object.defineProperty(members, name, { value: sortedCopy(member, name), enumerable: true, writable: true, configurable: true });
    else members[name] = sortedCopy(member, name);
  }
  return members;
};

export const sameContent = (a: object, b: object, ignore: readonly string[] = ['eventId', 'actor']): boolean => {
  const strip = (o: object) => Object.fromEntries(Object.entries(o).filter(([k]) => !ignore.includes(k)));
  return canonicalJson(strip(a)) === canonicalJson(strip(b));
};

/** The members in which two events differ (what a "with other details" refusal names), in key order. */
export const differingFields = (a: object, b: object, ignore: readonly string[] = ['eventId', 'actor']): string[] => {
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) => !ignore.includes(k)).sort();
  return keys.filter((k) => canonicalJson((a as Record<string, unknown>)[k]) !== canonicalJson((b as Record<string, unknown>)[k]));
};

/** How a rejection names a player: "Family Given (id)" when registered, else the bare id. */
export const playerName = (state: LedgerState, id: string): string => {
  const player = state.players.get(id);
  const p = player?.current ?? player?.registration;
  return p ? `${p.familyName}${p.givenName ? ` ${p.givenName}` : ''} (${id})` : id;
};
