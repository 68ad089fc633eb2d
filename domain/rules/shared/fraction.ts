/**
 * Exact rational numbers for the US Shogi 1997 system, whose quantities are all fractions
 * (4 % of a difference, threshold crossing rescales by 12/16 or 8/12, "fractional rating points are accumulated").
 * Immutable, always normalised: gcd(num, den) = 1 and den > 0.
 */
const abs = (x: bigint): bigint => (x < 0n ? -x : x);
const gcd = (a: bigint, b: bigint): bigint => {
  let x = abs(a);
  let y = abs(b);
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
};
const toBig = (x: bigint | number): bigint => {
  if (typeof x === 'bigint') return x;
  if (!Number.isSafeInteger(x)) throw new RangeError(`Fraction: ${x} is not a safe integer.`);
  return BigInt(x);
};
/** Floor division for bigints (BigInt `/` truncates toward zero). */
const floorDiv = (n: bigint, d: bigint): bigint => {
  const q = n / d;
  return (n % d !== 0n && (n < 0n) !== (d < 0n)) ? q - 1n : q;
};

export class Fraction {
  readonly num: bigint;
  readonly den: bigint;

  private constructor(num: bigint, den: bigint) {
    this.num = num;
    this.den = den;
  }

  static of(num: bigint | number, den: bigint | number = 1n): Fraction {
    let n = toBig(num);
    let d = toBig(den);
    if (d === 0n) throw new RangeError('Fraction: zero denominator.');
    if (d < 0n) [n, d] = [-n, -d];
    const g = gcd(n, d);
    return g > 1n ? new Fraction(n / g, d / g) : new Fraction(n, d);
  }

  static readonly ZERO = Fraction.of(0);
  static readonly ONE = Fraction.of(1);
  static readonly HALF = Fraction.of(1, 2);

  add(o: Fraction | number): Fraction {
    const f = lift(o);
    return Fraction.of(this.num * f.den + f.num * this.den, this.den * f.den);
  }
  sub(o: Fraction | number): Fraction {
    return this.add(lift(o).neg());
  }
  mul(o: Fraction | number): Fraction {
    const f = lift(o);
    return Fraction.of(this.num * f.num, this.den * f.den);
  }
  div(o: Fraction | number): Fraction {
    const f = lift(o);
    if (f.num === 0n) throw new RangeError('Fraction: division by zero.');
    return Fraction.of(this.num * f.den, this.den * f.num);
  }
  neg(): Fraction {
    return new Fraction(-this.num, this.den);
  }
  abs(): Fraction {
    return this.num < 0n ? this.neg() : this;
  }
  /** −1, 0 or 1. */
  sign(): -1 | 0 | 1 {
    return this.num < 0n ? -1 : this.num > 0n ? 1 : 0;
  }
  compare(o: Fraction | number): -1 | 0 | 1 {
    return this.sub(o).sign();
  }
  lt(o: Fraction | number): boolean { return this.compare(o) < 0; }
  le(o: Fraction | number): boolean { return this.compare(o) <= 0; }
  gt(o: Fraction | number): boolean { return this.compare(o) > 0; }
  ge(o: Fraction | number): boolean { return this.compare(o) >= 0; }
  eq(o: Fraction | number): boolean { return this.compare(o) === 0; }

  isInteger(): boolean {
    return this.den === 1n;
  }
  floor(): Fraction {
    return Fraction.of(floorDiv(this.num, this.den));
  }
  ceil(): Fraction {
    return this.neg().floor().neg();
  }
  /** floor(x + 1/2), as rules/README.md defines roundHalfUp. */
  roundHalfUp(): Fraction {
    return this.add(Fraction.HALF).floor();
  }
  /** sign(x) · floor(|x| + 1/2). */
  roundHalfAwayFromZero(): Fraction {
    const r = this.abs().roundHalfUp();
    return this.num < 0n ? r.neg() : r;
  }
  /** The value as a double (exact for integers within the safe range). */
  toNumber(): number {
    return this.den === 1n ? Number(this.num) : Number(this.num) / Number(this.den);
  }
  /** The value as a safe integer; throws if it is not an integer. */
  toInteger(): number {
    if (this.den !== 1n) throw new RangeError(`Fraction: ${this.toString()} is not an integer.`);
    return Number(this.num);
  }
  toString(): string {
    return this.den === 1n ? `${this.num}` : `${this.num}/${this.den}`;
  }

  static max(a: Fraction, b: Fraction): Fraction {
    return a.ge(b) ? a : b;
  }
  static min(a: Fraction, b: Fraction): Fraction {
    return a.le(b) ? a : b;
  }
}

const lift = (o: Fraction | number): Fraction => (typeof o === 'number' ? Fraction.of(o) : o);
