/**
 * What the deciders' state costs on a ledger: the time to fold it from the whole log (as `ledger serve` and every
 * command do at start-up) and the memory it holds once built, measured after a full garbage collection.
 *
 *   npm run build && node --expose-gc dist/scripts/bench/command-state.js <ledger.db> [--mapped-bytes N]
 *
 * --mapped-bytes: how much of the file SQLite maps (default: the store's default, as CLI commands open it; 0 is how
 * `ledger serve` opens it).
 *
 * Prints the tournaments and reported games it holds, the fold's wall time, and the process's heap used and
 * resident memory before and after (the difference is the state).
 */
import { Ledger } from '../../src/app/ledger';
import { openSqliteStore } from '../../src/adapters/store/sqlite';
import * as fs from 'fs';
import { mib, ms } from './first-and-warm';

/** Resident memory by kind on Linux: anonymous (the heap, malloc) and file-backed (SQLite's memory-mapped pages). */
export const residentKinds = (): string => {
  if (!fs.existsSync('/proc/self/status')) return '';
  const status = fs.readFileSync('/proc/self/status', 'utf8');
  const kib = (field: string): number => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return ` (anonymous ${mib(kib('RssAnon') * 1024)}, file-backed ${mib(kib('RssFile') * 1024)})`;
};

const collect = (): void => {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with node --expose-gc: the heap is measured after a full collection');
  gc();
  gc();
};

const main = async (): Promise<void> => {
  const file = process.argv[2];
  if (!file) throw new Error('usage: node --expose-gc dist/scripts/bench/command-state.js <ledger.db> [--mapped-bytes N]');
  const at = process.argv.indexOf('--mapped-bytes');
  const mappedBytes = at > 0 ? Number(process.argv[at + 1]) : undefined;
  if (mappedBytes !== undefined && !(Number.isInteger(mappedBytes) && mappedBytes >= 0)) throw new Error(`--mapped-bytes ${process.argv[at + 1]}: expected a whole number of bytes`);
  const store = openSqliteStore(file, mappedBytes === undefined ? {} : { mappedBytes });
  collect();
  const before = process.memoryUsage();
  const t0 = process.hrtime.bigint();
  const ledger = new Ledger(store);
  const state = await ledger.catchUp();
  const took = ms(t0);
  collect();
  const after = process.memoryUsage();
  let games = 0;
  for (const t of state.tournaments.values()) games += t.games.size;
  console.log(`command state: ${file}${mappedBytes === undefined ? '' : ` (mapped bytes ${mappedBytes})`} up to position ${state.position}: ${state.players.size} players, ${state.tournaments.size} tournaments, ${games} reported games`);
  console.log(`fold ${took.toFixed(0)} ms; heap used ${mib(before.heapUsed)} -> ${mib(after.heapUsed)} (state ${mib(after.heapUsed - before.heapUsed)}), heap total ${mib(after.heapTotal)}, external ${mib(after.external)}; rss ${mib(before.rss)} -> ${mib(after.rss)}${residentKinds()}`);
  await store.close();
};

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
