import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Command } from '../../../domain/commands/decide';
import { decide } from '../../../domain/commands/decide';
import type { GameState, LedgerState } from '../../../domain/commands/state';
import { evolve, forkLedgerState, initialLedgerState } from '../../../domain/commands/state';
import type { DomainEvent, GameFacts } from '../../../domain/events';
import { GAME_RESULTS } from '../../../domain/events/game-reported';

/**
 * The deciders' state keeps a tournament's games compact (domain/commands/games.ts). The reference here is what it
 * replaced: a Map of GameState objects, folded as the state folded game events before. Random reports (every
 * optional fact, keys in any order), corrections and withdrawals, forks evolved apart from their original: every
 * game read back equals the reference's, keys in the same order, and every game command is decided the same.
 */
type Reference = Map<string, Map<string, GameState>>;

const foldReference = (reference: Reference, event: DomainEvent): void => {
  switch (event.type) {
    case 'TournamentRegistered':
      reference.set(event.tournamentId, new Map());
      break;
    case 'GameReported': {
      const { type: _t, version: _v, eventId: _e, validDate, actor: _a, gameId, tournamentId, ...facts } = event;
      reference.get(tournamentId)?.set(gameId, { gameId, facts, reported: facts, validDate, corrections: 0, withdrawn: false });
      break;
    }
    case 'ResultCorrected': {
      const { type: _t, version: _v, eventId: _e, validDate: _d, actor: _a, gameId, tournamentId, reason: _r, ...facts } = event;
      const old = reference.get(tournamentId)?.get(gameId);
      if (old) reference.get(tournamentId)!.set(gameId, { ...old, facts, corrections: old.corrections + 1 });
      break;
    }
    case 'GameWithdrawn': {
      const old = reference.get(event.tournamentId)?.get(event.gameId);
      if (old) reference.get(event.tournamentId)!.set(event.gameId, { ...old, withdrawn: true });
      break;
    }
    // the rest of the log changes no game
    case 'PlayerRegistered':
    case 'PlayerRegistrationCorrected':
    case 'PlayersMerged':
    case 'PlayersUnmerged':
    case 'PriorGradeDeclared':
    case 'GradeAwarded':
    case 'OpeningBalanceImported':
    case 'TournamentClosed':
    case 'RatingAdjusted':
    case 'ListReconciled':
    case 'RatingListPublished':
    case 'RuleSetAdopted':
    case 'OfficerAppointed':
    case 'OfficerRevoked':
    case 'SubmissionReceived':
    case 'SubmissionApproved':
    case 'SubmissionRejected':
      break;
  }
};

const PLAYERS = ['A', 'B', 'C', 'p12'];
const GAME_IDS = ['1-0', '1-1', '2-0', 'g7', 'x'];
const TOURNAMENTS = ['T1', 'T2'];

const CORE = {
  round: fc.oneof(fc.integer({ min: 0, max: 6 }), fc.integer({ min: -3, max: 2 ** 19 }), fc.constant(1.5)),
  first: fc.constantFrom(...PLAYERS),
  second: fc.oneof(fc.constantFrom(...PLAYERS), fc.constant(null)),
  result: fc.constantFrom(...GAME_RESULTS),
};
const OPTIONAL = {
  handicap: fc.record({ type: fc.constantFrom('lance', 'bishop', 'rook'), giver: fc.constantFrom(...PLAYERS) }),
  timeControl: fc.record({ mainMinutes: fc.nat(90), byoyomiSeconds: fc.nat(60), incrementSeconds: fc.nat(30) }),
  replayOf: fc.constantFrom(...GAME_IDS),
  byePoints: fc.constantFrom(0, 0.5, 1),
  firstColour: fc.constantFrom('white', 'black'),
  byeKind: fc.constantFrom('half-point', 'full-point', 'zero-point'),
  shortGameScore: fc.constantFrom(0, 0.5, 1),
  handicapStones: fc.integer({ min: 0, max: 10 }),
};
/** The keys of `facts` in a random order. */
const shuffled = (facts: Record<string, unknown>): fc.Arbitrary<GameFacts> =>
  fc.shuffledSubarray(Object.keys(facts), { minLength: Object.keys(facts).length }).map((keys) => Object.fromEntries(keys.map((k) => [k, facts[k]])) as unknown as GameFacts);
/** Random facts, the keys in a random order: mostly the four every game has, else with any of the optional ones. */
const factsArb: fc.Arbitrary<GameFacts> = fc.oneof(
  { weight: 3, arbitrary: fc.record(CORE).chain(shuffled) },
  { weight: 1, arbitrary: fc.record({ ...CORE, ...OPTIONAL }, { requiredKeys: ['round', 'first', 'second', 'result'] }).chain(shuffled) },
);

const envelope = (n: number) => ({ version: 1 as const, eventId: `e${n}`, actor: 'officer' });
const dateArb = fc.constantFrom('2024-02-03', '2024-02-04', '2024-02-05');

/** One game event against a random game of a random tournament. */
const gameEventArb: fc.Arbitrary<DomainEvent> =
  fc.record({ t: fc.constantFrom(...TOURNAMENTS), g: fc.constantFrom(...GAME_IDS), kind: fc.constantFrom('report', 'report', 'correct', 'withdraw'), facts: factsArb, date: dateArb }).map(
    ({ t, g, kind, facts, date }) =>
      (kind === 'withdraw'
        ? { type: 'GameWithdrawn', ...envelope(1), validDate: date, gameId: g, tournamentId: t, reason: 'test' }
        : kind === 'correct'
          ? { type: 'ResultCorrected', ...envelope(1), validDate: date, gameId: g, tournamentId: t, reason: 'test', ...facts }
          : { type: 'GameReported', ...envelope(1), validDate: date, gameId: g, tournamentId: t, ...facts }) as DomainEvent,
  );
const eventsArb = (max: number): fc.Arbitrary<DomainEvent[]> => fc.array(gameEventArb, { maxLength: max });

const given = (): { state: LedgerState; reference: Reference } => {
  const state = initialLedgerState();
  const reference: Reference = new Map();
  const setup: DomainEvent[] = [
    ...PLAYERS.map((p) => ({ type: 'PlayerRegistered', ...envelope(0), eventId: `reg:${p}`, validDate: '2024-01-01', playerId: p, familyName: `F${p}`, givenName: 'G', country: 'NO' })),
    ...TOURNAMENTS.map((t) => ({
      type: 'TournamentRegistered', ...envelope(0), eventId: `t:${t}`, validDate: '2024-02-01', tournamentId: t, name: t, place: 'Oslo', startDate: '2024-02-03', endDate: '2024-02-04', ratingSystem: 'fesa', rated: true,
      timeControl: { mainMinutes: 30, byoyomiSeconds: 30, incrementSeconds: 0 },
    })),
  ] as DomainEvent[];
  for (const e of setup) {
    evolve(state, e);
    foldReference(reference, e);
  }
  return { state, reference };
};

const apply = (state: LedgerState, reference: Reference, events: readonly DomainEvent[]): void => {
  for (const e of events) {
    evolve(state, e);
    foldReference(reference, e);
  }
};

/** Every game as the state reads it, key order included (JSON keeps it), by every way of reading. */
const readBack = (state: LedgerState, tournamentId: string) => {
  const games = state.tournaments.get(tournamentId)!.games;
  return JSON.stringify({ size: games.size, notWithdrawn: games.notWithdrawn, keys: [...games.keys()], values: [...games.values()], entries: [...games], byId: GAME_IDS.map((g) => [games.has(g), games.get(g) ?? null]) });
};
const readReference = (reference: Reference, tournamentId: string) => {
  const games = reference.get(tournamentId)!;
  return JSON.stringify({ size: games.size, notWithdrawn: [...games.values()].filter((g) => !g.withdrawn).length, keys: [...games.keys()], values: [...games.values()], entries: [...games], byId: GAME_IDS.map((g) => [games.has(g), games.get(g) ?? null]) });
};

/** The state with each tournament's games replaced by the reference's Map: what the deciders read before. */
const referenceState = (state: LedgerState, reference: Reference): LedgerState =>
  ({ ...state, tournaments: new Map([...state.tournaments].map(([id, t]) => [id, { ...t, games: reference.get(id)! }])) }) as unknown as LedgerState;

/** A game command for a random game, with random facts or the facts it has now or was first reported with. */
const commandArb = (reference: Reference): fc.Arbitrary<Command> =>
  fc.record({ t: fc.constantFrom(...TOURNAMENTS), g: fc.constantFrom(...GAME_IDS), kind: fc.constantFrom('ReportGame', 'CorrectResult', 'WithdrawGame'), facts: factsArb, which: fc.constantFrom('random', 'facts', 'reported'), date: dateArb }).map(
    ({ t, g, kind, facts, which, date }) => {
      const known = reference.get(t)?.get(g);
      const chosen = which === 'facts' && known ? known.facts : which === 'reported' && known ? known.reported : facts;
      const validDate = which !== 'random' && known ? known.validDate : date;
      if (kind === 'WithdrawGame') return { kind, validDate, actor: 'officer', tournamentId: t, gameId: g, reason: 'test' } as Command;
      return { kind, validDate, actor: 'officer', tournamentId: t, gameId: g, ...(kind === 'CorrectResult' ? { reason: 'test' } : {}), ...chosen } as unknown as Command;
    },
  );

describe('the deciders\' games, compact: nothing lost, nothing decided otherwise', () => {
  it('reads back every reported, corrected and withdrawn game as the Map of GameState objects held it, in order, keys in order', () => {
    fc.assert(
      fc.property(eventsArb(40), (events) => {
        const { state, reference } = given();
        apply(state, reference, events);
        for (const t of TOURNAMENTS) expect(readBack(state, t)).toBe(readReference(reference, t));
      }),
      { numRuns: 300 },
    );
  });

  it('a fork and its original evolve apart: each reads its own games only, both as their references', () => {
    fc.assert(
      fc.property(eventsArb(20), eventsArb(15), eventsArb(15), (before, onFork, onOriginal) => {
        const { state, reference } = given();
        apply(state, reference, before);
        const fork = forkLedgerState(state);
        const forkReference: Reference = new Map([...reference].map(([id, games]) => [id, new Map(games)]));
        // interleaved, as a draft decides while the server folds new events into the original
        for (let i = 0; i < Math.max(onFork.length, onOriginal.length); i++) {
          if (onFork[i]) apply(fork, forkReference, [onFork[i]!]);
          if (onOriginal[i]) apply(state, reference, [onOriginal[i]!]);
        }
        for (const t of TOURNAMENTS) {
          expect(readBack(fork, t)).toBe(readReference(forkReference, t));
          expect(readBack(state, t)).toBe(readReference(reference, t));
        }
      }),
      { numRuns: 200 },
    );
  });

  it('decides every game command (idempotent re-reports, other facts, corrections, withdrawals) as on the Map of GameState objects', () => {
    fc.assert(
      fc.property(
        eventsArb(30).chain((events) => {
          const { state, reference } = given();
          apply(state, reference, events);
          return fc.tuple(fc.constant({ state, reference }), fc.array(commandArb(reference), { minLength: 1, maxLength: 10 }));
        }),
        ([{ state, reference }, commands]) => {
          const before = referenceState(state, reference);
          for (const command of commands) expect(JSON.stringify(decide(command, state))).toBe(JSON.stringify(decide(command, before)));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('keeps a game as first reported whatever its facts: the four facts packed or any other held, corrected or not', () => {
    const { state } = given();
    const plain = { round: 1, first: 'A', second: 'B', result: 'win' };
    const sorted = { first: 'A', result: 'draw', round: 2, second: 'C' };
    const rich = { round: 3, first: 'A', second: 'B', result: 'win', handicap: { type: 'lance', giver: 'A' } };
    for (const [g, facts] of [['1-0', plain], ['1-1', sorted], ['2-0', rich]] as const) evolve(state, { type: 'GameReported', ...envelope(1), validDate: '2024-02-03', gameId: g, tournamentId: 'T1', ...facts } as DomainEvent);
    evolve(state, { type: 'ResultCorrected', ...envelope(2), validDate: '2024-02-04', gameId: '1-0', tournamentId: 'T1', reason: 'typo', ...plain, result: 'loss' } as DomainEvent);
    const games = state.tournaments.get('T1')!.games;
    expect(games.get('1-0')).toEqual({ gameId: '1-0', facts: { ...plain, result: 'loss' }, reported: plain, validDate: '2024-02-03', corrections: 1, withdrawn: false });
    expect(Object.keys(games.get('1-1')!.facts)).toEqual(['first', 'result', 'round', 'second']);
    const sortedGame = games.get('1-1')!;
    expect(sortedGame.reported).toBe(sortedGame.facts);
    expect(games.get('2-0')!.facts).toEqual(rich);
    expect([...games.keys()]).toEqual(['1-0', '1-1', '2-0']);
  });
});
