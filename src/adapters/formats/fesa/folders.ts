import { existsSync, readdirSync, statSync } from 'fs';
import * as path from 'path';
import * as E from 'fp-ts/Either';
import type { FesaPlayer } from '../../../../domain/rules/fesa/types';
import type { EventFolder } from '../../../app/fesa-import';
import { parseNewPlayerEntries } from './nye-spillere';
import { fileErrorMessage, parseRatingList } from './ratingliste';
import { parseTurnering } from './turnering';


import { parsingFile, refusedAsLeft, readLatin1File as latin1 } from './latin1';

export const isEventFolder = (dir: string): boolean => existsSync(path.join(dir, 'turnering.txt'));

export const readEventFolder = (dir: string): E.Either<string, EventFolder> => {
  return refusedAsLeft(() => readEventFiles(dir));
};

const readEventFiles = (dir: string): E.Either<string, EventFolder> => {
  const at = (name: string) => path.join(dir, name);
  if (!isEventFolder(dir)) return E.left(`${dir}: not a FESA event folder (no turnering.txt)`);
  const event = parsingFile(at('turnering.txt'), () => parseTurnering(latin1(at('turnering.txt')), at('turnering.txt'), { isoDate: true }));
  if (E.isLeft(event)) return E.left(fileErrorMessage(event.left));
  let pre: FesaPlayer[] | null = null;
  if (existsSync(at('ratingliste.pre'))) {
    const parsed = parsingFile(at('ratingliste.pre'), () => parseRatingList(latin1(at('ratingliste.pre')), at('ratingliste.pre')));
    if (E.isLeft(parsed)) return E.left(fileErrorMessage(parsed.left));
    pre = parsed.right;
  }
  let newPlayers: FesaPlayer[] = [];
  let newPlayerLines: number[] = [];
  if (existsSync(at('nye-spillere'))) {
    const parsed = parsingFile(at('nye-spillere'), () => parseNewPlayerEntries(latin1(at('nye-spillere')), at('nye-spillere')));
    if (E.isLeft(parsed)) return E.left(fileErrorMessage(parsed.left));
    newPlayers = parsed.right.map((e) => e.player);
    newPlayerLines = parsed.right.map((e) => e.line);
  }
  return E.right({ dir, id: path.basename(path.resolve(dir)), event: event.right, pre, newPlayers, newPlayerLines });
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
