import type { AddressInfo } from 'net';
import type { LedgerState } from '../../domain/commands/state';
import { sqliteCheckpoints } from '../../src/adapters/store/checkpoint-storage';
import { createServer, type ServerOptions } from '../../src/adapters/http/server';
import { openSqliteStore } from '../../src/adapters/store/sqlite';
import { Ledger } from '../../src/app/ledger';
import { mib, ms } from './first-and-warm';

/**
 * A server on a ledger file as `ledger serve` runs it on the embedded store: SQLite read through its page cache (no
 * memory map), the command state caught up first, the read models and checkpoints in the ledger's file. Prints the
 * start-up line under `name`; `close` stops the server and closes the store.
 */
export const startBenchServer = async (
  name: string,
  file: string,
  options: (ledger: Ledger) => Omit<ServerOptions, 'checkpoints'> = () => ({}),
): Promise<{ base: string; ledger: Ledger; state: LedgerState; close: () => Promise<void> }> => {
  const store = openSqliteStore(file, { mappedBytes: 0 });
  const ledger = new Ledger(store);
  const t0 = process.hrtime.bigint();
  const state = await ledger.catchUp();
  const server = createServer(ledger, { checkpoints: sqliteCheckpoints(file), storeSpec: `sqlite:${file}`, ...options(ledger) }).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  console.log(`${name}: ${file} (${await store.headPosition()} events); start-up (the command state) ${ms(t0).toFixed(0)} ms, rss ${mib(process.memoryUsage().rss)}`);
  const close = async (): Promise<void> => {
    await new Promise((resolve) => server.close(resolve));
    await store.close();
  };
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, ledger, state, close };
};
