import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TournamentRegistered } from '../../../domain/events';
import { OrderedPages, PAGE_SIZE, SortedPages } from '../../../src/adapters/http/paging';
import { byNewest } from '../../../src/adapters/http/tournament-index';

/** The order the index had before it was kept incrementally: every registration sorted on first use. */
const plainSort = (a: TournamentRegistered, b: TournamentRegistered): number =>
  a.endDate !== b.endDate ? (a.endDate < b.endDate ? 1 : -1) : a.startDate !== b.startDate ? (a.startDate < b.startDate ? 1 : -1) : a.tournamentId < b.tournamentId ? -1 : 1;
const text = (r: TournamentRegistered): string => `${r.name} ${r.tournamentId}`;

/** Dates from a few years, so that many tournaments share an end date and ties go to the start date and the id. */
const date = fc.record({ y: fc.integer({ min: 2010, max: 2013 }), m: fc.integer({ min: 1, max: 3 }), d: fc.integer({ min: 1, max: 4 }) }).map(({ y, m, d }) => `${y}-0${m}-0${d}`);
const registration = (i: number, start: string, end: string, name: string): TournamentRegistered =>
  ({ type: 'TournamentRegistered', version: 1, eventId: `tournament:t${i}:registered`, tournamentId: `t${i}`, name, startDate: start < end ? start : end, endDate: start < end ? end : start }) as unknown as TournamentRegistered;
/** Tournaments as registered (mostly in date order, as a federation records them, with stragglers), in batches. */
const ledger = fc
  .record({
    tournaments: fc.array(fc.record({ start: date, end: date, name: fc.constantFrom('Open', 'Cup', 'Kyoto Cup', 'Meijin open', 'League') }), { maxLength: 700 }),
    chronological: fc.boolean(),
    batches: fc.array(fc.integer({ min: 1, max: 300 }), { minLength: 1, maxLength: 6 }),
  })
  .map(({ tournaments, chronological, batches }) => {
    const listed = tournaments.map((t, i) => registration(i, t.start, t.end, t.name));
    return { registrations: chronological ? [...listed].sort((a, b) => -plainSort(a, b)) : listed, batches };
  });
const asked = fc.array(fc.record({ search: fc.constantFrom('', '', 'cup', 'OPEN', 't1', 't2 cup', 'kyoto  t', 'zz'), page: fc.integer({ min: -1, max: 9 }) }), { minLength: 1, maxLength: 5 });

describe('the tournament index kept in order (OrderedPages) against a plain sort (SortedPages)', () => {
  it('gives the same pages, page numbers, counts and search results after every batch of registrations', () => {
    fc.assert(
      fc.property(ledger, asked, ({ registrations, batches }, questions) => {
        const ordered = new OrderedPages(byNewest, text);
        const sorted = new SortedPages(plainSort, text);
        let added = 0;
        for (const [b, size] of [...batches, registrations.length].entries()) {
          const upTo = Math.min(registrations.length, added + size);
          // a batch at once (as at start-up, or after a burst of writes), or one at a time
          if (b % 2 === 0) ordered.addAll(registrations.slice(added, upTo));
          else for (let i = added; i < upTo; i++) ordered.addAll([registrations[i]!]);
          added = upTo;
          const known = registrations.slice(0, added);
          for (const { search, page } of questions) {
            const expected = sorted.page(b, () => known, search, page);
            expect(ordered.page(search, page)).toEqual(expected);
          }
        }
        expect(ordered.size).toBe(registrations.length);
      }),
      { numRuns: 200 },
    );
  });

  it('keeps equal items in the order they were added, as a stable sort does', () => {
    const ordered = new OrderedPages<{ k: number; id: number }>((a, b) => a.k - b.k, (x) => String(x.id));
    const items = Array.from({ length: 3 * PAGE_SIZE }, (_, id) => ({ k: (id * 7) % 5, id }));
    ordered.addAll(items.slice(0, 100));
    for (const x of items.slice(100, 200)) ordered.addAll([x]);
    ordered.addAll(items.slice(200).reverse().reverse());
    const all = [1, 2, 3].flatMap((page) => ordered.page('', page).shown);
    expect(all).toEqual([...items].sort((a, b) => a.k - b.k));
  });
});
