/**
 * `egd import` rates under egd-gor, the EGD's GoR since 2021 (https://www.europeangodatabase.eu/EGD/EGF_rating_system.php),
 * and `list` / `explain --rules egd-gor` give it. The tables are written here in the EGD layout (test/fixtures/egd/README.md)
 * so that their games are ones whose GoR was published: two 1-dans (2100, the page's scale) as in horaceho/ers
 * test/ers.php (checked against the EGD's GoR calculator: the winner 2109.306, the loser 2091.725), and an 11-kyu
 * (1000) taking one stone from an 8-kyu (1300) as in skillratings' test_handicap (src/egf.rs: Se 0.30481324383684405
 * for the receiver, 0.695186756163156 for the giver).
 */
import * as fs from 'fs';
import * as path from 'path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cliBuilt, ledgerProcess, tempDir } from '../../support/helpers';

const header = (cl: string, name: string) => `; CL[${cl}]\n; EV[${name}]\n; PC[NO, Oslo]\n; DT[2026-05-02,2026-05-02]\n; HA[h0]\n; KM[0.5]\n;\n`;
const pairs = (pin: number) =>
  `  1 One Dan             1d NO Oslo   1   2+/w0   |${pin + 1}\n` +
  `  2 Two Dan             1d NO Oslo   0   1-/b0   |${pin + 2}\n` +
  `  3 Eight Kyu           8k NO Oslo   0   4-/w1   |${pin + 3}\n` +
  `  4 Eleven Kyu         11k NO Oslo   1   3+/b1   |${pin + 4}\n`;

interface Listed { players: { id: string; rating: number; games: number }[] }
interface Explained { tournaments: { ruleSet: string; before: number; after: number; games: { expected: number; rated: boolean; terms: Record<string, number | string> }[] }[] }

describe.skipIf(!cliBuilt())('egd import under egd-gor: list and explain', () => {
  const dir = tempDir('egd-gor');
  const db = path.join(dir, 'ledger.db');
  const run = async (...argv: string[]) => {
    const r = await ledgerProcess([...argv, '--db', db, '--actor', 'officer']);
    if (r.code !== 0) throw new Error(`${argv.join(' ')}: ${r.err}`);
    return r.out;
  };
  let list: Map<string, { rating: number; games: number }>;

  beforeAll(async () => {
    fs.writeFileSync(path.join(dir, 'gor-a.h'), header('A', 'GoR class A') + pairs(90000000));
    fs.writeFileSync(path.join(dir, 'gor-b.h'), header('B', 'GoR class B') + pairs(91000000));
    expect(await run('egd', 'import', path.join(dir, 'gor-a.h'))).toMatch(/4 starting from their grade under egd-gor; 2 games/);
    await run('egd', 'import', path.join(dir, 'gor-b.h'));
    const listed = JSON.parse(await run('list', '--rules', 'egd-gor', '--json')) as Listed;
    list = new Map(listed.players.map((p) => [p.id, p]));
  }, 60_000);

  it('class A: 2100 beats 2100 → 2109.306 and 2091.725, as published', () => {
    expect(list.get('EGD-90000001')).toEqual(expect.objectContaining({ rating: 2109.306, games: 1 }));
    expect(list.get('EGD-90000002')).toEqual(expect.objectContaining({ rating: 2091.725, games: 1 }));
  });

  it('class B weighs the same game 0.75 (the page\'s "Tournament classes")', () => {
    expect(list.get('EGD-91000001')!.rating).toBeCloseTo(2100 + 0.75 * 9.306, 2);
    expect(list.get('EGD-91000002')!.rating).toBeCloseTo(2100 - 0.75 * 8.275, 2);
  });

  it('explain gives a handicap game\'s Se with the stone, rated, and the terms', async () => {
    const receiver = JSON.parse(await run('explain', 'EGD-90000004', '--rules', 'egd-gor', '--json')) as Explained;
    const t = receiver.tournaments[0]!;
    expect([t.ruleSet, t.before]).toEqual(['egd-gor', 1000]);
    expect(t.games[0]!.rated).toBe(true);
    expect(t.games[0]!.expected).toBeCloseTo(0.30481324383684405, 10);
    expect(t.games[0]!.terms).toMatchObject({ handicapStones: 1, handicapPoints: 50, receiver: 'EGD-90000004', classWeight: 1 });
    const giver = JSON.parse(await run('explain', 'EGD-90000003', '--rules', 'egd-gor', '--json')) as Explained;
    expect(giver.tournaments[0]!.games[0]!.expected).toBeCloseTo(0.695186756163156, 10);
  });

  it('diff against gobase-go gives the GoR difference to the thousandth, without binary noise', async () => {
    // gobase-go, forced on the table, starts a player without a recorded grade at 1500 and takes 30 × 0.5 from the
    // loser of an even game (seed 003, Example 1): 1485 against egd-gor's 2091.725 (2091.725 − 1485 is 606.7249999999999 in doubles)
    const diff = JSON.parse(await run('diff', '--rules', 'gobase-go', '--rules', 'egd-gor', '--json')) as { players: { playerId: string; delta: number }[] };
    expect(diff.players.find((p) => p.playerId === 'EGD-90000002')!.delta).toBe(606.725);
  });

  it('--rules takes only the go rule sets, a usage error otherwise', async () => {
    const r = await ledgerProcess(['egd', 'import', path.join(dir, 'gor-a.h'), '--rules', 'fide', '--db', db]);
    expect([r.code, r.err.trim()]).toEqual([2, expect.stringMatching(/--rules must be one of egd-gor, gobase-go, got "fide"$/)]);
  });
});
