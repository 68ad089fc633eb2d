/**
 * A killed `migrate` leaves no target that passes for a ledger (issue 28, point 3): the real process is SIGKILLed at
 * moments spread over a clean run, into a fresh target each time. Whatever moment a kill lands, the target then
 * refuses to open as a ledger (no ledger yet, or an unfinished copy naming how to redo it) or is whole (the source's
 * checksum and head, and `verify` holds); an unfinished copy is replaced by `migrate --replace`, never by a plain re-run.
 */
import * as path from 'path';
import { Client } from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { cliBuilt, FIXTURES, killableLedger, ledger, tempDir } from '../../support/helpers';

const built = cliBuilt();

const runCli = killableLedger;

type State = 'no ledger' | 'unfinished' | 'whole';

/** What the target is after a kill: refused as no ledger, refused as an unfinished copy, or whole (anything else fails). */
const stateOf = async (target: string, source: { sha256: string; head: string }): Promise<State> => {
  const sum = await ledger('checksum', '--store', target, '--json');
  if (sum.code === 0) {
    expect(JSON.parse(sum.out)).toMatchObject({ sha256: source.sha256, head: source.head });
    const verify = await ledger('verify', '--store', target);
    expect({ code: verify.code, err: verify.err }).toEqual({ code: 0, err: '' });
    return 'whole';
  }
  const lines = sum.err.split('\n').filter(Boolean);
  expect(lines).toHaveLength(1);
  // asked with --json, the refusal is one JSON object (error, kind, exitCode)
  const refusal = `ledger: ${(JSON.parse(lines[0]!) as { error: string }).error}`;
  if (/holds an unfinished copy of .* not a ledger: copy it again with `ledger migrate --from .* --replace`$/.test(refusal)) {
    // so does a read of it: nothing is served from a part
    expect((await ledger('list', '--store', target)).code).not.toBe(0);
    return 'unfinished';
  }
  expect(refusal).toMatch(/^ledger: there is no ledger at /);
  return 'no ledger';
};

/**
 * Kills `migrate --from source --to fresh(i)` at `kills` moments over a clean run; returns how many kills left each
 * state. Every unfinished target is then refused by a plain re-run and completed by `--replace`.
 */
const killMigrations = async (source: string, fresh: (i: number) => Promise<string>, kills: number): Promise<Record<State, number>> => {
  const sum = JSON.parse((await ledger('checksum', '--store', source, '--json')).out) as { sha256: string; head: string };
  const cleanTarget = await fresh(kills);
  const clean = await runCli(['migrate', '--from', source, '--to', cleanTarget]);
  expect(clean.code).toBe(0);
  expect(await stateOf(cleanTarget, sum)).toBe('whole');
  const counts: Record<State, number> = { 'no ledger': 0, unfinished: 0, whole: 0 };
  for (let i = 0; i < kills; i++) {
    const target = await fresh(i);
    const at = Math.round(((i + 0.5) / kills) * clean.ms);
    const run = await runCli(['migrate', '--from', source, '--to', target], at);
    const state = await stateOf(target, sum);
    if (!run.killed) expect(state, `finished after ${run.ms} ms`).toBe('whole');
    counts[state]++;
    if (state === 'unfinished') {
      const plain = await ledger('migrate', '--from', source, '--to', target);
      expect(plain.code).toBe(1);
      expect(plain.err).toMatch(/holds an unfinished copy of .*--replace`\n$/);
      expect((await ledger('migrate', '--from', source, '--to', target, '--replace')).code).toBe(0);
      expect(await stateOf(target, sum)).toBe('whole');
    }
  }
  // --replace never replaces a ledger
  const refused = await ledger('migrate', '--from', source, '--to', cleanTarget, '--replace');
  expect(refused.code).toBe(1);
  expect(refused.err).toMatch(/already holds events; the target must be empty\.\n$/);
  return counts;
};

describe.skipIf(!built)('migrate killed at any moment: the target refuses to open as a ledger or is whole (real processes)', () => {
  let source = '';
  beforeAll(async () => {
    const db = path.join(tempDir('migrate-kill'), 'source.db');
    for (const argv of [
      ['trf', 'import', path.join(FIXTURES, 'trf', 'grandmommyscup.trf'), '--start', '2025-01-01'],
      ['trf', 'import', path.join(FIXTURES, 'trf', 'bbp-issue_7.trf'), '--start', '2025-01-01'],
      ['egd', 'import', path.join(FIXTURES, 'egd', 'opengotha-egc2013.h9')],
    ]) {
      const r = await ledger(...argv, '--db', db, '--actor', 'migrate');
      if (r.code !== 0) throw new Error(`${argv.join(' ')}: ${r.err}`);
    }
    source = `sqlite:${db}`;
  }, 180_000);

  it('SQLite to SQLite, 10 kills', async () => {
    const dir = tempDir('migrate-kill-sqlite');
    const counts = await killMigrations(source, async (i) => `sqlite:${path.join(dir, `target-${i}.db`)}`, 10);
    console.log(`migrate SQLite -> SQLite, 10 kills: ${JSON.stringify(counts)}`);
    expect(counts.unfinished + counts['no ledger'] + counts.whole).toBe(10);
  }, 300_000);

  const pg = process.env.LEDGER_TEST_PG_URL;
  it.skipIf(!pg)(`SQLite to PostgreSQL, 6 kills${pg ? '' : ` (skipped: ${process.env.LEDGER_TEST_PG_SKIP_REASON ?? 'LEDGER_TEST_PG_URL is not set'})`}`, async () => {
    const admin = new Client({ connectionString: pg });
    await admin.connect();
    const names: string[] = [];
    try {
      const counts = await killMigrations(source, async (i) => {
        const name = `migrate_kill_${process.pid}_${Date.now()}_${i}`;
        await admin.query(`CREATE DATABASE ${name}`);
        names.push(name);
        return pg!.replace(/\/[^/]*$/, `/${name}`);
      }, 6);
      console.log(`migrate SQLite -> PostgreSQL, 6 kills: ${JSON.stringify(counts)}`);
      expect(counts.unfinished + counts['no ledger'] + counts.whole).toBe(6);
    } finally {
      for (const n of names) await admin.query(`DROP DATABASE IF EXISTS ${n} WITH (FORCE)`).catch(() => undefined);
      await admin.end();
    }
  }, 300_000);
});
