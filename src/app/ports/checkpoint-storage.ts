import type { RatedItem } from '../../../projections/fesa/diff';
import type { ListModelHistory } from '../../../projections/fesa/list-model';
import type { ListRow } from '../lists';

/** Where saved projections live (the adapters: the ledger's SQLite file or PostgreSQL schema, src/adapters/store/checkpoint-storage.ts). */
export interface CheckpointStorage {
  /**
   * The header of projection `name`, having handed its chunks to `chunk` in order (by part, then sequence);
   * undefined when none is saved.
   */
  load(name: string, chunk: (part: string, data: string) => void): Promise<string | undefined>;
  /**
   * Replaces the saved projection `name` (and drops the projections named in `drop`) in one transaction, with the
   * list read model's changes when given (the same transaction: the model and the checkpoint never disagree).
   */
  save(name: string, position: number, header: string, chunks: Iterable<readonly [part: string, seq: number, data: string]>, drop: readonly string[], listModel?: ListModelWrite, careerModel?: CareerModelWrite): Promise<void>;
  drop(names: readonly string[]): Promise<void>;
  /** The global position the saved list read model of `ruleSet` reflects (failed or not), when one of format `format` is saved. */
  listModelPosition(ruleSet: string, format: number): Promise<number | undefined>;
  /** A list from the saved read model (see `ListModelQuery`); undefined when none of that format is saved. */
  readList(query: ListModelQuery): Promise<{ readonly position: number; readonly rows: readonly StoredListRow[] } | undefined>;
  /**
   * Every row of the saved read model of `ruleSet` up to its list as of `asOf`, by slot and item (what a comparison
   * of two rule sets reads); undefined when none of format `format` is saved or its fold failed.
   */
  readListHistory(query: { readonly ruleSet: string; readonly format: number; readonly asOf: string }): Promise<ListModelHistory | undefined>;
  /** The global position the saved careers' read model of `ruleSet` reflects (failed or not), when one of format `format` is saved. */
  careerModelPosition(ruleSet: string, format: number): Promise<number | undefined>;
  /** One player's rows of the saved careers' read model (see `CareerModelQuery`); undefined when none of that format is saved or its fold failed. */
  readCareer(query: CareerModelQuery): Promise<StoredCareer | undefined>;
  /**
   * Every tournament the saved careers' read model of `ruleSet` holds a run of, by its timeline item (the `after` of
   * the list model's rows, saved with it), with its date; undefined when none of format `format` is saved or its fold
   * failed.
   */
  readRatedItems(query: { readonly ruleSet: string; readonly format: number }): Promise<{ readonly position: number; readonly items: ReadonlyMap<number, RatedItem> } | undefined>;
  close(): Promise<void>;
}

/** A list read model's row as saved (projections/fesa/list-model.ts), with the columns every list format prints. */
export interface ListModelRowWrite {
  readonly slot: number;
  readonly after: number;
  readonly date: string;
  /** null = the slot left the list. */
  readonly row: {
    readonly seq: number;
    readonly rating: number;
    readonly lastPlayed: string | null;
    /** The later of `date` and `lastPlayed`: a slot whose row is active after a date has a row with this after it. */
    readonly activeTo: string;
    readonly name: string;
    /** What the list calls a player no registration names (`lastName, firstName`). */
    readonly nameId: string;
    readonly country: string;
    readonly grade: string;
    readonly games: number;
    readonly provisional: boolean;
    /** The whole record as JSON (the program's file formats print every field). */
    readonly record: string;
  } | null;
}

export interface ListModelWrite {
  readonly ruleSet: string;
  readonly format: number;
  readonly position: number;
  /** The fold failed: the model is saved as unusable (the list is an error, which the fold reports). */
  readonly failed: boolean;
  /** Rows and points with `after` above this are dropped first (0 = the whole model is written again). */
  readonly deleteAfter: number;
  readonly rows: Iterable<ListModelRowWrite>;
  readonly points: readonly { readonly after: number; readonly date: string; readonly explicit: boolean }[];
  /** Slots whose owner changed since the last save: [slot, the player id owning its name, null = nobody]. */
  readonly slotPlayerIds: readonly (readonly [number, string | null])[];
}

/**
 * The list after every timeline item dated up to `asOf`: for each slot its latest row there, ordered as the list.
 * `activeSince` keeps the rated players who played after that date (the published list, '' = everybody rated);
 * undefined keeps every player on the list (the program's files), with their records.
 */
export interface ListModelQuery {
  readonly ruleSet: string;
  readonly format: number;
  readonly asOf: string;
  readonly activeSince?: string;
}

/** A row of the published list (`ListRow`, ranked in the query's order), with the record when the query keeps every player. */
export type StoredListRow = ListRow & { readonly record?: string };

/** The careers' read model's changes (projections/fesa/career-model.ts), runs and officer facts as JSON texts. */
export interface CareerModelWrite {
  readonly ruleSet: string;
  readonly format: number;
  readonly position: number;
  readonly failed: boolean;
  /** Runs and facts with `after` above this are dropped first (0 = the whole model is written again). */
  readonly deleteAfter: number;
  readonly runs: Iterable<{ readonly after: number; readonly tournamentId: string; readonly run: string; readonly keys: readonly string[] }>;
  readonly facts: Iterable<{ readonly after: number; readonly fact: string; readonly playerIds: readonly string[] }>;
  /** Registered ids to write (every one, replacing the saved ones, when `replace`) and ids to remove; undefined: unchanged. */
  readonly players: { readonly replace: boolean; readonly write: readonly StoredCareerPlayer[]; readonly remove: readonly string[] } | undefined;
}

/** A registered id as saved: its place in the fold's `names`, name, name key and the survivor of a merge that absorbed it (null: none). */
export interface StoredCareerPlayer {
  readonly id: string;
  readonly ord: number;
  readonly lastName: string;
  readonly firstName: string;
  readonly key: string;
  readonly survivor: string | null;
}

/** Player `playerId` (none: no player, only the tournament) and, when given, tournament `tournamentId`. */
export interface CareerModelQuery {
  readonly ruleSet: string;
  readonly format: number;
  readonly playerId?: string;
  readonly tournamentId?: string;
}

/**
 * What the saved model holds for a query: the player, his survivor and every id that survivor absorbed (by `ord`;
 * none when the player is not registered), the runs of the player's name key and of the tournament asked for, and the
 * survivor's officer facts (both in timeline order, as JSON texts).
 */
export interface StoredCareer {
  readonly position: number;
  readonly players: readonly StoredCareerPlayer[];
  readonly runs: readonly string[];
  readonly facts: readonly string[];
}
