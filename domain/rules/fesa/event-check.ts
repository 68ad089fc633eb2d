import * as E from 'fp-ts/Either';
import { isHandicapType } from './handicap';
import type { FesaError, FesaEvent, FesaEventPlayer, FesaHandicap, FesaScore } from './types';

/** One round as the rating sees it, after a simultaneous-display giver's games were taken from its opponents. */
export interface PairedRound {
  /** 0 = nobody, otherwise 1-based index into event.players. */
  readonly opponent: number;
  readonly score: FesaScore;
  readonly handicap?: FesaHandicap;
}

export const eventPlayerName = (p: Pick<FesaEventPlayer, 'lastName' | 'firstName'>): string =>
  p.firstName === '' ? p.lastName : `${p.lastName} ${p.firstName}`;

const fail = (p: FesaEventPlayer, message: string): E.Either<FesaError, never> =>
  E.left({ code: 'inconsistent-round', message, line: p.line });

const flip = (h: FesaHandicap | undefined): FesaHandicap | undefined =>
  h ? { side: h.side === '+' ? '-' : '+', type: h.type } : undefined;

/**
 * The program's cross checks (turnering.lisp `calculate`, `sjekk-handicap`): the opponent must list this player in
 * the same round, the two results must add up to 1, and with a handicap one side receives (+) and the other gives
 * (−) the same handicap. Rounds against a simultaneous-display giver are copied onto the giver (in reverse line
 * order, as the program pushes them) with the result and handicap side flipped.
 */
export const pairRounds = (event: FesaEvent): E.Either<FesaError, PairedRound[][]> => {
  const players = event.players;
  const rounds: PairedRound[][] = players.map((p) =>
    p.simultaneousGiver ? [] : p.rounds.map((r) => ({ opponent: r.opponentIndex, score: r.score, handicap: r.handicap })),
  );
  for (const [i, p] of players.entries()) {
    if (p.simultaneousGiver) continue;
    for (const [round, r] of p.rounds.entries()) {
      if (r.handicap && !isHandicapType(r.handicap.type)) {
        return fail(p, `Unknown handicap type "${String(r.handicap.type)}" in round ${round + 1} of ${eventPlayerName(p)} (expected M, L, B, R, RL, 2p, 4p, 5p, 6p or S).`);
      }
      if (r.opponentIndex === 0) continue;
      const opp = players[r.opponentIndex - 1];
      const oppRounds = rounds[r.opponentIndex - 1];
      if (!opp || !oppRounds) {
        return fail(p, `${eventPlayerName(p)} has opponent ${r.opponentIndex} in round ${round + 1}, but the event has only ${players.length} players.`);
      }
      if (opp.simultaneousGiver) {
        oppRounds.unshift({ opponent: i + 1, score: (1 - r.score) as FesaScore, handicap: flip(r.handicap) });
        continue;
      }
      const back = opp.rounds[round];
      if (!back || back.opponentIndex !== i + 1) {
        return fail(p, `${eventPlayerName(p)} played ${eventPlayerName(opp)} in round ${round + 1}, but ${eventPlayerName(opp)}'s round ${round + 1} ${back ? `opponent is ${back.opponentIndex}` : 'is missing'} (expected ${i + 1}).`);
      }
      if (r.score + back.score !== 1) {
        return fail(p, `${eventPlayerName(p)} and ${eventPlayerName(opp)} do not score one point together in round ${round + 1} (expected +/- or =/=).`);
      }
      const h1 = r.handicap;
      const h2 = back.handicap;
      if (!!h1 !== !!h2 || (h1 && h2 && h1.side === h2.side)) {
        return fail(p, `With handicap one player has to give (-) and the other receive (+): round ${round + 1}, ${eventPlayerName(p)} - ${eventPlayerName(opp)}.`);
      }
      if (h1 && h2 && h1.type.toLowerCase() !== h2.type.toLowerCase()) {
        return fail(p, `With handicap both players must have the same handicap type: round ${round + 1}, ${eventPlayerName(p)} (${h1.type}) - ${eventPlayerName(opp)} (${h2.type}).`);
      }
    }
  }
  return E.right(rounds);
};
