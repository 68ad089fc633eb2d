/**
 * Copies a whole log from one store to another (e.g. SQLite → PostgreSQL) and proves the copy by checksum.
 * Order, stream ids, revisions and event ids are preserved: each run of consecutive events of one stream is appended
 * with the expected revision it had at the source, so a target that is written to meanwhile fails loudly instead
 * of interleaving. Recorded times are carried too, so the copy's hash chain (src/app/chain.ts) ends in the same head
 * hash; a source written before the chain gets it computed when it is opened for writing.
 */
import { logDigest } from '../../app/chain';
import type { EventStore, ExpectedRevision, RecordedEvent, StreamAppend } from '../../app/ports/event-store';
import { TargetNotEmptyError } from './unfinished-migration';

export interface LogChecksum {
  readonly events: number;
  /** sha256 hex over (streamId, revision, eventId, type, canonical JSON data) of every event in global order. */
  readonly sha256: string;
  /** The last event's link in the hash chain (what `ledger verify` prints as the head hash). */
  readonly head?: string;
}

export const logChecksum = async (store: EventStore): Promise<LogChecksum> => {
  const digest = logDigest();
  for await (const batch of store.readAll()) for (const e of batch) digest.add(e);
  return digest.result();
};

export interface MigrationProgress {
  readonly copied: number;
  readonly lastSourcePosition: number;
}

export interface MigrationResult {
  readonly copied: number;
  readonly source: LogChecksum;
  readonly target: LogChecksum;
}

const expectedBefore = (first: RecordedEvent): ExpectedRevision => (first.revision === 0 ? 'no_stream' : first.revision - 1);

export const migrate = async (
  from: EventStore,
  to: EventStore,
  onProgress?: (progress: MigrationProgress) => void,
): Promise<MigrationResult> => {
  if ((await to.headPosition()) !== 0) throw new TargetNotEmptyError(to.description);
  let copied = 0;
  async function* batches(): AsyncIterable<StreamAppend[]> {
    for await (const batch of from.readAll({ batchSize: 5000 })) {
      const appends: StreamAppend[] = [];
      let start = 0;
      while (start < batch.length) {
        let end = start + 1;
        while (end < batch.length && batch[end]!.streamId === batch[start]!.streamId) end++;
        const run = batch.slice(start, end);
        appends.push({
          streamId: run[0]!.streamId,
          events: run.map((e) => ({ eventId: e.eventId, type: e.type, data: e.data, metadata: e.metadata, recordedAt: e.recordedAt })),
          expected: expectedBefore(run[0]!),
        });
        start = end;
      }
      yield appends;
      copied += batch.length;
      onProgress?.({ copied, lastSourcePosition: batch[batch.length - 1]!.globalPosition });
    }
  }
  // one transaction where the target has one that long (SQLite, PostgreSQL): a killed copy leaves nothing in it
  if (to.appendWholeLog !== undefined) await to.appendWholeLog(batches());
  else for await (const appends of batches()) await to.appendAll(appends);
  const [source, target] = await Promise.all([logChecksum(from), logChecksum(to)]);
  if (source.sha256 !== target.sha256 || source.events !== target.events || source.head !== target.head) {
    throw new Error(
      `Migration from ${from.description} to ${to.description} does not verify: source has ${source.events} events ` +
        `(sha256 ${source.sha256}, head hash ${source.head ?? 'none'}), target has ${target.events} (sha256 ${target.sha256}, head hash ${target.head ?? 'none'}).`,
    );
  }
  // only now a ledger: until here the target refuses to open as one (unfinished-migration.ts)
  await to.finishMigration?.();
  return { copied, source, target };
};
