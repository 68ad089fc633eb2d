import type { GameFacts } from '../events';
import { GAME_RESULTS } from '../events/game-reported';

/** A reported game as the deciders see it: its current facts (after corrections) and whether it was withdrawn. */
export interface GameState {
  readonly gameId: string;
  readonly facts: GameFacts;
  /** The facts as first reported (idempotency of the report is judged against them). */
  readonly reported: GameFacts;
  readonly validDate: string;
  readonly corrections: number;
  readonly withdrawn: boolean;
}

/** What the deciders and use cases read of a tournament's games: a read-only map by game id, in report order. */
export interface Games extends Iterable<[string, GameState]> {
  readonly size: number;
  get(gameId: string): GameState | undefined;
  has(gameId: string): boolean;
  keys(): IterableIterator<string>;
  values(): IterableIterator<GameState>;
  entries(): IterableIterator<[string, GameState]>;
}

/**
 * Strings the log repeats (player ids, dates) kept once and numbered; one per ledger state, shared by its forks
 * (a string numbered in a fork is only an unused entry for the original).
 */
export class Interned {
  private readonly numbers = new Map<string, number>();
  private readonly strings: string[] = [];

  numberOf(s: string): number {
    let n = this.numbers.get(s);
    if (n === undefined) {
      n = this.strings.length;
      this.strings.push(s);
      this.numbers.set(s, n);
    }
    return n;
  }

  stringOf(n: number): string {
    return this.strings[n]!;
  }

  /** Every string numbered so far, at its number (the fact encoding keeps them as its table). */
  all(): readonly string[] {
    return this.strings;
  }
}

const RESULT_NUMBER = new Map<string, number>(GAME_RESULTS.map((r, i) => [r, i]));
const RESULTS = 8;
/** Every order of the four facts a packed game has (the log's canonical JSON sorts them; a decided command does not). */
const ORDERS: readonly (readonly string[])[] = (() => {
  const orders = (keys: readonly string[]): string[][] => (keys.length <= 1 ? [[...keys]] : keys.flatMap((k, i) => orders(keys.filter((_, j) => j !== i)).map((rest) => [k, ...rest])));
  return orders(['round', 'first', 'second', 'result']);
})();
const ORDER_NUMBER = new Map(ORDERS.map((keys, i) => [keys.join(), i]));
/** A packed game's round, key order and result in one small integer: (round * ORDERS + order) * RESULTS + result. */
const MAX_ROUND = 2 ** 18;
/** Where a game is held as its object instead of in the columns. */
const HELD = -1;

/**
 * The columns of one tournament's games, append-only while not shared; a table that would change shared columns
 * copies them first (a fork and its original share them until one of them changes).
 */
interface Columns {
  readonly ids: string[];
  /** round * RESULTS + result for a packed game, HELD for one whose state is in `held`. */
  readonly codes: number[];
  readonly firsts: number[];
  /** The second player's number, or -1 for none (a bye). */
  readonly seconds: number[];
  readonly dates: number[];
  /** Game id -> slot, built at the first look-up by id (most tournaments are only ever iterated). */
  index?: Map<string, number>;
  shared: boolean;
}

const noColumns = (): Columns => ({ ids: [], codes: [], firsts: [], seconds: [], dates: [], shared: false });

/** The code of facts a report packs (exactly round, first, second and result, in any order), else undefined. */
const codeOf = (facts: GameFacts): number | undefined => {
  if (!Number.isInteger(facts.round) || facts.round < 0 || facts.round >= MAX_ROUND) return undefined;
  if (typeof facts.first !== 'string' || (facts.second !== null && typeof facts.second !== 'string')) return undefined;
  const result = RESULT_NUMBER.get(facts.result);
  const order = ORDER_NUMBER.get(Object.keys(facts).join());
  return result === undefined || order === undefined ? undefined : (facts.round * ORDERS.length + order) * RESULTS + result;
};

/**
 * A tournament's reported games, compact: a game as first reported with only the four facts every game has (round,
 * players, result) is four small numbers (players and dates numbered in the ledger's `Interned`) beside its id, and
 * is made into a GameState object only when read; a game with any other fact, corrected or withdrawn is held as
 * its object. A million games take a fraction of the memory their objects took, and every read sees the same
 * GameState values, in report order, as a Map of them gave.
 */
export class GameTable implements Games {
  private constructor(
    private readonly strings: Interned,
    private columns: Columns,
    /** Slot -> the game's state, for the games not packed (see the class comment). */
    private held: Map<number, GameState>,
  ) {}

  static empty(strings: Interned): GameTable {
    return new GameTable(strings, noColumns(), new Map());
  }

  /** A copy to evolve without touching this one: the columns are shared until either side changes. */
  fork(): GameTable {
    this.columns.shared = true;
    return new GameTable(this.strings, this.columns, new Map(this.held));
  }

  get size(): number {
    return this.columns.ids.length;
  }

  /** How many of the games are not withdrawn, without making a GameState of each (a packed game never is). */
  get notWithdrawn(): number {
    let withdrawn = 0;
    for (const game of this.held.values()) if (game.withdrawn) withdrawn++;
    return this.size - withdrawn;
  }

  private slotOf(gameId: string): number | undefined {
    const c = this.columns;
    if (!c.index) {
      c.index = new Map();
      for (let i = 0; i < c.ids.length; i++) c.index.set(c.ids[i]!, i);
    }
    return c.index.get(gameId);
  }

  has(gameId: string): boolean {
    return this.slotOf(gameId) !== undefined;
  }

  get(gameId: string): GameState | undefined {
    const slot = this.slotOf(gameId);
    return slot === undefined ? undefined : this.at(slot);
  }

  private at(slot: number): GameState {
    const c = this.columns;
    const code = c.codes[slot]!;
    if (code === HELD) return this.held.get(slot)!;
    const second = c.seconds[slot]!;
    const values: Record<string, unknown> = {
      round: Math.floor(code / RESULTS / ORDERS.length),
      first: this.strings.stringOf(c.firsts[slot]!),
      second: second < 0 ? null : this.strings.stringOf(second),
      result: GAME_RESULTS[code % RESULTS],
    };
    // the keys in the order the report had them; the values were the decoded event's own (branded by its codec)
    const facts = {} as Record<string, unknown>;
    for (const key of ORDERS[Math.floor(code / RESULTS) % ORDERS.length]!) facts[key] = values[key];
    return this.game(c.ids[slot]!, facts as GameFacts, this.strings.stringOf(c.dates[slot]!));
  }

  private game(gameId: string, facts: GameFacts, validDate: string): GameState {
    return { gameId, facts, reported: facts, validDate, corrections: 0, withdrawn: false };
  }

  /** The columns this table may change: its own, copied first when a fork shares them. */
  private writable(): Columns {
    const c = this.columns;
    if (c.shared) this.columns = { ids: c.ids.slice(), codes: c.codes.slice(), firsts: c.firsts.slice(), seconds: c.seconds.slice(), dates: c.dates.slice(), shared: false };
    return this.columns;
  }

  /** Adds a game (a game id seen again replaces that game's state, in its place). */
  set(gameId: string, game: GameState): void {
    const slot = this.slotOf(gameId);
    const c = this.writable();
    const code = game.reported === game.facts && game.corrections === 0 && !game.withdrawn ? codeOf(game.facts) : undefined;
    if (slot !== undefined) {
      c.codes[slot] = HELD;
      this.held.set(slot, game);
      return;
    }
    const at = c.ids.length;
    c.ids.push(gameId);
    c.index?.set(gameId, at);
    if (code !== undefined) {
      const f = game.facts;
      c.codes.push(code);
      c.firsts.push(this.strings.numberOf(f.first));
      c.seconds.push(f.second === null ? -1 : this.strings.numberOf(f.second));
      c.dates.push(this.strings.numberOf(game.validDate));
    } else {
      c.codes.push(HELD);
      c.firsts.push(0);
      c.seconds.push(0);
      c.dates.push(0);
      this.held.set(at, game);
    }
  }

  *keys(): IterableIterator<string> {
    yield* this.columns.ids;
  }

  *values(): IterableIterator<GameState> {
    const n = this.columns.ids.length;
    for (let slot = 0; slot < n; slot++) yield this.at(slot);
  }

  *entries(): IterableIterator<[string, GameState]> {
    const n = this.columns.ids.length;
    for (let slot = 0; slot < n; slot++) yield [this.columns.ids[slot]!, this.at(slot)];
  }

  [Symbol.iterator](): IterableIterator<[string, GameState]> {
    return this.entries();
  }
}
