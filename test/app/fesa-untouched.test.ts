/**
 * FESA's saved models answer for the log after facts the FESA fold passes over (src/app/fesa-untouched.ts): after a
 * fide game, a TRF import's opening balances or an officer's appointment, `ledger list`, `history`, `explain` and a
 * server's pages read the models saved before them, without restoring the whole FESA projection to fold facts that
 * change nothing in it (on a mixed million-game ledger: a gigabyte and seconds on the server's worker after every
 * fide correction). Held here to the fold of the whole log after every fact of random mixed ledgers (FESA
 * tournaments beside fide, uscf-k, pan-atlantic and gobase-go ones, adoptions of either family, renames, merges);
 * anything that may change a FESA model is caught up first.
 */
import * as E from 'fp-ts/Either';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LoggedEvent } from '../../domain/events';
import { playerCareer, renderCareer } from '../../projections/fesa/career';
import { foldFesa } from '../../projections/fesa/history';
import { readCareerModel } from '../../src/app/career-model';
import { resumeProjection } from '../../src/app/checkpoint';
import { LIST_MODEL_FORMAT, readListModel } from '../../src/app/list-model';
import { renderList } from '../../src/app/lists';
import { loadFacts } from '../../src/app/load';
import { LIST_PRINTER } from '../../src/adapters/formats/list-printer';
import { ledgers } from '../support/gen';
import { mix, mixed } from '../support/mixed-ledgers';
import { places, record } from '../support/places';

const END = '2031-01-01';

/** `ledger list --active-years 0 --format csv` from the fold of `facts` (or the error it stops with). */
const listOfFold = (facts: readonly LoggedEvent[], asOf: string): string => {
  const fold = foldFesa(facts, { asOf, keepRuns: false });
  return E.isLeft(fold) ? `error: ${fold.left.message}` : renderList(LIST_PRINTER, fold.right, asOf, 'csv', 0);
};

/** `ledger history P` from a fold (or its error). */
const careerText = (fold: Parameters<typeof playerCareer>[0], playerId: string): string => {
  const career = playerCareer(fold, playerId);
  return E.isLeft(career) ? `error: ${career.left}` : renderCareer(career.right);
};

describe.each(places)('FESA models over facts FESA passes over, %s', (name, open) => {
  it('answer lists and careers after fide games, other rule sets\' balances and appointments as the fold of the whole log, and catch up before anything else', async () => {
    let held = 0;
    let caughtUp = 0;
    let careers = 0;
    await fc.assert(
      fc.asyncProperty(ledgers(8, 6), mix, fc.nat(), async ({ facts }, m, pick) => {
        const ledger = mixed(facts, m);
        const { store, checkpoints, close } = await open();
        try {
          // the models saved part-way, then the rest recorded fact by fact and read after each
          const cut = 1 + (pick % ledger.length);
          await record(store, ledger.slice(0, cut));
          await resumeProjection(store, checkpoints);
          const players = [...new Set(ledger.flatMap((f) => (f.event.type === 'PlayerRegistered' ? [f.event.playerId as string] : [])))];
          for (const fact of ledger.slice(cut)) {
            await record(store, [fact]);
            const head = await store.headPosition();
            const behind = ((await checkpoints.listModelPosition('as-adopted', LIST_MODEL_FORMAT)) ?? 0) < head;
            let read: string | undefined;
            try {
              read = (await readListModel(LIST_PRINTER, store, checkpoints, { ruleSet: 'as-adopted', asOf: END, format: 'csv', activeYears: 0 }))?.text;
            } catch (e) {
              read = `error: ${(e as Error).message}`;
            }
            if (read === undefined) {
              // not readable as it is: a fact that may change FESA's lists; caught up, it reads again
              expect(behind).toBe(true);
              await resumeProjection(store, checkpoints);
              caughtUp++;
              continue;
            }
            const known = await loadFacts(store);
            expect(read).toBe(listOfFold(known, END));
            const playerId = players[(pick + head) % players.length]!;
            const career = await readCareerModel(store, checkpoints, 'as-adopted', playerId);
            expect(career).not.toBe('behind');
            const fold = foldFesa(known, { keepRuns: true });
            if (career !== undefined && career !== 'behind' && E.isRight(fold)) {
              expect(careerText(career, playerId)).toBe(careerText(fold.right, playerId));
              careers++;
            }
            if (behind) held++;
          }
        } finally {
          await close();
        }
      }),
      { numRuns: name === 'SQLite' ? 12 : 5, seed: 20261129 },
    );
    // both ways were taken: models read past facts FESA passes over, and caught up before the others
    expect(held).toBeGreaterThan(10);
    expect(caughtUp).toBeGreaterThan(10);
    expect(careers).toBeGreaterThan(20);
  }, 300_000);
});
