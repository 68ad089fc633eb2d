import { createHash } from 'crypto';
import * as E from 'fp-ts/Either';
import type { RatingListPublished } from '../../domain/events';
import type { FesaPlayer } from '../../domain/rules/fesa/types';
import { gradeText } from '../../projections/fesa/diff';
import { AS_ADOPTED, FESA_RULE_SETS, isFesaRuleSet, type FesaFold, type FoldOptions } from '../../projections/fesa/history';
import type { LoggedEvent } from '../../domain/events';
import { foldFesaFast, type ProjectionOptions, type RunsMode } from '../../projections/fesa/incremental';
import { LIST_FORMAT_IDS } from '../../domain/rules/rule-set-ids';
import { GENERIC_RULE_SETS, isGenericRuleSet } from '../../projections/generic/systems';
import { LedgerFailure, unratable } from './failure';
import type { ListPrinter } from './ports/list-printer';

export const LIST_FORMATS = LIST_FORMAT_IDS;
export type ListFormat = (typeof LIST_FORMATS)[number];

/**
 * The official program's files: `fesa` its whole post list (`ratingliste.post`), `fesa-all` its published list of
 * active players (`all.txt`). Both ISO-8859-1, and written exactly as made (`all.txt` ends without a newline).
 */
export const isProgramFile = (format: ListFormat): boolean => format === 'fesa' || format === 'fesa-all';

export interface ListRow {
  readonly rank: number;
  readonly playerId: string;
  readonly name: string;
  readonly country: string;
  readonly grade: string;
  readonly rating: number;
  readonly games: number;
  readonly provisional: boolean;
  readonly lastPlayed: string | null;
}

const yearsBefore = (date: string, years: number): string => `${String(Number(date.slice(0, 4)) - years).padStart(4, '0')}${date.slice(4)}`;

/**
 * The published list: FESA lists players active in the last `activeYears` years (0 = everybody), rated players
 * only, in the program's order. The `fesa` format is the program's whole file, unfiltered, byte for byte; `fesa-all`
 * the program's all.txt (its own activity rule).
 */
export const listRows = (fold: FesaFold, asOf: string, activeYears: number): ListRow[] => {
  const since = activeSince(asOf, activeYears);
  return fold.list
    .filter((p) => p.lastPlayed !== null && p.lastPlayed > since && p.eloNumber > 0)
    .map((p: FesaPlayer, i) => ({ rank: i + 1, playerId: fold.playerIdOf(p) ?? nameIdOf(p), ...rowOf(p) }));
};

/** The published list keeps the players who played after this date ('' = everybody rated). */
export const activeSince = (asOf: string, activeYears: number): string => (activeYears > 0 ? yearsBefore(asOf, activeYears) : '');

/** What the list calls a player no registration names. */
export const nameIdOf = (p: FesaPlayer): string => `${p.lastName}${p.firstName ? `, ${p.firstName}` : ''}`;

/** A record's columns in the published list (all but its rank and player id). */
export const rowOf = (p: FesaPlayer): Omit<ListRow, 'rank' | 'playerId'> => ({
  name: `${p.lastName}${p.firstName ? ` ${p.firstName}` : ''}`,
  country: p.nationalityList[0]?.nationality ?? '',
  grade: gradeText(p),
  rating: p.eloNumber,
  games: typeof p.games === 'number' ? p.games : p.games.length,
  provisional: typeof p.games !== 'number',
  lastPlayed: p.lastPlayed,
});

/**
 * A text cell a spreadsheet would run as a formula (`=cmd|' /C calc'!A0`): one that starts with = + - @, a tab or a
 * carriage return (OWASP's CSV injection list). Numbers are no formulas, written as numbers or as text (an id "-12"),
 * nor is a lone "-".
 */
const runsAsFormula = (text: string): boolean => text.length > 1 && /^[=+\-@\t\r]/.test(text) && !/^[-+]?\d+(\.\d+)?$/.test(text);

/** How CSV cells are written: guarded against formulas, or as lists were published before the guard (still reproduced). */
export type CsvCells = 'guarded' | 'unguarded';

export const csvCell =
  (cells: CsvCells) =>
  (v: string | number | boolean | null): string => {
    const s = v === null ? '' : String(v);
    // a single quote first makes the spreadsheet show the text as it is; the quotes keep the cell whole
    if (cells === 'guarded' && typeof v === 'string' && runsAsFormula(s)) return `"'${s.replace(/"/g, '""')}"`;
    return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };

export const renderList = (printer: ListPrinter, fold: FesaFold, asOf: string, format: ListFormat, activeYears: number): string =>
  isProgramFile(format) ? renderProgramFile(printer, fold.list, asOf, format) : renderRows(printer, listRows(fold, asOf, activeYears), asOf, format, activeYears);

/** The program's files (`fesa`, `fesa-all`) of a whole list in its order. */
export const renderProgramFile = (printer: ListPrinter, list: readonly FesaPlayer[], asOf: string, format: ListFormat): string => {
  if (format === 'fesa') return printer.ratingList(list);
  // the program's own activity rule and order, whatever activeYears says
  const all = printer.allTxt(list, asOf);
  if (E.isLeft(all)) throw unratable(`the list as of ${asOf} cannot be written as the program's all.txt: ${all.left}`);
  return all.right;
};

/**
 * How JSON rows name their player: `id` as every other rule set's list does (and `playerId`, as before), or
 * `playerId` alone as FESA lists were published before they carried `id` (still reproduced byte for byte).
 */
export type JsonRowIds = 'id' | 'playerId-only';

/** The published list's rows (`listRows`) in one of the formats that print rows (`table`, `csv`, `json`). */
export const renderRows = (printer: ListPrinter, rows: readonly ListRow[], asOf: string, format: ListFormat, activeYears: number, cells: CsvCells = 'guarded', ids: JsonRowIds = 'id'): string => {
  switch (format) {
    case 'json':
      return `${JSON.stringify({ asOf, activeYears, players: ids === 'id' ? rows.map(({ rank, ...row }) => ({ rank, id: row.playerId, ...row })) : rows }, null, 2)}\n`;
    case 'csv':
      return `${['rank', 'player_id', 'name', 'country', 'grade', 'rating', 'games', 'provisional', 'last_played'].join(',')}\n${rows
        .map((r) => [r.rank, r.playerId, r.name, r.country, r.grade, r.rating, r.games, r.provisional, r.lastPlayed].map(csvCell(cells)).join(','))
        .join('\n')}${rows.length > 0 ? '\n' : ''}`;
    case 'table':
      return `${printer.table(['#', 'player', 'country', 'grade', 'rating', 'games', 'last played'], rows.map((r) => [r.rank, r.name, r.country, r.grade, r.rating, `${r.games}${r.provisional ? 'p' : ''}`, r.lastPlayed]))}\n`;
    // the default: a format read back from a stored fact is cast, not checked
    case 'fesa':
    case 'fesa-all':
    default:
      throw new Error(`the ${format} format prints the program's file, not rows`);
  }
};

/** Bytes of a list as written: FESA files are ISO-8859-1 like the program's, the others UTF-8. */
export const listBytes = (text: string, format: ListFormat): Buffer => Buffer.from(text, isProgramFile(format) ? 'latin1' : 'utf8');
export const contentHash = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

/**
 * `foldFesa(facts, options)` as the adapters need it: through the projection (see `foldFesaFast`), keeping of each
 * run what the caller reads (`runs`), and the fold's error thrown as one sentence.
 */
export const foldOrThrow = (facts: readonly LoggedEvent[], options: Pick<FoldOptions, 'ruleSet' | 'asOf' | 'knownAt'> & Pick<ProjectionOptions, 'onProgress'> & { readonly runs: RunsMode }): FesaFold => {
  const folded = foldFesaFast(facts, options);
  if (E.isLeft(folded)) throw unratable(folded.left);
  return folded.right;
};

/** Asked for a published list the ledger has no record of. */
export class UnknownListError extends LedgerFailure {
  constructor(listId: string) {
    super('not-found', `no published list "${listId}" in the ledger (ledger list publish --id … records one)`);
    this.name = 'UnknownListError';
  }
}

/** A published list the ledger holds but cannot reproduce: an unknown rule set or format, or other bytes than published. */
export class UnreproducibleListError extends LedgerFailure {
  constructor(message: string) {
    super('unreproducible', message);
    this.name = 'UnreproducibleListError';
  }
}

export const findPublished = (facts: readonly LoggedEvent[], listId: string): { event: RatingListPublished; position: number; knownAt: number } => {
  const found = facts.find((f) => f.event.type === 'RatingListPublished' && f.event.listId === listId);
  if (!found) throw new UnknownListError(listId);
  const event = found.event as RatingListPublished;
  const basis = (id: string): number | undefined => facts.find((f) => f.event.eventId === id)?.globalPosition;
  return { event, position: found.globalPosition, knownAt: publishedKnownAt(event, found.globalPosition, basis) };
};

/**
 * The position a published list is reproduced as known at: its `basedOn` event's (see RatingListPublished), else
 * just before the publication. A basis that is not in the log before the publication makes the list unreproducible.
 */
export const publishedKnownAt = (event: RatingListPublished, position: number, positionOf: (eventId: string) => number | undefined): number => {
  if (event.basedOn === undefined) return position - 1;
  if (event.basedOn === null) return 0;
  const at = positionOf(event.basedOn);
  if (at === undefined || at >= position) throw new UnreproducibleListError(`published list "${event.listId}" was written from the log up to event "${event.basedOn}", which is not in the log before it, so it cannot be reproduced`);
  return at;
};

/** A published list names a rule set and a format this ledger folds and writes, or it cannot be reproduced. */
export const assertReproducible = (event: RatingListPublished, listId: string): void => {
  if (event.ruleSet !== AS_ADOPTED && !isFesaRuleSet(event.ruleSet) && !isGenericRuleSet(event.ruleSet)) {
    throw new UnreproducibleListError(`published list "${listId}" names the rule set "${event.ruleSet}", which this ledger does not know (it knows ${[AS_ADOPTED, ...Object.keys(FESA_RULE_SETS), ...GENERIC_RULE_SETS].join(', ')}), so it cannot be reproduced`);
  }
  if (!(LIST_FORMATS as readonly string[]).includes(event.format) || (isGenericRuleSet(event.ruleSet) && isProgramFile(event.format as ListFormat))) {
    throw new UnreproducibleListError(`published list "${listId}" names the format "${event.format}", which this ledger does not write (it writes ${LIST_FORMATS.join(', ')}), so it cannot be reproduced`);
  }
};

/** The published list exactly as it was: the log folded as known when it was written (`publishedKnownAt`), checked by its hash. */
export const reproducePublished = (printer: ListPrinter, facts: readonly LoggedEvent[], listId: string, runs: RunsMode = 'none', onProgress?: ProjectionOptions['onProgress']): { event: RatingListPublished; folded: FesaFold; text: string } => {
  const { event, knownAt } = findPublished(facts, listId);
  if (isGenericRuleSet(event.ruleSet)) throw new LedgerFailure('bad-input', `published list "${listId}" is a ${event.ruleSet} list, not a FESA list`);
  assertReproducible(event, listId);
  const folded = foldOrThrow(facts, { ruleSet: event.ruleSet, asOf: event.asOf, knownAt, runs, onProgress });
  const guarded = renderList(printer, folded, event.asOf, event.format as ListFormat, event.activeYears ?? 2);
  // a CSV list published before its cells were guarded against formulas, or a JSON one before its rows carried `id`,
  // is reproduced as it was written then
  const then = (format: 'csv' | 'json'): string => renderRows(printer, listRows(folded, event.asOf, event.activeYears ?? 2), event.asOf, format, event.activeYears ?? 2, 'unguarded', 'playerId-only');
  const format = event.format as ListFormat;
  const text = (format === 'csv' || format === 'json') && contentHash(listBytes(guarded, format)) !== event.contentHash ? then(format) : guarded;
  const hash = contentHash(listBytes(text, event.format as ListFormat));
  if (hash !== event.contentHash) throw new UnreproducibleListError(`published list "${listId}" cannot be reproduced: its hash was ${event.contentHash}, the fold gives ${hash}`);
  return { event, folded, text };
};

/** Two folds to compare, with what to call them. */
export interface FoldPair {
  readonly labels: readonly [string, string];
  readonly before: FesaFold;
  readonly after: FesaFold;
}

/** A published list's fold as it was known when published (checked by its hash), and the same date as known now. */
export const publishedAndNow = (printer: ListPrinter, facts: readonly LoggedEvent[], listId: string, onProgress?: ProjectionOptions['onProgress']): FoldPair => {
  const { event, folded } = reproducePublished(printer, facts, listId, 'changes', onProgress);
  return { labels: [`published ${listId}`, 'known now'], before: folded, after: foldOrThrow(facts, { ruleSet: event.ruleSet, asOf: event.asOf, runs: 'changes', onProgress }) };
};

/** The same facts folded under two FESA rule sets (with runs, for a diff). */
export const underRuleSets = (facts: readonly LoggedEvent[], a: string, b: string, asOf: string, onProgress?: ProjectionOptions['onProgress']): FoldPair => ({
  labels: [a, b],
  before: foldOrThrow(facts, { ruleSet: a, asOf, runs: 'changes', onProgress }),
  after: foldOrThrow(facts, { ruleSet: b, asOf, runs: 'changes', onProgress }),
});
