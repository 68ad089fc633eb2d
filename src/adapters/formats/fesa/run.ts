import { existsSync, writeFileSync } from 'fs';
import * as path from 'path';
import * as E from 'fp-ts/Either';
import { rateEvent } from '../../../../domain/rules/fesa/rate-event';
import { FESA_PROGRAM_OPTIONS, type FesaOptions } from '../../../../domain/rules/fesa/options';
import type { FesaErrorCode, FesaEvent, FesaPlayer, FesaRatingResult } from '../../../../domain/rules/fesa/types';
import { LedgerFailure } from '../../../app/failure';
import { fesaCrosstable } from '../../../../projections/fesa/crosstable';
import { nameKey } from '../../../../projections/fesa/name-key';
import { formatAllTxt } from './all-txt';
import { parseNewPlayers } from './nye-spillere';
import { fileErrorMessage, formatRatingList, parseRatingList } from './ratingliste';
import { formatTurneringHtml } from './turnering-html';
import { parseTurnering } from './turnering';

export interface FesaRunOutcome {
  /** The files written, the post list first. */
  readonly written: readonly string[];
  readonly result: FesaRatingResult;
}

import { parsingFile, refusedAsLeft, readLatin1File as readLatin1 } from './latin1';

export interface FesaFolder {
  readonly list: readonly FesaPlayer[];
  readonly newPlayers: readonly FesaPlayer[];
  readonly event: FesaEvent;
}

/** The official program's input files of a run directory, parsed. */
export const readFesaFolder = (dir: string): E.Either<string, FesaFolder> => {
  return refusedAsLeft(() => readRunFiles(dir));
};

const readRunFiles = (dir: string): E.Either<string, FesaFolder> => {
  const at = (name: string): string => path.join(dir, name);
  for (const required of ['turnering.txt', 'ratingliste.pre']) {
    if (!existsSync(at(required))) return E.left(`${at(required)}: file not found (a FESA run directory needs turnering.txt and ratingliste.pre).`);
  }
  const event = parsingFile(at('turnering.txt'), () => parseTurnering(readLatin1(at('turnering.txt')), at('turnering.txt')));
  if (E.isLeft(event)) return E.left(fileErrorMessage(event.left));
  const list = parsingFile(at('ratingliste.pre'), () => parseRatingList(readLatin1(at('ratingliste.pre')), at('ratingliste.pre')));
  if (E.isLeft(list)) return E.left(fileErrorMessage(list.left));
  let newPlayers: readonly FesaPlayer[] = [];
  if (existsSync(at('nye-spillere'))) {
    const parsed = parsingFile(at('nye-spillere'), () => parseNewPlayers(readLatin1(at('nye-spillere')), at('nye-spillere')));
    if (E.isLeft(parsed)) return E.left(fileErrorMessage(parsed.left));
    newPlayers = parsed.right;
  }
  return E.right({ list: list.right, newPlayers, event: event.right });
};

/** Where `fesa run` writes: `out` = only the post list, to that file; otherwise all three files into `outDir`. */
export interface FesaRunTarget {
  readonly out?: string;
  readonly outDir?: string;
}

/** The first record of each name, new players before the list: the record the program's lookup by name finds. */
const recordsByName = (combined: readonly FesaPlayer[]): Map<string, FesaPlayer> => {
  const byName = new Map<string, FesaPlayer>();
  for (const p of combined) if (!byName.has(nameKey(p))) byName.set(nameKey(p), p);
  return byName;
};

/**
 * Drop-in for the official program's `(run)` in a working directory: reads `ratingliste.pre`, `turnering.txt`,
 * optional `nye-spillere`, and writes what the program writes — `ratingliste.post`, `all.txt` (the dated list of
 * active players) and `turnering.html` (the event's cross table and promotions) — into the directory, or into
 * `target.outDir`; with `target.out` only the post list, to that file. All three are computed before anything is
 * written. Returns one clear sentence on any problem.
 */
/** Why a run refused its folder: one sentence naming the file and line, and the engine's code when it refused the event. */
export interface FesaRunError {
  readonly message: string;
  readonly code?: FesaErrorCode;
}

const refused = (message: string, code?: FesaErrorCode): E.Either<FesaRunError, never> => E.left(code !== undefined ? { message, code } : { message });

export const fesaRun = (dir: string, target: FesaRunTarget = {}, options: FesaOptions = FESA_PROGRAM_OPTIONS): E.Either<FesaRunError, FesaRunOutcome> => {
  const at = (name: string): string => path.join(dir, name);
  const folder = readFesaFolder(dir);
  if (E.isLeft(folder)) return refused(folder.left);
  const { list, newPlayers, event } = folder.right;
  const rated = rateEvent(list, newPlayers, event, options);
  if (E.isLeft(rated)) {
    const where = rated.left.line !== undefined ? `${at('turnering.txt')}:${rated.left.line}: ` : `${at('turnering.txt')}: `;
    return refused(`${where}${rated.left.message}`, rated.left.code);
  }
  const post = formatRatingList(rated.right.list);
  if (target.out !== undefined) {
    writeFileSync(target.out, Buffer.from(post, 'latin1'));
    return E.right({ written: [target.out], result: rated.right });
  }
  const all = formatAllTxt(rated.right.list, event.date);
  if (E.isLeft(all)) return refused(`${at('turnering.txt')}: all.txt cannot be written: ${all.left}.`);
  const byName = recordsByName([...newPlayers, ...list]);
  const crosstable = fesaCrosstable(event, rated.right.report, (p) => byName.get(nameKey(p)));
  if (E.isLeft(crosstable)) return refused(`${at('turnering.txt')}: turnering.html cannot be written: ${crosstable.left}.`);
  const outDir = target.outDir ?? dir;
  if (!existsSync(outDir)) return refused(`${outDir}: no such directory to write ratingliste.post, all.txt and turnering.html into.`);
  const files: [string, string][] = [
    ['ratingliste.post', post],
    ['all.txt', all.right],
    ['turnering.html', formatTurneringHtml(crosstable.right)],
  ];
  for (const [name, text] of files) writeFileSync(path.join(outDir, name), Buffer.from(text, 'latin1'));
  return E.right({ written: files.map(([name]) => path.join(outDir, name)), result: rated.right });
};

/** CLI entry for `ledger fesa run <dir> [--out FILE | --out-dir DIR]`: the summary line, or an Error with one clear sentence. */
/** What `ledger fesa run` reports of a run (also its --json output). */
export interface FesaRunSummary {
  readonly rated: number;
  readonly passes: number;
  readonly promotions: number;
  readonly written: readonly string[];
  readonly listPlayers: number;
}

export const fesaRunCommand = async (args: { dir: string } & FesaRunTarget): Promise<FesaRunSummary> => {
  const r = fesaRun(args.dir, args);
  if (E.isLeft(r)) throw new LedgerFailure('rejected', r.left.message, r.left.code !== undefined ? { code: r.left.code } : {});
  const { result, written } = r.right;
  return {
    rated: result.report.players.filter((p) => p.method !== 'not-rated').length,
    passes: result.report.iterations,
    promotions: result.report.players.reduce((n, p) => n + p.promotions.length, 0),
    written,
    listPlayers: result.list.length,
  };
};

export const describeFesaRun = (s: FesaRunSummary): string =>
  `FESA: rated ${s.rated} players in ${s.passes} passes, ${s.promotions} promotion(s); wrote ${s.written.join(', ')} (${s.listPlayers} players).`;
