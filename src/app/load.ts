import type { LoggedEvent } from '../../domain/events';
import { readFacts } from './event-log';
import { LedgerFailure } from './failure';
import type { EventStore } from './ports/event-store';

/** The second clock as a user gives it: a global position (digits) or a recorded timestamp (ISO date/time). */
export type KnownAt = { readonly position: number } | { readonly timestamp: string };

/** A second-clock point that is not one, or lies before the log (the user's error, not the store's). */
export class KnownAtError extends LedgerFailure {
  constructor(message: string) {
    super('bad-input', message, { parameter: 'known-at' });
    this.name = 'KnownAtError';
  }
}

/** `option` names the setting in errors: the CLI's `--known-at`, the HTTP API's `known-at`. */
export const parseKnownAt = (value: string, option = '--known-at'): KnownAt => {
  if (/^\d+$/.test(value)) return { position: Number(value) };
  // Date.parse reads "-1" or "7" as years; a recorded time is written out, starting with its four-digit year.
  const time = /^\d{4}-\d{2}-\d{2}/.test(value) ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(time)) throw new KnownAtError(`${option} must be a global position (e.g. 1234) or a recorded time (e.g. 2026-11-21T10:00:00Z), got "${value}"`);
  return { timestamp: new Date(time).toISOString() };
};

/** Every fact of the log, decoded, in recorded order (optionally only what was known at a point of the second clock). */
export const loadFacts = async (store: EventStore, knownAt?: KnownAt, onRead?: (eventsRead: number) => void): Promise<LoggedEvent[]> => {
  const facts: LoggedEvent[] = [];
  const toPosition = knownAt && 'position' in knownAt ? knownAt.position : undefined;
  for await (const batch of readFacts(store, toPosition !== undefined ? { toPosition } : {})) {
    onRead?.(facts.length + batch.length);
    for (const e of batch) {
      if (knownAt && 'timestamp' in knownAt && (e.recordedAt ?? '') > knownAt.timestamp) return facts;
      facts.push(e);
    }
  }
  return facts;
};

/** Resolves a known-at to the last global position it covers; an error when it lies before the first event. */
/** A position after the log's last fact: taken silently it would read as "the ledger as known then", a moment not reached yet. */
export const afterTheLog = (option: string, position: number, last: number): KnownAtError =>
  new KnownAtError(`${option} ${position} lies after the last event (position ${last}); give a position up to ${last}, or leave ${option} out for the ledger as known now`);

export const knownAtPosition = (facts: readonly LoggedEvent[], knownAt: KnownAt, all: readonly LoggedEvent[], option = '--known-at'): number => {
  const first = all[0];
  if (!first) throw new KnownAtError('the ledger is empty; there is nothing to know at any time');
  if ('position' in knownAt) {
    if (knownAt.position < first.globalPosition) throw new KnownAtError(`${option} ${knownAt.position} lies before the first event (position ${first.globalPosition})`);
    const last = all[all.length - 1]!.globalPosition;
    if (knownAt.position > last) throw afterTheLog(option, knownAt.position, last);
    return knownAt.position;
  }
  if (facts.length === 0) throw new KnownAtError(`${option} ${knownAt.timestamp} lies before the first event (recorded ${first.recordedAt})`);
  return facts[facts.length - 1]!.globalPosition;
};

/** Every fact, and the last position known at `knownAt` (a position or a recorded time as typed) when one is given. */
export const factsKnownAt = async (store: EventStore, knownAt: string | undefined, option = '--known-at'): Promise<{ facts: LoggedEvent[]; knownAt?: number }> => {
  const all = await loadFacts(store);
  if (knownAt === undefined) return { facts: all };
  const at = parseKnownAt(knownAt, option);
  return { facts: all, knownAt: knownAtPosition(await loadFacts(store, at), at, all, option) };
};
