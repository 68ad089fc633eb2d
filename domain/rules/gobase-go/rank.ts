import * as E from 'fp-ts/Either';
import { Decoded, fail, show } from '../elo-common/decode';

/**
 * Seed 003's scale (spec gobase-go.md §1): 100 points per grade, 1 dan = 1900, European 4 dan = 2200,
 * 1p = 7 dan = 2500, 9p ≈ 2700. n-kyu → 1900 − 100n, n-dan → 1900 + 100(n − 1), n-pro → 2500 + 25(n − 1).
 */
export const startingRating = (rank: string, path = 'rank'): Decoded<number> => {
  const m = /^([1-9][0-9]?)-(kyu|dan|pro)$/.exec(rank);
  const n = m === null ? NaN : Number(m[1]);
  if (m === null || (m[2] === 'kyu' && n > 30) || (m[2] !== 'kyu' && n > 9)) {
    return fail(path, `${path} ${show(rank)} is not a go rank; expected "1-kyu".."30-kyu", "1-dan".."9-dan" or "1-pro".."9-pro".`);
  }
  return E.right(m[2] === 'kyu' ? 1900 - 100 * n : m[2] === 'dan' ? 1900 + 100 * (n - 1) : 2500 + 25 * (n - 1));
};
