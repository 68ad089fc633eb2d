/**
 * A compact, derived, droppable encoding of what the folds read: the decoded facts of the log (event, position,
 * recording time) as shapes, one string table and one column of numbers. It is made from facts already decoded at
 * the store boundary, so reading it back skips SQLite's row strings, JSON.parse and the io-ts decoders; it is only
 * trusted at the log position and head hash it was made at (anything else drops it and the log is read instead).
 *
 * Issue 30 measures with it how far the floor of a rebuild moves (scripts/bench/fold-encoding.ts).
 */
import { Interned } from '../../domain/commands/games';
import type { DomainEvent, LoggedEvent } from '../../domain/events';

/**
 * How a field's value is kept: an index into the string table, a 32-bit integer in the cell, another number as its
 * text in the string table (exact: Number(String(x)) === x), a literal, or JSON text for nested values.
 */
type Kind = 's' | 'n' | 'd' | 't' | 'f' | 'z' | 'j';

/** An event type with its keys in order and the kind of each value: most of a ledger's millions of facts share a few. */
interface Shape {
  readonly type: string;
  readonly keys: readonly string[];
  readonly kinds: readonly Kind[];
}

export interface FactEncoding {
  /** The log position and head hash the facts were read up to: the encoding stands for the log only there. */
  readonly position: number;
  readonly headHash: string | null;
  readonly count: number;
  readonly strings: readonly string[];
  readonly shapes: readonly Shape[];
  /** Per fact: shape index, position, recordedAt string index (-1 when absent), then one cell per key. */
  readonly cells: Int32Array;
}

const kindOf = (value: unknown): Kind => {
  if (typeof value === 'string') return 's';
  if (typeof value === 'number') return (value | 0) === value && !Object.is(value, -0) ? 'n' : 'd';
  if (value === true) return 't';
  if (value === false) return 'f';
  if (value === null) return 'z';
  return 'j';
};

/** Encodes the facts read up to `position` (whose hash is `headHash`). */
export const encodeFacts = (facts: Iterable<LoggedEvent>, position: number, headHash: string | null): FactEncoding => {
  const strings = new Interned();
  const shapes: Shape[] = [];
  const shapeIndex = new Map<string, number>();
  let cells = new Int32Array(1 << 20);
  let used = 0;
  let count = 0;
  const push = (value: number): void => {
    if (used === cells.length) {
      const grown = new Int32Array(cells.length * 2);
      grown.set(cells);
      cells = grown;
    }
    cells[used++] = value;
  };
  for (const fact of facts) {
    const record = fact.event as unknown as Record<string, unknown>;
    // undefined-valued keys are left out, as JSON would leave them out of the log
    const keys = Object.keys(record).filter((key) => record[key] !== undefined);
    const kinds = keys.map((key) => kindOf(record[key]));
    const signature = `${fact.event.type}\u0000${keys.join('\u0000')}\u0000${kinds.join('')}`;
    let s = shapeIndex.get(signature);
    if (s === undefined) {
      s = shapes.length;
      shapes.push({ type: fact.event.type, keys, kinds });
      shapeIndex.set(signature, s);
    }
    push(s);
    if ((fact.globalPosition | 0) !== fact.globalPosition) throw new Error(`position ${fact.globalPosition} is past what the fact encoding keeps: read the log`);
    push(fact.globalPosition);
    push(fact.recordedAt === undefined ? -1 : strings.numberOf(fact.recordedAt));
    keys.forEach((key, k) => {
      const value = record[key];
      const kind = kinds[k];
      if (kind === 's') push(strings.numberOf(value as string));
      else if (kind === 'n') push(value as number);
      else if (kind === 'd') push(strings.numberOf(String(value)));
      else if (kind === 'j') push(strings.numberOf(JSON.stringify(value)));
      else push(0);
    });
    count++;
  }
  return { position, headHash, count, strings: strings.all(), shapes, cells: cells.slice(0, used) };
};

const valueOf = (kind: Kind | undefined, cell: number, strings: readonly string[]): unknown => {
  switch (kind) {
    case 's':
      return strings[cell];
    case 'n':
      return cell;
    case 'd':
      return Number(strings[cell]);
    case 't':
      return true;
    case 'f':
      return false;
    case 'z':
      return null;
    // a field whose value the shape could not type (a nested value) is kept as JSON text
    case 'j':
    case undefined:
      return JSON.parse(strings[cell] ?? 'null') as unknown;
  }
};

/** The facts back, in log order and in batches as the store reads them. */
export function* decodeFacts(encoding: FactEncoding, batchSize = 5000): Iterable<readonly LoggedEvent[]> {
  const { cells, strings, shapes } = encoding;
  let at = 0;
  let batch: LoggedEvent[] = [];
  for (let n = 0; n < encoding.count; n++) {
    const shape = shapes[cells[at] ?? -1];
    if (shape === undefined) throw new Error(`the fact encoding names no shape for fact ${n}: drop it and read the log`);
    const globalPosition = cells[at + 1] ?? 0;
    const recordedAt = strings[cells[at + 2] ?? -1];
    at += 3;
    const event: Record<string, unknown> = {};
    const { keys, kinds } = shape;
    for (let k = 0; k < keys.length; k++) event[keys[k]!] = valueOf(kinds[k], cells[at++] ?? 0, strings);
    batch.push(recordedAt === undefined ? { event: event as unknown as DomainEvent, globalPosition } : { event: event as unknown as DomainEvent, globalPosition, recordedAt });
    if (batch.length === batchSize) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/** Most ledgers' strings hold no NUL: then the table is one text split on it, much faster to read back than JSON. */
const SEPARATOR = '\u0000';
const padTo4 = (n: number): number => (4 - (n % 4)) % 4;

/** The encoding as bytes to keep beside the log: lengths, a JSON header (shapes, counts), the strings, the cells. */
export const serializeFactEncoding = (encoding: FactEncoding): Buffer => {
  const separated = !encoding.strings.some((s) => s.includes(SEPARATOR));
  const header = Buffer.from(JSON.stringify({ position: encoding.position, headHash: encoding.headHash, count: encoding.count, shapes: encoding.shapes, separated }));
  const strings = Buffer.from(separated ? encoding.strings.join(SEPARATOR) : JSON.stringify(encoding.strings));
  const lengths = Buffer.alloc(16);
  lengths.writeUInt32LE(header.length, 0);
  lengths.writeUInt32LE(strings.length, 4);
  lengths.writeUInt32LE(encoding.cells.length, 8);
  lengths.writeUInt32LE(encoding.strings.length, 12);
  const pad = Buffer.alloc(padTo4(header.length + strings.length));
  return Buffer.concat([lengths, header, strings, pad, Buffer.from(encoding.cells.buffer, encoding.cells.byteOffset, encoding.cells.byteLength)]);
};

export const deserializeFactEncoding = (bytes: Buffer): FactEncoding => {
  const [headerLength, stringsLength, cellCount, stringCount] = [0, 4, 8, 12].map((at) => bytes.readUInt32LE(at)) as [number, number, number, number];
  const header = JSON.parse(bytes.subarray(16, 16 + headerLength).toString('utf8')) as Omit<FactEncoding, 'cells' | 'strings'> & { separated: boolean };
  const text = bytes.subarray(16 + headerLength, 16 + headerLength + stringsLength).toString('utf8');
  const strings = stringCount === 0 ? [] : header.separated ? text.split(SEPARATOR) : (JSON.parse(text) as string[]);
  if (strings.length !== stringCount) throw new Error(`the fact encoding holds ${strings.length} strings where its header says ${stringCount}: drop it and read the log`);
  const start = 16 + headerLength + stringsLength + padTo4(headerLength + stringsLength);
  // a view where the bytes are aligned (a file read whole is), else a copy
  const cells =
    (bytes.byteOffset + start) % 4 === 0
      ? new Int32Array(bytes.buffer, bytes.byteOffset + start, cellCount)
      : new Int32Array(new Uint8Array(bytes.subarray(start, start + cellCount * 4)).buffer);
  const { position, headHash, count, shapes } = header;
  return { position, headHash, count, shapes, strings, cells };
};

/** Whether an encoding stands for the log at its head: the same position and the same hash there. */
export const encodingMatches = (encoding: FactEncoding, head: { readonly position: number; readonly hash: string | null }): boolean =>
  encoding.position === head.position && encoding.headHash === head.hash;
