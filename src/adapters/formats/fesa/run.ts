import { existsSync, readFileSync, writeFileSync } from 'fs';
import * as path from 'path';
import * as E from 'fp-ts/Either';
import { rateEvent } from '../../../../domain/rules/fesa/rate-event';
import { FESA_PROGRAM_OPTIONS, type FesaOptions } from '../../../../domain/rules/fesa/options';
import type { FesaEvent, FesaPlayer, FesaRatingResult } from '../../../../domain/rules/fesa/types';
import { parseNewPlayers } from './nye-spillere';
import { fileErrorMessage, formatRatingList, parseRatingList } from './ratingliste';
import { parseTurnering } from './turnering';

export interface FesaRunOutcome {
  readonly outFile: string;
  readonly result: FesaRatingResult;
}

/** The program reads and writes its files as ISO-8859-1. */
const readLatin1 = (file: string): string => readFileSync(file).toString('latin1');

export interface FesaFolder {
  readonly list: readonly FesaPlayer[];
  readonly newPlayers: readonly FesaPlayer[];
  readonly event: FesaEvent;
}

/** The official program's input files of a run directory, parsed. */
export const readFesaFolder = (dir: string): E.Either<string, FesaFolder> => {
  const at = (name: string): string => path.join(dir, name);
  for (const required of ['turnering.txt', 'ratingliste.pre']) {
    if (!existsSync(at(required))) return E.left(`${at(required)}: file not found (a FESA run directory needs turnering.txt and ratingliste.pre).`);
  }
  const event = parseTurnering(readLatin1(at('turnering.txt')), at('turnering.txt'));
  if (E.isLeft(event)) return E.left(fileErrorMessage(event.left));
  const list = parseRatingList(readLatin1(at('ratingliste.pre')), at('ratingliste.pre'));
  if (E.isLeft(list)) return E.left(fileErrorMessage(list.left));
  let newPlayers: readonly FesaPlayer[] = [];
  if (existsSync(at('nye-spillere'))) {
    const parsed = parseNewPlayers(readLatin1(at('nye-spillere')), at('nye-spillere'));
    if (E.isLeft(parsed)) return E.left(fileErrorMessage(parsed.left));
    newPlayers = parsed.right;
  }
  return E.right({ list: list.right, newPlayers, event: event.right });
};

/**
 * Drop-in for the official program's `(run)` in a working directory: reads `ratingliste.pre`, `turnering.txt`,
 * optional `nye-spillere`, writes `ratingliste.post` (or `out`). Returns one clear sentence on any problem.
 */
export const fesaRun = (dir: string, out?: string, options: FesaOptions = FESA_PROGRAM_OPTIONS): E.Either<string, FesaRunOutcome> => {
  const at = (name: string): string => path.join(dir, name);
  const folder = readFesaFolder(dir);
  if (E.isLeft(folder)) return folder;
  const rated = rateEvent(folder.right.list, folder.right.newPlayers, folder.right.event, options);
  if (E.isLeft(rated)) {
    const where = rated.left.line !== undefined ? `${at('turnering.txt')}:${rated.left.line}: ` : `${at('turnering.txt')}: `;
    return E.left(`${where}${rated.left.message}`);
  }
  const outFile = out ?? at('ratingliste.post');
  writeFileSync(outFile, Buffer.from(formatRatingList(rated.right.list), 'latin1'));
  return E.right({ outFile, result: rated.right });
};

/** CLI entry for `ledger fesa run <dir> [--out FILE]`: the summary line, or an Error with one clear sentence. */
export const fesaRunCommand = async (args: { dir: string; out?: string }): Promise<string> => {
  const r = fesaRun(args.dir, args.out);
  if (E.isLeft(r)) throw new Error(r.left);
  const { result, outFile } = r.right;
  const promotions = result.report.players.reduce((n, p) => n + p.promotions.length, 0);
  const rated = result.report.players.filter((p) => p.method !== 'not-rated').length;
  return `FESA: rated ${rated} players in ${result.report.iterations} passes, ${promotions} promotion(s); wrote ${outFile} (${result.list.length} players).`;
};
