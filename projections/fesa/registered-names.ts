import type { PlayerRegistered } from '../../domain/events';
import { nameKey, type FesaFacts } from './history';
import type { ListName } from './list-names';
import type { ListSlots, ListState } from './list-state';

/** A registered player's name, with its name key and slots (made once per registration, read by every tournament). */
export interface RegisteredName {
  readonly lastName: string;
  readonly firstName: string;
  readonly key: string;
  readonly slots: readonly number[];
}

interface RegisteredAt {
  readonly date: string;
  readonly id: string;
  /** nameKey of the registered name (made once: every tournament after the registration looks it up). */
  readonly key: string;
}

/**
 * The registered players as the list finds them: by id, by name (the program knows a player by his name: each id
 * goes by its list name, namesakes distinguished, see list-names.ts) and by registration date (who enters the list with the next tournament). Rebuilt
 * whenever a registration is added or corrected.
 */
export class RegisteredNames {
  readonly byId = new Map<string, RegisteredName>();
  private readonly idByKey = new Map<string, string>();
  private byDate: RegisteredAt[] = [];
  /** The id whose record an id's facts go to (see FesaFacts.merges); undefined while no merge is in force. */
  readonly survivorOf: ((playerId: string) => string) | undefined;

  /**
   * `previous` with ids registered for the first time since (the last registrations of `registrations`, in that
   * order): what a rebuild would give, without going through every registration again (a registration of a new id
   * changes no other id's name, and its name belongs to the latest id bearing it).
   */
  static withNew(previous: RegisteredNames, ids: readonly string[], facts: FesaFacts, slots: ListSlots): RegisteredNames {
    const next = Object.create(RegisteredNames.prototype) as { -readonly [K in keyof RegisteredNames]: RegisteredNames[K] } & { idByKey: Map<string, string>; byDate: RegisteredAt[] };
    const from = previous as unknown as { idByKey: Map<string, string>; byDate: RegisteredAt[] };
    next.byId = new Map(previous.byId);
    next.idByKey = new Map(from.idByKey);
    next.byDate = from.byDate.slice();
    next.survivorOf = previous.survivorOf;
    (next as unknown as RegisteredNames).extend(ids, facts, slots);
    return next as unknown as RegisteredNames;
  }

  /** `withNew` in place (for names nothing else holds: a fold handed out keeps the names it was made with). */
  extend(ids: readonly string[], facts: FesaFacts, slots: ListSlots): void {
    for (const id of ids) {
      const r = facts.registrations.get(id)!;
      const key = this.name(id, facts.listNames.byId.get(id)!, slots);
      // after every registration dated on or before it: the stable sort by date a rebuild makes
      this.byDate.splice(upperBound(this.byDate, r.event.validDate), 0, { date: r.event.validDate, id, key });
    }
  }

  constructor(facts: FesaFacts, slots: ListSlots) {
    const { registrations, merges } = facts;
    for (const [id, r] of registrations) {
      if (merges.has(id)) continue;
      const key = this.name(id, facts.listNames.byId.get(id)!, slots);
      this.byDate.push({ date: r.event.validDate, id, key });
    }
    // an absorbed id goes by its survivor's name (see foldFesa): its games and balances are the survivor's
    for (const [absorbed, { survivor }] of merges) this.byId.set(absorbed, this.byId.get(survivor)!);
    this.survivorOf = merges.size === 0 ? undefined : (id) => merges.get(id)?.survivor ?? id;
    this.byDate.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  }

  /** Files `id` under its list name; returns the name's key. */
  private name(id: string, name: ListName, slots: ListSlots): string {
    const key = nameKey(name);
    this.byId.set(id, { lastName: name.lastName, firstName: name.firstName, key, slots: slots.slotsOf(key) });
    this.idByKey.set(key, id);
    return key;
  }

  /** The id owning a name key. */
  idOfKey(key: string): string | undefined {
    return this.idByKey.get(key);
  }

  /** The id of a list record (by its name). */
  idOf(p: { readonly lastName: string; readonly firstName: string }): string | undefined {
    return this.idByKey.get(nameKey(p));
  }

  /**
   * The players who enter the list with a tournament ending on `endDate` (see `newcomersOf` in history.ts):
   * registered since the last tournament, or playing in this one, and not on the list; in registration order.
   */
  newcomersFor(state: ListState, facts: FesaFacts, endDate: string, participants: readonly RegisteredName[], givers: readonly string[] = []): { id: string; event: PlayerRegistered; position: number }[] {
    const from = state.lastTournamentDate === null ? 0 : upperBound(this.byDate, state.lastTournamentDate);
    const to = upperBound(this.byDate, endDate);
    const out: { id: string; event: PlayerRegistered; position: number }[] = [];
    for (let i = from; i < to; i++) {
      const r = this.byDate[i]!;
      // a simultaneous display's giver does not enter the list by giving it (see newcomersOf)
      if (givers.length > 0 && givers.some((g) => this.byId.get(g)?.key === r.key) && !participants.some((p) => p.key === r.key)) continue;
      if (!state.has(r.key)) out.push({ id: r.id, ...facts.registrations.get(r.id)! });
    }
    for (const { key } of participants) {
      const id = this.idByKey.get(key);
      if (id === undefined || state.has(key) || out.some((o) => o.id === id)) continue;
      out.push({ id, ...facts.registrations.get(id)! });
    }
    return out.sort((a, b) => a.position - b.position);
  }
}

/** First index whose date is after `date`. */
export const upperBound = (rows: readonly { date: string }[], date: string): number => {
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (rows[mid]!.date <= date) lo = mid + 1;
    else hi = mid;
  }
  return lo;
};

/** First index whose date is `date` or later. */
export const lowerBound = (rows: readonly { date: string }[], date: string): number => {
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (rows[mid]!.date < date) lo = mid + 1;
    else hi = mid;
  }
  return lo;
};
