import { existsSync, readdirSync, readFileSync } from 'fs';
import * as path from 'path';
import * as E from 'fp-ts/Either';
import { describe, expect, it } from 'vitest';
import { formatAllTxt } from '../../../../src/adapters/formats/fesa/all-txt';
import { print, readAll } from '../../../../src/adapters/formats/fesa/lisp';
import { parseNewPlayers } from '../../../../src/adapters/formats/fesa/nye-spillere';
import { formatRatingList, parseRatingList } from '../../../../src/adapters/formats/fesa/ratingliste';
import { parseTurnering, parseTurneringAll } from '../../../../src/adapters/formats/fesa/turnering';

const shared = process.env.SHARED_DIR ?? path.resolve(__dirname, '../../../../../shared');
const archive = path.join(shared, 'data', 'fesa-nekomado');
const own = path.resolve(__dirname, '../../../fixtures/fesa-own');
const listFiles = [archive, own]
  .filter(existsSync)
  .flatMap((root) => readdirSync(root).map((d) => path.join(root, d)))
  .flatMap((d) => ['ratingliste.pre', 'ratingliste.post'].map((f) => path.join(d, f)))
  .filter(existsSync);

const errorOf = <A>(r: E.Either<{ line: number; reason: string }, A>): { line: number; reason: string } => {
  if (E.isRight(r)) throw new Error('expected an error');
  return r.left;
};

describe('ratingliste writer: read → write is byte-identical (behaviour §3)', () => {
  it('finds the archive and own list files', () => {
    expect(listFiles.length).toBeGreaterThanOrEqual(52);
  });
  for (const file of listFiles) {
    const text = readFileSync(file).toString('latin1');
    // 01's pre list "()" was written by hand; every program-written list has the write-table layout.
    const programWritten = text.trim() !== '()';
    it(`${path.basename(path.dirname(file))}/${path.basename(file)}`, () => {
      const parsed = parseRatingList(text, file);
      if (E.isLeft(parsed)) throw new Error(parsed.left.reason);
      expect(formatRatingList(parsed.right)).toBe(programWritten ? text : '(\n)\n');
    });
  }

  it('prints strings with escapes, ratios, characters and NIL like CLISP ~s', () => {
    const forms = readAll('(#S(HOME :list #\\E :last nil) "a\\"b\\\\" 1/2 2/4 () :lb t)');
    expect(forms.map((form) => print(form.value))).toEqual(['(#S(HOME :LIST #\\E :LAST NIL) "a\\"b\\\\" 1/2 1/2 NIL :LB T)']);
  });

  it('refuses a character literal cut off by the end of the file instead of reading a character that is not there', () => {
    expect(errorOf(parseRatingList('(\n)\n#\\'))).toEqual({ file: 'ratingliste.pre', line: 3, reason: 'unexpected end of file' });
  });

  it('keeps ISO-8859-1 names intact', () => {
    const text = '(#S(PLAYER :LAST-NAME "Ålvik" :FIRST-NAME "Søren" :NATIONALITY-LIST NIL :GRADE-LEVEL 0 :GRADE-NAME "" :NSR-GRADE-LEVEL 0 :NSR-GRADE-NAME "" :ELO-NUMBER 0 :GAMES 0 :LAST-PLAYED NIL :LB-COUNT (:LB 3 NIL) :MP-COUNT (:MP 2) :BONUS-COUNT 0)\n\n)\n';
    const parsed = parseRatingList(text);
    expect(E.isRight(parsed) && formatRatingList(parsed.right)).toBe(text);
  });

  it('reports the line of a bad record and what was expected', () => {
    const text = '(#S(PLAYER :LAST-NAME "A" :ELO-NUMBER 1500)\n#S(PLAYER :LAST-NAME "B" :ELO-NUMBER "x")\n\n)\n';
    expect(errorOf(parseRatingList(text))).toEqual({ file: 'ratingliste.pre', line: 2, reason: 'record 2: ELO-NUMBER should be an integer, found "x"' });
    expect(errorOf(parseRatingList('(#S(PLAYER :LAST-NAME "A"\n')).reason).toMatch(/never closed/);
  });
});

describe('nye-spillere', () => {
  it('reads plain player entries (grade 0 "", bonus 0, HOME :LAST NIL)', () => {
    const text = '(\n("N2" "" (#S(HOME :list #\\E :nationality "JP" :residens "JP")) 5 "Dan" 0 0 nil)\n)\n';
    const r = parseNewPlayers(text);
    expect(E.isRight(r) && r.right[0]).toMatchObject({ lastName: 'N2', nsrGradeLevel: 5, nsrGradeName: 'Dan', eloNumber: 0, games: 0, gradeName: '', bonusCount: 0, nationalityList: [{ list: 'E', nationality: 'JP', residens: 'JP', last: null }] });
  });

  it('refuses a second (evaluated) Lisp form instead of guessing what it does', () => {
    const text = '(\n("N2" "" (#S(HOME :list #\\E :nationality "JP" :residens "JP")) 5 "Dan" 0 0 nil)\n)\n(special-promotion "N2" "" 6 "Dan")\n';
    const e = errorOf(parseNewPlayers(text));
    expect(e.line).toBe(4);
    expect(e.reason).toMatch(/second Lisp form .* would evaluate it as code/);
  });

  it('names the entry and line of a malformed entry', () => {
    const text = '(\n("N2" "" (#S(HOME :list #\\E)) 5 "Dan" 0 0 nil)\n("N3" "" nil)\n)\n';
    expect(errorOf(parseNewPlayers(text))).toMatchObject({ line: 3, reason: expect.stringMatching(/^entry 2 should be a plain list/) });
  });
});

describe('turnering.txt (behaviour §2)', () => {
  const head = '[Club event]\n[2021-03-04]\n';

  it('reads name, date, players by line order, handicaps, byes, MacMahon and a simultaneous giver', () => {
    const text = `${head}; comment\nsome header line\n1 [A] [Ann] 3d [2+(-B) 3+ 0-] [2]\n2 [B] [] [1-(+b) 0- 3=]\n3 [Sim] [] [&]\nfooter\n`;
    const r = parseTurnering(text);
    if (E.isLeft(r)) throw new Error(r.left.reason);
    expect(r.right.name).toBe('Club event');
    expect(r.right.date).toBe('2021-03-04');
    expect(r.right.players.map((p) => [p.lastName, p.firstName, p.supplements, p.macmahon, p.simultaneousGiver, p.line])).toEqual([
      ['A', 'Ann', '3d', 2, false, 5],
      ['B', '', '', 0, false, 6],
      ['Sim', '', '', 0, true, 7],
    ]);
    expect(r.right.players[0]?.rounds).toEqual([
      { opponentIndex: 2, score: 1, handicap: { side: '-', type: 'B' } },
      { opponentIndex: 3, score: 1 },
      { opponentIndex: 0, score: 0 },
    ]);
  });

  const err = (body: string) => errorOf(parseTurnering(`${head}${body}`));

  it('opponent must list this player in the same round', () => {
    expect(err('1 [A] [] [2+]\n2 [B] [] [0-]\n3 [C] [] [0-]\n')).toMatchObject({ line: 3, reason: expect.stringMatching(/A played B in round 1, but B's round 1 opponent is 0/) });
  });

  it('the two results must add up to 1', () => {
    expect(err('1 [A] [] [2+]\n2 [B] [] [1+]\n')).toMatchObject({ line: 3, reason: expect.stringMatching(/do not score one point together in round 1/) });
  });

  it('handicap: one gives, the other receives, the same type', () => {
    expect(err('1 [A] [] [2+(+B)]\n2 [B] [] [1-(+B)]\n').reason).toMatch(/one player has to give/);
    expect(err('1 [A] [] [2+(+B)]\n2 [B] [] [1-]\n').reason).toMatch(/one player has to give/);
    expect(err('1 [A] [] [2+(+B)]\n2 [B] [] [1-(-L)]\n').reason).toMatch(/same handicap type/);
    expect(err('1 [A] [] [2+(+Q)]\n2 [B] [] [1-(-Q)]\n')).toMatchObject({ line: 3, reason: expect.stringMatching(/unknown handicap type "Q"/) });
  });

  it('malformed tokens and brackets name the line', () => {
    expect(err('1 [A] [] [x+]\n')).toMatchObject({ line: 3, reason: expect.stringMatching(/round 1: expected an opponent number/) });
    expect(err('1 [A] [] [2 3+]\n2 [B] [] [1-]\n')).toMatchObject({ line: 3, reason: expect.stringMatching(/round 1: expected a result/) });
    expect(err('1 [A] [] 2+\n')).toMatchObject({ line: 3, reason: expect.stringMatching(/bracket 3 is missing/) });
    expect(err('1 [A] [] [2+]\n2 [B] [] [1-]\nend\n3 [C] [] [0-]\n')).toMatchObject({ line: 6, reason: expect.stringMatching(/after the player block ended at line 5/) });
    expect(err('2 [A] [] [0-]\n')).toMatchObject({ reason: expect.stringMatching(/no results read/) });
    expect(err('1 [A] [] [3+]\n2 [B] [] [0-]\n')).toMatchObject({ line: 3, reason: expect.stringMatching(/only 2 players/) });
  });

  it('every line at fault is said at once, in line order; the cross checks wait until every line reads', () => {
    const all = parseTurneringAll(`[Club event]\n[2021-02-30]\n1 [A] [] [2+ 3*]\n2 [B] [] [1-]\n3 [C] [] 2+\n`, 'turnering.txt', { isoDate: true });
    expect(E.isLeft(all) && all.left).toEqual([
      { file: 'turnering.txt', line: 2, reason: 'the event date "2021-02-30" is not a day YYYY-MM-DD that exists' },
      { file: 'turnering.txt', line: 3, reason: 'round 2: expected a result +, - or = after opponent 3, found "*"' },
      { file: 'turnering.txt', line: 5, reason: 'expected "<nr> [last name] [first name] <supplements> [results]" (bracket 3 is missing or out of order)' },
    ]);
    // the first of them is what parseTurnering gives
    expect(errorOf(parseTurnering(`[Club event]\n[2021-03-04]\n1 [A] [] [2+ 3*]\n2 [B] [] [1-]\n3 [C] [] 2+\n`)).line).toBe(3);
  });

  it('no date line', () => {
    expect(errorOf(parseTurnering('[only a name]\n1 A\n')).reason).toMatch(/no \[event date\] line/);
  });
});

describe('all.txt: dates the official program cannot compare are refused with one sentence (turnering.lisp active-player)', () => {
  const list = parseRatingList(readFileSync(path.join(archive, '01_1st_nekomadoken', 'ratingliste.post'), 'latin1'));
  if (E.isLeft(list)) throw new Error(list.left.reason);
  it('a LAST-PLAYED that is neither YYYY-MM-DD nor YYYY-MM names the player', () => {
    const bad = [{ ...list.right[0]!, lastPlayed: '2016-5-1' }, ...list.right.slice(1)];
    expect(formatAllTxt(bad, '2016-06-01')).toEqual(E.left(`LAST-PLAYED of ${bad[0]!.lastName} ${bad[0]!.firstName} "2016-5-1" is not a date the official program accepts in all.txt (YYYY-MM-DD or YYYY-MM)`));
  });
  it('a list date of the wrong length is refused; an empty list needs no date (the program compares none)', () => {
    expect(E.isLeft(formatAllTxt(list.right, '2016-6-1'))).toBe(true);
    expect(formatAllTxt([], 'whenever')).toEqual(E.right('Elo list for whenever\n\n    Name                               Grades       Elo #games Nationality'));
  });
});
