import * as E from 'fp-ts/Either';
import { isValidIsoDate } from '../../../../domain/events/iso-date';
import { pairRounds } from '../../../../domain/rules/fesa/event-check';
import { isHandicapType } from '../../../../domain/rules/fesa/handicap';
import type { FesaEvent, FesaEventPlayer, FesaRound, FesaScore } from '../../../../domain/rules/fesa/types';
import type { FesaFileError } from './ratingliste';

class LineError extends Error {
  constructor(readonly line: number, readonly reason: string) {
    super(reason);
  }
}

const WHITE = new Set([' ', '\r', '\n', '\t']);
const RESULT: Readonly<Record<string, FesaScore>> = { '+': 1, '-': 0, '=': 0.5 };

/** Text between the first "[" and the first "]" of the first line that has both (the program's get-item). */
const bracketItem = (lines: readonly string[], from: number, what: string): { value: string; next: number } => {
  for (const [i, text] of lines.entries()) {
    if (i < from) continue;
    const open = text.indexOf('[');
    const close = text.indexOf(']');
    if (open >= 0 && close >= 0) {
      if (close < open) throw new LineError(i + 1, `expected the ${what} as [text], but "]" comes before "["`);
      return { value: text.slice(open + 1, close), next: i + 1 };
    }
  }
  throw new LineError(lines.length, `no [${what}] line found`);
};

/** `<nr> [last name] [first name] <supplements> [results] [macmahon]` */
const parsePlayerLine = (line: string, lineNo: number): Omit<FesaEventPlayer, 'line'> => {
  const bad = (n: number): never => {
    throw new LineError(lineNo, `expected "<nr> [last name] [first name] <supplements> [results]" (bracket ${n} is missing or out of order)`);
  };
  const o1 = line.indexOf('[');
  const c1 = line.indexOf(']');
  if (o1 < 0 || c1 < o1) bad(1);
  const o2 = line.indexOf('[', o1 + 1);
  if (o2 < c1) bad(2);
  const c2 = line.indexOf(']', c1 + 1);
  if (c2 < o2) bad(2);
  const o3 = line.indexOf('[', o2 + 1);
  if (o3 < c2) bad(3);
  const c3 = line.indexOf(']', c2 + 1);
  if (c3 < o3) bad(3);
  let macmahon = 0;
  const o4 = line.indexOf('[', o3 + 1);
  if (o4 >= 0) {
    if (o4 < c3) bad(4);
    const c4 = line.indexOf(']', c3 + 1);
    if (c4 < o4) bad(4);
    const text = line.slice(o4 + 1, c4).trim();
    if (!/^[+-]?\d+$/.test(text)) throw new LineError(lineNo, `the MacMahon start score [${text}] should be an integer`);
    macmahon = parseInt(text, 10);
  }
  const results = line.slice(o3 + 1, c3);
  const simultaneous = results.replace(/^ +| +$/g, '') === '&';
  return {
    lastName: line.slice(o1 + 1, c1),
    firstName: line.slice(o2 + 1, c2),
    supplements: line.slice(c2 + 1, o3).replace(/^[ \t]+|[ \t]+$/g, ''),
    rounds: simultaneous ? [] : parseResults(results, lineNo),
    simultaneousGiver: simultaneous,
    macmahon,
  };
};

/** Tokens `<opp><+|-|=>` with an optional `(<side><type>)` handicap (the program's splitt-results). */
const parseResults = (s: string, lineNo: number): FesaRound[] => {
  const rounds: FesaRound[] = [];
  let pos = 0;
  const skipWhite = (from: number): number => {
    let p = from;
    while (p < s.length && WHITE.has(s.charAt(p))) p++;
    return p;
  };
  for (;;) {
    pos = skipWhite(pos);
    if (pos >= s.length) return rounds;
    const round = rounds.length + 1;
    const digits = /^\d+/.exec(s.slice(pos));
    if (!digits) throw new LineError(lineNo, `round ${round}: expected an opponent number, found "${s.slice(pos)}"`);
    pos += digits[0].length;
    pos = skipWhite(pos);
    const r = s[pos];
    if (r === undefined || RESULT[r] === undefined) {
      throw new LineError(lineNo, `round ${round}: expected a result +, - or = after opponent ${digits[0]}, found ${r === undefined ? 'the end of the results' : `"${r}"`}`);
    }
    pos++;
    const round1: { opponentIndex: number; score: FesaScore } = { opponentIndex: parseInt(digits[0], 10), score: RESULT[r] };
    const peek = skipWhite(pos);
    if (s[peek] === '(') {
      const sideAt = skipWhite(peek + 1);
      const side = s[sideAt];
      const close = s.indexOf(')', sideAt + 1);
      if (close < 0) throw new LineError(lineNo, `round ${round}: handicap "(" is never closed`);
      const type = s.slice(sideAt + 1, close).trim();
      if (side !== '+' && side !== '-') throw new LineError(lineNo, `round ${round}: handicap side should be + (receives) or - (gives), found "${side ?? ''}"`);
      if (!isHandicapType(type)) throw new LineError(lineNo, `round ${round}: unknown handicap type "${type}" (expected M, L, B, R, RL, 2p, 4p, 5p, 6p or S)`);
      rounds.push({ ...round1, handicap: { side: side, type } });
      pos = close + 1;
    } else rounds.push(round1);
  }
};

/**
 * Parses turnering.txt (PROGRAM-BEHAVIOUR §2): the first two bracketed lines give name and date; the player block
 * starts at the first result line whose leading number is 1 and ends at the first non-result line; players are
 * numbered by line order. Then the cross checks of the program (opponents agree, results add to 1, handicaps agree).
 * Every line at fault is said, in line order (an organiser fixes them all at once); the cross checks, which need every
 * player line read, only when there is none.
 */
export const parseTurneringAll = (text: string, file = 'turnering.txt', { isoDate = false }: { readonly isoDate?: boolean } = {}): E.Either<readonly FesaFileError[], FesaEvent> => {
  const lines = text.split('\n');
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  const errors: FesaFileError[] = [];
  const collect = (e: unknown): void => {
    if (!(e instanceof LineError)) throw e;
    errors.push({ file, line: e.line, reason: e.reason });
  };
  try {
    if (lines.length === 0) throw new LineError(1, 'the file is empty; expected the [event name] and [event date] lines, then the players');
    const name = bracketItem(lines, 0, 'event name');
    const date = bracketItem(lines, name.next, 'event date');
    // The program only compares dates as strings; the ledger dates the tournament and its games by this one.
    if (isoDate && !isValidIsoDate(date.value)) collect(new LineError(date.next, `the event date "${date.value}" is not a day YYYY-MM-DD that exists`));
    const players: FesaEventPlayer[] = [];
    let started = false;
    let endedAt = 0;
    for (const [i, line] of lines.entries()) {
      if (i < date.next) continue;
      const lineNo = i + 1;
      if (line.length === 0 || line[0] === ';') continue;
      if (!/[+\-=&]/.test(line)) {
        if (started && endedAt === 0) endedAt = lineNo;
        continue;
      }
      if (endedAt > 0) {
        collect(new LineError(lineNo, `result line after the player block ended at line ${endedAt} (remove the non-result line or comment it with ";")`));
        continue;
      }
      const leading = /^\s*([+-]?\d+)/.exec(line);
      if (!started && !(leading && parseInt(leading[1]!, 10) === 1)) continue;
      started = true;
      try {
        players.push({ ...parsePlayerLine(line, lineNo), line: lineNo });
      } catch (e) {
        collect(e);
      }
    }
    if (!started) throw new LineError(lines.length, 'no results read: the player block must start with a line numbered 1');
    if (errors.length > 0) return E.left(errors);
    const event: FesaEvent = { name: name.value, date: date.value, players };
    const paired = pairRounds(event);
    if (E.isLeft(paired)) return E.left([{ file, line: paired.left.line ?? 0, reason: paired.left.message }]);
    return E.right(event);
  } catch (e) {
    collect(e);
    return E.left(errors);
  }
};

/** turnering.txt parsed as above, refused with the first line at fault. */
export const parseTurnering = (text: string, file = 'turnering.txt', options: { readonly isoDate?: boolean } = {}): E.Either<FesaFileError, FesaEvent> =>
  E.mapLeft((errors: readonly FesaFileError[]) => errors[0]!)(parseTurneringAll(text, file, options));
