import { spawn } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { Client } from 'pg';
import { describe, expect, it } from 'vitest';
import { openStore } from '../../src/adapters/store/open';
import { chainOf, eventDate, ledger, listAsOf, nekomadoChain, tempDir } from './helpers';

const CLI = path.resolve(__dirname, '../../bin/ledger.js');
const built = fs.existsSync(path.resolve(__dirname, '../../dist/src/adapters/cli/main.js'));

/** Starts `ledger fesa import` in a child process and SIGKILLs it once the log holds `killAt` events. */
const importAndKill = async (store: string, chain: string, killAt: number): Promise<number> => {
  const child = spawn(process.execPath, [CLI, 'fesa', 'import', chain, '--reconcile', '--store', store], { stdio: 'ignore' });
  const probe = await openStore(store);
  try {
    for (let i = 0; i < 2000; i++) {
      if ((await probe.headPosition()) >= killAt) break;
      if (child.exitCode !== null) throw new Error('the import finished before it could be killed; raise the chain size');
      await new Promise((r) => setTimeout(r, 5));
    }
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    return await probe.headPosition();
  } finally {
    await probe.close();
  }
};

const crashAndResume = async (store: string, referenceStore: string) => {
  const chain = chainOf(nekomadoChain());
  const atKill = await importAndKill(store, chain, 400);
  expect(atKill).toBeGreaterThanOrEqual(400);
  // Whole commands only: every recorded event decodes and no event id is twice in the log.
  const events = await ledger('events', '--store', store, '--json');
  const ids = events.out.trim().split('\n').map((l) => JSON.parse(l).event.eventId as string);
  expect(new Set(ids).size).toBe(ids.length);
  const resumed = await ledger('fesa', 'import', chain, '--reconcile', '--store', store);
  expect(resumed.err).toBe('');
  const clean = await ledger('fesa', 'import', chain, '--reconcile', '--store', referenceStore);
  expect(clean.code).toBe(0);
  const sum = async (s: string) => JSON.parse((await ledger('checksum', '--store', s, '--json')).out);
  expect(await sum(store)).toEqual(await sum(referenceStore));
};

describe.skipIf(!built)('crash safety: SIGKILL in the middle of a bulk import (run `npm run build` first)', () => {
  it('SQLite: leaves whole commands only; re-running completes without duplicates', async () => {
    const dir = tempDir('crash');
    const db = path.join(dir, 'killed.db');
    await crashAndResume(`sqlite:${db}`, `sqlite:${path.join(dir, 'clean.db')}`);
    const last = nekomadoChain().at(-1)!;
    expect((await listAsOf(db, eventDate(last))).equals(fs.readFileSync(path.join(last, 'ratingliste.post')))).toBe(true);
  }, 120_000);

  const pg = process.env.LEDGER_TEST_PG_URL;
  it.skipIf(!pg)(`PostgreSQL: the same${pg ? '' : ` (skipped: ${process.env.LEDGER_TEST_PG_SKIP_REASON ?? 'LEDGER_TEST_PG_URL is not set'})`}`, async () => {
    const admin = new Client({ connectionString: pg });
    await admin.connect();
    const names = [`crash_${process.pid}_${Date.now()}`, `clean_${process.pid}_${Date.now()}`];
    try {
      for (const n of names) await admin.query(`CREATE DATABASE ${n}`);
      const url = (n: string) => pg!.replace(/\/[^/]*$/, `/${n}`);
      await crashAndResume(url(names[0]!), url(names[1]!));
      // The same lists as the SQLite store gives (issue 5 acceptance: byte-identical lists).
      const last = nekomadoChain().at(-1)!;
      const out = path.join(tempDir('pglist'), 'list.txt');
      expect((await ledger('list', '--as-of', eventDate(last), '--format', 'fesa', '--store', url(names[0]!), '--out', out)).code).toBe(0);
      expect(fs.readFileSync(out).equals(fs.readFileSync(path.join(last, 'ratingliste.post')))).toBe(true);
    } finally {
      for (const n of names) await admin.query(`DROP DATABASE IF EXISTS ${n} WITH (FORCE)`).catch(() => undefined);
      await admin.end();
    }
  }, 180_000);
});
