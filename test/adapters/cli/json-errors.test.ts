/**
 * Issue 32: a script that asks for `--json` reads a refusal as JSON as well — one object on stderr naming the error,
 * its kind and the exit code, which is the same as without `--json` — never a sentence it would have to parse.
 */
import * as path from 'path';
import { describe, expect, it } from 'vitest';
import { ledger, tempDir } from '../../support/helpers';

describe('errors under --json', () => {
  it('come as one JSON object on stderr with the exit code the plain sentence has', async () => {
    const db = path.join(tempDir('json-errors'), 'ledger.db');
    expect((await ledger('init', '--db', db)).code).toBe(0);
    const cases: readonly (readonly string[])[] = [
      ['history', 'NOPE'],
      ['list', '--as-of', '2026-13-01'],
      ['lst'],
      ['game', 'correct', '--tournament', 'T404', '--game', 'g1', '--result', 'draw', '--reason', 'sheet'],
    ];
    for (const argv of cases) {
      const plain = await ledger(...argv, '--db', db);
      const json = await ledger(...argv, '--db', db, '--json');
      expect(plain.code, argv.join(' ')).not.toBe(0);
      expect(json.out, argv.join(' ')).toBe('');
      const answer = JSON.parse(json.err) as { error: string; kind: string; exitCode: number };
      expect({ argv, exitCode: answer.exitCode, code: json.code, error: `ledger: ${answer.error}` }).toEqual({ argv, exitCode: plain.code, code: plain.code, error: plain.err.trim() });
      expect(answer.kind).toMatch(/^[a-z-]+$/);
    }
    // --json itself given twice: still asked for JSON
    const twice = await ledger('list', '--json', '--json', '--db', db);
    expect([twice.code, JSON.parse(twice.err)]).toEqual([2, { error: '--json is given twice (--json, --json); "list" takes it once', kind: 'bad-input', exitCode: 2 }]);
  });
});
