import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as net from 'net';
import * as os from 'os';
import * as path from 'path';

/**
 * `npm test` runs the PostgreSQL store tests for real: unless LEDGER_TEST_PG_URL points at a server already, it starts
 * a throwaway PostgreSQL 15 cluster (initdb + pg_ctl, trust auth, loopback only) and stops it at the end.
 * Where PostgreSQL is not installed or we are not root, the PostgreSQL tests skip and say why.
 */
const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const script = path.resolve(__dirname, '../scripts/pg-throwaway.sh');

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

/**
 * Every temporary file of the run (tests' ledgers, the CLI processes they start, the browser's profile) goes into one
 * directory that the teardown removes: a run leaves nothing in the machine's temporary directory, however a test ends.
 * The PostgreSQL cluster's directory is made before the switch: its server runs as `postgres`, who cannot enter a
 * directory made by root with mode 0700.
 */
export default async function setup(): Promise<() => void> {
  const stopPostgres = await startPostgres();
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-test-run-'));
  process.env.TMPDIR = scratch;
  return () => {
    try {
      stopPostgres?.();
    } finally {
      fs.rmSync(scratch, { recursive: true, force: true });
    }
  };
}

async function startPostgres(): Promise<(() => void) | undefined> {
  if (process.env.LEDGER_TEST_PG_URL) return undefined;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!fs.existsSync(path.join(PG_BIN, 'initdb')) || !isRoot) {
    process.env.LEDGER_TEST_PG_SKIP_REASON = !isRoot
      ? 'starting a throwaway PostgreSQL cluster needs root (runuser postgres); set LEDGER_TEST_PG_URL to use a running server'
      : `PostgreSQL 15 is not installed (${PG_BIN}/initdb missing); set LEDGER_TEST_PG_URL to use a running server`;
    return undefined;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-test-pg-'));
  const port = await freePort();
  const url = execFileSync('bash', [script, 'start', dir], { env: { ...process.env, LEDGER_PG_PORT: String(port) }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
  process.env.LEDGER_TEST_PG_URL = url;
  return () => {
    try {
      execFileSync('bash', [script, 'stop', dir], { stdio: 'ignore' });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };
}
