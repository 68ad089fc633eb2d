import { spawn } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { Client } from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseStoreSpec } from '../../src/adapters/store/open';
import { NEKOMADO, runProcess } from '../support/helpers';
import { folderFiles, tempFolders } from '../support/temp-folders';

/**
 * bin/ledger, the POSIX sh launcher an officer types (package.json's bin, ./ledger): the command runs as
 * `node bin/ledger.js …` runs it, byte for byte, every argument, stdin, stdout, stderr and exit code passed through;
 * only NODE_EXTRA_CA_CERTS goes, and only for a command line that opens no network connection. Node 20 reads the file
 * it names at start-up and warns on stderr when it cannot: a path that does not exist makes that observable, in the
 * real node, without any server.
 */
const REPO = path.resolve(__dirname, '../..');
const LAUNCHER = path.join(REPO, 'bin', 'ledger');
const BIN = path.join(REPO, 'bin', 'ledger.js');
const WARNING = /^Warning: Ignoring extra certs from `[^`]*`, load failed/m;

const { temp, eventCopy } = tempFolders();

/** An environment whose NODE_EXTRA_CA_CERTS names a file that is not there, with no store set. */
const envWith = (extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => {
  const { LEDGER_STORE: _store, LEDGER_DB: _db, ...env } = process.env;
  return { ...env, NODE_EXTRA_CA_CERTS: path.join(temp('no-ca'), 'missing.crt'), ...extra };
};

const files = folderFiles;

/** The same command line through the launcher (as `program`) and through `node bin/ledger.js`, each on its own copy. */
const both = async (program: string, argv: readonly string[], options: { stdin?: string; folder?: string; prepare?: (dir: string) => void } = {}) => {
  const results = [];
  for (const how of ['launcher', 'node bin/ledger.js'] as const) {
    const input = eventCopy(options.folder ?? 'event');
    options.prepare?.(input);
    const filled = argv.map((a) => a.split('{IN}').join(input));
    const env = envWith();
    const r = how === 'launcher' ? await runProcess(program, filled, options.stdin ?? '', env) : await runProcess(process.execPath, [BIN, ...filled], options.stdin ?? '', env);
    const mask = (text: string) => text.split(input).join('<in>');
    results.push({ code: r.code, out: mask(r.out), err: mask(r.err), files: files(input) });
  }
  return results as [(typeof results)[0], (typeof results)[0]];
};

const built = fs.existsSync(path.join(REPO, 'dist', 'src', 'adapters', 'cli', 'main.js'));

describe('bin/ledger, the launcher', () => {
  // unbuilt, it fails: a launcher suite skipped in silence would hold nothing
  beforeAll(() => {
    if (!built) throw new Error('dist/ is not built: run `npm run build` first');
  });
  it('is what package.json installs as `ledger`, and ./ledger in a checkout is a link to it', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { bin: Record<string, string> };
    expect(pkg.bin).toEqual({ ledger: 'bin/ledger' });
    expect(fs.realpathSync(path.join(REPO, 'ledger'))).toBe(fs.realpathSync(LAUNCHER));
    expect(fs.statSync(LAUNCHER).mode & 0o111).not.toBe(0);
  });

  for (const [what, argv, prepare, code] of [
    ['all three files', ['fesa', 'run', '{IN}'], undefined, 0],
    ['as JSON', ['fesa', 'run', '{IN}', '--json'], undefined, 0],
    ['an unknown player', ['fesa', 'run', '{IN}'], (dir: string) => fs.rmSync(path.join(dir, 'nye-spillere')), 1],
    ['both outputs (the whole CLI refuses)', ['fesa', 'run', '{IN}', '--out', '{IN}/p', '--out-dir', '{IN}'], undefined, 2],
  ] as const) {
    it(`runs \`fesa run\` byte for byte as node bin/ledger.js, without the variable's warning: ${what}`, async () => {
      const [launched, direct] = await both(LAUNCHER, argv, { prepare });
      expect(direct.code).toBe(code);
      expect(direct.err).toMatch(WARNING);
      expect(launched.err).not.toMatch(WARNING);
      expect({ ...launched, err: launched.err }).toEqual({ ...direct, err: direct.err.replace(/^Warning: Ignoring extra certs from .*\n/m, '') });
      if (code === 0) expect(launched.files['ratingliste.post']).toBe(fs.readFileSync(path.join(NEKOMADO, '05_5th_nekomadoken', 'ratingliste.post'), 'latin1'));
    });
  }

  it('passes every argument as it was given: a folder named with spaces, quotes, $, * and a newline; an empty word', async () => {
    const folder = `a b 'c' "d" $HOME * \\ ;\nend`;
    const [launched, direct] = await both(LAUNCHER, ['fesa', 'run', '{IN}', '--out-dir', '{IN}'], { folder });
    expect(launched.code).toBe(0);
    expect(launched.files['ratingliste.post']).toBeDefined();
    expect(launched.out).toBe(direct.out);
    const [emptyWord, emptyDirect] = await both(LAUNCHER, ['fesa', 'run', '{IN}', '']);
    expect(emptyWord.code).toBe(2);
    expect(emptyWord.err).toBe(emptyDirect.err.replace(/^Warning: Ignoring extra certs from .*\n/m, ''));
  });

  it('passes stdin through, and stdout and the exit code of a command that reads it', async () => {
    const cases = JSON.stringify([{ system: 'uscf-k', op: 'expected-score', options: {}, input: { rating: 1613, opponent: 1609 } }, { system: 'elo-2000', op: 'rate-event', options: {}, input: {} }]);
    const [launched, direct] = await both(LAUNCHER, ['rules', 'run-case'], { stdin: cases });
    expect(launched.code).toBe(1);
    expect(launched.out).toMatch(/expected-score|"ok"|0\.5/);
    expect(launched.out).toBe(direct.out);
  });

  it('ends the output quietly when the reader has gone (EPIPE), with the exit code the command has: help, fesa run and a refusal', async () => {
    const dir = eventCopy('closed-pipe');
    for (const [argv, code] of [[['--help'], 0], [['fesa', 'run', dir], 0], [['fesa', 'run', `${dir}/none`], 1]] as const) {
      // `true` has exited long before node starts writing: the pipe is closed
      const script = `{ "$0" "$@"; echo "exit $?" >&2; } | true`;
      const r = await runProcess('sh', ['-c', script, LAUNCHER, ...argv], '', envWith());
      expect({ argv, err: r.err.replace(/^ledger: .*\n/m, '') }).toEqual({ argv, err: `exit ${code}\n` });
    }
  });

  it("runs from npm's bin link (a relative symlink in another folder, found on the PATH) and from ./ledger", async () => {
    const root = temp('npm-bin');
    fs.symlinkSync(REPO, path.join(root, 'rating-ledger'));
    fs.mkdirSync(path.join(root, '.bin'));
    fs.symlinkSync('../rating-ledger/bin/ledger', path.join(root, '.bin', 'ledger'));
    const viaPath = await runProcess('ledger', ['fesa', 'run', eventCopy('via-path')], '', envWith({ PATH: `${path.join(root, '.bin')}${path.delimiter}${process.env.PATH ?? ''}` }));
    expect(viaPath).toMatchObject({ code: 0, err: '' });
    expect(viaPath.out).toMatch(/^FESA: rated 9 players/);
    const checkout = await runProcess(path.join(REPO, 'ledger'), ['--version'], '', envWith());
    expect(checkout).toEqual({ code: 0, out: expect.stringMatching(/^rating-ledger \d/), err: '' });
  });

  it('drops the variable for help and for commands on a SQLite ledger, which print as they do without it', async () => {
    const db = path.join(temp('launcher-db'), 'l.db');
    const init = await runProcess(LAUNCHER, ['init', '--db', db], '', envWith());
    expect(init.code).toBe(0);
    expect(init.err).not.toMatch(WARNING);
    for (const argv of [['--help'], ['fesa', 'run', '--help'], ['events', '--db', db], ['list', '--store', `sqlite:${db}`]]) {
      const r = await runProcess(LAUNCHER, argv, '', envWith());
      const bare = await runProcess(process.execPath, [BIN, ...argv], '', { ...envWith(), NODE_EXTRA_CA_CERTS: undefined });
      expect({ argv, ...r }).toEqual({ argv, ...bare });
    }
  });

  /** Every scheme src/adapters/store/open.ts reads as a server, read off its switch. */
  const serverSchemes = (): string[] => {
    const source = fs.readFileSync(path.join(REPO, 'src', 'adapters', 'store', 'open.ts'), 'utf8');
    const schemes = [...source.matchAll(/case '([a-z][a-z0-9+.-]*)':/g)].map((m) => m[1]!);
    return schemes.filter((s) => parseStoreSpec(`${s}://host/db`).kind !== 'sqlite');
  };

  it('keeps the variable for every command line that names a server: --store, --store=, migrate, $LEDGER_STORE, $LEDGER_DB, any case', async () => {
    const schemes = serverSchemes();
    expect(schemes).toEqual(expect.arrayContaining(['postgres', 'postgresql', 'esdb', 'esdb+discover', 'kurrentdb', 'kurrentdb+discover', 'kdb', 'kdb+discover']));
    for (const scheme of schemes) {
      for (const [argv, env] of [
        [['list', '--store', `${scheme}://127.0.0.1:1/x`, '--help'], {}],
        [['list', `--store=${scheme.toUpperCase()}://h`, '--help'], {}],
        [['migrate', '--from', 'sqlite:a.db', '--to', `${scheme}:h`, '--help'], {}],
        [['list', '--help'], { LEDGER_STORE: `${scheme}://h` }],
        [['list', '--help'], { LEDGER_DB: `${scheme}://h` }],
      ] as const) {
        const r = await runProcess(LAUNCHER, argv, '', envWith(env));
        expect({ scheme, argv, env, err: r.err }).toEqual({ scheme, argv, env, err: expect.stringMatching(WARNING) });
      }
    }
  });

  const pg = process.env.LEDGER_TEST_PG_URL;
  it('keeps the variable for a real connection refused: a PostgreSQL URL at a closed port', async () => {
    const r = await runProcess(LAUNCHER, ['events', '--store', 'postgres://ledger@127.0.0.1:1/none', '--limit', '1'], '', envWith());
    expect(r.code).not.toBe(0);
    expect(r.err).toMatch(WARNING);
  });

  it.skipIf(!pg)(`keeps the variable for a real connection made: init and events on the PostgreSQL test cluster${pg ? '' : ` (skipped: ${process.env.LEDGER_TEST_PG_SKIP_REASON ?? 'LEDGER_TEST_PG_URL is not set'})`}`, async () => {
    const admin = new Client({ connectionString: pg });
    await admin.connect();
    const name = `launcher_${process.pid}_${Date.now()}`;
    try {
      await admin.query(`CREATE DATABASE ${name}`);
      const url = pg!.replace(/\/[^/]*$/, `/${name}`);
      for (const argv of [['init', '--store', url], ['events', '--store', url, '--limit', '1']]) {
        const r = await runProcess(LAUNCHER, argv, '', envWith());
        expect({ argv, code: r.code, err: r.err }).toEqual({ argv, code: 0, err: expect.stringMatching(WARNING) });
      }
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
      await admin.end();
    }
  }, 60_000);

  it('keeps the variable for `serve`, which it starts as node bin/ledger.js would', async () => {
    const db = path.join(temp('launcher-serve'), 's.db');
    expect((await runProcess(LAUNCHER, ['init', '--db', db], '', envWith())).code).toBe(0);
    const child = spawn(LAUNCHER, ['serve', '--db', db, '--port', '0'], { env: envWith(), stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const listening = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), 60_000);
      const check = () => /listening|http:\/\//i.test(out + err) && (clearTimeout(timer), resolve(true));
      child.stdout.on('data', check);
      child.stderr.on('data', check);
      child.once('exit', () => (clearTimeout(timer), resolve(false)));
    });
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('close', resolve));
    expect({ listening, err }).toEqual({ listening: true, err: expect.stringMatching(WARNING) });
  }, 90_000);
});
