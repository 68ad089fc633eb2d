import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { describe, expect, it } from 'vitest';

/**
 * The README's first tour runs literally: every line between `<!-- tour:begin -->` and `<!-- tour:end -->`, in a fresh
 * directory, as the real `ledger` process (`npx ledger` is this checkout's bin/ledger.js, as `npm link`/npx give it).
 */
const README = path.resolve(__dirname, '../README.md');
const CLI = path.resolve(__dirname, '../bin/ledger.js');

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
    .filter((l) => l.startsWith('npx ledger '));
};

describe('README tour', () => {
  it('parses shell words as sh does', () => {
    expect(shellWords('npx ledger a --grade "3 Kyu" --reason \'x y\' b"c d"')).toEqual(['npx', 'ledger', 'a', '--grade', '3 Kyu', '--reason', 'x y', 'bc d']);
  });

  it('runs line by line on a fresh ledger: every command succeeds and says nothing on stderr', () => {
    const lines = tourLines(fs.readFileSync(README, 'utf8'));
    expect(lines.length).toBeGreaterThan(5);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-tour-'));
    const env = { ...process.env };
    delete env.LEDGER_STORE;
    delete env.LEDGER_DB;
    const outputs: string[] = [];
    for (const line of lines) {
      const [, , ...args] = shellWords(line);
      const r = spawnSync(process.execPath, [CLI, ...args], { cwd: dir, env, encoding: 'utf8' });
      expect({ line, code: r.status, stderr: r.stderr }).toEqual({ line, code: 0, stderr: '' });
      outputs.push(r.stdout);
    }
    // the tour's reads show the rated players
    const list = outputs[lines.findIndex((l) => /^npx ledger list --as-of/.test(l))]!;
    expect(list).toContain('Hansen Ola');
    expect(list).toContain('Berg Kari');
  });
});
