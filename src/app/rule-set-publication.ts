/**
 * A non-FESA rule set's list in the ledger's own formats (table, CSV, JSON), published and written again byte for
 * byte after later corrections, and compared with the list as known now (`diff --published`).
 */
import type { RatingListPublished } from '../../domain/events';
import type { LoggedEvent } from '../../domain/events';
import { isGenericRuleSet } from '../../projections/generic/systems';
import { LedgerFailure } from './failure';
import { contentHash, csvCell, findPublished, isProgramFile, listBytes, reproducePublished, assertReproducible, UnreproducibleListError, type ListFormat } from './lists';
import type { ListPrinter } from './ports/list-printer';
import { givesGrades, ruleSetList, type RuleSetList, type RuleSetListRow } from './rule-set-list';

/** A FESA format asked of another rule set's list: the sentence the CLI and HTTP answer with. */
export const programFileRefusal = (ruleSet: string, format: string): string | undefined =>
  isGenericRuleSet(ruleSet) && isProgramFile(format as ListFormat)
    ? `--format ${format} is the FESA program's own file, which a ${ruleSet} list is not written as; give table, csv or json`
    : undefined;

/** The list as its format writes it; CSV cells are guarded against formulas as the FESA CSV's are. */
export const renderRuleSetList = (printer: ListPrinter, list: RuleSetList, format: ListFormat): string => {
  const grades = givesGrades(list.ruleSet);
  switch (format) {
    case 'json':
      return `${JSON.stringify(list, null, 2)}\n`;
    case 'csv': {
      const header = ['rank', 'player_id', 'name', 'country', ...(grades ? ['grade'] : []), 'rating', 'games', 'provisional', 'last_played'];
      const cells = (r: RuleSetListRow) => [r.rank, r.id, r.name, r.country, ...(grades ? [r.grade ?? null] : []), r.rating, r.games, r.provisional, r.lastPlayed];
      return `${header.join(',')}\n${list.players.map((r) => cells(r).map(csvCell('guarded')).join(',')).join('\n')}${list.players.length > 0 ? '\n' : ''}`;
    }
    case 'table': {
      const header = ['#', 'player', 'id', 'country', ...(grades ? ['grade'] : []), 'rating', 'games', 'last played'];
      const rows = list.players.map((r) => [r.rank, r.name, r.id, r.country, ...(grades ? [r.grade ?? '-'] : []), r.rating, `${r.games}${r.provisional ? 'p' : ''}`, r.lastPlayed]);
      return `${list.ruleSet} as of ${list.asOf}\n${printer.table(header, rows)}\n`;
    }
    // the default: a format read back from a published fact (`event.format`) is cast, not checked
    case 'fesa':
    case 'fesa-all':
    default:
      throw new LedgerFailure('bad-input', programFileRefusal(list.ruleSet, format) ?? `unknown format ${format}`, { parameter: 'format' });
  }
};

/** A non-FESA published list exactly as it was: the log as known when it was written (`publishedKnownAt`), checked by its hash. */
export const reproduceRuleSetList = (printer: ListPrinter, facts: readonly LoggedEvent[], listId: string): { event: RatingListPublished; list: RuleSetList; text: string } => {
  const { event, knownAt } = findPublished(facts, listId);
  assertReproducible(event, listId);
  const list = ruleSetList(facts, event.ruleSet, { asOf: event.asOf, knownAt, activeYears: event.activeYears ?? 0, entry: event.entry ?? 'system' });
  const text = renderRuleSetList(printer, list, event.format as ListFormat);
  const hash = contentHash(listBytes(text, event.format as ListFormat));
  if (hash !== event.contentHash) throw new UnreproducibleListError(`published list "${listId}" cannot be reproduced: its hash was ${event.contentHash}, the fold gives ${hash}`);
  return { event, list, text };
};

/** Any published list's bytes again (FESA or not), with its fact. */
export const reproducePublishedText = (printer: ListPrinter, facts: readonly LoggedEvent[], listId: string): { event: RatingListPublished; text: string } => {
  const { event } = findPublished(facts, listId);
  return isGenericRuleSet(event.ruleSet) ? reproduceRuleSetList(printer, facts, listId) : reproducePublished(printer, facts, listId);
};

/** What a player was on one side of a diff. */
export interface RuleSetStanding {
  readonly rating: number;
  readonly grade?: string | null;
}

export interface RuleSetListDiff {
  readonly labels: readonly [string, string];
  /** The players whose rating or grade differs (or who are on one list only), by id. */
  readonly players: readonly { readonly id: string; readonly name: string; readonly before: RuleSetStanding | null; readonly after: RuleSetStanding | null }[];
}

const standing = (r: RuleSetListRow | undefined): RuleSetStanding | null =>
  r === undefined ? null : { rating: r.rating, ...(r.grade !== undefined ? { grade: r.grade } : {}) };

/** Two lists of one rule set compared player by player. */
export const diffRuleSetLists = (labels: readonly [string, string], before: RuleSetList, after: RuleSetList): RuleSetListDiff => {
  const [b, a] = [new Map(before.players.map((r) => [r.id, r])), new Map(after.players.map((r) => [r.id, r]))];
  const ids = [...new Set([...b.keys(), ...a.keys()])].sort();
  const players = ids.flatMap((id) => {
    const [x, y] = [b.get(id), a.get(id)];
    if (x !== undefined && y !== undefined && x.rating === y.rating && x.grade === y.grade) return [];
    return [{ id, name: (y ?? x)!.name, before: standing(x), after: standing(y) }];
  });
  return { labels, players };
};

/** A published non-FESA list against the same date's list as known now (`diff --published`). */
export const publishedRuleSetDiff = (printer: ListPrinter, facts: readonly LoggedEvent[], listId: string): RuleSetListDiff => {
  const { event, list } = reproduceRuleSetList(printer, facts, listId);
  const now = ruleSetList(facts, event.ruleSet, { asOf: event.asOf, activeYears: event.activeYears ?? 0, entry: event.entry ?? 'system' });
  return diffRuleSetLists([listId, 'now'], list, now);
};
