/**
 * The slice of Common Lisp's numeric tower the official program's established-player formula runs on.
 * In `diff`, the upset value k·(o−r)/160 and the weak-player bonus (1800−r)/200 are *exact rationals* as long as
 * the running rating r is rational; only the normal gain (via 400.0d0) is a double. A player who only gains through
 * upsets therefore accumulates an exact rational, and `round` of an exact x.5 goes to even. Mixing a rational with a
 * double converts the rational to the nearest double first (CLHS 12.1.4.1); comparisons between them are exact.
 */

export type LispReal = { readonly kind: 'rat'; readonly n: bigint; readonly d: bigint } | { readonly kind: 'dbl'; readonly v: number };

const babs = (x: bigint): bigint => (x < 0n ? -x : x);
const bgcd = (a: bigint, b: bigint): bigint => {
  let x = babs(a);
  let y = babs(b);
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
};

export const rat = (n: bigint | number, d: bigint | number = 1n): LispReal => {
  let nn = BigInt(n);
  let dd = BigInt(d);
  if (dd < 0n) [nn, dd] = [-nn, -dd];
  const g = bgcd(nn, dd);
  return g > 1n ? { kind: 'rat', n: nn / g, d: dd / g } : { kind: 'rat', n: nn, d: dd };
};
export const dbl = (v: number): LispReal => ({ kind: 'dbl', v });

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

export const toDouble = (x: LispReal): number => (x.kind === 'dbl' ? x.v : ratToDouble(x.n, x.d));

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

const binary = (a: LispReal, b: LispReal, r: (an: bigint, ad: bigint, bn: bigint, bd: bigint) => LispReal, f: (x: number, y: number) => number): LispReal =>
  a.kind === 'rat' && b.kind === 'rat' ? r(a.n, a.d, b.n, b.d) : dbl(f(toDouble(a), toDouble(b)));

export const add = (a: LispReal, b: LispReal): LispReal =>
  binary(a, b, (an, ad, bn, bd) => rat(an * bd + bn * ad, ad * bd), (x, y) => x + y);
export const sub = (a: LispReal, b: LispReal): LispReal =>
  binary(a, b, (an, ad, bn, bd) => rat(an * bd - bn * ad, ad * bd), (x, y) => x - y);
export const mul = (a: LispReal, b: LispReal): LispReal =>
  binary(a, b, (an, ad, bn, bd) => rat(an * bn, ad * bd), (x, y) => x * y);
export const div = (a: LispReal, b: LispReal): LispReal =>
  binary(a, b, (an, ad, bn, bd) => rat(an * bd, ad * bn), (x, y) => x / y);

/** Exact comparison (CLHS: a float is compared as the rational it denotes). */
export const compare = (a: LispReal, b: LispReal): number => {
  if (a.kind === 'dbl' && b.kind === 'dbl') return a.v < b.v ? -1 : a.v > b.v ? 1 : 0;
  if (a.kind !== b.kind) {
    // A rational against a double: the rational's nearest double decides unless it is that very double. (If
    // nearest(x) < y for a double y, then y is at least the next double above nearest(x), while x lies within half
    // that gap of nearest(x): so x < y. Likewise for >.) Only a tie needs the exact test below.
    const x = toDouble(a);
    const y = toDouble(b);
    if (x !== y) return x < y ? -1 : 1;
  }
  const x = a.kind === 'rat' ? a : doubleToRat(a.v);
  const y = b.kind === 'rat' ? b : doubleToRat(b.v);
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
  const fl = x.n >= 0n ? x.n / x.d : -((-x.n + x.d - 1n) / x.d);
  const twice = 2n * (x.n - fl * x.d);
  if (twice > x.d) return Number(fl + 1n);
  if (twice < x.d) return Number(fl);
  return Number(fl % 2n === 0n ? fl : fl + 1n);
};
