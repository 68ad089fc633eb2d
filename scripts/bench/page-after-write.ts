/**
 * A player's page on a fresh server after a write under another rule set, small against big (issue 29's Keep: the
 * server within 2× and ≤ 1 GiB on a mixed ledger): on each ledger, `game correct` of game 1-0 in the last tournament
 * rated under RULES (the CLI, a fresh process), then a fresh `ledger serve` and one browser's request of
 * /players/PLAYER, timed from the request to the last byte, with the server's peak resident memory (VmHWM). The page
 * reads the FESA career (the FESA models answer past the fide fact: src/app/fesa-untouched.ts) and every rule set's
 * record (the rule-set models caught up from their cut on the server's worker). Run 0 of each ledger is untimed.
 *
 *   node dist/scripts/bench/page-after-write.js SMALL BIG [--rules fide] [--player p12] [--runs 2]
 *
 * SMALL and BIG are written to (a correction a run): give copies of mixed ledgers (npm run bench:ledger -- --mixed)
 * whose projections were rebuilt.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { serveProcess } from './serve-process';
import { lastTournamentUnder } from './synthetic-ledger';

const bin = path.resolve(__dirname, '../../../bin/ledger.js');

const option = (name: string, fallback: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1]! : fallback;
};

const cli = (args: readonly string[], db: string): string => {
  const run = spawnSync(process.execPath, [bin, ...args, '--db', db], { encoding: 'utf8', maxBuffer: 1 << 30 });
  if (run.status !== 0) throw new Error(`ledger ${args.join(' ')} on ${db}: exit ${run.status}: ${run.stderr.trim().split('\n').slice(-3).join(' ')}`);
  return run.stdout;
};

const peakOf = (pid: number): number => Number(/VmHWM:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

interface Figures {
  readonly seconds: number;
  readonly peak: number;
  readonly bytes: number;
}

/** One run on `db`: the correction, then the page from a fresh server. */
const pageAfterWrite = async (db: string, tournament: string, player: string, run: number): Promise<Figures> => {
  cli(['game', 'correct', '--game', '1-0', '--tournament', tournament, '--result', run % 2 === 0 ? 'draw' : 'loss', '--reason', 'bench'], db);
  const server = await serveProcess(bin, `sqlite:${db}`);
  try {
    const t0 = process.hrtime.bigint();
    const answer = await fetch(`${server.base}/players/${player}`, { headers: { accept: 'text/html' } });
    const body = await answer.arrayBuffer();
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
    if (answer.status !== 200) throw new Error(`${db}: /players/${player} answered ${answer.status}`);
    return { seconds, peak: peakOf(server.process.pid!), bytes: body.byteLength };
  } finally {
    server.process.kill();
    await new Promise((resolve) => server.process.once('exit', resolve));
  }
};

const main = async (): Promise<void> => {
  const ledgers = process.argv.slice(2, 4);
  if (ledgers.length !== 2 || ledgers.some((l) => l.startsWith('--'))) throw new Error('usage: page-after-write.js SMALL BIG [--rules fide] [--player p12] [--runs 2]');
  const [ruleSet, player, runs] = [option('rules', 'fide'), option('player', 'p12'), Number(option('runs', '2'))];
  const tournaments = ledgers.map((db) => lastTournamentUnder(cli(['tournament', 'list', '--json'], db), ruleSet, db));
  const timed: Figures[][] = [[], []];
  for (let r = 0; r <= runs; r++) {
    for (const [i, db] of ledgers.entries()) {
      const figures = await pageAfterWrite(db, tournaments[i]!, player, r);
      if (r > 0) timed[i]!.push(figures);
    }
  }
  const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const [small, big] = timed.map((fs) => ({ seconds: median(fs.map((f) => f.seconds)), peak: Math.max(...fs.map((f) => f.peak)), bytes: median(fs.map((f) => f.bytes)) }));
  const mib = (b: number): string => `${(b / 1024 / 1024).toFixed(0)} MiB`;
  console.log(`/players/${player} after a game correct in ${tournaments.join(' / ')} (${ruleSet}), fresh server, median of ${runs}:`);
  console.log(`small ${small!.seconds.toFixed(2)} s, peak ${mib(small!.peak)}, ${small!.bytes} bytes; big ${big!.seconds.toFixed(2)} s, peak ${mib(big!.peak)}, ${big!.bytes} bytes`);
  console.log(`big / small ${(big!.seconds / small!.seconds).toFixed(2)}x (goal <= 2x); big peak ${mib(big!.peak)} (goal <= 1024 MiB)`);
};

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
