/**
 * The saved careers of the non-FESA rule sets through the real `ledger` process: `history` and `explain --rules S`
 * read them, a bucket edited by hand is never served (the read says so once and makes the model again), `verify`
 * names the edit with exit 1, and `projections rebuild --rules S` makes the model again.
 */
import * as path from 'path';
import type BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { RULE_SET_CAREER_MODEL_FORMAT } from '../../../src/app/rule-set-career-model';
import { cliBuilt, FIXTURES, ledger, tempDir } from '../../support/helpers';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const Database: typeof BetterSqlite3 = require('better-sqlite3');

const PLAYER = 'FIDE-70123454321';
/** The saved careers' projections, of the format the code writes. */
const CAREERS = `rule-set-careers-${RULE_SET_CAREER_MODEL_FORMAT}`;

/** Raises the player's rating after the tournament in the saved bucket that holds him, as someone with sqlite3 would; the bucket's number. */
const editCareer = (db: string): string => {
  const d = new Database(db);
  try {
    // his tournament is dated from the model's cut on: it is in his bucket's tails (rule-set-career-records.ts)
    const row = d.prepare("SELECT name, part, seq, data FROM projection_chunks WHERE name LIKE ? AND instr(data, ?) > 0 AND instr(data, '\"after\":2558') > 0").get(`${CAREERS}:%`, `["${PLAYER}",`) as { name: string; part: string; seq: number; data: string };
    expect(row.data).toContain('"after":2558');
    d.prepare('UPDATE projection_chunks SET data = ? WHERE name = ? AND part = ? AND seq = ?').run(row.data.replaceAll('"after":2558', '"after":2999'), row.name, row.part, row.seq);
    return row.name.slice(`${CAREERS}:`.length);
  } finally {
    d.close();
  }
};

describe.skipIf(!cliBuilt())('the saved careers of the non-FESA rule sets (real processes, run `npm run build` first)', () => {
  it('history and explain --rules fide-2024 read them; an edited one is not served, verify names it (exit 1), a read or projections rebuild makes it again', async () => {
    const db = path.join(tempDir('career-model'), 'ledger.db');
    expect((await ledger('trf', 'import', path.join(FIXTURES, 'trf', 'grandmommyscup.trf'), '--db', db, '--actor', 'officer')).code).toBe(0);
    const history = await ledger('history', PLAYER, '--rules', 'fide-2024', '--db', db);
    expect(history).toMatchObject({ code: 0, err: '' });
    expect(history.out).toContain('under fide-2024: 2586 -> 2558 (-28)');
    const explain = await ledger('explain', PLAYER, '--rules', 'fide-2024', '--json', '--db', db);
    expect(explain).toMatchObject({ code: 0, err: '' });
    expect(JSON.parse(explain.out)).toMatchObject({ playerId: PLAYER, tournaments: [{ tournamentId: 'grandmommyscup', before: 2586, after: 2558 }] });
    expect(await ledger('verify', '--db', db)).toMatchObject({ code: 0, err: '' });

    const bucket = editCareer(db);
    const verify = await ledger('verify', '--db', db);
    expect(verify.code).toBe(1);
    expect(verify.err).toBe(`The saved careers model of the non-FESA rule sets was changed by hand (its part ${bucket} no longer matches its fingerprint); \`ledger projections rebuild --rules fide\` makes it again (as does the next read).\n`);
    const read = await ledger('history', PLAYER, '--rules', 'fide-2024', '--db', db);
    expect(read).toMatchObject({ code: 0, out: history.out });
    expect(read.err).toMatch(/^warning: the saved careers model of the non-FESA rule sets was changed by hand \(its part (tail:)?\d+ no longer matches its fingerprint\); it is made again from the log .*\n$/);
    expect(await ledger('verify', '--db', db)).toMatchObject({ code: 0, err: '' });

    editCareer(db);
    expect((await ledger('verify', '--db', db)).code).toBe(1);
    const rebuilt = await ledger('projections', 'rebuild', '--rules', 'fide-2024', '--db', db);
    expect(rebuilt).toMatchObject({ code: 0, err: '' });
    expect(rebuilt.out).toMatch(/^list and careers models of .* rebuilt from \d+ events/);
    expect(await ledger('verify', '--db', db)).toMatchObject({ code: 0, err: '' });
    expect(await ledger('explain', PLAYER, '--rules', 'fide-2024', '--json', '--db', db)).toMatchObject({ code: 0, out: explain.out, err: '' });
  }, 60_000);
});
