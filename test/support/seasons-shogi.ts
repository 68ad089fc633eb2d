import type { SeasonDescription, SeasonGame, SeasonTournament } from './season';

/**
 * The acceptance seasons of us-shogi-1997-text, us-shogi-1997-card and pan-atlantic (issue 29): plain descriptions for
 * test/support/season.ts, held to the spec folds in test/support/spec-folds/.
 */

type Handicaps = Readonly<Record<string, { readonly type: string; readonly giver: string }>>;
const RESULT = { W: 'win', L: 'loss', D: 'draw', S: 'sennichite' } as const;

/**
 * A round robin of `players` played in the order of its pairs (0-1, 0-2, … , 3-4), one game a round (the playing
 * order pan-atlantic's grades follow), the first player's results as letters (W L D S); twice as many results make it
 * a double round robin, the second leg with the players' places swapped. A pair in `handicaps` ("A-E") is played at
 * that handicap.
 */
const roundRobin = (id: string, date: string, players: readonly string[], results: string, handicaps: Handicaps, extra: Partial<SeasonTournament> = {}): SeasonTournament => {
  const leg = players.flatMap((a, i) => players.slice(i + 1).map((b) => [a, b] as const));
  const pairs = results.length === 2 * leg.length ? [...leg, ...leg.map(([a, b]) => [b, a] as const)] : leg;
  if (results.length !== pairs.length) throw new Error(`${id}: ${leg.length} games a leg, ${results.length} results`);
  const games = pairs.map(([first, second], i): SeasonGame => {
    const handicap = handicaps[`${first}-${second}`] ?? handicaps[`${second}-${first}`];
    return { id: `${id}-g${i + 1}`, round: i + 1, first, second, result: RESULT[results[i] as keyof typeof RESULT], ...(handicap ? { handicap } : {}) };
  });
  return { id, name: `${id} open`, start: date, games, ...extra };
};

const PLAYERS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'N'].map((id, i) => ({ id, family: `Family${id}`, given: `Given${i}`, country: i % 2 ? 'US' : 'NO' }));
const BALANCE_DATE = '2026-01-01';

/**
 * US: every bracket of both variants, a newcomer entering at his declared rank's start (N, 5 kyu), E with a rank below
 * his rating who plays 24 games (promotion after 20 at or above 1 kyu's 1400), handicaps from sente to 7p (not
 * ratable), draws and sennichite (not rated), a player under 1200 (doubling).
 */
export const usSeason = (ruleSet: string): SeasonDescription => {
  const h: Handicaps = {
    'A-E': { type: '2p', giver: 'A' }, 'A-G': { type: '5p-left-knight', giver: 'A' }, 'A-H': { type: '7p', giver: 'A' },
    'A-N': { type: '4p', giver: 'A' }, 'B-F': { type: '2p', giver: 'B' }, 'B-H': { type: '6p', giver: 'B' },
    'B-E': { type: 'bishop', giver: 'B' }, 'C-F': { type: 'rook-lance', giver: 'C' }, 'C-G': { type: 'rook', giver: 'C' },
    'D-G': { type: 'bishop', giver: 'D' }, 'D-F': { type: 'bishop', giver: 'D' }, 'E-H': { type: 'rook', giver: 'E' },
    'E-N': { type: 'lance', giver: 'E' }, 'G-N': { type: 'sente', giver: 'G' }, 'E-G': { type: 'lance', giver: 'E' },
    'F-H': { type: 'bishop', giver: 'F' },
  };
  return {
    ruleSet,
    players: PLAYERS.map((p) => (p.id === 'N' ? { ...p, grade: '5 Kyu' } : p)),
    balances: [
      { id: 'A', rating: 2250, games: 60, grade: '4-dan' }, { id: 'B', rating: 2050, games: 45, grade: '3 Dan' },
      { id: 'C', rating: 1950, games: 30, grade: '3-dan' }, { id: 'D', rating: 1760, games: 25, grade: '2-dan' },
      { id: 'E', rating: 1480, games: 22, grade: '2-kyu' }, { id: 'F', rating: 1250, games: 12, grade: '3-kyu' },
      { id: 'G', rating: 1150, games: 8, grade: '4 Kyu' }, { id: 'H', rating: 900, games: 5, grade: '6-kyu' },
    ].map((b) => ({ ...b, date: BALANCE_DATE })),
    // two tournaments a date with disjoint players (their order on the date cannot matter): 26 ledger processes
    tournaments: [
      roundRobin('us1', '2026-02-07', ['A', 'B', 'C', 'D', 'E'], 'WWDWLWWSWLLWWDWLWWLW', h),
      roundRobin('us2', '2026-02-07', ['F', 'G', 'H', 'N'], 'WLDWLW', h),
      roundRobin('us3', '2026-04-04', ['B', 'C', 'E', 'F', 'G'], 'LWWWDWLWWLWWLDWLWWWL', h),
      roundRobin('us4', '2026-04-04', ['A', 'D', 'H', 'N'], 'WWWLDW', h),
      roundRobin('us5', '2026-06-06', ['A', 'E', 'G', 'H', 'N'], 'WWWLWWWLDLLWLWWDWWLW', h),
      roundRobin('us6', '2026-06-06', ['B', 'C', 'D', 'F'], 'DWWWLS', h),
    ],
    // F's win over G (F on 4 %/16, G on 5 %/20 in the text; both 16 on the card) becomes a loss: both move later
    correction: { game: 'us2-g1', result: 'loss', reason: 'score sheet: G won' },
  };
};

/**
 * pan-atlantic: established and provisional players (E, F, H and N provisional at first, E, F and H established by the
 * end), D on 2 kyu at 1470 reaching 1 kyu by a streak (rules 1/2), provisional players whose grade is below their
 * rating (rule 3), doubling under 1200, K bands from 20 to 32, Table II handicaps (3p without its lance side not
 * ratable), draws and sennichite (rated, 0.5), and a European tournament at 40 min + 30 s byoyomi, which Europe does
 * not rate (America would).
 */
export const panSeason = (): SeasonDescription => {
  const h: Handicaps = {
    'A-E': { type: '2p', giver: 'A' }, 'A-G': { type: '4p', giver: 'A' }, 'A-F': { type: '3p-left-lance', giver: 'A' },
    'B-F': { type: 'rook-lance', giver: 'B' }, 'B-G': { type: '3p', giver: 'B' }, 'B-E': { type: 'rook', giver: 'B' },
    'C-G': { type: 'rook', giver: 'C' }, 'C-F': { type: 'bishop', giver: 'C' }, 'D-F': { type: 'bishop', giver: 'D' },
    'E-G': { type: 'lance', giver: 'E' }, 'H-G': { type: 'sente', giver: 'H' }, 'A-H': { type: 'bishop', giver: 'A' },
    'C-N': { type: 'bishop', giver: 'C' }, 'H-N': { type: 'lance', giver: 'H' },
  };
  return {
    ruleSet: 'pan-atlantic',
    players: PLAYERS,
    balances: [
      { id: 'A', rating: 2150, games: 80, grade: '3-dan' }, { id: 'B', rating: 1880, games: 40, grade: '2 Dan' },
      { id: 'C', rating: 1700, games: 30, grade: '1-dan' }, { id: 'D', rating: 1470, games: 25, grade: '2-kyu' },
      { id: 'E', rating: 1290, games: 6, grade: '5-kyu' }, { id: 'F', rating: 1150, games: 10, grade: '6 Kyu' },
      { id: 'G', rating: 980, games: 20, grade: '7-kyu' }, { id: 'H', rating: 1600, games: 4, grade: '3-kyu' },
      { id: 'N', rating: 1350, games: 5, grade: '4-kyu' },
    ].map((b) => ({ ...b, date: BALANCE_DATE })),
    // two tournaments a date with disjoint players (their order on the date cannot matter): 26 ledger processes
    tournaments: [
      roundRobin('pa1', '2026-02-07', ['A', 'B', 'D', 'E', 'H'], 'WLWDLWWWDLLDWWLWSWWL', h),
      roundRobin('pa2', '2026-02-07', ['C', 'F', 'G', 'N'], 'WWDLWW', h),
      roundRobin('pa3', '2026-04-04', ['A', 'C', 'D', 'F', 'H'], 'WWWLDWWSWL', h),
      roundRobin('pa4', '2026-04-04', ['B', 'E', 'G', 'N'], 'DWWLWW', h),
      roundRobin('pa5', '2026-05-16', ['A', 'B', 'C', 'D'], 'WWWDWW', h, { region: 'europe', timeControl: { main: 40, byoyomi: 30, increment: 0 } }),
      roundRobin('pa6', '2026-05-16', ['E', 'F', 'G', 'H', 'N'], 'WWWLWDWWLWLWDWWWDWLW', h),
    ],
    // C's win over F (F receiving a bishop) becomes a loss: F, provisional then, moves by ×20/N, and everyone after
    correction: { game: 'pa2-g1', result: 'loss', reason: 'score sheet: F won' },
  };
};
