/**
 * European Go Database tournament tables (A. Cieply, "Tournament table format", gemma.ujf.cas.cz/~cieply/GO/format.html)
 * through the ledger, rated under gobase-go (seed 003, ../shared/rules/gobase-go.md).
 *
 * No real EGD table is in test/fixtures yet (none was found in the public corpora this project may copy from; see
 * test/fixtures/egd/README.md): `constructed-ledger-cup.h` is written for this test, in the layout OpenGotha and
 * Pairgoth export (place, name, grade, country, club, MMS, one result per round, `|PIN`).
 */
import * as fs from 'fs';
import * as path from 'path';
import * as E from 'fp-ts/Either';
import { describe, expect, it } from 'vitest';
import { parseEgd } from '../../src/adapters/formats/egd';
import { FIXTURES, ledger, tempDir } from './helpers';

const CUP = path.join(FIXTURES, 'egd', 'constructed-ledger-cup.h');

const ok = async (...argv: string[]): Promise<string> => {
  const r = await ledger(...argv, '--actor', 'officer');
  if (r.code !== 0) throw new Error(`${argv.join(' ')}: ${r.err}`);
  return r.out;
};

describe('EGD tables read as the format describes them', () => {
  it('reads the header, the players, the results with colours and stones, and the free rounds', () => {
    const parsed = parseEgd(fs.readFileSync(CUP, 'utf8'), 'cup.h');
    if (E.isLeft(parsed)) throw parsed.left;
    const t = parsed.right;
    expect([t.tournamentClass, t.name, t.place, t.startDate, t.endDate, t.handicapRule, t.komi]).toEqual(['B', 'Ledger test cup', 'NO, Oslo', '2026-05-02', '2026-05-03', 'h9', '7.5']);
    // names join words with "_" (Pairgoth: "FFG/EGF convention: no spaces in name/firstname"); country and club may be left out
    expect(t.players.map((p) => [p.familyName, p.givenName, p.rank, p.country, p.club, p.pin])).toEqual([
      ['Hansen-Lie', 'Ola', '4-dan', 'NO', 'Oslo', '11111111'],
      ['Berg', 'Kari', '3-dan', 'NO', 'Oslo', '22222222'],
      ['Dahl', 'Per Olav', '1-kyu', 'SE', 'Stoc', '33333333'],
      ['Lund', 'Eva', '2-kyu', '', '', null],
    ]);
    // "4+/b2": Black, two stones; Black is the first player of a game
    expect(t.games[1]).toEqual({ round: 1, first: 3, second: 4, firstColour: 'black', symbol: '+', bothLost: false, stones: 2, unplayed: false });
    // "3+/b" is "3+/b0" ("23+/w (equivalent to 23+/w0)")
    expect(t.games.find((g) => g.round === 3)).toMatchObject({ first: 2, second: 3, stones: 0, symbol: '+' });
    // "0+ a free win", "0- a free round"
    expect(t.byes).toEqual([{ round: 3, player: 1, symbol: '+' }, { round: 3, player: 4, symbol: '-' }]);
  });

  it('names the line of the first fault', () => {
    const fault = (edit: (text: string) => string) => {
      const parsed = parseEgd(edit(fs.readFileSync(CUP, 'utf8')), 'cup.h');
      return E.isLeft(parsed) ? parsed.left.message : 'accepted';
    };
    expect(fault((t) => t.replace('2-/b0   0-', '2+/b0   0-'))).toBe('cup.h, line 11, round 2: player 2 has "4+/w", but line 13 of player 4 has "2+/b" in that round; the two lines must name each other with opposite results and colours and the same stones');
    expect(fault((t) => t.replace('4+/b2', '4+/b3'))).toMatch(/^cup\.h, line 12, round 1: player 3 has "4\+\/b3", but line 13 of player 4 has "3-\/w2"/);
    expect(fault((t) => t.replace('   0-\n', '\n'))).toBe('cup.h, line 13, results: 2 results, but line 10 has 3; every player has one result per round');
    expect(fault((t) => t.replace(' 1k SE', ' 31k SE'))).toBe('cup.h, line 12, grade: "31k" is not a grade (1k to 30k, 1d to 9d, 1p to 9p)');
    expect(fault((t) => t.replace('; DT[2026-05-02,2026-05-03]', '; DT[2026-05-32]'))).toBe('cup.h, line 4, DT: expected the dates as "; DT[YYYY-MM-DD,YYYY-MM-DD]", got "2026-05-32"');
  });
});

describe('ledger egd import: rated under gobase-go', () => {
  it('rates as a hand calculation does, with handicap games and free rounds recorded but not rated', async () => {
    const db = path.join(tempDir('egd'), 'ledger.db');
    expect(await ok('egd', 'import', CUP, '--db', db)).toMatch(/4 players \(4 new, 4 starting from their grade under gobase-go\), 5 games, 2 free rounds; 17 facts recorded/);
    const { players } = JSON.parse(await ok('ratings', '--rules', 'gobase-go', '--db', db, '--json')) as { players: { playerId: string; rating: number }[] };
    const rating = new Map(players.map((p) => [p.playerId, p.rating]));
    // Starting ratings from the grade (seed 003 scale): 4d 2200, 3d 2100, 1k 1800, 2k 1700. C = 30 below 2200 and
    // (2200 − R)/15 + 30 = 30 at 2200; Se = Φ(D/200); per event Δ = Σ C·(S − Se), rounded once.
    // Player 1 (2200) beat 2 (2100) and 3 (1800): Se = Φ(0.5) = 0.691462, Φ(2) = 0.977250;
    //   30 × (0.308538 + 0.022750) = 9.939 -> +10: 2210
    expect(rating.get('EGD-11111111')).toBe(2210);
    // Player 2 (2100) lost to 1, beat 4 (1700) and 3 (1800, "3+/b": even): Se = Φ(−0.5) = 0.308538, Φ(2), Φ(1.5) = 0.933193;
    //   30 × (−0.308538 + 0.022750 + 0.066807) = 30 × −0.218981 = −6.569 -> −7: 2093
    expect(rating.get('EGD-22222222')).toBe(2093);
    // Player 3 (1800): round 1 had two stones (not rated); lost to 1 and 2: Se = Φ(−2) = 0.022750, Φ(−1.5) = 0.066807;
    //   30 × −0.089557 = −2.687 -> −3: 1797
    expect(rating.get('EGD-33333333')).toBe(1797);
    // Player 4 (1700, no PIN: a new player "<tournament>-4"): lost to 2: 30 × −0.022750 = −0.68 -> −1: 1699
    expect(rating.get('constructed-ledger-cup-4')).toBe(1699);
    expect(await ok('egd', 'import', CUP, '--db', db)).toMatch(/all already in the ledger, nothing recorded\n$/);
  });
});
