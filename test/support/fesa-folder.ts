/** The club's first FESA event folder as tests import it into random ledgers (fesa-import-saved, head-projection). */
import * as E from 'fp-ts/Either';
import path from 'node:path';
import { expect } from 'vitest';
import type { LoggedEvent } from '../../domain/events';
import { foldFesaFast } from '../../projections/fesa/incremental';
import { readEventFolder } from '../../src/adapters/formats/fesa/folders';
import { importFesaFolders, type EventFolder, type ImportOptions, type ImportOutcome } from '../../src/app/fesa-import';
import { Ledger } from '../../src/app/ledger';
import { loadFacts } from '../../src/app/load';
import type { Place } from './places';

const FOLDER = (() => {
  const read = readEventFolder(path.resolve(__dirname, '../../../shared/data/fesa-nekomado/01_1st_nekomadoken'));
  if (E.isLeft(read)) throw new Error(read.left);
  // a submission's files: no pre list (a pre list would differ from the random ledger's)
  return { ...read.right, pre: null } satisfies EventFolder;
})();

type Name = { lastName: string; firstName: string };

/** The names of the ledger's players, each once (two players of one name would be one line twice in the file). */
export const namesOf = (facts: readonly LoggedEvent[]): Name[] => {
  const names = new Map<string, Name>();
  for (const f of facts) if (f.event.type === 'PlayerRegistered') names.set(`${f.event.familyName}\u0000${f.event.givenName}`, { lastName: f.event.familyName, firstName: f.event.givenName });
  return [...names.values()];
};

/**
 * The folder dated `date`: its first `renamed` players bear the names of players of the ledger (and are no new
 * players of its nye-spillere unless `listedAsNew`), the others names no player of the ledger bears.
 */
export const folderOf = (date: string, names: readonly Name[], renamed: number, listedAsNew: boolean): EventFolder => {
  const key = (p: Name) => `${p.lastName}\u0000${p.firstName}`;
  const rename = new Map(FOLDER.event.players.map((p, i) => [key(p), i < Math.min(renamed, names.length) ? names[i]! : { lastName: `Club${p.lastName}`, firstName: p.firstName }]));
  // listed as new anyway (an organiser's slip): their NSR grades are declared for the players of the ledger
  const known = new Set(listedAsNew ? [] : FOLDER.event.players.slice(0, Math.min(renamed, names.length)).map(key));
  const as = <P extends Name>(p: P): P => ({ ...p, ...rename.get(key(p)) });
  const newPlayers = FOLDER.newPlayers.flatMap((p, i) => (known.has(key(p)) ? [] : [{ p: as(p), line: FOLDER.newPlayerLines[i]! }]));
  return { ...FOLDER, event: { ...FOLDER.event, date, players: FOLDER.event.players.map(as) }, newPlayers: newPlayers.map((n) => n.p), newPlayerLines: newPlayers.map((n) => n.line) };
};

export type Answer = { outcome: Omit<ImportOutcome, 'folders'> & { folders: unknown } } | { refused: string };

/** The folder imported with its consequences (decided by streams, as the CLI does), or the sentence refusing it. */
export const answer = async (place: Place, folder: EventFolder, options: Omit<ImportOptions, 'actor'>): Promise<Answer> => {
  try {
    const outcome = await importFesaFolders(new Ledger(place.store, 'streams'), [folder], { actor: 'officer', withConsequences: true, ...options });
    return { outcome };
  } catch (error) {
    return { refused: (error as Error).message };
  }
};

/** The facts as recorded, without when: the same facts in the same order. */
export const recorded = async (place: Place) => (await loadFacts(place.store)).map((f) => f.event);

/** The FESA list folded from the whole log (or the sentence of its failure). */
export const listOf = async (place: Place) => {
  const fold = foldFesaFast(await loadFacts(place.store), { runs: 'none' });
  return E.isRight(fold) ? fold.right.list : fold.left.message;
};

/** The two ledgers hold the same facts in the same order and fold to the same FESA list. */
export const expectSameLedgers = async (a: Place, b: Place): Promise<void> => {
  expect(await recorded(a)).toEqual(await recorded(b));
  expect(await listOf(a)).toEqual(await listOf(b));
};
