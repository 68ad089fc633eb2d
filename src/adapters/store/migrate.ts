/**
 * Copies a whole log from one store to another (e.g. SQLite → PostgreSQL) and proves the copy by checksum.
 * Order, stream ids, revisions and event ids are preserved: each run of consecutive events of one stream is appended
 * with the expected revision it had at the source, so a target that is written to meanwhile fails loudly instead
 * of interleaving. Recorded times are carried too, so the copy's hash chain (src/app/chain.ts) ends in the same head
 * hash; a source written before the chain gets it computed when it is opened for writing.
 */
import { logDigest } from '../../app/chain';
import type { EventStore, ExpectedRevision, RecordedEvent } from '../../app/ports/event-store';

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
  if ((await to.headPosition()) !== 0) {
    throw new Error(`Cannot migrate into ${to.description}: it already holds events; the target must be empty.`);
  }
  let copied = 0;
  for await (const batch of from.readAll({ batchSize: 5000 })) {
    let start = 0;
    while (start < batch.length) {
      let end = start + 1;
      while (end < batch.length && batch[end]!.streamId === batch[start]!.streamId) end++;
      const run = batch.slice(start, end);
      await to.append(
        run[0]!.streamId,
        run.map((e) => ({ eventId: e.eventId, type: e.type, data: e.data, metadata: e.metadata, recordedAt: e.recordedAt })),
        expectedBefore(run[0]!),
      );
      copied += run.length;
      start = end;
    }
    onProgress?.({ copied, lastSourcePosition: batch[batch.length - 1]!.globalPosition });
  }
  const [source, target] = await Promise.all([logChecksum(from), logChecksum(to)]);
  if (source.sha256 !== target.sha256 || source.events !== target.events || source.head !== target.head) {
    throw new Error(
      `Migration from ${from.description} to ${to.description} does not verify: source has ${source.events} events ` +
        `(sha256 ${source.sha256}, head hash ${source.head ?? 'none'}), target has ${target.events} (sha256 ${target.sha256}, head hash ${target.head ?? 'none'}).`,
    );
  }
  return { copied, source, target };
};
