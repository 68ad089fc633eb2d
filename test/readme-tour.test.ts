import { spawn, spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { describe, expect, it } from 'vitest';

/**
 * The README as a newcomer follows it: a fresh `git clone` of this repository (what is committed: its HEAD), the
 * set-up line run as written (`npm install && npm start`: npm installs from its cache or the registry, compiles
 * better-sqlite3, builds dist/ and the CLI's bundle; the server it starts must answer), then the first tour line by
 * line, each as the real process the line starts, `./ledger …`, and the officers section.
 */
const REPO = path.resolve(__dirname, '..');
const README = path.join(REPO, 'README.md');
const TOUR_COMMAND = './ledger';

/** The shell words of one line: double- and single-quoted words as sh reads them, no variables or globs. */
const shellWords = (line: string): string[] => {
  const words: string[] = [];
  const re = /"((?:[^"\\]|\\.)*)"|'([^']*)'|([^\s"']+)/g;
  let m: RegExpExecArray | null;
  let current = '';
  let last = -1;
  while ((m = re.exec(line)) !== null) {
    const word = m[1] !== undefined ? m[1].replace(/\\(.)/g, '$1') : (m[2] ?? m[3]!);
    // "a"b is one word in sh: join pieces that touch
    if (m.index === last) current += word;
    else {
      if (last >= 0) words.push(current);
      current = word;
    }
    last = re.lastIndex;
  }
  if (last >= 0) words.push(current);
  return words;
};

const tourLines = (readme: string): string[] => {
  const begin = readme.indexOf('<!-- tour:begin -->');
  const end = readme.indexOf('<!-- tour:end -->');
  if (begin < 0 || end < begin) throw new Error('README.md has no <!-- tour:begin --> ... <!-- tour:end --> block');
  return readme
    .slice(begin, end)
    .split('\n')
    .map((l) => l.replace(/\s+#.*$/, '').trim())
    .filter((l) => l.startsWith(`${TOUR_COMMAND} `));
};

describe('README tour', () => {
  it('parses shell words as sh does', () => {
    expect(shellWords('npx ledger a --grade "3 Kyu" --reason \'x y\' b"c d"')).toEqual(['npx', 'ledger', 'a', '--grade', '3 Kyu', '--reason', 'x y', 'bc d']);
  });

  it('sets up a fresh clone as the README says, then runs the tour line by line and the officers section: every command succeeds, says nothing on stderr and shows what the README says', async () => {
    const lines = tourLines(fs.readFileSync(README, 'utf8'));
    expect(lines.length).toBeGreaterThan(5);
    const env = { ...process.env };
    delete env.LEDGER_STORE;
    delete env.LEDGER_DB;
    const clone = freshClone();
    try {
      await setUp(fs.readFileSync(README, 'utf8'), clone, env);
      await tour(lines, clone, env);
    } finally {
      fs.rmSync(clone, { recursive: true, force: true });
    }
  }, 1_200_000);
});

const tour = async (lines: readonly string[], clone: string, env: NodeJS.ProcessEnv): Promise<void> => {
  const outputs: string[] = [];
  for (const line of lines) {
    const [program, ...args] = shellWords(line);
    const r = spawnSync(program!, args, { cwd: clone, env, encoding: 'utf8' });
    expect({ line, code: r.status, stderr: r.stderr }).toEqual({ line, code: 0, stderr: '' });
    outputs.push(r.stdout);
  }
  // what the README says of the list: Berg Kari at 1 after 0/2, Hansen Ola's games 3p (a declared grade's two phantom games)
  const list = outputs[lines.findIndex((l) => l.startsWith(`${TOUR_COMMAND} list --as-of`))]!;
  expect(list).toMatch(/^\d+\s+Berg Kari\s+NO\s+-\s+1\s+2p\s/m);
  expect(list).toMatch(/^\d+\s+Hansen Ola\s+NO\s+-\s+\d+\s+3p\s/m);

  await officersSection(fs.readFileSync(README, 'utf8'), clone, env);
};

/**
 * The README's "Officers and the server" block after the tour, line by line: the first admin's token is the last
 * line `officer add` prints, `serve` runs until the end, the `curl` line posts `report.json` — the README's JSON
 * block, written as the README says — and the answer is the recorded game with the ratings it changes; the token
 * `rotate-token` replaces is refused afterwards. The one liberty: the port, since 3000 may be taken on the machine.
 */
const officersSection = async (readme: string, clone: string, env: NodeJS.ProcessEnv): Promise<void> => {
  const section = readme.slice(readme.indexOf('## Officers and the server'));
  const block = section.slice(section.indexOf('```sh') + 5, section.indexOf('```', section.indexOf('```sh') + 5));
  const lines = block.split('\n').map((l) => l.replace(/\s+#.*$/, '').trim()).filter((l) => l !== '');
  expect(lines.map((l) => l.split(' ').slice(0, 2).join(' '))).toEqual(['./ledger officer', './ledger serve', 'curl -H', './ledger officer']);
  const json = section.slice(section.indexOf('```json') + 7, section.indexOf('```', section.indexOf('```json') + 7));
  fs.writeFileSync(path.join(clone, 'report.json'), json);
  const port = String(20000 + (process.pid % 20000));
  const words = (line: string, token: string) => shellWords(line.replace('$TOKEN', token).replaceAll('3000', port));

  const appointed = spawnSync('./ledger', words(lines[0]!, '').slice(1), { cwd: clone, env, encoding: 'utf8' });
  // the token is shown once: the warning that says so goes to stderr, the token is stdout's last line
  expect({ code: appointed.status, err: appointed.stderr }).toEqual({ code: 0, err: expect.stringContaining('the token below is shown once') });
  const token = appointed.stdout.trim().split('\n').at(-1)!;
  const server = spawn('./ledger', words(lines[1]!, '').slice(1), { cwd: clone, env, stdio: ['ignore', 'ignore', 'pipe'] });
  try {
    await new Promise<void>((resolve, reject) => {
      let said = '';
      server.stderr!.on('data', (chunk: Buffer) => {
        said += chunk.toString();
        if (said.includes('listening on')) resolve();
      });
      server.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${said}`)));
    });
    const [curl, ...args] = words(lines[2]!, token);
    const posted = spawnSync(curl!, ['-s', ...args], { cwd: clone, env, encoding: 'utf8' });
    const answer = JSON.parse(posted.stdout) as { status: string; events: { type: string; gameId: string }[]; changes: { tournament: string; player: string }[] };
    expect({ status: answer.status, events: answer.events.map((e) => [e.type, e.gameId]) }).toEqual({ status: 'appended', events: [['GameReported', 'g3']] });
    // a game into the tour's closed tournament re-rates it: its two players' ratings there move
    expect(answer.changes.map((c) => [c.tournament, c.player])).toEqual([['oslo-2026', 'P1'], ['oslo-2026', 'P2']]);

    const rotated = spawnSync('./ledger', words(lines[3]!, '').slice(1), { cwd: clone, env, encoding: 'utf8' });
    expect(rotated.status).toBe(0);
    const again = spawnSync(curl!, ['-s', '-o', '/dev/null', '-w', '%{http_code}', ...args], { cwd: clone, env, encoding: 'utf8' });
    expect(again.stdout).toBe('401');
  } finally {
    server.kill();
  }
};

/** A fresh clone of this repository (its committed HEAD) in a temporary folder. */
const freshClone = (): string => {
  const clone = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-tour-')), 'rating-ledger');
  const cloned = spawnSync('git', ['clone', '--quiet', REPO, clone], { encoding: 'utf8' });
  expect({ code: cloned.status, stderr: cloned.stderr }).toEqual({ code: 0, stderr: '' });
  return clone;
};

/**
 * The README's set-up block, its lines as written: `npm install && npm start` through sh, until the server it starts
 * answers /health (then it is stopped with everything it started). `npm test` is the suite this test is part of: CI
 * runs it as the README says (.ci/run), running it again from here would run this test inside itself. The one liberty:
 * PORT, since 3000 may be taken on the machine.
 */
const setUp = async (readme: string, clone: string, env: NodeJS.ProcessEnv): Promise<void> => {
  const section = readme.slice(readme.indexOf('## Set-up'));
  const block = section.slice(section.indexOf('```sh') + 5, section.indexOf('```', section.indexOf('```sh') + 5));
  const lines = block.split('\n').filter((l) => l.trim() !== '');
  expect(lines.map((l) => l.replace(/\s+#.*$/, ''))).toEqual(['npm install && npm start', 'npm test']);
  const port = String(20000 + ((process.pid + 7) % 20000));
  const started = spawn('sh', ['-c', lines[0]!], { cwd: clone, env: { ...env, PORT: port }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let said = '';
  try {
    await new Promise<void>((resolve, reject) => {
      const hear = (chunk: Buffer): void => {
        said += chunk.toString();
        if (said.includes('listening on')) resolve();
      };
      started.stdout!.on('data', hear);
      started.stderr!.on('data', hear);
      started.on('exit', (code) => reject(new Error(`\`${lines[0]}\` exited with ${code}: ${said.slice(-2000)}`)));
    });
    const health = (await (await fetch(`http://127.0.0.1:${port}/health`)).json()) as { status: string };
    expect(health.status).toBe('ok');
  } finally {
    process.kill(-started.pid!, 'SIGTERM');
  }
  expect(fs.existsSync(path.join(clone, 'data', 'ledger.db'))).toBe(true);
};
