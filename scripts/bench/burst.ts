/**
 * Whether a server stalls while it catches up on new facts: `ledger serve` as its own process, and
 *   (1) a burst: WRITES writes over HTTP (registrations and game results, from WRITERS officers) while READERS readers
 *       poll `/health`, today's list and today's fide list (a fold of the whole log per new head, on the server's
 *       worker); p50/p99/max of each during the burst, beside the goal (p99 <= 100 ms);
 *   (2) REGISTRATIONS registrations, then the first `GET /lists` and a `/health` sent 20 ms after it;
 *   (3) a player with a family name of LONG_NAME characters who played in a closed tournament, a few registrations,
 *       then the same two requests (refused by a ledger that limits names: then it says so);
 *   (4) the first `GET /diff` of two rule sets and a `/health` sent 20 ms after it.
 * It checks that every write was recorded once and every read answered 200, and exits 1 otherwise.
 *
 *   npm run build && node dist/scripts/bench/burst.js [--from LEDGER.db] [--writes 1000] [--readers 20] [--writers 4]
 *       [--registrations 300] [--long-name 900000] [--ledger PATH/bin/ledger.js]
 *
 * `--from` copies a ledger (e.g. bench:ledger's) to measure on its size; `--ledger` serves with another build of the
 * CLI (the figures before a change: main's). Figures go to docs/benchmarks.md with the command and the machine's load;
 * this is never a timed test.
 */
import Database from 'better-sqlite3';
import { execFileSync, spawn } from 'child_process';
import * as fs from 'fs';
import * as http from 'http';
import * as net from 'net';
import * as os from 'os';
import * as path from 'path';
import { monitorEventLoopDelay } from 'perf_hooks';

const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const count = (name: string, fallback: number): number => Number(arg(name) ?? fallback);
const CLI = path.resolve(arg('ledger') ?? path.resolve(__dirname, '../../../bin/ledger.js'));
const WRITES = count('writes', 1000);
const READERS = count('readers', 20);
const WRITERS = count('writers', 4);
const REGISTRATIONS = count('registrations', 300);
const LONG_NAME = count('long-name', 900_000);
const PLAYERS = 40;
const GOAL_MS = 100;
const TODAY = '/lists?format=csv&active-years=0';
const RULE_SET_TODAY = '/lists?rules=fide&format=csv';

const ledger = (db: string, ...argv: string[]): string =>
  execFileSync(process.execPath, [CLI, ...argv, '--db', db], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LEDGER_ACTOR: 'bench' } });
const tokenOf = (db: string, name: string, role: string): string => ledger(db, 'officer', 'add', '--name', name, '--role', role).trimEnd().split('\n').pop()!;

const freePort = (): Promise<number> =>
  new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

const percentile = (sorted: readonly number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const figures = (what: string, latencies: readonly number[], goal?: number): string => {
  const sorted = [...latencies].sort((a, b) => a - b);
  const p99 = percentile(sorted, 99);
  return `${what}: ${sorted.length} answers; p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${sorted.at(-1)?.toFixed(1)} ms${goal === undefined ? '' : ` (goal: p99 <= ${goal} ms: ${p99 <= goal ? 'met' : 'NOT met'})`}`;
};

const registration = (playerId: string, familyName = `Family ${playerId}`) => ({ kind: 'RegisterPlayer', validDate: '2026-01-01', playerId, familyName, givenName: 'Given', country: 'NO' });
const tournament = (tournamentId: string, date: string) => ({ kind: 'RegisterTournament', validDate: date, tournamentId, name: `Bench ${tournamentId}`, place: '', startDate: date, endDate: date, ratingSystem: 'fesa', rated: true, timeControl: { mainMinutes: 30, byoyomiSeconds: 30, incrementSeconds: 0 } });
const game = (tournamentId: string, date: string, n: number, first: string, second: string) => ({ kind: 'ReportGame', validDate: date, tournamentId, gameId: `G${n}`, round: Math.floor(n / (PLAYERS / 2)) + 1, first, second, result: n % 3 === 0 ? 'draw' : 'win' });

interface Served {
  readonly base: string;
  readonly stop: () => Promise<void>;
}

const serve = async (db: string): Promise<Served> => {
  const port = await freePort();
  const server = spawn(process.execPath, [CLI, 'serve', '--port', String(port), '--db', db], { stdio: ['ignore', 'ignore', 'pipe'] });
  // a bench that dies leaves no server behind
  process.once('exit', () => server.kill('SIGKILL'));
  await new Promise<void>((resolve, reject) => {
    server.stderr.on('data', (chunk: Buffer) => (chunk.toString().includes('listening') ? resolve() : undefined));
    server.once('exit', (code) => reject(new Error(`serve exited with ${code}`)));
  });
  return { base: `http://127.0.0.1:${port}`, stop: () => new Promise((resolve) => (server.kill('SIGTERM'), server.once('exit', () => resolve()))) };
};

/**
 * One request and its answer. `--client http` (the default): node's own http with kept-alive connections, as a
 * reverse proxy or a load balancer in front of a server holds them; `--client fetch`: Node's fetch (undici), which
 * costs the bench's own process several times the server's time per request, so that on 2 cores the readers' figures
 * then measure mostly the bench (its event loop's delay is printed beside them).
 */
const CLIENT = arg('client') ?? 'http';
const agent = new http.Agent({ keepAlive: true });
const send = async (method: string, url: string, headers: Record<string, string>, body?: string, via = agent): Promise<{ status: number; text: string }> => {
  if (CLIENT === 'fetch') {
    const res = await fetch(url, { method, headers, ...(body === undefined ? {} : { body }) });
    return { status: res.status, text: await res.text() };
  }
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, agent: via }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
};

/** A GET and how long it took; a connection the server dropped is status 0 with the error (a failure, not the end). */
const timed = async (url: string, token?: string, newAgent?: http.Agent): Promise<{ status: number; ms: number; text: string }> => {
  const started = performance.now();
  try {
    const answer = await send('GET', url, token === undefined ? {} : { authorization: `Bearer ${token}` }, undefined, newAgent);
    return { ...answer, ms: performance.now() - started };
  } catch (e) {
    const cause = e instanceof Error && e.cause instanceof Error ? `: ${e.cause.message}` : '';
    return { status: 0, ms: performance.now() - started, text: `${e instanceof Error ? e.message : String(e)}${cause}` };
  }
};

const failures: string[] = [];
const posting = (base: string) => async (body: unknown, token: string): Promise<{ status: number; text: string }> => {
  try {
    return await send('POST', `${base}/commands`, { 'content-type': 'application/json', authorization: `Bearer ${token}` }, JSON.stringify(body));
  } catch (e) {
    return { status: 0, text: e instanceof Error ? e.message : String(e) };
  }
};
const must = async (posted: Promise<{ status: number; text: string }>, what: string): Promise<void> => {
  const { status, text } = await posted;
  if (status !== 201) failures.push(`${what}: ${status} ${text.slice(0, 200)}`);
};

/** A fresh ledger file: a copy of `--from`, or a new one. */
const ledgerFile = (dir: string, name: string): string => {
  const db = path.join(dir, name);
  const from = arg('from');
  if (from !== undefined) fs.copyFileSync(from, db);
  else ledger(db, 'init');
  return db;
};

/** The first list after `prepare`'s writes, with a /health sent 20 ms after it. */
const firstReadAfter = async (label: string, db: string, prepare: (post: ReturnType<typeof posting>, token: string, base: string) => Promise<string | undefined>): Promise<void> => {
  const token = tokenOf(db, 'writer', 'officer');
  const { base, stop } = await serve(db);
  try {
    // the models as the server keeps them before the writes
    await timed(`${base}${TODAY}`);
    const refused = await prepare(posting(base), token, base);
    if (refused !== undefined) {
      console.log(`${label}: refused by this ledger (${refused}), so it no longer arises`);
      return;
    }
    const [list, health] = await Promise.all([timed(`${base}${TODAY}`), new Promise((r) => setTimeout(r, 20)).then(() => timed(`${base}/health`))]);
    if (list.status !== 200 || health.status !== 200) failures.push(`${label}: list ${list.status}, health ${health.status}`);
    console.log(`${label}: first GET ${TODAY} ${list.ms.toFixed(0)} ms; /health sent 20 ms after it ${health.ms.toFixed(0)} ms (goal <= ${GOAL_MS} ms)`);
  } finally {
    await stop();
  }
};

const main = async (): Promise<void> => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-burst-'));
  const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');
  console.log(`burst bench: ${CLI}; ${arg('from') ?? 'a new ledger'}; client ${CLIENT}; ${os.cpus().length} cores, load ${load()}`);

  // (1) the burst
  {
    const db = ledgerFile(dir, 'burst.db');
    const tokens = Array.from({ length: WRITERS }, (_, i) => tokenOf(db, `officer-${i}`, 'officer'));
    const { base, stop } = await serve(db);
    const post = posting(base);
    try {
      for (let p = 1; p <= PLAYERS; p++) await must(post(registration(`BP${p}`), tokens[(p - 1) % WRITERS]!), `player BP${p}`);
      await must(post(tournament('BT1', '2026-02-01'), tokens[0]!), 'tournament');
      // both lists served once before the burst, as a server in service has (its first fold is the start-up figure)
      await timed(`${base}${TODAY}`);
      await timed(`${base}${RULE_SET_TODAY}`);
      // every reader and writer connected, as the clients of a server in service are
      // the readers and officers connected, as the clients of a server in service are (new clients: see below)
      await Promise.all(Array.from({ length: READERS + WRITERS }, () => timed(`${base}/health`)));
      const commands = Array.from({ length: WRITES }, (_, n) => {
        const g = (n - 1) / 2;
        const board = g % (PLAYERS / 2);
        const round = Math.floor(g / (PLAYERS / 2)) + 1;
        return n % 2 === 0 ? registration(`BR${n}`) : game('BT1', '2026-02-01', g, `BP${board + 1}`, `BP${((board + round) % (PLAYERS / 2)) + PLAYERS / 2 + 1}`);
      });
      const health: number[] = [];
      const lists: number[] = [];
      const ruleSetLists: number[] = [];
      const slow: string[] = [];
      let writing = true;
      // the bench's own event loop: a reader's answer waits for it too, so its delay is part of every figure below
      const benchLoop = monitorEventLoopDelay({ resolution: 5 });
      benchLoop.enable();
      const started = performance.now();
      const writers = tokens.map(async (token, w) => {
        for (let n = w; n < WRITES; n += WRITERS) await must(post(commands[n], token), `write ${n}`);
      });
      const readers = Array.from({ length: READERS }, async () => {
        while (writing) {
          for (const [url, into] of [[`${base}/health`, health], [`${base}${TODAY}`, lists], [`${base}${RULE_SET_TODAY}`, ruleSetLists]] as const) {
            const answer = await timed(url);
            if (answer.status !== 200) failures.push(`${url}: ${answer.status} ${answer.text.slice(0, 100)}`);
            into.push(answer.ms);
            if (answer.ms > GOAL_MS) slow.push(`${url.slice(base.length)} sent at ${(performance.now() - answer.ms - started).toFixed(0)} ms: ${answer.ms.toFixed(0)} ms`);
          }
        }
      });
      // halfway through, READERS clients connect at once and ask /health: how long a visitor new to the server waits
      const newcomers = new Promise<number[]>((resolve) => {
        const check = setInterval(() => {
          if (performance.now() - started < 1000 && writing) return;
          clearInterval(check);
          void Promise.all(Array.from({ length: READERS }, () => timed(`${base}/health`, undefined, new http.Agent()))).then((answers) => resolve(answers.map((a) => a.ms)));
        }, 10);
      });
      await Promise.all(writers);
      const seconds = (performance.now() - started) / 1000;
      writing = false;
      await Promise.all(readers);
      const file = new Database(db, { readonly: true });
      const recorded = file.prepare(`SELECT count(DISTINCT event_id) FROM events WHERE event_id LIKE 'player:BR%:registered' OR event_id LIKE 'game:BT1:G%:reported'`).pluck().get() as number;
      file.close();
      console.log(`(1) burst: ${WRITES} writes from ${WRITERS} officers in ${seconds.toFixed(1)} s (${(WRITES / seconds).toFixed(0)} writes/s) while ${READERS} readers poll /health, ${TODAY} and ${RULE_SET_TODAY}; load ${load()}`);
      console.log(figures('    /health', health, GOAL_MS));
      console.log(figures(`    ${TODAY}`, lists, GOAL_MS));
      console.log(figures(`    ${RULE_SET_TODAY}`, ruleSetLists));
      benchLoop.disable();
      console.log(`    the bench's own event loop (readers and writers, one process): delay p99 ${(benchLoop.percentile(99) / 1e6).toFixed(1)} ms, max ${(benchLoop.max / 1e6).toFixed(1)} ms`);
      console.log(figures(`    ${READERS} new clients connecting at once 1 s into the burst, their first /health`, await newcomers));
      console.log(`    recorded: ${recorded} of ${WRITES} writes`);
      console.log(`    answers slower than ${GOAL_MS} ms: ${slow.length}${slow.length === 0 ? '' : `; ${slow.slice(0, 12).join('; ')}`}`);
      if (recorded !== WRITES) failures.push(`recorded ${recorded} of ${WRITES}`);
    } finally {
      await stop();
    }
  }

  // (2) registrations, then the first read
  await firstReadAfter(`(2) ${REGISTRATIONS} registrations`, ledgerFile(dir, 'registrations.db'), async (post, token) => {
    for (let i = 0; i < REGISTRATIONS; i++) await must(post(registration(`NR${i}`), token), `registration ${i}`);
    return undefined;
  });

  // (3) a long name that played, then a few registrations, then the first read
  await firstReadAfter(`(3) a family name of ${LONG_NAME.toLocaleString('en')} characters that played, then 20 registrations`, ledgerFile(dir, 'long.db'), async (post, token, base) => {
    const long = await post(registration('LONG', 'L'.repeat(LONG_NAME)), token);
    if (long.status !== 201) return `${long.status}: ${(JSON.parse(long.text) as { detail?: string }).detail ?? long.text.slice(0, 100)}`;
    await must(post(registration('LONG-OPP'), token), 'opponent');
    await must(post(tournament('LT1', '2026-01-02'), token), 'tournament');
    await must(post(game('LT1', '2026-01-02', 1, 'LONG', 'LONG-OPP'), token), 'game');
    await must(post({ kind: 'CloseTournament', validDate: '2026-01-02', tournamentId: 'LT1' }, token), 'closure');
    await timed(`${base}${TODAY}`);
    for (let i = 0; i < 20; i++) await must(post(registration(`LR${i}`), token), `registration ${i}`);
    return undefined;
  });

  // (4) the first comparison of two rule sets
  {
    const db = ledgerFile(dir, 'diff.db');
    const auditor = tokenOf(db, 'auditor', 'auditor');
    const { base, stop } = await serve(db);
    try {
      const [diff, health] = await Promise.all([timed(`${base}/diff?rules=fesa&rules=fesa-published`, auditor), new Promise((r) => setTimeout(r, 20)).then(() => timed(`${base}/health`))]);
      if (diff.status !== 200 || health.status !== 200) failures.push(`diff ${diff.status} ${diff.text.slice(0, 200)}, health ${health.status}`);
      console.log(`(4) first GET /diff?rules=fesa&rules=fesa-published ${diff.ms.toFixed(0)} ms; /health sent 20 ms after it ${health.ms.toFixed(0)} ms (goal <= ${GOAL_MS} ms)`);
    } finally {
      await stop();
    }
  }

  console.log(`load at the end ${load()}`);
  for (const f of failures.slice(0, 5)) console.log(`failure: ${f}`);
  console.log(failures.length === 0 ? 'checked: every write recorded once, every read answered 200' : `${failures.length} failures`);
  fs.rmSync(dir, { recursive: true, force: true });
  if (failures.length > 0) process.exitCode = 1;
};

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
