import * as E from 'fp-ts/Either';
import type { FesaPlayer } from '../../../../domain/rules/fesa/types';
import { padLeft, padRight } from './lisp';

/** Lisp `~[  ~:;~:*~2d~]`: a grade level, blank when 0. */
const level = (n: number): string => (n === 0 ? '  ' : padLeft(n, 2));

/**
 * The program's active-player dates: none means 2000-01-01, a month (YYYY-MM) its 31st; anything else must be ten
 * characters (the program stops with "... is not an ok date").
 */
const programDate = (d: string | null, what: string): E.Either<string, string> => {
  const s = d === null || d.length === 0 ? '2000-01-01' : d.length === 7 ? `${d}-31` : d;
  return s.length === 10 ? E.right(s) : E.left(`${what} "${d}" is not a date the official program accepts in all.txt (YYYY-MM-DD or YYYY-MM)`);
};

/** Where a player's nationality is taken from: the American list's home entry first, else the European one. */
const simpleNationality = (p: FesaPlayer): string => {
  const home = p.nationalityList.find((h) => h.list === 'A') ?? p.nationalityList.find((h) => h.list === 'E');
  return home === undefined ? 'NIL' : (home.nationality ?? 'NIL');
};

const isPro = (name: string): boolean => name.toLowerCase() === 'pro';

/**
 * `all.txt` as the official program writes it after a run (turnering.lisp `show-list`): the list in its order
 * (rating, highest first), without professionals, of the players who played in the two years up to `date` —
 * compared as strings from the same day two years before, inclusive — numbered from 1. No newline after the last
 * line. The caller writes it in ISO-8859-1, as the program does.
 */
export const formatAllTxt = (list: readonly FesaPlayer[], date: string): E.Either<string, string> => {
  let text = `Elo list for ${date}\n\n    Name                               Grades       Elo #games Nationality`;
  if (list.length === 0) return E.right(text);
  const today = programDate(date, 'the list date');
  if (E.isLeft(today)) return today;
  if (!/^\d{4}$/.test(today.right.slice(0, 4))) return E.left(`the list date "${date}" does not begin with a year`);
  const since = `${padLeft(Number(today.right.slice(0, 4)) - 2, 4)}${today.right.slice(4)}`;
  let rank = 0;
  for (const p of list) {
    const lastPlayed = programDate(p.lastPlayed, `LAST-PLAYED of ${p.lastName} ${p.firstName}`);
    if (E.isLeft(lastPlayed)) return lastPlayed;
    if (since > lastPlayed.right || isPro(p.gradeName) || isPro(p.nsrGradeName)) continue;
    const games = typeof p.games === 'number' ? p.games : p.games.length;
    text +=
      `\n${padLeft(++rank, 3)} ${padRight(p.lastName, 17)} ${padRight(p.firstName, 15)} ${level(p.gradeLevel)} ${padRight(p.gradeName, 3)} ` +
      `${level(p.nsrGradeLevel)} ${padRight(p.nsrGradeName, 3)} ${padLeft(p.eloNumber, 4)} ${padLeft(games, 3)}     ${simpleNationality(p)}`;
  }
  return E.right(text);
};
