/**
 * A busy server at both scales (issue 30): `ledger serve` as its own process on a copy of each bench ledger (serve
 * saves models into its file), then 50 readers (autocannon) on today's list, a dated list, a player page and a
 * tournament page, twice: as web pages (what people read: a list 100 players a page) and as JSON (what scripts read:
 * a list whole, as published, which grows with the ledger), asking as browsers and fetch do (a long answer may come
 * gzipped). Prints per scale: start-up until listening, the first answer of today's list, per mix requests/s, p50/p99
 * and the bytes of each answer, the server's peak resident memory (sampled from /proc), and the ratios big to small.
 * The bench ledgers hold the log alone; a ledger in service has its models saved, so each copy first gets
 * `ledger projections rebuild` (timed apart, not part of the figures) unless `--cold` asks for the server of a bare log.
 *
 *   npm run build && node dist/scripts/bench/serve-load.js SMALL.db BIG.db [--seconds 20] [--readers 50] [--cold] [--autocannon]
 *
 * Figures go to docs/benchmarks.md with this command and the machine's load; this is never a timed test.
 */
import autocannon from 'autocannon';
import { execFile, execFileSync, spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { promisify } from 'util';
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

/** A process's CPU time so far (user + system), ms, from /proc (clock ticks of 10 ms). */
const cpuOf = (pid: number): number => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

const rssOf = (pid: number): number => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

/** 50 readers of one mix of routes: requests/s, latency, and the bytes of one answer of each route (as sent). */
interface Mix {
  readonly perSecond: number;
  readonly p50: number;
  readonly p99: number;
  readonly non2xx: number;
  readonly answerBytes: readonly number[];
  /** The server's CPU time (user + system) per answer, and the share of the run's wall time it was busy. */
  readonly cpuPerAnswer: number;
  readonly busy: number;
}

interface Figures {
  /** `projections rebuild` of the copy before the server starts (0 under --cold). */
  readonly rebuild: number;
  readonly events: number;
  readonly listening: number;
  readonly firstAnswer: number;
  /** Since the start too: a player's page asked right after the first list. */
  readonly firstPage: number;
  /** The first tournament's page, asked right after that player's page. */
  readonly tournamentPage: number;
  /** Each route of both mixes asked once, in turn, after the first list. */
  readonly warmUp: number;
  /** What people read: the four routes as web pages (a list shows 100 players a page). */
  readonly pages: Mix;
  /** What scripts read: the same four as JSON (a list is the whole list, as published: it grows with the ledger). */
  readonly api: Mix;
  readonly peakRss: number;
}

// as browsers, curl --compressed and fetch ask: a long answer may come gzipped
const ACCEPTS = { pages: { accept: 'text/html', 'accept-encoding': 'gzip, deflate' }, api: { accept: 'application/json', 'accept-encoding': 'gzip, deflate' } } as const;

/**
 * The readers: wrk where it is installed (a C client: autocannon, in one node process beside the server on two cores,
 * reads half-megabyte answers at a tenth of the rate the server sends them), else autocannon.
 */
const WRK = !process.argv.includes('--autocannon') && spawnSync('wrk', ['--version']).error === undefined;

interface Readers {
  readonly perSecond: number;
  readonly p50: number;
  readonly p99: number;
  readonly non2xx: number;
  readonly total: number;
}

const wrkMs = (text: string, label: string): number => {
  const m = new RegExp(`^\\s*${label}\\s+([\\d.]+)(us|ms|s)\\s*$`, 'm').exec(text);
  if (m === null) throw new Error(`wrk printed no ${label} latency:\n${text}`);
  return Number(m[1]) * ({ us: 0.001, ms: 1, s: 1000 } as const)[m[2] as 'us' | 'ms' | 's'];
};

/** wrk over the routes in turn (a Lua script of their requests), its figures read off what it prints. */
const withWrk = async (base: string, routes: readonly string[], headers: Record<string, string>, dir: string): Promise<Readers> => {
  const script = path.join(dir, 'routes.lua');
  const lines = Object.entries(headers).map(([k, v]) => `wrk.headers[${JSON.stringify(k)}] = ${JSON.stringify(v)}`);
  fs.writeFileSync(script, `${lines.join('\n')}\nlocal paths = { ${routes.map((r) => JSON.stringify(r)).join(', ')} }\nlocal i = 0\nrequest = function()\n  i = i % #paths + 1\n  return wrk.format("GET", paths[i])\nend\n`);
  // not execFileSync: a blocked event loop leaves this process's idle connections to the server unread, and the next
  // fetch writes to one the server has closed meanwhile ("other side closed")
  const { stdout: out } = await promisify(execFile)('wrk', ['-t2', `-c${READERS}`, `-d${SECONDS}s`, '--latency', '-s', script, base], { encoding: 'utf8' });
  const total = Number(/(\d+) requests in/.exec(out)?.[1]);
  return { perSecond: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]), p50: wrkMs(out, '50%'), p99: wrkMs(out, '99%'), non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0), total };
};

const withAutocannon = async (base: string, routes: readonly string[], headers: Record<string, string>): Promise<Readers> => {
  const result = await autocannon({ url: base, connections: READERS, duration: SECONDS, requests: routes.map((route) => ({ method: 'GET', path: route, headers })) });
  return { perSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx, total: result.requests.total };
};

const load = async (base: string, pid: number, routes: readonly string[], headers: Record<string, string>, dir: string): Promise<Mix> => {
  const answerBytes: number[] = [];
  for (const route of routes) answerBytes.push((await (await fetch(`${base}${route}`, { headers: { ...headers, 'accept-encoding': 'identity' } })).arrayBuffer()).byteLength);
  // the readers share the machine with the server: when it is idle most of the run, the figures are the readers' own
  const cpu0 = cpuOf(pid);
  const t0 = process.hrtime.bigint();
  const r = WRK ? await withWrk(base, routes, headers, dir) : await withAutocannon(base, routes, headers);
  const cpu = cpuOf(pid) - cpu0;
  return { perSecond: r.perSecond, p50: r.p50, p99: r.p99, non2xx: r.non2xx, answerBytes, cpuPerAnswer: cpu / Math.max(1, r.total), busy: cpu / ms(t0) };
};

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
    const player = list.players[Math.floor(list.players.length / 2)]!.playerId;
    // a player's page as the first visitor after the list asks for it (its names come from the directories)
    await (await fetch(`${base}/players/${encodeURIComponent(player)}`, { headers: ACCEPTS.pages })).arrayBuffer();
    const firstPage = ms(t0);
    const tournaments = (await (await fetch(`${base}/tournaments`)).json()) as { tournaments: { tournamentId: string }[] };
    const events = ((await (await fetch(`${base}/health`)).json()) as { head: number }).head;
    const tournament = tournaments.tournaments[0]!.tournamentId;
    // then a tournament's page (its cross table names players as FESA files know them: NamesNow)
    const t2 = process.hrtime.bigint();
    await (await fetch(`${base}/tournaments/${encodeURIComponent(tournament)}`, { headers: ACCEPTS.pages })).arrayBuffer();
    const tournamentPage = ms(t2);
    const routes = ['/lists', '/lists?as-of=2020-06-30', `/players/${encodeURIComponent(player)}`, `/tournaments/${encodeURIComponent(tournament)}`];
    const apiRoutes = routes.map((r) => (r.startsWith('/lists') ? `${r}${r.includes('?') ? '&' : '?'}format=json` : r));
    // each route once before the load: at scale 1 a cold page waits for the saved models' catch-up (minutes), which
    // would otherwise be the whole of a short run
    const t1 = process.hrtime.bigint();
    for (const route of routes) await (await fetch(`${base}${route}`, { headers: ACCEPTS.pages })).arrayBuffer();
    for (const route of apiRoutes) await (await fetch(`${base}${route}`, { headers: ACCEPTS.api })).arrayBuffer();
    const warmUp = ms(t1);
    const pages = await load(base, server.pid!, routes, ACCEPTS.pages, dir);
    const api = await load(base, server.pid!, apiRoutes, ACCEPTS.api, dir);
    return { rebuild, events, listening, firstAnswer, firstPage, tournamentPage, warmUp, pages, api, peakRss };
  } finally {
    clearInterval(sampler);
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    fs.rmSync(dir, { recursive: true, force: true });
  }
};

const mixLine = (name: string, m: Mix): string =>
  `${name} ${m.perSecond.toFixed(0)} req/s, p50 ${m.p50.toFixed(0)} ms, p99 ${m.p99.toFixed(0)} ms, non-2xx ${m.non2xx} (answers of ${m.answerBytes.map((b) => `${(b / 1024).toFixed(0)} KiB`).join(' / ')}), server CPU ${m.cpuPerAnswer.toFixed(2)} ms an answer, busy ${(m.busy * 100).toFixed(0)}%`;

const main = async (): Promise<void> => {
  const [small, big] = process.argv.slice(2).filter((a, i, all) => !a.startsWith('--') && !all[i - 1]?.startsWith('--'));
  if (small === undefined || big === undefined) throw new Error('usage: serve-load.js SMALL.db BIG.db [--seconds 20] [--readers 50]');
  console.log(`serve load: ${READERS} readers (${WRK ? 'wrk' : 'autocannon'}) for ${SECONDS} s of today's list, a dated list, a player page, a tournament page; ${os.cpus().length} cores, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  const figures: [string, Figures][] = [];
  for (const [name, file] of [['small', small], ['big', big]] as const) {
    const f = await measure(file);
    figures.push([name, f]);
    console.log(
      `${name} (${f.events} events${COLD ? ', models not saved' : `, models saved first in ${(f.rebuild / 1000).toFixed(1)} s`}): listening ${(f.listening / 1000).toFixed(1)} s, first list ${(f.firstAnswer / 1000).toFixed(1)} s, then a player's page ${(f.firstPage / 1000).toFixed(1)} s, then a tournament's page ${(f.tournamentPage / 1000).toFixed(2)} s, every route once ${(f.warmUp / 1000).toFixed(1)} s; ${mixLine('pages:', f.pages)}; ${mixLine('JSON:', f.api)}; peak rss ${(f.peakRss / 1024 / 1024).toFixed(0)} MiB`,
    );
  }
  const [[, s], [, b]] = figures as [[string, Figures], [string, Figures]];
  for (const mix of ['pages', 'api'] as const) console.log(`${mix === 'pages' ? 'pages' : 'JSON'}: big/small req/s ${(b[mix].perSecond / s[mix].perSecond).toFixed(2)} (goal ≥ 0.5); big p99 ${b[mix].p99.toFixed(0)} ms (goal ≤ 200)`);
  console.log(`big peak rss ${(b.peakRss / 1024 / 1024).toFixed(0)} MiB (goal ≤ 1024); big first answer ${(b.firstAnswer / 1000).toFixed(1)} s (goal ≤ 2)`);
};

main().catch((e: unknown) => {
  console.error(e instanceof Error ? `${e.message}${e.cause instanceof Error ? ` (${e.cause.message})` : ''}` : e);
  process.exit(1);
});
