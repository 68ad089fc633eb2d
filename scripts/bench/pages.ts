/**
 * The web pages as a browser asks for them (Accept: text/html): each page's first answer (its projection folded
 * or caught up for the first time) and warm (median of five more), on a ledger file as `ledger serve` opens it.
 *
 *   npm run build && node dist/scripts/bench/pages.js <ledger.db>
 *
 * The player is BENCH_PLAYER (default: the first player of the list of BENCH_AS_OF); the tournament the last one he
 * played; BENCH_AS_OF (default: the date of the last tournament) is the dated list's and the rule-set page's date.
 * BENCH_ONLY=rule-sets times the auditors' rule-set page alone (BENCH_AUDITOR_TOKEN), on a server that has read only
 * the list projection (which the list pages hold anyway), so that its first answer and the memory it takes are its own.
 */
import { sqliteCredentials } from '../../src/adapters/store/credentials';
import { Officers } from '../../src/app/officers';
import { startBenchServer } from './bench-server';
import { firstAndWarm, mib, ms } from './first-and-warm';


/** The auditors' rule-set page (fesa and fesa-published on `asOf`), signed in as a browser signs in. */
const ruleSetPage = async (base: string, asOf: string): Promise<void> => {
  const token = process.env.BENCH_AUDITOR_TOKEN;
  if (token === undefined) console.log(`GET /diff?as-of=${asOf} (text/html): skipped, the auditors' page needs BENCH_AUDITOR_TOKEN`);
  else await firstAndWarm(base, `/diff?as-of=${asOf}`, { accept: 'text/html', authorization: `Basic ${Buffer.from(`auditor:${token}`).toString('base64')}` }, `/diff?as-of=${asOf} (text/html, an auditor)`);
};

const main = async (): Promise<void> => {
  const file = process.argv[2];
  if (!file) throw new Error('usage: node dist/scripts/bench/pages.js <ledger.db>');
  const credentials = sqliteCredentials(file);
  const { base, state, close } = await startBenchServer('pages bench', file, (ledger) => ({ officers: new Officers(ledger, credentials) }));
  let lastDate = '';
  for (const t of state.tournaments.values()) if (t.closed !== undefined && t.registration.endDate > lastDate) lastDate = t.registration.endDate;
  const asOf = process.env.BENCH_AS_OF ?? lastDate;
  if (process.env.BENCH_ONLY === 'rule-sets') {
    // the list projection a serving server holds anyway (the list pages read it): its first fold is not the page's
    const t1 = process.hrtime.bigint();
    await (await fetch(`${base}/lists?format=csv`)).arrayBuffer();
    console.log(`GET /lists?format=csv (the list projection, untimed below): ${ms(t1).toFixed(0)} ms; rss ${mib(process.memoryUsage().rss)}`);
    await ruleSetPage(base, asOf);
    await close();
    await credentials.close();
    return;
  }
  const list = (await (await fetch(`${base}/lists?as-of=${asOf}&format=json`)).json()) as { players: { playerId: string; name: string }[] };
  const player = process.env.BENCH_PLAYER ?? list.players[0]!.playerId;
  const career = (await (await fetch(`${base}/players/${encodeURIComponent(player)}/history`)).json()) as { ratings: { tournamentId: string }[] };
  const tournament = career.ratings[career.ratings.length - 1]!.tournamentId;
  const published = (await (await fetch(`${base}/lists/published`)).json()) as { lists: { listId: string }[] };
  const pages = [
    '/',
    `/?as-of=${asOf}`,
    `/?as-of=${asOf}&page=2`,
    // a search by the first word of a name (a family name): the players whose name holds it
    `/?as-of=${asOf}&q=${encodeURIComponent((list.players.find((p) => p.playerId === player)?.name ?? player).split(' ')[0]!)}`,
    `/players/${encodeURIComponent(player)}`,
    `/players/${encodeURIComponent(player)}/explain?tournament=${encodeURIComponent(tournament)}`,
    `/tournaments/${encodeURIComponent(tournament)}`,
    '/tournaments',
    '/tournaments?page=2',
    `/tournaments?q=${encodeURIComponent(tournament)}`,
    '/lists/published',
    ...published.lists.slice(-1).map((l) => `/lists/published/${encodeURIComponent(l.listId)}/diff`),
  ];
  for (const route of pages) {
    await firstAndWarm(base, route, { accept: 'text/html' }, `${route} (text/html)`);
  }
  await ruleSetPage(base, asOf);
  await close();
  await credentials.close();
};

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
