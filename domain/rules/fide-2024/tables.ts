/**
 * The two conversion tables of the FIDE Rating Regulations effective from 1 March 2024 (FIDE Handbook B.02, chapter
 * B022024, §8.1), as data. Probabilities and scores are kept in hundredths, so that a period's Σ(score − PD) is an
 * integer and its rounding (§8.3.4) never meets a binary fraction.
 */
import { itemAt } from '../shared/present';

/**
 * §8.1.2: the upper bound of each band of rating differences D and the higher-rated player's PD in hundredths; the
 * lower-rated player's PD is 100 minus it (the table's L column). The band 0–3 gives .50, …, 620–735 gives .99, and
 * a difference over 735 gives 1.00 (reached only when §8.3.1 lets a difference over 400 stand).
 */
const PD_BANDS: readonly (readonly [maxDifference: number, higherPd: number])[] = [
  [3, 50], [10, 51], [17, 52], [25, 53], [32, 54], [39, 55], [46, 56], [53, 57], [61, 58], [68, 59],
  [76, 60], [83, 61], [91, 62], [98, 63], [106, 64], [113, 65], [121, 66], [129, 67], [137, 68], [145, 69],
  [153, 70], [162, 71], [170, 72], [179, 73], [188, 74], [197, 75], [206, 76], [215, 77], [225, 78], [235, 79],
  [245, 80], [256, 81], [267, 82], [278, 83], [290, 84], [302, 85], [315, 86], [328, 87], [344, 88], [357, 89],
  [374, 90], [391, 91], [411, 92], [432, 93], [456, 94], [484, 95], [517, 96], [559, 97], [619, 98], [735, 99],
];

/** §8.1.2: the scoring probability, in hundredths, of a player whose rating exceeds the opponent's by `difference`. */
export const pdHundredths = (difference: number): number => {
  const d = Math.abs(difference);
  const band = PD_BANDS.find(([max]) => d <= max);
  const higher = band === undefined ? 100 : band[1];
  return difference >= 0 ? higher : 100 - higher;
};

/** §8.1.1: dp for p = 0.50 … 1.00 (index p·100 − 50); below .50 dp is the negative of the mirror entry. */
const DP_UPPER: readonly number[] = [
  0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141, 149, 158, 166, 175, 184, 193,
  202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336, 351, 366, 383, 401, 422, 444, 470, 501, 538, 589,
  677, 800,
];

/** §8.1.1: the rating difference dp of a fractional score p given in hundredths (0 … 100). */
export const dpOfHundredths = (p: number): number => (p >= 50 ? itemAt(DP_UPPER, p - 50, 'dp') : -itemAt(DP_UPPER, 50 - p, 'dp'));

/** The table is read at two decimals: a score of 6 out of 7 is read as p = .86. */
export const hundredthsOf = (score: number, games: number): number => Math.round((100 * score) / games);
