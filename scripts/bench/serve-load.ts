/**
 * A busy server at both scales (issue 30): `ledger serve` as its own process on a copy of each bench ledger (serve
 * saves models into its file), then 50 readers (autocannon) on today's list, a dated list, a player page and a
 * tournament page. Prints per scale: start-up until listening, the first answer of today's list, requests/s, p50/p99
 * and the server's peak resident memory (sampled from /proc), and the ratio of requests/s of the big to the small.
 * The bench ledgers hold the log alone; a ledger in service has its models saved, so each copy first gets
 * `ledger projections rebuild` (timed apart, not part of the figures) unless `--cold` asks for the server of a bare log.
 *
 *   npm run build && node dist/scripts/bench/serve-load.js SMALL.db BIG.db [--seconds 20] [--readers 50] [--cold]
 *
 * Figures go to docs/benchmarks.md with this command and the machine's load; this is never a timed test.
 */
import autocannon from 'autocannon';
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { ms } from './first-and-warm';
import { serveProcess } from './serve-process';

const CLI = path.resolve(__dirname, '../../../bin/ledger.js');
const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const SECONDS = arg('seconds', 20);
const READERS = arg('readers', 50);
const COLD = process.argv.includes('--cold');

/** The ledger's file with its WAL beside it, copied: the bench ledgers are shared and read-only. */
const copyOf = (file: string, dir: string): string => {
  const copy = path.join(dir, path.basename(file));
  for (const suffix of ['', '-wal', '-shm']) if (fs.existsSync(file + suffix)) fs.copyFileSync(file + suffix, copy + suffix);
  fs.chmodSync(copy, 0o644);
  return copy;
};

const rssOf = (pid: number): number => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

interface Figures {
  /** `projections rebuild` of the copy before the server starts (0 under --cold). */
  readonly rebuild: number;
  readonly events: number;
  readonly listening: number;
  readonly firstAnswer: number;
  /** Each of the four routes asked once, in turn, after the first list. */
  readonly warmUp: number;
  readonly perSecond: number;
  readonly p50: number;
  readonly p99: number;
  readonly non2xx: number;
  readonly peakRss: number;
}

const measure = async (file: string): Promise<Figures> => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-serve-load-'));
  const copy = copyOf(file, dir);
  const tr = process.hrtime.bigint();
  if (!COLD) execFileSync(process.execPath, [CLI, 'projections', 'rebuild', '--db', copy], { stdio: ['ignore', 'ignore', 'inherit'] });
  const rebuild = COLD ? 0 : ms(tr);
  const t0 = process.hrtime.bigint();
  const { base, process: server } = await serveProcess(CLI, `sqlite:${copy}`);
  const listening = ms(t0);
  let peakRss = rssOf(server.pid!);
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssOf(server.pid!))), 100);
  try {
    const first = await fetch(`${base}/lists?format=json`);
    const list = (await first.json()) as { players: { playerId: string }[] };
    const firstAnswer = ms(t0);
    const tournaments = (await (await fetch(`${base}/tournaments`)).json()) as { tournaments: { tournamentId: string }[] };
    const events = ((await (await fetch(`${base}/health`)).json()) as { head: number }).head;
    const player = list.players[Math.floor(list.players.length / 2)]!.playerId;
    const tournament = tournaments.tournaments[0]!.tournamentId;
    const routes = ['/lists?format=json', '/lists?as-of=2020-06-30&format=json', `/players/${encodeURIComponent(player)}`, `/tournaments/${encodeURIComponent(tournament)}`];
    // each route once before the load: at scale 1 a cold page waits for the saved models' catch-up (minutes), which
    // would otherwise be the whole of a short run
    const t1 = process.hrtime.bigint();
    for (const route of routes) await (await fetch(`${base}${route}`)).arrayBuffer();
    const warmUp = ms(t1);
    const result = await autocannon({ url: base, connections: READERS, duration: SECONDS, requests: routes.map((route) => ({ method: 'GET', path: route })) });
    return { rebuild, events, listening, firstAnswer, warmUp, perSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx, peakRss };
  } finally {
    clearInterval(sampler);
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    fs.rmSync(dir, { recursive: true, force: true });
  }
};

const main = async (): Promise<void> => {
  const [small, big] = process.argv.slice(2).filter((a, i, all) => !a.startsWith('--') && !all[i - 1]?.startsWith('--'));
  if (small === undefined || big === undefined) throw new Error('usage: serve-load.js SMALL.db BIG.db [--seconds 20] [--readers 50]');
  console.log(`serve load: ${READERS} readers for ${SECONDS} s of today's list, a dated list, a player page, a tournament page; ${os.cpus().length} cores, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  const figures: [string, Figures][] = [];
  for (const [name, file] of [['small', small], ['big', big]] as const) {
    const f = await measure(file);
    figures.push([name, f]);
    console.log(
      `${name} (${f.events} events${COLD ? ', models not saved' : `, models saved first in ${(f.rebuild / 1000).toFixed(1)} s`}): listening ${(f.listening / 1000).toFixed(1)} s, first list ${(f.firstAnswer / 1000).toFixed(1)} s, the four routes once ${(f.warmUp / 1000).toFixed(1)} s; ${f.perSecond.toFixed(0)} req/s, p50 ${f.p50} ms, p99 ${f.p99} ms, non-2xx ${f.non2xx}; peak rss ${(f.peakRss / 1024 / 1024).toFixed(0)} MiB`,
    );
  }
  const [[, s], [, b]] = figures as [[string, Figures], [string, Figures]];
  console.log(`big/small req/s ${(b.perSecond / s.perSecond).toFixed(2)} (goal ≥ 0.5); big p99 ${b.p99} ms (goal ≤ 200); big peak rss ${(b.peakRss / 1024 / 1024).toFixed(0)} MiB (goal ≤ 1024); big first answer ${(b.firstAnswer / 1000).toFixed(1)} s (goal ≤ 2)`);
};

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
