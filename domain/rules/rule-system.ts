import * as E from 'fp-ts/Either';

/**
 * A rule system as seen by the conformance harness (`ledger rules run-case`) and by the ledger's projections:
 * an id, a version, its options with defaults, and one pure function per operation.
 * Operations take the case's `options` (unknown keys are an error) and `input` exactly as ../shared/rules/*.md
 * describe them and return the output object, or a RuleError naming the field that was wrong.
 */
export interface RuleError {
  /** JSON path of the offending field inside the case, e.g. "input.games[2].score". */
  readonly field: string;
  /** One clear sentence: what was found and what was expected. */
  readonly message: string;
}

export type RuleOp = (options: unknown, input: unknown) => E.Either<RuleError, unknown>;

export interface OptionDoc {
  readonly name: string;
  readonly default: unknown;
  /** Allowed values or type, e.g. ["text","card"] or "integer". */
  readonly values: string;
  readonly description: string;
}

export interface RuleSystem {
  readonly id: string;
  readonly version: string;
  readonly title: string;
  readonly options: readonly OptionDoc[];
  readonly ops: Readonly<Record<string, RuleOp>>;
}
