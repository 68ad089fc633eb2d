/**
 * Shared rounding and tolerance helpers for the double-based rule systems
 * (see ../shared/rules/README.md, "Rounding" and "Arithmetic").
 *
 * EPS = 1e-7: a computed double within EPS of a half-integer k + 0.5 *is* k + 0.5;
 * comparisons between computed doubles are done with EPS slack; a computed sum below EPS in
 * absolute value counts as zero.
 */

export const EPS = 1e-7;

/** roundHalfUp(x) = floor(x + 0.5). */
export const roundHalfUp = (x: number): number => Math.floor(x + 0.5);

/** roundHalfAwayFromZero(x) = sign(x) · floor(|x| + 0.5). */
export const roundHalfAwayFromZero = (x: number): number => {
  const r = Math.floor(Math.abs(x) + 0.5);
  return x < 0 ? (r === 0 ? 0 : -r) : r;
};

/** A double within EPS of a half-integer k + 0.5 becomes exactly k + 0.5; any other value is returned unchanged. */
export const snapHalf = (x: number): number => {
  const half = Math.floor(x) + 0.5; // the only half-integer within 0.5 of x
  return Math.abs(x - half) <= EPS ? half : x;
};

/** a ≤ b with tolerance: a ≤ b + EPS. */
export const leq = (a: number, b: number): boolean => a <= b + EPS;

/** |x| < EPS counts as zero. */
export const isZero = (x: number): boolean => Math.abs(x) < EPS;
