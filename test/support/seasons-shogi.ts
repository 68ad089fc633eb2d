import type { SeasonDescription, SeasonGame, SeasonTournament } from './season';

/**
 * The acceptance seasons of us-shogi-1997-text, us-shogi-1997-card and pan-atlantic (issue 29): plain descriptions for
 * test/support/season.ts, held to the spec folds in test/support/spec-folds/.
 */

type Handicaps = Readonly<Record<string, { readonly type: string; readonly giver: string }>>;
const RESULT = { W: 'win', L: 'loss', D: 'draw', S: 'sennichite' } as const;

/**
 * A round robin of `players` played in the order of its pairs (0-1, 0-2, … , 3-4), one game a round (the playing
 * order pan-atlantic's grades follow), the first player's results as letters (W L D S); a pair in `handicaps` ("A-E")
 * is played at that handicap.
 */
const roundRobin = (id: string, date: string, players: readonly string[], results: string, handicaps: Handicaps, extra: Partial<SeasonTournament> = {}): SeasonTournament => {
  const pairs = players.flatMap((a, i) => players.slice(i + 1).map((b) => [a, b] as const));
  if (results.length !== pairs.length) throw new Error(`${id}: ${pairs.length} games, ${results.length} results`);
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
    tournaments: [
      roundRobin('us1', '2026-02-07', ['A', 'B', 'C', 'D', 'E'], 'WWDWLWWSWL', h),
      roundRobin('us2', '2026-03-07', ['E', 'F', 'G', 'H', 'N'], 'WWWLDWLWLW', h),
      roundRobin('us3', '2026-04-04', ['B', 'C', 'D', 'E', 'F'], 'LWWWDWLWWL', h),
      roundRobin('us4', '2026-05-02', ['A', 'E', 'G', 'H', 'N'], 'WWWLWWWLDL', h),
      roundRobin('us5', '2026-06-06', ['C', 'D', 'E', 'F', 'G'], 'WLWWLWWDWW', h),
      roundRobin('us6', '2026-07-04', ['A', 'B', 'E', 'H', 'N'], 'WWWWLWWWLW', h),
    ],
    // E's win over F (F at 1250: 5 %/20 in the text, 4 %/16 on the card) becomes a loss: both players' later events move
    correction: { game: 'us2-g1', result: 'loss', reason: 'score sheet: F won' },
    knownAtDates: ['2026-03-07', '2026-07-04'],
  };
};

/**
 * pan-atlantic: established and provisional players (F and E become established during the season), a player at 1445
 * just under 1 kyu (rule 1/2), provisional players whose grade is below their rating (rule 3), doubling under 1200,
 * K bands from 20 to 32, Table II handicaps (3p without its lance side not ratable), draws and sennichite (rated, 0.5),
 * and a European tournament at 40 min + 30 s byoyomi, which Europe does not rate (America would).
 */
export const panSeason = (): SeasonDescription => {
  const h: Handicaps = {
    'A-E': { type: '2p', giver: 'A' }, 'A-G': { type: '4p', giver: 'A' }, 'A-F': { type: '3p-left-lance', giver: 'A' },
    'B-F': { type: 'rook-lance', giver: 'B' }, 'B-G': { type: '3p', giver: 'B' }, 'B-E': { type: 'rook', giver: 'B' },
    'C-G': { type: 'rook', giver: 'C' }, 'C-F': { type: 'bishop', giver: 'C' }, 'D-F': { type: 'bishop', giver: 'D' },
    'E-G': { type: 'lance', giver: 'E' }, 'H-G': { type: 'sente', giver: 'H' }, 'A-H': { type: 'bishop', giver: 'A' },
  };
  return {
    ruleSet: 'pan-atlantic',
    players: PLAYERS.filter((p) => p.id !== 'N'),
    balances: [
      { id: 'A', rating: 2150, games: 80, grade: '3-dan' }, { id: 'B', rating: 1880, games: 40, grade: '2 Dan' },
      { id: 'C', rating: 1700, games: 30, grade: '1-dan' }, { id: 'D', rating: 1445, games: 25, grade: '2-kyu' },
      { id: 'E', rating: 1290, games: 6, grade: '5-kyu' }, { id: 'F', rating: 1150, games: 10, grade: '6 Kyu' },
      { id: 'G', rating: 980, games: 20, grade: '7-kyu' }, { id: 'H', rating: 1600, games: 4, grade: '3-kyu' },
    ].map((b) => ({ ...b, date: BALANCE_DATE })),
    tournaments: [
      roundRobin('pa1', '2026-02-07', ['A', 'B', 'D', 'E', 'H'], 'WWWDLWWWDL', h),
      roundRobin('pa2', '2026-03-07', ['C', 'D', 'E', 'F', 'G'], 'WDWWLWWWLW', h),
      roundRobin('pa3', '2026-04-04', ['A', 'C', 'D', 'F', 'H'], 'WWWLDWWSWL', h),
      roundRobin('pa4', '2026-05-02', ['B', 'D', 'E', 'F', 'G'], 'DWWWWDWLWW', h),
      roundRobin('pa5', '2026-05-16', ['A', 'B', 'C', 'D'], 'WWWDWW', h, { region: 'europe', timeControl: { main: 40, byoyomi: 30, increment: 0 } }),
      roundRobin('pa6', '2026-06-06', ['A', 'D', 'E', 'G', 'H'], 'WWWLWDWWLW', h),
      roundRobin('pa7', '2026-07-04', ['B', 'C', 'D', 'E', 'F'], 'LWDWWWDWLW', h),
    ],
    // C's win over F (F receiving a bishop) becomes a loss: F, provisional then, moves by ×20/N, and everyone after
    correction: { game: 'pa2-g3', result: 'loss', reason: 'score sheet: F won' },
    knownAtDates: ['2026-03-07', '2026-07-04'],
  };
};
