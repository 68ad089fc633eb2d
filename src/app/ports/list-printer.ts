import type * as E from 'fp-ts/Either';
import type { FesaPlayer } from '../../../domain/rules/fesa/types';

/**
 * How a rating list is written as text. A published list is its bytes (its content hash is over them), so the use
 * cases that publish, reproduce and verify lists need a printer; the file formats in the adapters implement it
 * (src/adapters/formats/list-printer.ts), and the CLI and the HTTP API hand that one in.
 */
export interface ListPrinter {
  /** The official program's whole post list (`ratingliste.post`), byte for byte once encoded as ISO-8859-1. */
  readonly ratingList: (list: readonly FesaPlayer[]) => string;
  /** The official program's `all.txt` of the list as of `asOf` (its own activity rule), or why it cannot be written. */
  readonly allTxt: (list: readonly FesaPlayer[], asOf: string) => E.Either<string, string>;
  /** A plain-text table with a header row, numbers right-aligned. */
  readonly table: (headers: readonly string[], rows: readonly (readonly (string | number | null | undefined)[])[]) => string;
}
