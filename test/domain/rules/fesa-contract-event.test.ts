import * as E from 'fp-ts/Either';
import { describe, expect, it } from 'vitest';
import type { TournamentFacts } from '../../../domain/rules/contract';
import type { Game } from '../../../domain/rules/elo-common/game';
import { contractEvent } from '../../../domain/rules/fesa/contract-event';
import { unratedRecord } from '../../../domain/rules/fesa/records';
import type { FesaPlayer } from '../../../domain/rules/fesa/types';
import { RULE_SETS } from '../../../domain/rules/registry';

/** The event file the FESA rule set builds from the contract's games: what it rates, in which round, and what not. */

const rated = (name: string, elo: number): FesaPlayer => ({
  ...unratedRecord(name, '', [{ list: 'E', nationality: 'NO', residens: 'NO', last: '2020-01-01' }]),
  eloNumber: elo, games: 40, lastPlayed: '2020-01-01', bonusCount: 100,
});
const players = { a: rated('Ann', 1800), b: rated('Bo', 1700), c: rated('Cy', 1600) };
const T: TournamentFacts = { date: '2021-03-01', name: 'Spring' };
const built = (games: readonly Game[], t: TournamentFacts = T, ps: Record<string, FesaPlayer> = players) => {
  const out = contractEvent(t, ps, games);
  if (E.isLeft(out)) throw new Error(out.left.message);
  return out.right;
};
const tokens = (games: readonly Game[], t: TournamentFacts = T) =>
  built(games, t).event.players.map((p) => `${p.lastName}:${p.rounds.map((r) => `${r.opponentIndex}${r.score === 1 ? '+' : r.score === 0 ? '-' : '='}${r.handicap ? `(${r.handicap.side}${r.handicap.type})` : ''}`).join(' ')}`);

describe('FESA contract: the event file of a tournament given as games', () => {
  it('seats players as they first play; places games without a round in each player\'s next round, given rounds as given (gaps are opponent 0)', () => {
    expect(tokens([{ a: 'a', b: 'b', score: 1 }, { a: 'c', b: 'a', score: 0.5 }, { a: 'b', b: 'c', score: 0 }]))
      .toEqual(['Ann:2+ 3=', 'Bo:1- 0- 3-', 'Cy:0- 1= 2+']);
    expect(tokens([{ a: 'a', b: 'b', score: 1, round: 3 }, { a: 'c', b: 'a', score: 0, round: 1 }]))
      .toEqual(['Cy:2-', 'Ann:1+ 0- 3+', 'Bo:0- 0- 2-']);
  });

  it('seats the entrants first, writes byes and McMahon scores, and the handicap from each side', () => {
    const t: TournamentFacts = { ...T, entrants: ['c', 'b', 'a'], byes: [{ playerId: 'c', round: 1, points: 1 }], macMahon: { a: 2 } };
    const out = built([{ a: 'a', b: 'b', score: 0, round: 1, handicap: { type: 'bishop', giver: 'a' } }], t);
    expect(out.seating).toEqual(['c', 'b', 'a']);
    expect(tokens([{ a: 'a', b: 'b', score: 0, round: 1, handicap: { type: 'bishop', giver: 'a' } }], t)).toEqual(['Cy:0+', 'Bo:3+(+B)', 'Ann:2-(-B)']);
    expect(out.event.players.map((p) => p.macmahon)).toEqual([0, 0, 2]);
  });

  it('does not rate a game FESA does not rate: too short a time control, a handicap it has no value for', () => {
    const out = built([
      { a: 'a', b: 'b', score: 1, timeControl: { main: 10, byoyomi: 10, increment: 0 } },
      { a: 'a', b: 'c', score: 1, handicap: { type: '3p', giver: 'a' } },
      { a: 'b', b: 'c', score: 1, timeControl: { main: 20, byoyomi: 40, increment: 0 } },
    ]);
    expect(out.gamesRated).toEqual([{ rated: false, reason: 'time-control' }, { rated: false, reason: 'handicap-not-ratable' }, { rated: true }]);
    expect(out.event.players[0]!.rounds.every((r) => r.opponentIndex === 0)).toBe(true);
  });

  it('rates a simultaneous giver\'s opponents only; the giver needs no state', () => {
    const fesa = RULE_SETS.get('fesa')!;
    const t: TournamentFacts = { ...T, simultaneousGivers: ['pro'] };
    const games: Game[] = [{ a: 'pro', b: 'a', score: 1 }, { a: 'pro', b: 'b', score: 0 }];
    const out = built(games, t);
    expect(out.gamesRated).toEqual([{ rated: true, only: 'a' }, { rated: true, only: 'b' }]);
    const result = fesa.rateTournament(E.getOrElseW(() => { throw new Error('options'); })(fesa.options({})), t, { ...players, pro: undefined } as never, games);
    if (E.isLeft(result)) throw new Error(result.left.message);
    expect(result.right.players.pro).toBeUndefined();
    expect(fesa.rating(result.right.players.a)).toBeLessThan(1800);
    expect(fesa.rating(result.right.players.b)).toBeGreaterThan(1700);
    expect(fesa.rating(result.right.players.c)).toBe(1600);
  });

  it('refuses, naming the field, two players of one name and a player without a state', () => {
    const twins = contractEvent(T, { a: players.a, z: rated('Ann', 1500) }, [{ a: 'a', b: 'z', score: 1 }]);
    expect(twins).toEqual(E.left({ field: 'players.z', message: 'z and a both bear the name "Ann" in one tournament; FESA tells its players apart by name.' }));
    const missing = contractEvent(T, players, [{ a: 'a', b: 'x', score: 1 }]);
    expect(E.isLeft(missing) && missing.left.field).toBe('players.x');
    const twice = contractEvent(T, players, [{ a: 'a', b: 'b', score: 1, round: 1 }, { a: 'a', b: 'c', score: 1, round: 1 }]);
    expect(E.isLeft(twice) && twice.left.message).toBe('a has two games in round 1; FESA\'s file has one token per player and round.');
  });
});
