import * as E from 'fp-ts/Either';
import { notRatedReport, recordAfterEvent } from './after-event';
import { pairRounds } from './event-check';
import { FesaGradeError } from './grades';
import { explainResult, settle, type Field } from './iteration';
import { FESA_PROGRAM_OPTIONS, type FesaOptions } from './options';
import { fail, findOrigin, matchRecords, participantsOf } from './participants';
import { standingsOrder } from './standings';
import type { FesaError, FesaEvent, FesaPlayer, FesaPlayerReport, FesaRatingResult } from './types';

/**
 * Rate one event (PROGRAM-BEHAVIOUR.md §1–§7, seed 000): match players to the list, decide provisional players,
 * iterate ratings Gauss–Seidel in file order until no integer result changes, update game counts, history and
 * dates, promote grades and return the new list sorted by rating (stable, new players first).
 *
 * `explain: false` leaves out the per-game terms of the report (games, performance games and case, Newton steps):
 * a fold that only wants the list does not pay for an explanation nobody reads.
 */
export const rateEvent = (
  list: readonly FesaPlayer[],
  newPlayers: readonly FesaPlayer[],
  event: FesaEvent,
  options: FesaOptions = FESA_PROGRAM_OPTIONS,
  {
    explain = true,
    checkLastPlayed = true,
  }: {
    readonly explain?: boolean;
    /**
     * The program refuses a file whose player has played on or after its date (so that an event is not applied to its
     * own output). The ledger's folds turn it off: there two tournaments are two facts, and a player may play in two
     * on one day; applying one twice cannot happen.
     */
    readonly checkLastPlayed?: boolean;
  } = {},
): E.Either<FesaError, FesaRatingResult> => {
  try {
    return rate(list, newPlayers, event, options, explain, checkLastPlayed);
  } catch (e) {
    if (e instanceof FesaGradeError) return fail('unknown-grade', e.message);
    throw e;
  }
};

/**
 * The steps of rating one event, each in its own module: who plays with which record and game list
 * (participants.ts), the results iterated until they settle (iteration.ts), each player's record and report after
 * the event (after-event.ts), and the new list in rating order.
 */
const rate = (
  list: readonly FesaPlayer[],
  newPlayers: readonly FesaPlayer[],
  event: FesaEvent,
  options: FesaOptions,
  explain: boolean,
  checkLastPlayed: boolean,
): E.Either<FesaError, FesaRatingResult> => {
  const paired = pairRounds(event);
  if (E.isLeft(paired)) return paired;
  const rounds = paired.right;
  const combined = [...newPlayers, ...list];
  const matched = matchRecords(event, combined, checkLastPlayed);
  if (E.isLeft(matched)) return matched;

  const origin = findOrigin(matched.right.map((m) => m.record));
  const field: Field = { participants: participantsOf(event, rounds, matched.right, options), options };
  const order = origin === 'A' ? standingsOrder(event, rounds) : field.participants.map((_, i) => i);

  const passes = settle(field, order, event.name);
  if (E.isLeft(passes)) return passes;
  if (explain) for (const i of order) explainResult(field, field.participants[i]!);

  const updated = [...combined];
  const reports: FesaPlayerReport[] = [];
  for (const i of order) {
    const p = field.participants[i]!;
    if (p.ev.simultaneousGiver || p.listIndex < 0) {
      reports.push(notRatedReport(p));
      continue;
    }
    const after = recordAfterEvent(field, p, origin, event.date);
    if (E.isLeft(after)) return after;
    updated[p.listIndex] = after.right.record;
    reports.push(after.right.report);
  }
  return E.right({ list: byRating(updated), inInputOrder: updated, report: { iterations: passes.right, origin, players: reports } });
};

/** Stable sort by rating, highest first (the program's stable-sort with #'>). */
const byRating = (records: readonly FesaPlayer[]): FesaPlayer[] =>
  records
    .map((_, i) => i)
    .sort((a, b) => records[b]!.eloNumber - records[a]!.eloNumber || a - b)
    .map((i) => records[i]!);
