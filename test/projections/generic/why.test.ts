import * as E from 'fp-ts/Either';
import { describe, expect, it } from 'vitest';
import { decodeEvent, type LoggedEvent } from '../../../domain/events';
import { foldGeneric, type GenericFold } from '../../../projections/generic/history';
import { whyRatingsDiffer } from '../../../projections/generic/why';

/**
 * Why two rule sets give one player different ratings, from the terms each explains his games with: fide-2024 against
 * the seed's fide (the 400-point rule, the table) and against uscf-k (K).
 */
const noTc = { mainMinutes: 0, byoyomiSeconds: 0, incrementSeconds: 0 };
const RATINGS: Record<string, number> = { G: 2700, L: 2200, M: 2000, N: 2010 };
const payloads: Record<string, unknown>[] = [
  ...Object.keys(RATINGS).map((id) => ({ type: 'PlayerRegistered', playerId: id, familyName: id, givenName: '', country: 'NO' })),
  ...['fide', 'fide-2024', 'uscf-k'].flatMap((ruleSet) => Object.entries(RATINGS).map(([id, rating]) => ({
    type: 'OpeningBalanceImported', eventId: `opening:${ruleSet}:${id}`, playerId: id, ruleSet, source: 'list',
    state: { rating, games: 40, birthYear: null, reached2400: rating >= 2400 },
  }))),
  { type: 'TournamentRegistered', tournamentId: 'T', name: 'Open', place: 'Oslo', startDate: '2024-06-08', endDate: '2024-06-09', ratingSystem: 'fide-2024', rated: true, timeControl: noTc },
  { type: 'GameReported', tournamentId: 'T', gameId: 'g1', round: 1, first: 'L', second: 'G', result: 'loss' },
  { type: 'GameReported', tournamentId: 'T', gameId: 'g2', round: 1, first: 'M', second: 'N', result: 'win' },
  { type: 'TournamentClosed', tournamentId: 'T' },
];
const facts: LoggedEvent[] = payloads.map((p, i) => {
  const decoded = decodeEvent(p.type as string, { version: 1, eventId: `e${i}`, validDate: i < 16 ? '2024-05-01' : '2024-06-09', actor: 'test', ...p });
  if (E.isLeft(decoded)) throw new Error(decoded.left);
  return { event: decoded.right, globalPosition: i + 1 };
});
const under = (ruleSet: string, from: readonly LoggedEvent[] = facts): GenericFold => {
  const f = foldGeneric(from, { ruleSet });
  if (E.isLeft(f)) throw new Error(f.left);
  return f.right;
};

describe('why two rule sets rate a player differently', () => {
  it('names the 400-point rule for a game 500 points apart, the table against the curve for one 10 apart', () => {
    const [fide, fide2024] = [under('fide'), under('fide-2024')];
    expect(whyRatingsDiffer(fide, fide2024, 'fide', 'fide-2024', 'L')).toEqual(['the 400-point rule (1 game)']);
    expect(whyRatingsDiffer(fide, fide2024, 'fide', 'fide-2024', 'M')).toEqual(['the expected score: fide-2024\'s table against fide\'s curve (1 game)']);
  });

  it('names K where the rule sets give different ones: USCF\'s 32 below 2100 against FIDE\'s 20', () => {
    expect(whyRatingsDiffer(under('uscf-k'), under('fide-2024'), 'uscf-k', 'fide-2024', 'M')).toEqual(['K 32 under uscf-k, 20 under fide-2024 (1 game)']);
  });

  it('names his start first where an opening balance is under one rule set only', () => {
    // M's uscf-k balance left out: under uscf-k he enters as a newcomer (his performance against N), under fide-2024 at 2000
    const withoutUscfBalance = facts.filter((f) => !(f.event.type === 'OpeningBalanceImported' && f.event.ruleSet === 'uscf-k' && f.event.playerId === 'M'));
    const why = whyRatingsDiffer(under('fide-2024'), under('uscf-k', withoutUscfBalance), 'fide-2024', 'uscf-k', 'M');
    expect(why[0]).toBe('his start: 2000 (an opening balance) under fide-2024, unrated under uscf-k');
  });
});
