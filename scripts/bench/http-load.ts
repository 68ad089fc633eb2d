/**
 * A bounded load test on loopback: `ledger serve` as its own process, 50 clients reading lists (autocannon) while one
 * officer posts 1,000 game results over HTTP. It checks what the issue asks — no request fails except by rate limit,
 * no result is lost, the last list equals the CLI's — and prints requests/s and latency percentiles of both.
 *
 *   npm run build && node dist/scripts/bench/http-load.js [--games 1000] [--readers 50] [--players 40]
 *
 * Figures go to docs/benchmarks.md with this command; this is never a timed test.
 */
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { execFileSync, spawn } from 'child_process';
import * as fs from 'fs';
import * as net from 'net';
import * as os from 'os';
import * as path from 'path';

const CLI = path.resolve(__dirname, '../../../bin/ledger.js');
const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const GAMES = arg('games', 1000);
const READERS = arg('readers', 50);
const PLAYERS = arg('players', 40);

const ledger = (db: string, ...argv: string[]): string =>
  execFileSync(process.execPath, [CLI, ...argv, '--db', db], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LEDGER_ACTOR: 'bench' } });

const freePort = (): Promise<number> =>
  new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

const percentile = (sorted: readonly number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

const main = async (): Promise<void> => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-load-'));
  const db = path.join(dir, 'ledger.db');
  // a federation of PLAYERS players and one long open tournament, registered by the CLI on the store itself
  for (let p = 1; p <= PLAYERS; p++) ledger(db, 'player', 'add', '--id', `p${p}`, '--family', `Player${p}`, '--given', 'Bench', '--country', 'NO', '--date', '2025-01-01');
  const rounds = Math.ceil(GAMES / Math.floor(PLAYERS / 2));
  ledger(db, 'tournament', 'add', '--id', 'T1', '--name', 'Bench Open', '--start', '2025-02-01', '--end', '2025-12-31');
  const token = ledger(db, 'officer', 'add', '--name', 'bench-officer', '--role', 'officer').trimEnd().split('\n').pop()!;

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [CLI, 'serve', '--port', String(port), '--db', db], { stdio: ['ignore', 'ignore', 'pipe'] });
  await new Promise<void>((resolve, reject) => {
    server.stderr.on('data', (chunk: Buffer) => (chunk.toString().includes('listening') ? resolve() : undefined));
    server.once('exit', (code) => reject(new Error(`serve exited with ${code}`)));
  });

  try {
    // the readers: 50 connections reading today's list (CSV) and the list of a date (JSON) in turn, until stopped
    let readResult!: Promise<autocannon.Result>;
    const readers = await new Promise<autocannon.Instance>((started) => {
      readResult = new Promise((resolve, reject) => {
        started(
          autocannon(
            {
              url: base,
              connections: READERS,
              duration: 3600,
              requests: [{ method: 'GET', path: '/lists?format=csv&active-years=0' }, { method: 'GET', path: '/lists?as-of=2025-06-30&format=json' }],
            },
            (error, result) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(result)),
          ),
        );
      });
    });

    // the officer: GAMES results, one request each, retrying after a 429 as its Retry-After says
    const writeLatencies: number[] = [];
    let rateLimited = 0;
    const failures: string[] = [];
    const t0 = Date.now();
    for (let g = 0; g < GAMES; g++) {
      const perRound = Math.floor(PLAYERS / 2);
      const round = Math.floor(g / perRound) + 1;
      const board = g % perRound;
      // a round-robin-like pairing: each round shifts the second half against the first
      const first = board + 1;
      const second = ((board + round - 1) % perRound) + perRound + 1;
      const day = String(1 + Math.floor(((round - 1) * 300) / rounds)).padStart(3, '0');
      const validDate = new Date(Date.UTC(2025, 1, 1) + (Number(day) - 1) * 86_400_000).toISOString().slice(0, 10);
      const body = JSON.stringify({ kind: 'ReportGame', validDate, tournamentId: 'T1', gameId: `G${g + 1}`, round, first: `p${first}`, second: `p${second}`, result: g % 7 === 0 ? 'draw' : g % 2 === 0 ? 'win' : 'loss' });
      for (;;) {
        const started = process.hrtime.bigint();
        const res = await fetch(`${base}/commands`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body });
        const text = await res.text();
        writeLatencies.push(Number(process.hrtime.bigint() - started) / 1e6);
        if (res.status === 429) {
          rateLimited++;
          await new Promise((r) => setTimeout(r, Number(res.headers.get('retry-after') ?? 1) * 1000));
          continue;
        }
        if (res.status !== 201) failures.push(`game ${g + 1}: ${res.status} ${text}`);
        break;
      }
    }
    const writeSeconds = (Date.now() - t0) / 1000;
    readers.stop();
    const read = await readResult;

    const closed = await fetch(`${base}/commands`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ kind: 'CloseTournament', validDate: '2025-12-31', tournamentId: 'T1' }) });
    if (closed.status !== 201) failures.push(`close: ${closed.status} ${await closed.text()}`);
    const served = Buffer.from(await (await fetch(`${base}/lists?as-of=2026-01-01&format=fesa`)).arrayBuffer());
    const out = path.join(dir, 'cli-list.txt');
    ledger(db, 'list', '--as-of', '2026-01-01', '--format', 'fesa', '--out', out);
    const file = new Database(db, { readonly: true });
    const reportedCount = file.prepare("SELECT count(*) FROM events WHERE type = 'GameReported'").pluck().get() as number;
    file.close();

    const sorted = [...writeLatencies].sort((a, b) => a - b);
    console.log(`http load: ${READERS} readers of /lists (csv of today, json of a date) while one officer posts ${GAMES} results; ${PLAYERS} players; ${os.cpus().length} cores`);
    console.log(`readers: ${read.requests.total} requests in ${read.duration.toFixed(1)} s = ${read.requests.average.toFixed(0)} req/s; latency p50 ${read.latency.p50} ms, p99 ${read.latency.p99} ms, max ${read.latency.max} ms; non-2xx ${read.non2xx}, errors ${read.errors}, timeouts ${read.timeouts}`);
    console.log(`officer: ${GAMES} results in ${writeSeconds.toFixed(1)} s = ${(GAMES / writeSeconds).toFixed(0)} writes/s; latency p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms; rate-limited ${rateLimited} (retried), failed ${failures.length}`);
    console.log(`recorded GameReported events: ${reportedCount} of ${GAMES}; last list (fesa, after closing) equals the CLI's: ${served.equals(fs.readFileSync(out))}`);
    for (const f of failures.slice(0, 5)) console.log(`failure: ${f}`);
    if (failures.length > 0 || read.non2xx > 0 || read.errors > 0 || reportedCount !== GAMES || !served.equals(fs.readFileSync(out))) process.exitCode = 1;
  } finally {
    server.kill('SIGTERM');
  }
};

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
