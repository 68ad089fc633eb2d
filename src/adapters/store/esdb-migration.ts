/**
 * The unfinished-migration marker on EventStoreDB (see unfinished-migration.ts). EventStoreDB has no transaction over
 * a whole copy and cannot take events back, so the marker is all there is: the metadata of stream
 * `ledger-migration`, set before the first event is copied and cleared once the copy is verified. Metadata lives in
 * the system stream `$$ledger-migration`, which the ledger's reads of $all pass over: the marker is never a fact.
 */
import type { EventStoreDBClient as Client } from '@eventstore/db-client';
import type { EventStore } from '../../app/ports/event-store';
import { migrationTargetStep, UnfinishedMigrationError, type MigrationMarker, type MigrationTarget } from './unfinished-migration';

export const MIGRATION_STREAM = 'ledger-migration';

/** The stream metadata that holds the marker (null once the copy was finished). */
type MarkerMetadata = { readonly ledgerMigration?: MigrationMarker | null } & Record<string, unknown>;

/** The client calls the marker needs. */
export type MarkerClient = Pick<Client, 'getStreamMetadata' | 'setStreamMetadata'>;

/** The marker an unfinished copy left (undefined: none, or a copy that finished). */
export const esdbMigrationMarker = async (client: MarkerClient): Promise<MigrationMarker | undefined> => {
  const { metadata } = await client.getStreamMetadata(MIGRATION_STREAM);
  // eslint's type-aware view of the client's metadata differs from tsc's, which needs the assertion
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
  const marker = (metadata as MarkerMetadata | undefined)?.ledgerMigration;
  return marker != null && typeof marker.source === 'string' && typeof marker.startedAt === 'string' ? { source: marker.source, startedAt: marker.startedAt } : undefined;
};

/**
 * Opens `store` (on `client`) as what it is: a ledger refuses to open while a marker is set; a migrate target is
 * checked (refused when it holds events or an unfinished copy) and marked, and given `finishMigration`.
 */
export const checkedEsdbStore = async (store: EventStore, client: MarkerClient, spec: string, target: MigrationTarget | undefined): Promise<EventStore> => {
  const where = store.description;
  const marker = await esdbMigrationMarker(client);
  if (target === undefined) {
    if (marker !== undefined) throw new UnfinishedMigrationError(where, spec, marker);
    return store;
  }
  migrationTargetStep(where, spec, { marker, holdsEvents: (await store.headPosition()) > 0 }, target, false);
  // (no metadata yet on a fresh target: a second migrate started at the same instant fails here instead of copying too)
  const started: MarkerMetadata = { ledgerMigration: { source: target.source, startedAt: new Date().toISOString() } };
  await client.setStreamMetadata(MIGRATION_STREAM, started, { expectedRevision: 'no_stream' });
  const finished: MarkerMetadata = { ledgerMigration: null };
  return {
    ...store,
    finishMigration: async () => {
      await client.setStreamMetadata(MIGRATION_STREAM, finished);
    },
  };
};
