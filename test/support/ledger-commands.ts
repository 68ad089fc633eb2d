/**
 * Random commands on a small ledger (four players, two tournaments): registrations, games (many refused: unknown
 * players, one person twice in a round, replays), corrections, withdrawals, closures, merges and unmerges, renames,
 * prior grades; and the decision the whole log's fold gives, which a decision from streams must equal.
 */
import * as fc from 'fast-check';
import * as E from 'fp-ts/Either';
import type { Command } from '../../domain/commands/decide';
import { decide } from '../../domain/commands/decide';
import { evolve, initialLedgerState } from '../../domain/commands/state';
import { readDomainEvents } from '../../src/app/event-log';
import type { EventStore } from '../../src/app/ports/event-store';

export const PLAYERS = ['P1', 'P2', 'P3', 'P4'];
export const base = { validDate: '2026-03-07', actor: 'test' };
export const tournament = (id: string, entrants?: string[], ratingSystem = 'fesa'): Command =>
  ({ ...base, kind: 'RegisterTournament', tournamentId: id, name: id, place: 'Oslo', startDate: '2026-03-07', endDate: '2026-03-08', ratingSystem, rated: true, timeControl: { mainMinutes: 30, byoyomiSeconds: 30, incrementSeconds: 0 }, ...(entrants ? { entrants } : {}) }) as Command;
const id = fc.constantFrom(...PLAYERS);
const t = fc.constantFrom('T1', 'T2');
const game = fc.record({ t, g: fc.constantFrom('g1', 'g2', 'g3'), round: fc.integer({ min: 1, max: 2 }), first: id, second: id, result: fc.constantFrom('win', 'draw', 'sennichite'), replay: fc.option(fc.constantFrom('g1', 'g2'), { nil: undefined }) });
export const commandArb: fc.Arbitrary<Command> = fc.oneof(
  id.map((p) => ({ ...base, kind: 'RegisterPlayer', playerId: p, familyName: `F${p}`, givenName: 'G', country: 'NO' }) as Command),
  fc.record({ t, entrants: fc.option(fc.subarray(PLAYERS), { nil: undefined }), system: fc.constantFrom('fesa', 'fide') }).map(({ t: tid, entrants, system }) => tournament(tid, entrants, system)),
  { arbitrary: game.map(({ t: tid, g, round, first, second, result, replay }) => ({ ...base, kind: 'ReportGame', tournamentId: tid, gameId: g, round, first, second, result, ...(replay ? { replayOf: replay } : {}) }) as Command), weight: 4 },
  { arbitrary: game.map(({ t: tid, g, round, first, second, result }) => ({ ...base, kind: 'CorrectResult', tournamentId: tid, gameId: g, round, first, second, result, reason: 'sheet' }) as Command), weight: 2 },
  fc.record({ t, g: fc.constantFrom('g1', 'g2') }).map(({ t: tid, g }) => ({ ...base, kind: 'WithdrawGame', tournamentId: tid, gameId: g, reason: 'not played' }) as Command),
  fc.record({ t, date: fc.constantFrom('2026-03-08', '2026-03-09', '2026-03-01') }).map(({ t: tid, date }) => ({ ...base, validDate: date, kind: 'CloseTournament', tournamentId: tid }) as Command),
  { arbitrary: fc.uniqueArray(id, { minLength: 2, maxLength: 2 }).map(([survivor, absorbed]) => ({ ...base, kind: 'MergePlayers', survivor, absorbed, reason: 'twice' }) as Command), weight: 2 },
  fc.record({ survivor: id, absorbed: id, n: fc.integer({ min: 1, max: 2 }) }).map(({ survivor, absorbed, n }) => ({ ...base, kind: 'UnmergePlayers', survivor, absorbed, merge: `player:${absorbed}:merge:${n}`, reason: 'two after all' }) as Command),
  fc.record({ p: id, to: id }).map(({ p, to }) => ({ ...base, kind: 'CorrectPlayerRegistration', playerId: p, familyName: `F${to}`, reason: 'typo' }) as Command),
  fc.record({ p: id, grade: fc.constantFrom('1 Dan', '2 Dan') }).map(({ p, grade }) => ({ ...base, kind: 'DeclarePriorGrade', playerId: p, source: 'NSR', grade }) as Command),
  // opening balances (refused after a game under the rule set, or under one id of another player's balance), the
  // adoptions that say which rule set rated a game, publications
  {
    arbitrary: fc
      .record({ p: id, ruleSet: fc.constantFrom('fide', 'fesa', 'nope'), date: fc.constantFrom('2026-03-01', '2026-03-09'), source: fc.constantFrom('list', 'file'), rating: fc.constantFrom(1800, 2000), eventId: fc.option(fc.constantFrom('opening:fide:P1:list', 'b1'), { nil: undefined }) })
      .map(({ p, ruleSet, date, source, rating, eventId }) => ({ ...base, validDate: date, kind: 'ImportOpeningBalance', playerId: p, ruleSet, source, state: { rating, games: 50, birthYear: null, reached2400: false }, ...(eventId ? { eventId } : {}) }) as Command),
    weight: 3,
  },
  fc.record({ ruleSetId: fc.constantFrom('fide', 'fesa'), date: fc.constantFrom('2026-01-01', '2026-03-09') }).map(({ ruleSetId, date }) => ({ ...base, validDate: date, kind: 'AdoptRuleSet', ruleSetId, ruleSetVersion: 'v1', options: {} }) as Command),
  fc.record({ listId: fc.constantFrom('L1', 'L2'), hash: fc.constantFrom('ab', 'cd') }).map(({ listId, hash }) => ({ ...base, kind: 'PublishRatingList', listId, asOf: '2026-03-09', ruleSet: 'fesa', format: 'fesa', contentHash: hash.repeat(32) }) as Command),
);

/** The decision as the whole log's fold up to `upTo` gives it. */
export const wholeLogDecision = async (store: EventStore, command: Command, upTo?: number) => {
  const state = initialLedgerState();
  for await (const batch of readDomainEvents(store, upTo === undefined ? {} : { toPosition: upTo })) for (const logged of batch) evolve(state, logged.event, logged);
  return decide(command, state);
};

/** A decision as a test compares it: its events, or its refusal. */
export const asOutcome = (decision: ReturnType<typeof decide>) => (E.isLeft(decision) ? { rejected: decision.left } : { events: decision.right.events });
