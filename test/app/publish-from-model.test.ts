import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LIST_PRINTER } from '../../src/adapters/formats/list-printer';
import { resumeProjection } from '../../src/app/checkpoint';
import { Ledger } from '../../src/app/ledger';
import { loadFacts } from '../../src/app/load';
import { publishList } from '../../src/app/publish';
import { ledgers } from '../support/gen';
import { places, record } from '../support/places';

/**
 * A FESA list published where its read model is saved (issue 30) is read from the model, not folded from the log:
 * the same bytes, hash and `basedOn` as the fold's publication of the same facts, with the model saved part way
 * through the log (the publication catches it up) or at its head.
 */
describe('a list published from its saved read model', () => {
  it('is the publication the fold of the whole log makes', async () => {
    const open = places[0]![1];
    let fromModel = 0;
    await fc.assert(
      fc.asyncProperty(ledgers(8, 6), fc.oneof(fc.constant(1), fc.double({ min: 0.7, max: 1, noNaN: true })), fc.constantFrom('csv', 'fesa', 'table'), fc.constantFrom(0, 2), fc.constantFrom(0, 2), async ({ facts }, savedShare, format, activeYears, yearsLater) => {
        const [saved, folded] = [await open(), await open()];
        try {
          const cut = Math.floor(facts.length * savedShare);
          for (const place of [saved, folded]) await record(place.store, facts.slice(0, cut));
          await resumeProjection(saved.store, saved.checkpoints);
          for (const place of [saved, folded]) await record(place.store, facts.slice(cut));
          let reads = 0;
          const counted = { ...saved.checkpoints, readList: (...args: Parameters<typeof saved.checkpoints.readList>) => (reads++, saved.checkpoints.readList(...args)) } as typeof saved.checkpoints;
          const latest = facts.reduce((last, f) => (f.event.validDate > last ? f.event.validDate : last), '');
          // two years after the last fact the activity filter leaves out whoever did not play on its date
          const asOf = `${Number(latest.slice(0, 4)) + yearsLater}${latest.slice(4)}`;
          // a second list after the first: the model, saved before that publication, answers as at the head
          for (const listId of ['L', 'L2']) {
            const request = { validDate: asOf, actor: 't', listId, asOf, ruleSet: 'fesa', format, activeYears };
            const publish = (place: typeof saved, storage?: typeof counted) => publishList(new Ledger(place.store), LIST_PRINTER, request, storage).then((p) => p, (e: unknown) => (e instanceof Error ? e.message : String(e)));
            const [fromSaved, fromFold] = [await publish(saved, counted), await publish(folded)];
            if (typeof fromFold === 'string') return expect(fromSaved).toEqual(fromFold);
            if (reads > 0) fromModel++;
            expect(typeof fromSaved === 'string' ? fromSaved : { hash: fromSaved.contentHash, bytes: fromSaved.bytes.toString() }).toEqual({ hash: fromFold.contentHash, bytes: fromFold.bytes.toString() });
            const [a, b] = await Promise.all([loadFacts(saved.store), loadFacts(folded.store)]);
            expect(a.at(-1)!.event).toMatchObject({ type: 'RatingListPublished', listId, basedOn: (b.at(-1)!.event as { basedOn: string }).basedOn });
          }
        } finally {
          await saved.close();
          await folded.close();
        }
      }),
      { numRuns: 20, seed: 34 },
    );
    expect(fromModel).toBeGreaterThan(25);
  }, 180_000);
});
