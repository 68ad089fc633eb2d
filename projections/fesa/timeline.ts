/**
 * The FESA fold's timeline: the items it applies (opening groups, reconciles, adjustments, awards, tournaments) and
 * the keys that order them — by valid date, officer facts before tournaments on a date, then recorded order.
 */
import type { GameFacts, GradeAwarded, ListReconciled, LoggedEvent, RatingAdjusted, TournamentRegistered } from '../../domain/events';

export interface TournamentFacts {
  registration: TournamentRegistered;
  position: number;
  games: Map<string, { facts: GameFacts; withdrawn: boolean }>;
  closedAt?: string;
  /** Bumped whenever a game of the tournament is reported, corrected or withdrawn (cache key for its rating). */
  version?: number;
}

export type TimelineItem =
  | { kind: 'opening'; date: string; position: number; group: LoggedEvent[] }
  | { kind: 'reconcile'; date: string; position: number; event: ListReconciled }
  | { kind: 'adjustment'; date: string; position: number; event: RatingAdjusted }
  | { kind: 'award'; date: string; position: number; event: GradeAwarded }
  | { kind: 'tournament'; date: string; position: number; tournament: TournamentFacts };

export const PHASE: Record<TimelineItem['kind'], number> = { opening: 0, reconcile: 0, adjustment: 1, award: 2, tournament: 3 };

/** Where a fact lands in the fold: its valid date, or '' when it can change the fold from the very start. */
export type AffectedFrom = string;

/**
 * A timeline item's place, the same whatever else the log holds: its valid date, then `ord` = its phase (officer
 * facts before tournaments on a date) times ORD_PHASE plus the position of the fact that made it (a tournament's
 * registration, an officer fact, an opening group's first balance). Items are ordered by (date, ord) exactly as
 * `compareItems` orders them; a late fact moves the items after it in the timeline, never their keys.
 */
export interface ItemKey {
  readonly date: string;
  readonly ord: number;
}
/** Positions stay below this (2^44), so a key's ord is an exact integer. */
export const ORD_PHASE = 2 ** 44;
/** Before every item. */
export const FIRST_KEY: ItemKey = { date: '', ord: -1 };
export const compareKeys = (a: ItemKey, b: ItemKey): number => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.ord - b.ord);
export const itemKeyOf = (item: TimelineItem): ItemKey => ({ date: item.date, ord: PHASE[item.kind] * ORD_PHASE + item.position });
/** Before every item of `date`. */
export const dateKey = (date: string): ItemKey => ({ date, ord: -1 });
/** Before every tournament of `date` (after its officer facts). */
export const tournamentsOf = (date: string): ItemKey => ({ date, ord: PHASE.tournament * ORD_PHASE });
export const tournamentKey = (t: TournamentFacts): ItemKey => ({ date: t.registration.endDate, ord: PHASE.tournament * ORD_PHASE + t.position });
/** Fact types that put an item into the timeline (or change the one they name). */
const ITEM_MAKERS: ReadonlySet<string> = new Set(['TournamentClosed', 'OpeningBalanceImported', 'ListReconciled', 'RatingAdjusted', 'GradeAwarded']);
export const makesItem = (type: string): boolean => ITEM_MAKERS.has(type);

export const compareItems = (a: TimelineItem, b: TimelineItem): number => (a.date < b.date ? -1 : a.date > b.date ? 1 : PHASE[a.kind] - PHASE[b.kind] || a.position - b.position);

/** First index of `items` whose key is `key` or later. */
export const lowerBoundKey = (items: readonly TimelineItem[], key: ItemKey): number => {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (compareKeys(itemKeyOf(items[mid]!), key) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
};

/** The facts of `log` recorded up to `position` (a fold as known then), read lazily. */
export function* knownBy(log: Iterable<LoggedEvent>, position: number): Iterable<LoggedEvent> {
  for (const fact of log) if (fact.globalPosition <= position) yield fact;
}
