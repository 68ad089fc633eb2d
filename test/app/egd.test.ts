/**
 * European Go Database tournament tables (A. Cieply, "Tournament table format", gemma.ujf.cas.cz/~cieply/GO/format.html)
 * through the ledger, rated under gobase-go (seed 003, ../shared/rules/gobase-go.md) with `--rules gobase-go`; the default,
 * egd-gor, is held to published GoR in test/adapters/cli/egd-gor-import.test.ts.
 *
 * Real tables (test/fixtures/egd/README.md: OpenGotha's exports of the European Go Congress 2013 main tournament, the
 * Tournoi de Juvisy 2019 and an Istanbul online tournament, GPL-2.0) and `constructed-ledger-cup.h`, written for this
 * test in the layout OpenGotha and Pairgoth export with EGD PINs (the real ones carry none).
 */
import * as fs from 'fs';
import * as path from 'path';
import * as E from 'fp-ts/Either';
import { describe, expect, it } from 'vitest';
import { decodeEgd, parseEgd } from '../../src/adapters/formats/egd';
import type { EgdTournament } from '../../src/app/egd-table';
import { FIXTURES, ledger, tempDir } from '../support/helpers';

const CUP = path.join(FIXTURES, 'egd', 'constructed-ledger-cup.h');
const EGC = path.join(FIXTURES, 'egd', 'opengotha-egc2013.h9');
const JUVISY = path.join(FIXTURES, 'egd', 'opengotha-tournoi-de-juvisy.h9');
const ISTANBUL = path.join(FIXTURES, 'egd', 'opengotha-ioct_20_02.h9');

const table = (file: string, edit: (text: string) => string = (t) => t): EgdTournament | string => {
  const parsed = parseEgd(edit(decodeEgd(fs.readFileSync(file))), path.basename(file));
  return E.isLeft(parsed) ? parsed.left.message : parsed.right;
};
const tableOf = (file: string): EgdTournament => {
  const t = table(file);
  if (typeof t === 'string') throw new Error(t);
  return t;
};

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
    const [sentence, ...changes] = (await ok('egd', 'import', CUP, '--rules', 'gobase-go', '--db', db)).split('\n');
    expect(sentence).toBe(
      `${CUP}: tournament constructed-ledger-cup "Ledger test cup", 4 players: 3 with an EGD PIN (0 matched to the ledger's player EGD-<PIN>, 3 new), ` +
        '1 without (players constructed-ledger-cup-<place>: names are never matched); 4 registered; 4 starting from their grade under gobase-go; 5 games, 2 free rounds; 17 facts recorded',
    );
    // then each player's change, before (from his grade) and after (held to the list in import-consequences.test.ts)
    expect(changes.slice(2, 6).map((line) => line.split(/ +/)[0])).toEqual(Array(4).fill('constructed-ledger-cup'));
    const { players } = JSON.parse(await ok('list', '--rules', 'gobase-go', '--db', db, '--json')) as { players: { id: string; rating: number }[] };
    const rating = new Map(players.map((p) => [p.id, p.rating]));
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
    expect(await ok('egd', 'import', CUP, '--rules', 'gobase-go', '--db', db)).toMatch(/3 with an EGD PIN \(3 matched to the ledger's player EGD-<PIN>, 0 new\), .*; 0 registered; .*all already in the ledger, nothing recorded\n$/);
  });
});

describe('real EGD tables (OpenGotha exports)', () => {
  it('reads the European Go Congress 2013: 594 players, shared places without a number, results given by default', () => {
    const t = tableOf(EGC);
    expect([t.tournamentClass, t.name, t.place, t.startDate, t.endDate, t.handicapRule, t.komi]).toEqual(['A', 'EGC2013main', 'Olsztyn', '2013-07-28', '2013-08-10', 'h3', '6.5']);
    expect([t.players.length, t.games.length, t.byes.length]).toEqual([594, 2259, 1422]);
    // line 29 shares place 17 with the line above and has no number: it is the table's 18th line, which others name
    expect(t.players[17]).toMatchObject({ line: 29, place: 18, familyName: 'Papazoglou', givenName: 'Benjamin', rank: '5-dan', country: 'FR', club: '35Re', pin: null });
    expect(t.games.find((g) => g.round === 2 && g.first === 18)).toMatchObject({ second: 132, firstColour: 'black', symbol: '+' });
    // "22+!w0" on line 17 (Silt) and "6-!b0" on line 33 (Vashurov): a result given by default, 33 such games in the table
    expect(t.games.find((g) => g.round === 8 && g.first === 22)).toEqual({ round: 8, first: 22, second: 6, firstColour: 'black', symbol: '-', bothLost: false, stones: 0, unplayed: true });
    expect(t.games.filter((g) => g.unplayed)).toHaveLength(33);
    // "39? 389? 0 0": score columns marked as ties and padding are not results; "Zeno_van" is two given names' words
    expect(t.players[21]!.results).toHaveLength(10);
    expect(t.players[61]).toMatchObject({ familyName: 'Ditzhuijzen', givenName: 'Zeno van' });
  });

  it('reads the ISO-8859-15 names of the Tournoi de Juvisy and the handicap stones of its games', () => {
    const t = tableOf(JUVISY);
    expect(t.players.filter((p) => /[^ -~]/.test(p.givenName)).map((p) => `${p.familyName} ${p.givenName}`)).toEqual(['Nemo André', 'Burq François', 'Moscardo Léo']);
    expect([t.players.length, t.games.length, t.games.filter((g) => g.stones > 0).length, t.byes.length]).toEqual([19, 36, 19, 4]);
    // "15+/w4" on line 12: White gave four stones, so 15 is Black, the first player
    expect(t.games.find((g) => g.round === 4 && g.second === 1)).toMatchObject({ first: 15, firstColour: 'black', symbol: '-', stones: 4 });
    expect(tableOf(ISTANBUL)).toMatchObject({ name: 'Istanbul Online City Tournament 2020/02', place: 'TR, Istanbul', tournamentClass: 'D', handicapRule: '' });
  });

  it('refuses what an officer must settle first, naming the file, line and round', () => {
    // OpenGotha writes "?" for a game paired but without a result (its ScoredPlayer.halfGamesStrings)
    expect(table(JUVISY, (t) => t.replace('4+/b0    1-/w0', '4?/b0    1-/w0'))).toBe('opengotha-tournoi-de-juvisy.h9, line 14, round 1: the game against player 4 has no result ("4?/b0"); a table is imported once every game has its result');
    // a round written as a bare "?" (another reader's notes, Jonii/go-record-parser, call it an unknown result)
    expect(table(JUVISY, (t) => t.replace('4+/b0    1-/w0', '?    1-/w0'))).toBe('opengotha-tournoi-de-juvisy.h9, line 14, round 1: "?" gives no result for this round; write it (such as 12+/w, 3-/b2, or 0+, 0-, 0= for a round without a game) and import the table again');
    expect(table(EGC, (t) => t.replace('   1 Fan Hui ', '     Fan Hui '))).toBe('opengotha-egc2013.h9, line 12, place: expected the player\'s place (1, 2, …) first, got "Fan"; only a line after the first may leave out a place it shares');
    // a colour left unknown ("/?0") on both lines is a game without colours; on one line only the lines disagree
    expect(table(ISTANBUL, (t) => t.replace('2+/w2', '2+/?2').replace('1-/b2', '1-/?2'))).toBe('opengotha-ioct_20_02.h9, line 11, round 3: 2 handicap stones need the colours (/b or /w)');
  });
});

describe('ledger egd import of real tables: gobase-go ratings by hand', () => {
  const ratingsAfter = async (file: string): Promise<Map<string, number>> => {
    const db = path.join(tempDir('egd-real'), 'ledger.db');
    await ok('egd', 'import', file, '--rules', 'gobase-go', '--db', db);
    const { players } = JSON.parse(await ok('list', '--rules', 'gobase-go', '--db', db, '--json')) as { players: { id: string; rating: number }[] };
    return new Map(players.map((p) => [p.id, p.rating]));
  };

  it('European Go Congress 2013: every player new, from the grade; a result given by default is never rated', async () => {
    const db = path.join(tempDir('egd-egc'), 'ledger.db');
    expect(await ok('egd', 'import', EGC, '--rules', 'gobase-go', '--db', db)).toMatch(/"EGC2013main", 594 players: 0 with an EGD PIN \(0 matched to the ledger's player EGD-<PIN>, 0 new\), 594 without \(players opengotha-egc2013-<place>: names are never matched\); 594 registered; 594 starting from their grade under gobase-go; 2259 games, 1422 free rounds; \d+ facts recorded/);
    const { players } = JSON.parse(await ok('list', '--rules', 'gobase-go', '--db', db, '--json')) as { players: { id: string; rating: number }[] };
    const rating = new Map(players.map((p) => [p.id, p.rating]));
    // No PINs in the table: players are "<tournament>-<place>". Grades: 7d 2500, 6d 2400, 5d 2300, 4d 2200 (seed 003
    // scale); C(2500) = (2200 − 2500)/15 + 30 = 10, C(2400) = 16.667, C(2200) = 30; Se = Φ(D/200); Δ = Σ C·(S − Se).
    // 1 Fan Hui (7d) won all ten: one 5d (1 − Φ(1) = 0.158655), eight 6d (1 − Φ(0.5) = 0.308538 each), one 7d (0.5):
    //   10 × (0.158655 + 2.468304 + 0.5) = 31.27 -> +31: 2531
    expect(rating.get('opengotha-egc2013-1')).toBe(2531);
    // 44 Zhu Xiaojun (4d) beat two 5d in rounds 1-2, then left (0= eight times, free rounds, not rated):
    //   30 × 2 × (1 − Φ(−0.5)) = 30 × 2 × 0.691462 = 41.49 -> +41: 2241
    expect(rating.get('opengotha-egc2013-44')).toBe(2241);
    // 6 Silt Ondrej (6d): won against four 5d (0.308538 each) and two 4d (0.158655 each), lost to two 6d (−0.5 each),
    // beat one 6d (+0.5); round 8 "22+!w0" was given by default and is not rated:
    //   16.667 × (1.234152 + 0.317311 − 1 + 0.5) = 16.667 × 1.051463 = 17.52 -> +18: 2418 (rated, it would be 2423)
    expect(rating.get('opengotha-egc2013-6')).toBe(2418);
  });

  it('Tournoi de Juvisy and Istanbul: handicap games recorded, not rated', async () => {
    const juvisy = await ratingsAfter(JUVISY);
    // 1 Minieri (3d, 2100) beat 2 (3d), 3 (1d, 1900) and 4 (2d, 2000) in even games; round 4 "15+/w4" had four stones:
    //   30 × (0.5 + (1 − Φ(1)) + (1 − Φ(0.5))) = 30 × 0.967193 = 29.02 -> +29: 2129
    expect(juvisy.get('opengotha-tournoi-de-juvisy-1')).toBe(2129);
    // 2 Daguenet (3d) lost to 1 (3d) and had three free rounds: 30 × −0.5 = −15: 2085
    expect(juvisy.get('opengotha-tournoi-de-juvisy-2')).toBe(2085);
    // 3 Lemoine (1d, 1900) beat 4 (2d), lost to 1 (3d), beat 5 (2k, 1700); round 3 "9+/w1" had one stone:
    //   30 × ((1 − Φ(−0.5)) − Φ(−1) + (1 − Φ(1))) = 30 × 0.691462 = 20.74 -> +21: 1921
    expect(juvisy.get('opengotha-tournoi-de-juvisy-3')).toBe(1921);
    const istanbul = await ratingsAfter(ISTANBUL);
    // 2 Kibar Banu (9k, 1000) beat 4 Ozgan Etkin (9k) even ("4+/w0"); her other games had 9 and 2 stones: ±15
    expect([istanbul.get('opengotha-ioct_20_02-2'), istanbul.get('opengotha-ioct_20_02-4')]).toEqual([1015, 985]);
  });
});

describe('what an officer sees after an EGD import (tournament show)', () => {
  interface Shown {
    tournamentClass?: string; handicapRule?: string; komi?: string; place: string; startDate: string; endDate: string; ruleSet: string;
    players: { playerId: string; name: string; before: number | null; after: number | null; points: number }[];
    games: { game: string; round: number; first: string; firstColour: string | null; second: string | null; result: string; handicapStones?: number; rated: string }[];
  }

  it('keeps the header (class, handicap rule, komi), every game\'s colours and stones, and the free rounds (Tournoi de Juvisy)', async () => {
    const db = path.join(tempDir('egd-show'), 'ledger.db');
    await ok('egd', 'import', JUVISY, '--rules', 'gobase-go', '--db', db);
    const shown = JSON.parse(await ok('tournament', 'show', 'opengotha-tournoi-de-juvisy', '--json', '--db', db)) as Shown;
    // "; CL[A]", "; PC[,Juvisy]", "; DT[2019-10-26,2019-10-28]", "; HA[h1]", "; KM[7.5]"
    expect(shown).toMatchObject({ tournamentClass: 'A', handicapRule: 'h1', komi: '7.5', place: 'Juvisy', startDate: '2019-10-26', endDate: '2019-10-28', ruleSet: 'gobase-go' });
    const id = (place: number) => `opengotha-tournoi-de-juvisy-${place}`;
    const game = (round: number, place: number) => shown.games.find((g) => g.round === round && (g.first === id(place) || g.second === id(place)))!;
    // line 12, round 4 "15+/w4": Minieri (1) won with White giving four stones; Black (15) is the first player
    expect(game(4, 1)).toEqual({ game: 'r4-15-1', round: 4, date: '2019-10-28', first: id(15), firstColour: 'black', second: id(1), result: 'loss', handicapStones: 4, rated: 'no: 4 handicap stones', status: '' });
    // round 1 "2+/w0": an even game, rated
    expect(game(1, 1)).toMatchObject({ first: id(2), firstColour: 'black', second: id(1), result: 'loss', rated: 'yes' });
    expect(game(1, 1).handicapStones).toBeUndefined();
    // line 13: Daguenet's "0=" three times, free rounds with half a point each
    expect([2, 3, 4].map((round) => game(round, 2))).toEqual([2, 3, 4].map(() => expect.objectContaining({ second: null, result: 'bye (half-point)', rated: 'no: a bye' })));
    expect(shown.players.find((p) => p.playerId === id(2))).toMatchObject({ name: 'Daguenet Mathieu', before: 2100, after: 2085, points: 1.5 });
    // ledger history of a go player: his games from his side of the board. 15 Pinchard (4k, 1400) played every game
    // as Black with stones (1, 4, 4, 4), so none was rated and his rating is the grade's
    const history = JSON.parse(await ok('history', id(15), '--json', '--db', db)) as {
      openingBalances: { ruleSet: string; rating: number }[];
      tournaments: { ruleSet: string; before: number | null; after: number | null; games: { round: number; colour: string; opponent: string; result: string; handicapStones?: number; rated: string }[] }[];
    };
    expect(history.openingBalances).toMatchObject([{ ruleSet: 'gobase-go', rating: 1400 }]);
    expect(history.tournaments).toHaveLength(1);
    expect(history.tournaments[0]!.games.map((g) => [g.round, g.colour, g.opponent, g.result, g.handicapStones, g.rated])).toEqual([
      [1, 'black', id(9), 'loss', 1, 'no: 1 handicap stone'],
      [2, 'black', id(4), 'loss', 4, 'no: 4 handicap stones'],
      [3, 'black', id(5), 'loss', 4, 'no: 4 handicap stones'],
      [4, 'black', id(1), 'loss', 4, 'no: 4 handicap stones'],
    ]);
    // Minieri (1): White in round 4 against 15's four stones; his even games rated, 2100 -> 2129
    const minieri = JSON.parse(await ok('history', id(1), '--rules', 'gobase-go', '--json', '--db', db)) as typeof history;
    expect(minieri.tournaments[0]).toMatchObject({ ruleSet: 'gobase-go', before: 2100, after: 2129 });
    expect(minieri.tournaments[0]!.games[3]).toEqual({ game: 'r4-15-1', round: 4, colour: 'white', opponent: id(15), result: 'win', handicapStones: 4, rated: 'no: 4 handicap stones' });
    // the text a terminal shows names the colours and stones too
    const text = await ok('tournament', 'show', 'opengotha-tournoi-de-juvisy', '--db', db);
    expect(text).toContain('class A, handicap rule h1, komi 7.5');
    expect(text).toMatch(/r4-15-1 +4 +2019-10-28 +opengotha-tournoi-de-juvisy-15 +black +opengotha-tournoi-de-juvisy-1 +white +loss +4 +no: 4 handicap stones/);
  });

  it('a jigo ("3=/b", and "3=" without colours) is a draw, rated; "4+/b2" keeps Black and two stones, not rated', async () => {
    const dir = tempDir('egd-jigo');
    const shownAfter = async (name: string, edit: (t: string) => string) => {
      const file = path.join(dir, `${name}.h`);
      fs.writeFileSync(file, edit(fs.readFileSync(CUP, 'utf8')));
      const db = path.join(dir, `${name}.db`);
      await ok('egd', 'import', file, '--rules', 'gobase-go', '--db', db);
      return JSON.parse(await ok('tournament', 'show', name, '--json', '--db', db)) as Shown;
    };
    // round 3 of the cup: line 11 "3+/b" (2 beat 3 with Black) and line 12 "2-/w"
    const coloured = await shownAfter('jigo', (t) => t.replace('3+/b    |', '3=/b    |').replace('2-/w    |', '2=/w    |'));
    expect(coloured.games.find((g) => g.round === 3 && g.second !== null)).toMatchObject({ game: 'r3-2-3', first: 'EGD-22222222', firstColour: 'black', second: 'EGD-33333333', result: 'draw', rated: 'yes' });
    const bare = await shownAfter('jigo-bare', (t) => t.replace('3+/b    |', '3=      |').replace('2-/w    |', '2=      |'));
    expect(bare.games.find((g) => g.round === 3 && g.second !== null)).toMatchObject({ game: 'r3-2-3', firstColour: null, result: 'draw', rated: 'yes' });
    // 2 (2100) and 3 (1800) drew: Se = Φ(300/200) = 0.933193 for 2; 30 × (0.5 − 0.933193) = −13.0 in that game
    const [two, three] = ['EGD-22222222', 'EGD-33333333'].map((id) => bare.players.find((p) => p.playerId === id)!);
    // 2: −0.308538 + 0.022750 (rounds 1, 2) − 0.433193 = −0.718981 × 30 = −21.57 -> −22; 3: −0.022750 (round 2) + 0.433193 = 0.410443 × 30 = 12.31 -> +12
    expect([two!.after! - two!.before!, three!.after! - three!.before!]).toEqual([-22, 12]);
    expect(bare.games.find((g) => g.round === 1 && g.first === 'EGD-33333333')).toMatchObject({ firstColour: 'black', handicapStones: 2, result: 'win', rated: 'no: 2 handicap stones' });
  });

  it('the same table again without --rules keeps the rule set it was imported under, and records nothing', async () => {
    const db = path.join(tempDir('egd-rules-again'), 'ledger.db');
    await ok('egd', 'import', CUP, '--rules', 'gobase-go', '--db', db);
    expect(await ok('egd', 'import', CUP, '--db', db)).toMatch(/; 0 starting from their grade under gobase-go; .*all already in the ledger, nothing recorded\n$/);
  });

  it('the same table again into a ledger that registered it before the header was kept records nothing', async () => {
    const dir = tempDir('egd-again');
    const db = path.join(dir, 'ledger.db');
    const older = path.join(dir, 'constructed-ledger-cup.h');
    fs.writeFileSync(older, fs.readFileSync(CUP, 'utf8').replace(/^; (CL|HA|KM)\[.*\n/gm, ''));
    await ok('egd', 'import', older, '--db', db);
    expect(await ok('egd', 'import', CUP, '--db', db)).toMatch(/; all already in the ledger, nothing recorded\n$/);
  });
});
