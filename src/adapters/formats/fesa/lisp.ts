/**
 * A reader and printer for the small part of Common Lisp syntax the FESA files use: lists, strings, integers,
 * ratios (1/2), symbols and keywords, characters (#\E) and structures (#S(PLAYER :KEY value …)).
 * The printer writes what CLISP's `~s` writes with *print-pretty* nil, so a rating list round-trips byte for byte.
 */

export type LispValue =
  | { readonly t: 'int'; readonly v: number }
  | { readonly t: 'ratio'; readonly n: number; readonly d: number }
  | { readonly t: 'str'; readonly v: string }
  /** Symbol names are upper-cased like the Lisp reader does; keywords keep their leading colon. */
  | { readonly t: 'sym'; readonly name: string }
  | { readonly t: 'char'; readonly v: string }
  | { readonly t: 'list'; readonly items: readonly LispValue[] }
  | { readonly t: 'struct'; readonly name: string; readonly fields: readonly (readonly [string, LispValue])[] };

export interface LispForm {
  readonly value: LispValue;
  /** 1-based line where the form starts. */
  readonly line: number;
}

export class LispSyntaxError extends Error {
  constructor(readonly line: number, readonly reason: string) {
    super(`line ${line}: ${reason}`);
  }
}

export const NIL: LispValue = { t: 'sym', name: 'NIL' };
export const T: LispValue = { t: 'sym', name: 'T' };
export const int = (v: number): LispValue => ({ t: 'int', v });
export const str = (v: string): LispValue => ({ t: 'str', v });
export const kw = (name: string): LispValue => ({ t: 'sym', name: `:${name}` });
export const list = (items: readonly LispValue[]): LispValue => ({ t: 'list', items });

export const isNil = (v: LispValue): boolean => (v.t === 'sym' && v.name === 'NIL') || (v.t === 'list' && v.items.length === 0);

/** Token delimiters by char code (a table lookup keeps the reader linear and cheap on large lists). */
const DELIMITER = new Uint8Array(128);
for (const c of [' ', '\t', '\n', '\r', '\f', '(', ')', '"', ';', "'"]) DELIMITER[c.charCodeAt(0)] = 1;

/** An atom the reader met on `line`: an integer, a ratio, or a symbol (FESA files hold no floating-point numbers). */
const atomOf = (tok: string, line: number): LispValue => {
  if (/^[+-]?\d+\.?$/.test(tok)) return { t: 'int', v: parseInt(tok, 10) };
  const ratio = /^([+-]?\d+)\/(\d+)$/.exec(tok);
  // Both groups of the pattern are required, so a match has them.
  if (ratio) return reduceRatio(parseInt(ratio[1]!, 10), parseInt(ratio[2]!, 10), line);
  if (/^[+-]?(\d+\.\d*|\.\d+|\d+)([eEsSfFdDlL][+-]?\d+)?$/.test(tok)) {
    throw new LispSyntaxError(line, `floating-point number ${tok} is not used in FESA files`);
  }
  return { t: 'sym', name: tok.toUpperCase() };
};

/** Reads every top-level form of `text`. */
export const readAll = (text: string): LispForm[] => {
  let pos = 0;
  let line = 1;
  const advance = (): string => {
    const c = text[pos++];
    // Only `#\` at the very end of the text reads past it: a character literal without its character.
    if (c === undefined) throw new LispSyntaxError(line, 'unexpected end of file');
    if (c === '\n') line++;
    return c;
  };
  const skip = (): void => {
    while (pos < text.length) {
      const c = text[pos];
      if (c === ';') {
        while (pos < text.length && text[pos] !== '\n') pos++;
      } else if (c === '#' && text[pos + 1] === '|') {
        const start = line;
        pos += 2;
        while (pos < text.length && !(text[pos] === '|' && text[pos + 1] === '#')) advance();
        if (pos >= text.length) throw new LispSyntaxError(start, 'unterminated #| comment');
        pos += 2;
      } else if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f') {
        advance();
      } else return;
    }
  };
  const token = (): string => {
    const start = pos;
    for (let c = text.charCodeAt(pos); pos < text.length && !(c < 128 && DELIMITER[c] === 1); c = text.charCodeAt(++pos));
    return text.slice(start, pos);
  };
  const readSeq = (open: number): LispValue[] => {
    const items: LispValue[] = [];
    for (;;) {
      skip();
      if (pos >= text.length) throw new LispSyntaxError(open, 'list opened here is never closed (missing ")")');
      if (text[pos] === ')') {
        pos++;
        return items;
      }
      items.push(read());
    }
  };
  const read = (): LispValue => {
    skip();
    if (pos >= text.length) throw new LispSyntaxError(line, 'unexpected end of file');
    const c = text[pos];
    const here = line;
    if (c === '(') {
      pos++;
      return { t: 'list', items: readSeq(here) };
    }
    if (c === ')') throw new LispSyntaxError(here, 'unexpected ")"');
    if (c === '"') {
      pos++;
      let s = '';
      for (;;) {
        // Copy the run up to the next quote or escape in one slice; count the newlines it holds.
        const quote = text.indexOf('"', pos);
        if (quote < 0) throw new LispSyntaxError(here, 'string opened here is never closed');
        const escape = text.indexOf('\\', pos);
        const end = escape >= 0 && escape < quote ? escape : quote;
        const run = text.slice(pos, end);
        for (let i = run.indexOf('\n'); i >= 0; i = run.indexOf('\n', i + 1)) line++;
        s += run;
        pos = end + 1;
        if (end === quote) return { t: 'str', v: s };
        if (pos >= text.length) throw new LispSyntaxError(here, 'string opened here is never closed');
        s += advance();
      }
    }
    if (c === "'") {
      pos++;
      return { t: 'list', items: [{ t: 'sym', name: 'QUOTE' }, read()] };
    }
    if (c === '#') {
      const d = text[pos + 1];
      if (d === '\\') {
        pos += 2;
        const first = advance();
        const rest = token();
        if (rest === '') return { t: 'char', v: first };
        const name = (first + rest).toLowerCase();
        if (name === 'space') return { t: 'char', v: ' ' };
        if (name === 'newline') return { t: 'char', v: '\n' };
        if (name === 'tab') return { t: 'char', v: '\t' };
        throw new LispSyntaxError(here, `unknown character name #\\${first}${rest}`);
      }
      if (d === 'S' || d === 's') {
        pos += 2;
        if (text[pos] !== '(') throw new LispSyntaxError(here, 'expected "(" after #S');
        pos++;
        const items = readSeq(here);
        const head = items[0];
        if (!head || head.t !== 'sym') throw new LispSyntaxError(here, '#S( must start with a structure name');
        const fields: [string, LispValue][] = [];
        for (let i = 1; i < items.length; i += 2) {
          const k = items[i];
          const value = items[i + 1];
          if (!k || k.t !== 'sym' || !value) throw new LispSyntaxError(here, `#S(${head.name} …) needs :KEY value pairs`);
          fields.push([k.name.replace(/^:/, ''), value]);
        }
        return { t: 'struct', name: head.name, fields };
      }
      throw new LispSyntaxError(here, `unsupported syntax #${d ?? ''}`);
    }
    const tok = token();
    if (tok === '') throw new LispSyntaxError(here, `unexpected character ${JSON.stringify(c)}`);
    return atomOf(tok, here);
  };
  const forms: LispForm[] = [];
  for (;;) {
    skip();
    if (pos >= text.length) return forms;
    const at = line;
    forms.push({ value: read(), line: at });
  }
};

const gcd = (a: number, b: number): number => (b === 0 ? Math.abs(a) : gcd(b, a % b));
const reduceRatio = (n: number, d: number, line: number): LispValue => {
  if (d === 0) throw new LispSyntaxError(line, 'division by zero in a ratio');
  const g = gcd(n, d);
  return d / g === 1 ? { t: 'int', v: n / g } : { t: 'ratio', n: n / g, d: d / g };
};

/** CLISP `~s` (prin1) without pretty printing. */
export const print = (v: LispValue): string => {
  switch (v.t) {
    case 'int':
      return String(v.v);
    case 'ratio':
      return `${v.n}/${v.d}`;
    case 'str':
      return `"${v.v.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
    case 'sym':
      return v.name;
    case 'char':
      return v.v === ' ' ? '#\\Space' : v.v === '\n' ? '#\\Newline' : v.v === '\t' ? '#\\Tab' : `#\\${v.v}`;
    case 'list':
      return v.items.length === 0 ? 'NIL' : `(${v.items.map(print).join(' ')})`;
    case 'struct':
      return `#S(${v.name}${v.fields.map(([k, x]) => ` :${k} ${print(x)}`).join('')})`;
  }
};

export const describe = (v: LispValue): string => {
  const s = print(v);
  return s.length > 40 ? `${s.slice(0, 37)}...` : s;
};

/** `format`'s `~Nd` (and `~N@a`): at least `width` characters, padded on the left, never cut. */
export const padLeft = (s: string | number, width: number): string => String(s).padStart(width, ' ');
/** `format`'s `~Na`: at least `width` characters, padded on the right, never cut. */
export const padRight = (s: string, width: number): string => s.padEnd(width, ' ');
