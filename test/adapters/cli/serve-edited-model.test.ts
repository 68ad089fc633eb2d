/**
 * `ledger serve` and a saved list model edited by hand (issue 28, "`verify` covers what reads serve"): the server, a
 * real process, keeps answering the fold's list (as before the edit) and says once on stderr what `ledger list` says,
 * naming the model and what differs.
 */
import * as path from 'path';
import type BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChildProcess } from 'child_process';
import { cliBuilt, ledger, serveProcess, SMALL_LEDGER, tempDir } from '../../support/helpers';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const Database: typeof BetterSqlite3 = require('better-sqlite3');

const WARNING = /^warning: the saved list model of as-adopted was changed by hand \(it holds \d+ row versions where its saves wrote \d+ \(rows deleted\)\); the list is folded from the log instead [^\n]*$/;

describe.skipIf(!cliBuilt())('ledger serve on a list model edited by hand (real process, run `npm run build` first)', () => {
  let server: ChildProcess | undefined;
  afterEach(() => void server?.kill());

  /** `ledger serve` on `db`: today's list as CSV (each answer 200), and what the server said on stderr so far. */
  const served = async (db: string) => {
    const started = await serveProcess(`sqlite:${db}`);
    server = started.process;
    let stderr = '';
    server.stderr!.on('data', (chunk: Buffer) => void (stderr += chunk.toString()));
    const csv = async () => {
      const answer = await fetch(`${started.base}/lists?format=csv`);
      expect(answer.status).toBe(200);
      return answer.text();
    };
    return { base: started.base, csv, said: () => stderr };
  };

  it('answers the list as before the edit and warns once on stderr', async () => {
    const db = path.join(tempDir('serve-edited'), 'ledger.db');
    for (const argv of SMALL_LEDGER) expect((await ledger(...argv, '--db', db, '--actor', 'officer')).code).toBe(0);
    // the CLI's read saves the model the server then reads
    const listed = await ledger('list', '--format', 'csv', '--db', db);
    expect([listed.code, listed.out]).toEqual([0, expect.stringMatching(/Berg/)]);
    // Berg's only row: served from the model, the list would lose her
    const d = new Database(db);
    expect(d.prepare(`DELETE FROM rm_list_rows WHERE rowid IN (SELECT rowid FROM rm_list_rows WHERE name LIKE 'Berg%' AND present = 1)`).run().changes).toBe(1);
    d.close();

    const { base, csv, said } = await served(db);
    const before = listed.out;
    expect([await csv(), await csv()]).toEqual([before, before]);
    // the health answer comes after both lists: whatever they wrote to stderr is there by now
    expect((await fetch(`${base}/health`)).status).toBe(200);
    const warnings = said().split('\n').filter((line) => line.startsWith('warning:'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(WARNING);
  }, 60_000);

  it('a row edited while the server holds the list it answered: the next request no longer answers the kept list', async () => {
    const db = path.join(tempDir('serve-edited-later'), 'ledger.db');
    for (const argv of SMALL_LEDGER) expect((await ledger(...argv, '--db', db, '--actor', 'officer')).code).toBe(0);
    const { base, csv, said } = await served(db);
    // the first answer saves the model and is kept; the second is the kept one
    const before = await csv();
    expect(await csv()).toBe(before);
    const rating = Number(/,Hansen Ola,NO,[^,]*,(\d+),/.exec(before)?.[1]);
    expect(rating).toBeGreaterThan(0);
    // another process edits the saved row: no fact is appended, the head of the log stays where it was
    const d = new Database(db);
    expect(d.prepare(`UPDATE rm_list_rows SET rating = rating + 500 WHERE name LIKE 'Hansen%' AND present = 1 AND kt IS NULL`).run().changes).toBe(1);
    d.close();
    const after = await csv();
    expect(after).toBe(before);
    expect(after).not.toContain(`,Hansen Ola,NO,-,${rating + 500},`);
    expect((await fetch(`${base}/health`)).status).toBe(200);
    expect(said().split('\n').filter((line) => line.startsWith('warning:'))).toEqual([expect.stringMatching(/^warning: the saved list model of as-adopted was changed by hand/)]);
  }, 60_000);
});
