import * as path from 'path';
import { describe, expect, it } from 'vitest';
import { ledgerProcess, tempDir } from '../../support/helpers';

/**
 * `ledger player grade`: an awarding body's grade declared for a registered player after his registration, as an
 * officer receives a certificate. Declarations are read by their dates whatever order they are recorded in (a JSA
 * grade dated before an NSR one, recorded after it), one dated before his first tournament re-rates it with its
 * consequences printed, a body's later grade or its correction of a day's certificate is recorded as dated, and wrong input is refused with one sentence and nothing recorded. Real processes.
 */
const run = (db: string, ...argv: string[]) => ledgerProcess([...argv, '--db', db, '--actor', 'officer']);
const ok = async (db: string, ...argv: string[]): Promise<string> => {
  const r = await run(db, ...argv);
  if (r.code !== 0) throw new Error(`${argv.join(' ')}: ${r.err}`);
  return r.out;
};

describe('player grade', () => {
  it('declares grades by date, re-rates with consequences and refuses what it cannot record', async () => {
    const db = path.join(tempDir('player-grade'), 'ledger.db');
    for (const p of ['P1', 'P2', 'P3']) await ok(db, 'player', 'add', '--id', p, '--family', `Fam${p}`, '--given', 'G', '--country', 'NO', '--date', '2024-01-01');
    // the NSR's 3 Dan of May recorded first, the JSA's 2 Kyu of February after it
    expect(await ok(db, 'player', 'grade', '--id', 'P1', '--grade', '3 Dan', '--source', 'NSR', '--date', '2024-05-01')).toMatch(/^P1 declared 3 Dan \(NSR\) \(recorded at position 4\)$/m);
    await ok(db, 'player', 'grade', '--id', 'P1', '--grade', '2 Kyu', '--source', 'JSA', '--date', '2024-02-01');
    await ok(db, 'tournament', 'add', '--id', 'T1', '--name', 'Summer', '--start', '2024-06-01', '--main', '30', '--byoyomi', '30');
    await ok(db, 'game', 'report', '--tournament', 'T1', '--game', 'g1', '--round', '1', '--first', 'P1', '--second', 'P2', '--result', 'win');
    await ok(db, 'game', 'report', '--tournament', 'T1', '--game', 'g2', '--round', '2', '--first', 'P3', '--second', 'P1', '--result', 'win');
    await ok(db, 'tournament', 'close', '--id', 'T1');
    const listed = await ok(db, 'list', '--as-of', '2024-06-02', '--format', 'csv');

    // the same facts with the declarations recorded in date order give the same list: the later-dated 3 Dan stands
    const ordered = path.join(tempDir('player-grade-ordered'), 'ledger.db');
    for (const p of ['P1', 'P2', 'P3']) await ok(ordered, 'player', 'add', '--id', p, '--family', `Fam${p}`, '--given', 'G', '--country', 'NO', '--date', '2024-01-01');
    await ok(ordered, 'player', 'grade', '--id', 'P1', '--grade', '2 Kyu', '--source', 'JSA', '--date', '2024-02-01');
    await ok(ordered, 'player', 'grade', '--id', 'P1', '--grade', '3 Dan', '--source', 'NSR', '--date', '2024-05-01');
    await ok(ordered, 'tournament', 'add', '--id', 'T1', '--name', 'Summer', '--start', '2024-06-01', '--main', '30', '--byoyomi', '30');
    await ok(ordered, 'game', 'report', '--tournament', 'T1', '--game', 'g1', '--round', '1', '--first', 'P1', '--second', 'P2', '--result', 'win');
    await ok(ordered, 'game', 'report', '--tournament', 'T1', '--game', 'g2', '--round', '2', '--first', 'P3', '--second', 'P1', '--result', 'win');
    await ok(ordered, 'tournament', 'close', '--id', 'T1');
    expect(await ok(ordered, 'list', '--as-of', '2024-06-02', '--format', 'csv')).toBe(listed);

    // a grade for P2 dated before his first tournament re-rates it: the consequences name him
    const regraded = await ok(db, 'player', 'grade', '--id', 'P2', '--grade', '1 Dan', '--source', 'JSA', '--date', '2024-01-15');
    expect(regraded).toMatch(/^T1\s+2024-06-01\s+P2\s+FamP2 G\s+fesa\s+\d+\s+\d+$/m);
    expect(await ok(db, 'list', '--as-of', '2024-06-02', '--format', 'csv')).not.toBe(listed);

    // the NSR corrects its May certificate (the same date): the correction stands for T1, rated again
    const p1Row = (csv: string) => csv.split('\n').find((l) => l.includes('FamP1'));
    const before = p1Row(await ok(db, 'list', '--as-of', '2024-06-02', '--format', 'csv'));
    expect(await ok(db, 'player', 'grade', '--id', 'P1', '--grade', '2 Dan', '--source', 'NSR', '--date', '2024-05-01')).toMatch(/^T1\s+2024-06-01\s+P1\s+FamP1 G\s+fesa\s+\d+\s+\d+$/m);
    const after = p1Row(await ok(db, 'list', '--as-of', '2024-06-02', '--format', 'csv'));
    // the prior grade enters him through two synthetic games at its rating (FESA's grade column stays "-")
    expect(before).toBeDefined();
    expect(after).not.toBe(before);
    // his promotion in Japan a year later is a new dated grade of the same body; the same certificate again records nothing
    await ok(db, 'player', 'grade', '--id', 'P1', '--grade', '4 Dan', '--source', 'NSR', '--date', '2025-01-01');
    const twice = await run(db, 'player', 'grade', '--id', 'P1', '--grade', '4 Dan', '--source', 'NSR', '--date', '2025-03-01');
    expect(twice.code).toBe(0);
    expect(twice.out).toMatch(/nothing/i);
    const shown = JSON.parse(await ok(db, 'player', 'show', 'P1', '--json')) as { priorGrades: unknown; declaredGrades: unknown };
    expect(shown.priorGrades).toEqual({ JSA: '2 Kyu', NSR: '4 Dan' });
    expect(shown.declaredGrades).toEqual([
      { source: 'JSA', date: '2024-02-01', grade: '2 Kyu' },
      { source: 'NSR', date: '2024-05-01', grade: '3 Dan' },
      { source: 'NSR', date: '2024-05-01', grade: '2 Dan' },
      { source: 'NSR', date: '2025-01-01', grade: '4 Dan' },
    ]);

    const head = JSON.parse(await ok(db, 'checksum', '--json')) as unknown;
    for (const [argv, said] of [
      [['--id', 'P9', '--grade', '1 Dan', '--source', 'NSR'], /unknown player "P9"/],
      [['--id', 'P1', '--grade', 'banana', '--source', 'X'], /expected a grade such as "3 Kyu"/],
      [['--id', 'P1', '--source', 'X'], /--grade/],
    ] as const) {
      const r = await run(db, 'player', 'grade', ...argv);
      expect(r.code).not.toBe(0);
      expect(r.err).toMatch(said);
      expect(r.err.trim().split('\n')).toHaveLength(1);
    }
    expect(JSON.parse(await ok(db, 'checksum', '--json'))).toEqual(head);
  }, 120_000);
});
