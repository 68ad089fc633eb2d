import * as E from 'fp-ts/Either';
import fc from 'fast-check';
import * as path from 'path';
import { describe, expect, it } from 'vitest';
import type { DomainEvent, GameReported, LoggedEvent } from '../../../domain/events';
import { foldFesaFast } from '../../../projections/fesa/incremental';
import { resumeProjection } from '../../../src/app/checkpoint';
import { contentHash, listBytes, renderList } from '../../../src/app/lists';
import { sqliteCheckpoints } from '../../../src/adapters/store/checkpoint-storage';
import { LIST_PRINTER } from '../../../src/adapters/formats/list-printer';
import { inBatches, ledgers, resultCorrection } from '../../support/gen';
import { tempDir } from '../../support/helpers';
import { record } from '../../support/places';
import { startApi, type Api } from './api';

/** A published list of the list the folds give as of `asOf` now (undefined: they cannot). */
const publication = (facts: readonly LoggedEvent[], listId: string, asOf: string): LoggedEvent | undefined => {
  const fold = foldFesaFast(facts, { asOf, runs: 'none' });
  if (E.isLeft(fold)) return undefined;
  const text = renderList(LIST_PRINTER, fold.right, asOf, 'csv', 2);
  const event = { type: 'RatingListPublished', version: 1, eventId: `pub:${listId}`, validDate: asOf, actor: 't', listId, asOf, ruleSet: 'as-adopted', format: 'csv', contentHash: contentHash(listBytes(text, 'csv')), activeYears: 2 } as unknown as DomainEvent;
  return { event, globalPosition: 0 };
};

/** A page's HTML without the moment it was computed. */
const page = (bytes: Buffer): string => bytes.toString('utf8').replace(/[Cc]omputed [^<]*/g, 'computed …').replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z/g, 'T');

/**
 * The server's lists as known at a position, its published lists and what changed since them (JSON and the page)
 * read from the list's model equal a server's that folds (as on EventStoreDB, no projections saved next to the log).
 */
describe('the HTTP lists as known at any position and since a publication, from the list read model (issue 19)', () => {
  it('equal the folds for every position, every published list and its diff (JSON pages and the page with the players\' names)', async () => {
    const samples = fc.sample(ledgers(8, 6), { numRuns: 30, seed: 11 }).filter(({ facts }) => facts.some((f) => f.event.type === 'PlayersMerged') || facts.length > 40).slice(0, 4);
    let diffs = 0;
    for (const [n, { facts, batches }] of samples.entries()) {
      const db = path.join(tempDir(`known-at-${n}`), 'ledger.db');
      const limits = { foldsPerMinute: 100_000 };
      const model: Api = await startApi(db, { limits });
      const folds: Api = await startApi(db, { withoutCheckpoints: true, limits });
      const checkpoints = sqliteCheckpoints(db);
      try {
        const auditor = await model.appoint('audit', 'auditor');
        const listIds: string[] = [];
        let recorded: LoggedEvent[] = [];
        for (const [i, batch] of inBatches(facts, batches).entries()) {
          await record(model.store, batch);
          recorded = [...recorded, ...batch];
          const p = i % 2 === 0 ? publication(recorded, `L${i}`, batch.at(-1)!.event.validDate ?? '2020-06-01') : undefined;
          if (p) {
            await record(model.store, [p]);
            listIds.push(`L${i}`);
          }
          // the model saved up to here, as a CLI command would (the server catches it up itself when behind a position asked)
          if (i % 3 === 1) await resumeProjection(model.store, checkpoints);
        }
        const game = facts.find((f): f is LoggedEvent & { event: GameReported } => f.event.type === 'GameReported' && f.event.second !== null);
        if (game) await record(model.store, [resultCorrection(game.event, facts.length + 1, 'late-fix')]);
        const head = await model.store.headPosition();
        for (let k = 1; k <= head; k++) {
          for (const asOf of ['2020-02-15', '2021-01-01']) {
            const url = `/lists?known-at=${k}&as-of=${asOf}&format=csv&active-years=0`;
            const [a, b] = [await model.get(url, auditor), await folds.get(url, auditor)];
            expect({ url, status: a.status, bytes: a.bytes.toString() }).toEqual({ url, status: b.status, bytes: b.bytes.toString() });
          }
        }
        for (const id of listIds) {
          const url = `/lists/published/${id}`;
          expect((await model.get(url)).bytes.toString()).toEqual((await folds.get(url)).bytes.toString());
          const diff = `/lists/published/${id}/diff`;
          const [a, b] = [await model.get(diff), await folds.get(diff)];
          expect({ diff, status: a.status, body: a.body }).toEqual({ diff, status: b.status, body: b.body });
          const html = { accept: 'text/html' };
          const [pa, pb] = [await model.request('GET', diff, { headers: html }), await folds.request('GET', diff, { headers: html })];
          expect(page(pa.bytes)).toEqual(page(pb.bytes));
          if (a.status === 200) diffs++;
        }
      } finally {
        await model.close();
        await folds.close();
      }
    }
    expect(diffs).toBeGreaterThan(2);
  }, 300_000);
});
