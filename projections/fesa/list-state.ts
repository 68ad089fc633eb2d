import type { FesaPlayer } from '../../domain/rules/fesa/types';
import { nameKey } from './history';
import type { SlotWatch } from './slot-watch';

/**
 * The FESA list as the incremental projection keeps it: records stored by *slot* plus a sort key per slot.
 *
 * Slots: every name that is ever on a list gets a number, shared by all list states of one projection (the k-th
 * record of a name, for lists that hold a name twice, gets its own). A list state is then two arrays indexed by
 * slot, so restoring one from a checkpoint is two tight loops over the checkpoint's order — no name hashing, no
 * objects per player — which is what makes a list as of any date, or a re-fold after a correction, cheap.
 *
 * Why the sort key is enough: the program sorts the whole list stably by rating after each tournament, new players
 * first. So after a tournament the order is "rating descending, then the order before", and that order is a number
 * per player (`seq`) that never has to change: newcomers take numbers below everybody's. Only opening lists and
 * officer adjustments leave an order that is not sorted by rating; then the list is kept explicitly (`explicit`,
 * with seq = index) until the next tournament sorts it again.
 */
export class ListSlots {
  private readonly byName = new Map<string, number[]>();
  /** The name key of each slot, by slot. */
  readonly keys: string[] = [];
  count = 0;
  /** Notes the slots any list state of the projection writes, while watched (see slot-watch.ts). */
  watch: SlotWatch | undefined;

  /**
   * Gives the slots again as `keys` (a saved `this.keys`) numbered them: a projection restored from disk then
   * numbers every name as the one that saved it did, so rows saved by slot still name the same records.
   */
  restoreKeys(keys: readonly string[]): void {
    if (this.count > 0) throw new Error('slots are restored before any is given');
    for (const key of keys) this.live(key).push(this.allocate(key));
  }

  private allocate(key: string): number {
    this.keys.push(key);
    return this.count++;
  }

  /** The slot of the k-th record named `key` (allocated on first use). */
  slot(key: string, k: number): number {
    const slots = this.live(key);
    while (slots.length <= k) slots.push(this.allocate(key));
    return slots[k]!;
  }

  /** Slots ever given to `key`, in allocation order. */
  named(key: string): readonly number[] {
    return this.byName.get(key) ?? NONE;
  }

  /**
   * The same, as the live list of that name (later slots of the name are appended to it): a caller that keeps it
   * looks the name up once instead of at every tournament.
   */
  slotsOf(key: string): readonly number[] {
    return this.live(key);
  }

  private live(key: string): number[] {
    let slots = this.byName.get(key);
    if (!slots) {
      slots = [];
      this.byName.set(key, slots);
    }
    return slots;
  }
}

const NONE: readonly number[] = [];

const recordKeys = new WeakMap<FesaPlayer, string>();
/** `nameKey` of a record (immutable), made once: an officer's fact puts the whole list through `reset`. */
export const recordKey = (p: FesaPlayer): string => {
  let key = recordKeys.get(p);
  if (key === undefined) recordKeys.set(p, (key = nameKey(p)));
  return key;
};

/** A player on the list: his slot and record (a fresh view; change the list through `ListState`). */
export interface ListEntry {
  readonly slot: number;
  readonly record: FesaPlayer;
}

export class ListState {
  /** Record by slot; undefined = that slot is not on this list. */
  private rec: (FesaPlayer | undefined)[] = [];
  /** Sort key by slot (see the module comment). */
  private seq: Float64Array = new Float64Array(0);
  /** Rating by slot (= rec[slot].eloNumber): the merge compares flat arrays instead of loading 100,000 records. */
  private elo: Float64Array = new Float64Array(0);
  /** Slots on the list: `base` (shared with a checkpoint, never written) then `added`. */
  private base: ArrayLike<number> = NONE;
  private added: number[] = [];
  /** The list order when it is not (rating desc, seq asc); then seq = index. */
  private explicitOrder: number[] | Int32Array | null = [];
  private minSeq = 0;
  private maxSeq = -1;
  lastTournamentDate: string | null = null;
  private cache: FesaPlayer[] | null = null;
  private cacheSlots: ArrayLike<number> | null = null;
  /**
   * The slots in sort-key order as last materialised, and the slots whose key or record changed since. A
   * tournament touches a few players of a list of thousands, so the order is brought up to date by merging those
   * few back in (linear) instead of sorting the whole list again.
   */
  private sortedSlots: ArrayLike<number> | null = null;
  private dirty: number[] = [];
  /** 1 for the slots in `dirty` (the merge tests every slot of the list against it). */
  private dirtyMark: Uint8Array = new Uint8Array(0);
  /**
   * Slots whose record or sort key changed (or that left the list) since `takeTouched`, when tracked: what the
   * list's read model writes a row for (list-model.ts).
   */
  private touched: Set<number> | null = null;
  /** The slots of the players of the last tournament (`afterTournament`'s updates), when tracked. */
  private played: ReadonlySet<number> = new Set();

  constructor(private readonly slots: ListSlots) {}

  /**
   * A list restored from a checkpoint's order (and its slots when the checkpoint was taken by this projection or
   * saved with them, and the sort keys when saved: a restored list then orders newcomers and movers exactly as the
   * list it was saved from, which the read model's saved sort keys rely on).
   */
  static from(slots: ListSlots, order: readonly FesaPlayer[], sorted: boolean, lastTournamentDate: string | null, orderSlots?: ArrayLike<number>, orderSeqs?: ArrayLike<number>): ListState {
    const s = new ListState(slots);
    s.load(order, orderSlots ? Int32Array.from(orderSlots) : s.slotsOf(order), orderSeqs, true);
    if (sorted) {
      // A list saved in sorted state is in sort-key order already (seq = index).
      s.explicitOrder = null;
      s.sortedSlots = s.base;
    }
    s.lastTournamentDate = lastTournamentDate;
    return s;
  }

  get explicit(): boolean {
    return this.explicitOrder !== null;
  }

  get size(): number {
    return this.base.length + this.added.length;
  }

  /** Makes `order` the list, in that order (explicit until the next tournament). */
  reset(order: readonly FesaPlayer[]): void {
    this.load(order, this.slotsOf(order));
  }

  /** The slot of each record of `order`: the k-th record of a name takes the name's k-th slot. */
  private slotsOf(order: readonly FesaPlayer[]): Int32Array {
    const out = new Int32Array(order.length);
    const seen = new Map<string, number>();
    for (let i = 0; i < order.length; i++) {
      const key = recordKey(order[i]!);
      const k = seen.get(key);
      if (k === undefined) {
        seen.set(key, 1);
        out[i] = this.slots.slot(key, 0);
      } else {
        seen.set(key, k + 1);
        out[i] = this.slots.slot(key, k);
      }
    }
    return out;
  }

  /** `restored`: a new state made from a checkpoint (the projection tells its watch which list it restores). */
  private load(order: readonly FesaPlayer[], orderSlots: Int32Array, orderSeqs?: ArrayLike<number>, restored = false): void {
    for (const set of [this.touched, restored ? undefined : this.slots.watch?.written]) {
      if (!set) continue;
      for (let i = 0; i < this.base.length; i++) set.add(this.base[i]!);
      for (const slot of this.added) set.add(slot);
      for (const slot of orderSlots) set.add(slot);
    }
    const n = this.slots.count;
    this.rec = new Array<FesaPlayer | undefined>(n).fill(undefined);
    this.seq = new Float64Array(Math.max(n, 16));
    this.elo = new Float64Array(this.seq.length);
    this.dirtyMark = new Uint8Array(this.seq.length);
    // every slot noted above where tracked: not through `put`, which would note a restored list's as written
    for (let i = 0; i < order.length; i++) {
      const slot = orderSlots[i]!;
      this.rec[slot] = order[i]!;
      this.elo[slot] = order[i]!.eloNumber;
      this.seq[slot] = orderSeqs ? orderSeqs[i]! : i;
    }
    this.base = orderSlots;
    this.added = [];
    this.explicitOrder = orderSlots;
    this.minSeq = 0;
    this.maxSeq = order.length - 1;
    for (let i = 0; orderSeqs && i < order.length; i++) {
      this.minSeq = Math.min(this.minSeq, orderSeqs[i]!);
      this.maxSeq = Math.max(this.maxSeq, orderSeqs[i]!);
    }
    this.cache = null;
    this.cacheSlots = null;
    this.sortedSlots = null;
    this.dirty = [];
  }

  /** The last record of a list kept in explicit order (undefined when sorted by rating, or empty). */
  explicitTail(): FesaPlayer | undefined {
    const order = this.explicitOrder;
    return order !== null && this.added.length === 0 && order.length > 0 ? this.rec[order[order.length - 1]!] : undefined;
  }

  /**
   * Puts `records` at the end of a list kept in explicit order: what `reset` of the same order plus them gives,
   * touching only their slots (an opening list that grows balance by balance; see `extendOpening`). False, and the
   * list unchanged, when the list is sorted by rating.
   */
  appendExplicit(records: readonly FesaPlayer[]): boolean {
    const before = this.explicitOrder;
    // seq = index holds for a list `reset` made (not for one restored with saved sort keys)
    if (before === null || this.added.length > 0 || before !== this.base || this.minSeq !== 0 || this.maxSeq !== before.length - 1) return false;
    const order = new Int32Array(before.length + records.length);
    order.set(before);
    for (let i = 0; i < records.length; i++) {
      const key = recordKey(records[i]!);
      // the k-th record of a name takes the name's k-th slot, as `slotsOf` numbers a whole list
      const slot = this.slots.slot(key, this.named(key).length);
      this.grow();
      const at = before.length + i;
      order[at] = slot;
      this.put(slot, records[i]!);
      this.seq[slot] = at;
    }
    this.base = order;
    this.explicitOrder = order;
    this.maxSeq = order.length - 1;
    this.cache = null;
    this.cacheSlots = null;
    return true;
  }

  private markDirty(slot: number): void {
    if (this.dirtyMark[slot] === 1) return;
    this.dirtyMark[slot] = 1;
    this.dirty.push(slot);
  }

  private readonly bySortKey = (a: number, b: number): number => this.elo[b]! - this.elo[a]! || this.seq[a]! - this.seq[b]!;

  private put(slot: number, record: FesaPlayer): void {
    this.touched?.add(slot);
    this.slots.watch?.written.add(slot);
    this.rec[slot] = record;
    this.elo[slot] = record.eloNumber;
  }

  private present(slot: number): boolean {
    return this.rec[slot] !== undefined;
  }

  has(key: string): boolean {
    return this.slots.named(key).some((s) => this.present(s));
  }

  /** The first record of that name in list order (what the program's name lookup finds). */
  first(key: string): ListEntry | undefined {
    return this.firstOf(this.slots.named(key));
  }

  /** `first` for the slots of a name (`ListSlots.slotsOf`). */
  firstOf(named: readonly number[]): ListEntry | undefined {
    let best = -1;
    for (const s of named) {
      if (!this.present(s)) continue;
      if (best < 0 || (this.explicitOrder ? this.seq[s]! < this.seq[best]! : this.bySortKey(s, best) < 0)) best = s;
    }
    return best < 0 ? undefined : { slot: best, record: this.rec[best]! };
  }

  /** Every entry whose name is `key` (a player id maps to a name). */
  named(key: string): ListEntry[] {
    return this.slots.named(key).filter((s) => this.present(s)).map((slot) => ({ slot, record: this.rec[slot]! }));
  }

  /** Slots for newcomers of these names: per name the first slots not on the list. */
  newcomerSlots(keys: readonly string[]): number[] {
    const taken = new Set<number>();
    return keys.map((key) => {
      for (let k = 0; ; k++) {
        const s = this.slots.slot(key, k);
        if (!this.present(s) && !taken.has(s)) {
          taken.add(s);
          return s;
        }
      }
    });
  }

  update(slot: number, record: FesaPlayer): void {
    this.grow();
    this.put(slot, record);
    this.markDirty(slot);
    this.cache = null;
  }

  /**
   * The list after a tournament: the program puts the new players in front and sorts the whole list stably by
   * rating, so among equal ratings the order before the tournament decides. Players whose rating did not change
   * keep their key; a player who came down to rating R was ahead of everybody already at R, so he goes to the
   * front of that rating (a fresh key below all keys), one who came up goes behind them (a key above all keys).
   * New players were in front of everybody. Each block keeps the order of before among itself.
   */
  afterTournament(newcomers: readonly ListEntry[], updates: ReadonlyMap<number, FesaPlayer>): void {
    this.grow();
    if (this.touched) this.played = new Set(updates.keys());
    const fresh = new Set(newcomers.map((e) => e.slot));
    if (this.explicitOrder) {
      // seq = index in the list: the stable sort by rating is exactly the sort by (rating, seq).
      newcomers.forEach((e, i) => (this.seq[e.slot] = this.minSeq - newcomers.length + i));
      this.minSeq -= newcomers.length;
      for (const [slot, record] of updates) if (!fresh.has(slot)) this.put(slot, record);
      this.sortedSlots = null;
    } else {
      const front: number[] = [];
      const back: number[] = [];
      for (const [slot, record] of updates) {
        if (fresh.has(slot)) continue;
        const before = this.elo[slot]!;
        if (record.eloNumber < before) front.push(slot);
        else if (record.eloNumber > before) back.push(slot);
      }
      front.sort(this.bySortKey);
      back.sort(this.bySortKey);
      const ahead = [...newcomers.map((e) => e.slot), ...front];
      ahead.forEach((s, i) => (this.seq[s] = this.minSeq - ahead.length + i));
      this.minSeq -= ahead.length;
      back.forEach((s, i) => (this.seq[s] = this.maxSeq + 1 + i));
      this.maxSeq += back.length;
      for (const [slot, record] of updates) {
        if (fresh.has(slot)) continue;
        this.put(slot, record);
        this.markDirty(slot);
      }
    }
    for (const e of newcomers) {
      this.put(e.slot, updates.get(e.slot) ?? e.record);
      this.added.push(e.slot);
      this.markDirty(e.slot);
    }
    this.explicitOrder = null;
    this.cache = null;
  }

  /** Room for slots allocated since this state was loaded (by any state of the projection). */
  private grow(): void {
    const n = this.slots.count;
    while (this.rec.length < n) this.rec.push(undefined);
    if (this.seq.length < n) {
      const seq = new Float64Array(Math.max(n, this.seq.length * 2));
      seq.set(this.seq);
      this.seq = seq;
      const elo = new Float64Array(seq.length);
      elo.set(this.elo);
      this.elo = elo;
      const mark = new Uint8Array(seq.length);
      mark.set(this.dirtyMark);
      this.dirtyMark = mark;
    }
  }

  order(): FesaPlayer[] {
    if (this.cache) return this.cache;
    let slots: ArrayLike<number>;
    if (this.explicitOrder) slots = this.explicitOrder;
    else if (this.sortedSlots) {
      // merging the few changed slots back in is linear; a full sort is only for a list never sorted before
      const moved = this.dirty.slice().sort(this.bySortKey);
      const kept = this.sortedSlots;
      const out = new Int32Array(this.size);
      let i = 0;
      let j = 0;
      let k = 0;
      const { dirtyMark: mark, elo, seq } = this;
      while (k < out.length) {
        while (i < kept.length && mark[kept[i]!] === 1) i++;
        if (j >= moved.length) {
          out[k++] = kept[i++]!;
          continue;
        }
        const a = kept[i]!;
        const b = moved[j]!;
        // kept[i] first when it sorts before or with moved[j] (bySortKey(a, b) <= 0, written out for the hot loop)
        out[k++] = i < kept.length && (elo[a]! > elo[b]! || (elo[a] === elo[b] && seq[a]! <= seq[b]!)) ? kept[i++]! : moved[j++]!;
      }
      slots = out;
    } else {
      const all = Int32Array.from({ length: this.size }, (_, i) => (i < this.base.length ? this.base[i]! : this.added[i - this.base.length]!));
      slots = all.sort(this.bySortKey);
    }
    if (!this.explicitOrder) {
      this.sortedSlots = slots;
      for (const d of this.dirty) this.dirtyMark[d] = 0;
      this.dirty = [];
    }
    const records = new Array<FesaPlayer>(slots.length);
    for (let i = 0; i < slots.length; i++) records[i] = this.rec[slots[i]!]!;
    this.cache = records;
    this.cacheSlots = slots;
    return records;
  }

  /** Notes the slots that change from now on (see `touched`). */
  trackChanges(): void {
    this.touched ??= new Set();
  }

  /** Stops noting them. */
  untrack(): void {
    this.touched = null;
  }

  /** The slots changed since tracking began or since the last call, and forgets them. */
  takeTouched(): number[] {
    if (!this.touched) return [];
    const out = [...this.touched];
    this.touched.clear();
    return out;
  }

  /** Whether the slot's player played the last tournament applied (its record is one of the tournament's results), when tracked. */
  playedLast(slot: number): boolean {
    return this.played.has(slot);
  }

  /** A slot's record (undefined when not on this list) and sort key. */
  entryAt(slot: number): { readonly record: FesaPlayer | undefined; readonly seq: number } {
    return { record: this.rec[slot], seq: this.seq[slot] ?? 0 };
  }

  /** The sort keys of `order()`, position by position (saved with a checkpoint, see `from`). */
  orderSeqs(): Float64Array {
    const slots = this.orderSlots();
    const out = new Float64Array(slots.length);
    for (let i = 0; i < slots.length; i++) out[i] = this.seq[slots[i]!]!;
    return out;
  }

  /** The slots of `order()`, position by position (kept with a checkpoint so that restoring it needs no names). */
  orderSlots(): Int32Array {
    this.order();
    const s = this.cacheSlots!;
    return s instanceof Int32Array ? s : Int32Array.from(s);
  }
}
