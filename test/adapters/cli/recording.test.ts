/**
 * What may be recorded, through the real `ledger` process (issue 28, point 9 and 10): a yes-or-no option never
 * inverts, a results file is one tournament whatever its file name, a FESA file saved with a UTF-8 byte order mark
 * reads as the program reads it, a correction does not pretend to move a game, and a list published by the CLI is
 * one `verify` writes again. Refusals leave the ledger's checksum as it was.
 */
import * as fs from 'fs';
import * as path from 'path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cliBuilt, FIXTURES, ledgerProcess, NEKOMADO, tempDir } from '../../support/helpers';

const built = cliBuilt();
const dir = tempDir('recording');
const db = path.join(dir, 'ledger.db');
const ledger = (...argv: string[]) => ledgerProcess([...argv, '--db', db, '--actor', 'officer']);
const checksum = async (): Promise<string> => (JSON.parse((await ledgerProcess(['checksum', '--db', db, '--json'])).out) as { sha256: string }).sha256;
const copy = (from: string, name: string): string => {
  const to = path.join(dir, name);
  fs.copyFileSync(from, to);
  return to;
};

describe.skipIf(!built)('what may be recorded (real process)', () => {
  beforeAll(async () => {
    expect((await ledger('init')).code).toBe(0);
  });

  it('--unrated=no and --unrated=false record a rated tournament; --unrated and --unrated=yes an unrated one', async () => {
    for (const [id, flag] of [['U-no', '--unrated=no'], ['U-false', '--unrated=false'], ['U-yes', '--unrated=yes'], ['U-alone', '--unrated'], ['U-none', undefined]] as const) {
      const r = await ledger('tournament', 'add', '--id', id, '--name', id, '--start', '2026-02-01', ...(flag === undefined ? [] : [flag]));
      expect(r.err).toBe('');
      expect(r.code).toBe(0);
    }
    const rated = Object.fromEntries(
      (JSON.parse((await ledger('events', '--json')).out.trim().split('\n').map((l) => l).join(',').replace(/^/, '[').replace(/$/, ']')) as { event: { type: string; tournamentId: string; rated: boolean } }[])
        .filter((e) => e.event.type === 'TournamentRegistered')
        .map((e) => [e.event.tournamentId, e.event.rated]),
    );
    expect(rated).toEqual({ 'U-no': true, 'U-false': true, 'U-yes': false, 'U-alone': false, 'U-none': true });
  });

  for (const [what, format, fixture] of [
    ['TRF', 'trf', path.join(FIXTURES, 'trf', 'grandmommyscup.trf')],
    ['EGD', 'egd', path.join(FIXTURES, 'egd', 'constructed-ledger-cup.h')],
  ] as const) {
    it(`a ${what} file imported again under another file name is refused, naming the earlier import; under its own name it is a no-op`, async () => {
      const first = await ledger(format, 'import', fixture);
      expect(first.err).toBe('');
      expect(first.code).toBe(0);
      const id = path.basename(fixture).replace(/\.[^.]*$/, '');
      const before = await checksum();
      const renamed = await ledger(format, 'import', copy(fixture, `copy-of-${path.basename(fixture)}`));
      expect(renamed.code).toBe(1);
      expect(renamed.err).toMatch(new RegExp(`^ledger: .*copy-of-.*: its tournament \\(".*", \\d{4}-\\d\\d-\\d\\d to \\d{4}-\\d\\d-\\d\\d, \\d+ players\\) was imported before as "${id}"; a tournament is recorded once \\(give --tournament ${id} to import the file again under that id\\); nothing of .* was recorded\\n$`));
      expect(await checksum()).toBe(before);
      const again = await ledger(format, 'import', fixture);
      expect(again.code).toBe(0);
      expect(again.out).toMatch(/nothing recorded/);
      expect(await checksum()).toBe(before);
    });
  }

  it('a FESA folder whose files start with a UTF-8 byte order mark runs to the same bytes as without it', async () => {
    const sample = path.join(NEKOMADO, '00_sample');
    const plain = path.join(dir, 'plain');
    const bom = path.join(dir, 'bom');
    for (const [to, mark] of [[plain, Buffer.alloc(0)], [bom, Buffer.from([0xef, 0xbb, 0xbf])]] as const) {
      fs.mkdirSync(to);
      for (const file of ['turnering.txt', 'ratingliste.pre', 'nye-spillere']) {
        if (fs.existsSync(path.join(sample, file))) fs.writeFileSync(path.join(to, file), Buffer.concat([mark, fs.readFileSync(path.join(sample, file))]));
      }
      const r = await ledgerProcess(['fesa', 'run', to]);
      expect(r.err).toBe('');
      expect(r.code).toBe(0);
    }
    for (const file of ['ratingliste.post', 'all.txt', 'turnering.html']) expect(fs.readFileSync(path.join(bom, file))).toEqual(fs.readFileSync(path.join(plain, file)));
    expect(fs.readFileSync(path.join(plain, 'ratingliste.post'))).toEqual(fs.readFileSync(path.join(sample, 'ratingliste.post')));
  });

  it('game correct --date is refused with what to do instead, and records nothing', async () => {
    for (const id of ['C1', 'C2']) expect((await ledger('player', 'add', '--id', id, '--family', id, '--country', 'NO', '--date', '2026-01-01')).code).toBe(0);
    expect((await ledger('tournament', 'add', '--id', 'CT', '--name', 'Cup', '--start', '2026-03-01', '--end', '2026-03-02')).code).toBe(0);
    expect((await ledger('game', 'report', '--tournament', 'CT', '--game', 'c1', '--round', '1', '--first', 'C1', '--second', 'C2', '--result', 'win')).code).toBe(0);
    const before = await checksum();
    const r = await ledger('game', 'correct', '--game', 'c1', '--date', '2026-03-01', '--reason', 'wrong day');
    expect(r.code).toBe(2);
    expect(r.err).toBe('ledger: --date: a correction cannot move a game to another date (game c1 of CT stays on 2026-03-02, when it was reported played); withdraw it (ledger game withdraw --game c1 --reason …) and report it again with --date under a new game id (--decided DATE dates the correction itself)\n');
    expect(await checksum()).toBe(before);
  });

  it('a list published by the CLI is recorded with the hash of the bytes it wrote, and verify writes them again', async () => {
    const out = path.join(dir, 'published.csv');
    const r = await ledger('list', 'publish', '--id', 'L1', '--as-of', '2026-03-31', '--format', 'csv', '--out', out, '--json');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const { createHash } = await import('crypto');
    expect((JSON.parse(r.out) as { contentHash: string }).contentHash).toBe(createHash('sha256').update(fs.readFileSync(out)).digest('hex'));
    expect((await ledgerProcess(['verify', '--db', db])).code).toBe(0);
  });
});
