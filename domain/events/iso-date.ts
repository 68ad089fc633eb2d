/** Calendar dates as the ledger writes them, checked without io-ts (the CLI's option parser uses this too). */
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
/** The number written by the ASCII digits s[from..to), or -1 when one of them is not a digit. */
const digits = (s: string, from: number, to: number): number => {
  let n = 0;
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    n = n * 10 + c;
  }
  return n;
};
/**
 * `YYYY-MM-DD` (ASCII digits) naming a day that exists. Every event carries a date, so this runs a million times on
 * a rebuild: character codes and arithmetic, no regular expression match, no Date objects.
 */
export const isValidIsoDate = (s: string): boolean => {
  if (s.length !== 10 || s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45) return false;
  const year = digits(s, 0, 4);
  const month = digits(s, 5, 7);
  const day = digits(s, 8, 10);
  if (year < 0 || month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return day <= (month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]!);
};
