/**
 * A `migrate` target is not a ledger until the copy is whole and verified: the target holds a marker from before
 * its first event until after the last one is checked (`ledger_migration`, one row naming the source), and a store
 * holding the marker refuses to open for anything but `migrate --replace`. Where the store allows it the copy is one
 * transaction too (SQLite, PostgreSQL); the marker is what also covers a kill between that commit and the checksum.
 * EventStoreDB keeps its marker in the metadata of a stream of its own (esdb-migration.ts), and has no transaction.
 */
import { LedgerFailure } from '../../app/failure';

export const MIGRATION_TABLE = 'ledger_migration';

/** What `migrate` opens its target with: where the copy comes from, and whether an unfinished copy may be replaced. */
export interface MigrationTarget {
  /** The source as the user named it (a PostgreSQL password left out). */
  readonly source: string;
  readonly replace: boolean;
}

/** The marker as read from a target: the source and when the copy started. */
export interface MigrationMarker {
  readonly source: string;
  readonly startedAt: string;
}

/** A store that holds an unfinished `migrate` copy, opened as a ledger (or as a target without `--replace`). */
export class UnfinishedMigrationError extends LedgerFailure {
  constructor(where: string, target: string, marker: MigrationMarker) {
    super(
      'rejected',
      `${where} holds an unfinished copy of ${marker.source} (a \`ledger migrate\` started ${marker.startedAt} did not complete), not a ledger: ` +
        `copy it again with \`ledger migrate --from ${marker.source} --to ${target} --replace\``,
    );
    this.name = 'UnfinishedMigrationError';
  }
}

/** A migration into a store that holds events: refused before anything is written to it. */
export class TargetNotEmptyError extends LedgerFailure {
  constructor(where: string) {
    super('rejected', `Cannot migrate into ${where}: it already holds events; the target must be empty.`);
    this.name = 'TargetNotEmptyError';
  }
}

/**
 * What opening a store as a migrate target does with what it found there: an unfinished copy is replaced only when
 * asked to, and only where the store can take events back (`replaceable`: EventStoreDB cannot); a store that holds
 * events is never written into; otherwise the copy is marked and begins.
 */
export const migrationTargetStep = (
  where: string,
  spec: string,
  found: { readonly marker: MigrationMarker | undefined; readonly holdsEvents: boolean },
  target: MigrationTarget,
  replaceable = true,
): 'replace' | 'mark' => {
  const { marker } = found;
  if (marker === undefined) {
    if (found.holdsEvents) throw new TargetNotEmptyError(spec);
    return 'mark';
  }
  if (!target.replace) throw new UnfinishedMigrationError(where, spec, marker);
  if (!replaceable) {
    throw new LedgerFailure(
      'rejected',
      `${where} holds an unfinished copy of ${marker.source} (a \`ledger migrate\` started ${marker.startedAt} did not complete), and EventStoreDB cannot take events back: ` +
        'copy it into a new, empty EventStoreDB database instead',
    );
  }
  return 'replace';
};
