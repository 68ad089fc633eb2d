import * as E from 'fp-ts/Either';
import { describe, expect, it } from 'vitest';
import { decodeEvent, type LoggedEvent } from '../../../domain/events';
import { describedBy, typedOptions, type RuleSet } from '../../../domain/rules/contract';
import { logisticExpected } from '../../../domain/rules/elo-common/elo';
import { RATED } from '../../../domain/rules/elo-common/game';
import { RULE_SETS, ruleSetRegistry } from '../../../domain/rules/registry';
import type { RuleSystem } from '../../../domain/rules/rule-system';
import { explainGeneric } from '../../../projections/generic/explain';
import { foldGeneric, ratingsOf } from '../../../projections/generic/history';
import { givesGrades, ruleSetList } from '../../../src/app/rule-set-list';

/**
 * Adding a rule set is one implementation of the contract plus one line in the registry: a plain Elo with K = 20,
 * defined here, rates a small ledger through the generic fold and lists it, with nothing else of the ledger changed.
 */
interface PlainElo { readonly rating: number; readonly games: number }

const K = 20;
const isState = (s: unknown): s is PlainElo =>
  typeof s === 'object' && s !== null && typeof (s as PlainElo).rating === 'number' && Number.isInteger((s as PlainElo).games);

// the harness face: no options, states { rating, games }; what `ledger rules run-case` and the decoders call
const plainEloSystem: RuleSystem = {
  id: 'elo-k20', version: '1', title: 'Plain Elo, K 20 (a test rule set)', options: [],
  ops: {
    'rate-event': (options, input) => {
      const extra = Object.keys((options ?? {}) as object);
      if (extra.length > 0) return E.left({ field: `options.${extra[0]}`, message: `unknown option "${extra[0]}"; this rule set has none` });
      const players = (input as { players: Record<string, unknown> }).players;
      for (const [id, s] of Object.entries(players)) {
        if (!isState(s)) return E.left({ field: `input.players.${id}`, message: 'expected { rating: number, games: integer }' });
      }
      return E.right({ players });
    },
  },
};

const plainElo: RuleSet<PlainElo, Record<string, never>> = {
  ...describedBy(plainEloSystem),
  options: typedOptions(plainEloSystem, {}),
  newPlayer: (_p, entry) => ({ rating: typeof entry === 'object' ? entry.rating : 1500, games: 0 }),
  // event mode: every game against the ratings before the tournament
  rateTournament: (_o, _t, players, games) => {
    const delta: Record<string, number> = {};
    for (const g of games) {
      const e = logisticExpected(players[g.a]!.rating, players[g.b]!.rating);
      delta[g.a] = (delta[g.a] ?? 0) + K * (g.score - e);
      delta[g.b] = (delta[g.b] ?? 0) - K * (g.score - e);
    }
    const count = (id: string) => games.filter((g) => g.a === id || g.b === id).length;
    const after = Object.fromEntries(Object.entries(players).map(([id, s]) => [id, { rating: s.rating + (delta[id] ?? 0), games: s.games + count(id) }]));
    return E.right({ players: after, gamesRated: games.map(() => RATED) });
  },
  rating: (s) => s.rating,
  games: (s) => s.games,
  provisional: (s) => s.games < 3,
  setRating: (s, rating) => ({ ...s, rating }),
  defaultBalanceGames: 0,
  openingState: (b) => (b.grade === undefined ? E.right({ rating: b.rating, games: b.games }) : E.left('elo-k20 has no grades')),
  expectedScore: (_o, a, b) => logisticExpected(a.rating, b.rating),
  gameTerms: (_o, _t, me, opp) => ({ opponentRatingUsed: opp.rating, expected: logisticExpected(me.rating, opp.rating), terms: { K } }),
};

const registry = ruleSetRegistry([...RULE_SETS.all, plainElo]);

const env = (n: number, validDate: string) => ({ version: 1, eventId: `e${n}`, validDate, actor: 'test' });
const noTc = { mainMinutes: 0, byoyomiSeconds: 0, incrementSeconds: 0 };
const payloads: Record<string, unknown>[] = [
  { type: 'PlayerRegistered', playerId: 'A', familyName: 'Aas', givenName: 'Anne', country: 'NO' },
  { type: 'PlayerRegistered', playerId: 'B', familyName: 'Berg', givenName: 'Bo', country: 'SE' },
  { type: 'PlayerRegistered', playerId: 'C', familyName: 'Carlsen', givenName: 'Cato', country: 'DK' },
  { type: 'TournamentRegistered', tournamentId: 'T1', name: 'Club night', place: 'Oslo', startDate: '2024-03-01', endDate: '2024-03-01', ratingSystem: 'elo-k20', rated: true, timeControl: noTc },
  { type: 'GameReported', tournamentId: 'T1', gameId: 'g1', round: 1, first: 'A', second: 'B', result: 'win' },
  { type: 'GameReported', tournamentId: 'T1', gameId: 'g2', round: 2, first: 'C', second: 'A', result: 'draw' },
  { type: 'GameReported', tournamentId: 'T1', gameId: 'g3', round: 3, first: 'B', second: 'C', result: 'win' },
  { type: 'TournamentClosed', tournamentId: 'T1' },
  { type: 'TournamentRegistered', tournamentId: 'T2', name: 'Club night 2', place: 'Oslo', startDate: '2024-04-01', endDate: '2024-04-01', ratingSystem: 'elo-k20', rated: true, timeControl: noTc },
  { type: 'GameReported', tournamentId: 'T2', gameId: 'g1', round: 1, first: 'C', second: 'A', result: 'win' },
  { type: 'TournamentClosed', tournamentId: 'T2' },
];
const facts: LoggedEvent[] = payloads.map((p, i) => {
  const date = typeof p.endDate === 'string' ? p.endDate : p.tournamentId === 'T2' ? '2024-04-01' : '2024-03-01';
  const decoded = decodeEvent(p.type as string, { ...env(i, date), ...p });
  if (E.isLeft(decoded)) throw new Error(decoded.left);
  return { event: decoded.right, globalPosition: i + 1 };
});

describe('a rule set added through the registry', () => {
  it('is rated by the generic fold: each tournament against the ratings before it, states carried to the next', () => {
    const fold = foldGeneric(facts, { registry, asOf: '2024-03-31' });
    if (E.isLeft(fold)) throw new Error(fold.left);
    // A beats B (+10, −10), draws C (0), B beats C (+10, −10): all at 1500, so every expected score is ½
    expect(ratingsOf(fold.right, 'elo-k20').map((r) => [r.playerId, r.rating])).toEqual([['A', 1510], ['B', 1500], ['C', 1490]]);
    const later = foldGeneric(facts, { registry });
    if (E.isLeft(later)) throw new Error(later.left);
    const e = 1 / (1 + 10 ** (20 / 400)); // C (1490) against A (1510)
    const c = ratingsOf(later.right, 'elo-k20').find((r) => r.playerId === 'C')!;
    expect(c.rating).toBeCloseTo(1490 + K * (1 - e), 10);
    expect(c.state).toEqual({ rating: c.rating, games: 3 });
  });

  it('explains each game in its own terms, and has no grade history', () => {
    const fold = foldGeneric(facts, { registry, asOf: '2024-03-31' });
    if (E.isLeft(fold)) throw new Error(fold.left);
    const explained = explainGeneric(fold.right, 'A', 'elo-k20');
    if (E.isLeft(explained)) throw new Error(explained.left);
    expect(explained.right.data.tournaments).toMatchObject([{
      tournamentId: 'T1', ruleSet: 'elo-k20', before: 1500, after: 1510,
      games: [
        { gameId: 'g1', opponent: 'B', score: 1, rated: true, opponentRatingUsed: 1500, expected: 0.5, terms: { K } },
        { gameId: 'g2', opponent: 'C', score: 0.5, rated: true, opponentRatingUsed: 1500, expected: 0.5, terms: { K } },
      ],
    }]);
    expect(explained.right.data.grades).toEqual([]);
  });

  it('is unknown to a ledger whose registry does not list it: its tournaments are left unrated', () => {
    const fold = foldGeneric(facts, {});
    if (E.isLeft(fold)) throw new Error(fold.left);
    expect(fold.right.runs).toEqual([]);
    expect(fold.right.states.has('elo-k20')).toBe(false);
  });

  it('has a list with names, games and its own provisional category, and no grade column', () => {
    const list = ruleSetList(facts, 'elo-k20', { asOf: '2024-03-31', registry });
    expect(list.players).toEqual([
      { rank: 1, id: 'A', name: 'Aas Anne', country: 'NO', provisional: true, rating: 1510, games: 2, lastPlayed: '2024-03-01' },
      { rank: 2, id: 'B', name: 'Berg Bo', country: 'SE', provisional: true, rating: 1500, games: 2, lastPlayed: '2024-03-01' },
      { rank: 3, id: 'C', name: 'Carlsen Cato', country: 'DK', provisional: true, rating: 1490, games: 2, lastPlayed: '2024-03-01' },
    ]);
    expect(ruleSetList(facts, 'elo-k20', { asOf: '2024-12-31', registry }).players.find((p) => p.id === 'C')).toMatchObject({ games: 3, provisional: false });
    expect(givesGrades('elo-k20', registry)).toBe(false);
    expect(givesGrades('pan-atlantic', registry)).toBe(true);
  });

  it('refuses options it does not have, naming the tournament', () => {
    const adopted = decodeEvent('RuleSetAdopted', { ...env(99, '2024-01-01'), type: 'RuleSetAdopted', ruleSetId: 'elo-k20', ruleSetVersion: '1', options: { k: 32 } });
    if (E.isLeft(adopted)) throw new Error(adopted.left);
    const fold = foldGeneric([...facts, { event: adopted.right, globalPosition: 99 }], { registry });
    expect(fold).toEqual(E.left('tournament "T1" (2024-03-01) under elo-k20: unknown option "k"; this rule set has none'));
  });

  it('is registered once: two rule sets with one id are refused', () => {
    expect(() => ruleSetRegistry([...RULE_SETS.all, plainElo, plainElo])).toThrow(/two rule sets share an id/);
  });
});
