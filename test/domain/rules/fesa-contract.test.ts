import * as fs from 'fs';
import * as path from 'path';
import * as E from 'fp-ts/Either';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RuleSet, TournamentFacts } from '../../../domain/rules/contract';
import type { Game } from '../../../domain/rules/elo-common/game';
import type { FesaOptions } from '../../../domain/rules/fesa/options';
import type { FesaEvent, FesaPlayer, FesaRatingResult } from '../../../domain/rules/fesa/types';
import { fesaProgramRuleSet } from '../../../domain/rules/fesa/rule-set';
import { RULE_SETS } from '../../../domain/rules/registry';
import { parseRatingList } from '../../../src/adapters/formats/fesa/ratingliste';
import { readFesaFolder } from '../../../src/adapters/formats/fesa/run';
import { fesaPlayerId, gamesOfEvent } from '../../../src/app/fesa-import';
import { FESA_CONTRACTS, FESA_RULE_SETS, foldFesa } from '../../../projections/fesa/history';
import { foldFesaFast } from '../../../projections/fesa/incremental';
import { foldGeneric } from '../../../projections/generic/history';
import { GENERIC_RULE_SETS } from '../../../projections/generic/systems';
import { openSqliteStore } from '../../../src/adapters/store/sqlite';
import { loadFacts } from '../../../src/app/load';
import { listRuleSystemsData } from '../../../src/app/rules/list';
import { runCase } from '../../../src/app/rules/run-case';
import { chainOf, ledger, nekomadoChain, NEKOMADO, tempDir } from '../../support/helpers';

/**
 * FESA behind the one rule-set contract, held to the official program: every tournament of the Nekomado club's 26
 * runs rated through `rateTournament`, in order, each from the states the one before left (from the run's own pre
 * list where the club's archive has no run between them), gives exactly the records of the program's post lists.
 */

type Fesa = RuleSet<FesaPlayer, FesaOptions>;
const fesa = RULE_SETS.get('fesa') as Fesa;

const RUNS = fs.readdirSync(NEKOMADO).filter((n) => /^\d\d_/.test(n)).sort();

const OWN = path.resolve(__dirname, '../../fixtures/fesa-own');
const OWN_RUNS = fs.readdirSync(OWN).filter((n) => fs.existsSync(path.join(OWN, n, 'ratingliste.post'))).sort();

const folder = (root: string, name: string) => {
  const read = readFesaFolder(path.join(root, name));
  if (E.isLeft(read)) throw new Error(read.left);
  return read.right;
};

const SCORE = { win: 1, loss: 0, draw: 0.5 } as const;

/** A run's tournament as the contract takes it: its facts (seating, McMahon, byes, givers) and its games by id. */
export const contractTournament = (event: FesaEvent): { facts: TournamentFacts; games: Game[] } => {
  const games: Game[] = [];
  const byes: { playerId: string; round: number; points: 0 | 0.5 | 1 }[] = [];
  for (const { facts: f } of gamesOfEvent(event)) {
    if (f.second === null) byes.push({ playerId: f.first, round: f.round, points: (f.byePoints ?? 0) as 0 | 0.5 | 1 });
    else games.push({ a: f.first, b: f.second, score: SCORE[f.result as keyof typeof SCORE], round: f.round, ...(f.handicap ? { handicap: { type: f.handicap.type as never, giver: f.handicap.giver! } } : {}) });
  }
  const ids = event.players.map(fesaPlayerId);
  return {
    facts: {
      date: event.date, name: event.name, entrants: ids, byes,
      simultaneousGivers: ids.filter((_, i) => event.players[i]!.simultaneousGiver),
      macMahon: Object.fromEntries(ids.map((id, i) => [id, event.players[i]!.macmahon])),
    },
    games,
  };
};

const byId = (records: readonly FesaPlayer[]): Record<string, FesaPlayer> => Object.fromEntries(records.map((r) => [fesaPlayerId(r), r]));

/** A declared grade as the ledger writes it ("3 Kyu", "2 Dan", "Pro 1"). */
const declared = (p: FesaPlayer): string | undefined =>
  p.nsrGradeName === '' ? undefined : p.nsrGradeName === 'Pro' ? `Pro ${p.nsrGradeLevel}` : `${p.nsrGradeLevel} ${p.nsrGradeName}`;

/**
 * Newcomers enter through the contract's newPlayer, from what the ledger knows of them (name, country, declared
 * grade), which must give the program's own record of a never-rated player; a transfer (an entry with a rating or
 * history of another list) enters with the file's record, as the ledger's opening balance of him does.
 */
const entered = (rules: Fesa, newcomers: readonly FesaPlayer[]): Record<string, FesaPlayer> =>
  Object.fromEntries(newcomers.map((p) => {
    const grade = declared(p);
    const made = rules.newPlayer({ playerId: fesaPlayerId(p), familyName: p.lastName, givenName: p.firstName, country: p.nationalityList[0]!.nationality ?? undefined, ...(grade ? { grade } : {}) }, 'system');
    const fresh = p.eloNumber === 0 && p.games === 0 && p.nationalityList.length === 1 && p.nationalityList[0]!.last === null;
    if (fresh) expect(made, `newcomer ${p.lastName}`).toEqual(p);
    return [fesaPlayerId(p), fresh ? made : p];
  }));

/** Rates every run in order through the contract; calls `check` with each run's states after and its result. */
type Check = (run: string, after: Record<string, FesaPlayer>, files: ReturnType<typeof folder>, detail: Readonly<Record<string, unknown>>) => void;
const rateRuns = (rules: Fesa, check: Check, root = NEKOMADO, runs = RUNS): number => {
  let chainedRuns = 0;
  let carried: Record<string, FesaPlayer> | undefined;
  let previousPost: Buffer | undefined;
  for (const run of runs) {
    const files = folder(root, run);
    const pre = fs.readFileSync(path.join(root, run, 'ratingliste.pre'));
    const chained = carried !== undefined && previousPost !== undefined && pre.equals(previousPost);
    if (chained) chainedRuns++;
    const before = { ...(chained ? carried : byId(files.list)), ...entered(rules, files.newPlayers) };
    const { facts, games } = contractTournament(files.event);
    const options = rules.options({});
    if (E.isLeft(options)) throw new Error(options.left.message);
    const rated = rules.rateTournament(options.right, facts, before, games);
    if (E.isLeft(rated)) throw new Error(`${run}: ${rated.left.message}`);
    check(run, rated.right.players, files, rated.right.detail ?? {});
    carried = rated.right.players;
    previousPost = fs.readFileSync(path.join(root, run, 'ratingliste.post'));
  }
  return chainedRuns;
};

/** The program's post list of a run, by id. */
const postList = (run: string, root = NEKOMADO): Record<string, FesaPlayer> => {
  const parsed = parseRatingList(fs.readFileSync(path.join(root, run, 'ratingliste.post'), 'latin1'));
  if (E.isLeft(parsed)) throw new Error(parsed.left.reason);
  return byId(parsed.right);
};

/** The facts of a ledger the real CLI imported the club's first `runs` runs into. */
const importedRuns = async (runs: number) => {
  const db = path.join(tempDir('fesa-contract'), 'ledger.db');
  const imported = await ledger('fesa', 'import', chainOf(nekomadoChain().slice(0, runs)), '--db', db);
  expect(imported.err).toBe('');
  const store = openSqliteStore(db);
  const facts = await loadFacts(store);
  await store.close();
  return facts;
};

interface ExplainedGame { readonly opponentRatingUsed: number; readonly score: number; readonly change?: number }
interface Explained { readonly method: string; readonly ratingBefore: number; readonly ratingAfter: number; readonly performanceRating?: number; readonly performanceCase?: string; readonly games: readonly ExplainedGame[] }

describe('FESA behind the rule-set contract (issue 29 item 1)', () => {
  it('is in the one registry with its options, and the generic fold leaves it to the FESA projection', () => {
    expect(RULE_SETS.ids.slice(0, 2)).toEqual(['fesa', 'fesa-published']);
    expect(fesa.fold).toBe('fesa');
    expect(GENERIC_RULE_SETS).not.toContain('fesa');
    expect(GENERIC_RULE_SETS).not.toContain('fesa-published');
    expect(fesa.options({ danQualifyingGames: true })).toEqual(E.right(expect.objectContaining({ danQualifyingGames: true, performancePrecision: 'single' })));
    expect(E.isLeft(fesa.options({ upsetRule: 'double' }))).toBe(true);
    expect(E.isLeft(fesa.options({ lookahead: true }))).toBe(true);
    expect(listRuleSystemsData().map((s) => s.id).slice(0, 2)).toEqual(['fesa', 'fesa-published']);
    expect(runCase({ system: 'fesa', op: 'rate-event', options: {}, input: {} }, 0)).toEqual({ error: { case: 0, field: 'op', message: 'Rule system fesa has no harness ops; its cases are the official program\'s files (ledger fesa run DIR).' } });
  });

  it('rates the 26 Nekomado runs in order to exactly the program\'s post lists', () => {
    const matched: string[] = [];
    const chained = rateRuns(fesa, (run, after) => {
      const expected = postList(run);
      // every record of the post list, field for field: rating, grade, game history or count, streaks, bonus count, homes
      expect(Object.keys(after).sort(), run).toEqual(Object.keys(expected).sort());
      for (const [id, record] of Object.entries(expected)) expect(after[id], `${run} ${id}`).toEqual(record);
      for (const [id, record] of Object.entries(expected)) {
        expect(fesa.rating(after[id]!), `${run} ${id}`).toBe(record.eloNumber === 0 ? null : record.eloNumber);
        expect(fesa.grades!.of(after[id]!), `${run} ${id}`).toBe(record.gradeName === '' ? null : `${record.gradeLevel} ${record.gradeName}`);
        expect(fesa.counters!(after[id]!).bonusGames, `${run} ${id}`).toBe(record.bonusCount);
      }
      matched.push(run);
    });
    expect(matched).toHaveLength(26);
    // all but the sample, the first run (an empty list) and the run after the unpublished 19th start from the contract's own states
    expect(chained).toBe(23);
  });

  it('rates the ledger\'s own program fixtures (handicaps, draws, byes, simul givers, American events, sennichite) to their post lists', () => {
    const differing: string[] = [];
    rateRuns(fesa, (run, after) => {
      const expected = postList(run, OWN);
      if (JSON.stringify(Object.keys(after).sort()) !== JSON.stringify(Object.keys(expected).sort())) differing.push(`${run}: players`);
      for (const [id, record] of Object.entries(expected)) if (JSON.stringify(after[id]) !== JSON.stringify(record)) differing.push(`${run}: ${id}`);
    }, OWN, OWN_RUNS);
    expect(differing).toEqual([]);
    expect(OWN_RUNS.length).toBeGreaterThan(30);
  });

  it('explains each rated player: an established player\'s game changes add up to his change, a provisional one\'s performance gives his rating', () => {
    let established = 0;
    let provisional = 0;
    rateRuns(fesa, (run, _after, _files, detail) => {
      for (const [id, d] of Object.entries(detail as Record<string, Explained>)) {
        const change = d.ratingAfter - d.ratingBefore;
        if (d.method === 'standard') {
          const sum = d.games.reduce((s, g) => s + g.change!, 0);
          expect(Math.abs(sum - change), `${run} ${id}: ${sum} vs ${change}`).toBeLessThanOrEqual(0.5);
          established++;
        } else {
          expect(d.method, `${run} ${id}`).toBe('performance');
          expect(d.ratingAfter, `${run} ${id}`).toBe(d.performanceRating);
          if (d.performanceCase === 'solve') {
            // the performance rating is the one whose expected score against the games' opponents is the score made
            const expectedScore = d.games.reduce((s, g) => s + 1 / (1 + 10 ** ((g.opponentRatingUsed - d.ratingAfter) / 400)), 0);
            const score = d.games.reduce((s, g) => s + g.score, 0);
            expect(Math.abs(expectedScore - score), `${run} ${id}`).toBeLessThan(0.01 * d.games.length);
          }
          provisional++;
        }
      }
    });
    expect(established).toBeGreaterThan(100);
    expect(provisional).toBeGreaterThan(50);
  });
});

describe('fesa-published behind the contract, held to the FESA projection', () => {
  it('gives the projection\'s ratings, grades and dan-qualifying counts after each of the club\'s first 23 runs; the generic fold rates none of them', async () => {
    const published = RULE_SETS.get('fesa-published') as Fesa;
    // the chain as far as the program's lists follow each other (the unpublished 19th run breaks it before 24)
    const facts = await importedRuns(23);
    const generic = foldGeneric(facts);
    expect(E.isRight(generic) && generic.right.runs.length).toBe(0);
    const compared: string[] = [];
    let qualifyingCounts = 0;
    rateRuns(published, (run, after, files) => {
      if (!/^(0[1-9]|1\d|2[0-3])_/.test(run)) return;
      const folded = foldFesaFast(facts, { ruleSet: 'fesa-published', asOf: files.event.date, runs: 'none' });
      if (E.isLeft(folded)) throw new Error(folded.left.message);
      const list = folded.right.list;
      expect(Object.keys(after).sort(), run).toEqual(list.map((p) => folded.right.playerIdOf(p)!).sort());
      for (const p of list) {
        const mine = after[folded.right.playerIdOf(p)!]!;
        const shown = (r: FesaPlayer) => ({ rating: r.eloNumber, grade: published.grades!.of(r), games: r.games, danQualifying: r.extension?.danQualifying ?? {} });
        expect(shown(mine), `${run} ${p.lastName}`).toEqual(shown(p));
        qualifyingCounts += Object.keys(published.counters!(mine)).filter((k) => k.startsWith('danQualifyingGames.')).length;
      }
      compared.push(run);
    });
    expect(compared).toHaveLength(23);
    expect(qualifyingCounts).toBeGreaterThan(0);
  });
});

/**
 * One rating step for FESA (issue 29): the FESA projection rates each tournament through the registered rule set's
 * step (`rateEventFile`), the one its `rateTournament` takes, and the contract's result carries the engine's own
 * report, so the HTML report and the runs need not call the engine a second time.
 */

describe('the FESA projection rates through the rule-set contract', () => {
  afterEach(() => vi.restoreAllMocks());

  it('takes its rule sets and their options from the registry', () => {
    expect(FESA_CONTRACTS.fesa).toBe(RULE_SETS.get('fesa'));
    expect(FESA_CONTRACTS['fesa-published']).toBe(RULE_SETS.get('fesa-published'));
    expect(Object.keys(FESA_RULE_SETS)).toEqual(['fesa', 'fesa-published']);
    expect(FESA_RULE_SETS['fesa-published']).toEqual(FESA_CONTRACTS['fesa-published']!.defaults);
    expect(FESA_RULE_SETS.fesa!.danQualifyingGames).not.toBe(FESA_RULE_SETS['fesa-published']!.danQualifyingGames);
  });

  it('gives the engine\'s report with the contract\'s result: one line per player, the rated ones as the detail says', () => {
    const files = readFesaFolder(path.join(NEKOMADO, '05_5th_nekomadoken'));
    if (E.isLeft(files)) throw new Error(files.left);
    const { facts, games } = contractTournament(files.right.event);
    const before = Object.fromEntries([...files.right.list, ...files.right.newPlayers].map((p) => [fesaPlayerId(p), p]));
    const ids = new Set(facts.entrants);
    const players = Object.fromEntries(Object.entries(before).filter(([id]) => ids.has(id)));
    const rated = fesaProgramRuleSet.rateTournament(fesaProgramRuleSet.defaults, facts, players, games);
    if (E.isLeft(rated)) throw new Error(rated.left.message);
    const report = rated.right.engineReport;
    expect(report.players).toHaveLength(files.right.event.players.length);
    expect(report.iterations).toBeGreaterThan(0);
    const detail = rated.right.detail as Record<string, { ratingAfter: number }>;
    const ratedLines = report.players.filter((p) => p.method !== 'not-rated');
    expect(ratedLines.length).toBe(Object.keys(detail).length);
    expect(ratedLines.map((p) => p.postRating).sort()).toEqual(Object.values(detail).map((d) => d.ratingAfter).sort());
  });

  it('rates every tournament of both folds with the rule set\'s step, and keeps the report that step gave', async () => {
    const facts = await importedRuns(6);

    const step = vi.spyOn(FESA_CONTRACTS.fesa!, 'rateEventFile');
    const fast = foldFesaFast(facts, { runs: 'reports' });
    if (E.isLeft(fast)) throw new Error(fast.left.message);
    expect(fast.right.runs).toHaveLength(6);
    expect(step).toHaveBeenCalledTimes(6);
    const given = step.mock.results.map((r) => (r.value as E.Right<FesaRatingResult>).right.report);
    fast.right.runs.forEach((run, i) => expect(run.report, run.name).toBe(given[i]));

    step.mockClear();
    const plain = foldFesa(facts);
    if (E.isLeft(plain)) throw new Error(plain.left.message);
    expect(step).toHaveBeenCalledTimes(6);
    expect(plain.right.list).toEqual(fast.right.list);
  });
});
