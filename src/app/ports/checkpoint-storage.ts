/** Where saved projections live (the adapters: the ledger's SQLite file or PostgreSQL schema, src/adapters/store/checkpoint-storage.ts). */
export interface CheckpointStorage {
  /**
   * The header of projection `name`, having handed its chunks to `chunk` in order (by part, then sequence);
   * undefined when none is saved.
   */
  load(name: string, chunk: (part: string, data: string) => void): Promise<string | undefined>;
  /** Replaces the saved projection `name` (and drops the projections named in `drop`) in one transaction. */
  save(name: string, position: number, header: string, chunks: Iterable<readonly [part: string, seq: number, data: string]>, drop: readonly string[]): Promise<void>;
  drop(names: readonly string[]): Promise<void>;
  close(): Promise<void>;
}
