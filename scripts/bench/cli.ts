/**
 * What an officer's commands cost on a large ledger, each a fresh process as typed at a shell: wall time and peak
 * memory (from GNU time where /usr/bin/time exists). Runs without saved checkpoints — on a copy of a SQLite ledger,
 * or on a PostgreSQL ledger after dropping its checkpoint tables — so the first `list` rebuilds and saves one and
 * the next ones restart from it.
 *
 *   npm run build && node dist/scripts/bench/cli.js <ledger.db | postgres://…>
 *   (e.g. the history bench's ledger, BENCH_DB, or that ledger copied with `ledger migrate --to postgres://…`)
 *
 * Env: BENCH_PLAYER (default p123), BENCH_AS_OF (default 2010-01-01).
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Pool } from 'pg';
import { openStore } from '../../src/adapters/store/open';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const Database = require('better-sqlite3') as typeof import('better-sqlite3');

const main = async (): Promise<void> => {
  const source = process.argv[2];
  if (!source) throw new Error('usage: node dist/scripts/bench/cli.js <ledger.db | postgres://…>');
  const player = process.env.BENCH_PLAYER ?? 'p123';
  const asOf = process.env.BENCH_AS_OF ?? '2010-01-01';
  let spec: string;
  let dir: string | undefined;
  if (/^postgres(ql)?:/.test(source)) {
    spec = source;
    const pool = new Pool({ connectionString: source, max: 1 });
    await pool.query('DROP TABLE IF EXISTS ledger.projections, ledger.projection_chunks');
    await pool.end();
  } else {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-cli-'));
    spec = `sqlite:${path.join(dir, 'ledger.db')}`;
    fs.copyFileSync(source, path.join(dir, 'ledger.db'));
    const copy = new Database(path.join(dir, 'ledger.db'));
    copy.exec('DROP TABLE IF EXISTS projections; DROP TABLE IF EXISTS projection_chunks');
    copy.close();
  }
  const store = await openStore(spec);
  const head = await store.headPosition();
  await store.close();
  console.log(`cli bench: ${dir ? `a copy of ${source}` : source} (${head} events), no saved checkpoint`);

  const bin = path.resolve(__dirname, '../../../bin/ledger.js');
  const gnuTime = fs.existsSync('/usr/bin/time');
  const commands: [string, string[]][] = [
    ['list (first: rebuild, save the checkpoint)', ['list', '--format', 'csv']],
    ['list (restart from the checkpoint)', ['list', '--format', 'csv']],
    [`list --as-of ${asOf}`, ['list', '--as-of', asOf, '--format', 'csv']],
    [`list --as-of ${asOf} --known-at ${head}`, ['list', '--as-of', asOf, '--format', 'csv', '--known-at', String(head)]],
    ['diff --rules fesa --rules fesa-published', ['diff', '--rules', 'fesa', '--rules', 'fesa-published', '--json']],
    [`history ${player}`, ['history', player, '--json']],
  ];
  for (const [label, args] of commands) {
    const argv = [bin, ...args, '--store', spec];
    const t0 = process.hrtime.bigint();
    const run = gnuTime ? spawnSync('/usr/bin/time', ['-f', '%M', process.execPath, ...argv], { encoding: 'utf8', maxBuffer: 1 << 30 }) : spawnSync(process.execPath, argv, { encoding: 'utf8', maxBuffer: 1 << 30 });
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
    if (run.status !== 0) throw new Error(`${label}: exit ${run.status}: ${run.stderr.trim().split('\n').slice(-3).join(' ')}`);
    const peak = gnuTime ? `, peak ${(Number(run.stderr.trim().split('\n').at(-1)) / 1024).toFixed(0)} MiB` : '';
    console.log(`${label}: ${seconds.toFixed(1)} s${peak}`);
  }
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
};

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
