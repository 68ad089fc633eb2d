import { serveProcess as serveOn } from '../../scripts/bench/serve-process';
import { execFile, spawn, type ChildProcess } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { main } from '../../src/adapters/cli/main';

export const SHARED = process.env.SHARED_DIR ?? path.resolve(__dirname, '../../../shared');
export const NEKOMADO = path.join(SHARED, 'data', 'fesa-nekomado');
export const FIXTURES = path.resolve(__dirname, '../fixtures');

export const tempDir = (prefix: string): string => fs.mkdtempSync(path.join(os.tmpdir(), `ledger-${prefix}-`));

/** Runs the CLI in-process; returns the exit code and what it printed. */
export const ledger = async (...argv: string[]): Promise<{ code: number; out: string; err: string }> => {
  let out = '';
  let err = '';
  const code = await main(argv, (t) => (out += t.endsWith('\n') ? t : `${t}\n`), (t) => (err += t.endsWith('\n') ? t : `${t}\n`));
  return { code, out, err };
};

export const eventDate = (folder: string): string => {
  const lines = fs.readFileSync(path.join(folder, 'turnering.txt'), 'latin1').split('\n').filter((l) => l.includes('['));
  return /\[([^\]]*)\]/.exec(lines[1]!)![1]!;
};

/** A folder of symlinks to the chosen event folders (the import reads a folder of event folders). */
export const chainOf = (folders: readonly string[], options: { withoutPre?: (name: string) => boolean } = {}): string => {
  const dir = tempDir('chain');
  for (const f of folders) {
    const name = path.basename(f);
    if (options.withoutPre?.(name)) {
      fs.mkdirSync(path.join(dir, name));
      for (const file of ['turnering.txt', 'nye-spillere']) if (fs.existsSync(path.join(f, file))) fs.copyFileSync(path.join(f, file), path.join(dir, name, file));
    } else fs.symlinkSync(path.resolve(f), path.join(dir, name));
  }
  return dir;
};

export const nekomadoChain = (): string[] =>
  fs.readdirSync(NEKOMADO).filter((n) => /^\d\d_/.test(n) && n !== '00_sample').sort().map((n) => path.join(NEKOMADO, n));

/** A folder `dir` of the club's tournaments whose folder names begin with these two digits, as `fesa import` reads them. */
export const nekomadoTournaments = (dir: string, numbers: readonly string[]): string => {
  fs.mkdirSync(dir);
  for (const n of fs.readdirSync(NEKOMADO).filter((name) => numbers.includes(name.slice(0, 2)))) fs.symlinkSync(path.join(NEKOMADO, n), path.join(dir, n));
  return dir;
};

export const listAsOf = async (db: string, asOf: string, extra: string[] = []): Promise<Buffer> => {
  const out = path.join(path.dirname(db), `list-${asOf}-${Math.random().toString(36).slice(2)}.txt`);
  const r = await ledger('list', '--as-of', asOf, '--format', 'fesa', '--db', db, '--out', out, ...extra);
  if (r.code !== 0) throw new Error(`list failed: ${r.err}`);
  return fs.readFileSync(out);
};

export const CLI = path.resolve(__dirname, '../../bin/ledger.js');

/** Runs the real `ledger` process (built into dist/); resolves to its exit code and what it printed. */
export const ledgerProcess = (argv: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number; out: string; err: string }> =>
  new Promise((resolve, reject) => {
    execFile(process.execPath, [CLI, ...argv], { env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 }, (error, out, err) => {
      if (error && typeof error.code !== 'number') reject(error);
      else resolve({ code: error ? (error.code as number) : 0, out, err });
    });
  });
/** What the real `ledger` process printed; throws, with what it said, when it exits other than 0. */
export const ledgerOut = async (argv: readonly string[]): Promise<string> => {
  const r = await ledgerProcess(argv);
  if (r.code !== 0) throw new Error(`ledger ${argv.join(' ')}: exit ${r.code}: ${r.err}`);
  return r.out;
};
export const cliBuilt = (): boolean => fs.existsSync(path.resolve(__dirname, '../../dist/src/adapters/cli/main.js'));

export interface Exited {
  readonly code: number | null;
  readonly out: string;
  readonly err: string;
}

/** Runs a program to its end with `stdin` (closed when empty); what it printed and its exit code. */
export const runProcess = (program: string, args: readonly string[], stdin = '', env: NodeJS.ProcessEnv = process.env): Promise<Exited> =>
  new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['pipe', 'pipe', 'pipe'], env });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, out, err }));
    child.stdin.end(stdin);
  });

/** The real `ledger` process; with `killAfterMs`, SIGKILLed then unless it has finished (crash tests). */
export const killableLedger = (argv: readonly string[], killAfterMs?: number): Promise<{ code: number | null; killed: boolean; ms: number }> =>
  new Promise((resolve, reject) => {
    const started = Date.now();
    const child = spawn(process.execPath, [CLI, ...argv], { stdio: 'ignore' });
    let killed = false;
    const timer = killAfterMs === undefined ? undefined : setTimeout(() => (killed = child.kill('SIGKILL')), killAfterMs);
    child.once('error', reject);
    child.once('exit', (code) => {
      if (timer) clearTimeout(timer);
      resolve({ code, killed: killed && code === null, ms: Date.now() - started });
    });
  });

/** The real `ledger` process with `stdin` given (or closed). */
export const ledgerWithInput = (argv: readonly string[], stdin = ''): Promise<Exited> => runProcess(process.execPath, [CLI, ...argv], stdin);

export { freePort } from '../../scripts/bench/serve-process';

/** `ledger serve` on `store` at a free port, as a real process (this build's launcher). */
export const serveProcess = (store: string): Promise<{ base: string; process: ChildProcess }> => serveOn(CLI, store);

/** The commands of a small ledger: two players, one game in a closed tournament (a list, two careers, a run). */
export const SMALL_LEDGER: readonly (readonly string[])[] = [
  ['player', 'add', '--id', 'P1', '--family', 'Hansen', '--given', 'Ola', '--country', 'NO'],
  ['player', 'add', '--id', 'P2', '--family', 'Berg', '--given', 'Kari', '--country', 'NO'],
  ['tournament', 'add', '--id', 'oslo', '--name', 'Oslo Open', '--start', '2026-03-07', '--end', '2026-03-08'],
  ['game', 'report', '--tournament', 'oslo', '--game', 'g1', '--round', '1', '--first', 'P1', '--second', 'P2', '--result', 'win'],
  ['tournament', 'close', '--id', 'oslo'],
];

/** An officer's ledger in a fresh directory: `ok` runs a command that must be accepted (its output), `file` writes an input there. */
export const officerLedger = (prefix: string) => {
  const dir = tempDir(prefix);
  const db = path.join(dir, 'ledger.db');
  const ok = async (...argv: string[]): Promise<string> => {
    const r = await ledger(...argv, '--db', db, '--actor', 'officer');
    if (r.code !== 0) throw new Error(`${argv.join(' ')}: ${r.err}`);
    return r.out;
  };
  const file = (name: string, lines: readonly string[]): string => {
    fs.writeFileSync(path.join(dir, name), `${lines.join('\n')}\n`);
    return path.join(dir, name);
  };
  return { dir, db, ok, file };
};
