import { nameKey } from './name-key';

export interface ListName {
  readonly lastName: string;
  readonly firstName: string;
}

/**
 * How a FESA list tells a namesake apart: the id after the given name, as an officer writes "Ola (P7)" by hand when
 * two Ola Hansens play. The program knows a player only by his name, so a list that named both alike would rate them
 * as one person (or refuse an event where they meet).
 */
export const distinguishedName = (name: ListName, playerId: string): ListName => ({
  lastName: name.lastName,
  firstName: name.firstName === '' ? `(${playerId})` : `${name.firstName} (${playerId})`,
});

/** A registered player as the names are given: his id, his name now, and where the ledger learned that name. */
export interface NameHolder {
  readonly id: string;
  readonly name: ListName;
  /** Global position of the registration or correction that gave the id this name (the older holder keeps it). */
  readonly namedAt: number;
}

/**
 * The names FESA files know the registered players by, one per person: the first to bear a name (by the position at
 * which he took it) keeps it, each later namesake gets `distinguishedName` — so a later registration never renames
 * anybody, and a list published before reproduces byte for byte. Ids merged into another are nobody here (they go by
 * their survivor's name).
 *
 * Kept up to date one id at a time: a registration, correction, merge or unmerge re-places only the holders of the
 * names that id left and joined (what a rebuild of a log with many corrections can afford). While no given name is a
 * distinguished one (no two names given collide), that equals giving the names one by one in `namedAt` order, which
 * is what it falls back to when they do.
 */
export class ListNames {
  /** The list name of each holder. */
  readonly byId = new Map<string, ListName>();
  private readonly idByKey = new Map<string, string>();
  private readonly holders = new Map<string, NameHolder>();
  /** Holders by the key of their own name, in namedAt order. */
  private readonly bearers = new Map<string, NameHolder[]>();
  /** A name given collides with a distinguished one: names are given one by one in namedAt order while it does. */
  private collided = false;

  static of(holders: Iterable<NameHolder>): ListNames {
    const names = new ListNames();
    for (const h of [...holders].sort((a, b) => a.namedAt - b.namedAt)) names.place(h);
    names.assignAll();
    return names;
  }

  /**
   * Whether `id` bears his own name and nobody else holds it: giving it up then changes no other holder's list name
   * (what lets a merge that absorbs him re-fold from his first item, not from the start).
   */
  soleBearer(id: string): boolean {
    const holder = this.holders.get(id);
    if (holder === undefined || this.collided) return false;
    const key = nameKey(holder.name);
    return this.bearers.get(key)?.length === 1 && this.idByKey.get(key) === id;
  }

  /** The holder of a list name's key. */
  idOfKey(key: string): string | undefined {
    return this.idByKey.get(key);
  }

  /**
   * `id` now holds `holder`'s name (undefined: nobody, e.g. absorbed by a merge); returns the list names whose holder
   * changed, as [key, id now holding it or undefined].
   */
  set(id: string, holder: NameHolder | undefined): [string, string | undefined][] {
    const was = this.holders.get(id);
    if (was === undefined && holder === undefined) return [];
    if (was !== undefined && holder !== undefined && was.namedAt === holder.namedAt && nameKey(was.name) === nameKey(holder.name)) return [];
    if (was === undefined && holder !== undefined && !this.collided) {
      // a new registration, the latest bearer of his name (the usual case): only his own name is given
      const own = nameKey(holder.name);
      const group = this.bearers.get(own);
      if (group === undefined || group.at(-1)!.namedAt <= holder.namedAt) {
        const listed = group === undefined ? holder.name : distinguishedName(holder.name, id);
        const key = group === undefined ? own : nameKey(listed);
        if (!this.idByKey.has(key)) {
          this.place(holder);
          this.byId.set(id, listed);
          this.idByKey.set(key, id);
          return [[key, id]];
        }
      }
    }
    const touched = [was, holder].flatMap((h) => (h === undefined ? [] : [nameKey(h.name)]));
    // a distinguished name depends on the bearer alone: only the first bearers of the names `id` leaves and joins
    // (before and after) and `id` himself can change
    const moving = new Set<string>([id]);
    const heads = (): void => {
      for (const key of touched) {
        const first = this.bearers.get(key)?.[0];
        if (first !== undefined) moving.add(first.id);
      }
    };
    heads();
    if (was !== undefined) {
      const group = this.bearers.get(touched[0]!)!;
      group.splice(group.indexOf(was), 1);
      if (group.length === 0) this.bearers.delete(touched[0]!);
      this.holders.delete(id);
    }
    if (holder !== undefined) this.place(holder);
    if (this.collided) return this.assignAll();
    heads();
    const proposed = new Map<string, string>();
    let clash = false;
    for (const m of moving) {
      const h = this.holders.get(m);
      if (h === undefined) continue;
      const own = nameKey(h.name);
      const listed = this.bearers.get(own)![0] === h ? own : nameKey(distinguishedName(h.name, m));
      if (proposed.has(listed)) clash = true;
      proposed.set(listed, m);
    }
    for (const key of proposed.keys()) {
      const owner = this.idByKey.get(key);
      if (owner !== undefined && !moving.has(owner)) clash = true;
    }
    if (clash) return this.assignAll();
    const before = new Map<string, string | undefined>();
    for (const m of moving) {
      const old = this.byId.get(m);
      if (old === undefined) continue;
      this.byId.delete(m);
      this.idByKey.delete(nameKey(old));
      before.set(nameKey(old), m);
    }
    for (const [key, m] of proposed) {
      if (!before.has(key)) before.set(key, undefined);
      this.idByKey.set(key, m);
      this.byId.set(m, this.nameOfKey(m, key));
    }
    const changed: [string, string | undefined][] = [];
    for (const [key, old] of before) if (this.idByKey.get(key) !== old) changed.push([key, this.idByKey.get(key)]);
    return changed;
  }

  /** The list name of holder `id` whose key is `key` (his own name, or distinguished). */
  private nameOfKey(id: string, key: string): ListName {
    const own = this.holders.get(id)!.name;
    return nameKey(own) === key ? own : distinguishedName(own, id);
  }

  private place(holder: NameHolder): void {
    this.holders.set(holder.id, holder);
    const key = nameKey(holder.name);
    const group = this.bearers.get(key);
    if (group === undefined) {
      this.bearers.set(key, [holder]);
      return;
    }
    let i = group.length;
    while (i > 0 && group[i - 1]!.namedAt > holder.namedAt) i--;
    group.splice(i, 0, holder);
  }

  /**
   * Every name again, one holder at a time in namedAt order (each takes his own name when free); returns the names
   * whose holder changed.
   */
  private assignAll(): [string, string | undefined][] {
    const before = new Map(this.idByKey);
    this.byId.clear();
    this.idByKey.clear();
    for (const h of [...this.holders.values()].sort((a, b) => a.namedAt - b.namedAt)) {
      let listed = h.name;
      while (this.idByKey.has(nameKey(listed))) listed = distinguishedName(listed, h.id);
      this.byId.set(h.id, listed);
      this.idByKey.set(nameKey(listed), h.id);
    }
    this.collided = this.rulesDiffer();
    const changed: [string, string | undefined][] = [];
    for (const [key, id] of before) if (this.idByKey.get(key) !== id) changed.push([key, this.idByKey.get(key)]);
    for (const [key, id] of this.idByKey) if (!before.has(key)) changed.push([key, id]);
    return changed;
  }

  /**
   * Whether "the first bearer of a name keeps it, the others are distinguished" gives two holders one name: exactly
   * when it differs from giving the names one by one.
   */
  private rulesDiffer(): boolean {
    const seen = new Set<string>();
    for (const [key, group] of this.bearers) group.forEach((m, k) => seen.add(k === 0 ? key : nameKey(distinguishedName(m.name, m.id))));
    return seen.size !== this.holders.size;
  }
}
