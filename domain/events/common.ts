import * as t from 'io-ts';
import { isValidIsoDate } from './iso-date';

export { isValidIsoDate };

/** A calendar date `YYYY-MM-DD` that exists (the valid-time clock of the ledger). */
export interface IsoDateBrand {
  readonly IsoDate: unique symbol;
}
export const IsoDate = t.brand(t.string, (s): s is t.Branded<string, IsoDateBrand> => isValidIsoDate(s), 'IsoDate');
export type IsoDate = t.TypeOf<typeof IsoDate>;

/** A printable ASCII character other than space (! to ~): never whitespace, one code point. */
const isPrintableAscii = (c: number): boolean => c > 32 && c < 127;

const NON_EMPTY = /\S/;
export interface NonEmptyBrand {
  readonly NonEmpty: unique symbol;
}
/** Not only whitespace. (A printable ASCII first character settles it without the regular expression.) */
export const isNonEmpty = (s: string): boolean => (s.length > 0 && isPrintableAscii(s.charCodeAt(0))) || NON_EMPTY.test(s);
export const NonEmptyString = t.brand(t.string, (s): s is t.Branded<string, NonEmptyBrand> => isNonEmpty(s), 'NonEmpty');
export type NonEmptyString = t.TypeOf<typeof NonEmptyString>;

/** Ids are printable and free of path/stream separators so they can be embedded in stream names. */
const ID = /^[^\s/\\][^/\\]{0,199}$/u;
export interface IdBrand {
  readonly Id: unique symbol;
}
/**
 * An id: 1 to 200 code points, no slash or backslash, no whitespace at either end. Ids are checked five times per
 * game on a rebuild: an id of printable ASCII characters (the usual one) is settled with character codes, anything
 * else by the regular expression.
 */
export const isId = (s: string): boolean => {
  if (s.length > 0 && s.length <= 200) {
    let plain = true;
    for (let i = 0; i < s.length && plain; i++) {
      const c = s.charCodeAt(i);
      plain = isPrintableAscii(c) && c !== 47 && c !== 92;
    }
    if (plain) return true;
  }
  return ID.test(s) && s.trim() === s;
};
export const Id = t.brand(t.string, (s): s is t.Branded<string, IdBrand> => isId(s), 'Id');
export type Id = t.TypeOf<typeof Id>;

export interface IntBrand {
  readonly Int: unique symbol;
}
export const Int = t.brand(t.number, (n): n is t.Branded<number, IntBrand> => Number.isInteger(n), 'Int');

/** Fields every event carries: its id, its valid date, the officer who recorded it. */
export const envelope = {
  eventId: NonEmptyString,
  validDate: IsoDate,
  actor: NonEmptyString,
};

export const TimeControl = t.type({
  mainMinutes: t.number,
  byoyomiSeconds: t.number,
  incrementSeconds: t.number,
});
export type TimeControl = t.TypeOf<typeof TimeControl>;

/** Grades as officers write them: "3 Kyu", "2 Dan", "Pro 1" (a prior grade, an award); each rule system reads them in its own terms (domain/rules/shared/grade-text.ts). */
export const GradeText = t.brand(
  t.string,
  (s): s is t.Branded<string, { readonly GradeText: unique symbol }> => /^(?:([1-9]|1\d|20) Kyu|([1-9]|10) Dan|Pro(?: [1-9])?)$/.test(s),
  'GradeText',
);
export type GradeText = t.TypeOf<typeof GradeText>;

/**
 * Handicap types. Canonical names follow ../shared/rules/README.md; FESA's codes (M S L B R RL 2p 4p 5p 6p) are
 * accepted on input and mapped by `handicapFromCode`. FESA's "M" and "S" are both the sente handicap (the program
 * treats S as M); the original code is kept in `code` so an exported file says what the officer wrote.
 */
export const HANDICAP_TYPES = [
  'even',
  'sente',
  'lance',
  'bishop',
  'rook',
  'rook-lance',
  '2p',
  '3p',
  '3p-right-lance',
  '3p-left-lance',
  '4p',
  '5p-right-knight',
  '5p-left-knight',
  '6p',
  '7p',
  '8p',
] as const;
export type HandicapType = (typeof HANDICAP_TYPES)[number];
export const HandicapTypeC = t.keyof(Object.fromEntries(HANDICAP_TYPES.map((h) => [h, null])) as Record<HandicapType, null>, 'HandicapType');

export const FESA_HANDICAP_CODES: Readonly<Record<string, HandicapType>> = {
  M: 'sente',
  S: 'sente',
  L: 'lance',
  B: 'bishop',
  R: 'rook',
  RL: 'rook-lance',
  '2P': '2p',
  '4P': '4p',
  '5P': '5p-right-knight',
  '6P': '6p',
};

/** Accepts a canonical name or a FESA code (case-insensitive); undefined when it is neither. */
export const handicapFromCode = (code: string): HandicapType | undefined => {
  const lower = code.toLowerCase();
  const canonical = HANDICAP_TYPES.find((h) => h === lower);
  if (canonical) return canonical;
  const aliases: Record<string, HandicapType> = { 'rook+lance': 'rook-lance', rl: 'rook-lance', '2-pieces': '2p', '3-pieces': '3p', '4-pieces': '4p', '5p': '5p-right-knight', '6-pieces': '6p' };
  return aliases[lower] ?? FESA_HANDICAP_CODES[code.toUpperCase()];
};

export const Handicap = t.intersection([
  t.type({ type: HandicapTypeC, giver: Id }),
  t.partial({ code: t.string }),
]);
export type Handicap = t.TypeOf<typeof Handicap>;
