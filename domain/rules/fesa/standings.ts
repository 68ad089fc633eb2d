import * as E from 'fp-ts/Either';
import { pairRounds, type PairedRound } from './event-check';
import type { FesaError, FesaEvent } from './types';

/**
 * American events are rated in standings order (pts, SOS, SB, cumulative; the program's `reorder` with
 * spiller>=). CLISP's merge sort with that ≥ predicate puts tied players in reverse line order.
 */
export const standingsOrder = (event: FesaEvent, rounds: readonly PairedRound[][]): number[] => {
  const pts = event.players.map((p, i) => p.macmahon + rounds[i]!.reduce((s, r) => s + r.score, 0));
  const ptsOf = (opp: number): number => (opp === 0 ? 0 : pts[opp - 1]!);
  const key = event.players.map((p, i) => {
    const rs = rounds[i]!;
    let sum = 0;
    let cum = p.simultaneousGiver ? 0 : p.macmahon * rs.length;
    for (const r of rs) {
      sum += r.score;
      cum += sum;
    }
    return [pts[i]!, rs.reduce((s, r) => s + ptsOf(r.opponent), 0), rs.reduce((s, r) => s + r.score * ptsOf(r.opponent), 0), cum];
  });
  const order = event.players.map((_, i) => i).reverse();
  return order.sort((a, b) => {
    for (let k = 0; k < 4; k++) if (key[a]![k] !== key[b]![k]) return key[b]![k]! - key[a]![k]!;
    return 0;
  });
};

/**
 * The order the program keeps the event's players in (its *all*): the file's order, or for an American event the
 * standings order. The report lists the players in this order, and the cross table numbers them by it.
 */
export const ratingOrder = (event: FesaEvent, origin: string): E.Either<FesaError, number[]> =>
  origin === 'A' ? E.map((rounds: PairedRound[][]) => standingsOrder(event, rounds))(pairRounds(event)) : E.right(event.players.map((_, i) => i));
