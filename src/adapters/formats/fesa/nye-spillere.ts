import * as E from 'fp-ts/Either';
import type { FesaPlayer } from '../../../../domain/rules/fesa/types';
import { describe, isNil, NIL, type LispValue } from './lisp';
import { decodeGames, decodeLbCount, decodeMpCount, decodeNationalityList, FieldError, readLispFile, type FesaFileError } from './ratingliste';

const FIELDS = ['last name', 'first name', 'nationality list', 'NSR grade level', 'NSR grade name', 'ELO', 'games', 'last played'];

/**
 * `nye-spillere`: one list of `(last first nationality-list nsr-level nsr-name elo games last-played [lb mp])`
 * (the program's parse-new-player; grade 0 "", bonus count 0). The program also *evaluates* any second Lisp form
 * in this file (used for special/delayed promotion calls); evaluating code is not something a file reader should
 * guess at, so such a file is refused.
 */
export const parseNewPlayers = (text: string, file = 'nye-spillere'): E.Either<FesaFileError, FesaPlayer[]> =>
  E.map((entries: NewPlayerEntry[]) => entries.map((e) => e.player))(parseNewPlayerEntries(text, file));

/** An entry of `nye-spillere` and the line it starts on (facts made from it name the line). */
export interface NewPlayerEntry {
  readonly player: FesaPlayer;
  readonly line: number;
}

export const parseNewPlayerEntries = (text: string, file = 'nye-spillere'): E.Either<FesaFileError, NewPlayerEntry[]> => {
  const read = readLispFile(text, file);
  if (E.isLeft(read)) return read;
  const [first, second] = read.right;
  if (first === undefined) return E.left({ file, line: 1, reason: 'the file is empty; expected one list of new-player entries' });
  if (second !== undefined) {
    return E.left({
      file,
      line: second.line,
      reason: `a second Lisp form ${describe(second.value)} follows the player list; the official program would evaluate it as code (special/delayed promotions), which is not supported: apply such promotions explicitly and remove the form`,
    });
  }
  const top = first.value;
  if (!isNil(top) && top.t !== 'list') return E.left({ file, line: first.line, reason: `expected a list of new-player entries, found ${describe(top)}` });
  const entries = top.t === 'list' ? top.items : [];
  const out: NewPlayerEntry[] = [];
  for (const [i, entry] of entries.entries()) {
    const line = lineOfEntry(text, i, first.line);
    if (entry.t !== 'list' || entry.items.length < 8 || entry.items.length > 10) {
      return E.left({ file, line, reason: `entry ${i + 1} should be a plain list (${FIELDS.join(' ')} [lb-count mp-count]), found ${describe(entry)}` });
    }
    try {
      out.push({ player: decodeEntry(entry.items), line });
    } catch (e) {
      if (e instanceof FieldError) return E.left({ file, line, reason: `entry ${i + 1}: ${e.message}` });
      throw e;
    }
  }
  return E.right(out);
};

const decodeEntry = (x: readonly LispValue[]): FesaPlayer => {
  const s = (v: LispValue, what: string): string => {
    if (v.t !== 'str') throw new FieldError(`${what} should be a string, found ${describe(v)}`);
    return v.v;
  };
  const n = (v: LispValue, what: string): number => {
    if (v.t !== 'int') throw new FieldError(`${what} should be an integer, found ${describe(v)}`);
    return v.v;
  };
  const [lastName, firstName, homes, nsrLevel, nsrName, elo, games, lastPlayed, lbCount = NIL, mpCount = NIL] = x;
  if (!lastName || !firstName || !homes || !nsrLevel || !nsrName || !elo || !games || !lastPlayed) {
    throw new FieldError(`expected the fields ${FIELDS.join(' ')}, found only ${x.length}`);
  }
  return {
    lastName: s(lastName, 'last name'),
    firstName: s(firstName, 'first name'),
    nationalityList: decodeNationalityList(homes),
    gradeLevel: 0,
    gradeName: '',
    nsrGradeLevel: n(nsrLevel, 'NSR grade level'),
    nsrGradeName: s(nsrName, 'NSR grade name'),
    eloNumber: n(elo, 'ELO'),
    games: decodeGames(games),
    lastPlayed: isNil(lastPlayed) ? null : s(lastPlayed, 'last played'),
    lbCount: decodeLbCount(lbCount),
    mpCount: decodeMpCount(mpCount),
    bonusCount: 0,
  };
};

/** Entries are written one per line; the i-th "(" at nesting depth 1 starts entry i. */
const lineOfEntry = (text: string, index: number, start: number): number => {
  let depth = 0;
  let line = 1;
  let seen = -1;
  let inString = false;
  for (let k = 0; k < text.length; k++) {
    const c = text[k];
    if (c === '\n') line++;
    if (inString) {
      if (c === '\\') k++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === ';') while (k + 1 < text.length && text[k + 1] !== '\n') k++;
    else if (c === '(') {
      if (depth === 1 && ++seen === index) return line;
      depth++;
    } else if (c === ')') depth--;
  }
  return start;
};
