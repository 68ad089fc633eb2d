/**
 * Random ledgers mixing FESA tournaments with fide, uscf-k, pan-atlantic and gobase-go ones (test/support/gen.ts's
 * FESA ledgers, some tournaments, balances and adjustments moved under the other rule sets): late tournaments,
 * corrections and withdrawals, merges and unmerges, renames, declared grades, opening balances and adjustments under
 * the other rule sets (now and then a malformed balance, which stops that fold), entrants who never play, and
 * rule-set adoptions of either family at random dates.
 */
import fc from 'fast-check';
import type { DomainEvent, LoggedEvent } from '../../domain/events';

export const OTHER = ['fide', 'uscf-k', 'pan-atlantic', 'gobase-go'] as const;
const ADOPTABLE = ['fesa', 'gobase-go', 'fesa-published', 'gobase-go', 'fide', 'pan-atlantic'] as const;
export const day = (n: number): string => new Date(Date.UTC(2020, 0, 1 + n)).toISOString().slice(0, 10);

/** A balance under a rule set as its state shape has it; `bad` gives one the rule set refuses. */
const openingState = (ruleSet: string, rating: number, bad: boolean): Record<string, unknown> => {
  if (bad) return { rating: 'high' };
  if (ruleSet === 'fide' || ruleSet === 'uscf-k') return { rating, games: 40, birthYear: null, reached2400: false };
  return { rating, games: 40 };
};

export interface Mix {
  /** Per tournament (cycled): 0 FESA, else the other rule set OTHER[n - 1]. */
  systems: number[];
  openings: { player: number; ruleSet: number; rating: number; bad: boolean; at: number }[];
  adoptions: { ruleSet: number; day: number; at: number }[];
  renames: { player: number; at: number }[];
  /** Which adjustments of the FESA ledger are under another rule set instead (by index, cycled). */
  adjusted: boolean[];
  entrants: boolean;
  /** Corrections name another second player (the last registered, who has a declared grade). */
  swap: boolean;
  /** Players who play nowhere, with a balance under another rule set (sometimes one it refuses). */
  outsiders: { ruleSet: number; bad: boolean; at: number }[];
}

export const mix: fc.Arbitrary<Mix> = fc.record({
  systems: fc.array(fc.integer({ min: 0, max: OTHER.length }), { minLength: 1, maxLength: 8 }),
  openings: fc.array(
    fc.record({ player: fc.nat(), ruleSet: fc.nat(), rating: fc.integer({ min: 1200, max: 2300 }), bad: fc.integer({ min: 0, max: 39 }).map((n) => n === 0), at: fc.nat() }),
    { maxLength: 12 },
  ),
  adoptions: fc.array(fc.record({ ruleSet: fc.nat(), day: fc.integer({ min: 0, max: 360 }), at: fc.nat() }), { maxLength: 2 }),
  renames: fc.array(fc.record({ player: fc.nat(), at: fc.nat() }), { maxLength: 2 }),
  adjusted: fc.array(fc.boolean(), { minLength: 1, maxLength: 3 }),
  entrants: fc.boolean(),
  swap: fc.boolean(),
  outsiders: fc.array(fc.record({ ruleSet: fc.nat(), bad: fc.integer({ min: 0, max: 3 }).map((n) => n === 0), at: fc.nat() }), { maxLength: 2 }),
});

/** A FESA ledger of the generator with some of its tournaments, balances and adjustments under the other rule sets. */
export const mixed = (facts: readonly LoggedEvent[], m: Mix): LoggedEvent[] => {
  const players = facts.flatMap((f) => (f.event.type === 'PlayerRegistered' ? [f.event.playerId as string] : []));
  let t = 0;
  let a = 0;
  const events: DomainEvent[] = facts.map(({ event: e }) => {
    if (e.type === 'TournamentRegistered') {
      const n = m.systems[t++ % m.systems.length]!;
      if (n === 0) return e;
      // entrants in entry order, one of whom may never play
      return { ...e, ratingSystem: OTHER[n - 1]!, ...(m.entrants ? { entrants: [...players].reverse().slice(0, 3) } : {}) } as DomainEvent;
    }
    if (e.type === 'ResultCorrected' && m.swap && e.second !== null && e.first !== 'Late') return { ...e, second: 'Late' } as DomainEvent;
    if (e.type === 'RatingAdjusted') return m.adjusted[a++ % m.adjusted.length] ? ({ ...e, ruleSet: OTHER[a % OTHER.length]! } as DomainEvent) : e;
    return e;
  });
  const insert = (at: number, event: DomainEvent): void => {
    events.splice(at % (events.length + 1), 0, event);
  };
  if (m.swap) {
    events.unshift(
      { type: 'PlayerRegistered', version: 1, eventId: 'reg:Late', validDate: day(0), actor: 't', playerId: 'Late', familyName: 'Late', givenName: 'Comer', country: 'SE', birthYear: 1990 } as unknown as DomainEvent,
      { type: 'PriorGradeDeclared', version: 1, eventId: 'prior:Late', validDate: day(0), actor: 't', playerId: 'Late', grade: '3 Dan', source: 'NSR' } as unknown as DomainEvent,
    );
  }
  m.outsiders.forEach((o, i) => {
    const ruleSet = OTHER[o.ruleSet % OTHER.length]!;
    const playerId = `Outsider${i}`;
    insert(o.at, { type: 'OpeningBalanceImported', version: 1, eventId: `outsider-open:${i}`, validDate: day(0), actor: 't', playerId, ruleSet, state: openingState(ruleSet, 1700, o.bad), source: `list ${ruleSet}` } as unknown as DomainEvent);
    events.unshift({ type: 'PlayerRegistered', version: 1, eventId: `reg:${playerId}`, validDate: day(0), actor: 't', playerId, familyName: playerId, givenName: '', country: 'DK' } as unknown as DomainEvent);
  });
  m.openings.forEach((o, i) => {
    const ruleSet = OTHER[o.ruleSet % OTHER.length]!;
    const playerId = players[o.player % players.length]!;
    insert(o.at, { type: 'OpeningBalanceImported', version: 1, eventId: `other-open:${i}`, validDate: day(0), actor: 't', playerId, ruleSet, state: openingState(ruleSet, o.rating, o.bad), source: `list ${ruleSet}` } as unknown as DomainEvent);
  });
  m.adoptions.forEach((d, i) => {
    insert(d.at, { type: 'RuleSetAdopted', version: 1, eventId: `adopt:${i}`, validDate: day(d.day), actor: 't', ruleSetId: ADOPTABLE[d.ruleSet % ADOPTABLE.length]!, ruleSetVersion: '1', options: {} } as unknown as DomainEvent);
  });
  m.renames.forEach((r, i) => {
    // after the player's registration
    const playerId = players[r.player % players.length]!;
    const registered = events.findIndex((e) => e.type === 'PlayerRegistered' && e.playerId === playerId);
    const at = registered + 1 + (r.at % (events.length - registered));
    events.splice(at, 0, { type: 'PlayerRegistrationCorrected', version: 1, eventId: `rename:${i}`, validDate: day(1), actor: 't', playerId, familyName: `Renamed${i}`, reason: 'married' } as unknown as DomainEvent);
  });
  return events.map((event, i) => ({ event, globalPosition: i + 1 }));
};

