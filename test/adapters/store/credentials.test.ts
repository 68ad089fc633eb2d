import * as path from 'path';
import { Pool } from 'pg';
import { describe, expect, it } from 'vitest';
import { Ledger } from '../../../src/app/ledger';
import { Officers } from '../../../src/app/officers';
import { postgresCredentials, sqliteCredentials, type CredentialStore } from '../../../src/adapters/store/credentials';
import { openPostgresStore } from '../../../src/adapters/store/postgres';
import type { EventStore } from '../../../src/app/ports/event-store';
import { openSqliteStore } from '../../../src/adapters/store/sqlite';
import { tempDir } from '../../support/helpers';

interface Place {
  readonly store: EventStore;
  readonly credentials: CredentialStore;
  close(): Promise<void>;
}

const sqlitePlace = async (): Promise<Place> => {
  const file = path.join(tempDir('credentials'), 'ledger.db');
  const store = openSqliteStore(file);
  const credentials = sqliteCredentials(file);
  return { store, credentials, close: async () => (await credentials.close(), await store.close()) };
};

const pgUrl = process.env.LEDGER_TEST_PG_URL;
const postgresPlace = async (): Promise<Place> => {
  const schema = `credentials_${Math.random().toString(36).slice(2, 10)}`;
  const store = await openPostgresStore(pgUrl!, { schema });
  const credentials = await postgresCredentials(pgUrl!, schema);
  return {
    store,
    credentials,
    close: async () => {
      await credentials.close();
      await store.close();
      const pool = new Pool({ connectionString: pgUrl, max: 1 });
      await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await pool.end();
    },
  };
};

/** Sign-in over each store's credentials table: the token signs in its officer until rotated away or revoked. */
describe.each([
  ['SQLite', sqlitePlace, true],
  ['PostgreSQL', postgresPlace, pgUrl !== undefined],
] as const)('officers\' credentials on %s', (_name, place, available) => {
  it.runIf(available)('a token signs in with its role; a rotated or revoked one, a forged or malformed one does not', async () => {
    const { store, credentials, close } = await place();
    try {
      const officers = new Officers(new Ledger(store), credentials);
      const { token } = await officers.appoint({ officer: 'kari', role: 'officer', actor: 'president', validDate: '2024-01-01' });
      expect(await officers.signIn(token!)).toEqual({ officer: 'kari', role: 'officer' });
      await officers.appoint({ officer: 'kari', role: 'admin', actor: 'president', validDate: '2024-02-01' });
      expect(await officers.signIn(token!)).toEqual({ officer: 'kari', role: 'admin' });

      const forged = `${token!.slice(0, -4)}AAAA`;
      expect(await officers.signIn(forged)).toBeUndefined();
      expect(await officers.signIn('kari')).toBeUndefined();

      const rotated = await officers.rotateToken('kari');
      expect(await officers.signIn(token!)).toBeUndefined();
      expect(await officers.signIn(rotated)).toEqual({ officer: 'kari', role: 'admin' });

      // a second server process (a fresh Officers on the same store) sees the revocation on its next sign-in
      const elsewhere = new Officers(new Ledger(store), credentials);
      // kari may step down once another admin is in office (the last admin may not)
      await officers.appoint({ officer: 'president', role: 'admin', actor: 'president', validDate: '2024-02-15' });
      expect(await elsewhere.signIn(rotated)).toEqual({ officer: 'kari', role: 'admin' });
      await officers.revoke({ officer: 'kari', actor: 'president', validDate: '2024-03-01' });
      expect(await elsewhere.signIn(rotated)).toBeUndefined();
      expect(await credentials.byOfficer('kari')).toBeUndefined();
    } finally {
      await close();
    }
  });
});

/** Statements are prepared once per connection: a close and the next use open a new one and prepare afresh. */
describe('officers\' credentials on SQLite across a close', () => {
  it('reads and writes again after the store closed its connection', async () => {
    const credentials = sqliteCredentials(path.join(tempDir('credentials-reopen'), 'ledger.db'));
    const kari = { officer: 'kari', tokenId: 't1', salt: 's', hash: 'h', issuedAt: '2024-01-01' };
    try {
      await credentials.put(kari);
      expect(await credentials.byTokenId('t1')).toEqual(kari);
      await credentials.close();
      expect(await credentials.byTokenId('t1')).toEqual(kari);
      await credentials.close();
      await credentials.put({ ...kari, tokenId: 't2' });
      expect(await credentials.byOfficer('kari')).toEqual({ ...kari, tokenId: 't2' });
      await credentials.remove('kari');
      expect(await credentials.byTokenId('t2')).toBeUndefined();
    } finally {
      await credentials.close();
    }
  });
});
