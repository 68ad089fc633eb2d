import * as E from 'fp-ts/Either';
import { readNamedFile, withoutUtf8Bom } from '../files';

/** A FESA file that cannot be read as the program reads it; the message names the file (and line). */
export class FesaFileRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FesaFileRefused';
  }
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The official program reads and writes its files as ISO-8859-1. A file saved as UTF-8 would still "read" — every
 * byte is some Latin-1 character — but "Ærøskøbing" would become "Ã\u0086rÃ¸skÃ¸bing" and make new player ids. Bytes
 * above 127 that form valid UTF-8 sequences are practically never Latin-1 text, so such a file is refused.
 */
export const readLatin1File = (file: string): string => {
  // a UTF-8 byte order mark is an editor's, not the program's: without it the file reads as the program would
  const bytes = withoutUtf8Bom(readNamedFile(file));
  if (bytes.some((b) => b > 127)) {
    let text: string | undefined;
    try {
      text = utf8.decode(bytes);
    } catch {
      // not UTF-8: Latin-1, as expected
    }
    if (text !== undefined) {
      const lines = text.split('\n');
      const at = lines.findIndex((l) => /[^\p{ASCII}]/u.test(l));
      const word = /\S*[^\p{ASCII}]\S*/u.exec(lines[at]!)![0];
      throw new FesaFileRefused(
        `${file}:${at + 1}: the file is UTF-8 ("${word}"), but FESA files are ISO-8859-1 (Latin-1); save it as ISO-8859-1 (e.g. iconv -f UTF-8 -t ISO-8859-1) and try again`,
      );
    }
  }
  return bytes.toString('latin1');
};

/** Runs a FESA file parser, turning what no parser can answer in its own terms into a sentence naming the file. */
export const parsingFile = <T>(file: string, parse: () => T): T => {
  try {
    return parse();
  } catch (e) {
    if (e instanceof RangeError && /call stack/.test(e.message)) throw new FesaFileRefused(`${file}: lists are nested too deeply to be a FESA file`);
    throw e;
  }
};

/** Reads a folder's files with `read`; a refused file becomes the Left of the answer, like any parse error. */
export const refusedAsLeft = <T>(read: () => E.Either<string, T>): E.Either<string, T> => {
  try {
    return read();
  } catch (e) {
    if (e instanceof FesaFileRefused) return E.left(e.message);
    throw e;
  }
};
