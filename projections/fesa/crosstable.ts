import * as E from 'fp-ts/Either';
import { pairRounds } from '../../domain/rules/fesa/event-check';
import { ratingOrder } from '../../domain/rules/fesa/standings';
import type { FesaEvent, FesaEventPlayer, FesaHandicap, FesaPlayer, FesaRatingReport, FesaScore } from '../../domain/rules/fesa/types';

/** One round of a player as the cross table shows it: the opponent's number in the table (0 = nobody). */
export interface CrosstableRound {
  readonly opponent: number;
  readonly score: FesaScore;
  /** As written in the event file (the program prints the type as it was read, in its case). */
  readonly handicap?: FesaHandicap;
}

/** A player's line of the event's cross table, with the values the official program shows. */
export interface CrosstableRow {
  readonly nr: number;
  readonly lastName: string;
  /** As shown: an American event shows first names longer than three letters as an initial. */
  readonly firstName: string;
  /** Of the player's first home entry before the event; null when the list has none (the program prints NIL). */
  readonly nationality: string | null;
  /** The grade earned in the system before the event (promotions are listed below the table). */
  readonly gradeLevel: number;
  readonly gradeName: string;
  /** The rating before the event; a provisional player's new performance rating instead. */
  readonly rating: number;
  readonly provisional: boolean;
  readonly rounds: readonly CrosstableRound[];
  /** MacMahon start score plus the points of every round, byes too. */
  readonly points: number;
  /** The rating change; null for a provisional player and for anyone whose rating before was 0. */
  readonly change: number | null;
}

/** A player promoted in the event, with the grade reached. */
export interface CrosstablePromotion {
  readonly lastName: string;
  readonly firstName: string;
  readonly toLevel: number;
  readonly toName: string;
}

/** The cross table the official program writes to `turnering.html`: what happened in one event, player by player. */
export interface FesaCrosstable {
  readonly name: string;
  readonly date: string;
  /** The number of round columns: the program counts the rounds of the table's second player. */
  readonly rounds: number;
  readonly rows: readonly CrosstableRow[];
  /** In the order of the table. */
  readonly promotions: readonly CrosstablePromotion[];
}

/** The program's change-us-names: in an American event a first name of more than three letters becomes "X.". */
const shownFirstName = (firstName: string, origin: string): string =>
  origin === 'A' && firstName.length > 3 && firstName.toLowerCase() !== 'mrs.' ? `${firstName[0]}.` : firstName;

/**
 * The cross table of a rated event (turnering.lisp `skriv4-html` and `find-promotions`): `report` is what rating
 * the event gave, `recordOf` finds a player's list record before the event (the record the rating used). A
 * simultaneous-display giver and a nameless player are never looked up: the program shows them with an empty record.
 */
export const fesaCrosstable = (
  event: FesaEvent,
  report: FesaRatingReport,
  recordOf: (player: FesaEventPlayer) => FesaPlayer | undefined,
): E.Either<string, FesaCrosstable> => {
  const paired = pairRounds(event);
  if (E.isLeft(paired)) return E.left(paired.left.message);
  const order = ratingOrder(event, report.origin);
  if (E.isLeft(order)) return E.left(order.left.message);
  if (report.players.length !== event.players.length) {
    return E.left(`event "${event.name}": the rating report has ${report.players.length} players, the event ${event.players.length}`);
  }
  const nrOf = new Int32Array(event.players.length);
  order.right.forEach((i, k) => (nrOf[i] = k + 1));
  const rows: CrosstableRow[] = [];
  const promotions: CrosstablePromotion[] = [];
  for (let k = 0; k < order.right.length; k++) {
    const i = order.right[k]!;
    const ev = event.players[i]!;
    const rated = report.players[k]!;
    if (rated.lastName !== ev.lastName || rated.firstName !== ev.firstName) {
      return E.left(`event "${event.name}": the rating report's player ${k + 1} is "${rated.lastName} ${rated.firstName}", the event's "${ev.lastName} ${ev.firstName}"`);
    }
    const unlisted = ev.simultaneousGiver || (ev.lastName === '' && ev.firstName === '');
    const record = unlisted ? undefined : recordOf(ev);
    if (!unlisted && record === undefined) return E.left(`event "${event.name}": no list record of ${ev.lastName} ${ev.firstName} before the event`);
    const provisional = rated.method !== 'standard';
    rows.push({
      nr: k + 1,
      lastName: ev.lastName,
      firstName: shownFirstName(ev.firstName, report.origin),
      nationality: record === undefined ? '' : (record.nationalityList[0]?.nationality ?? null),
      gradeLevel: record?.gradeLevel ?? 0,
      gradeName: record?.gradeName ?? '',
      rating: provisional ? rated.postRating : rated.preRating,
      provisional,
      rounds: ev.simultaneousGiver ? [] : ev.rounds.map((r) => ({ opponent: r.opponentIndex === 0 ? 0 : nrOf[r.opponentIndex - 1]!, score: r.score, handicap: r.handicap })),
      points: paired.right[i]!.reduce((sum, r) => sum + r.score, ev.macmahon),
      change: provisional || rated.preRating === 0 ? null : rated.postRating - rated.preRating,
    });
    const last = rated.promotions[rated.promotions.length - 1];
    if (last && !ev.simultaneousGiver) promotions.push({ lastName: rated.lastName, firstName: rated.firstName, toLevel: last.toLevel, toName: last.toName });
  }
  return E.right({ name: event.name, date: event.date, rounds: rows[1]?.rounds.length ?? 0, rows, promotions });
};
