import type { SeasonDescription, SeasonGame, SeasonResult, SeasonTournament } from './season';

/** The acceptance seasons of fide, uscf-k and gobase-go (issue 29): plain descriptions for test/support/season.ts. */

/**
 * Two tournaments a weekend, three weekends: six tournaments listed at three dates (a list process per date and side
 * of the correction). The two of a weekend have no player in common, so the order the ledger rates them in does not
 * matter.
 */
const DATES = ['2026-02-07', '2026-02-07', '2026-04-04', '2026-04-04', '2026-06-06', '2026-06-06'];

/** `'P01 P02 win'` → a game of round i+1 (event mode ignores the order; the round keeps it stable). */
const games = (t: string, lines: readonly string[]): SeasonGame[] =>
  lines.map((line, i) => {
    const [first, second, result, handicap, giver] = line.split(' ');
    return { id: `${t}-g${i + 1}`, round: i + 1, first: first!, second: second!, result: result as SeasonResult, ...(handicap ? { handicap: { type: handicap, giver: giver! } } : {}) };
  });
const tournaments = (rounds: readonly (readonly string[])[]): SeasonTournament[] =>
  rounds.map((lines, i) => ({ id: `T${i + 1}`, name: `Season Open ${i + 1}`, start: DATES[i]!, games: games(`T${i + 1}`, lines) }));

/**
 * fide and uscf-k: balances on both schemes' bounds (2450: uscf K 16, fide K 10; 2395 reaches 2400 in T1 → fide K 10
 * from then; 2100 and 2099 the USCF band edge; 20 and 29 games below FIDE's 30; a junior born 2008 (18 in 2026, the bound) with 40 games:
 * fide K 40 under 2300), newcomers entering by their performance (N2's first is 1724.5 → 1725; N1 first meets only
 * another newcomer and stays unrated; N3 first plays only a handicap game, then only a newcomer-to-be), draws,
 * handicap games (never rated), and the correction of P05's loss in T2 to a draw.
 */
export const eloSeason = (ruleSet: 'fide' | 'uscf-k'): SeasonDescription => ({
  ruleSet,
  players: [
    { id: 'P01', family: 'Aas', given: 'Anders' }, { id: 'P02', family: 'Berg', given: 'Berit' }, { id: 'P03', family: 'Dahl', given: 'Dag' },
    { id: 'P04', family: 'Eide', given: 'Eva' }, { id: 'P05', family: 'Foss', given: 'Finn' }, { id: 'P06', family: 'Gran', given: 'Gro' },
    { id: 'J07', family: 'Holm', given: 'Hege', birthYear: 2008 },
    { id: 'N1', family: 'Lie', given: 'Lars', birthYear: 2011 }, { id: 'N2', family: 'Moe', given: 'Mona' }, { id: 'N3', family: 'Ness', given: 'Nils' },
  ],
  balances: [
    { id: 'P01', rating: 2450, games: 60, date: '2026-01-01' }, { id: 'P02', rating: 2395, games: 45, date: '2026-01-01' },
    { id: 'P03', rating: 2100, games: 35, date: '2026-01-01' }, { id: 'P04', rating: 1900, games: 20, date: '2026-01-01' },
    { id: 'P05', rating: 1750, games: 80, date: '2026-01-01' }, { id: 'P06', rating: 2099, games: 29, date: '2026-01-01' },
    { id: 'J07', rating: 2150, games: 40, date: '2026-01-01' },
  ],
  tournaments: tournaments([
    ['P01 P02 draw', 'P03 P04 win', 'J07 P03 win', 'N3 P04 win bishop N3', 'P02 J07 win'],
    ['P05 P06 loss', 'N1 N2 win', 'N2 P05 draw', 'P06 N2 win'],
    ['P01 P03 win', 'N1 P02 loss', 'N1 P05 draw', 'P02 P05 win', 'P03 N1 draw lance N1'],
    ['P04 P06 win', 'J07 P06 draw', 'N3 N2 loss', 'N2 J07 draw', 'P04 J07 loss rook J07'],
    ['P01 P02 loss', 'J07 N1 win', 'P02 J07 win', 'P01 N1 draw'],
    ['P03 P05 win', 'P04 N2 draw', 'P06 N3 loss', 'P04 P05 win', 'N3 N2 draw 2p N2', 'P03 P06 draw'],
  ]),
  correction: { game: 'T2-g1', result: 'draw', reason: 'score sheet: a draw' },
});

/**
 * gobase-go: balances across the go C table (2550: C 10; 2350: C 20, so its games with C 30 players are not zero-sum;
 * 2200 the bound; 2100 and 1800: C 30), newcomers entering at their declared grade (a 3 kyu 1600, a 2 dan 2000, a
 * 1 pro 2500; G9, 5 kyu, first plays only a handicap game and still leaves T2 rated at his start with no game), draws,
 * handicap games (never rated), and the correction of G7's win in T2 to a loss.
 */
export const goSeason: SeasonDescription = {
  ruleSet: 'gobase-go',
  players: [
    { id: 'G1', family: 'Ito', given: 'Aki' }, { id: 'G2', family: 'Kato', given: 'Ben' }, { id: 'G3', family: 'Mori', given: 'Chie' },
    { id: 'G4', family: 'Ono', given: 'Dai' }, { id: 'G5', family: 'Sato', given: 'Emi' },
    { id: 'G6', family: 'Ueda', given: 'Fumi', grade: '3 Kyu' }, { id: 'G7', family: 'Wada', given: 'Goro', grade: '2 Dan' },
    { id: 'G8', family: 'Yano', given: 'Hana', grade: 'Pro 1' }, { id: 'G9', family: 'Abe', given: 'Ichi', grade: '5 Kyu' },
  ],
  balances: [
    { id: 'G1', rating: 2550, games: 100, date: '2026-01-01' }, { id: 'G2', rating: 2350, games: 60, date: '2026-01-01' },
    { id: 'G3', rating: 2200, games: 40, date: '2026-01-01' }, { id: 'G4', rating: 2100, games: 30, date: '2026-01-01' },
    { id: 'G5', rating: 1800, games: 12, date: '2026-01-01' },
  ],
  tournaments: tournaments([
    ['G1 G2 win', 'G3 G4 draw', 'G2 G3 loss', 'G4 G1 loss'],
    ['G5 G6 win', 'G7 G5 win', 'G9 G5 loss bishop G5', 'G6 G7 draw'],
    ['G1 G3 loss', 'G8 G1 win', 'G6 G3 loss rook G3', 'G8 G6 win', 'G3 G8 draw'],
    ['G2 G4 win', 'G5 G9 win', 'G7 G2 loss', 'G4 G5 draw', 'G9 G7 draw'],
    ['G8 G1 draw', 'G5 G7 draw', 'G1 G5 win', 'G7 G8 loss bishop G8'],
    ['G2 G3 win', 'G4 G9 win', 'G6 G2 loss', 'G9 G6 win', 'G3 G4 draw'],
  ]),
  correction: { game: 'T2-g2', result: 'loss', reason: 'score sheet: G5 won' },
};
