import * as fs from 'fs';
import * as path from 'path';
import { afterAll } from 'vitest';
import { NEKOMADO, tempDir } from './helpers';

/**
 * Temporary folders for one test file, removed after its tests: `temp(name)` a new one, `eventCopy(name, from)` a copy
 * of an event folder's inputs (the official program's three files) in a folder of that name, which may hold spaces,
 * quotes or newlines as it is.
 */
export const tempFolders = (): { temp: (name: string) => string; eventCopy: (name: string, from?: string) => string } => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  });
  const temp = (name: string): string => {
    const dir = tempDir(name);
    dirs.push(dir);
    return dir;
  };
  const eventCopy = (name: string, from = path.join(NEKOMADO, '05_5th_nekomadoken')): string => {
    const dir = path.join(temp('event'), name);
    fs.mkdirSync(dir);
    for (const file of ['turnering.txt', 'ratingliste.pre', 'nye-spillere']) if (fs.existsSync(path.join(from, file))) fs.copyFileSync(path.join(from, file), path.join(dir, file));
    return dir;
  };
  return { temp, eventCopy };
};

/** Each file of a folder by name, read as Latin-1 (the FESA files' encoding). */
export const folderFiles = (dir: string): Record<string, string> => Object.fromEntries(fs.readdirSync(dir).sort().map((f) => [f, fs.readFileSync(path.join(dir, f), 'latin1')]));
