import { hashAt, logChangedSince } from './chain';
import type { CheckpointStorage } from './ports/checkpoint-storage';
import type { EventStore } from './ports/event-store';

/**
 * A derived, droppable read model saved next to the log (the player names, the stream index): its chunks under one
 * name, with a header saying the model's format and the log position it reflects, and the chain hash there, which
 * says which log it was made from (a restored copy or a hand edit makes it another's).
 */
interface Header {
  readonly format: number;
  readonly position: number;
  readonly logHash: string | null;
}

/**
 * Hands the saved model `name`'s chunks to `chunk` and returns the position it reflects; undefined when none is
 * saved, it is of another format, or of another log (whatever `chunk` was handed is then to be dropped).
 */
export const loadDerivedModel = async (store: EventStore, storage: CheckpointStorage, name: string, format: number, chunk: (part: string, data: string) => void): Promise<number | undefined> => {
  const text = await storage.load(name, chunk);
  if (text === undefined) return undefined;
  const header = JSON.parse(text) as Header;
  if (header.format !== format || (await logChangedSince(store, header.position, header.logHash)) !== undefined) return undefined;
  return header.position;
};

/** Saves model `name` as reflecting the log up to `position` (its last fact of a type the model reads). */
export const saveDerivedModel = async (store: EventStore, storage: CheckpointStorage, name: string, format: number, position: number, chunks: Iterable<readonly [part: string, seq: number, data: string]>): Promise<void> => {
  const header: Header = { format, position, logHash: await hashAt(store, position) };
  await storage.save(name, position, JSON.stringify(header), chunks, []);
};
