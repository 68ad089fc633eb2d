import type { RatedItem } from './diff';
import type { FesaPlayer } from '../../domain/rules/fesa/types';
import { compareKeys, type FesaFacts, type ItemKey } from './history';
import type { ListState } from './list-state';

/**
 * The FESA list as a bitemporal table, for a read model next to the log (src/app/list-model.ts saves it). Valid
 * time: one row per list slot and timeline item that changed the slot's record or sort key, holding from that item
 * on, and one point per item saying how the list after it is ordered (or that the fold stopped there). Items are
 * named by their keys (history.ts `ItemKey`: date, phase, position), which a late fact does not move. Recorded time:
 * every row and point is a version known from global position `kf` up to `kt` (null: still). The list as of D known
 * at K is then, for every slot, its latest row dated up to D among the versions known at K (absent when its record is
 * undefined), ordered by (rating desc, seq) or, when that list's point is `explicit`, by seq alone (list-state.ts) —
 * what a database answers with an index instead of a fold, for any D and any K.
 *
 * What makes every K exact: the projection feeds facts in recorded order and folds them in segments (incremental.ts):
 * a fact that changes an item already in the timeline starts a new segment, so within a segment every fact after the
 * first only adds items after the end of the timeline. A version made by a segment is known from the highest
 * position among the segment's facts that change its item or an earlier one (`kf`); the versions it replaces are
 * known up to there. A re-fold that gives a row again, identical, keeps the old version (a merge re-folds everything,
 * and most of it comes out the same). The slots' owners (the player id a list shows) are kept by name key, each
 * change known from the registration, correction, merge or unmerge that made it.
 */

/** What a point says of the list after its item. */
export interface PointContent {
  /** The list's order is seq alone (after an opening list or an officer's change), not (rating desc, seq). */
  readonly explicit: boolean;
  /** The tournament the item rates (null: an officer's fact). */
  readonly tournamentId: string | null;
  /** The fold stopped at this item with this error (`FoldError` as JSON: the lists after it are the fold's error). */
  readonly error: string | null;
}

/** The slot number of an item's point among the versions. */
export const POINT_SLOT = -1;

/** One version of a slot's row at an item (slot ≥ 0), or of the item's point (slot POINT_SLOT). */
export interface ListModelVersion {
  readonly slot: number;
  readonly date: string;
  readonly ord: number;
  /** Known from this global position on … */
  readonly kf: number;
  /** … up to this one (exclusive); null = still known. */
  kt: number | null;
  /** A row's record (undefined: the slot left the list). */
  readonly record: FesaPlayer | undefined;
  readonly seq: number;
  /** The slot's player played the item's tournament (what the tournament's run holds after it). */
  readonly played: boolean;
  /** A point's content (undefined for rows). */
  readonly point: PointContent | undefined;
  /** The segment (re-fold) of this catch-up that made it. */
  readonly segment: number;
  /** The saved version equal to it goes on instead (it is not written). */
  merged: boolean;
}

/** A saved version still known, as a save reads it back to settle it (see `ListModelChanges.settle`). */
export interface SavedVersion {
  readonly slot: number;
  readonly date: string;
  readonly ord: number;
  readonly kf: number;
  /** Fingerprint of its content (`fingerprint` in src/app/list-model.ts). */
  readonly fp: number;
}

/** A saved version no longer known from `kt` on. */
export interface SavedClose extends SavedVersion {
  readonly kt: number;
}

/** What a save writes. */
export interface ListModelChanges {
  /** Nothing of the model is saved yet (or it is written anew): drop whatever is, write all. */
  readonly fresh: boolean;
  /** The position of the saved model the changes are made against (undefined when fresh). */
  readonly base: number | undefined;
  /** Saved versions after this item (still known) may be replaced: read them back and `settle` them (undefined: none). */
  readonly reopenAfter: ItemKey | undefined;
  /**
   * Which of the saved versions read back stop being known, and when; marks the versions made equal to a saved one
   * as `merged` (the saved one stays). `fp` fingerprints a version made as the saved ones are.
   */
  readonly settle: (saved: readonly SavedVersion[], fp: (v: ListModelVersion) => number) => SavedClose[];
  /** The versions made (rows and points, in the order made); those `merged` by `settle` are not written. */
  readonly versions: readonly ListModelVersion[];
  /** Owners: the saved owner of each name key that stops being known at `kt`, then the owners made. */
  readonly ownerCloses: readonly (readonly [key: string, kt: number])[];
  readonly owners: readonly { readonly key: string; readonly playerId: string; readonly kf: number; readonly kt: number | null }[];
  /** Slots given since the last save, with the name key each stands for. */
  readonly slots: readonly (readonly [slot: number, key: string])[];
}

/** A refold: the items after `boundary` are made again, each known from `kfAt` its key. */
interface Segment {
  readonly boundary: ItemKey;
  readonly keys: readonly ItemKey[];
  /** Highest position among the steps up to each one, steps sorted by key. */
  readonly maxima: readonly number[];
  /** For items before every step (made again identically, whatever they are said to be known from). */
  readonly fallback: number;
}

const segmentOf = (boundary: ItemKey, steps: readonly (readonly [ItemKey, number])[], fallback: number): Segment => {
  const sorted = [...steps].sort((a, b) => compareKeys(a[0], b[0]));
  // Of the steps of one item only the last is kept, with the highest position up to it: `kfIn` reads past every
  // step of an item anyway. (A rebuild makes a segment of every game of a tournament, and the journal keeps its
  // segments until the save: a million steps held as a few tens of thousands.)
  const keys: ItemKey[] = [];
  const maxima: number[] = [];
  let max = -Infinity;
  sorted.forEach(([k, p], i) => {
    max = Math.max(max, p);
    const next = sorted[i + 1];
    if (next !== undefined && compareKeys(next[0], k) === 0) return;
    keys.push(k);
    maxima.push(max);
  });
  let first = Infinity;
  for (const [, p] of steps) if (p < first) first = p;
  return { boundary, keys, maxima, fallback: steps.length > 0 ? first : fallback };
};

/** The position an item's versions made by `s` are known from: the highest of the facts changing it or an earlier item. */
const kfIn = (s: Segment, key: ItemKey): number => {
  let lo = 0;
  let hi = s.keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (compareKeys(s.keys[mid]!, key) <= 0) lo = mid + 1;
    else hi = mid;
  }
  return lo === 0 ? s.fallback : s.maxima[lo - 1]!;
};

interface OpenItem {
  readonly date: string;
  readonly ord: number;
  readonly versions: Map<number, ListModelVersion>;
}

const keyText = (k: { readonly date: string; readonly ord: number }): string => `${k.date}|${k.ord}`;

/** Two records that print the same (the same object, or equal field by field). */
const sameRecord = (a: FesaPlayer | undefined, b: FesaPlayer | undefined): boolean => {
  if (a === b) return true;
  if (a === undefined || b === undefined) return false;
  const keys = Object.keys(a) as (keyof FesaPlayer)[];
  if (keys.length !== Object.keys(b).length) return false;
  for (const k of keys) {
    const x = a[k];
    const y = b[k];
    if (x !== y && (typeof x !== 'object' || typeof y !== 'object' || JSON.stringify(x) !== JSON.stringify(y))) return false;
  }
  return true;
};

const samePoint = (a: PointContent | undefined, b: PointContent): boolean => a !== undefined && a.explicit === b.explicit && a.tournamentId === b.tournamentId && a.error === b.error;

/**
 * The versions made since the last save, kept by the projection's main fold: per segment, what its re-fold made
 * again and what it no longer gives (see the module comment). The save then settles the saved versions the
 * re-folds reached (`ListModelChanges.settle`) and writes the new ones.
 */
export class ListModelJournal {
  private fresh = true;
  /** Key of the last item the saved model can hold versions of (undefined: nothing saved). */
  private savedEnd: ItemKey | undefined;
  private reopenAfter: ItemKey | undefined;
  /** The versions made in this catch-up and still known, by item in key order. */
  private items: OpenItem[] = [];
  private made: ListModelVersion[] = [];
  private segments: Segment[] = [];
  /** The re-fold under way: its segment and the versions it may make again, by item. */
  private current: { segment: Segment; index: number; candidates: Map<string, OpenItem> } | undefined;
  private ownerChanges: [key: string, playerId: string | null, position: number][] = [];
  private savedSlots = 0;
  private savedPosition: number | undefined;

  /**
   * The saved model holds the versions of a projection restored with it, at global position `position`, whose
   * timeline ends at `end`, and `slots` slots.
   */
  restored(end: ItemKey | undefined, slots: number, position: number): void {
    this.fresh = false;
    this.savedPosition = position;
    this.savedEnd = end;
    this.reopenAfter = undefined;
    this.items = [];
    this.made = [];
    this.segments = [];
    this.current = undefined;
    this.ownerChanges = [];
    this.savedSlots = slots;
  }

  /**
   * A re-fold begins after the item `boundary` (FIRST_KEY: from the start), for facts `steps` ([the first item a
   * fact changes, its position], in recorded order); `fallback` is the position the items before every step are
   * said to be known from (they come out as before).
   */
  beginRefold(boundary: ItemKey, steps: readonly (readonly [ItemKey, number])[], fallback: number): void {
    if (this.current) this.endRefold();
    const segment = segmentOf(boundary, steps, fallback);
    this.segments.push(segment);
    if (!this.fresh && this.savedEnd !== undefined && compareKeys(boundary, this.savedEnd) < 0 && (this.reopenAfter === undefined || compareKeys(boundary, this.reopenAfter) < 0)) this.reopenAfter = boundary;
    const candidates = new Map<string, OpenItem>();
    while (this.items.length > 0 && compareKeys(this.items.at(-1)!, boundary) > 0) {
      const item = this.items.pop()!;
      candidates.set(keyText(item), item);
    }
    this.current = { segment, index: this.segments.length - 1, candidates };
  }

  /** The list `state` after the item `key`, which changed the slots `state` says it touched. */
  record(key: ItemKey, state: ListState, point: PointContent, tournament: boolean): void {
    const { segment, index, candidates } = this.current!;
    const kf = kfIn(segment, key);
    const old = candidates.get(keyText(key));
    if (old) candidates.delete(keyText(key));
    const item: OpenItem = { date: key.date, ord: key.ord, versions: new Map() };
    for (const slot of state.takeTouched()) {
      const { record, seq } = state.entryAt(slot);
      const played = tournament && state.playedLast(slot);
      const was = old?.versions.get(slot);
      if (was !== undefined) {
        old!.versions.delete(slot);
        if (was.seq === seq && was.played === played && sameRecord(was.record, record)) {
          item.versions.set(slot, was);
          continue;
        }
        was.kt = kf;
      }
      const v: ListModelVersion = { slot, date: key.date, ord: key.ord, kf, kt: null, record, seq, played, point: undefined, segment: index, merged: false };
      this.made.push(v);
      item.versions.set(slot, v);
    }
    const wasPoint = old?.versions.get(POINT_SLOT);
    if (wasPoint !== undefined) old!.versions.delete(POINT_SLOT);
    if (wasPoint !== undefined && samePoint(wasPoint.point, point)) item.versions.set(POINT_SLOT, wasPoint);
    else {
      if (wasPoint !== undefined) wasPoint.kt = kf;
      const v: ListModelVersion = { slot: POINT_SLOT, date: key.date, ord: key.ord, kf, kt: null, record: undefined, seq: 0, played: false, point, segment: index, merged: false };
      this.made.push(v);
      item.versions.set(POINT_SLOT, v);
    }
    // the slots the item changed before and no longer does
    if (old) for (const v of old.versions.values()) v.kt = kf;
    this.items.push(item);
  }

  /**
   * Whether the item `key`, the last one made in this catch-up of a model written anew, can take the slots an
   * extended opening list adds (`amend`) instead of a re-fold from before it.
   */
  canAmend(key: ItemKey): boolean {
    const last = this.items.at(-1);
    return this.fresh && this.current === undefined && last !== undefined && compareKeys(last, key) === 0;
  }

  /**
   * The slots `state` says it touched since the item `key` was recorded, added to it for facts `steps` (as
   * `beginRefold`): the versions a re-fold of that item alone makes, since every other slot of it comes out as before.
   */
  amend(key: ItemKey, state: ListState, steps: readonly (readonly [ItemKey, number])[], fallback: number): void {
    const segment = segmentOf(key, steps, fallback);
    this.segments.push(segment);
    const kf = kfIn(segment, key);
    const item = this.items.at(-1)!;
    for (const slot of state.takeTouched()) {
      const { record, seq } = state.entryAt(slot);
      const was = item.versions.get(slot);
      if (was !== undefined) was.kt = kf;
      const v: ListModelVersion = { slot, date: key.date, ord: key.ord, kf, kt: null, record, seq, played: false, point: undefined, segment: this.segments.length - 1, merged: false };
      this.made.push(v);
      item.versions.set(slot, v);
    }
  }

  /** The re-fold is over: what it did not make again is no longer known. */
  endRefold(): void {
    const current = this.current;
    if (!current) return;
    for (const item of current.candidates.values()) {
      const kt = kfIn(current.segment, item);
      for (const v of item.versions.values()) v.kt = kt;
    }
    this.current = undefined;
  }

  /** Name key `key` is owned by `playerId` (undefined: nobody) from global position `position` on. */
  ownerChanged(key: string, playerId: string | undefined, position: number): void {
    this.ownerChanges.push([key, playerId ?? null, position]);
  }

  /** What to save; `slotKeys` are the name keys of the projection's slots, by slot. */
  changes(slotKeys: readonly string[]): ListModelChanges {
    this.endRefold();
    const ownerCloses: [string, number][] = [];
    const owners: { key: string; playerId: string; kf: number; kt: number | null }[] = [];
    const open = new Map<string, { kt: number | null }>();
    const seen = new Set<string>();
    for (const [key, playerId, position] of this.ownerChanges) {
      const was = open.get(key);
      if (was) was.kt = position;
      else if (!seen.has(key) && !this.fresh) ownerCloses.push([key, position]);
      seen.add(key);
      open.delete(key);
      if (playerId !== null) {
        const made = { key, playerId, kf: position, kt: null as number | null };
        owners.push(made);
        open.set(key, made);
      }
    }
    const from = this.fresh ? 0 : this.savedSlots;
    const slots: [number, string][] = [];
    for (let slot = from; slot < slotKeys.length; slot++) slots.push([slot, slotKeys[slot]!]);
    return { fresh: this.fresh, base: this.fresh ? undefined : this.savedPosition, reopenAfter: this.fresh ? undefined : this.reopenAfter, settle: (saved, fp) => this.settle(saved, fp), versions: this.made, ownerCloses, owners, slots };
  }

  private settle(saved: readonly SavedVersion[], fp: (v: ListModelVersion) => number): SavedClose[] {
    const closes: SavedClose[] = [];
    if (saved.length === 0) return closes;
    // the first re-fold reaching a key is the first whose boundary is below every earlier one and below the key
    const lows: number[] = [];
    this.segments.forEach((s, i) => {
      if (lows.length === 0 || compareKeys(s.boundary, this.segments[lows.at(-1)!]!.boundary) < 0) lows.push(i);
    });
    const first = new Map<string, ListModelVersion>();
    for (const v of this.made) {
      const k = `${v.slot}|${v.date}|${v.ord}`;
      if (!first.has(k)) first.set(k, v);
    }
    for (const r of saved) {
      const low = lows.find((i) => compareKeys(this.segments[i]!.boundary, r) < 0);
      if (low === undefined) continue;
      const v = first.get(`${r.slot}|${r.date}|${r.ord}`);
      if (v !== undefined && v.segment === low && fp(v) === r.fp) {
        // made again as saved: the saved version stays, known as long as the one made
        v.merged = true;
        if (v.kt !== null) closes.push({ ...r, kt: v.kt });
      } else closes.push({ ...r, kt: kfIn(this.segments[low]!, r) });
    }
    return closes;
  }

  /** `changes(…)` were saved, by a projection at `position` whose timeline ends at `end` and which has `slots` slots. */
  savedThrough(end: ItemKey | undefined, slots: number, position: number): void {
    this.restored(end, slots, position);
  }
}

/**
 * The player id owning each name key, as `RegisteredNames.idOfKey` gives it (the id whose list name it is, see
 * list-names.ts), as the facts change it fact by fact (`FesaFacts.lastNameChanges`: rebuilding RegisteredNames for
 * each registration of a rebuild would cost the square of the players).
 */
export class SlotOwners {
  /** The owners changed by a registration, correction, merge or unmerge of `id` just added to `facts`. */
  update(_id: string, facts: FesaFacts): readonly [key: string, playerId: string | undefined][] {
    return facts.lastNameChanges;
  }
}

/**
 * A saved list model's row as a comparison of two rule sets reads it (`diffListModels`, diff.ts): every row of a
 * slot up to a list, in the order of the items they hold from.
 */
export interface ListModelHistoryRow {
  readonly slot: number;
  /** The item the row holds from, numbered as the projection's timeline at the model's position (1 = the first). */
  readonly after: number;
  /** undefined = the slot left the list. */
  readonly entry:
    | {
        readonly seq: number;
        readonly rating: number;
        readonly grade: string;
        /** The registered player owning the slot's name, else the name as the fold's diff calls him. */
        readonly playerId: string;
      }
    | undefined;
}

/** A saved list model up to the last item dated on or before a date: its rows by slot, then by item. */
export interface ListModelHistory {
  /** The global position the model reflects. */
  readonly position: number;
  /** Items the list of the date comes after (its rows are those with `after` up to this). */
  readonly through: number;
  /** That list's order is seq alone (see `PointContent.explicit`). */
  readonly explicit: boolean;
  readonly rows: readonly ListModelHistoryRow[];
  /**
   * Read against another rule set's model of the same timeline (`diff --rules`): only the rows the other model does not
   * hold alike (the same name, item, player and rating), the only ones a comparison of the two can report; `rows`
   * then holds each slot's last row alone (the list). Absent: `rows` holds every row and is compared whole.
   */
  readonly ratings?: readonly ListModelHistoryRow[];
  /** The tournaments among those items, by item (what `diffListModels` names the re-rated ratings by). */
  readonly rated: ReadonlyMap<number, RatedItem>;
}
