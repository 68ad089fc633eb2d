import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { describe, expect, it } from 'vitest';

/**
 * The README's first tour runs literally: every line between `<!-- tour:begin -->` and `<!-- tour:end -->`, from the
 * root of a fresh copy of this repository (its files as git sees them, this checkout's node_modules and the build
 * `npm run build` makes: this checkout's tsc output), each as the real process the line
 * starts, `./ledger …`.
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

  it('runs line by line on a fresh copy of the repository: every command succeeds, says nothing on stderr and shows what the README says', () => {
    const lines = tourLines(fs.readFileSync(README, 'utf8'));
    expect(lines.length).toBeGreaterThan(5);
    const clone = freshCopy();
    const env = { ...process.env };
    delete env.LEDGER_STORE;
    delete env.LEDGER_DB;
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
  }, 120_000);
});

/** The repository's files as a fresh clone has them (tracked or new, not ignored), built as `npm install` builds it. */
const freshCopy = (): string => {
  const clone = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-tour-clone-'));
  const listed = spawnSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: REPO, encoding: 'utf8' });
  expect(listed.status, listed.stderr).toBe(0);
  for (const file of listed.stdout.split('\0').filter((f) => f !== '' && fs.existsSync(path.join(REPO, f)))) {
    fs.mkdirSync(path.dirname(path.join(clone, file)), { recursive: true });
    fs.copyFileSync(path.join(REPO, file), path.join(clone, file));
    fs.chmodSync(path.join(clone, file), fs.statSync(path.join(REPO, file)).mode);
  }
  fs.symlinkSync(path.join(REPO, 'node_modules'), path.join(clone, 'node_modules'));
  fs.cpSync(path.join(REPO, 'dist'), path.join(clone, 'dist'), { recursive: true, filter: (f) => !f.endsWith('.map'), preserveTimestamps: true });
  return clone;
};
