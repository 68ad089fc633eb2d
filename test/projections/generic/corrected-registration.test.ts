/**
 * The non-FESA fold reads a player's registration as corrected (PlayerRegistrationCorrected): an identity holds for
 * the whole record, as in the FESA fold, so an adjustment's country filter sees the corrected country — also when the
 * correction is dated after the adjustment.
 */
import * as E from 'fp-ts/Either';
import { describe, expect, it } from 'vitest';
import type { DomainEvent, LoggedEvent } from '../../../domain/events';
import { foldGeneric, ratingsOf } from '../../../projections/generic/history';

/** A fact as the store decodes it (the codecs' branded strings are plain strings in a test). */
const fact = (e: Record<string, unknown>): DomainEvent => e as unknown as DomainEvent;
const envelope = (eventId: string, validDate: string) => ({ version: 1 as const, eventId, validDate, actor: 'officer' });
const registered = (playerId: string, country: string): DomainEvent => fact({ type: 'PlayerRegistered', ...envelope(`player:${playerId}:registered`, '2024-01-01'), playerId, familyName: playerId, givenName: '', country });
const balance = (playerId: string): DomainEvent => fact({ type: 'OpeningBalanceImported', ...envelope(`opening:${playerId}`, '2024-01-01'), playerId, ruleSet: 'pan-atlantic', state: { rating: 1500, games: 60 }, source: 'legacy list' });
// the annual drift correction of the Swedish players only (seed 002 §5 is per cohort; a country filter names one)
const swedesShifted = fact({
  type: 'RatingAdjusted',
  ...envelope('adjustment:SE-2024', '2024-06-01'),
  adjustmentId: 'SE-2024',
  ruleSet: 'pan-atlantic',
  target: { kind: 'filter', filter: { country: 'SE' } },
  change: { kind: 'shift', by: 15 },
  reason: 'drift correction of the Swedish cohort',
});
const movedToSweden = (validDate: string): DomainEvent => fact({ type: 'PlayerRegistrationCorrected', ...envelope(`player:P2:correction:${validDate}`, validDate), playerId: 'P2', reason: 'registered with the wrong federation', country: 'SE' });

const ratings = (events: readonly DomainEvent[]): Record<string, number> => {
  const log: LoggedEvent[] = events.map((event, i) => ({ event, globalPosition: i + 1 }));
  const folded = foldGeneric(log);
  if (E.isLeft(folded)) throw new Error(folded.left);
  return Object.fromEntries(ratingsOf(folded.right, 'pan-atlantic').map((r) => [r.playerId, r.rating]));
};

describe('the non-FESA fold and corrected registrations', () => {
  const before = [registered('P1', 'NO'), registered('P2', 'NO'), balance('P1'), balance('P2')];

  it('without a correction the Swedish filter finds nobody', () => {
    expect(ratings([...before, swedesShifted])).toEqual({ P1: 1500, P2: 1500 });
  });

  it('a country corrected before the adjustment: the filter sees the corrected country', () => {
    expect(ratings([...before, movedToSweden('2024-03-01'), swedesShifted])).toEqual({ P1: 1500, P2: 1515 });
  });

  it('a country corrected later (dated and recorded after the adjustment): it holds for the whole record too', () => {
    expect(ratings([...before, swedesShifted, movedToSweden('2024-09-01')])).toEqual({ P1: 1500, P2: 1515 });
  });

  it('a correction of an id never registered changes nothing', () => {
    const stray = fact({ ...movedToSweden('2024-03-01'), playerId: 'P9' });
    expect(ratings([...before, stray, swedesShifted])).toEqual({ P1: 1500, P2: 1500 });
  });
});
