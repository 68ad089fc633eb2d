/**
 * How the CLI says that a command failed: one sentence on stderr (or one JSON object when `--json` was asked for) and
 * the exit code. Shared by the whole CLI (main.ts) and the small entry of `fesa run` (fesa-run-main.ts), so both
 * refuse alike.
 */
import { LedgerFailure, type FailureKind } from '../../app/failure';

/** What the system said about a file, in words (the raw codes EISDIR, ENOENT … mean nothing to an officer). */
const FILE_ERRORS: Record<string, string> = {
  ENOENT: 'does not exist',
  EISDIR: 'is a folder, expected a file',
  ENOTDIR: 'is not in a folder (a part of the path is a file)',
  EACCES: 'cannot be read or written: permission denied',
  EPERM: 'cannot be read or written: operation not permitted',
  EROFS: 'is on a read-only file system',
  ENOSPC: 'cannot be written: the disk is full',
  EMFILE: 'cannot be opened: too many open files',
  ENAMETOOLONG: 'has a name that is too long',
};

/**
 * The CLI's one boundary for errors: exit 2 when the command line asked for something malformed or absent (fix the
 * command and run it again), 1 when the ledger refused or could not do it.
 */
const EXIT_CODES: Record<FailureKind, number> = {
  'bad-input': 2,
  'not-found': 2,
  unreproducible: 2,
  rejected: 1,
  conflict: 1,
  unratable: 1,
};

export const describeFailure = (error: unknown): string => {
  if (error instanceof LedgerFailure) return error.detail.code !== undefined && error.kind === 'unratable' ? `${error.message} (${error.detail.code})` : error.message;
  const system = error as { code?: unknown; path?: unknown; syscall?: unknown };
  if (typeof system.code === 'string' && system.code in FILE_ERRORS && typeof system.path === 'string') return `${system.path} ${FILE_ERRORS[system.code]}`;
  if (error instanceof RangeError && /call stack/.test(error.message)) return 'the input is nested too deeply to read; expected a flat list or file';
  if (error instanceof Error) return error.message;
  return String(error);
};

/** Prints why the command failed and gives its exit code: 2 for a malformed command line, 1 for a refusal. */
export const reportFailure = (error: unknown, argv: readonly string[], err: (text: string) => void): number => {
  const code = error instanceof LedgerFailure ? EXIT_CODES[error.kind] : 1;
  // a script that asked for JSON reads the refusal as JSON too (one object on stderr), with the same exit code
  if (argv.includes('--json')) err(JSON.stringify({ error: describeFailure(error), kind: error instanceof LedgerFailure ? error.kind : 'failed', exitCode: code, ...(error instanceof LedgerFailure ? error.detail : {}) }));
  else err(`ledger: ${describeFailure(error)}`);
  return code;
};
