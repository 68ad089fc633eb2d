import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resumeProjection } from '../../src/app/checkpoint';
import { importsFromSaved } from '../../src/app/fesa-import-saved';
import { ledgers } from '../support/gen';
import { places, record } from '../support/places';
import { answer, expectSameLedgers, folderOf, namesOf } from '../support/fesa-folder';
import { toNewEvent } from '../../src/app/event-log';
import type { EventStore } from '../../src/app/ports/event-store';
import { streamOf, type DomainEvent } from '../../domain/events';

/**
 * `fesa import` of one folder with a saved checkpoint (src/app/fesa-import-saved.ts) decides and answers as the whole
 * log does (issue 30): random ledgers with their checkpoint saved part way, then the club's first event dated on one
 * of the ledger's tournament days (a late report that re-rates what follows) or after all of them, some of its players
 * renamed to players of the ledger (matched by name, as the program matches them). The same import on a copy of the
 * ledger without the checkpoint folds the whole log; the answers (what each recorded, the FESA changes, the
 * consequences) or the refusals are the same, and so are the facts recorded and the list folded from them.
 */
const dayBefore = (date: string): string => new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

describe('fesa import of one folder from the saved checkpoint', () => {
  it('answers, refuses and records what the whole log does, back-dated or after every tournament', async () => {
    const open = places[0]![1];
    const used = { saved: 0, late: 0, rerated: 0, refused: 0 };
    const [decided, compared] = [importsFromSaved.decided, importsFromSaved.compared];
    await fc.assert(
      fc.asyncProperty(ledgers(10, 8), fc.nat(), fc.integer({ min: 0, max: 6 }), fc.boolean(), fc.double({ min: 0.7, max: 1, noNaN: true }), fc.boolean(), fc.constantFrom(1, 2, 3), async ({ facts }, pick, renamed, after, savedShare, listedAsNew, checkpointEvery) => {
        const [withSaved, whole] = [await open(), await open()];
        try {
          const cut = Math.floor(facts.length * savedShare);
          for (const place of [withSaved, whole]) await record(place.store, facts.slice(0, cut));
          // a checkpoint with a list every few tournaments (a re-fold starts close by), then facts recorded since it
          await resumeProjection(withSaved.store, withSaved.checkpoints, { checkpointEvery });
          for (const place of [withSaved, whole]) await record(place.store, facts.slice(cut));
          const days = [...new Set(facts.flatMap((f) => (f.event.type === 'TournamentClosed' ? [f.event.validDate] : [])))].sort();
          if (days.length === 0) return;
          // the day before a tournament's: the players matched by name have not played on it yet
          const date = after ? '2099-01-01' : dayBefore(days[pick % days.length]!);
          const folder = folderOf(date, namesOf(facts), renamed, listedAsNew);
          // the preview (a submission's check) and then the import itself
          for (const dryRun of [true, false]) {
            const [mine, theirs] = [await answer(withSaved, folder, { dryRun, saved: withSaved.checkpoints }), await answer(whole, folder, { dryRun })];
            expect(mine).toEqual(theirs);
            if ('refused' in mine) used.refused++;
            else {
              used.saved++;
              if (mine.outcome.folders instanceof Array && (mine.outcome.folders[0] as { late: boolean }).late) used.late++;
              if (mine.outcome.changes.runs.length > 0) used.rerated++;
            }
          }
          await expectSameLedgers(withSaved, whole);
        } finally {
          await withSaved.close();
          await whole.close();
        }
      }),
      { numRuns: 40, seed: 14 },
    );
    // decided and compared from the checkpoint, not from the whole log after all
    expect(importsFromSaved.decided - decided).toBe(used.saved);
    expect(importsFromSaved.compared - compared).toBeGreaterThan(used.saved / 3);
    expect(used.saved).toBeGreaterThan(20);
    expect(used.late).toBeGreaterThan(5);
    expect(used.rerated).toBeGreaterThan(3);
  }, 300_000);

  /**
   * Another officer records a fact between the restore of the checkpoint and the decision, on a stream the folder's
   * decision does not read: the registration of one of the folder's new players under another id. The import must
   * answer as the whole log with that fact does (the checkpoint is restored again when the head moved), not from the
   * projection restored before it — which would register the same person a second time.
   */
  it.each(places)('restores the checkpoint again when another writer recorded a fact after the restore (%s)', async (_name, open) => {
    const { facts } = fc.sample(ledgers(10, 8), { numRuns: 1, seed: 3 })[0]!;
    const folder = folderOf('2099-01-01', namesOf(facts), 0, false);
    const newcomer = folder.newPlayers[0]!;
    const foreign: DomainEvent = { type: 'PlayerRegistered', version: 1, eventId: 'other-writer:1', validDate: '2098-12-01', actor: 'other officer', playerId: 'OTHER-1', familyName: newcomer.lastName, givenName: newcomer.firstName, country: 'NO' } as DomainEvent;
    const [withSaved, whole] = [await open(), await open()];
    try {
      for (const place of [withSaved, whole]) await record(place.store, facts);
      await resumeProjection(withSaved.store, withSaved.checkpoints);
      await record(whole.store, [{ event: foreign, globalPosition: 0 }]);
      // the other writer appends as the decision reads its first stream, after the checkpoint was restored
      let raced = false;
      const racing: EventStore = Object.assign(Object.create(withSaved.store) as EventStore, {
        readStream: async (streamId: string, from?: number) => {
          if (!raced) {
            raced = true;
            await withSaved.store.append(streamOf(foreign), [toNewEvent(foreign)], 'any');
          }
          return withSaved.store.readStream(streamId, from);
        },
      });
      const decided = importsFromSaved.decided;
      const mine = await answer({ ...withSaved, store: racing }, folder, { saved: withSaved.checkpoints });
      expect(raced).toBe(true);
      expect(importsFromSaved.decided).toBe(decided + 1);
      expect(mine).toEqual(await answer(whole, folder, {}));
      await expectSameLedgers(withSaved, whole);
    } finally {
      await withSaved.close();
      await whole.close();
    }
  }, 60_000);
});
