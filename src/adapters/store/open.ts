/**
 * Chooses the event store from one setting, so every command and service is configured the same way:
 *   sqlite:./data/ledger.db | ./some/file.db | postgres://… | postgresql://… | esdb://… | kurrentdb://…
 * Without an argument: $LEDGER_STORE, then $LEDGER_DB (a SQLite path), then ./data/ledger.db.
 */
import type { EventStore } from '../../app/ports/event-store';
import { DEFAULT_SQLITE_PATH, openSqliteStore } from './sqlite';
import type { MigrationTarget } from './unfinished-migration';

export type StoreSpec =
  | { readonly kind: 'sqlite'; readonly path: string }
  | { readonly kind: 'postgres'; readonly url: string }
  | { readonly kind: 'esdb'; readonly connectionString: string };

/** The setting in force when no spec is given. */
export const defaultStoreSpec = (env: NodeJS.ProcessEnv = process.env): string =>
  env.LEDGER_STORE?.trim() || env.LEDGER_DB?.trim() || DEFAULT_SQLITE_PATH;

export const parseStoreSpec = (spec: string): StoreSpec => {
  const text = spec.trim();
  if (text === '') throw new Error('The store setting is empty; expected a SQLite path, postgres://… or esdb://….');
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(text)?.[1]?.toLowerCase();
  // A one-letter "scheme" is a Windows drive (C:\ledger.db), i.e. a plain path.
  if (scheme === undefined || scheme.length === 1) return { kind: 'sqlite', path: text };
  switch (scheme) {
    case 'sqlite': {
      const path = text.slice('sqlite:'.length).replace(/^\/\/(?=\/|\.)/, '');
      if (path === '') throw new Error(`The store setting "${spec}" names no file; expected e.g. sqlite:./data/ledger.db.`);
      return { kind: 'sqlite', path };
    }
    case 'postgres':
    case 'postgresql':
      return { kind: 'postgres', url: text };
    case 'esdb':
    case 'esdb+discover':
    case 'kurrentdb':
    case 'kurrentdb+discover':
    case 'kdb':
    case 'kdb+discover':
      return { kind: 'esdb', connectionString: text };
    default:
      throw new Error(
        `The store setting "${spec}" has an unknown scheme "${scheme}:"; expected a SQLite path (or sqlite:<path>), ` +
          'postgres://…, postgresql://…, esdb://… or kurrentdb://….',
      );
  }
};

export interface OpenOptions {
  /** The ledger must exist already, a SQLite file or a PostgreSQL schema (reads never create one). */
  readonly mustExist?: boolean;
  /** SQLite: how much of the file to read through a memory map (see SqliteStoreOptions.mappedBytes). */
  readonly mappedBytes?: number;
  /** Opened by `migrate` as its target (marked unfinished until the copy is verified). */
  readonly migrationTarget?: MigrationTarget;
}

export const openStore = async (spec: string = defaultStoreSpec(), options: OpenOptions = {}): Promise<EventStore> => {
  const parsed = parseStoreSpec(spec);
  switch (parsed.kind) {
    case 'sqlite':
      return openSqliteStore(parsed.path, {
        ...(options.mustExist ? { mustExist: true } : {}),
        ...(options.mappedBytes !== undefined ? { mappedBytes: options.mappedBytes } : {}),
        ...(options.migrationTarget ? { migrationTarget: options.migrationTarget } : {}),
      });
    case 'postgres': {
      // loaded lazily: a SQLite user never pays for (or needs) the other drivers
      const { openPostgresStore } = await import('./postgres');
      return openPostgresStore(parsed.url, { ...(options.mustExist ? { mustExist: true } : {}), ...(options.migrationTarget ? { migrationTarget: options.migrationTarget } : {}) });
    }
    case 'esdb': {
      const { openCheckedEsdbStore } = await import('./esdb');
      return openCheckedEsdbStore(parsed.connectionString, options.migrationTarget);
    }
  }
};
