import fc from 'fast-check';
import * as E from 'fp-ts/Either';
import { describe, expect, it } from 'vitest';
import type { DomainEvent, GameReported, LoggedEvent } from '../../domain/events';
import { resumeProjection } from '../../src/app/checkpoint';
import { consequences, consequencesFromSaved, ledgerRatings, withDecided } from '../../src/app/consequences';
import { loadFacts } from '../../src/app/load';
import { readRuleSetListModel, ruleSetListModelBuilds, ruleSetListModelHeadersMoved, ruleSetListModelResumes } from '../../src/app/rule-set-list-model';
import { listNamer, listOfFold, ruleSetList } from '../../src/app/rule-set-list';
import { readRuleSetCareer, ruleSetCareerModelBuilds, ruleSetCareerModelRenames, ruleSetCareerModelSplices, ruleSetCareerRecordsSpliced, servedRuleSetCareerAtHead, spliceRuleSetCareersWithLists } from '../../src/app/rule-set-career-model';
import { ruleSetStandings } from '../../src/app/career-rule-sets';
import { careerReader } from '../../src/app/tournaments';
import { evolve, initialLedgerState } from '../../domain/commands/state';
import { explanationData } from '../../projections/generic/explain';
import { foldGeneric } from '../../projections/generic/history';
import { consequencesFromCut, savedRatings } from '../../src/app/saved-ratings';
import { foldCutSettings, loadFoldCut } from '../../src/app/rule-set-fold-cut';
import { listModelChunkSettings, ruleSetListModelTails } from '../../src/app/rule-set-list-chunks';
import type { GenericRuleSetId } from '../../projections/generic/systems';
import { ledgers, resultCorrection } from '../support/gen';
import { mix, mixed, OTHER } from '../support/mixed-ledgers';
import { places, record } from '../support/places';
import type { CheckpointStorage } from '../../src/app/ports/checkpoint-storage';
import type { EventStore } from '../../src/app/ports/event-store';

/**
 * After a write, the non-FESA list models fold again from their saved cut (src/app/rule-set-fold-cut.ts) when the
 * write touches only what is dated from the cut on, and a write's consequences are compared from it: both equal the
 * fold of the whole log. Random ledgers mixing FESA and other rule sets (test/support/mixed-ledgers.ts), their dates
 * stretched over four years so that the cut (the first day of the year before the last item's) falls among the
 * tournaments; then a write: a corrected result, a late game or a withdrawal in the last non-FESA tournament, a new
 * one after every other, an opening balance, a rename (the names alone), or a back-dated correction (which makes the models anew);
 * every player's careers under every non-FESA rule set (the careers model spliced at the cut) equal the whole log's fold.
 */

const EPOCH = Date.UTC(2020, 0, 1);
const stretch = (date: string): string => new Date(EPOCH + (Date.parse(`${date}T00:00:00Z`) - EPOCH) * 4).toISOString().slice(0, 10);
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const stretched = (value: unknown): unknown => {
  if (typeof value === 'string') return ISO_DATE.test(value) ? stretch(value) : value;
  if (Array.isArray(value)) return value.map(stretched);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, stretched(v)]));
  return value;
};

const shown = async (view: () => Promise<unknown>): Promise<string> => {
  try {
    return JSON.stringify(await view(), null, 2) ?? 'undefined';
  } catch (e) {
    return `error: ${e instanceof Error ? e.message : String(e)}`;
  }
};

/**
 * Every player's careers under the non-FESA rule sets as the fold of the whole log gives them (what the careers model
 * holds of him: his career, what `explain` tells and his standings), made here from the log alone.
 */
const wholeCareers = (facts: readonly LoggedEvent[]): Map<string, unknown> => {
  const state = initialLedgerState();
  for (const f of facts) evolve(state, f.event);
  const folded = foldGeneric(facts);
  const careerOf = careerReader(facts, state, folded);
  const named = listNamer(facts);
  const rows = new Map(OTHER.map((r) => [r, E.isRight(folded) ? new Map(listOfFold(folded.right, r, '9999-12-31', 0, named).players.map((row) => [row.id, row])) : new Map()]));
  return new Map(
    [...state.players.keys()].map((id) => {
      const data = E.isRight(folded) ? explanationData(folded.right, id) : undefined;
      return [id, {
        career: careerOf(id),
        explanation: data ?? { playerId: id, tournaments: [], officerFacts: [], grades: [] },
        standings: ruleSetStandings(folded, id, (r) => rows.get(r as (typeof OTHER)[number])?.get(id)),
        ...(E.isLeft(folded) ? { failure: folded.left } : {}),
      }];
    }),
  );
};

const event = (fields: Record<string, unknown>): DomainEvent => ({ version: 1, actor: 't', ...fields }) as unknown as DomainEvent;

/** The games of tournaments under another rule set than FESA's, by date. */
const otherGames = (facts: readonly LoggedEvent[]): GameReported[] => {
  const other = new Set(facts.flatMap(({ event: e }) => (e.type === 'TournamentRegistered' && e.ratingSystem !== 'fesa' ? [e.tournamentId] : [])));
  return facts.flatMap(({ event: e }) => (e.type === 'GameReported' && e.second !== null && other.has(e.tournamentId) ? [e] : [])).sort((a, b) => a.validDate.localeCompare(b.validDate));
};

const lastDate = (facts: readonly LoggedEvent[]): string => facts.reduce((last, f) => (f.event.validDate > last ? f.event.validDate : last), '');
const dayAfter = (date: string): string => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** One write of kind `kind`; undefined when the ledger has nothing to write it about. */
const writeOf = (facts: readonly LoggedEvent[], kind: number, pick: number): DomainEvent[] | undefined => {
  const games = otherGames(facts);
  const last = games.at(-1);
  const players = facts.flatMap(({ event: e }) => (e.type === 'PlayerRegistered' ? [e.playerId as string] : []));
  const ruleSet = OTHER[pick % OTHER.length]!;
  switch (kind) {
    case 0:
      return last && [resultCorrection(last, 0, 'late-fix').event];
    case 1:
      return last && [event({ ...last, type: 'GameReported', eventId: 'late-game', gameId: 'late-game', round: 99, result: 'draw' })];
    case 2:
      return last && [event({ type: 'GameWithdrawn', eventId: 'withdrawn', validDate: last.validDate, tournamentId: last.tournamentId, gameId: last.gameId, reason: 'never played' })];
    case 3: {
      const date = dayAfter(lastDate(facts));
      const [a, b] = [players[pick % players.length]!, players[(pick + 1) % players.length]!];
      return [
        event({ type: 'TournamentRegistered', eventId: 'new-t', validDate: date, tournamentId: 'NEW', name: 'new', place: 'Oslo', startDate: date, endDate: date, ratingSystem: ruleSet, rated: true, timeControl: { mainMinutes: 90, byoyomiSeconds: 0, incrementSeconds: 30 } }),
        event({ type: 'GameReported', eventId: 'new-g', validDate: date, tournamentId: 'NEW', gameId: 'g1', round: 1, first: a, second: b, result: 'win' }),
        event({ type: 'TournamentClosed', eventId: 'new-close', validDate: date, tournamentId: 'NEW' }),
      ];
    }
    case 4: {
      const state = ruleSet === 'fide' || ruleSet === 'uscf-k' ? { rating: 1850, games: 40, birthYear: null, reached2400: false } : { rating: 1850, games: 40 };
      return [event({ type: 'OpeningBalanceImported', eventId: 'late-balance', validDate: lastDate(facts), playerId: players[pick % players.length]!, ruleSet, state, source: 'legacy list' })];
    }
    case 5: {
      // a rename, now and then to another player's name (the lists tell namesakes apart): the names alone change
      const [renamed, other] = [players[pick % players.length]!, players[(pick + 3) % players.length]!];
      const named = facts.find((f) => f.event.type === 'PlayerRegistered' && f.event.playerId === other)!.event as { familyName: string; givenName: string };
      return [event({ type: 'PlayerRegistrationCorrected', eventId: 'renamed', validDate: lastDate(facts), playerId: renamed, reason: 'married', ...(pick % 2 === 0 ? { familyName: named.familyName, givenName: named.givenName } : { familyName: 'Renamed' }) })];
    }
    default:
      // back-dated to the first game under another rule set: before the cut, the models are made anew
      return games[0] && [resultCorrection(games[0], 0, 'old-fix').event];
  }
};

describe.each(places)('the non-FESA folds resumed at their cut (%s)', (name, open) => {
  const numRuns = name === 'SQLite' ? 40 : 15;
  it('give the whole log\'s lists, careers and consequences after a write, folding again from the cut where the write is after it', async () => {
    const used = { resumed: 0, resumedFine: 0, rebuilt: 0, comparedFromCut: 0, compared: 0, careersSpliced: 0, careersSplicedFine: 0, careersRebuilt: 0, careersRenamed: 0, fineApart: 0, headersMoved: 0, resumedByPlayer: 0, careersByPlayer: 0, onePlayer: 0 };
    // a fine cut apart from the coarse one before the last tournament: a write's consequences are compared from it
    const kept = foldCutSettings.fineTournaments;
    foldCutSettings.fineTournaments = 1;
    // chunks of three versions: a model resumed at a cut keeps the chunks before it as saved (rule-set-list-chunks.ts)
    const items = listModelChunkSettings.items;
    listModelChunkSettings.items = 3;
    const tails = { ...ruleSetListModelTails };
    try {
    await fc.assert(
      fc.asyncProperty(ledgers(8, 6), mix, fc.integer({ min: 0, max: 6 }), fc.nat(), async ({ facts }, m, kind, pick) => {
        const { store, checkpoints, close } = await open();
        try {
          const ledger = mixed(facts, m).map((f) => ({ ...f, event: stretched(f.event) as DomainEvent }));
          await record(store, ledger);
          await resumeProjection(store, checkpoints, { checkpointEvery: 1 });
          const log = await loadFacts(store);
          // the models made once (the careers with the lists), their cut saved with them
          await readRuleSetCareer(store, checkpoints, 'nobody');
          const events = writeOf(log, kind, pick);
          if (events === undefined) return;
          if ((await loadFoldCut(checkpoints, 'fine'))?.cut.date !== (await loadFoldCut(checkpoints))?.cut.date) used.fineApart++;
          const fromCut = consequencesFromCut.here;
          const saved = await savedRatings(store, checkpoints, events);
          if (saved !== undefined) {
            used.compared++;
            if (consequencesFromCut.here > fromCut) used.comparedFromCut++;
            expect(await consequencesFromSaved(saved)).toEqual(consequences(ledgerRatings(log), ledgerRatings(withDecided(log, events))));
          }
          await record(store, events.map((e, i) => ({ event: e, globalPosition: log.length + i + 1 })));
          const after = await loadFacts(store);
          const [resumes, resumesFine, builds, moved, byPlayer, careersByPlayer] = [ruleSetListModelResumes.here, ruleSetListModelResumes.fine, ruleSetListModelBuilds.here, ruleSetListModelHeadersMoved.here, ruleSetListModelResumes.byPlayer, ruleSetListModelResumes.careersByPlayer];
          const [splices, splicesFine, careerBuilds, renames] = [ruleSetCareerModelSplices.here, ruleSetCareerModelSplices.fine, ruleSetCareerModelBuilds.here, ruleSetCareerModelRenames.here];
          // every player's careers from the model caught up — before the lists are, or after them — as the whole log's fold gives them
          const careers = async (): Promise<void> => {
            const whole = wholeCareers(after);
            // first each player's record as the server's page reads it after a write (a splice by player, nothing saved)
            const onePlayer = ruleSetCareerRecordsSpliced.here;
            for (const [id, expected] of whole) {
              const served = await servedRuleSetCareerAtHead(store, checkpoints, id);
              if (served !== undefined) expect({ id, served }).toEqual({ id, served: expected });
            }
            if (ruleSetCareerRecordsSpliced.here > onePlayer) used.onePlayer++;
            for (const [id, expected] of whole) expect({ id, careers: await readRuleSetCareer(store, checkpoints, id) }).toEqual({ id, careers: expected });
          };
          if (pick % 2 === 0) await careers();
          const dates = ['2099-01-01', lastDate(after), lastDate(log), stretch('2020-09-01')];
          for (const ruleSet of OTHER as readonly GenericRuleSetId[]) {
            for (const asOf of dates) {
              const whole = await shown(async () => ruleSetList(after, ruleSet, { asOf, activeYears: 0 }));
              expect({ ruleSet, asOf, list: await shown(() => readRuleSetListModel(store, checkpoints, ruleSet, { asOf, activeYears: 0 })) }).toEqual({ ruleSet, asOf, list: whole });
            }
          }
          if (pick % 2 === 1) await careers();
          if (ruleSetListModelResumes.here > resumes) used.resumed++;
          if (ruleSetListModelResumes.fine > resumesFine) used.resumedFine++;
          if (ruleSetListModelResumes.byPlayer > byPlayer) used.resumedByPlayer++;
          if (ruleSetListModelResumes.careersByPlayer > careersByPlayer) used.careersByPlayer++;
          if (ruleSetListModelHeadersMoved.here > moved) used.headersMoved++;
          if (ruleSetCareerModelSplices.fine > splicesFine) used.careersSplicedFine++;
          if (ruleSetListModelBuilds.here > builds) used.rebuilt++;
          if (ruleSetCareerModelSplices.here > splices) used.careersSpliced++;
          if (ruleSetCareerModelBuilds.here > careerBuilds) used.careersRebuilt++;
          if (ruleSetCareerModelRenames.here > renames) {
            used.careersRenamed++;
            // a rename changes the names alone: nothing folded again
            expect([kind, ruleSetCareerModelSplices.here, ruleSetCareerModelBuilds.here]).toEqual([5, splices, careerBuilds]);
          }
        } finally {
          await close();
        }
      }),
      { numRuns, seed: 20261129 },
    );
    } finally {
      foldCutSettings.fineTournaments = kept;
      listModelChunkSettings.items = items;
    }
    // the models resumed kept their chunks before the cut, their heads made from the saved ones
    // (most writes change no model but the one written to, whose versions from the cut on fill its last chunks)
    expect(ruleSetListModelTails.saved - tails.saved).toBeGreaterThan(0);
    expect(ruleSetListModelTails.headsAfter - tails.headsAfter).toBeGreaterThan(0);
    console.log(`${name}: models saved with chunks kept ${ruleSetListModelTails.saved - tails.saved}, heads from the saved head ${ruleSetListModelTails.headsAfter - tails.headsAfter}`);
    // not vacuous: writes after the cut were folded from it, back-dated ones made the models anew
    expect(used.resumed).toBeGreaterThan(numRuns / 4);
    expect(used.rebuilt).toBeGreaterThan(numRuns / 10);
    expect(used.comparedFromCut).toBeGreaterThan(numRuns / 4);
    expect(used.careersSpliced).toBeGreaterThan(numRuns / 4);
    // and the writes after the fine cut folded the last tournament alone, for the lists and the careers alike
    expect(used.resumedFine).toBeGreaterThan(numRuns / 8);
    expect(used.careersSplicedFine).toBeGreaterThan(numRuns / 8);
    // the lists caught up alone at the fine cut read the rows of the players their fold rates alone
    expect(used.resumedByPlayer).toBeGreaterThan(numRuns / 10);
    // and the careers spliced from a fold of those rows alone: with the lists at the fine cut, or alone after a list read
    expect(used.careersByPlayer).toBeGreaterThan(numRuns / 10);
    // and a page's record read as a splice would make it, the models left as saved
    expect(used.onePlayer).toBeGreaterThan(numRuns / 10);
    // the models a write left as they were kept their versions as saved, their headers moved
    expect(used.headersMoved).toBeGreaterThan(numRuns / 4);
    expect(used.careersRebuilt).toBeGreaterThan(numRuns / 10);
    expect(used.careersRenamed).toBeGreaterThan(0);
    expect(used.fineApart).toBeGreaterThan(numRuns / 8);
    console.log(`${name}: ${JSON.stringify(used)} of ${numRuns}`);
  }, 300_000);
});

/** A small fide ledger's facts: a player registered in 2022, a game won by `first`, a closed tournament of `games`. */
const player = (id: string): DomainEvent => event({ type: 'PlayerRegistered', eventId: `reg:${id}`, validDate: '2022-01-01', playerId: id, familyName: id, givenName: '', country: 'NL' });
const game = (t: string, date: string, id: string, first: string, second: string): DomainEvent => event({ type: 'GameReported', eventId: `g:${t}:${id}`, validDate: date, tournamentId: t, gameId: id, round: 1, first, second, result: 'win' });
const tournament = (id: string, date: string, games: DomainEvent[]): DomainEvent[] => [
  event({ type: 'TournamentRegistered', eventId: `t:${id}`, validDate: date, tournamentId: id, name: id, place: 'Leiden', startDate: date, endDate: date, ratingSystem: 'fide', rated: true, timeControl: { mainMinutes: 90, byoyomiSeconds: 0, incrementSeconds: 30 } }),
  ...games,
  event({ type: 'TournamentClosed', eventId: `close:${id}`, validDate: date, tournamentId: id }),
];

describe.each(places)('the careers model spliced at its cut (%s)', (_name, open) => {
  it('carries a grade from before the cut into the first tournament after it', async () => {
    // A's GoBase grade is 1-dan from his balance; an adjustment to 2150 before the cut moves his rating, not the
    // grade his history holds, so his first tournament after the cut tells 1-dan -> 3-dan: a splice must carry 1-dan over
    const balance = (id: string) => event({ type: 'OpeningBalanceImported', eventId: `bal:${id}`, validDate: '2022-01-01', playerId: id, ruleSet: 'gobase-go', state: { rating: 1950, games: 40 }, source: 'legacy list' });
    const goTournament = (id: string, date: string): DomainEvent[] => [
      event({ type: 'TournamentRegistered', eventId: `t:${id}`, validDate: date, tournamentId: id, name: id, place: 'Leiden', startDate: date, endDate: date, ratingSystem: 'gobase-go', rated: true, timeControl: { mainMinutes: 60, byoyomiSeconds: 30, incrementSeconds: 0 } }),
      event({ type: 'GameReported', eventId: `g:${id}`, validDate: date, tournamentId: id, gameId: 'g1', round: 1, first: 'A', second: 'B', result: 'draw' }),
      event({ type: 'TournamentClosed', eventId: `close:${id}`, validDate: date, tournamentId: id }),
    ];
    const adjusted = event({ type: 'RatingAdjusted', eventId: 'adj', validDate: '2022-06-01', adjustmentId: 'adj', ruleSet: 'gobase-go', target: { kind: 'player', playerId: 'A' }, change: { kind: 'set', rating: 2150 }, reason: 'promoted by the federation' });
    const events = [player('A'), player('B'), balance('A'), balance('B'), ...goTournament('T1', '2022-03-01'), adjusted, ...goTournament('T2', '2024-03-01')];
    const { store, checkpoints, close } = await open();
    try {
      await record(store, events.map((e, i) => ({ event: e, globalPosition: i + 1 })));
      await readRuleSetCareer(store, checkpoints, 'A');
      const game = (await loadFacts(store)).find((f) => f.event.type === 'GameReported' && f.event.tournamentId === 'T2')!.event as GameReported;
      await record(store, [resultCorrection(game, events.length + 1, 'late-fix')]);
      const splices = ruleSetCareerModelSplices.here;
      const whole = wholeCareers(await loadFacts(store));
      for (const id of ['A', 'B']) expect({ id, careers: await readRuleSetCareer(store, checkpoints, id) }).toEqual({ id, careers: whole.get(id) });
      expect(ruleSetCareerModelSplices.here).toBe(splices + 1);
      expect((whole.get('A') as { career: { grades: { date: string; from: string; to: string }[] } }).career.grades.filter((g) => g.date === '2024-03-01').map((g) => [g.from, g.to])).toEqual([['1-dan', '3-dan']]);
    } finally {
      await close();
    }
  }, 60_000);

  it('makes again the tails of the players a write names: one whose first game is after the cut, two writes in a row, a write then a rename', async () => {
    // the cut is 2023-01-01; A's tail ends with T2 (2024-02), before the date a new tournament T4 touches, and D plays
    // first in T4: both must be read again although A's saved tail holds nothing from that date on
    const events = [
      ...['A', 'B', 'C', 'D'].map(player),
      ...tournament('T1', '2022-03-01', [game('T1', '2022-03-01', 'g1', 'A', 'B')]),
      ...tournament('T2', '2024-02-01', [game('T2', '2024-02-01', 'g1', 'A', 'C')]),
      ...tournament('T3', '2024-06-01', [game('T3', '2024-06-01', 'g1', 'B', 'C')]),
    ];
    const { store, checkpoints, close } = await open();
    try {
      await record(store, events.map((e, i) => ({ event: e, globalPosition: i + 1 })));
      await readRuleSetCareer(store, checkpoints, 'A');
      const writes: DomainEvent[][] = [
        tournament('T4', '2024-09-01', [game('T4', '2024-09-01', 'g1', 'D', 'A')]),
        // a second write in a row, before T4: T3's game corrected
        [event({ ...(events.find((e) => e.type === 'GameReported' && e.tournamentId === 'T3') as object), type: 'ResultCorrected', eventId: 'fix:T3', result: 'draw', reason: 'late fix' })],
        // a rename alone, then a write with a rename beside it
        [event({ type: 'PlayerRegistrationCorrected', eventId: 'rename:A', validDate: '2024-10-01', playerId: 'A', reason: 'married', familyName: 'Renamed' })],
        [event({ type: 'PlayerRegistrationCorrected', eventId: 'rename:B', validDate: '2024-10-01', playerId: 'B', reason: 'married', familyName: 'Other' }), event({ ...(events.find((e) => e.type === 'GameReported' && e.tournamentId === 'T2') as object), type: 'ResultCorrected', eventId: 'fix:T2', result: 'draw', reason: 'late fix' })],
      ];
      let position = events.length;
      for (const [i, write] of writes.entries()) {
        await record(store, write.map((e) => ({ event: e, globalPosition: ++position })));
        // after the second write a list read catches the careers up in its own fold: the careers' reads splice nothing then
        const splicedWithLists = ruleSetCareerModelSplices.here;
        if (i === 1) await spliceRuleSetCareersWithLists(store, checkpoints);
        expect(ruleSetCareerModelSplices.here - splicedWithLists).toBe(i === 1 ? 1 : 0);
        const [splices, builds, renames] = [ruleSetCareerModelSplices.here, ruleSetCareerModelBuilds.here, ruleSetCareerModelRenames.here];
        const whole = wholeCareers(await loadFacts(store));
        for (const id of ['A', 'B', 'C', 'D']) expect({ write: i, id, careers: await readRuleSetCareer(store, checkpoints, id) }).toEqual({ write: i, id, careers: whole.get(id) });
        expect([ruleSetCareerModelSplices.here - splices, ruleSetCareerModelRenames.here - renames, ruleSetCareerModelBuilds.here - builds]).toEqual(i === 2 ? [0, 1, 0] : [i === 1 ? 0 : 1, 0, 0]);
      }
      expect((wholeCareers(await loadFacts(store)).get('D') as { career: { tournaments: unknown[] } }).career.tournaments).toHaveLength(1);
    } finally {
      await close();
    }
  }, 60_000);

  it('drops from a record what a withdrawal after the cut takes: a player whose only game it was', async () => {
    const events = [player('A'), player('B'), player('C'), ...tournament('T1', '2022-03-01', [game('T1', '2022-03-01', 'g1', 'A', 'B')]), ...tournament('T2', '2024-03-01', [game('T2', '2024-03-01', 'g1', 'A', 'B'), game('T2', '2024-03-01', 'g2', 'C', 'B')])];
    const { store, checkpoints, close } = await open();
    try {
      await record(store, events.map((e, i) => ({ event: e, globalPosition: i + 1 })));
      await readRuleSetCareer(store, checkpoints, 'C');
      await record(store, [{ event: event({ type: 'GameWithdrawn', eventId: 'withdrawn', validDate: '2024-03-01', tournamentId: 'T2', gameId: 'g2', reason: 'never played' }), globalPosition: events.length + 1 }]);
      const splices = ruleSetCareerModelSplices.here;
      const whole = wholeCareers(await loadFacts(store));
      for (const id of ['A', 'B', 'C']) expect({ id, careers: await readRuleSetCareer(store, checkpoints, id) }).toEqual({ id, careers: whole.get(id) });
      expect(ruleSetCareerModelSplices.here).toBe(splices + 1);
      expect((whole.get('C') as { career: unknown }).career).toBeUndefined();
    } finally {
      await close();
    }
  }, 60_000);
});

/**
 * The fine cut (rule-set-fold-cut.ts): kept before the last `foldCutSettings.fineTournaments` tournaments, beside the
 * coarse one, by the same fold, at the same position. A write's consequences, the list and careers models resumed after
 * it equal the whole log's fold, and the lists name a player first rated after the models were saved.
 */
describe.each(places)('the fine fold cut (%s)', (_name, open) => {
  const kept = foldCutSettings.fineTournaments;
  const items = listModelChunkSettings.items;
  const t = (id: string, date: string, a: string, b: string): DomainEvent[] => tournament(id, date, [game(id, date, 'g1', a, b)]);
  // the coarse cut is 2023-01-01; with the two last tournaments folded again, the fine one is T4's date
  // rated from the start: a fide rating needs five games else (E's, below)
  const balance = (id: string): DomainEvent => event({ type: 'OpeningBalanceImported', eventId: `bal:${id}`, validDate: '2022-01-01', playerId: id, ruleSet: 'fide', state: { rating: 1800 + id.charCodeAt(0), games: 40, birthYear: null, reached2400: false }, source: 'legacy list' });
  const events = [...['A', 'B', 'C', 'D', 'E'].map(player), ...['A', 'B', 'C', 'D'].map(balance), ...t('T1', '2022-03-01', 'A', 'B'), ...t('T2', '2024-02-01', 'A', 'C'), ...t('T3', '2024-04-01', 'B', 'C'), ...t('T4', '2024-06-01', 'A', 'D'), ...t('T5', '2024-08-01', 'C', 'D')];
  const gameOf = (log: readonly LoggedEvent[], id: string): GameReported => log.find((f) => f.event.type === 'GameReported' && f.event.tournamentId === id)!.event as GameReported;
  const correction = (log: readonly LoggedEvent[], id: string, eventId: string): DomainEvent => resultCorrection(gameOf(log, id), 0, eventId).event;

  /** Records `write` after its consequences (held to the whole log's), then holds every list and career to the whole log's fold. */
  const writeThenRead = async (store: EventStore, checkpoints: CheckpointStorage, write: readonly DomainEvent[], fromCut: boolean, cutDate?: string): Promise<void> => {
    const log = await loadFacts(store);
    const before = consequencesFromCut.here;
    const saved = await savedRatings(store, checkpoints, write);
    expect(saved).toBeDefined();
    expect(await consequencesFromSaved(saved!)).toEqual(consequences(ledgerRatings(log), ledgerRatings(withDecided(log, write))));
    expect({ write: write.map((e) => e.eventId), fromCut: consequencesFromCut.here > before }).toEqual({ write: write.map((e) => e.eventId), fromCut });
    // which of the two cuts it was compared from
    if (cutDate !== undefined) expect({ write: write.map((e) => e.eventId), cut: consequencesFromCut.date }).toEqual({ write: write.map((e) => e.eventId), cut: cutDate });
    await record(store, write.map((e, i) => ({ event: e, globalPosition: log.length + i + 1 })));
    const after = await loadFacts(store);
    for (const asOf of ['2099-01-01', '2024-05-01']) expect(await shown(() => readRuleSetListModel(store, checkpoints, 'fide', { asOf, activeYears: 0 }))).toEqual(await shown(async () => ruleSetList(after, 'fide', { asOf, activeYears: 0 })));
    const whole = wholeCareers(after);
    for (const id of ['A', 'B', 'C', 'D', 'E']) expect({ id, careers: await readRuleSetCareer(store, checkpoints, id) }).toEqual({ id, careers: whole.get(id) });
  };

  /** `events` recorded, the models made once (the fine cut before the last two tournaments), then `then`. */
  const withModels = async (then: (store: EventStore, checkpoints: CheckpointStorage) => Promise<void>, recorded: readonly DomainEvent[] = events): Promise<void> => {
    foldCutSettings.fineTournaments = 2;
    // chunks of two versions: the models resumed keep those before the cut as saved
    listModelChunkSettings.items = 2;
    const { store, checkpoints, close } = await open();
    try {
      await record(store, recorded.map((e, i) => ({ event: e, globalPosition: i + 1 })));
      await readRuleSetCareer(store, checkpoints, 'A');
      await then(store, checkpoints);
    } finally {
      foldCutSettings.fineTournaments = kept;
      listModelChunkSettings.items = items;
      await close();
    }
  };

  it('gives a write after it, on it, two in a row and one between the two cuts the whole log\'s consequences, lists and careers', () =>
    withModels(async (store, checkpoints) => {
      expect([(await loadFoldCut(checkpoints, 'fine'))?.cut.date, (await loadFoldCut(checkpoints))?.cut.date]).toEqual(['2024-06-01', '2023-01-01']);
      const log = await loadFacts(store);
      const resumes = ruleSetListModelResumes.here;
      const builds = ruleSetListModelBuilds.here;
      // just after the fine cut, on its date, then two writes in a row (no read between them) after it
      await writeThenRead(store, checkpoints, [correction(log, 'T5', 'fix:T5')], true, '2024-06-01');
      await writeThenRead(store, checkpoints, [correction(log, 'T4', 'fix:T4')], true, '2024-06-01');
      await record(store, [{ event: correction(log, 'T5', 'fix:T5:again'), globalPosition: log.length + 3 }]);
      await writeThenRead(store, checkpoints, [correction(log, 'T4', 'fix:T4:again')], true, '2024-06-01');
      // just before it (after the coarse one): compared from the coarse cut (saved-ratings.ts asks for it), the models resumed
      await writeThenRead(store, checkpoints, [correction(log, 'T3', 'fix:T3')], true, '2023-01-01');
      expect([ruleSetListModelResumes.here - resumes, ruleSetListModelBuilds.here - builds]).toEqual([4, 0]);
    }), 120_000);

  it('carries a grade over the fine cut: a grade changed between the two cuts, then writes after, before and between them', async () => {
    // A's GoBase grade is 1-dan from his balance; an adjustment to 2150 after the coarse cut (2023-01-01) makes T2 his
    // 1-dan -> 3-dan, before the fine cut (T3's date, two tournaments folded again): a splice from the fine cut must
    // start from 3-dan (a carry of the coarse cut's 1-dan would tell the change again at T3)
    const go = (id: string, date: string, a: string, b: string): DomainEvent[] => [
      event({ type: 'TournamentRegistered', eventId: `t:${id}`, validDate: date, tournamentId: id, name: id, place: 'Leiden', startDate: date, endDate: date, ratingSystem: 'gobase-go', rated: true, timeControl: { mainMinutes: 60, byoyomiSeconds: 30, incrementSeconds: 0 } }),
      event({ type: 'GameReported', eventId: `g:${id}`, validDate: date, tournamentId: id, gameId: 'g1', round: 1, first: a, second: b, result: 'draw' }),
      event({ type: 'TournamentClosed', eventId: `close:${id}`, validDate: date, tournamentId: id }),
    ];
    const goBalance = (id: string, date: string, rating: number): DomainEvent => event({ type: 'OpeningBalanceImported', eventId: `bal:${id}`, validDate: date, playerId: id, ruleSet: 'gobase-go', state: { rating, games: 40 }, source: 'legacy list' });
    const adjusted = event({ type: 'RatingAdjusted', eventId: 'adj', validDate: '2023-06-01', adjustmentId: 'adj', ruleSet: 'gobase-go', target: { kind: 'player', playerId: 'A' }, change: { kind: 'set', rating: 2150 }, reason: 'promoted by the federation' });
    const goEvents = [...['A', 'B', 'C', 'E'].map(player), goBalance('A', '2022-01-01', 1950), goBalance('B', '2022-01-01', 1950), goBalance('C', '2022-01-01', 1700), ...go('T1', '2022-03-01', 'A', 'B'), adjusted, ...go('T2', '2024-02-01', 'A', 'B'), ...go('T3', '2024-06-01', 'A', 'C'), ...go('T4', '2024-08-01', 'A', 'B')];
    foldCutSettings.fineTournaments = 2;
    const { store, checkpoints, close } = await open();
    try {
      await record(store, goEvents.map((e, i) => ({ event: e, globalPosition: i + 1 })));
      await readRuleSetCareer(store, checkpoints, 'A');
      expect([(await loadFoldCut(checkpoints, 'fine'))?.cut.date, (await loadFoldCut(checkpoints))?.cut.date]).toEqual(['2024-06-01', '2023-01-01']);
      const writes: [string, DomainEvent[], 'fine' | 'coarse' | 'anew'][] = [
        ['a correction after the fine cut', [correction(await loadFacts(store), 'T4', 'fix:T4')], 'fine'],
        ['a balance of a newcomer after it', [goBalance('E', '2024-09-01', 1600)], 'fine'],
        ['a correction on its date', [correction(await loadFacts(store), 'T3', 'fix:T3')], 'fine'],
        ['a correction between the two cuts', [correction(await loadFacts(store), 'T2', 'fix:T2')], 'coarse'],
        ['a correction after the fine cut again', [correction(await loadFacts(store), 'T4', 'fix:T4:again')], 'fine'],
        ['a correction before the coarse cut', [correction(await loadFacts(store), 'T1', 'fix:T1')], 'anew'],
      ];
      let position = goEvents.length;
      for (const [what, write, how] of writes) {
        const log = await loadFacts(store);
        const saved = await savedRatings(store, checkpoints, write);
        expect({ what, consequences: saved && (await consequencesFromSaved(saved)) }).toEqual({ what, consequences: consequences(ledgerRatings(log), ledgerRatings(withDecided(log, write))) });
        await record(store, write.map((e) => ({ event: e, globalPosition: ++position })));
        const after = await loadFacts(store);
        const [splices, fine, builds] = [ruleSetCareerModelSplices.here, ruleSetCareerModelSplices.fine, ruleSetCareerModelBuilds.here];
        const whole = wholeCareers(after);
        for (const id of ['A', 'B', 'C', 'E']) expect({ what, id, careers: await readRuleSetCareer(store, checkpoints, id) }).toEqual({ what, id, careers: whole.get(id) });
        for (const asOf of ['2099-01-01', '2024-07-01', '2023-07-01']) {
          expect({ what, asOf, list: await shown(() => readRuleSetListModel(store, checkpoints, 'gobase-go', { asOf, activeYears: 0 })) }).toEqual({ what, asOf, list: await shown(async () => ruleSetList(after, 'gobase-go', { asOf, activeYears: 0 })) });
        }
        const made = { fine: ruleSetCareerModelSplices.fine - fine, coarse: ruleSetCareerModelSplices.here - splices - (ruleSetCareerModelSplices.fine - fine), anew: ruleSetCareerModelBuilds.here - builds };
        expect({ what, made }).toEqual({ what, made: { fine: 0, coarse: 0, anew: 0, [how]: 1 } });
      }
      // the grade changed between the two cuts is told once, at T2
      const grades = (wholeCareers(await loadFacts(store)).get('A') as { career: { grades: { date: string; from: string; to: string }[] } }).career.grades;
      expect(grades.filter((g) => g.date >= '2024-01-01').map((g) => [g.date, g.from, g.to])).toEqual([['2024-02-01', '1-dan', '3-dan']]);
    } finally {
      foldCutSettings.fineTournaments = kept;
      await close();
    }
  }, 120_000);

  it('reads the survivor\'s state of a merge before the cut when the absorbed id plays after it', () => {
    // X, merged into B in 2022 (before both cuts), plays C in a new tournament: the fold keeps X's state under B, who
    // plays neither of the tournaments after the fine cut, so the cut's row of B must be read for X's games, else B
    // rates as a newcomer. Two guards name B: `playersReadFrom`'s merges, and the slice's (rated-tournament.ts), which
    // reads B's stream, whose registration names him: red when both pass merges over (one alone: the unit case's red)
    const merged = event({ type: 'PlayersMerged', eventId: 'merge:X', validDate: '2022-06-01', survivor: 'B', absorbed: 'X', reason: 'one person' });
    return withModels(async (store, checkpoints) => {
      await writeThenRead(store, checkpoints, tournament('T6', '2024-10-01', [game('T6', '2024-10-01', 'g1', 'X', 'C'), game('T6', '2024-10-01', 'g2', 'D', 'X')]), true, '2024-06-01');
    }, [...events, player('X'), merged]);
  }, 120_000);

  it('names in the lists a player first rated after the models were saved, registered before them (no naming fact since)', () =>
    withModels(async (store, checkpoints) => {
      const listed = async (): Promise<string[]> => ((await readRuleSetListModel(store, checkpoints, 'fide', { asOf: '2099-01-01', activeYears: 0 }))?.players ?? []).map((p) => `${p.id} ${p.name}`);
      expect((await listed()).sort()).toEqual(['A A', 'B B', 'C C', 'D D']);
      expect(await listed()).not.toContain('E E');
      // E, registered with the others, plays first in a new tournament: a newcomer after the fine cut
      await writeThenRead(store, checkpoints, tournament('T6', '2024-10-01', ['A', 'B', 'C', 'D', 'A'].map((other, i) => game('T6', '2024-10-01', `g${i}`, 'E', other))), true);
      expect(await listed()).toContain('E E');
    }), 120_000);
});
