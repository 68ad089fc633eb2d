import type { CrosstablePromotion, CrosstableRow, FesaCrosstable } from '../../../../projections/fesa/crosstable';
import { padLeft, padRight } from './lisp';

/** A score as Lisp prints the rational: 2, 3/2, -1/2. */
export const lispScore = (points: number): string => (Number.isInteger(points) ? String(points) : `${points * 2}/2`);

const RESULT_CHAR: Record<number, string> = { 1: '+', 0: '-', 0.5: '=' };

const row = (r: CrosstableRow): string => {
  const grade = `${r.gradeLevel > 0 ? padLeft(r.gradeLevel, 2) : '  '} ${padRight(r.gradeName, 3)}`;
  const rounds = r.rounds
    .map((g) => `</td><td>${padLeft(g.opponent, 2)}${RESULT_CHAR[g.score]}${g.handicap ? `(${g.handicap.side}${g.handicap.type})` : ''} `)
    .join('');
  const change = r.change === null ? '' : padLeft(r.change >= 0 ? `+${r.change}` : String(r.change), 4);
  return (
    `\n<tr><td>${padLeft(r.nr, 2)}</td><td> ${r.lastName}</td><td> ${r.firstName}</td><td> ${padRight(r.nationality ?? 'NIL', 3)}</td>` +
    `<td align="right">${grade}</td><td align="right">${padLeft(r.rating, 4)}${r.provisional ? '*' : ' &nbsp'} ${rounds}</td>` +
    `<td align="right">${padLeft(lispScore(r.points), 2)}</td><td align="right">${change}</td></tr>`
  );
};

/**
 * The promotion lines (turnering.lisp `promote`): each promotion is pushed as "Promoting LAST FIRST to N GRADE", and
 * one replaces the line before it when that line contains "Promoting LAST FIRST" — so a player promoted twice shows
 * only the last grade, and (the program's substring test) a player whose name begins another's can also replace
 * that player's line just before.
 */
const promotionLines = (promotions: readonly CrosstablePromotion[]): string[] => {
  const lines: string[] = [];
  for (const p of promotions) {
    if (lines.length > 0 && lines[lines.length - 1]!.includes(`Promoting ${p.lastName} ${p.firstName}`)) lines.pop();
    lines.push(`Promoting ${p.lastName} ${p.firstName} to ${p.toLevel} ${p.toName}`);
  }
  return lines;
};

/**
 * `turnering.html` as the official program writes it (`skriv4-html`, then `write-promotions` appends): the event's
 * name, the cross table, the promotions. The caller writes it in ISO-8859-1, as the program does.
 */
export const formatTurneringHtml = (t: FesaCrosstable): string => {
  let columns = '';
  for (let r = 1; r <= t.rounds; r++) columns += `${padLeft(r, 2)}</td><td>`;
  const promotions = promotionLines(t.promotions);
  return (
    `\n\n\n<h3>${t.name}</h3>` +
    `\n<table>\n<tr><td>Nr</td><td> Name</td><td></td><td>Nat </td><td> Grade </td><td> ELO</td><td>  ${columns}Pts</td><td>+/-</td></tr>` +
    t.rows.map(row).join('') +
    '\n</table>\n<br>\n' +
    (promotions.length > 0 ? `${promotions.map((l) => `${l}<br>\n`).join('')}<br>\n` : '') +
    '<br>\n<br>\n'
  );
};
