/**
 * Exhaustive check of `pow10Single` (domain/rules/fesa/performance.ts): for every single float x in [−16, 16] it
 * must equal Math.fround(Math.pow(10, x)). Prints how many values took the Math.pow fallback and where exp alone
 * would have rounded the other way. About a minute per sign on this machine:
 *
 *   npm run build && node dist/scripts/check/pow10-single.js [+|-]   (both signs when none is given)
 */
import { pow10Single } from '../../domain/rules/fesa/performance';

const single = Math.fround;
const bits = new Uint32Array(1);
const asSingle = new Float32Array(bits.buffer);
/** The bit pattern of 16.0: every non-negative single up to 16 lies at or below it. */
const SIXTEEN = 0x41800000;

const check = (negative: boolean): boolean => {
  let differ = 0;
  let expAlone = 0;
  for (let b = 0; b <= SIXTEEN; b++) {
    bits[0] = (negative ? 0x80000000 : 0) | b;
    const x = asSingle[0]!;
    const want = single(Math.pow(10, x));
    if (pow10Single(x) !== want) {
      differ++;
      if (differ <= 5) console.log(`differs at x = ${x}: ${pow10Single(x)} instead of ${want}`);
    }
    if (single(Math.exp(x * Math.LN10)) !== want) {
      expAlone++;
      console.log(`exp alone would round the other way at x = ${x}`);
    }
  }
  console.log(`${negative ? '[-16, 0]' : '[0, 16]'}: ${SIXTEEN + 1} singles, ${differ} differences, ${expAlone} where exp alone differs`);
  return differ === 0;
};

const signs = process.argv[2] === '+' ? [false] : process.argv[2] === '-' ? [true] : [false, true];
const ok = signs.map(check).every(Boolean);
process.exit(ok ? 0 : 1);
