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

/** A run of blanks, and a token: every character up to a delimiter (whitespace, parentheses, a quote or `;`). */
const BLANKS = /[ \t\n\r\f]+/y;
const TOKEN = /[^ \t\n\r\f()";']*/y;

/** An integer, a ratio or a floating-point number starts with a sign, a digit or a point; a symbol with anything else. */
const NUMBER_START = /^[-+.\d]/;

/** An atom the reader met on the line `lineOf` gives: an integer, a ratio, or a symbol (FESA files hold no floating-point numbers). */
const atomOf = (tok: string, lineOf: () => number): LispValue => {
  if (!NUMBER_START.test(tok)) return { t: 'sym', name: tok.toUpperCase() };
  if (/^[+-]?\d+\.?$/.test(tok)) return { t: 'int', v: parseInt(tok, 10) };
  const ratio = /^([+-]?\d+)\/(\d+)$/.exec(tok);
  // Both groups of the pattern are required, so a match has them.
  if (ratio) return reduceRatio(parseInt(ratio[1]!, 10), parseInt(ratio[2]!, 10), lineOf);
  if (/^[+-]?(\d+\.\d*|\.\d+|\d+)([eEsSfFdDlL][+-]?\d+)?$/.test(tok)) {
    throw new LispSyntaxError(lineOf(), `floating-point number ${tok} is not used in FESA files`);
  }
  return { t: 'sym', name: tok.toUpperCase() };
};

/** The 1-based line of a position in `text`, counting on from the last position asked for when it lies ahead. */
const lineCounter = (text: string): ((at: number) => number) => {
  let counted = 0;
  let countedLine = 1;
  return (at) => {
    if (at < counted) {
      counted = 0;
      countedLine = 1;
    }
    for (let i = text.indexOf('\n', counted); i >= 0 && i < at; i = text.indexOf('\n', i + 1)) countedLine++;
    counted = at;
    return countedLine;
  };
};

/**
 * Reads every top-level form of `text`. Blanks, tokens, strings and comments are found by the engine's own searches
 * (indexOf and sticky patterns) rather than a character at a time: `fesa run` reads a whole rating list in a process
 * that has just started, before any of this code is optimised. Lines are counted only where one is needed: a form's
 * start, and a refusal.
 */
export const readAll = (text: string): LispForm[] => {
  let pos = 0;
  const lineAt = lineCounter(text);
  // the next backslash at or after the string being read (the text's length when there is none)
  let escape = -1;
  const skip = (): void => {
    while (pos < text.length) {
      const c = text[pos];
      if (c === ';') {
        const end = text.indexOf('\n', pos);
        pos = end < 0 ? text.length : end;
      } else if (c === '#' && text[pos + 1] === '|') {
        const end = text.indexOf('|#', pos + 2);
        if (end < 0) throw new LispSyntaxError(lineAt(pos), 'unterminated #| comment');
        pos = end + 2;
      } else {
        BLANKS.lastIndex = pos;
        if (!BLANKS.test(text)) return;
        pos = BLANKS.lastIndex;
      }
    }
  };
  const token = (): string => {
    TOKEN.lastIndex = pos;
    TOKEN.test(text);
    const start = pos;
    pos = TOKEN.lastIndex;
    return text.slice(start, pos);
  };
  const readSeq = (open: number): LispValue[] => {
    const items: LispValue[] = [];
    for (;;) {
      skip();
      if (pos >= text.length) throw new LispSyntaxError(lineAt(open), 'list opened here is never closed (missing ")")');
      if (text[pos] === ')') {
        pos++;
        return items;
      }
      items.push(read());
    }
  };
  const read = (): LispValue => {
    skip();
    if (pos >= text.length) throw new LispSyntaxError(lineAt(pos), 'unexpected end of file');
    const c = text[pos];
    const start = pos;
    const here = (): number => lineAt(start);
    if (c === '(') {
      pos++;
      return { t: 'list', items: readSeq(start) };
    }
    if (c === ')') throw new LispSyntaxError(here(), 'unexpected ")"');
    if (c === '"') {
      pos++;
      let s = '';
      for (;;) {
        // Copy the run up to the next quote or escape in one slice.
        const quote = text.indexOf('"', pos);
        if (quote < 0) throw new LispSyntaxError(here(), 'string opened here is never closed');
        if (escape < pos) {
          const next = text.indexOf('\\', pos);
          escape = next < 0 ? text.length : next;
        }
        const end = escape < quote ? escape : quote;
        s += text.slice(pos, end);
        pos = end + 1;
        if (end === quote) return { t: 'str', v: s };
        if (pos >= text.length) throw new LispSyntaxError(here(), 'string opened here is never closed');
        s += text.charAt(pos++);
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
        // Only `#\` at the very end of the text reads past it: a character literal without its character.
        if (pos >= text.length) throw new LispSyntaxError(lineAt(pos), 'unexpected end of file');
        const first = text[pos++]!;
        const rest = token();
        if (rest === '') return { t: 'char', v: first };
        const name = (first + rest).toLowerCase();
        if (name === 'space') return { t: 'char', v: ' ' };
        if (name === 'newline') return { t: 'char', v: '\n' };
        if (name === 'tab') return { t: 'char', v: '\t' };
        throw new LispSyntaxError(here(), `unknown character name #\\${first}${rest}`);
      }
      if (d === 'S' || d === 's') {
        pos += 2;
        if (text[pos] !== '(') throw new LispSyntaxError(here(), 'expected "(" after #S');
        pos++;
        const items = readSeq(start);
        const head = items[0];
        if (!head || head.t !== 'sym') throw new LispSyntaxError(here(), '#S( must start with a structure name');
        const fields: [string, LispValue][] = [];
        for (let i = 1; i < items.length; i += 2) {
          const k = items[i];
          const value = items[i + 1];
          if (!k || k.t !== 'sym' || !value) throw new LispSyntaxError(here(), `#S(${head.name} …) needs :KEY value pairs`);
          fields.push([k.name.startsWith(':') ? k.name.slice(1) : k.name, value]);
        }
        return { t: 'struct', name: head.name, fields };
      }
      throw new LispSyntaxError(here(), `unsupported syntax #${d ?? ''}`);
    }
    const tok = token();
    if (tok === '') throw new LispSyntaxError(here(), `unexpected character ${JSON.stringify(c)}`);
    return atomOf(tok, here);
  };
  const forms: LispForm[] = [];
  for (;;) {
    skip();
    if (pos >= text.length) return forms;
    const at = lineAt(pos);
    forms.push({ value: read(), line: at });
  }
};

const gcd = (a: number, b: number): number => (b === 0 ? Math.abs(a) : gcd(b, a % b));
const reduceRatio = (n: number, d: number, lineOf: () => number): LispValue => {
  if (d === 0) throw new LispSyntaxError(lineOf(), 'division by zero in a ratio');
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
