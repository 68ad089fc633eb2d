/**
 * The HTTP API on a ledger as a club website would use it: start-up, then each public route first and warm, with
 * the server's resident memory after each. Careers, explanations and cross tables read the careers' read model
 * saved next to the log (`ledger projections rebuild` saves it; without one they fold the log once); the list
 * projection starts from the checkpoint in the ledger's file (saving one when there is none or it is behind), so
 * the routes that read it come last.
 *
 *   npm run build && node dist/scripts/bench/http.js <ledger.db>     (e.g. the history bench's ledger, BENCH_DB)
 *
 * Env: BENCH_PLAYER (default p123), BENCH_TOURNAMENT (default t1), BENCH_AS_OF (default 2010-01-01).
 */
import { startBenchServer } from './bench-server';
import { firstAndWarm } from './first-and-warm';


const main = async (): Promise<void> => {
  const file = process.argv[2];
  if (!file) throw new Error('usage: node dist/scripts/bench/http.js <ledger.db>');
  const player = process.env.BENCH_PLAYER ?? 'p123';
  const asOf = process.env.BENCH_AS_OF ?? '2010-01-01';
  const { base, close } = await startBenchServer('http bench', file);
  const tournament = process.env.BENCH_TOURNAMENT ?? 't1';
  const routes = [
    `/players/${player}/history`,
    `/players/${player}/explain`,
    `/players/${player}`,
    `/tournaments/${tournament}`,
    `/tournaments/${tournament}?format=fesa-html`,
    '/tournaments',
    `/tournaments?q=${tournament}`,
    `/players?q=${player}`,
    '/lists/published',
    '/lists?format=csv',
    `/lists?as-of=${asOf}&format=csv`,
    `/lists?as-of=${asOf}&format=fesa`,
  ];
  for (const route of routes) {
    await firstAndWarm(base, route);
  }
  await close();
};

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
