/**
 * The unfinished-`migrate` marker (issue 28: "an interrupted `migrate` leaves no target that passes `verify`"): the
 * step every target takes on open (SQLite, PostgreSQL, EventStoreDB share it), held on SQLite, and EventStoreDB's
 * marker on a real server where ESDB_URL names one.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationTargetStep, TargetNotEmptyError, UnfinishedMigrationError } from '../../../src/adapters/store/unfinished-migration';
import { openStore } from '../../../src/adapters/store/open';
import { migrate } from '../../../src/adapters/store/migrate';
import { openSqliteStore } from '../../../src/adapters/store/sqlite';
import { openEsdbStore } from '../../../src/adapters/store/esdb';
import { checkedEsdbStore, MIGRATION_STREAM } from '../../../src/adapters/store/esdb-migration';
import { EsdbStandIn } from './esdb-stand-in';

const marker = { source: 'sqlite:old.db', startedAt: '2026-11-28T04:00:00.000Z' };
const target = (replace: boolean) => ({ source: 'sqlite:old.db', replace });

describe('the step a migrate target takes on open', () => {
  it('marks a store that holds nothing', () => {
    expect(migrationTargetStep('t.db', 'sqlite:t.db', { marker: undefined, holdsEvents: false }, target(false))).toBe('mark');
    expect(migrationTargetStep('t.db', 'sqlite:t.db', { marker: undefined, holdsEvents: false }, target(true))).toBe('mark');
  });

  it('never writes into a store that holds events, --replace or not', () => {
    for (const replace of [false, true]) {
      expect(() => migrationTargetStep('t.db', 'sqlite:t.db', { marker: undefined, holdsEvents: true }, target(replace))).toThrow(TargetNotEmptyError);
    }
  });

  it('refuses an unfinished copy without --replace, naming the source and the command that copies again', () => {
    expect(() => migrationTargetStep('t.db', 'sqlite:t.db', { marker, holdsEvents: true }, target(false))).toThrow(
      new UnfinishedMigrationError('t.db', 'sqlite:t.db', marker),
    );
    expect(() => migrationTargetStep('t.db', 'sqlite:t.db', { marker, holdsEvents: true }, target(false))).toThrow(
      't.db holds an unfinished copy of sqlite:old.db (a `ledger migrate` started 2026-11-28T04:00:00.000Z did not complete), not a ledger: copy it again with `ledger migrate --from sqlite:old.db --to sqlite:t.db --replace`',
    );
  });

  it('replaces an unfinished copy when asked, only where the store can take events back (not EventStoreDB)', () => {
    expect(migrationTargetStep('t.db', 'sqlite:t.db', { marker, holdsEvents: true }, target(true))).toBe('replace');
    expect(() => migrationTargetStep('esdb:x', 'esdb://x', { marker, holdsEvents: true }, target(true), false)).toThrow(
      'esdb:x holds an unfinished copy of sqlite:old.db (a `ledger migrate` started 2026-11-28T04:00:00.000Z did not complete), and EventStoreDB cannot take events back: copy it into a new, empty EventStoreDB database instead',
    );
  });
});

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-unfinished-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** A source ledger of three events on SQLite. */
const source = async (name: string) => {
  const from = openSqliteStore(path.join(root, name));
  for (let i = 0; i < 3; i++) await from.append('player-1', [{ eventId: `e${i}`, type: 'GameReported', data: { i } }], i === 0 ? 'no_stream' : i - 1);
  return from;
};

describe('on SQLite, through openStore as migrate opens its target', () => {
  it('a target left marked (killed after copying) opens neither as a ledger nor as a target without --replace; --replace copies it whole', async () => {
    const from = await source('from.db');
    const file = path.join(root, 'to.db');
    const to = await openStore(file, { migrationTarget: target(false) });
    await to.append('player-1', [{ eventId: 'e0', type: 'GameReported', data: { i: 0 } }], 'no_stream');
    await to.close();
    await expect(openStore(file)).rejects.toThrow(UnfinishedMigrationError);
    await expect(openStore(file, { migrationTarget: target(false) })).rejects.toThrow(UnfinishedMigrationError);
    const again = await openStore(file, { migrationTarget: target(true) });
    expect((await migrate(from, again)).copied).toBe(3);
    await again.close();
    const ledger = await openStore(file);
    expect(await ledger.headPosition()).toBe(3);
    await Promise.all([ledger.close(), from.close()]);
  });
});

describe('on EventStoreDB: the adapter over a stand-in for the client (not EventStoreDB; see esdb-stand-in.ts)', () => {
  const opened = (server: EsdbStandIn) => {
    const client = server.client();
    return { client, store: openEsdbStore('esdb://stand-in', { client }) };
  };
  it('marks a migrate target in metadata the log passes over; a killed copy refuses to open as a ledger and as a target; the finished copy opens', async () => {
    const server = new EsdbStandIn();
    const first = opened(server);
    const to = await checkedEsdbStore(first.store, first.client, 'esdb://stand-in', target(false));
    expect(server.log.map((e) => e.streamId)).toEqual([`$$${MIGRATION_STREAM}`]);
    await to.append('player-1', [{ eventId: 'e0', type: 'GameReported', data: { i: 0 } }], 'no_stream');
    // the marker is no fact: the log holds the copied event alone
    const log: string[] = [];
    for await (const batch of to.readAll()) log.push(...batch.map((e) => e.eventId));
    expect(log).toEqual(['e0']);
    // killed here: another process opens the store
    const later = opened(server);
    await expect(checkedEsdbStore(later.store, later.client, 'esdb://stand-in', undefined)).rejects.toThrow(
      /^esdb:esdb:\/\/stand-in holds an unfinished copy of sqlite:old\.db \(a `ledger migrate` started .* did not complete\), not a ledger: copy it again with `ledger migrate --from sqlite:old\.db --to esdb:\/\/stand-in --replace`$/,
    );
    await expect(checkedEsdbStore(later.store, later.client, 'esdb://stand-in', target(false))).rejects.toThrow(UnfinishedMigrationError);
    await expect(checkedEsdbStore(later.store, later.client, 'esdb://stand-in', target(true))).rejects.toThrow(/EventStoreDB cannot take events back/);
    await to.finishMigration!();
    expect(await (await checkedEsdbStore(later.store, later.client, 'esdb://stand-in', undefined)).headPosition()).toBeGreaterThan(0);
    // a finished copy holds events: never a target again
    await expect(checkedEsdbStore(later.store, later.client, 'esdb://stand-in', target(true))).rejects.toThrow(TargetNotEmptyError);
  });
});

const esdbUrl = process.env.ESDB_URL;
describe.skipIf(!esdbUrl)(
  `on EventStoreDB${esdbUrl ? '' : ' (skipped: ESDB_URL is not set; it must name an empty server, which this test writes to)'}`,
  () => {
    it('a copy killed before it finished leaves the marker: the store refuses to open as a ledger, and as a target with or without --replace', async () => {
      const from = await source('esdb-from.db');
      const to = await openStore(esdbUrl!, { migrationTarget: target(false) });
      // killed after the first event: finishMigration never ran
      await to.append('player-1', [{ eventId: 'e0', type: 'GameReported', data: { i: 0 } }], 'no_stream');
      await to.close();
      await expect(openStore(esdbUrl!)).rejects.toThrow(/holds an unfinished copy of sqlite:old\.db .* not a ledger: copy it again with `ledger migrate/);
      await expect(openStore(esdbUrl!, { migrationTarget: target(false) })).rejects.toThrow(UnfinishedMigrationError);
      await expect(openStore(esdbUrl!, { migrationTarget: target(true) })).rejects.toThrow(/EventStoreDB cannot take events back/);
      await from.close();
    }, 60_000);
  },
);
