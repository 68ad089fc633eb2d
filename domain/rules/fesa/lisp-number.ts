/**
 * The slice of Common Lisp's numeric tower the official program's established-player formula runs on.
 * In `diff`, the upset value k·(o−r)/160 and the weak-player bonus (1800−r)/200 are *exact rationals* as long as
 * the running rating r is rational; only the normal gain (via 400.0d0) is a double. A player who only gains through
 * upsets therefore accumulates an exact rational, and `round` of an exact x.5 goes to even. Mixing a rational with a
 * double converts the rational to the nearest double first (CLHS 12.1.4.1); comparisons between them are exact.
 */

/**
 * A Lisp real: an exact rational or a double. Rationals are kept in safe integers while numerator and denominator
 * fit (`rat`: the common case, ELO points over 160 and 200, costs no bigint), in bigints beyond (`big`); either is
 * reduced with a positive denominator, and a value that fits is always a `rat`.
 */
export type LispReal =
  | { readonly kind: 'rat'; readonly n: number; readonly d: number }
  | { readonly kind: 'big'; readonly n: bigint; readonly d: bigint }
  | { readonly kind: 'dbl'; readonly v: number };

const babs = (x: bigint): bigint => (x < 0n ? -x : x);
const bgcd = (a: bigint, b: bigint): bigint => {
  let x = babs(a);
  let y = babs(b);
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
};
const gcd = (a: number, b: number): number => {
  let x = Math.abs(a);
  let y = Math.abs(b);
  while (y !== 0) [x, y] = [y, x % y];
  return x;
};

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** n/d from safe integers (d ≠ 0), reduced. */
const small = (n: number, d: number): LispReal => {
  if (d < 0) {
    n = -n;
    d = -d;
  }
  const g = gcd(n, d);
  // (+ 0 turns a negative zero into zero)
  return g > 1 ? { kind: 'rat', n: n / g + 0, d: d / g } : { kind: 'rat', n: n + 0, d };
};

/** n/d from bigints (d ≠ 0), reduced; a `rat` when it fits. */
const large = (n: bigint, d: bigint): LispReal => {
  if (d < 0n) {
    n = -n;
    d = -d;
  }
  const g = bgcd(n, d);
  if (g > 1n) {
    n /= g;
    d /= g;
  }
  return babs(n) <= MAX_SAFE && d <= MAX_SAFE ? { kind: 'rat', n: Number(n), d: Number(d) } : { kind: 'big', n, d };
};

export const rat = (n: bigint | number, d: bigint | number = 1): LispReal =>
  typeof n === 'number' && typeof d === 'number' && Number.isSafeInteger(n) && Number.isSafeInteger(d) ? small(n, d) : large(BigInt(n), BigInt(d));
export const dbl = (v: number): LispReal => ({ kind: 'dbl', v });

/** The exact value of any Lisp real as a reduced bigint fraction (for tests and diagnostics). */
export const exactValue = (x: LispReal): { n: bigint; d: bigint } => {
  if (x.kind === 'rat') return { n: BigInt(x.n), d: BigInt(x.d) };
  if (x.kind === 'big') return { n: x.n, d: x.d };
  const { n, d } = doubleToRat(x.v);
  const g = bgcd(n, d);
  return { n: n / g, d: d / g };
};

/** The value as a number when it is an exact integer (an integer-valued rational), else undefined. */
export const exactInteger = (x: LispReal): number | undefined => (x.kind === 'rat' && x.d === 1 ? x.n : undefined);

/** Nearest double to n/d, ties to even (correct rounding, as CLISP's rational→double-float). */
export const ratToDouble = (n: bigint, d: bigint): number => {
  if (n === 0n) return 0;
  const neg = n < 0n;
  const an = babs(n);
  if (an < 2n ** 53n && d < 2n ** 53n) {
    const q = Number(an) / Number(d); // one IEEE division of exact operands: correctly rounded
    return neg ? -q : q;
  }
  // Scale so that the integer quotient has 54..55 significant bits, then round with the remainder as sticky bit.
  const shift = 55 - (an.toString(2).length - d.toString(2).length);
  const num = shift >= 0 ? an << BigInt(shift) : an;
  const den = shift >= 0 ? d : d << BigInt(-shift);
  let q = num / den;
  const sticky = num % den !== 0n;
  const bits = q.toString(2).length;
  const drop = BigInt(bits - 53);
  const mask = (1n << drop) - 1n;
  const low = q & mask;
  const half = 1n << (drop - 1n);
  q >>= drop;
  if (low > half || (low === half && (sticky || (q & 1n) === 1n))) q += 1n;
  const v = Number(q) * 2 ** (Number(drop) - shift);
  return neg ? -v : v;
};

export const toDouble = (x: LispReal): number => (x.kind === 'dbl' ? x.v : x.kind === 'rat' ? x.n / x.d : ratToDouble(x.n, x.d));

/** Exact rational value of a finite double. */
const doubleToRat = (v: number): { n: bigint; d: bigint } => {
  if (Number.isInteger(v)) return { n: BigInt(v), d: 1n };
  let d = 1n;
  let m = v;
  while (!Number.isInteger(m)) {
    m *= 2;
    d *= 2n;
  }
  return { n: BigInt(m), d };
};

type Operation = 'add' | 'sub' | 'mul' | 'div';

const isSafe = Number.isSafeInteger;

/** The operation on bigints (a rational beyond safe integers) or doubles (a double operand: Lisp's contagion). */
const general = (op: Operation, a: LispReal, b: LispReal): LispReal => {
  if (a.kind === 'dbl' || b.kind === 'dbl') {
    const x = toDouble(a);
    const y = toDouble(b);
    return dbl(op === 'add' ? x + y : op === 'sub' ? x - y : op === 'mul' ? x * y : x / y);
  }
  const { n: an, d: ad } = exactValue(a);
  const { n: bn, d: bd } = exactValue(b);
  if (op === 'add') return large(an * bd + bn * ad, ad * bd);
  if (op === 'sub') return large(an * bd - bn * ad, ad * bd);
  if (op === 'mul') return large(an * bn, ad * bd);
  return large(an * bd, ad * bn);
};

// Two safe-integer rationals are combined in doubles when every product and the result are safe integers: a true
// value beyond 2^53 rounds to at least 2^53, so the test catches every inexact step, and those go to `general`.

export const add = (a: LispReal, b: LispReal): LispReal => {
  if (a.kind === 'rat' && b.kind === 'rat') {
    const p = a.n * b.d;
    const q = b.n * a.d;
    const d = a.d * b.d;
    if (isSafe(p) && isSafe(q) && isSafe(p + q) && isSafe(d)) return small(p + q, d);
  }
  return general('add', a, b);
};
export const sub = (a: LispReal, b: LispReal): LispReal => {
  if (a.kind === 'rat' && b.kind === 'rat') {
    const p = a.n * b.d;
    const q = b.n * a.d;
    const d = a.d * b.d;
    if (isSafe(p) && isSafe(q) && isSafe(p - q) && isSafe(d)) return small(p - q, d);
  }
  return general('sub', a, b);
};
export const mul = (a: LispReal, b: LispReal): LispReal => {
  if (a.kind === 'rat' && b.kind === 'rat') {
    const n = a.n * b.n;
    const d = a.d * b.d;
    if (isSafe(n) && isSafe(d)) return small(n, d);
  }
  return general('mul', a, b);
};
export const div = (a: LispReal, b: LispReal): LispReal => {
  if (a.kind === 'rat' && b.kind === 'rat') {
    const n = a.n * b.d;
    const d = a.d * b.n;
    if (isSafe(n) && isSafe(d) && d !== 0) return small(n, d);
  }
  return general('div', a, b);
};

/** Exact comparison (CLHS: a float is compared as the rational it denotes). */
export const compare = (a: LispReal, b: LispReal): number => {
  if (a.kind === 'dbl' && b.kind === 'dbl') return a.v < b.v ? -1 : a.v > b.v ? 1 : 0;
  if (a.kind === 'dbl' || b.kind === 'dbl') {
    // A rational against a double: the rational's nearest double decides unless it is that very double. (If
    // nearest(x) < y for a double y, then y is at least the next double above nearest(x), while x lies within half
    // that gap of nearest(x): so x < y. Likewise for >.) Only a tie needs the exact test below.
    const x = toDouble(a);
    const y = toDouble(b);
    if (x !== y) return x < y ? -1 : 1;
  } else if (a.kind === 'rat' && b.kind === 'rat') {
    const l = a.n * b.d;
    const r = b.n * a.d;
    if (isSafe(l) && isSafe(r)) return l < r ? -1 : l > r ? 1 : 0;
  }
  const x = exactValue(a);
  const y = exactValue(b);
  const l = x.n * y.d;
  const r = y.n * x.d;
  return l < r ? -1 : l > r ? 1 : 0;
};

/** Round to nearest, exact halves to even (CL `round`). */
export const roundHalfEven = (x: number): number => {
  const f = Math.floor(x);
  const diff = x - f;
  if (diff > 0.5) return f + 1;
  if (diff < 0.5) return f;
  return f % 2 === 0 ? f : f + 1;
};

export const roundReal = (x: LispReal): number => {
  if (x.kind === 'dbl') return roundHalfEven(x.v);
  if (x.kind === 'rat') {
    // floor and remainder in exact integer steps (a division n / d could round onto the next integer)
    const m = x.n % x.d;
    const fl = (x.n - m) / x.d - (m < 0 ? 1 : 0);
    const r = m < 0 ? m + x.d : m;
    if (r > x.d - r) return fl + 1;
    if (r < x.d - r) return fl;
    return fl % 2 === 0 ? fl : fl + 1;
  }
  const fl = x.n >= 0n ? x.n / x.d : -((-x.n + x.d - 1n) / x.d);
  const twice = 2n * (x.n - fl * x.d);
  if (twice > x.d) return Number(fl + 1n);
  if (twice < x.d) return Number(fl);
  return Number(fl % 2n === 0n ? fl : fl + 1n);
};
