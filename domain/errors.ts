import * as t from 'io-ts';

const show = (v: unknown): string => {
  if (v === undefined) return 'nothing';
  const s = JSON.stringify(v);
  if (s === undefined) return typeof v;
  return s.length <= 60 ? s : `${s.slice(0, 57)}... (${typeof v === 'string' ? `${Array.from(v).length} characters` : `${s.length} characters of JSON`})`;
};

const EXPECTATIONS: Record<string, string> = {
  IsoDate: 'a date YYYY-MM-DD',
  NonEmpty: 'a non-empty text',
  Id: 'an id of 1 to 200 characters, without spaces at the ends, "/" or "\\"',
  Int: 'an integer',
  GradeText: 'a grade such as "3 Kyu", "2 Dan" or "Pro 1"',
  HandicapType: 'a handicap type (sente, lance, bishop, rook, rook-lance, 2p..8p)',
  GameResult: 'a result (win, loss, draw, sennichite, unplayed, forfeit-win, forfeit-loss, bye)',
};

/**
 * Turns io-ts errors into one sentence per offending field: "field `validDate`: expected a date YYYY-MM-DD, got "2024-13-01"".
 * For unions only the deepest failure per field is kept, which is what a person needs to fix the input.
 */
export const describeDecodeErrors = (errors: t.Errors): string => {
  const byField = new Map<string, string>();
  for (const err of errors) {
    // Keys that only say which member of an intersection or union failed are not fields a person can fix.
    const path = err.context
      .filter((c, i, all) => i > 0 && !(all[i - 1]!.type instanceof t.IntersectionType || all[i - 1]!.type instanceof t.UnionType))
      .map((c) => c.key)
      .join('.');
    const last = err.context[err.context.length - 1];
    const typeName = last?.type.name ?? 'value';
    const expected = err.message ?? EXPECTATIONS[typeName] ?? typeName;
    const field = path === '' ? 'payload' : `field \`${path}\``;
    if (!byField.has(field)) byField.set(field, `${field}: expected ${expected}, got ${show(err.value)}`);
  }
  return [...byField.values()].join('; ');
};
