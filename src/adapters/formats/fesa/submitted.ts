import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import * as path from 'path';
import * as E from 'fp-ts/Either';
import type { EventFolder } from '../../../app/fesa-import';
import type { SubmittedFile } from '../../../../domain/events';
import { readEventFolder } from './folders';

/** The files a FESA event folder may hold: anything else in a submission is a mistake worth saying. */
export const FESA_FOLDER_FILES = ['turnering.txt', 'nye-spillere', 'ratingliste.pre'] as const;

/**
 * A submitted FESA event folder read by the same reader as `fesa import` (so it is checked exactly as an import
 * would check it): its files are put back, byte for byte, into a throwaway folder named after the tournament, and
 * the folder's place on this machine is taken out of every message (the submitter knows only his file names).
 */
export const readSubmittedFolder = (files: readonly SubmittedFile[], tournamentId: string): E.Either<string, EventFolder> => {
  const unknown = files.filter((f) => !(FESA_FOLDER_FILES as readonly string[]).includes(f.name));
  if (unknown.length > 0) return E.left(`${unknown.map((f) => f.name).join(', ')}: not a file of a FESA event folder; expected ${FESA_FOLDER_FILES.join(', ')}`);
  const root = mkdtempSync(path.join(tmpdir(), 'submission-'));
  try {
    const dir = path.join(root, tournamentId);
    const at = dir + path.sep;
    mkdirSync(dir);
    for (const f of files) writeFileSync(path.join(dir, f.name), Buffer.from(f.base64, 'base64'));
    const read = readEventFolder(dir);
    if (E.isLeft(read)) return E.left(read.left.split(at).join(''));
    return E.right({ ...read.right, dir: tournamentId });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
};

