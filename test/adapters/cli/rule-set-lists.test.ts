/**
 * Lists for every rule set (issue 29, part A) through the real `ledger` process: `list --rules S` with names,
 * `list publish --rules S`, `list --published`, `verify`, `diff --published` and `--known-at` for fide and
 * us-shogi-1997-text, on SQLite and PostgreSQL. A list published before a correction is written again byte for byte
 * after it, and the diff names exactly the players whose rating changed.
 */
import * as fs from 'fs';
import * as path from 'path';
import { Client } from 'pg';
import { describe, expect, it } from 'vitest';
import type { Command } from '../../../domain/commands/decide';
import { Ledger } from '../../../src/app/ledger';
import { openStore } from '../../../src/adapters/store/open';
import { cliBuilt, ledgerProcess, tempDir } from '../../support/helpers';

const built = cliBuilt();
const actor = 'test-officer';
const noTc = { mainMinutes: 0, byoyomiSeconds: 0, incrementSeconds: 0 };

const run = async (store: string, ...argv: string[]): Promise<string> => {
  const r = await ledgerProcess([...argv, '--store', store]);
  expect({ argv, code: r.code, err: r.err }).toEqual({ argv, code: 0, err: '' });
  return r.out;
};

/**
 * Seeded in-process (one process for the facts): Ola Hansen twice (namesakes P1, P2), Kari Berg (P3), Eva Lund (P4);
 * fide balances and F1 (2020-03-01: P1 beats P2, P3 draws P1); US grades and U1 (2021-05-01: P2 beats P1, P4 beats P2).
 */
const seed = async (store: string): Promise<void> => {
  const events = await openStore(store);
  const ledger = new Ledger(events);
  const player = (playerId: string, familyName: string, givenName: string): Command => ({ kind: 'RegisterPlayer', validDate: '2019-01-01', actor, playerId, familyName, givenName, country: 'NO' });
  const balance = (playerId: string, rating: number, games: number): Command =>
    ({ kind: 'ImportOpeningBalance', validDate: '2019-01-01', actor, playerId, ruleSet: 'fide', state: { rating, games, birthYear: null, reached2400: false }, source: 'FIDE list 2019' });
  const grade = (playerId: string, g: string): Command => ({ kind: 'DeclarePriorGrade', validDate: '2019-01-01', actor, playerId, grade: g, source: 'club' } as Command);
  const tournament = (tournamentId: string, date: string, ratingSystem: string): Command =>
    ({ kind: 'RegisterTournament', validDate: date, actor, tournamentId, name: tournamentId, place: 'Oslo', startDate: date, endDate: date, ratingSystem, rated: true, timeControl: noTc });
  const game = (tournamentId: string, date: string, gameId: string, round: number, first: string, second: string, result: string): Command =>
    ({ kind: 'ReportGame', validDate: date, actor, tournamentId, gameId, round, first, second, result }) as Command;
  const close = (tournamentId: string, date: string): Command => ({ kind: 'CloseTournament', validDate: date, actor, tournamentId });
  try {
    for (const c of [
      player('P1', 'Hansen', 'Ola'), player('P2', 'Hansen', 'Ola'), player('P3', 'Berg', 'Kari'), player('P4', 'Lund', 'Eva'),
      balance('P1', 1800, 50), balance('P2', 1800, 50), balance('P3', 1700, 40),
      tournament('F1', '2020-03-01', 'fide'), game('F1', '2020-03-01', 'g1', 1, 'P1', 'P2', 'win'), game('F1', '2020-03-01', 'g2', 2, 'P3', 'P1', 'draw'), close('F1', '2020-03-01'),
      grade('P1', '2 Dan'), grade('P2', '3 Kyu'), grade('P4', '1 Kyu'),
      tournament('U1', '2021-05-01', 'us-shogi-1997-text'), game('U1', '2021-05-01', 'g1', 1, 'P2', 'P1', 'win'), game('U1', '2021-05-01', 'g2', 2, 'P4', 'P2', 'win'), close('U1', '2021-05-01'),
    ]) await ledger.execute(c);
  } finally {
    await events.close();
  }
};

interface Row { rank: number; id: string; name: string; country: string; grade?: string | null; rating: number; games: number; provisional: boolean; lastPlayed: string | null }
interface Diff { labels: string[]; players: { id: string; name: string; before: { rating: number; grade?: string | null } | null; after: { rating: number; grade?: string | null } | null }[] }

const journey = async (store: string, dir: string): Promise<void> => {
  await seed(store);
  const fide = JSON.parse(await run(store, 'list', '--rules', 'fide', '--as-of', '2020-12-31', '--json')) as { ruleSet: string; activeYears: number; players: Row[] };
  expect(fide).toMatchObject({ ruleSet: 'fide', asOf: '2020-12-31', activeYears: 0 });
  // K 20: P1 +10 (beat P2) and 20·(0.5 − 0.64) = −2.8 against P3 → 1807; P2 1790; P3 +2.8 → 1703
  expect(fide.players.map((p) => [p.rank, p.id, p.name, p.rating, p.games, 'grade' in p])).toEqual([
    [1, 'P1', 'Hansen Ola', 1807, 52, false], [2, 'P2', 'Hansen Ola (P2)', 1790, 51, false], [3, 'P3', 'Berg Kari', 1703, 41, false],
  ]);
  const us = JSON.parse(await run(store, 'list', '--rules', 'us-shogi-1997-text', '--as-of', '2021-12-31', '--json')) as { players: Row[] };
  expect(Object.fromEntries(us.players.map((p) => [p.id, p.grade]))).toEqual({ P1: '2-dan', P2: '3-kyu', P4: '1-kyu' });

  const fideCsv = path.join(dir, 'fide-2020.csv');
  await run(store, 'list', 'publish', '--id', 'fide-2020', '--rules', 'fide', '--as-of', '2020-12-31', '--format', 'csv', '--out', fideCsv);
  expect(fs.readFileSync(fideCsv, 'utf8')).toMatch(/^rank,player_id,name,country,rating,games,provisional,last_played\n1,P1,Hansen Ola,NO,1807,52,false,2020-03-01\n/);
  await run(store, 'list', 'publish', '--id', 'us-2021', '--rules', 'us-shogi-1997-text', '--as-of', '2021-12-31', '--format', 'json');
  const usPublished = await run(store, 'list', '--published', 'us-2021');
  // everybody entering at 1600 instead of by his declared rank: another list, published with how newcomers entered
  const at1600 = await run(store, 'list', '--rules', 'us-shogi-1997-text', '--as-of', '2021-12-31', '--entry', '1600', '--format', 'json');
  expect(at1600).not.toBe(usPublished);
  await run(store, 'list', 'publish', '--id', 'us-2021-1600', '--rules', 'us-shogi-1997-text', '--as-of', '2021-12-31', '--entry', '1600', '--format', 'json');
  expect(await ledgerProcess(['list', 'publish', '--id', 'fesa-grade', '--as-of', '2021-12-31', '--entry', 'grade', '--store', store])).toMatchObject({ code: 2, err: expect.stringContaining('--entry applies to the non-FESA rule sets') });
  const events = await openStore(store);
  const beforeCorrection = await events.headPosition();
  await events.close();

  // the first fide game was a loss and the second US game a draw: both corrected after publication
  await run(store, 'game', 'correct', '--tournament', 'F1', '--game', 'g1', '--result', 'loss', '--reason', 'score sheet');
  await run(store, 'game', 'correct', '--tournament', 'U1', '--game', 'g2', '--result', 'draw', '--reason', 'score sheet');

  const again = await ledgerProcess(['list', '--published', 'fide-2020', '--store', store]);
  expect(again.code).toBe(0);
  expect(Buffer.from(again.out).equals(fs.readFileSync(fideCsv))).toBe(true);
  expect(await run(store, 'list', '--published', 'us-2021')).toBe(usPublished);
  expect(await run(store, 'list', '--published', 'us-2021-1600')).toBe(at1600);
  const verified = JSON.parse(await run(store, 'verify', '--json')) as { lists: { listId: string; reproduced: boolean }[]; findings: string[] };
  expect(verified.lists).toEqual(expect.arrayContaining([expect.objectContaining({ listId: 'fide-2020', reproduced: true }), expect.objectContaining({ listId: 'us-2021', reproduced: true }), expect.objectContaining({ listId: 'us-2021-1600', reproduced: true })]));

  const fideDiff = JSON.parse(await run(store, 'diff', '--published', 'fide-2020', '--json')) as Diff;
  expect(fideDiff).toEqual({ labels: ['fide-2020', 'now'], players: [
    { id: 'P1', name: 'Hansen Ola', before: { rating: 1807 }, after: { rating: 1787 } },
    { id: 'P2', name: 'Hansen Ola (P2)', before: { rating: 1790 }, after: { rating: 1810 } },
  ] });
  const usDiff = JSON.parse(await run(store, 'diff', '--published', 'us-2021', '--json')) as Diff;
  // P1 was not in the corrected game: only P2 and P4 changed
  expect(usDiff.players.map((p) => p.id)).toEqual(['P2', 'P4']);
  expect(usDiff.players.every((p) => p.before !== null && p.after !== null && p.before.rating !== p.after.rating && 'grade' in p.after)).toBe(true);

  // as known before the corrections, the list is the published one again; as known now it is not
  const knownThen = await ledgerProcess(['list', '--rules', 'fide', '--as-of', '2020-12-31', '--format', 'csv', '--known-at', String(beforeCorrection), '--store', store]);
  expect(Buffer.from(knownThen.out).equals(fs.readFileSync(fideCsv))).toBe(true);
  expect(await run(store, 'list', '--rules', 'fide', '--as-of', '2020-12-31', '--format', 'csv')).not.toBe(fs.readFileSync(fideCsv, 'utf8'));

  const explained = JSON.parse(await run(store, 'explain', 'P2', '--rules', 'us-shogi-1997-text', '--json')) as { tournaments: { tournamentId: string; ruleSet: string }[] };
  expect(explained.tournaments.map((t) => [t.tournamentId, t.ruleSet])).toEqual([['U1', 'us-shogi-1997-text']]);
  const gone = await ledgerProcess(['ratings', '--rules', 'fide', '--store', store]);
  expect({ code: gone.code, err: gone.err.trim() }).toEqual({ code: 2, err: 'ledger: ledger ratings is gone: ledger list --rules fide does what it did' });
};

describe.skipIf(!built)('lists for every rule set, through the real process', () => {
  it('SQLite: list, publish, correct, --published byte for byte, verify, diff --published, --known-at, explain', async () => {
    const dir = tempDir('rule-set-lists');
    try {
      await journey(`sqlite:${path.join(dir, 'ledger.db')}`, dir);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  const pg = process.env.LEDGER_TEST_PG_URL;
  it.skipIf(!pg)(`PostgreSQL: the same${pg ? '' : ` (skipped: ${process.env.LEDGER_TEST_PG_SKIP_REASON ?? 'LEDGER_TEST_PG_URL is not set'})`}`, async () => {
    const admin = new Client({ connectionString: pg });
    await admin.connect();
    const name = `rule_set_lists_${process.pid}_${Date.now()}`;
    const dir = tempDir('rule-set-lists-pg');
    try {
      await admin.query(`CREATE DATABASE ${name}`);
      await journey(pg!.replace(/\/[^/]*$/, `/${name}`), dir);
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
      await admin.end();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 240_000);
});
