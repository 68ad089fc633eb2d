import * as E from 'fp-ts/Either';
import { describe, expect, it } from 'vitest';
import { decide, type Command } from '../../domain/commands/decide';
import { evolve, initialLedgerState, type LedgerState } from '../../domain/commands/state';
import type { DomainEvent } from '../../domain/events';
import { movesNoRating } from '../../src/app/consequences';
import { actor, player, tournament } from '../domain/commands/spec';

/**
 * A write's consequences fold the log twice; the facts that cannot move a rating (issue 32's answer is then empty)
 * skip that, so a burst of registrations and reports does not fold the log per write (issue 28's server under writes).
 */
const run = (history: readonly Command[], command: Command): { events: readonly DomainEvent[]; state: LedgerState } => {
  const state = initialLedgerState();
  for (const c of [...history, command]) {
    const d = decide(c, state);
    if (E.isLeft(d)) throw new Error(d.left);
    for (const e of d.right.events) evolve(state, e);
    if (c === command) return { events: d.right.events, state };
  }
  throw new Error('unreachable');
};

const game = (gameId: string, round = 1): Command => ({ kind: 'ReportGame', validDate: '2024-02-03', actor, tournamentId: 'T1', gameId, round, first: 'A', second: 'B', result: 'win' });
const close: Command = { kind: 'CloseTournament', validDate: '2024-02-04', actor, tournamentId: 'T1' };

describe('which writes can change no rating', () => {
  it('registrations and games of an open tournament move nothing; a closure, a late game or a merge may', () => {
    const neutral = (history: readonly Command[], c: Command) => {
      const { events, state } = run(history, c);
      return movesNoRating(events, state);
    };
    const base = [player('A'), player('B'), tournament];
    expect(neutral([], player('A'))).toBe(true);
    expect(neutral([player('A'), player('B')], tournament)).toBe(true);
    expect(neutral(base, game('G1'))).toBe(true);
    // a correction or withdrawal of a game of an open tournament rates nothing either (issue 30: the bench's correction)
    const correction = { kind: 'CorrectResult', validDate: '2024-02-03', actor, tournamentId: 'T1', gameId: 'G1', round: 1, first: 'A', second: 'B', result: 'draw', reason: 'sheet' } as Command;
    const withdrawal = { kind: 'WithdrawGame', validDate: '2024-02-03', actor, tournamentId: 'T1', gameId: 'G1', reason: 'never played' } as Command;
    expect(neutral([...base, game('G1')], correction)).toBe(true);
    expect(neutral([...base, game('G1')], withdrawal)).toBe(true);
    expect(neutral([...base, game('G1'), close], correction)).toBe(false);
    expect(neutral([...base, game('G1'), close], withdrawal)).toBe(false);
    expect(neutral([...base, game('G1')], close)).toBe(false);
    expect(neutral([...base, game('G1'), close], game('G2', 2))).toBe(false);
    expect(neutral([...base, player('C'), game('G1'), close], { kind: 'MergePlayers', validDate: '2024-03-01', actor, survivor: 'C', absorbed: 'B', reason: 'same person' } as Command)).toBe(false);
  });
});
