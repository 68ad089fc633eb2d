/**
 * Two `ledger serve` processes on one PostgreSQL database, as behind a load balancer: one officer posts results to
 * server A as fast as A acknowledges them while a reader asks server B, over and over, how many games the tournament
 * has. Every answer of B must include every result A acknowledged before that request was sent (B catches up to the
 * head of the log before it answers); the bench stops with an error if one does not. Prints the writes/s one writer
 * gets through A (each result one HTTP request and one PostgreSQL transaction), B's answer times while A writes, and
 * how long after A's acknowledgement B first answered with the result (bounded by one answer of B).
 *
 *   npm run build && LEDGER_BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres node dist/scripts/bench/two-servers.js [--games 500] [--players 40]
 *
 * A throwaway database is created on that server and dropped at the end. LEDGER_TEST_PG_URL is used when
 * LEDGER_BENCH_PG_URL is not set; without either the bench says so and exits 0 having measured nothing.
 */
import { serveProcess } from './serve-process';
import { execFileSync, type ChildProcess } from 'child_process';
import * as path from 'path';
import { Pool } from 'pg';

const CLI = path.resolve(__dirname, '../../../bin/ledger.js');
const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const GAMES = arg('games', 500);
const PLAYERS = arg('players', 40);

const serve = (store: string) => serveProcess(CLI, store);

const percentile = (xs: readonly number[], p: number): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const now = (): number => Number(process.hrtime.bigint()) / 1e6;

const main = async (): Promise<void> => {
  const url = process.env.LEDGER_BENCH_PG_URL ?? process.env.LEDGER_TEST_PG_URL;
  if (!url) {
    console.log('two-servers bench: skipped (set LEDGER_BENCH_PG_URL to a PostgreSQL server the bench may create a database on)');
    return;
  }
  const database = `bench_two_servers_${process.pid}`;
  const admin = new Pool({ connectionString: url, max: 1 });
  await admin.query(`CREATE DATABASE ${database}`);
  const u = new URL(url);
  u.pathname = `/${database}`;
  const store = u.toString();
  const servers: ChildProcess[] = [];
  try {
    const token = execFileSync(process.execPath, [CLI, 'officer', 'add', '--name', 'bench', '--role', 'officer', '--store', store], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LEDGER_ACTOR: 'bench' } }).trimEnd().split('\n').pop()!;
    const a = await serve(store);
    servers.push(a.process);
    const b = await serve(store);
    servers.push(b.process);
    const post = async (command: Record<string, unknown>): Promise<void> => {
      const res = await fetch(`${a.base}/commands`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(command) });
      const text = await res.text();
      if (res.status !== 201) throw new Error(`${String(command.kind)}: ${res.status} ${text}`);
    };
    for (let p = 1; p <= PLAYERS; p++) await post({ kind: 'RegisterPlayer', validDate: '2025-01-01', playerId: `p${p}`, familyName: `Player${p}`, givenName: 'Bench', country: 'NO' });
    await post({ kind: 'RegisterTournament', validDate: '2025-02-01', tournamentId: 'T1', name: 'Bench Open', place: 'Oslo', startDate: '2025-02-01', endDate: '2025-12-31', ratingSystem: 'fesa', rated: true, timeControl: { mainMinutes: 40, byoyomiSeconds: 30, incrementSeconds: 0 } });
    const gamesOnB = async (): Promise<number> => {
      const res = await fetch(`${b.base}/tournaments`);
      const body = (await res.json()) as { tournaments: { tournamentId: string; games: number }[] };
      return body.tournaments.find((t) => t.tournamentId === 'T1')?.games ?? 0;
    };
    await gamesOnB();

    // acknowledged[k]: when A acknowledged the (k+1)th result
    const acknowledged: number[] = [];
    let writing = true;
    const answers: number[] = [];
    const seenAt: number[] = [];
    const reader = (async () => {
      while (writing) {
        const ackedBefore = acknowledged.length;
        const t0 = now();
        const games = await gamesOnB();
        const t1 = now();
        answers.push(t1 - t0);
        if (games < ackedBefore) throw new Error(`server B answered ${games} games although A had acknowledged ${ackedBefore} before the request`);
        for (let k = seenAt.length; k < games; k++) seenAt.push(t1);
      }
    })();
    const perRound = Math.floor(PLAYERS / 2);
    const t0 = now();
    for (let g = 0; g < GAMES; g++) {
      const round = Math.floor(g / perRound) + 1;
      const board = g % perRound;
      const validDate = new Date(Date.UTC(2025, 1, 1) + Math.min(300, round) * 86_400_000).toISOString().slice(0, 10);
      await post({ kind: 'ReportGame', validDate, tournamentId: 'T1', gameId: `G${g + 1}`, round, first: `p${board + 1}`, second: `p${((board + round - 1) % perRound) + perRound + 1}`, result: g % 7 === 0 ? 'draw' : g % 2 === 0 ? 'win' : 'loss' });
      acknowledged.push(now());
    }
    const seconds = (now() - t0) / 1000;
    writing = false;
    await reader;
    const final = await gamesOnB();
    if (final !== GAMES) throw new Error(`server B has ${final} games, A acknowledged ${GAMES}`);
    const lags = seenAt.map((t, k) => t - acknowledged[k]!).filter((_, k) => k < acknowledged.length);
    console.log(`two-servers bench: ${store.replace(/\/\/[^@]*@/, '//…@')}; one officer posting ${GAMES} results to server A, a reader asking server B for the tournament's games meanwhile`);
    console.log(`writer through A: ${GAMES} results in ${seconds.toFixed(1)} s = ${(GAMES / seconds).toFixed(0)} results/s (each one HTTP request, one decision, one PostgreSQL transaction)`);
    console.log(`B's answers while A wrote: ${answers.length}; p50 ${percentile(answers, 50).toFixed(1)} ms, p99 ${percentile(answers, 99).toFixed(1)} ms`);
    console.log(`from A's acknowledgement to B's first answer with the result: p50 ${percentile(lags, 50).toFixed(1)} ms, p99 ${percentile(lags, 99).toFixed(1)} ms, max ${Math.max(...lags).toFixed(1)} ms (at most one answer of B: no answer of B missed a result A had acknowledged, checked for all ${answers.length})`);
  } finally {
    for (const s of servers) s.kill('SIGTERM');
    await Promise.all(servers.map((s) => new Promise((resolve) => (s.exitCode !== null ? resolve(undefined) : s.once('exit', resolve)))));
    await admin.query(`DROP DATABASE IF EXISTS ${database}`);
    await admin.end();
  }
};

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 1;
});
