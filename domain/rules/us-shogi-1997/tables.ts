/**
 * Tables of the US Shogi 1997 system (seed 001; spec ../shared/rules/us-shogi-1997.md §1–§2).
 */
import { HandicapCode } from '../elo-common/game';

/** Ranks from the lowest to the highest: 15-kyu … 1-kyu, 1-dan … 6-dan. */
export const US_RANKS = [
  '15-kyu', '14-kyu', '13-kyu', '12-kyu', '11-kyu', '10-kyu', '9-kyu', '8-kyu', '7-kyu', '6-kyu', '5-kyu', '4-kyu',
  '3-kyu', '2-kyu', '1-kyu', '1-dan', '2-dan', '3-dan', '4-dan', '5-dan', '6-dan',
] as const;
export type UsRank = (typeof US_RANKS)[number];

export const isUsRank = (s: unknown): s is UsRank => typeof s === 'string' && (US_RANKS as readonly string[]).includes(s);
export const rankIndex = (r: UsRank): number => US_RANKS.indexOf(r);

/**
 * After the 1997 change every kyu rank is 100 wide (15 kyu is 1–99, 1 kyu 1400–1499) and dan ranks are 200 wide
 * from 1500 (seed 001: "Shodan (1st Dan) is 1500-1699 (starting point 1600)").
 */
export const rankLowerBound = (r: UsRank): number => {
  const i = rankIndex(r);
  if (i === 0) return 1;
  return i <= 14 ? i * 100 : 1500 + 200 * (i - 15);
};

/** "Players are normally started at the middle of their rank": kyu LB + 50 (15 kyu: 50), dan LB + 100. */
export const rankStart = (r: UsRank): number => {
  const i = rankIndex(r);
  return i <= 14 ? i * 100 + 50 : 1600 + 200 * (i - 15);
};

/** Consecutive rated games at or above a rank's lower bound that award it (seed 001: "20 consecutive rated games"). */
export const PROMOTION_GAMES = 20;

/** A bracket: from `from` (inclusive) up to the next bracket; factor f = points per win/loss, f/400 = share of the difference. */
export interface Bracket {
  readonly from: number;
  readonly factor: 8 | 12 | 16 | 20;
}

/**
 * Bracket tables, lowest first (spec §1). Text: "Players rated 2200 or more will now be on the 2%/8 point scale;
 * 2000-2199 … 3%/12 …  a new bracket for players under 1400 at 5%/20". Card: ">= 2100 … 1900-2099 … 1200-1899 … < 1200".
 */
export const BRACKETS: Readonly<Record<'text' | 'card', readonly Bracket[]>> = {
  text: [
    { from: -Infinity, factor: 20 },
    { from: 1400, factor: 16 },
    { from: 2000, factor: 12 },
    { from: 2200, factor: 8 },
  ],
  card: [
    { from: -Infinity, factor: 20 },
    { from: 1200, factor: 16 },
    { from: 1900, factor: 12 },
    { from: 2100, factor: 8 },
  ],
};

/**
 * Handicap values added to the receiver's rating (seed 001, "The new handicap values are as follows"). 3 piece is
 * 650 whichever lance the giver chooses. 7p/8p are "not ratable" and only valued for estimating novices, hence
 * separate (option `rateUnofficialHandicaps`).
 */
export const HANDICAP_VALUES: Partial<Record<HandicapCode, number>> = {
  even: 0, sente: 25, lance: 50, bishop: 250, rook: 300, 'rook-lance': 400, '2p': 600, '3p': 650,
  '3p-right-lance': 650, '3p-left-lance': 650, '4p': 750, '5p-right-knight': 900, '5p-left-knight': 1050, '6p': 1200,
};
export const UNOFFICIAL_HANDICAP_VALUES: Partial<Record<HandicapCode, number>> = { '7p': 1600, '8p': 2000 };

/** Club games whose adjusted difference exceeds this are not rated; tournament games are clamped to it. */
export const MAX_DIFFERENCE = 350;

/** Under this rating, gains are doubled (never past it). */
export const DOUBLING_LIMIT = 1200;
