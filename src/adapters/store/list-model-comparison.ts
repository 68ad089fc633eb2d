/**
 * Two FESA rule sets' saved list models read side by side (`diff --rules A --rules B`, CheckpointStorage
 * `readListComparison`), in one read: each slot's last row (the two lists) and, of the rows at the items, only those
 * the other model does not hold alike. At a million games the two models hold half a million rows each and, where the
 * rule sets rate alike (fesa and fesa-published differ in promotions, not ratings), nearly all of them alike.
 */
import type { CheckedListHistory } from '../../app/ports/checkpoint-storage';
import { checkedColumns, editedOf } from './list-model-checked';
import { historyReader, metaOf, NOW, readListHistory, type HistoryReader, type Sql } from './list-model-tables';

/** What `readListComparison` reads: two rule sets' models up to their lists as of `asOf`. */
export interface ListComparisonQuery {
  readonly ruleSets: readonly [string, string];
  readonly format: number;
  readonly asOf: string;
}

/** Each slot's last row up to p2 known at p3 (NOW: one index seek per slot), by slot: the list of the date. */
const LAST_ROWS = (sql: Sql, s: string): string =>
  `SELECT sl.slot, r.date, r.ord, r.present, r.seq, r.rating, r.grade, r.name, ${checkedColumns((c) => `r.${c}`)} FROM ${s}rm_list_slots sl ${sql.latestRow(s, 'sl.slot', sql.p(2), sql.p(3))} WHERE sl.rule_set = ${sql.p(1)} ORDER BY 1`;

/**
 * The rows on the list known now dated up to p3 of rule sets p1 and p2 that the other does not hold alike (the same
 * slot, item and rating, and name where a slot has no owner: a row's player is its slot's owner, else its name),
 * each with its rule set, as a history row holding a rating and a player (the seq and grade a comparison of ratings
 * does not read are left out: 0 and ''; each group one row, whose `checkedColumns` a read checks): one pass over both models' rows by item (the index the rows were written in), grouped (a
 * seek of the other's row per row read cost three to ten times as much at a million games).
 */
const ROWS_UNLIKE = (s: string, p: Sql['p'], names: boolean): string =>
  `SELECT slot, date, ord, 1, 0, rating, '', ${names ? 'name' : "''"}, ${checkedColumns((c) => `min(${c})`)}, min(rule_set) FROM ${s}rm_list_rows
    WHERE rule_set IN (${p(1)}, ${p(2)}) AND date <= ${p(3)} AND kt IS NULL AND present = 1
    GROUP BY date, ord, slot, rating${names ? ', name' : ''} HAVING min(rule_set) = max(rule_set) ORDER BY slot, date, ord`;

/** Whether a slot of p1 has no owner known now (its rows' player is their name). */
const UNOWNED = (s: string, p: Sql['p']): string =>
  `SELECT 1 FROM ${s}rm_list_slots sl WHERE sl.rule_set = ${p(1)} AND NOT EXISTS (SELECT 1 FROM ${s}rm_list_owners o WHERE o.rule_set = sl.rule_set AND o.name_key = sl.name_key AND o.kt IS NULL) LIMIT 1`;

/** Whether the rows of `table` matching `where` are the same set, matched `on`, for rule sets p1 (alias a) and p2 (alias b). */
const sameSets = async (sql: Sql, s: string, table: string, on: string, where: (alias: string) => string, params: readonly unknown[]): Promise<boolean> => {
  const { p } = sql;
  const of = (a: string, n: number) => `${s}${table} ${a} WHERE ${a}.rule_set = ${p(n)}${where(a)}`;
  const [counts] = await sql.all(`SELECT (SELECT count(*) FROM ${of('a', 1)}), (SELECT count(*) FROM ${of('b', 2)}), (SELECT count(*) FROM ${of('a', 1)} AND EXISTS (SELECT 1 FROM ${of('b', 2)} AND ${on}))`, params);
  const [own, other, both] = (counts ?? []).map(Number);
  return own === other && own === both;
};

/**
 * Whether leaving out the rows both models hold alike leaves `diffListModels` the same answer: the same slots (a slot
 * is a name for good), items up to `asOf` (it matches rows by their item's number) and owners of each name (the
 * player a row is matched by), and no player owning two names (two rows of one player at an item would be matched
 * by whichever comes last).
 */
const comparable = async (sql: Sql, s: string, [a, b]: readonly [string, string], asOf: string): Promise<boolean> => {
  const { p } = sql;
  const known = (alias: string) => ` AND ${alias}.kt IS NULL`;
  // (the same owners in both: one model tells whether a player owns two names)
  const twice = async () => (await sql.all(`SELECT 1 FROM ${s}rm_list_owners WHERE rule_set = ${p(1)} AND kt IS NULL GROUP BY player_id HAVING count(*) > 1 LIMIT 1`, [a])).length > 0;
  return (
    (await sameSets(sql, s, 'rm_list_slots', 'b.slot = a.slot AND b.name_key = a.name_key', () => '', [a, b])) &&
    (await sameSets(sql, s, 'rm_list_owners', 'b.name_key = a.name_key AND b.player_id = a.player_id', known, [a, b])) &&
    !(await twice()) &&
    (await sameSets(sql, s, 'rm_list_points', "b.date = a.date AND b.ord = a.ord AND coalesce(b.tournament_id, '') = coalesce(a.tournament_id, '')", (alias) => `${known(alias)} AND ${alias}.date <= ${p(3)}`, [a, b, asOf]))
  );
};

/**
 * The two models up to their lists as of `asOf`, each with each slot's last row as `rows` and the rows the other does
 * not hold alike as `ratings` (see `ListModelHistory.ratings`); where `comparable` says no, every row of each as
 * `readListHistory` reads them. Undefined when either is not saved or its fold failed.
 */
export const readListComparison = async (sql: Sql, s: string, q: ListComparisonQuery): Promise<readonly [CheckedListHistory, CheckedListHistory] | undefined> => {
  const [a, b] = q.ruleSets;
  const [metaA, metaB] = [await metaOf(sql, s, a, q.format), await metaOf(sql, s, b, q.format)];
  if (metaA === undefined || metaA.failed || metaB === undefined || metaB.failed) return undefined;
  if (!(await comparable(sql, s, q.ruleSets, q.asOf))) {
    const before = await readListHistory(sql, s, { ruleSet: a, format: q.format, asOf: q.asOf });
    const after = before && (await readListHistory(sql, s, { ruleSet: b, format: q.format, asOf: q.asOf }));
    return before && after && [before, after];
  }
  const ra = await historyReader(sql, s, { ruleSet: a, format: q.format, asOf: q.asOf });
  // (the same slots and owners: b's players are a's)
  const rb = ra && (await historyReader(sql, s, { ruleSet: b, format: q.format, asOf: q.asOf }, ra.owners));
  if (ra === undefined || rb === undefined) return undefined;
  if (ra.header.through === 0) return [{ ...ra.header, rows: [], ...editedOf(ra) }, { ...rb.header, rows: [], ...editedOf(rb) }];
  // (the two have the same slots and owners: one tells)
  const names = (await sql.all(UNOWNED(s, sql.p), [a])).length > 0;
  const unlike = await sql.all(ROWS_UNLIKE(s, sql.p, names), [a, b, q.asOf]);
  const side = async (ruleSet: string, reader: HistoryReader): Promise<CheckedListHistory> => {
    const [rows, ratings] = [await sql.all(LAST_ROWS(sql, s), [ruleSet, q.asOf, NOW]), unlike.filter((r) => r[19] === ruleSet)];
    return { ...reader.header, rows: rows.map(reader.row), ratings: ratings.map(reader.row), ...editedOf(reader, rows, ratings) };
  };
  return [await side(a, ra), await side(b, rb)];
};
