import { existsSync, readdirSync, statSync } from 'fs';
import * as path from 'path';
import * as E from 'fp-ts/Either';
import type { EventFolder } from '../../../app/fesa-import';
import { parseNewPlayerEntries } from './nye-spillere';
import { fileErrorMessage, parseRatingList, type FesaFileError } from './ratingliste';
import { parseTurneringAll } from './turnering';
import { FesaFileRefused, parsingFile, refusedAsLeft, readLatin1File as latin1 } from './latin1';

export const isEventFolder = (dir: string): boolean => existsSync(path.join(dir, 'turnering.txt'));

export const readEventFolder = (dir: string): E.Either<string, EventFolder> => {
  return refusedAsLeft(() => readEventFiles(dir));
};

const one = (error: FesaFileError): readonly FesaFileError[] => [error];

/** One file read and parsed, or every sentence of what is wrong with it (a file refused whole is one sentence). */
const parseFile = <T>(file: string, parse: (text: string, file: string) => E.Either<readonly FesaFileError[], T>): E.Either<readonly string[], T> => {
  try {
    return E.mapLeft((errors: readonly FesaFileError[]) => errors.map(fileErrorMessage))(parsingFile(file, () => parse(latin1(file), file)));
  } catch (e) {
    if (e instanceof FesaFileRefused) return E.left([e.message]);
    throw e;
  }
};

/**
 * A folder's files, each parsed whatever the others hold, so that one answer says everything wrong with all of them
 * (one line each, naming file and line), not only the first.
 */
const readEventFiles = (dir: string): E.Either<string, EventFolder> => {
  const at = (name: string) => path.join(dir, name);
  if (!isEventFolder(dir)) return E.left(`${dir}: not a FESA event folder (no turnering.txt)`);
  const event = parseFile(at('turnering.txt'), (text, file) => parseTurneringAll(text, file, { isoDate: true }));
  const pre = existsSync(at('ratingliste.pre')) ? parseFile(at('ratingliste.pre'), (text, file) => E.mapLeft(one)(parseRatingList(text, file))) : E.right(null);
  const entries = existsSync(at('nye-spillere')) ? parseFile(at('nye-spillere'), (text, file) => E.mapLeft(one)(parseNewPlayerEntries(text, file))) : E.right([]);
  if (E.isLeft(event) || E.isLeft(pre) || E.isLeft(entries)) return E.left([event, pre, entries].flatMap((r) => (E.isLeft(r) ? r.left : [])).join('\n'));
  return E.right({ dir, id: path.basename(path.resolve(dir)), event: event.right, pre: pre.right, newPlayers: entries.right.map((e) => e.player), newPlayerLines: entries.right.map((e) => e.line) });
};

/** One event folder, or every event folder inside `dir`, in date order (ties by folder name). */
export const readEventFolders = (dir: string): E.Either<string, EventFolder[]> => {
  if (!existsSync(dir)) return E.left(`${dir}: no such folder`);
  if (!statSync(dir).isDirectory()) return E.left(`${dir} is a file; expected an event folder (holding turnering.txt) or a folder of them`);
  const dirs = isEventFolder(dir)
    ? [dir]
    : readdirSync(dir)
        .map((name) => path.join(dir, name))
        .filter((d) => statSync(d).isDirectory() && isEventFolder(d))
        .sort();
  if (dirs.length === 0) return E.left(`${dir}: no FESA event folders found (folders holding turnering.txt)`);
  const folders: EventFolder[] = [];
  for (const d of dirs) {
    const folder = readEventFolder(d);
    if (E.isLeft(folder)) return folder;
    folders.push(folder.right);
  }
  return E.right(folders.sort((a, b) => (a.event.date < b.event.date ? -1 : a.event.date > b.event.date ? 1 : a.id < b.id ? -1 : 1)));
};
