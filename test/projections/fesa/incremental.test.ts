import * as E from 'fp-ts/Either';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rateEvent } from '../../../domain/rules/fesa/rate-event';
import { diffFolds } from '../../../projections/fesa/diff';
import { foldFesa, type FesaFold, type FoldError, type TournamentRun } from '../../../projections/fesa/history';
import { FesaProjection, foldFesaFast, type ListCheckpoint } from '../../../projections/fesa/incremental';
import { formatRatingList } from '../../../src/adapters/formats/fesa/ratingliste';
import { inBatches, ledgers, resultCorrection } from '../../support/gen';

/** What must not differ: the list as the program writes it, every run's report and list after, officer facts. */
const view = (fold: E.Either<FoldError, FesaFold>) =>
  E.isLeft(fold)
    ? { error: fold.left }
    : {
        list: formatRatingList(fold.right.list),
        runs: fold.right.runs.map((r) => ({ id: r.tournamentId, date: r.date, players: r.players, report: r.report, after: formatRatingList(r.after), before: [...r.before] })),
        officerFacts: fold.right.officerFacts,
      };

describe('incremental FESA projection (issue "History as a fold")', () => {
  it('equals a rebuild from scratch after every batch: late tournaments, corrections, withdrawals, byes, opening balances, merges and unmerges', () => {
    let folded = 0;
    let foldedMerged = 0;
    fc.assert(
      fc.property(ledgers(), fc.integer({ min: 1, max: 3 }), ({ facts, batches }, every) => {
        const projection = new FesaProjection({ runs: 'full', checkpointEvery: every });
        let seen = 0;
        for (const batch of inBatches(facts, batches)) {
          projection.apply(batch);
          seen += batch.length;
          const scratch = foldFesa(facts.slice(0, seen));
          expect(view(projection.current())).toEqual(view(scratch));
          if (E.isRight(scratch)) folded++;
          if (E.isRight(scratch) && projection.facts.merges.size > 0) foldedMerged++;
        }
      }),
      // Fixed seed: the FESA engine's Gauss–Seidel loop never ends for some inputs (reported to its owner), so the
      // explored ledgers are pinned to ones it finishes; change the seed only after checking that it terminates.
      { numRuns: 80, seed: 20261121 },
    );
    // the generator must produce ledgers that fold, not only errors
    expect(folded).toBeGreaterThan(100);
    // … and ledgers with a merge in force
    expect(foldedMerged).toBeGreaterThan(20);
  });

  it('gives the list as of any date from its checkpoints exactly as foldFesa --as-of does', () => {
    fc.assert(
      fc.property(ledgers(), fc.integer({ min: 0, max: 370 }), ({ facts }, offset) => {
        const asOf = new Date(Date.UTC(2020, 0, 1 + offset)).toISOString().slice(0, 10);
        const projection = new FesaProjection({ checkpointEvery: 1 });
        projection.apply(facts);
        projection.current();
        const mine = projection.asOf(asOf);
        const scratch = foldFesa(facts, { asOf, keepRuns: false });
        expect(E.isLeft(mine) ? mine.left : formatRatingList(mine.right.list)).toEqual(E.isLeft(scratch) ? scratch.left : formatRatingList(scratch.right.list));
      }),
      { numRuns: 60, seed: 20261122 },
    );
  });

  it('folds for the adapters as foldFesa does, on both clocks: the same list, reports and officer facts as of any date, known at any position', () => {
    fc.assert(
      fc.property(ledgers(), fc.integer({ min: 0, max: 370 }), fc.double({ min: 0, max: 1, noNaN: true }), ({ facts }, offset, share) => {
        const asOf = new Date(Date.UTC(2020, 0, 1 + offset)).toISOString().slice(0, 10);
        const knownAt = facts[Math.floor(share * (facts.length - 1))]!.globalPosition;
        const fast = foldFesaFast(facts, { asOf, knownAt, runs: 'reports' });
        const reference = foldFesa(facts, { asOf, knownAt });
        const seen = (f: typeof fast) =>
          E.isLeft(f) ? { error: f.left } : { list: formatRatingList(f.right.list), runs: f.right.runs.map((r) => ({ id: r.tournamentId, players: r.players, report: r.report })), officerFacts: f.right.officerFacts };
        expect(seen(fast)).toEqual(seen(reference));
        // and before a given tournament (what an imported event file's pre list is compared with)
        const tournaments = facts.flatMap((f) => (f.event.type === 'TournamentRegistered' ? [f.event] : []));
        const t = tournaments[Math.floor(share * tournaments.length)];
        if (t) {
          const stopBefore = { date: t.endDate, tournamentId: t.tournamentId };
          expect(seen(foldFesaFast(facts, { stopBefore, runs: 'reports' }))).toEqual(seen(foldFesa(facts, { stopBefore })));
        }
      }),
      { numRuns: 60, seed: 20261123 },
    );
  });

  it('diffs two rule sets from runs without per-game terms as from foldFesa\'s whole lists', () => {
    let differing = 0;
    fc.assert(
      fc.property(ledgers(), ({ facts }) => {
        const fast = [foldFesaFast(facts, { ruleSet: 'fesa', runs: 'changes' }), foldFesaFast(facts, { ruleSet: 'fesa-published', runs: 'changes' })] as const;
        const reference = [foldFesa(facts, { ruleSet: 'fesa' }), foldFesa(facts, { ruleSet: 'fesa-published' })] as const;
        if (E.isLeft(reference[0]) || E.isLeft(reference[1]) || E.isLeft(fast[0]) || E.isLeft(fast[1])) {
          expect([E.isLeft(fast[0]), E.isLeft(fast[1])]).toEqual([E.isLeft(reference[0]), E.isLeft(reference[1])]);
          return;
        }
        const changes = diffFolds(fast[0].right, fast[1].right);
        expect(changes).toEqual(diffFolds(reference[0].right, reference[1].right));
        if (changes.runs.length + changes.list.length > 0) differing++;
      }),
      { numRuns: 60, seed: 20261124 },
    );
    // the rule sets must disagree somewhere, or the comparison shows nothing
    expect(differing).toBeGreaterThan(5);
  });

  it('restored with only its last checkpoint, keeps the ones a list of an earlier date passes, and folds on from them exactly', () => {
    const list = (f: E.Either<FoldError, FesaFold>) =>
      E.isLeft(f) ? f.left : { list: formatRatingList(f.right.list), officerFacts: f.right.officerFacts, runs: f.right.runs.map((r) => [r.tournamentId, r.report]) };
    let corrected = 0;
    fc.assert(
      fc.property(ledgers(), fc.array(fc.integer({ min: 0, max: 370 }), { minLength: 1, maxLength: 4 }), ({ facts }, offsets) => {
        const whole = new FesaProjection({ checkpointEvery: 1, runs: 'reports' });
        whole.apply(facts);
        const folded = whole.current();
        if (E.isLeft(folded)) return;
        const restored = new FesaProjection({ checkpointEvery: 1, runs: 'reports' });
        restored.apply(facts);
        restored.position = whole.position;
        // as from disk: without the other projection's slot numbers (and here with the runs, as the server keeps them)
        const own = (c: ListCheckpoint): ListCheckpoint => ({ ...c, slots: undefined });
        restored.restore(whole.listCheckpoints().slice(-1).map(own), own(whole.headCheckpoint()), folded.right.runs, whole.officerFactsSoFar());
        for (const offset of offsets) {
          const asOf = new Date(Date.UTC(2020, 0, 1 + offset)).toISOString().slice(0, 10);
          expect(list(restored.asOf(asOf))).toEqual(list(foldFesa(facts, { asOf })));
        }
        // kept in timeline order (what a re-fold, and the checkpoints saved to disk, take the last of)
        const kept = restored.listCheckpoints().map((c) => c.index);
        expect(kept).toEqual([...kept].sort((a, b) => a - b));
        // a correction of the first game re-folds from a checkpoint the lists above left behind
        const game = facts.find((f) => f.event.type === 'GameReported' && f.event.second !== null);
        if (!game || game.event.type !== 'GameReported') return;
        const fix = resultCorrection(game.event, whole.position + 1);
        restored.apply([fix]);
        expect(list(restored.current())).toEqual(list(foldFesa([...facts, fix])));
        corrected++;
      }),
      { numRuns: 60, seed: 20261125 },
    );
    expect(corrected).toBeGreaterThan(20);
  });

  it('restored without runs, gives an earlier list and then re-folds a correction with the runs from a checkpoint on, none missing', () => {
    let refolded = 0;
    fc.assert(
      fc.property(ledgers(10, 8), fc.nat(), ({ facts }, pick) => {
        const whole = new FesaProjection({ checkpointEvery: 1, runs: 'changes' });
        whole.apply(facts);
        const folded = whole.current();
        if (E.isLeft(folded)) return;
        // as a comparison restores it from disk (checkpoint.ts): its last lists, which count no runs, and no runs
        const restored = new FesaProjection({ checkpointEvery: 1, runs: 'changes' });
        restored.apply(facts);
        restored.position = whole.position;
        const fromDisk = (c: ListCheckpoint): ListCheckpoint => ({ ...c, slots: undefined, runs: 0 });
        restored.restore(whole.listCheckpoints().slice(-1).map(fromDisk), fromDisk(whole.headCheckpoint()), [], whole.officerFactsSoFar());
        const games = facts.flatMap((f) => (f.event.type === 'GameReported' && f.event.second !== null ? [f.event] : []));
        const game = games[pick % Math.max(1, games.length)];
        if (!game) return;
        // the list before the game's tournament (an import's ratingliste.pre), then the correction folded
        const before = restored.before({ date: game.validDate, tournamentId: game.tournamentId });
        expect(E.isRight(before)).toBe(true);
        const fix = resultCorrection(game, whole.position + 1);
        restored.apply([fix]);
        const after = restored.current();
        const expected = foldFesa([...facts, fix], { keepRuns: true });
        if (E.isLeft(after) || E.isLeft(expected)) return expect(E.isLeft(after)).toBe(E.isLeft(expected));
        expect(after.right.runs.every((r) => r !== undefined)).toBe(true);
        expect(formatRatingList(after.right.list)).toEqual(formatRatingList(expected.right.list));
        // the runs kept are those of the whole fold from where the re-fold started
        const ids = after.right.runs.map((r) => r.tournamentId);
        expect(ids).toEqual(expected.right.runs.slice(expected.right.runs.length - ids.length).map((r) => r.tournamentId));
        if (ids.length > 0) refolded++;
      }),
      { numRuns: 60, seed: 20261129 },
    );
    expect(refolded).toBeGreaterThan(20);
  });

  /**
   * Ledgers where a player plays in two tournaments of one day (rated since the folds accept them): a correction of
   * the later one re-folds from the checkpoint before the first of that day, further back, so these two counts do
   * not hold for them.
   */
  const playsTwiceOnADay = (runs: readonly TournamentRun[]): boolean =>
    runs.some((a, i) => runs.some((b, j) => j > i && a.date === b.date && a.players.some((p) => b.players.includes(p))));

  it('re-folds only from the checkpoint before a late correction, and the result equals a rebuild', () => {
    const candidates = fc.sample(ledgers(10, 8), { numRuns: 20, seed: 7 });
    let checked = 0;
    for (const { facts } of candidates) {
      const projection = new FesaProjection({ checkpointEvery: 1, runs: 'full' });
      projection.apply(facts);
      const before = projection.current();
      if (E.isLeft(before) || before.right.runs.length < 3 || playsTwiceOnADay(before.right.runs)) continue;
      const last = before.right.runs.at(-1)!;
      const game = facts.find((f) => f.event.type === 'GameReported' && f.event.tournamentId === last.tournamentId && f.event.second !== null);
      if (!game || game.event.type !== 'GameReported') continue;
      const correction = resultCorrection(game.event, facts.length + 1);
      projection.apply([correction]);
      expect(view(projection.current())).toEqual(view(foldFesa([...facts, correction])));
      // only the corrected tournament (and officer facts dated on or after it) were applied again
      const timelineAfter = projection.lastRefold.to - projection.lastRefold.from;
      expect(timelineAfter).toBeLessThan(before.right.runs.length);
      expect(timelineAfter).toBeGreaterThanOrEqual(1);
      checked++;
    }
    expect(checked).toBeGreaterThan(3);
  });

  it('rates with the engine it is given: each tournament once in a rebuild, after a correction of the last one only that one', () => {
    const candidates = fc.sample(ledgers(10, 8), { numRuns: 20, seed: 11 });
    let checked = 0;
    for (const { facts } of candidates) {
      const rated: string[] = [];
      const counting: typeof rateEvent = (...args) => {
        rated.push(args[2].name);
        return rateEvent(...args);
      };
      const projection = new FesaProjection({ checkpointEvery: 2, runs: 'reports', engine: counting });
      projection.apply(facts);
      const before = projection.current();
      if (E.isLeft(before) || before.right.runs.length < 3 || playsTwiceOnADay(before.right.runs)) continue;
      expect(view(before).list).toEqual(view(foldFesa(facts)).list);
      expect(rated).toHaveLength(before.right.runs.length);
      const last = before.right.runs.at(-1)!;
      const game = facts.find((f) => f.event.type === 'GameReported' && f.event.tournamentId === last.tournamentId && f.event.second !== null);
      if (!game || game.event.type !== 'GameReported') continue;
      rated.length = 0;
      projection.apply([resultCorrection(game.event, facts.length + 1)]);
      expect(E.isRight(projection.current())).toBe(true);
      expect(rated).toEqual([last.name]);
      checked++;
    }
    expect(checked).toBeGreaterThan(3);
  });
});
