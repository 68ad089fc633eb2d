import * as E from 'fp-ts/Either';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LoggedEvent } from '../../domain/events';
import { foldFesa } from '../../projections/fesa/history';
import { foldFesaFast } from '../../projections/fesa/incremental';
import { resumeProjection } from '../../src/app/checkpoint';
import { LIST_MODEL_FORMAT, readListModel } from '../../src/app/list-model';
import { LIST_FORMATS, renderList, type ListFormat } from '../../src/app/lists';
import { loadFacts } from '../../src/app/load';
import type { CheckpointStorage } from '../../src/app/ports/checkpoint-storage';
import type { EventStore } from '../../src/app/ports/event-store';
import { LIST_PRINTER } from '../../src/adapters/formats/list-printer';
import { ledgers } from '../support/gen';
import { throughRandomLedgers } from '../support/read-models';
import { places, record } from '../support/places';

const day = (n: number): string => new Date(Date.UTC(2020, 0, 1 + n)).toISOString().slice(0, 10);

/** What `ledger list` prints from the fold (or the error it stops with). */
const fromFold = (facts: readonly LoggedEvent[], asOf: string, format: ListFormat, activeYears: number): string => {
  const fold = foldFesa(facts, { asOf, keepRuns: false });
  if (E.isLeft(fold)) return `error: ${fold.left.message}`;
  try {
    return renderList(LIST_PRINTER, fold.right, asOf, format, activeYears);
  } catch (e) {
    return `error: ${(e as Error).message}`;
  }
};

/** The same from the saved read model; undefined when the model may not be read (then the CLI folds). */
const fromModel = async (store: EventStore, storage: CheckpointStorage, asOf: string, format: ListFormat, activeYears: number): Promise<string | undefined> => {
  try {
    return (await readListModel(LIST_PRINTER, store, storage, { ruleSet: 'as-adopted', asOf, format, activeYears }))?.text;
  } catch (e) {
    return `error: ${(e as Error).message}`;
  }
};

/** Dates that cut the ledger everywhere: before the first item, on and between the items' dates, after the last. */
const datesOf = (facts: readonly LoggedEvent[]): string[] => {
  const dates = new Set<string>(['2019-06-01', '2031-01-01']);
  for (const { event } of facts) {
    const date = event.type === 'TournamentRegistered' ? event.endDate : event.validDate;
    if (date) {
      dates.add(date);
      dates.add(day(Math.round((Date.parse(date) - Date.UTC(2020, 0, 1)) / 864e5) - 1));
    }
  }
  return [...dates].sort();
};

/**
 * Every list the model gives equals the fold's, in every format, as of every date; where the fold fails on or before
 * the date, the model gives its error.
 */
const expectModelEqualsFold = async (store: EventStore, storage: CheckpointStorage, dates: readonly string[], formats: readonly [ListFormat, number][]): Promise<void> => {
  const facts = await loadFacts(store);
  for (const asOf of dates) {
    // a fold that fails on or before the date: the model gives its error, as the CLI's fold does
    const failed = foldFesaFast(facts, { asOf, runs: 'none' });
    for (const [format, activeYears] of formats) {
      const model = await fromModel(store, storage, asOf, format, activeYears);
      if (E.isLeft(failed)) expect(model).toBe(`error: ${failed.left.message}`);
      else expect({ asOf, format, activeYears, list: model }).toEqual({ asOf, format, activeYears, list: fromFold(facts, asOf, format, activeYears) });
    }
  }
};

const EVERY_FORMAT: [ListFormat, number][] = [...LIST_FORMATS.map((f): [ListFormat, number] => [f, 2]), ['csv', 0], ['json', 1]];

describe.each(places)('the FESA list read model next to the log, %s (issue 19)', (name, open) => {
  it('after every batch of a random ledger (late tournaments, corrections, withdrawals, officer changes, merges and unmerges), and after a late correction and a rebuild, gives the fold\'s list as of any date in every format', async () => {
    let compared = 0;
    const merged = await throughRandomLedgers(open, name === 'SQLite' ? 20 : 8, async (store, checkpoints, moment, pick) => {
      const dates = datesOf(await loadFacts(store));
      if (moment === 'batch') await expectModelEqualsFold(store, checkpoints, [dates[0]!, dates[pick % dates.length]!, dates.at(-1)!], [['csv', 2], ['fesa', 2], ['json', 0]]);
      else await expectModelEqualsFold(store, checkpoints, dates, EVERY_FORMAT);
      if (moment === 'rebuilt') compared++;
    });
    expect(compared).toBeGreaterThan(5);
    expect(merged).toBeGreaterThan(0);
  }, 300_000);

  it('is never read behind the head of the log or in another format, and is caught up or written anew instead', async () => {
    const sample = fc.sample(ledgers(8, 6), { numRuns: 40, seed: 7 }).find(({ facts }) => {
      const f = foldFesa(facts);
      return E.isRight(f) && f.right.runs.length >= 3;
    })!;
    const { store, checkpoints, sql, close } = await open();
    try {
      const cut = Math.floor(sample.facts.length / 2);
      await record(store, sample.facts.slice(0, cut));
      await resumeProjection(store, checkpoints);
      expect(await fromModel(store, checkpoints, '2031-01-01', 'csv', 0)).toBeDefined();
      // behind the head: not read; the catch-up saves it at the head again
      await record(store, sample.facts.slice(cut));
      expect(await fromModel(store, checkpoints, '2031-01-01', 'csv', 0)).toBeUndefined();
      expect((await resumeProjection(store, checkpoints)).checkpointPosition).toBe(cut);
      await expectModelEqualsFold(store, checkpoints, datesOf(sample.facts), EVERY_FORMAT);
      // a model of another format: not read, and the checkpoint saved with it is not resumed from (both written anew)
      await sql(`UPDATE rm_list_meta SET format = ${LIST_MODEL_FORMAT - 1}`);
      expect(await fromModel(store, checkpoints, '2031-01-01', 'csv', 0)).toBeUndefined();
      const anew = await resumeProjection(store, checkpoints);
      expect(anew.checkpointPosition).toBe(0);
      await expectModelEqualsFold(store, checkpoints, datesOf(sample.facts), EVERY_FORMAT);
      // dropped (derived, droppable): written anew from the log
      await sql('DELETE FROM rm_list_rows');
      await sql('DELETE FROM rm_list_meta');
      expect(await fromModel(store, checkpoints, '2031-01-01', 'csv', 0)).toBeUndefined();
      expect((await resumeProjection(store, checkpoints)).checkpointPosition).toBe(0);
      await expectModelEqualsFold(store, checkpoints, datesOf(sample.facts), EVERY_FORMAT);
    } finally {
      await close();
    }
  }, 120_000);
});
