import type { ListModelHistory } from '../../../projections/fesa/list-model';
import type { ListRow } from '../lists';

/** Where saved projections live (the adapters: the ledger's SQLite file or PostgreSQL schema, src/adapters/store/checkpoint-storage.ts). */
export interface CheckpointStorage {
  /**
   * The header of projection `name`, having handed its chunks to `chunk` in order (by part, then sequence);
   * undefined when none is saved.
   */
  load(name: string, chunk: (part: string, data: string) => void, skip?: readonly string[]): Promise<string | undefined>;
  /**
   * The chunks of part `part` of projection `name` from sequence `fromSeq` on, in order, where the projection saved
   * is still the one of global position `position` (undefined: another was saved since, or none): what `load` was
   * told to `skip`, read only where needed (a write's comparison parses the games of its last tournaments alone).
   */
  loadPart(name: string, part: string, fromSeq: number, position: number): Promise<string[] | undefined>;
  /**
   * The header of projection `name` and the chunks of the parts named in `parts` alone (every sequence, by part, then
   * sequence), read together: a few rows of a projection saved with a part per player (rule-set-fold-cut.ts), where
   * `load`'s `skip` would have to name every other part. Undefined when none is saved; a part not saved has no chunk.
   */
  loadParts(name: string, parts: readonly string[]): Promise<{ readonly header: string; readonly chunks: readonly (readonly [part: string, data: string])[] } | undefined>;
  /**
   * Replaces the saved projection `name` (and drops the projections named in `drop`) in one transaction, with the
   * list read model's changes when given (the same transaction: the model and the checkpoint never disagree).
   */
  save(name: string, position: number, header: string, chunks: Iterable<readonly [part: string, seq: number, data: string]>, drop: readonly string[], listModel?: ListModelWrite, careerModel?: CareerModelWrite): Promise<void>;
  /**
   * Moves the saved projection `name` from `from` to `position` with the header `header`, its chunks as saved (a model
   * a fold made again alike: its chunks are not written again); false when none is saved at `from` (another process
   * saved it meanwhile: its chunks are not this header's).
   */
  moveHeader(name: string, from: number, position: number, header: string): Promise<boolean>;
  drop(names: readonly string[]): Promise<void>;
  /** The global position the saved list read model of `ruleSet` reflects (failed or not), when one of format `format` is saved. */
  listModelPosition(ruleSet: string, format: number): Promise<number | undefined>;
  /**
   * How many row and point versions the saved list model of `ruleSet` holds, and how many its saves wrote (null: saved
   * before they were counted); undefined when none of that format is saved. Versions are only ever added, so a
   * difference means rows were deleted or added by hand. `kept`: the count a store keeps beside the model for its
   * reads (rm_list_held, list-held-count.ts), where it keeps one; it differs from `held` only when it was edited by hand.
   */
  listModelRowCount(ruleSet: string, format: number): Promise<{ readonly saved: number | null; readonly held: number; readonly kept?: number } | undefined>;
  /**
   * A list from the saved read model (see `ListModelQuery`); undefined when none of that format is saved; `failed`
   * when the fold known at that position stopped on or before the date, with its `error`.
   */
  readList(query: ListModelQuery): Promise<
    | { readonly position: number; readonly head: string | null; readonly failed: boolean; readonly error?: { readonly message: string; readonly code?: string }; readonly rows: readonly StoredListRow[]; readonly versions?: { readonly saved: number | null; readonly held: number } }
    | undefined
  >;
  /**
   * What a diff of a list known at two positions reads of the saved model (see `StoredListChanges`): only the slots and
   * tournaments with versions made or ended between the two; undefined when none of that format is saved.
   */
  readListChanges(query: ListChangesQuery): Promise<StoredListChanges | undefined>;
  /**
   * Every row of the saved read model of `ruleSet` up to its list as of `asOf`, by slot and item (what a comparison
   * of two rule sets reads); with `from`, only the rows dated from then on and each slot's last row up to `asOf` (the
   * runs' changes from then on and the list: the earlier items' rows are not read). With `players`, only the rows of
   * the slots whose name those registered ids own now (`rerate`/`diff --rules --player`: a few index ranges, not the
   * model), every one up to `asOf` (`from` is then the caller's to apply). Undefined when none of format `format` is
   * saved or its fold failed.
   */
  readListHistory(query: { readonly ruleSet: string; readonly format: number; readonly asOf: string; readonly from?: string | undefined; readonly players?: readonly string[] | undefined }): Promise<CheckedListHistory | undefined>;
  /**
   * Two rule sets' saved read models up to their lists as of `asOf`, read in one go for a comparison of the two
   * (`diff --rules`): each slot's last row as `rows` and only the rows the other model does not hold alike as
   * `ratings` (`ListModelHistory.ratings`), where leaving those out leaves the comparison the same (the same slots,
   * items and owners); else every row of each, as `readListHistory`. Undefined when either is not saved or its fold failed.
   */
  readListComparison(query: { readonly ruleSets: readonly [string, string]; readonly format: number; readonly asOf: string }): Promise<readonly [CheckedListHistory, CheckedListHistory] | undefined>;
  /**
   * The head of the saved list model of `ruleSet` as a write at the head reads it (src/app/head-projection.ts): where
   * its timeline ends and its last tournament, and for each name key of `keys` its owner and its slots' records on the
   * list now, in list order — a few index lookups, not the list. Undefined when none of format `format` is saved.
   */
  readListHeadOf(query: { readonly ruleSet: string; readonly format: number; readonly keys: readonly string[] }): Promise<StoredListHead | undefined>;
  /** The global position the saved careers' read model of `ruleSet` reflects (failed or not), when one of format `format` is saved. */
  careerModelPosition(ruleSet: string, format: number): Promise<number | undefined>;
  /**
   * The saved rows of registered ids (their names are those a fold gives them: an absorbed id goes by its
   * survivor's), from the saved careers' read model of `ruleSet`, with the position it reflects; undefined when none of
   * format `format` is saved. Ids it does not hold have no row. `careerNames` (src/app/career-model.ts) checks them.
   */
  readCareerPlayers(query: { readonly ruleSet: string; readonly format: number; readonly ids: readonly string[] }): Promise<{ readonly position: number; readonly players: readonly StoredCareerPlayer[] } | undefined>;
  /** One player's rows of the saved careers' read model (see `CareerModelQuery`); undefined when none of that format is saved or its fold failed. */
  readCareer(query: CareerModelQuery): Promise<StoredCareer | undefined>;
  close(): Promise<void>;
}

/** What `readListHeadOf` reads of the saved list model's head. */
export interface StoredListHead {
  readonly position: number;
  /** The chain hash of the log's event at `position` when saved. */
  readonly head: string | null;
  readonly failed: boolean;
  /** The last item of the timeline (undefined: none) and whether the list after it is kept in explicit order. */
  readonly last: { readonly date: string; readonly explicit: boolean } | undefined;
  /** The date of the last tournament rated (null: none). */
  readonly lastTournamentDate: string | null;
  /** Per name key asked: who owns it now (undefined: nobody), whether any slot bears it, its records on the list in list order. */
  readonly keys: ReadonlyMap<string, { readonly owner: string | undefined; readonly slotted: boolean; readonly rows: readonly { readonly record: string; readonly seq: number }[] }>;
}

/** A list read model's row version as saved (projections/fesa/list-model.ts), with the columns every list format prints. */
export interface ListModelRowWrite {
  readonly slot: number;
  readonly date: string;
  /** The item's key within its date (history.ts `ItemKey`). */
  readonly ord: number;
  /** Known from this global position up to `kt` (exclusive; null: still known). */
  readonly kf: number;
  readonly kt: number | null;
  /** Fingerprint of the content (a re-fold that gives it again keeps the saved version). */
  readonly fp: number;
  /** The slot's player played the item's tournament. */
  readonly played: boolean;
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

/** A list read model's point version as saved: how the list after the item is ordered, or the fold's error there. */
export interface ListModelPointWrite {
  readonly date: string;
  readonly ord: number;
  readonly kf: number;
  readonly kt: number | null;
  readonly fp: number;
  readonly explicit: boolean;
  readonly tournamentId: string | null;
  readonly error: string | null;
}

export interface ListModelWrite {
  readonly ruleSet: string;
  readonly format: number;
  readonly position: number;
  /** The chain hash of the log's event at `position` (null: none, or a log without the chain): what a read checks the log against. */
  readonly head: string | null;
  /** The fold at `position` failed (the list after the failing item is the fold's error). */
  readonly failed: boolean;
  /** The model is written anew: whatever is saved of it is dropped first. */
  readonly fresh: boolean;
  /**
   * The position of the saved model these changes are made against (undefined when fresh): a model another process
   * saved meanwhile is not written over (the save writes nothing then, checkpoint included).
   */
  readonly base: number | undefined;
  /** Saved versions still known after this item may stop being known: read them back and `settle` them first. */
  readonly reopenAfter: { readonly date: string; readonly ord: number } | undefined;
  /** Which saved versions read back (rows with their slot, points with slot -1) stop being known, and from when. */
  readonly settle: (saved: readonly SavedListVersion[]) => readonly (SavedListVersion & { readonly kt: number })[];
  /** The versions to write (after `settle`, which may say some need not be). */
  readonly rows: () => Iterable<ListModelRowWrite>;
  readonly points: () => Iterable<ListModelPointWrite>;
  /** Name keys whose saved owner stops being known at `kt`, then the owners made. */
  readonly ownerCloses: readonly (readonly [key: string, kt: number])[];
  readonly owners: readonly { readonly key: string; readonly playerId: string; readonly kf: number; readonly kt: number | null }[];
  /** Slots given since the last save: [slot, name key, last name]. */
  readonly slots: readonly (readonly [slot: number, key: string, lastName: string])[];
}

/** A saved version read back for a save to settle: its slot (-1: a point), item, known-from and fingerprint. */
export interface SavedListVersion {
  readonly slot: number;
  readonly date: string;
  readonly ord: number;
  readonly kf: number;
  readonly fp: number;
}

/**
 * The list after every timeline item dated up to `asOf`, as known at global position `knownAt` (default: as the
 * model knows it now): for each slot its latest row there, ordered as the list. `activeSince` keeps the rated
 * players who played after that date (the published list, '' = everybody rated); undefined keeps every player on the
 * list (the program's files), with their records.
 */
export interface ListModelQuery {
  readonly ruleSet: string;
  readonly format: number;
  readonly asOf: string;
  readonly knownAt?: number;
  readonly activeSince?: string;
  /**
   * Only the slots of this name key (as saved: see `storedListKey` in src/app/list-model.ts), every row present
   * whatever `activeSince` says: what a career reads of the list (one index range instead of the whole list).
   */
  readonly nameKey?: string;
  /**
   * With the rows, how many versions the model holds and how many its saves wrote (as `listModelRowCount`, in the
   * same read): a row deleted by hand leaves no trace among the rows a list reads, only in the count.
   */
  readonly countVersions?: boolean;
}

/**
 * A row of the published list (`ListRow`, ranked in the query's order), with the whole record and what the row's
 * fingerprint was made of (`fp` over seq, played and the record): a read checks the row against them.
 */
/**
 * A saved model's history as `readListHistory` / `readListComparison` read it, with `edited` when the model was changed
 * by hand (a row read no longer matching its record, as `rowEdited` says, or other than the versions its saves wrote):
 * the caller then folds from the log instead of serving it.
 */
export type CheckedListHistory = ListModelHistory & { readonly edited?: string };

export type StoredListRow = ListRow & { readonly record: string; readonly saved: { readonly fp: number; readonly seq: number; readonly played: boolean } };

/** What a published list's diff reads of the model: the two lists and the two runs, where they may differ. */
export interface ListChangesQuery {
  readonly ruleSet: string;
  readonly format: number;
  readonly asOf: string;
  /** The two knowledge positions compared (before ≤ after ≤ the model's position). */
  readonly before: number;
  readonly after: number;
}

/** A slot's entry on a list as a diff compares it. */
export interface StoredListEntry {
  readonly slot: number;
  /** The slot's name key (last name, NUL, first name). */
  readonly key: string;
  readonly lastName: string;
  /** The player owning the name at that knowledge position (null: nobody). */
  readonly owner: string | null;
  /** "Last First", as the fold's diff calls a player nobody owns. */
  readonly name: string;
  readonly rating: number;
  readonly grade: string;
}

/** A tournament rated by a list as of the date (known at a position): its item and its players' rows after it. */
export interface StoredRun {
  readonly tournamentId: string;
  readonly date: string;
  readonly ord: number;
  readonly players: readonly StoredListEntry[];
}

export interface StoredListChanges {
  readonly position: number;
  /** For `before` and `after`: the fold stopped on or before the date (the model cannot answer), the list's entries of the slots that may differ (in list order), the runs of the tournaments that may differ (in timeline order). */
  readonly sides: readonly [StoredListSide, StoredListSide];
}

export interface StoredListSide {
  readonly failed: boolean;
  readonly list: readonly StoredListEntry[];
  readonly runs: readonly StoredRun[];
}

/** The careers' read model's changes (projections/fesa/career-model.ts), runs and officer facts as JSON texts. */
export interface CareerModelWrite {
  readonly ruleSet: string;
  readonly format: number;
  readonly position: number;
  /** As `ListModelWrite.head`. */
  readonly head: string | null;
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
  /** The fingerprint of the other fields as the save wrote them (null: a row saved before it was kept, or edited by hand). */
  readonly fp: number | null;
}

/** Player `playerId` (none: no player, only the tournament) and, when given, tournament `tournamentId`. */
export interface CareerModelQuery {
  readonly ruleSet: string;
  readonly format: number;
  readonly playerId?: string;
  readonly tournamentId?: string;
  /** Every run and officer fact of the rule set, no player (what `verify` checks). */
  readonly everything?: boolean;
}

/**
 * What the saved model holds for a query: the player, his survivor and every id that survivor absorbed (by `ord`;
 * none when the player is not registered), the runs of the player's name key and of the tournament asked for, and the
 * survivor's officer facts (both in timeline order, as JSON texts).
 */
export interface StoredCareer {
  readonly position: number;
  /** The chain hash of the log's event at `position` when the model was saved (see `ListModelWrite.head`). */
  readonly head: string | null;
  readonly players: readonly StoredCareerPlayer[];
  readonly runs: readonly string[];
  readonly facts: readonly string[];
}
