import * as E from 'fp-ts/Either';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldFesa } from '../../projections/fesa/history';
import { CHECKPOINT_FORMAT, resumeProjection, rebuildProjection } from '../../src/app/checkpoint';
import { formatRatingList } from '../../src/adapters/formats/fesa/ratingliste';
import { loadFacts } from '../../src/app/load';
import type { LoggedEvent } from '../../domain/events';
import { inBatches, ledgers, resultCorrection } from '../support/gen';
import { places, record } from '../support/places';

const listText = (fold: ReturnType<typeof foldFesa>): string => (E.isLeft(fold) ? `error: ${fold.left.message} (${fold.left.code ?? "no engine code"})` : formatRatingList(fold.right.list));

describe.each(places)('checkpointed FESA projection next to the log, %s (issue 5 item 5)', (_name, open) => {
  it('a restart reads only the events after the checkpoint and equals a fresh fold; a late tournament re-folds from a saved list', async () => {
    // a ledger that folds, with at least three rated tournaments
    const sample = fc.sample(ledgers(10, 8), { numRuns: 40, seed: 99 }).find(({ facts }) => {
      const f = foldFesa(facts);
      return E.isRight(f) && f.right.runs.length >= 4;
    })!;
    expect(sample).toBeDefined();
    const facts = sample.facts;
    const { store, checkpoints: file, sql, close } = await open();
    try {
      const cut = Math.floor(facts.length * 0.7);
      await record(store, facts.slice(0, cut));
      // a checkpoint of the first format (one JSON text) is neither read nor kept (drop([]): the tables exist)
      await file.drop([]);
      await sql("INSERT INTO projections VALUES ('fesa-list:as-adopted', 1, 'then', 'not JSON')");
      // small chunks: the saved state spans many rows, read back in order
      const first = await resumeProjection(store, file, { checkpointEvery: 1, chunkItems: 3 });
      expect(first.checkpointPosition).toBe(0);
      expect(first.eventsRead).toBe(cut);
      expect(await sql('SELECT name FROM projections')).toEqual([[`fesa-list-${CHECKPOINT_FORMAT}:as-adopted`]]);
      expect(Number((await sql("SELECT count(*) FROM projection_chunks WHERE part = 'facts'"))[0]![0 as never])).toBeGreaterThan(3);

      // restart with nothing new: nothing is read, the list is the same
      const again = await resumeProjection(store, file);
      expect(again.eventsRead).toBe(0);
      expect(listText(again.projection.current())).toBe(listText(foldFesa(facts.slice(0, cut))));

      // the rest of the log (late tournaments, closures, corrections) after a restart
      await record(store, facts.slice(cut));
      const resumed = await resumeProjection(store, file);
      expect(resumed.checkpointPosition).toBe(cut);
      expect(resumed.eventsRead).toBe(facts.length - cut);
      expect(listText(resumed.projection.current())).toBe(listText(foldFesa(facts)));

      // a correction of the first rated tournament: dated before the last rated one, so it re-folds from a saved
      // list (or from the start), and still equals the fresh fold
      const ref = foldFesa(facts);
      const firstRun = E.isRight(ref) ? ref.right.runs[0] : undefined;
      const game = facts.find((f) => f.event.type === 'GameReported' && f.event.tournamentId === firstRun?.tournamentId && f.event.second !== null);
      expect(game?.event.type).toBe('GameReported');
      if (game && game.event.type === 'GameReported') {
        const fix = resultCorrection(game.event, facts.length + 1, 'late-fix');
        await record(store, [fix]);
        const late = await resumeProjection(store, file);
        expect(late.eventsRead).toBe(1);
        expect(late.refolded.from).toBeLessThan(late.refolded.to);
        expect(listText(late.projection.current())).toBe(listText(foldFesa([...facts, fix])));
      }

      // rebuild starts over and gives the same list
      const rebuilt = await rebuildProjection(store, file);
      expect(rebuilt.checkpointPosition).toBe(0);
      expect(rebuilt.eventsRead).toBe(facts.length + 1);
      expect(listText(rebuilt.projection.current())).toBe(listText(foldFesa(await loadFacts(store))));
    } finally {
      await close();
    }
  });

  it('a restart keeps the rule sets adopted before the checkpoint (tournaments after it are rated under them)', async () => {
    const adoption: LoggedEvent = {
      event: { type: 'RuleSetAdopted', version: 1, eventId: 'adopt', validDate: '2020-01-01', actor: 't', ruleSetId: 'fesa-published', ruleSetVersion: '1', options: {}, reason: 'federation decision' } as LoggedEvent['event'],
      globalPosition: 0,
    };
    // a ledger whose list differs under the adopted rule set, so losing the adoption would show
    const sample = fc.sample(ledgers(10, 8), { numRuns: 80, seed: 5 }).find(({ facts }) => {
      const adopted = foldFesa([adoption, ...facts]);
      return E.isRight(adopted) && adopted.right.runs.length >= 4 && listText(adopted) !== listText(foldFesa(facts));
    })!;
    expect(sample).toBeDefined();
    const facts = [adoption, ...sample.facts];
    const { store, checkpoints: file, close } = await open();
    try {
      const cut = Math.floor(facts.length * 0.5);
      await record(store, facts.slice(0, cut));
      await resumeProjection(store, file, { checkpointEvery: 1 });
      await record(store, facts.slice(cut));
      const resumed = await resumeProjection(store, file);
      expect(resumed.checkpointPosition).toBe(cut);
      expect(listText(resumed.projection.current())).toBe(listText(foldFesa(await loadFacts(store))));
    } finally {
      await close();
    }
  });

  it('reads the games apart (issue 30), and restores nothing from a checkpoint saved over between the two reads', async () => {
    const sample = fc.sample(ledgers(10, 8), { numRuns: 40, seed: 99 }).find(({ facts }) => {
      const f = foldFesa(facts);
      return E.isRight(f) && f.right.runs.length >= 4;
    })!;
    const facts = sample.facts;
    const cut = Math.floor(facts.length * 0.7);
    const { store, checkpoints: file, sql, close } = await open();
    try {
      await record(store, facts.slice(0, cut));
      const first = await resumeProjection(store, file, { checkpointEvery: 1, chunkItems: 3 });
      const name = `fesa-list-${CHECKPOINT_FORMAT}:as-adopted`;
      const saved = (await sql(`SELECT data FROM projection_chunks WHERE name = '${name}' AND part = 'games' ORDER BY seq`)).map((row) => (row as unknown[])[0]);
      expect(saved.length).toBeGreaterThan(2);
      // the games from a chunk on, of the save at its position alone
      expect(await file.loadPart(name, 'games', 1, first.projection.position)).toEqual(saved.slice(1));
      expect(await file.loadPart(name, 'games', 1, first.projection.position + 1)).toBeUndefined();
      const parts = new Set<string>();
      await file.load(name, (part) => void parts.add(part), ['games']);
      // (beside the parts a write at the head reads, head-projection.ts: no chunk when empty)
      expect([...parts].filter((part) => part !== 'pending' && part !== 'survivors').sort()).toEqual(['facts', 'records', 'slots']);

      // another process saves a checkpoint of more facts between this one's two reads: the games it reads then are
      // not the ones of the header it holds, so it folds from the start, and still equals a fresh fold
      await record(store, facts.slice(cut));
      let raced = 0;
      const racing: typeof file = {
        ...file,
        loadPart: async (...args) => {
          if (raced++ === 0) await resumeProjection(store, file, { checkpointEvery: 1, chunkItems: 3 });
          return file.loadPart(...args);
        },
      };
      const resumed = await resumeProjection(store, racing);
      // (folded from the start, it reads no checkpoint again)
      expect(raced).toBe(1);
      expect(resumed.checkpointPosition).toBe(0);
      expect(listText(resumed.projection.current())).toBe(listText(foldFesa(facts)));

      // a chunk of the games lost (a hand's edit, a partial copy): folded from the start and saved whole again, not
      // loaded again and again
      await sql(`DELETE FROM projection_chunks WHERE name = '${name}' AND part = 'games' AND seq = 0`);
      const repaired = await resumeProjection(store, file);
      expect([repaired.checkpointPosition, listText(repaired.projection.current())]).toEqual([0, listText(foldFesa(facts))]);
      expect((await resumeProjection(store, file)).checkpointPosition).toBe(repaired.projection.position);
    } finally {
      await close();
    }
  });

  it('moves a saved header to a later position with its chunks as saved, only from the position it was saved at', async () => {
    const { checkpoints: file, close } = await open();
    const read = async (name: string) => {
      const chunks: [string, string][] = [];
      const header = await file.load(name, (part, data) => void chunks.push([part, data]));
      return { header, chunks };
    };
    try {
      await file.save('moved', 5, 'header at 5', [['rows', 0, 'a'], ['rows', 1, 'b'], ['index', 0, 'c']], []);
      expect(await file.moveHeader('moved', 5, 9, 'header at 9')).toBe(true);
      // the chunks stay the saved ones, now under the header of position 9 (and read by part from it)
      expect(await read('moved')).toEqual({ header: 'header at 9', chunks: [['index', 'c'], ['rows', 'a'], ['rows', 'b']] });
      expect(await file.loadPart('moved', 'rows', 1, 9)).toEqual(['b']);
      expect(await file.loadPart('moved', 'rows', 0, 5)).toBeUndefined();
      // from a position it is no longer saved at (another process moved or saved it meanwhile): nothing moves
      expect(await file.moveHeader('moved', 5, 12, 'header at 12')).toBe(false);
      expect((await read('moved')).header).toBe('header at 9');
      // none saved under that name: nothing is made
      expect(await file.moveHeader('never saved', 0, 3, 'header')).toBe(false);
      expect(await read('never saved')).toEqual({ header: undefined, chunks: [] });
    } finally {
      await close();
    }
  });

  it('resumed after every batch of a random ledger (late tournaments, corrections, merges), the list equals a fresh fold', async () => {
    let compared = 0;
    // fixed seed: see incremental.test.ts (the engine's loop never ends for some inputs)
    for (const { facts, batches } of fc.sample(ledgers(8, 6), { numRuns: 12, seed: 20261124 })) {
      const place = await open();
      try {
        let seen = 0;
        for (const batch of inBatches(facts, batches)) {
          await record(place.store, batch);
          seen += batch.length;
          // each resume is a fresh process's: it starts from the checkpoint the previous one saved
          const { projection } = await resumeProjection(place.store, place.checkpoints, { checkpointEvery: 1, chunkItems: 3 });
          expect(listText(projection.current())).toBe(listText(foldFesa(facts.slice(0, seen))));
          compared++;
        }
      } finally {
        await place.close();
      }
    }
    expect(compared).toBeGreaterThan(30);
  }, 300_000);
});
