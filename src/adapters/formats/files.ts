import { closeSync, constants, fstatSync, openSync, readFileSync } from 'fs';
import { LedgerFailure } from '../../app/failure';

/**
 * The largest file a results or list file may be: the biggest real ones (a FESA folder's files, a TRF of 2,456 games)
 * are well under 1 MB, so 64 MB is a file that is something else.
 */
export const MAX_INPUT_FILE_BYTES = 64 * 1024 * 1024;

/** A file the ledger will not read: not a regular file, too large, or not text in an encoding it reads. */
export class UnreadableFile extends LedgerFailure {
  constructor(message: string) {
    super('rejected', message);
    this.name = 'UnreadableFile';
  }
}

const megabytes = (bytes: number): string => `${(bytes / (1024 * 1024)).toLocaleString('en', { maximumFractionDigits: 1 })} MB`;

/**
 * Refuses what is not a regular file of at most `limit` bytes, before a byte is read: `/dev/zero`, a FIFO or a
 * socket would be read forever. Checked on the open descriptor, so the file checked is the file read.
 */
export const checkInputFile = (file: string, fd: number, limit = MAX_INPUT_FILE_BYTES): void => {
  const stat = fstatSync(fd);
  if (stat.isDirectory()) throw Object.assign(new Error(`${file}: EISDIR`), { code: 'EISDIR', path: file });
  if (!stat.isFile()) throw new UnreadableFile(`${file} is not a regular file (a device, a pipe or a socket); expected a file`);
  if (stat.size > limit) throw new UnreadableFile(`${file} is ${megabytes(stat.size)}; a file the ledger reads is at most ${megabytes(limit)}`);
};

/**
 * Opens `file` to read without waiting for a writer (a FIFO would block the open itself until one came) and checks
 * it with `checkInputFile`; the caller closes the descriptor.
 */
export const openInputFile = (file: string, limit = MAX_INPUT_FILE_BYTES): number => {
  const fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    checkInputFile(file, fd, limit);
  } catch (e) {
    closeSync(fd);
    throw e;
  }
  return fd;
};

/**
 * readFileSync whose failure always names the file (reading a folder fails with EISDIR and no path, which would reach
 * the officer as "illegal operation on a directory" without saying which one), of a regular file within the limit,
 * whose text is not UTF-16 (which every reader would take for Latin-1 and misread field by field).
 */
export const readNamedFile = (file: string): Buffer => {
  let bytes: Buffer;
  try {
    const fd = openInputFile(file);
    try {
      bytes = readFileSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch (e) {
    if (e instanceof Error && (e as { path?: unknown }).path === undefined) Object.assign(e, { path: file });
    throw e;
  }
  const bom = (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
  if (bom || looksLikeUtf16(bytes)) {
    throw new UnreadableFile(`${file} is not in the expected encoding: it is UTF-16${bom ? '' : ' (every other byte is NUL)'}; save it as UTF-8 or ISO-8859-1 text`);
  }
  return bytes;
};

/**
 * UTF-16 without a byte order mark: Latin text has a NUL in every other byte. A stray NUL in a text file is left to
 * the file's reader, which names its line and field.
 */
const looksLikeUtf16 = (bytes: Buffer): boolean => {
  const sample = bytes.subarray(0, 1024);
  if (sample.length < 4) return false;
  const nuls = [0, 0];
  for (let i = 0; i < sample.length; i++) if (sample[i] === 0) nuls[i % 2]!++;
  return Math.max(nuls[0]!, nuls[1]!) >= (sample.length / 2) * 0.4;
};

/** A UTF-8 byte order mark at the start of `bytes`, which editors write and no reader here expects. */
export const withoutUtf8Bom = (bytes: Buffer): Buffer => (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes);
