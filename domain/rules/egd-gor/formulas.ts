import * as E from 'fp-ts/Either';
import { Decoded, fail, show } from '../elo-common/decode';

/**
 * The European Go Database's GoR since its 2021 revision (the whole database back to 1996 was recomputed with it),
 * as https://www.europeangodatabase.eu/EGD/EGF_rating_system.php states it, "System description":
 *   r' = r + con·(Sa − Se) + bonus,  Se = 1/(1 + exp(β(r2) − β(r1))),  β(r) = −7·ln(3300 − r),
 *   con(r) = ((3300 − r)/200)^1.6,  bonus(r) = ln(1 + exp((2300 − r)/80))/5.
 * The same page, "General info": 1 dan = 2100, 100 points a grade (20 kyu = 100), 1p = 7d = 2700, 2p = 2730 … 9p =
 * 2940, the values a new player starts from; a rating below −900 is reset to −900.
 */

/** The rating of perfect play the formulas are anchored to: β, con and Se are undefined from there up. */
export const GOR_CEILING = 3300;
export const GOR_FLOOR = -900;

/**
 * A handicap lifts the receiver past the ceiling only for impossible pairings (a 9p taking nine stones); β is held a
 * hair below it so that such a game still has an expected result (Se → 1) instead of NaN.
 */
const belowCeiling = (r: number): number => Math.min(r, GOR_CEILING - 1e-9);

export const beta = (r: number): number => -7 * Math.log(GOR_CEILING - belowCeiling(r));

export const con = (r: number): number => Math.pow((GOR_CEILING - r) / 200, 1.6);

export const bonus = (r: number): number => Math.log(1 + Math.exp((2300 - r) / 80)) / 5;

/**
 * The points a handicap is worth to the player who takes it: 100 a stone less half a stone for the move White gives
 * back, 100·(h − 0.5) for h ≥ 1 (h = 1 is the game without komi). The 2021 page does not restate it; the pre-2021
 * page (EGF_rating_system_old.php, "System description") gave it and the EGD's GoR calculator still applies it, as
 * the skillratings crate (src/egf.rs, `beta`) and GorCalculator (barcicki, "apply handicap on ratings") both note.
 */
export const handicapPoints = (stones: number): number => (stones >= 1 ? 100 * (stones - 0.5) : 0);

/** Se of a player rated r1 against r2, each already lifted by the handicap he takes. */
export const expectedResult = (r1: number, r2: number): number => 1 / (1 + Math.exp(beta(r2) - beta(r1)));

/** The EGF's tournament classes and their "weight for inclusion to EGF ratings" (the page's "Tournament classes"). */
export const CLASS_WEIGHTS: Readonly<Record<string, number>> = { A: 1, B: 0.75, C: 0.5, D: 0.25 };

/**
 * The page's grade scale as a new player's starting GoR: n kyu = 2100 − 100n (20k = 100, 30k = −900), n dan =
 * 2000 + 100n (6d = 2600), n pro = 2700 + 30(n − 1) (1p = 7d = 2700, 9p = 2940).
 */
export const startingGor = (rank: string, path = 'rank'): Decoded<number> => {
  const m = /^([1-9][0-9]?)-(kyu|dan|pro)$/.exec(rank);
  const n = m === null ? NaN : Number(m[1]);
  if (m === null || (m[2] === 'kyu' && n > 30) || (m[2] !== 'kyu' && n > 9)) {
    return fail(path, `${path} ${show(rank)} is not a go grade; expected "1-kyu".."30-kyu", "1-dan".."9-dan" or "1-pro".."9-pro".`);
  }
  return E.right(m[2] === 'kyu' ? 2100 - 100 * n : m[2] === 'dan' ? 2000 + 100 * n : 2700 + 30 * (n - 1));
};
