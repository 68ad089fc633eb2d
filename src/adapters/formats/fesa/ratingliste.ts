import * as E from 'fp-ts/Either';
import type { FesaHistoryGame, FesaHome, FesaLbCount, FesaPlayer, FesaScore } from '../../../../domain/rules/fesa/types';
import { describe, int, isNil, kw, list, LispSyntaxError, NIL, print, readAll, str, T, type LispForm, type LispValue } from './lisp';

/** A file problem: which file, which line, what was expected. */
export interface FesaFileError {
  readonly file: string;
  readonly line: number;
  readonly reason: string;
}

export const fileErrorMessage = (e: FesaFileError): string => `${e.file}:${e.line}: ${e.reason}`;

export class FieldError extends Error {}

const expectInt = (v: LispValue, what: string): number => {
  if (v.t !== 'int') throw new FieldError(`${what} should be an integer, found ${describe(v)}`);
  // parseInt reads any number of digits; a list holds ratings and counts, never 1e+26
  if (!Number.isSafeInteger(v.v) || Math.abs(v.v) > 1_000_000) throw new FieldError(`${what} should be an integer a rating list can hold (at most 1000000), found ${describe(v)}`);
  return v.v;
};
const expectString = (v: LispValue, what: string): string => {
  if (v.t !== 'str') throw new FieldError(`${what} should be a string, found ${describe(v)}`);
  return v.v;
};
const stringOrNil = (v: LispValue, what: string): string | null => (isNil(v) ? null : expectString(v, what));
const items = (v: LispValue, what: string): readonly LispValue[] => {
  if (isNil(v)) return [];
  if (v.t !== 'list') throw new FieldError(`${what} should be a list, found ${describe(v)}`);
  return v.items;
};

const decodeScore = (v: LispValue, what: string): FesaScore => {
  if (v.t === 'int' && (v.v === 0 || v.v === 1)) return v.v;
  if (v.t === 'ratio' && v.n === 1 && v.d === 2) return 0.5;
  throw new FieldError(`${what} should be 1, 0 or 1/2, found ${describe(v)}`);
};

const decodeHome = (v: LispValue): FesaHome => {
  if (v.t !== 'struct' || v.name !== 'HOME') throw new FieldError(`NATIONALITY-LIST entries should be #S(HOME …), found ${describe(v)}`);
  const f = new Map(v.fields);
  for (const k of f.keys()) if (!['LIST', 'NATIONALITY', 'RESIDENS', 'LAST'].includes(k)) throw new FieldError(`#S(HOME …) has an unknown field :${k}`);
  const listChar = f.get('LIST') ?? NIL;
  if (!isNil(listChar) && listChar.t !== 'char') throw new FieldError(`HOME :LIST should be #\\E or #\\A, found ${describe(listChar)}`);
  return {
    list: listChar.t === 'char' ? listChar.v : null,
    nationality: stringOrNil(f.get('NATIONALITY') ?? NIL, 'HOME :NATIONALITY'),
    residens: stringOrNil(f.get('RESIDENS') ?? NIL, 'HOME :RESIDENS'),
    last: stringOrNil(f.get('LAST') ?? NIL, 'HOME :LAST'),
  };
};

export const decodeNationalityList = (v: LispValue): FesaHome[] => items(v, 'NATIONALITY-LIST').map(decodeHome);

export const decodeGames = (v: LispValue): number | FesaHistoryGame[] => {
  if (v.t === 'int') return v.v;
  return items(v, 'GAMES').map((g, i) => {
    const e = items(g, `GAMES entry ${i + 1}`);
    const [rating, result, weight] = e;
    if (e.length !== 3 || !rating || !result || !weight) throw new FieldError(`GAMES entry ${i + 1} should be (opponent-rating result weight), found ${describe(g)}`);
    return { opponentRating: expectInt(rating, `GAMES entry ${i + 1} rating`), score: decodeScore(result, `GAMES entry ${i + 1} result`), weight: expectInt(weight, `GAMES entry ${i + 1} weight`) };
  });
};

export const decodeLbCount = (v: LispValue): FesaLbCount | null => {
  if (isNil(v)) return null;
  const e = items(v, 'LB-COUNT');
  const [key, count, reached] = e;
  if (e.length !== 3 || key?.t !== 'sym' || key.name !== ':LB' || !count || reached?.t !== 'sym' || (reached.name !== 'T' && reached.name !== 'NIL')) {
    throw new FieldError(`LB-COUNT should be NIL or (:LB n T/NIL), found ${describe(v)}`);
  }
  return { n: expectInt(count, 'LB-COUNT count'), reachedMp: reached.name === 'T' };
};

export const decodeMpCount = (v: LispValue): number | null => {
  if (isNil(v)) return null;
  const e = items(v, 'MP-COUNT');
  const [key, count] = e;
  if (e.length !== 2 || key?.t !== 'sym' || key.name !== ':MP' || !count) throw new FieldError(`MP-COUNT should be NIL or (:MP n), found ${describe(v)}`);
  return expectInt(count, 'MP-COUNT count');
};

const PLAYER_FIELDS = [
  'LAST-NAME', 'FIRST-NAME', 'NATIONALITY-LIST', 'GRADE-LEVEL', 'GRADE-NAME', 'NSR-GRADE-LEVEL', 'NSR-GRADE-NAME',
  'ELO-NUMBER', 'GAMES', 'LAST-PLAYED', 'LB-COUNT', 'MP-COUNT', 'BONUS-COUNT',
] as const;

/** One `#S(PLAYER …)`; missing fields take the defstruct defaults. */
export const decodePlayer = (v: LispValue): FesaPlayer => {
  if (v.t !== 'struct' || v.name !== 'PLAYER') throw new FieldError(`expected #S(PLAYER …), found ${describe(v)}`);
  const f = new Map(v.fields);
  for (const k of f.keys()) if (!(PLAYER_FIELDS as readonly string[]).includes(k)) throw new FieldError(`#S(PLAYER …) has an unknown field :${k}`);
  const get = (k: (typeof PLAYER_FIELDS)[number], dflt: LispValue): LispValue => f.get(k) ?? dflt;
  const elo = get('ELO-NUMBER', NIL);
  return {
    lastName: expectString(get('LAST-NAME', str('')), 'LAST-NAME'),
    firstName: expectString(get('FIRST-NAME', str('')), 'FIRST-NAME'),
    nationalityList: decodeNationalityList(get('NATIONALITY-LIST', NIL)),
    gradeLevel: expectInt(get('GRADE-LEVEL', int(0)), 'GRADE-LEVEL'),
    gradeName: expectString(get('GRADE-NAME', str('')), 'GRADE-NAME'),
    nsrGradeLevel: expectInt(get('NSR-GRADE-LEVEL', int(0)), 'NSR-GRADE-LEVEL'),
    nsrGradeName: expectString(get('NSR-GRADE-NAME', str('')), 'NSR-GRADE-NAME'),
    eloNumber: expectInt(elo, 'ELO-NUMBER'),
    games: decodeGames(get('GAMES', NIL)),
    lastPlayed: stringOrNil(get('LAST-PLAYED', NIL), 'LAST-PLAYED'),
    lbCount: decodeLbCount(get('LB-COUNT', NIL)),
    mpCount: decodeMpCount(get('MP-COUNT', NIL)),
    bonusCount: expectInt(get('BONUS-COUNT', int(0)), 'BONUS-COUNT'),
  };
};

const encodeScore = (s: FesaScore): LispValue => (s === 0.5 ? { t: 'ratio', n: 1, d: 2 } : int(s));
const strOrNil = (s: string | null): LispValue => (s === null ? NIL : str(s));

/** The record as the program prints it; the optional extension is never printed. */
export const encodePlayer = (p: FesaPlayer): LispValue => ({
  t: 'struct',
  name: 'PLAYER',
  fields: [
    ['LAST-NAME', str(p.lastName)],
    ['FIRST-NAME', str(p.firstName)],
    ['NATIONALITY-LIST', list(p.nationalityList.map((h): LispValue => ({
      t: 'struct',
      name: 'HOME',
      fields: [
        ['LIST', h.list === null ? NIL : { t: 'char', v: h.list }],
        ['NATIONALITY', strOrNil(h.nationality)],
        ['RESIDENS', strOrNil(h.residens)],
        ['LAST', strOrNil(h.last)],
      ],
    })))],
    ['GRADE-LEVEL', int(p.gradeLevel)],
    ['GRADE-NAME', str(p.gradeName)],
    ['NSR-GRADE-LEVEL', int(p.nsrGradeLevel)],
    ['NSR-GRADE-NAME', str(p.nsrGradeName)],
    ['ELO-NUMBER', int(p.eloNumber)],
    ['GAMES', typeof p.games === 'number' ? int(p.games) : list(p.games.map((g) => list([int(g.opponentRating), encodeScore(g.score), int(g.weight)])))],
    ['LAST-PLAYED', strOrNil(p.lastPlayed)],
    ['LB-COUNT', p.lbCount === null ? NIL : list([kw('LB'), int(p.lbCount.n), p.lbCount.reachedMp ? T : NIL])],
    ['MP-COUNT', p.mpCount === null ? NIL : list([kw('MP'), int(p.mpCount)])],
    ['BONUS-COUNT', int(p.bonusCount)],
  ],
});

/** The top-level Lisp forms of a program file; a syntax error names the file and line. */
export const readLispFile = (text: string, file: string): E.Either<FesaFileError, LispForm[]> => {
  try {
    return E.right(readAll(text));
  } catch (e) {
    if (e instanceof LispSyntaxError) return E.left({ file, line: e.line, reason: e.reason });
    throw e;
  }
};

/** Reads `ratingliste.pre/.post`: one list of `#S(PLAYER …)` records. */
export const parseRatingList = (text: string, file = 'ratingliste.pre'): E.Either<FesaFileError, FesaPlayer[]> => {
  const read = readLispFile(text, file);
  if (E.isLeft(read)) return read;
  const [first, second] = read.right;
  if (first === undefined || second !== undefined) {
    return E.left({ file, line: second?.line ?? 1, reason: first === undefined ? 'the file is empty; expected one list of #S(PLAYER …) records, e.g. ()' : 'expected exactly one list of #S(PLAYER …) records, found more forms after it' });
  }
  const top = first.value;
  if (!isNil(top) && top.t !== 'list') return E.left({ file, line: first.line, reason: `expected a list of #S(PLAYER …) records, found ${describe(top)}` });
  const records = top.t === 'list' ? top.items : [];
  const out: FesaPlayer[] = [];
  for (const [i, record] of records.entries()) {
    try {
      out.push(decodePlayer(record));
    } catch (e) {
      // The records' lines are counted only for a refusal: a scan of every character, which `fesa run` would pay
      // cold on every list it reads. recordLines pads its answer to one line per record.
      if (e instanceof FieldError) return E.left({ file, line: recordLines(text, records.length)[i]!, reason: `record ${i + 1}: ${e.message}` });
      throw e;
    }
  }
  return E.right(out);
};

/** The line each record starts on (the program writes one per line after the opening "(": record i on line i+1). */
const recordLines = (text: string, n: number): number[] => {
  const out: number[] = [];
  const re = /#S\(\s*PLAYER\b/gi;
  let line = 1;
  let idx = 0;
  for (let m = re.exec(text); m && out.length < n; m = re.exec(text)) {
    for (let k = idx; k < m.index; k++) if (text.charCodeAt(k) === 10) line++;
    idx = m.index;
    out.push(line);
  }
  while (out.length < n) out.push(line);
  return out;
};

/** Writes the list exactly like the program's write-table: "(", one record per line, an empty line, ")". */
export const formatRatingList = (players: readonly FesaPlayer[]): string =>
  `(${players.map((p) => `${print(encodePlayer(p))}\n`).join('')}\n)\n`;
