/**
 * Why a use case could not do what it was asked, as a value of one type that the adapters turn into an exit code or
 * an HTTP status in one place each (src/adapters/cli/main.ts, src/adapters/http/problems.ts). The message is the one
 * sentence the user reads; `code` keeps the rule engine's error code (e.g. the FESA engine's `no-convergence`) and
 * `parameter` names the option or query parameter at fault.
 */
export type FailureKind =
  /** The input asked for something malformed or impossible (a bad date, an unknown format). */
  | 'bad-input'
  /** The input names something the ledger does not hold (a tournament, a published list, a player). */
  | 'not-found'
  /** The rules refuse the command; nothing was recorded. */
  | 'rejected'
  /** Another writer got in first, more often than a retry could settle. */
  | 'conflict'
  /** A published list the ledger holds but cannot give again byte for byte. */
  | 'unreproducible'
  /** Facts the ledger accepted that a rule set cannot rate (the engine's code says why). */
  | 'unratable';

export class LedgerFailure extends Error {
  constructor(
    readonly kind: FailureKind,
    message: string,
    readonly detail: { readonly code?: string; readonly parameter?: string } = {},
  ) {
    super(message);
    this.name = 'LedgerFailure';
  }
}

/** A fold that failed on accepted facts, its engine code kept. */
export const unratable = (error: { readonly message: string; readonly code?: string } | string): LedgerFailure =>
  typeof error === 'string' ? new LedgerFailure('unratable', error) : new LedgerFailure('unratable', error.message, error.code !== undefined ? { code: error.code } : {});
