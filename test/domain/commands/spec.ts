import * as E from 'fp-ts/Either';
import { expect } from 'vitest';
import type { Command } from '../../../domain/commands/decide';
import { decide } from '../../../domain/commands/decide';
import type { LedgerState } from '../../../domain/commands/state';
import { evolve, initialLedgerState } from '../../../domain/commands/state';

/** The commands most specs start from: players A, B, … and the tournament T1 of 3–4 February 2024. */
export const actor = 'officer';
export const player = (id: string, family = `Family${id}`): Command => ({ kind: 'RegisterPlayer', validDate: '2024-01-01', actor, playerId: id, familyName: family, givenName: 'G', country: 'NO' });
export const tournament: Command = {
  kind: 'RegisterTournament', validDate: '2024-02-01', actor, tournamentId: 'T1', name: 'Open', place: 'Oslo',
  startDate: '2024-02-03', endDate: '2024-02-04', ratingSystem: 'fesa', rated: true,
  timeControl: { mainMinutes: 30, byoyomiSeconds: 30, incrementSeconds: 0 },
};

/**
 * Given / when / then over the pure decider (the Emmett decider-specification style): the state is folded from the
 * events the given commands decided, then one command is decided against it.
 */
export const given = (...history: readonly Command[]) => {
  const state = history.reduce<LedgerState>((s, c) => {
    const d = decide(c, s);
    if (E.isLeft(d)) throw new Error(`given ${c.kind}: ${d.left}`);
    d.right.events.forEach((e) => evolve(s, e));
    return s;
  }, initialLedgerState());
  return {
    when: (command: Command) => {
      const decision = decide(command, state);
      return {
        /** The events recorded, compared field by field with those given (extra fields of the events are ignored). */
        then: (expected: readonly Record<string, unknown>[]) => {
          if (E.isLeft(decision)) throw new Error(`expected ${expected.length} event(s), got the rejection: ${decision.left}`);
          expect(decision.right.events).toHaveLength(expected.length);
          decision.right.events.forEach((e, i) => expect(e).toMatchObject(expected[i]!));
          return decision.right;
        },
        /** Nothing recorded: the outcome already happened. */
        thenNothing: () => {
          if (E.isLeft(decision)) throw new Error(`expected no event, got the rejection: ${decision.left}`);
          expect(decision.right.events).toEqual([]);
        },
        thenRejects: (message: string | RegExp) => {
          if (E.isRight(decision)) throw new Error(`expected a rejection, got ${decision.right.events.length} event(s)`);
          if (typeof message === 'string') expect(decision.left).toBe(message);
          else expect(decision.left).toMatch(message);
        },
      };
    },
  };
};
