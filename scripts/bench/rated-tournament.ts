/**
 * A tournament under another rule set (a TRF or EGD import) on a ledger whose bulk is FESA: the server's first and
 * warm answers of `GET /tournaments/ID` (the JSON `tournament show --json` gives) and of its page, with the server's
 * resident memory, for each id given. The cold CLI is timed by hand (`/usr/bin/time -f "%e s %M KiB" node
 * bin/ledger.js tournament show ID --json --db FILE`); docs/benchmarks.md has both.
 *
 *   npm run build && node dist/scripts/bench/rated-tournament.js <ledger.db> ID [ID …]
 *
 * Import the tournaments into a copy of a bench ledger first (ledger trf import FILE --tournament ID --db COPY,
 * ledger egd import FILE --tournament ID --db COPY): the bench ledgers hold FESA tournaments only.
 */
import { startBenchServer } from './bench-server';
import { firstAndWarm } from './first-and-warm';

const main = async (): Promise<void> => {
  const [file, ...ids] = process.argv.slice(2);
  if (!file || ids.length === 0) throw new Error('usage: node dist/scripts/bench/rated-tournament.js <ledger.db> ID [ID …]');
  const { base, close } = await startBenchServer('rated-tournament bench', file);
  for (const id of ids) await firstAndWarm(base, `/tournaments/${id}`);
  for (const id of ids) await firstAndWarm(base, `/tournaments/${id}`, { accept: 'text/html' }, `/tournaments/${id} (page)`);
  // the answers kept until the log moves are the ones read first
  const json = async (id: string): Promise<string> => (await (await fetch(`${base}/tournaments/${id}`)).text());
  for (const id of ids) {
    const kept = await json(id);
    if (!kept.startsWith('{"tournamentId"')) throw new Error(`/tournaments/${id} is not a non-FESA tournament's view: ${kept.slice(0, 200)}`);
  }
  console.log(`checked: ${ids.join(', ')} answered as tournaments under other rule sets (their views, not FESA cross tables)`);
  await close();
};

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
