import * as E from 'fp-ts/Either';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LoggedEvent } from '../../domain/events';
import { playerCareer, renderCareer } from '../../projections/fesa/career';
import { explainPlayer } from '../../projections/fesa/explain';
import type { FesaFold } from '../../projections/fesa/history';
import { foldFesaFast } from '../../projections/fesa/incremental';
import { CAREER_MODEL_FORMAT, readCareerModel, readTournamentModel } from '../../src/app/career-model';
import { Ledger } from '../../src/app/ledger';
import { crosstableOfInputs, reportedGames, reportedGamesOf, tournamentCrosstable } from '../../src/app/tournaments';
import { resumeProjection } from '../../src/app/checkpoint';
import { loadFacts } from '../../src/app/load';
import type { CheckpointStorage } from '../../src/app/ports/checkpoint-storage';
import type { EventStore } from '../../src/app/ports/event-store';
import { ledgers } from '../support/gen';
import { throughRandomLedgers } from '../support/read-models';
import { places, record } from '../support/places';

/** What `history P` and `explain P [--tournament T]` print (text and --json) from a fold, or the error they stop with. */
const answers = (fold: FesaFold, playerId: string, tournamentId: string | undefined): string[] => {
  const career = playerCareer(fold, playerId);
  const explained = explainPlayer(fold, playerId, tournamentId);
  return [
    E.isLeft(career) ? `error: ${career.left}` : `${renderCareer(career.right)}\n${JSON.stringify(career.right, null, 2)}`,
    E.isLeft(explained) ? `error: ${explained.left}` : `${explained.right.text}\n${JSON.stringify(explained.right.data, null, 2)}`,
  ];
};

/** The ids a ledger registered, an unknown one, and its tournaments (and none, and an unknown one). */
const asked = (facts: readonly LoggedEvent[]): { players: string[]; tournaments: (string | undefined)[] } => ({
  players: [...new Set(facts.flatMap((f): string[] => (f.event.type === 'PlayerRegistered' ? [f.event.playerId] : [])))].concat('nobody'),
  tournaments: [undefined, 'no-such-tournament', ...facts.flatMap((f) => (f.event.type === 'TournamentRegistered' ? [f.event.tournamentId] : []))],
});

/**
 * For every player (and each tournament for `explain --tournament`), the model's answer equals the fold's; the
 * model is read whenever its fold did not fail, except for a career that reads the list itself. Returns how many
 * answers came from the model.
 */
/** Cross tables read from the model by all the checks so far. */
let tournamentsRead = 0;
/** Careers (and explanations) whose opening balance no tournament followed, read from the list model's row by all the checks so far. */
let openingOnlyRead = 0;

/** `storage`, counting the reads of one name key's list rows (what a career whose opening balance no tournament followed reads). */
const countingListReads = (storage: CheckpointStorage): { storage: CheckpointStorage; reads: () => number } => {
  let reads = 0;
  const counted: CheckpointStorage = Object.create(storage) as CheckpointStorage;
  counted.readList = (q) => {
    if (q.nameKey !== undefined) reads++;
    return storage.readList(q);
  };
  return { storage: counted, reads: () => reads };
};

const expectModelEqualsFold = async (store: EventStore, saved: CheckpointStorage): Promise<number> => {
  const facts = await loadFacts(store);
  const fold = foldFesaFast(facts, { runs: 'reports' });
  const { players, tournaments } = asked(facts);
  const { storage, reads } = countingListReads(saved);
  let read = 0;
  for (const playerId of players) {
    for (const tournamentId of tournaments) {
      const before = reads();
      const model = await readCareerModel(store, storage, 'as-adopted', playerId, tournamentId);
      expect(model).not.toBe('behind');
      if (E.isLeft(fold)) {
        expect(model).toBeUndefined();
        continue;
      }
      // the model reflects the head and its fold did not fail: every registered player's career is read from it,
      // never folded for by the caller (an opening balance no tournament followed included: its list row is read)
      if (playerId !== 'nobody') expect({ playerId, tournamentId, model: model === undefined ? 'not read: the caller folds' : 'read' }).toEqual({ playerId, tournamentId, model: 'read' });
      if (model === undefined || model === 'behind') continue;
      read++;
      if (reads() > before) openingOnlyRead++;
      expect({ playerId, tournamentId, answers: answers(model, playerId, tournamentId) }).toEqual({ playerId, tournamentId, answers: answers(fold.right, playerId, tournamentId) });
    }
  }
  tournamentsRead += await expectTournamentsEqualFold(store, storage, facts);
  return read;
};

/** What `tournament show T` prints from the fold up to the tournament's date, or the error it stops with. */
const crosstableFromFold = (facts: readonly LoggedEvent[], tournamentId: string): string => {
  try {
    return JSON.stringify(tournamentCrosstable(facts, tournamentId));
  } catch (e) {
    return `error: ${(e as Error).message}`;
  }
};

/**
 * For every tournament the model holds a run of, its cross table equals the fold's; a tournament it holds none of
 * is one the fold refuses (unknown, not closed, not rated under FESA); its games read from its stream are those of
 * the ledger's state. Returns how many cross tables came from the model.
 */
const expectTournamentsEqualFold = async (store: EventStore, storage: CheckpointStorage, facts: readonly LoggedEvent[]): Promise<number> => {
  const failed = E.isLeft(foldFesaFast(facts, { runs: 'none' }));
  const state = await new Ledger(store).catchUp();
  let read = 0;
  for (const tournamentId of asked(facts).tournaments.slice(1) as string[]) {
    const model = await readTournamentModel(store, storage, 'as-adopted', tournamentId);
    expect(model).not.toBe('behind');
    expect(await reportedGamesOf(store, tournamentId)).toEqual(reportedGames(state, tournamentId));
    if (failed) {
      expect(model).toBeUndefined();
      continue;
    }
    const fold = crosstableFromFold(facts, tournamentId);
    if (model === undefined || model === 'behind') {
      expect(fold).toMatch(/^error: /);
      continue;
    }
    read++;
    expect({ tournamentId, crosstable: JSON.stringify(crosstableOfInputs(model)) }).toEqual({ tournamentId, crosstable: fold });
  }
  return read;
};

describe.each(places)('the careers read model next to the log, %s (issue 19)', (name, open) => {
  it("after every batch of a random ledger (late tournaments, corrections, withdrawals, officer changes, merges and unmerges), after a late correction and after a rebuild, gives the fold's history and explanation of every player and cross table of every tournament", async () => {
    let read = 0;
    const merged = await throughRandomLedgers(open, name === 'SQLite' ? 15 : 5, async (store, checkpoints) => {
      read += await expectModelEqualsFold(store, checkpoints);
    });
    expect(read).toBeGreaterThan(200);
    expect(tournamentsRead).toBeGreaterThan(50);
    expect(openingOnlyRead).toBeGreaterThan(20);
    expect(merged).toBeGreaterThan(0);
  }, 300_000);

  it('is never read behind the head of the log or in another format, and is caught up or written anew instead', async () => {
    const sample = fc.sample(ledgers(8, 6), { numRuns: 40, seed: 7 }).find(({ facts }) => {
      const f = foldFesaFast(facts, { runs: 'reports' });
      return E.isRight(f) && f.right.runs.length >= 3;
    })!;
    const { store, checkpoints, sql, close } = await open();
    const player = sample.facts.find((f) => f.event.type === 'PlayerRegistered')!.event as { playerId: string };
    try {
      const cut = Math.floor(sample.facts.length / 2);
      await record(store, sample.facts.slice(0, cut));
      await resumeProjection(store, checkpoints);
      expect(await readCareerModel(store, checkpoints, 'as-adopted', player.playerId)).not.toBe('behind');
      await record(store, sample.facts.slice(cut));
      expect(await readCareerModel(store, checkpoints, 'as-adopted', player.playerId)).toBe('behind');
      expect((await resumeProjection(store, checkpoints)).checkpointPosition).toBe(cut);
      expect(await expectModelEqualsFold(store, checkpoints)).toBeGreaterThan(0);
      // another format: not read, and the checkpoint saved with it is not resumed from (both written anew)
      await sql(`UPDATE rm_career_meta SET format = ${CAREER_MODEL_FORMAT - 1}`);
      expect(await readCareerModel(store, checkpoints, 'as-adopted', player.playerId)).toBeUndefined();
      expect((await resumeProjection(store, checkpoints)).checkpointPosition).toBe(0);
      expect(await expectModelEqualsFold(store, checkpoints)).toBeGreaterThan(0);
      // dropped (derived, droppable): written anew from the log
      await sql('DELETE FROM rm_career_runs');
      await sql('DELETE FROM rm_career_meta');
      expect(await readCareerModel(store, checkpoints, 'as-adopted', player.playerId)).toBeUndefined();
      expect((await resumeProjection(store, checkpoints)).checkpointPosition).toBe(0);
      expect(await expectModelEqualsFold(store, checkpoints)).toBeGreaterThan(0);
    } finally {
      await close();
    }
  }, 120_000);
});
