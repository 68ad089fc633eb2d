import * as E from 'fp-ts/Either';
import { describe, expect, it } from 'vitest';
import type { Command } from '../../../domain/commands/decide';
import { decide } from '../../../domain/commands/decide';
import type { LedgerState } from '../../../domain/commands/state';
import { evolve, initialLedgerState } from '../../../domain/commands/state';
import { actor, player, tournament } from './spec';
import { RULE_SET_IDS } from '../../../domain/rules/rule-set-ids';
import { FESA_RULE_SETS } from '../../../projections/fesa/history';
import { GENERIC_RULE_SETS } from '../../../projections/generic/systems';

const game = (gameId: string, round: number, first: string, second: string | null, extra: Partial<Command> = {}): Command =>
  ({ kind: 'ReportGame', validDate: '2024-02-03', actor, tournamentId: 'T1', gameId, round, first, second, result: second === null ? 'bye' : 'win', ...extra }) as Command;

/** given / when / then over the pure decider: the state is folded from the events the given commands decided. */
const given = (...commands: Command[]): LedgerState =>
  commands.reduce((state, c) => {
    const d = decide(c, state);
    if (E.isLeft(d)) throw new Error(`given: ${d.left}`);
    d.right.events.forEach((e) => evolve(state, e));
    return state;
  }, initialLedgerState());

const rejection = (c: Command, state: LedgerState): string => {
  const d = decide(c, state);
  if (E.isRight(d)) throw new Error(`expected a rejection, got ${d.right.events.length} event(s)`);
  return d.left;
};
const eventsOf = (c: Command, state: LedgerState) => {
  const d = decide(c, state);
  if (E.isLeft(d)) throw new Error(d.left);
  return d.right.events;
};

describe('commands: validation', () => {
  const base = () => given(player('A'), player('B'), player('C'), tournament);

  it('rejects a rule set the ledger does not know, whichever adapter sent the command; knows each one the projections rate with', () => {
    expect(rejection({ ...tournament, ratingSystem: 'nosuch' } as Command, base())).toMatch(/^RegisterTournament: field `ratingSystem`: "nosuch" is not a rule set this ledger knows; expected one of fesa, fesa-published, /);
    expect(rejection({ kind: 'AdoptRuleSet', validDate: '2024-01-01', actor, ruleSetId: 'elo-9', ruleSetVersion: '1', options: {} } as Command, base())).toMatch(/^AdoptRuleSet: field `ruleSetId`: "elo-9"/);
    expect(rejection({ kind: 'PublishRatingList', validDate: '2024-01-01', actor, listId: 'L', asOf: '2024-01-01', ruleSet: 'elo-9', format: 'fesa', contentHash: 'ab'.repeat(32) } as Command, base())).toMatch(
      /^PublishRatingList: field `ruleSet`: "elo-9" is not a rule set a published list can be reproduced under; expected one of as-adopted, fesa, fesa-published, us-shogi-1997-text, .*, uscf-k, fide-2024$/,
    );
    // any rule set's list is published, but only a FESA list as the FESA program's files
    expect(rejection({ kind: 'PublishRatingList', validDate: '2024-01-01', actor, listId: 'L', asOf: '2024-01-01', ruleSet: 'fide', format: 'fesa-all', contentHash: 'ab'.repeat(32) } as Command, base())).toBe(
      'PublishRatingList: field `format`: "fesa-all" is the FESA program\'s own file, which a fide list is not written as; expected table, csv or json',
    );
    expect(eventsOf({ kind: 'PublishRatingList', validDate: '2024-01-01', actor, listId: 'L', asOf: '2024-01-01', ruleSet: 'fide', format: 'json', contentHash: 'ab'.repeat(32) } as Command, base())).toHaveLength(1);
    expect([...RULE_SET_IDS].sort()).toEqual([...Object.keys(FESA_RULE_SETS), ...GENERIC_RULE_SETS].sort());
    for (const ratingSystem of RULE_SET_IDS) expect(eventsOf({ ...tournament, tournamentId: `T-${ratingSystem}`, ratingSystem } as Command, base())).toHaveLength(1);
  });

  it('rejects a game in an unknown tournament', () => {
    expect(rejection(game('G1', 1, 'A', 'B', { tournamentId: 'T9' } as Partial<Command>), base())).toBe('unknown tournament "T9"; register it first (ledger tournament add)');
  });
  it('rejects a game with an unknown player', () => {
    expect(rejection(game('G1', 1, 'A', 'Z'), base())).toBe('game G1: unknown second player "Z"; register the player first (ledger player add)');
  });
  it('rejects a player against himself', () => {
    expect(rejection(game('G1', 1, 'A', 'A'), base())).toBe('game G1: FamilyA G (A) cannot play against himself');
  });
  it('rejects a player twice in one round', () => {
    const state = given(player('A'), player('B'), player('C'), tournament, game('G1', 1, 'A', 'B'));
    expect(rejection(game('G2', 1, 'C', 'B'), state)).toBe('game G2: FamilyB G (B) already plays game G1 in round 1 of tournament "T1"');
    expect(eventsOf(game('G2', 2, 'C', 'B'), state)).toHaveLength(1);
  });
  it('allows the sennichite replay in the same round, and only of a sennichite game', () => {
    const state = given(player('A'), player('B'), player('C'), tournament, game('G1', 1, 'A', 'B', { result: 'sennichite' } as Partial<Command>));
    expect(eventsOf(game('G1r', 1, 'B', 'A', { replayOf: 'G1' } as Partial<Command>), state)).toHaveLength(1);
    const won = given(player('A'), player('B'), tournament, game('G1', 1, 'A', 'B'));
    expect(rejection(game('G1r', 1, 'B', 'A', { replayOf: 'G1' } as Partial<Command>), won)).toBe('game G1r: only a sennichite game is replayed, but "G1" ended "win"');
  });
  it('rejects a game dated outside its tournament', () => {
    expect(rejection(game('G1', 1, 'A', 'B', { validDate: '2024-02-05' } as Partial<Command>), base())).toBe(
      'game G1 is dated 2024-02-05, outside tournament "T1" (2024-02-03 to 2024-02-04)',
    );
  });
  it('rejects a handicap type that does not exist, and accepts FESA codes', () => {
    expect(rejection(game('G1', 1, 'A', 'B', { handicap: { type: 'queen', giver: 'B' } } as Partial<Command>), base())).toMatch(/^handicap type "queen" does not exist/);
    const [event] = eventsOf(game('G1', 1, 'A', 'B', { handicap: { type: 'RL', giver: 'B' } } as Partial<Command>), base());
    expect(event).toMatchObject({ handicap: { type: 'rook-lance', giver: 'B', code: 'RL' } });
  });
  it('rejects a handicap giver who is not playing', () => {
    expect(rejection(game('G1', 1, 'A', 'B', { handicap: { type: 'bishop', giver: 'C' } } as Partial<Command>), base())).toBe('game G1: the handicap giver "C" is not one of the two players');
  });
  it('rejects closing a tournament twice (on another date) and an unknown tournament', () => {
    const close = (date: string): Command => ({ kind: 'CloseTournament', validDate: date, actor, tournamentId: 'T1' });
    const closed = given(player('A'), tournament, close('2024-02-04'));
    expect(rejection(close('2024-02-10'), closed)).toBe('tournament "T1" was already closed on 2024-02-04; it cannot be closed twice');
    expect(eventsOf(close('2024-02-04'), closed)).toEqual([]);
    expect(rejection({ kind: 'CloseTournament', validDate: '2024-02-04', actor, tournamentId: 'T9' }, closed)).toBe('cannot close unknown tournament "T9"');
  });
  it('rejects correcting a game that does not exist', () => {
    const correct: Command = { kind: 'CorrectResult', validDate: '2024-03-01', actor, tournamentId: 'T1', gameId: 'G9', round: 1, first: 'A', second: 'B', result: 'loss', reason: 'late report' };
    expect(rejection(correct, base())).toBe('cannot correct game G9: tournament "T1" has no such game');
  });
  it('rejects malformed command fields with the field named', () => {
    expect(rejection({ ...(player('X') as object), validDate: '2024-13-01' } as Command, base())).toBe(
      'RegisterPlayer: field `validDate`: expected a date YYYY-MM-DD, got "2024-13-01"',
    );
  });
  it('rejects a game for a player who is not an entrant when entrants are listed', () => {
    const state = given(player('A'), player('B'), player('C'), { ...(tournament as object), entrants: ['A', 'B'] } as Command);
    expect(rejection(game('G1', 1, 'A', 'C'), state)).toBe('game G1: FamilyC G (C) is not an entrant of tournament "T1"');
  });
});

describe('commands: idempotency', () => {
  it('the same command again is a no-op', () => {
    const state = given(player('A'), player('B'), tournament, game('G1', 1, 'A', 'B'));
    expect(eventsOf(player('A'), state)).toEqual([]);
    expect(eventsOf(tournament, state)).toEqual([]);
    expect(eventsOf(game('G1', 1, 'A', 'B'), state)).toEqual([]);
  });
  it('the same id with different content is a clear error', () => {
    const state = given(player('A'), player('B'), tournament, game('G1', 1, 'A', 'B'));
    expect(rejection(player('A', 'Other'), state)).toBe('player "A" is already registered as FamilyA G (A) with other details; player ids are never reused');
    expect(rejection(game('G1', 1, 'B', 'A'), state)).toBe('game G1 of tournament "T1" is already reported with other facts; use a correction (ledger game correct) to change it');
  });
  it('a correction with the facts already in force is a no-op; a new one gets the next correction id', () => {
    const correct = (result: 'loss' | 'draw'): Command => ({ kind: 'CorrectResult', validDate: '2024-03-01', actor, tournamentId: 'T1', gameId: 'G1', round: 1, first: 'A', second: 'B', result, reason: 'late report' });
    const state = given(player('A'), player('B'), tournament, game('G1', 1, 'A', 'B'), correct('loss'));
    expect(eventsOf(correct('loss'), state)).toEqual([]);
    expect(eventsOf(correct('draw'), state).map((e) => e.eventId)).toEqual(['game:T1:G1:correction:2']);
    expect(eventsOf(game('G1', 1, 'A', 'B'), state)).toEqual([]);
  });
});
