/**
 * FIDE tournament report files (TRF16: FIDE handbook C.04 Annex 2, Elista 2015; TRF-2026: approved by the FIDE
 * Council 12/05/2025) through the ledger: three real files of public test corpora (test/fixtures/trf/README.md),
 * ratings under `fide` after them checked by hand, and export -> import giving the same facts.
 */
import * as fs from 'fs';
import * as path from 'path';
import * as E from 'fp-ts/Either';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../domain/events';
import { parseTrf } from '../../src/adapters/formats/trf';
import { openSqliteStore } from '../../src/adapters/store/sqlite';
import { loadFacts } from '../../src/app/load';
import { FIXTURES, ledger, tempDir } from '../support/helpers';

const TRF = path.join(FIXTURES, 'trf');
const C5 = path.join(TRF, 'bbp-dutch_2025_C5.trf');
const ISSUE7 = path.join(TRF, 'bbp-issue_7.trf');
const GRANDMOMMY = path.join(TRF, 'grandmommyscup.trf');

const ok = async (...argv: string[]): Promise<string> => {
  const r = await ledger(...argv, '--actor', 'officer');
  if (r.code !== 0) throw new Error(`${argv.join(' ')}: ${r.err}`);
  return r.out;
};

const ratingsOf = async (db: string): Promise<Map<string, number>> => {
  const { players } = JSON.parse(await ok('list', '--rules', 'fide', '--db', db, '--json')) as { players: { id: string; rating: number }[] };
  return new Map(players.map((p) => [p.id, p.rating]));
};

/** The facts of a ledger without who recorded them when: what an import must reproduce. */
const factsOf = async (db: string): Promise<unknown[]> => {
  const store = openSqliteStore(db);
  try {
    return (await loadFacts(store)).map((f) => {
      const { actor: _a, ...fact } = f.event as DomainEvent & { actor: string };
      return fact;
    });
  } finally {
    await store.close();
  }
};

describe('TRF files read as the spec lays them out', () => {
  it('reads the 001 columns, the 132 round dates and pairs each game from its two lines (grandmommyscup, TRF-2026)', () => {
    const parsed = parseTrf(fs.readFileSync(GRANDMOMMY, 'utf8'), 'grandmommyscup.trf');
    if (E.isLeft(parsed)) throw parsed.left;
    const t = parsed.right;
    // 192, 202, 222 … are TRF-2026 records
    expect([t.version, t.name, t.city, t.startDate, t.endDate, t.players.length]).toEqual(['TRF-2026', "Grandmommy's Cup", 'Test', '2024-12-01', '2024-12-14', 249]);
    // 132: YY/MM/DD at positions 92-99, 102-109, …
    expect(t.roundDates.slice(0, 7)).toEqual(['2024-12-01', '2024-12-02', '2024-12-03', '2024-12-04', '2024-12-05', '2024-12-06', '2024-12-06']);
    // 001: rank 5-8, name 15-47, rating 49-52, federation 54-56, FIDE number 58-68, birth date 70-79 ("1987/00/00")
    const third = t.players.find((p) => p.startRank === 3)!;
    expect([third.name, third.rating, third.federation, third.fideId, third.birthYear]).toEqual(['Test0003 Player0003', 2531, 'GEO', '70323454321', 1987]);
    // round 2 "242 w 1": White's line gives the game, 242's line "3 b 0" agrees
    expect(t.games.find((g) => g.round === 2 && (g.first === 3 || g.second === 3))).toEqual({ round: 2, first: 3, second: 242, firstColour: 'white', result: '1' });
    // "0000 - +": points without a game; "0000 - -": absent
    expect(t.byes.filter((b) => b.player === 3).map((b) => `${b.round}${b.result}`)).toEqual(['1-', '3-', '7+']);
  });

  it('reads a file whose lines end in CR alone (Remark 1: "each line shall have a CR as last character")', () => {
    const text = fs.readFileSync(ISSUE7, 'latin1');
    expect(text.includes('\r') && !text.includes('\n')).toBe(true);
    const parsed = parseTrf(text, 'issue_7.trf');
    expect(E.isRight(parsed) && [parsed.right.players.length, parsed.right.games.length]).toEqual([60, 420]);
  });

  it('names the line and the columns of the first fault', () => {
    const fault = (edit: (text: string) => string) => {
      const parsed = parseTrf(edit(fs.readFileSync(C5, 'utf8')), 'c5.trf');
      return E.isLeft(parsed) ? parsed.left.message : 'accepted';
    };
    expect(fault((t) => t.replace('    2 b 1\n001    2', '    2 b ?\n001    2'))).toBe('c5.trf, line 2, round 2 (columns 102-109): expected a result 1 0 = + - W D L H F U Z (or blank), got "?"');
    // player 1 says he beat 4 with White in round 1; 4's line says he won
    expect(fault((t) => t.replace('     1 b 0     3 w 0', '     1 b 1     3 w 0'))).toMatch(/^c5\.trf, line 2, round 1 \(columns 92-99\): player 1 meets 4 \(w 1\), but line 5 of player 4 has " {3}1 b 1" in that round; expected " {3}1 b 0"$/);
    expect(fault((t) => t.replace('001    6      Test0006', '001    5      Test0006'))).toBe('c5.trf, line 7, columns 5-8 (starting rank): starting rank 5 is already given to line 6');
    expect(fault((t) => t.replace('012 Dutch', '012Dutch'))).toMatch(/^c5\.trf, line 1, columns 1-3: expected a record tag/);
  });
});

describe('ledger trf import: the tournament, its players and games, rated under fide', () => {
  it('rates the players of a real file as a hand calculation does (bbpPairings dutch_2025_C5)', async () => {
    const db = path.join(tempDir('trf'), 'ledger.db');
    const out = await ok('trf', 'import', C5, '--start', '2025-01-01', '--rules', 'fide', '--db', db);
    expect(out).toMatch(
      /6 players: 0 with a FIDE number \(0 matched to the ledger's player FIDE-<number>, 0 new\), 6 without \(players bbp-dutch_2025_C5-<starting rank>: names are never matched\); 6 registered; 6 with their rating as opening balance under fide; 6 games, 1 byes; 21 facts recorded/,
    );
    const ratings = await ratingsOf(db);
    // No FIDE numbers: the players are new, `<tournament>-<starting rank>`. Each enters with the file's rating as
    // an established player (30 games), so FIDE K is 10 from 2400 up (seed 004). Per event, R' = R + K·Σ(S − E),
    // E = 1 / (1 + 10^((Ropp − R)/400)), the change rounded half away from zero.
    // Player 1 (2720) beat 4 (2689) and 2 (2701):
    //   E = 1/(1 + 10^(-31/400)) = 0.54447, E = 1/(1 + 10^(-19/400)) = 0.52729; Σ(S − E) = 0.45553 + 0.47271 = 0.92824
    //   10 × 0.92824 = 9.28 -> +9: 2729
    expect(ratings.get('bbp-dutch_2025_C5-1')).toBe(2729);
    // Player 4 (2689) lost to 1 (2720) and 3 (2697); round 3 is a zero-point bye (Z), never rated:
    //   E = 1/(1 + 10^(31/400)) = 0.45553, E = 1/(1 + 10^(8/400)) = 0.48849; Σ = −0.94402 -> −9: 2680
    expect(ratings.get('bbp-dutch_2025_C5-4')).toBe(2680);
    // Player 6 (2664) lost to 3 (2697) and 5 (2673):
    //   E = 1/(1 + 10^(33/400)) = 0.45265, E = 1/(1 + 10^(9/400)) = 0.48705; Σ = −0.93970 -> −9: 2655
    expect(ratings.get('bbp-dutch_2025_C5-6')).toBe(2655);
    // the same file again records nothing
    expect(await ok('trf', 'import', C5, '--start', '2025-01-01', '--rules', 'fide', '--db', db)).toMatch(/all already in the ledger, nothing recorded\n$/);
  });

  it('rates players with FIDE numbers as a hand calculation does (grandmommyscup, 14 rounds)', async () => {
    const db = path.join(tempDir('trf'), 'ledger.db');
    await ok('trf', 'import', GRANDMOMMY, '--rules', 'fide', '--db', db);
    const ratings = await ratingsOf(db);
    // Player 3, FIDE 70323454321, 2531, born 1987: from 2400 on K = 10. His games (opponent's rating, score, E):
    //   242 2339 1 .75124 | 13 2455 ½ .60766 | 8 2484 ½ .56723 | 48 2372 ½ .71408 | 53 2366 ½ .72108 | 51 2367 1 .71992
    //   14 2447 1 .61858 | 40 2376 ½ .70935 | 12 2456 0 .60629 | 2 2540 1 .48705 | 101 2277 0 .81186
    //   rounds 1 and 3 "0000 - -" (absent) and 7 "0000 - +" (a point without a game) are not rated.
    //   Σ(S − E) = 7.5 − 8.31434 = −0.81434; 10 × −0.81434 = −8.14 -> −8: 2523
    expect(ratings.get('FIDE-70323454321')).toBe(2523);
    // Player 242, FIDE 24223454321, 2339, born 1987 (no junior in 2024), below 2400: K = 20.
    //   6 2505 ½ .27777 | 3 2531 0 .24876 | 1 2586 1 .19437 | 40 2376 1 .44695 | 2 2540 1 .23920 | 12 2456 1 .33771
    //   13 2455 ½ .33900 | 48 2372 ½ .45265 | 50 2371 1 .45408 | 8 2484 1 .30265 | 14 2447 1 .34940 | 16 2441 1 .35729
    //   53 2366 ½ .46122; Σ(S − E) = 10.5 − 4.96106 = 5.53894; 20 × 5.53894 = 110.78 -> +111: 2450
    expect(ratings.get('FIDE-24223454321')).toBe(2450);
    // ledger history of player 3: every round from his side, colours from the file, byes and absences not rated
    const history = JSON.parse(await ok('history', 'FIDE-70323454321', '--json', '--db', db)) as {
      openingBalances: { ruleSet: string; rating: number; source: string }[];
      tournaments: { ruleSet: string; before: number; after: number; games: { round: number; colour: string | null; opponent: string | null; result: string; rated: string }[] }[];
    };
    expect(history.openingBalances).toEqual([{ date: '2024-12-01', ruleSet: 'fide', rating: 2531, source: 'TRF grandmommyscup' }]);
    expect(history.tournaments[0]).toMatchObject({ ruleSet: 'fide', before: 2531, after: 2523 });
    expect(history.tournaments[0]!.games.slice(0, 3).map((g) => [g.round, g.colour, g.opponent, g.result, g.rated])).toEqual([
      [1, null, null, 'bye (forfeit-loss)', 'no: a bye'],
      [2, 'white', 'FIDE-24223454321', 'win', 'yes'],
      [3, null, null, 'bye (forfeit-loss)', 'no: a bye'],
    ]);
    expect(history.tournaments[0]!.games.filter((g) => g.rated === 'yes')).toHaveLength(11);
  }, 60_000);

  it('--rules uscf-k rates the same file under the USCF K bands instead, by hand', async () => {
    const db = path.join(tempDir('trf-uscf'), 'ledger.db');
    expect(await ok('trf', 'import', C5, '--start', '2025-01-01', '--rules', 'uscf-k', '--db', db)).toMatch(/6 with their rating as opening balance under uscf-k/);
    const { players } = JSON.parse(await ok('list', '--rules', 'uscf-k', '--db', db, '--json')) as { players: { id: string; rating: number }[] };
    const rating = new Map(players.map((p) => [p.id, p.rating]));
    // uscf-k: K 16 above 2400 (seed 004). The same Σ(S − E) as under fide above: 1 +0.92824, 4 −0.94402, 6 −0.93970
    //   16 × 0.92824 = 14.85 -> +15: 2735; 16 × −0.94402 = −15.10 -> −15: 2674; 16 × −0.93970 = −15.04 -> −15: 2649
    expect([rating.get('bbp-dutch_2025_C5-1'), rating.get('bbp-dutch_2025_C5-4'), rating.get('bbp-dutch_2025_C5-6')]).toEqual([2735, 2674, 2649]);
    expect((JSON.parse(await ok('tournament', 'show', 'bbp-dutch_2025_C5', '--json', '--db', db)) as { ruleSet: string }).ruleSet).toBe('uscf-k');
    expect((JSON.parse(await ok('list', '--rules', 'fide', '--db', db, '--json')) as { players: unknown[] }).players).toEqual([]);
  });

  it('matches players by FIDE number: a second tournament adds no player and keeps the ledger\'s rating', async () => {
    const dir = tempDir('trf');
    const db = path.join(dir, 'ledger.db');
    await ok('trf', 'import', GRANDMOMMY, '--rules', 'fide', '--db', db);
    // the same players in another tournament (the same one under another id is refused: test/adapters/cli/recording.test.ts)
    const rerun = path.join(dir, 'grandmommy-rerun.trf');
    fs.writeFileSync(rerun, fs.readFileSync(GRANDMOMMY, 'utf8').replace(/^012 Grandmommy's Cup/m, "012 Grandmommy's Cup, the rerun"));
    const again = await ok('trf', 'import', rerun, '--rules', 'fide', '--db', db);
    expect(again).toMatch(/249 players: 249 with a FIDE number \(249 matched to the ledger's player FIDE-<number>, 0 new\), 0 without; 0 registered; 0 with their rating as opening balance under fide/);
  }, 60_000);

  it.each([
    ['bbp-dutch_2025_C5', C5],
    ['bbp-issue_7', ISSUE7],
    ['grandmommyscup', GRANDMOMMY],
  ])('export writes TRF-2026 that imports to the same facts (%s)', async (id, file) => {
    const dir = tempDir('trf-round-trip');
    const [first, second] = [path.join(dir, 'first.db'), path.join(dir, 'second.db')];
    await ok('trf', 'import', file, '--start', '2025-01-01', '--rules', 'fide', '--db', first);
    const exported = path.join(dir, 'exported.trf');
    await ok('trf', 'export', id, '--out', exported, '--db', first);
    await ok('trf', 'import', exported, '--tournament', id, '--rules', 'fide', '--db', second);
    expect(await factsOf(second)).toEqual(await factsOf(first));
    expect(await ratingsOf(second)).toEqual(await ratingsOf(first));
  }, 120_000);

  it('export writes the arbiters (102, 112) and the final ranks (columns 86-89) the report gave, and they import again', async () => {
    const dir = tempDir('trf-rank');
    const db = path.join(dir, 'ledger.db');
    const source = parseTrf(fs.readFileSync(GRANDMOMMY, 'utf8'), 'g.trf');
    if (E.isLeft(source)) throw source.left;
    expect([source.right.chiefArbiter, source.right.deputyArbiters]).toEqual(['The Chief Arbiter', ['The First Deputy Arbiter', 'The Second Deputy Arbiter']]);
    await ok('trf', 'import', GRANDMOMMY, '--rules', 'fide', '--db', db);
    const exported = path.join(dir, 'exported.trf');
    await ok('trf', 'export', 'grandmommyscup', '--out', exported, '--db', db);
    const text = fs.readFileSync(exported, 'utf8');
    expect(text.split('\r\n').filter((l) => /^1[01]2 /.test(l))).toEqual(['102 The Chief Arbiter', '112 The First Deputy Arbiter', '112 The Second Deputy Arbiter']);
    const again = parseTrf(text, 'exported.trf');
    if (E.isLeft(again)) throw again.left;
    expect(again.right.players.map((p) => [p.startRank, p.rank])).toEqual(source.right.players.map((p) => [p.startRank, p.rank]));
    expect([again.right.chiefArbiter, again.right.deputyArbiters]).toEqual([source.right.chiefArbiter, source.right.deputyArbiters]);
  }, 120_000);

  it('the same file again into a ledger that recorded its tournament before arbiters were kept records nothing', async () => {
    const dir = tempDir('trf-again');
    const db = path.join(dir, 'ledger.db');
    // what an older build recorded: the registration without the 102/112 arbiters
    const older = path.join(dir, 'older.trf');
    fs.writeFileSync(older, fs.readFileSync(GRANDMOMMY, 'utf8').split('\r\n').filter((l) => !/^1[01]2 /.test(l)).join('\r\n'));
    await ok('trf', 'import', older, '--tournament', 'grandmommyscup', '--rules', 'fide', '--db', db);
    const before = await factsOf(db);
    expect(JSON.stringify(before)).not.toContain('Chief Arbiter');
    await ok('trf', 'import', GRANDMOMMY, '--rules', 'fide', '--db', db);
    expect(await factsOf(db)).toEqual(before);
  }, 120_000);

  it('a tournament whose report gave no ranks is ranked by points, players level on points sharing a rank', async () => {
    const dir = tempDir('trf-standings');
    const db = path.join(dir, 'ledger.db');
    // dutch_2025_C5 ranks its six players 1 3 2 5 4 6 by tie-breaks; with columns 86-89 blanked the ledger has only points
    const unranked = path.join(dir, 'c5-unranked.trf');
    fs.writeFileSync(unranked, fs.readFileSync(C5, 'utf8').replace(/^(001 .{81}).{4}/gm, '$1    '));
    await ok('trf', 'import', unranked, '--tournament', 'c5', '--start', '2025-01-01', '--rules', 'fide', '--db', db);
    await ok('trf', 'export', 'c5', '--out', path.join(dir, 'exported.trf'), '--db', db);
    const exported = parseTrf(fs.readFileSync(path.join(dir, 'exported.trf'), 'utf8'), 'exported.trf');
    if (E.isLeft(exported)) throw exported.left;
    // points 2.0 2.0 | 1.0 1.0 | 0.0 0.0 for starting ranks 1, 3 | 2, 5 | 4, 6
    expect(exported.right.players.map((p) => [p.startRank, p.rank])).toEqual([[1, 1], [2, 3], [3, 1], [4, 5], [5, 3], [6, 5]]);
    const ranked = parseTrf(fs.readFileSync(C5, 'utf8'), 'c5.trf');
    if (E.isLeft(ranked)) throw ranked.left;
    expect(ranked.right.players.map((p) => p.rank)).toEqual([1, 3, 2, 5, 4, 6]);
  }, 120_000);
});

/** A 001 record: starting rank, name, rating and round entries `[opponent, colour, result]` at the spec's columns. */
const player001 = (rank: number, name: string, rating: number, rounds: readonly (readonly [number, string, string])[]): string => {
  const line = `001 ${String(rank).padStart(4)}      ${name.padEnd(33)} ${String(rating).padStart(4)}`.padEnd(91);
  return line + rounds.map(([opponent, colour, result]) => `${String(opponent).padStart(4, opponent === 0 ? '0' : ' ')} ${colour} ${result}`).join('  ');
};

interface ShownGame { game: string; round: number; date: string; first: string; second: string | null; firstColour: string | null; result: string; rated: string }
interface Shown { name: string; place: string; startDate: string; endDate: string; ruleSet: string; players: { playerId: string; before: number | null; after: number | null; points: number; rank?: number }[]; games: ShownGame[] }

describe('every result code of the spec (TRF16 and TRF-2026: "1 0 = + - W D L H F U Z", letters in either case)', () => {
  // Fourteen players at 2000 (3 at 2100), established: FIDE K = 20 below 2400. Round 1 and 2 give each code once.
  const file = [
    '012 Result codes', '022 Oslo', '042 2026/03/01', '052 2026/03/02', '132' + ' '.repeat(88) + '26/03/01  26/03/02',
    player001(1, 'One, A', 2000, [[2, 'w', '1']]),
    player001(2, 'Two, B', 2000, [[1, 'b', '0']]),
    player001(3, 'Three, C', 2100, [[4, 'w', '=']]),
    player001(4, 'Four, D', 2000, [[3, 'b', '=']]),
    player001(5, 'Five, E', 2000, [[6, 'w', '+']]),
    player001(6, 'Six, F', 2000, [[5, 'b', '-']]),
    player001(7, 'Seven, G', 2000, [[8, 'w', '-']]),
    player001(8, 'Eight, H', 2000, [[7, 'b', '-']]),
    player001(9, 'Nine, I', 2000, [[10, 'w', 'W'], [10, 'b', 'l']]),
    player001(10, 'Ten, J', 2000, [[9, 'b', 'L'], [9, 'w', 'w']]),
    player001(11, 'Eleven, K', 2000, [[12, 'w', 'D'], [0, '-', '+']]),
    player001(12, 'Twelve, L', 2000, [[11, 'b', 'D'], [0, '-', '-']]),
    player001(13, 'Thirteen, M', 2000, [[0, '-', 'H'], [0, '-', 'U']]),
    player001(14, 'Fourteen, N', 2000, [[0, '-', 'F'], [0, '-', 'z']]),
    player001(15, 'Fifteen, O', 2000, [[16, 'w', '0']]),
    player001(16, 'Sixteen, P', 2000, [[15, 'b', '1']]),
  ].join('\n');
  let shown: Shown;
  let exported = '';
  const game = (id: string): ShownGame => shown.games.find((g) => g.game === id)!;
  const change = (rank: number): number | null => {
    const p = shown.players.find((q) => q.playerId === `codes-${rank}`)!;
    return p.after === null || p.before === null ? null : p.after - p.before;
  };

  beforeAll(async () => {
    const dir = tempDir('trf-codes');
    const trf = path.join(dir, 'codes.trf');
    fs.writeFileSync(trf, file);
    const db = path.join(dir, 'ledger.db');
    await ok('trf', 'import', trf, '--rules', 'fide', '--db', db);
    shown = JSON.parse(await ok('tournament', 'show', 'codes', '--json', '--db', db)) as Shown;
    exported = path.join(dir, 'exported.trf');
    await ok('trf', 'export', 'codes', '--out', exported, '--db', db);
  }, 60_000);

  // [code, game id, the first player's result as tournament show gives it, rated, rating changes of the two players]
  it.each([
    // E = 0.5 between equals: 20 × (1 − 0.5) = +10
    ['1', 'r1-1-2', 'win', 'yes', [1, 10], [2, -10]],
    ['0', 'r1-15-16', 'loss', 'yes', [15, -10], [16, 10]],
    // 3 (2100) draws 4 (2000): E = 1/(1 + 10^(−100/400)) = 0.64007; 20 × (0.5 − 0.64007) = −2.80 → −3, and +3
    ['=', 'r1-3-4', 'draw', 'yes', [3, -3], [4, 3]],
    ['+ (forfeit win; its opponent\'s "-")', 'r1-5-6', 'forfeit-win', 'no: a forfeit', [5, 0], [6, 0]],
    ['- on both lines (double forfeit)', 'r1-7-8', 'unplayed', 'no: not played', [7, 0], [8, 0]],
    ['W (win in less than one move)', 'r1-9-10', '1-0 (played, not rated)', 'no: less than one move played', [9, 0], [10, 0]],
    ['D', 'r1-11-12', '½-½ (played, not rated)', 'no: less than one move played', [11, 0], [12, 0]],
    ['l (L in small letters; its opponent\'s "w")', 'r2-10-9', '1-0 (played, not rated)', 'no: less than one move played', [9, 0], [10, 0]],
    ['H', 'r1-13-bye', 'bye (half-point)', 'no: a bye', [13, 0], [13, 0]],
    ['F', 'r1-14-bye', 'bye (full-point)', 'no: a bye', [14, 0], [14, 0]],
    ['U', 'r2-13-bye', 'bye (pairing-allocated)', 'no: a bye', [13, 0], [13, 0]],
    ['z (Z in small letters)', 'r2-14-bye', 'bye (zero-point)', 'no: a bye', [14, 0], [14, 0]],
    ['0000 - + (a point without a game)', 'r2-11-bye', 'bye (forfeit-win)', 'no: a bye', [11, 0], [11, 0]],
    ['0000 - - (absent)', 'r2-12-bye', 'bye (forfeit-loss)', 'no: a bye', [12, 0], [12, 0]],
  ] as const)('%s: recorded as %s and rated as the spec says', (_code, id, result, rated, [a, da], [b, db]) => {
    expect({ result: game(id).result, rated: game(id).rated }).toEqual({ result, rated });
    // a player without any rated game keeps his rating exactly
    expect([change(a), change(b)]).toEqual([da, db]);
  });

  it('the tournament records as written: 012 name, 022 city, 042/052 dates, 132 round dates on the games', () => {
    expect(shown).toMatchObject({ name: 'Result codes', place: 'Oslo', startDate: '2026-03-01', endDate: '2026-03-02', ruleSet: 'fide' });
    expect([game('r1-1-2').date, game('r2-10-9').date, game('r2-14-bye').date]).toEqual(['2026-03-01', '2026-03-02', '2026-03-02']);
  });

  it('points as the spec counts them, and the export writes every code back (W/L as the winner\'s W, byes with 0000)', () => {
    const points = Object.fromEntries(shown.players.map((p) => [p.playerId.replace('codes-', ''), p.points]));
    // W 1, D ½, H ½, F 1, U 1, Z 0, "0000 - +" 1, "0000 - -" 0
    expect(points).toMatchObject({ 9: 1, 10: 1, 11: 1.5, 12: 0.5, 13: 1.5, 14: 1, 5: 1, 6: 0, 7: 0, 8: 0 });
    const parsed = parseTrf(fs.readFileSync(exported, 'utf8'), 'exported.trf');
    if (E.isLeft(parsed)) throw parsed.left;
    const source = parseTrf(file, 'codes.trf');
    if (E.isLeft(source)) throw source.left;
    expect(parsed.right.version).toBe('TRF-2026');
    expect(parsed.right.players.map((p) => p.rounds)).toEqual(source.right.players.map((p) => p.rounds.map((r) => ({ ...r, result: r.result.toUpperCase() }))));
  });
});

describe('trf export of a tournament the ledger did not get from a TRF file', () => {
  it('writes TRF-2026 that imports into another ledger as the same tournament, and exports again to the same file', async () => {
    const dir = tempDir('trf-own');
    const [source, target] = [path.join(dir, 'source.db'), path.join(dir, 'target.db')];
    for (const [id, family, given, country] of [['FIDE-1001', 'Hansen', 'Ola', 'NO'], ['FIDE-1002', 'Berg', 'Kari', 'NO'], ['P3', 'Dahl', 'Per', 'SE'], ['FIDE-1004', 'Lund', 'Eva', 'DK']]) {
      await ok('player', 'add', '--id', id!, '--family', family!, '--given', given!, '--country', country!, '--date', '2026-01-01', '--db', source);
    }
    await ok('tournament', 'add', '--id', 'club', '--name', 'Club championship', '--place', 'Oslo', '--start', '2026-03-01', '--end', '2026-03-02', '--system', 'fide', '--entrants', 'FIDE-1001,FIDE-1002,P3,FIDE-1004', '--db', source);
    const games = path.join(dir, 'games.csv');
    fs.writeFileSync(games, [
      'game,tournament,round,first,second,result,date',
      'g1,club,1,FIDE-1001,FIDE-1002,win,2026-03-01', 'g2,club,1,P3,FIDE-1004,draw,2026-03-01',
      'g3,club,2,FIDE-1001,P3,forfeit-win,2026-03-01', 'g4,club,2,FIDE-1002,FIDE-1004,loss,2026-03-01',
      'g5,club,3,FIDE-1004,FIDE-1001,loss,2026-03-02', 'g6,club,3,FIDE-1002,,bye,2026-03-02', 'g7,club,3,P3,,bye,2026-03-02',
    ].join('\n'));
    await ok('game', 'report', '--csv', games, '--db', source);
    await ok('tournament', 'close', '--id', 'club', '--date', '2026-03-02', '--db', source);
    const first = path.join(dir, 'first.trf');
    await ok('trf', 'export', 'club', '--out', first, '--db', source);
    expect(await ok('trf', 'import', first, '--tournament', 'club', '--rules', 'fide', '--db', target)).toMatch(/3 with a FIDE number \(0 matched to the ledger's player FIDE-<number>, 3 new\), 1 without \(players club-<starting rank>: names are never matched\)/);
    const second = path.join(dir, 'second.trf');
    await ok('trf', 'export', 'club', '--out', second, '--db', target);
    expect(fs.readFileSync(second, 'utf8')).toBe(fs.readFileSync(first, 'utf8'));
    // the same tournament: players by starting rank (P3 is "club-3" there), every game's round, players, result, rating verdict
    const view = async (db: string, rename: Record<string, string>) => {
      const t = JSON.parse(await ok('tournament', 'show', 'club', '--json', '--db', db)) as Shown & { name: string; place: string; startDate: string; endDate: string; ruleSet: string };
      const id = (p: string | null) => (p === null ? null : rename[p] ?? p);
      // a game without colours is the lower starting rank's in a TRF file: each game as its lower id's, by round
      const flip: Record<string, string> = { win: 'loss', loss: 'win', draw: 'draw', 'forfeit-win': 'forfeit-loss', 'forfeit-loss': 'forfeit-win' };
      const games = t.games.map((g) => {
        const [a, b] = [id(g.first)!, id(g.second)];
        const swap = b !== null && g.firstColour === null && b < a;
        return { round: g.round, date: g.date, first: swap ? b : a, second: swap ? a : b, result: swap ? flip[g.result] ?? g.result : g.result, rated: g.rated };
      });
      games.sort((x, y) => x.round - y.round || (x.first < y.first ? -1 : 1));
      return { ...t, players: t.players.map((p) => ({ ...p, playerId: id(p.playerId) })), games };
    };
    const before = await view(source, {});
    const after = await view(target, { 'club-3': 'P3' });
    // a closing without final ranks shows the standings by points, level players sharing a rank, as the file's
    // columns 86-89 write them; what TRF spells otherwise: a bye without a kind is written as U (pairing-allocated, one point)
    expect(before.players.map((p) => p.rank)).toEqual([1, 4, 2, 2]);
    expect(after).toEqual({
      ...before,
      games: before.games.map((g) => (g.result === 'bye' ? { ...g, result: 'bye (pairing-allocated)' } : g)),
    });
    expect(before.games).toHaveLength(7);
    // into the ledger it came from, under its own id: the file's player without a FIDE number is another id there
    const back = await ledger('trf', 'import', first, '--tournament', 'club', '--rules', 'fide', '--db', source, '--actor', 'officer');
    expect(back).toMatchObject({ code: 1, err: `ledger: ${first}: tournament "club" is already registered with other details (entrants differ); nothing of ${first} was recorded\n` });
  }, 120_000);
});
