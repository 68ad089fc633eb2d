import * as E from 'fp-ts/Either';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DomainEvent, GameReported, LoggedEvent } from '../../domain/events';
import { diffFolds, diffIdOf, gradeText } from '../../projections/fesa/diff';
import type { FesaFold } from '../../projections/fesa/history';
import { FesaProjection } from '../../projections/fesa/incremental';
import { rebuildProjection, resumeProjection } from '../../src/app/checkpoint';
import { listKnownAt, publishedDiffFromModel, publishedFromModel } from '../../src/app/list-known-at';
import { contentHash, LIST_FORMATS, listBytes, publishedAndNow, renderList, reproducePublished, type ListFormat } from '../../src/app/lists';
import { loadFacts } from '../../src/app/load';
import type { CheckpointStorage } from '../../src/app/ports/checkpoint-storage';
import type { EventStore } from '../../src/app/ports/event-store';
import { LIST_PRINTER } from '../../src/adapters/formats/list-printer';
import { inBatches, ledgers, resultCorrection } from '../support/gen';
import { places, record } from '../support/places';

const day = (n: number): string => new Date(Date.UTC(2020, 0, 1 + n)).toISOString().slice(0, 10);

/** Dates that cut the ledger everywhere: before the first item, on and the day before the items' dates, after the last. */
const datesOf = (facts: readonly LoggedEvent[]): string[] => {
  const dates = new Set<string>(['2019-06-01', '2031-01-01']);
  for (const { event } of facts) {
    const date = event.type === 'TournamentRegistered' ? event.endDate : 'validDate' in event ? event.validDate : undefined;
    if (date) {
      dates.add(date);
      dates.add(day(Math.round((Date.parse(date) - Date.UTC(2020, 0, 1)) / 864e5) - 1));
    }
  }
  return [...dates].sort();
};

const FORMATS: [ListFormat, number][] = [...LIST_FORMATS.map((f): [ListFormat, number] => [f, 2]), ['csv', 0], ['json', 1]];

/** What the fold path of `ledger list --known-at K --as-of D` prints, or the error it stops with. */
const fromFold = (projection: FesaProjection, asOf: string, format: ListFormat, activeYears: number): string => {
  const fold = projection.asOf(asOf);
  if (E.isLeft(fold)) return `error: ${fold.left.message}`;
  try {
    return renderList(LIST_PRINTER, fold.right, asOf, format, activeYears);
  } catch (e) {
    return `error: ${(e as Error).message}`;
  }
};

const fromModel = async (store: EventStore, storage: CheckpointStorage, knownAt: number, asOf: string, format: ListFormat, activeYears: number): Promise<string | undefined> => {
  try {
    return (await listKnownAt(LIST_PRINTER, store, storage, { ruleSet: 'as-adopted', asOf, format, activeYears, knownAt }))?.text;
  } catch (e) {
    return `error: ${(e as Error).message}`;
  }
};

/**
 * For every position K of the log and dates D (three per position, and every format at one position in four, the
 * others in turn), the model's list as of D known at K is the fold's, or the fold's error where it fails on or before
 * D. Returns how many lists were compared.
 */
const expectEveryPosition = async (store: EventStore, storage: CheckpointStorage, pick: number): Promise<number> => {
  const facts = await loadFacts(store);
  const dates = datesOf(facts);
  let compared = 0;
  const projection = new FesaProjection({ runs: 'none' });
  for (let i = 0; i < facts.length; i++) {
    projection.apply([facts[i]!]);
    const knownAt = facts[i]!.globalPosition;
    const asOfs = [dates[(pick + i) % dates.length]!, dates[(pick * 7 + i * 3) % dates.length]!, dates.at(-1)!];
    const formats = i % 4 === 0 ? FORMATS : [FORMATS[i % FORMATS.length]!];
    for (const asOf of asOfs) {
      for (const [format, activeYears] of formats) {
        const fold = fromFold(projection, asOf, format, activeYears);
        const model = await fromModel(store, storage, knownAt, asOf, format, activeYears);
        expect({ knownAt, asOf, format, activeYears, list: model }).toEqual({ knownAt, asOf, format, activeYears, list: fold });
        compared++;
      }
    }
  }
  return compared;
};

/** What `diff --published` prints from the folds (JSON and the grades' table), or the error it stops with. */
const diffFromFold = (facts: readonly LoggedEvent[], listId: string): unknown => {
  try {
    const { labels, before, after } = publishedAndNow(LIST_PRINTER, facts, listId);
    const promotions = (f: FesaFold) => new Map(f.list.map((p) => [diffIdOf(f, p), gradeText(p)]));
    const [g0, g1] = [promotions(before), promotions(after)];
    return { labels, diff: diffFolds(before, after), grades: [...g1].filter(([id, g]) => g0.get(id) !== g).map(([id, g]) => [id, g0.get(id) ?? '-', g]) };
  } catch (e) {
    return `error: ${(e as Error).message}`;
  }
};

/** Published lists: every one `list --published` gives as the fold does, every diff since as the folds do. Returns how many came from the model. */
const expectPublished = async (store: EventStore, storage: CheckpointStorage, listIds: readonly string[]): Promise<{ lists: number; diffs: number }> => {
  const facts = await loadFacts(store);
  let lists = 0;
  let diffs = 0;
  for (const listId of listIds) {
    let fold: string;
    try {
      fold = reproducePublished(LIST_PRINTER, facts, listId).text;
    } catch (e) {
      fold = `error: ${(e as Error).message}`;
    }
    let model: string | undefined;
    try {
      model = (await publishedFromModel(LIST_PRINTER, store, storage, listId))?.text;
    } catch (e) {
      model = `error: ${(e as Error).message}`;
    }
    // the model gives the published bytes, or an error the fold gives too, or nothing (then the fold runs and says why)
    if (model === undefined) expect(fold).toMatch(/^error: /);
    else expect({ listId, model }).toEqual({ listId, model: fold });
    if (model !== undefined && !model.startsWith('error: ')) lists++;
    const expected = diffFromFold(facts, listId);
    let diff: unknown;
    try {
      const read = await publishedDiffFromModel(LIST_PRINTER, store, storage, listId);
      diff = read && { labels: read.labels, diff: read.diff, grades: read.grades };
    } catch (e) {
      diff = `error: ${(e as Error).message}`;
    }
    if (diff !== undefined) {
      expect({ listId, diff }).toEqual({ listId, diff: expected });
      if (typeof diff !== 'string') diffs++;
    }
  }
  return { lists, diffs };
};

/** A RatingListPublished fact for the list as of `asOf` as the fold gives it now (or with a wrong hash, `honest` false). */
const publication = (facts: readonly LoggedEvent[], n: number, asOf: string, format: ListFormat, ruleSet: string, honest: boolean): LoggedEvent | undefined => {
  const projection = new FesaProjection({ runs: 'none', ruleSet });
  projection.apply(facts);
  const fold = projection.asOf(asOf);
  if (E.isLeft(fold)) return undefined;
  let text: string;
  try {
    text = renderList(LIST_PRINTER, fold.right, asOf, format, 2);
  } catch {
    return undefined;
  }
  const hash = honest ? contentHash(listBytes(text, format)) : '0'.repeat(64);
  const event = { type: 'RatingListPublished', version: 1, eventId: `pub:${n}`, validDate: asOf, actor: 't', listId: `L${n}`, asOf, ruleSet, format, contentHash: hash, activeYears: 2 } as unknown as DomainEvent;
  return { event, globalPosition: 0 };
};

describe.each(places)('the FESA list read model as known at any position, %s (issue 19)', (name, open) => {
  it("after batches of random sizes of a random ledger (late tournaments, late results, corrections, withdrawals, officer changes, registrations after the fact, merges and unmerges), and after a rebuild, gives the fold's list known at every position as of any date in every format, and the fold's published lists and diffs since", async () => {
    let compared = 0;
    let published = { lists: 0, diffs: 0 };
    await fc.assert(
      fc.asyncProperty(ledgers(8, 6), fc.integer({ min: 1, max: 3 }), fc.nat(), async ({ facts, batches }, every, pick) => {
        const { store, checkpoints, close } = await open();
        const listIds: string[] = [];
        try {
          let recorded: LoggedEvent[] = [];
          for (const [i, batch] of inBatches(facts, batches).entries()) {
            await record(store, batch);
            recorded = [...recorded, ...batch];
            // now and then a list is published (one in five with a hash the folds do not give)
            if ((i + pick) % 3 === 0) {
              const dates = datesOf(recorded);
              const n = listIds.length;
              const ruleSet = (pick + n) % 4 === 3 ? 'fesa-published' : 'as-adopted';
              const p = publication(recorded, n, dates[(pick + i * 5) % dates.length]!, FORMATS[(pick + n) % FORMATS.length]![0], ruleSet, (pick + n) % 5 !== 4);
              if (p) {
                await record(store, [p]);
                recorded = [...recorded, p];
                listIds.push(`L${n}`);
              }
            }
            await resumeProjection(store, checkpoints, { checkpointEvery: every });
          }
          // a late correction of a random game, caught up alone
          const games = facts.filter((f): f is LoggedEvent & { event: GameReported } => f.event.type === 'GameReported' && f.event.second !== null);
          const game = games[pick % Math.max(1, games.length)];
          if (game) {
            await record(store, [resultCorrection(game.event, facts.length + 1, 'late-fix')]);
            await resumeProjection(store, checkpoints);
          }
          compared += await expectEveryPosition(store, checkpoints, pick);
          const p = await expectPublished(store, checkpoints, [...listIds, 'no-such-list']);
          published = { lists: published.lists + p.lists, diffs: published.diffs + p.diffs };
          // the whole log in one catch-up: the same answers
          await rebuildProjection(store, checkpoints, { checkpointEvery: every });
          compared += await expectEveryPosition(store, checkpoints, pick + 1);
          await expectPublished(store, checkpoints, listIds);
        } finally {
          await close();
        }
      }),
      { numRuns: name === 'SQLite' ? 12 : 4, seed: 20261126 },
    );
    console.log(`${name}: ${compared} lists compared, ${published.lists} published lists and ${published.diffs} diffs from the model`);
    expect(compared).toBeGreaterThan(500);
    expect(published.lists).toBeGreaterThan(3);
    expect(published.diffs).toBeGreaterThan(3);
  }, 600_000);
});
