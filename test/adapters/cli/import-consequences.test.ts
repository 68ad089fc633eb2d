import { createHash } from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import { describe, expect, it } from 'vitest';
import { cliBuilt, FIXTURES, ledgerProcess, tempDir } from '../../support/helpers';

/**
 * Imports and CSV files answer with what they change (issue 32, point 1), as the one-fact writes do
 * (write-consequences.test.ts): through the real `ledger` process, a dry run prints the same changes as the write
 * and leaves the store's file as it was, and the changes are held to the rule set's list before and after.
 */

interface Rated { readonly rating: number | null; readonly grade?: string }
interface Change { readonly tournament: string; readonly date: string; readonly player: string; readonly ruleSet: string; readonly before: Rated; readonly after: Rated }
interface Answer { readonly dryRun: boolean; readonly appended: number; readonly changes: Change[] }

const CUP = path.join(FIXTURES, 'egd', 'constructed-ledger-cup.h');
const dir = tempDir('import-consequences');
const db = path.join(dir, 'ledger.db');
const checksum = (): string => createHash('sha256').update(fs.readFileSync(db)).digest('hex');
const csvFile = (name: string, lines: readonly string[]): string => {
  fs.writeFileSync(path.join(dir, name), `${lines.join('\n')}\n`);
  return path.join(dir, name);
};

const run = async (argv: readonly string[]): Promise<string> => {
  const r = await ledgerProcess([...argv, '--db', db, '--actor', 'officer']);
  expect({ code: r.code, err: r.err }).toEqual({ code: 0, err: '' });
  return r.out;
};

/** The write under --dry-run, then for real: the store is untouched by the first and both answer the same changes. */
const dryThenReal = async (argv: readonly string[]): Promise<Answer> => {
  const sum = checksum();
  const dry = JSON.parse(await run([...argv, '--dry-run', '--json'])) as Answer;
  expect(checksum()).toBe(sum);
  const real = JSON.parse(await run([...argv, '--json'])) as Answer;
  expect(checksum()).not.toBe(sum);
  expect({ dry: dry.dryRun, real: real.dryRun }).toEqual({ dry: true, real: false });
  expect(dry.appended).toBe(real.appended);
  expect(dry.changes).toEqual(real.changes);
  return real;
};

/** The rule set's list today: rating and grade by id. */
const listOf = async (ruleSet: string): Promise<Map<string, Rated>> => {
  const { players } = JSON.parse(await run(['list', '--rules', ruleSet, '--json'])) as { players: { id: string; rating: number; grade: string }[] };
  return new Map(players.map((p) => [p.id, { rating: p.rating, grade: p.grade }]));
};

describe.skipIf(!cliBuilt())('imports and CSV files answer with the ratings they change', () => {
  it('egd import, a late game from a CSV file into the closed tournament, and opening balances from a CSV file', async () => {
    // a fresh ledger tells a newcomer it is empty and what comes next, instead of "(0 events)"
    expect(await run(['init'])).toMatch(/^ledger ready: sqlite:.*, empty; record the first player with `ledger player add` \(docs\/officer-guide\.md\)\n$/);

    // egd import: every player of the table from the grade he starts with to his rating after the tournament
    const imported = await dryThenReal(['egd', 'import', CUP, '--rules', 'gobase-go']);
    const gobase = await listOf('gobase-go');
    expect(imported.changes.map((c) => [c.tournament, c.player, c.before.rating])).toEqual([
      ['constructed-ledger-cup', 'constructed-ledger-cup-4', 1700],
      ['constructed-ledger-cup', 'EGD-11111111', 2200],
      ['constructed-ledger-cup', 'EGD-22222222', 2100],
      ['constructed-ledger-cup', 'EGD-33333333', 1800],
    ]);
    for (const c of imported.changes) expect({ player: c.player, ...c.after }).toEqual({ player: c.player, ...gobase.get(c.player) });

    // a late game into the closed tournament from a CSV file: its two players' ratings there move, as the list does
    const late = csvFile('late.csv', ['game,tournament,round,first,second,result', 'late-1,constructed-ledger-cup,4,EGD-11111111,constructed-ledger-cup-4,loss']);
    const reported = await dryThenReal(['game', 'report', '--csv', late]);
    const after = await listOf('gobase-go');
    const moved = [...after].filter(([id, r]) => gobase.get(id)?.rating !== r.rating).map(([id]) => id).sort();
    expect(moved).toEqual(['EGD-11111111', 'constructed-ledger-cup-4']);
    expect(reported.changes.map((c) => ({ player: c.player, before: c.before.rating, after: c.after.rating }))).toEqual(
      ['constructed-ledger-cup-4', 'EGD-11111111'].map((id) => ({ player: id, before: gobase.get(id)!.rating, after: after.get(id)!.rating })),
    );

    // opening balances under another rule set, for players who have not played under it: the list's new rows
    const balances = csvFile('balances.csv', ['id,rules,rating,games,grade,date,reason', 'EGD-11111111,pan-atlantic,1700,,2 Dan,2025-01-01,list 2024', 'EGD-22222222,pan-atlantic,1600,20,3-kyu,2025-01-01,list 2024']);
    const balanced = await dryThenReal(['player', 'balance', '--csv', balances]);
    expect(balanced.changes).toEqual([
      { tournament: '-', date: '2025-01-01', player: 'EGD-11111111', name: 'Hansen-Lie Ola', ruleSet: 'pan-atlantic', before: { rating: null }, after: { rating: 1700, grade: '2-dan' } },
      { tournament: '-', date: '2025-01-01', player: 'EGD-22222222', name: 'Berg Kari', ruleSet: 'pan-atlantic', before: { rating: null }, after: { rating: 1600, grade: '3-kyu' } },
    ]);
    const pan = await listOf('pan-atlantic');
    expect([...pan].map(([id, r]) => [id, r.rating])).toEqual([['EGD-11111111', 1700], ['EGD-22222222', 1600]]);

    expect(await run(['init'])).toMatch(/^ledger ready: sqlite:.*, already holding \d+ facts \(nothing changed\)\n$/);
    // the text answer: the sentence, then the table; the same file again records and changes nothing
    expect(await run(['player', 'balance', '--csv', balances])).toBe(`${balances}: 2 opening balances, 0 recorded, 2 already in the ledger\n`);
    const text = await run(['player', 'balance', '--id', 'EGD-33333333', '--rules', 'pan-atlantic', '--rating', '1500', '--date', '2025-01-01', '--reason', 'list 2024', '--dry-run']);
    expect(text).toMatch(/^dry run: opening balance of EGD-33333333 under pan-atlantic; nothing recorded\ntournament .*\n-+ .*\n +- +2025-01-01 +EGD-33333333 +Dahl Per Olav +pan-atlantic +- +1500( \S+)?\n$/);
  }, 60_000);
});
