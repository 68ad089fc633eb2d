import * as path from 'path';
import { describe, expect, it } from 'vitest';
import { cliBuilt, tempDir } from './helpers';
import { comparableRows, endOf, pgSkipReason, pgUrl, runSeason, withPostgresDatabase, type RuleSetListJson, type SeasonDescription, type SeasonLists } from './season';
import { expectedList, type SpecSystem } from './spec-folds/season-fold';

/**
 * Everything issue 29's acceptance criterion asks of one season's lists (test/support/season.ts), against a spec's
 * independent fold: at every tournament's date the list before and after the correction, `--known-at` the position
 * before it reproducing the earlier list, the list published before it read back byte for byte, and `diff
 * --published` naming exactly the players whose rating or grade changed, with both values.
 */
export const holdsToTheSpec = (season: SeasonDescription, sys: SpecSystem<any>, lists: SeasonLists): void => {
  expect(lists.dates).toEqual([...new Set(season.tournaments.map(endOf))]);
  for (const d of lists.dates) {
    expect({ date: d, before: comparableRows(lists.before[d]!) }).toEqual({ date: d, before: expectedList(sys, season, d, false) });
    expect({ date: d, after: comparableRows(lists.after[d]!) }).toEqual({ date: d, after: expectedList(sys, season, d, true) });
    expect(lists.after[d]!.players.map((p) => p.rank)).toEqual(lists.after[d]!.players.map((_, i) => i + 1));
  }
  // the list as known before the correction: its players (the JSON also says what it was known at)
  for (const [d, known] of Object.entries(lists.knownAt)) expect({ date: d, knownAt: known.players }).toEqual({ date: d, knownAt: lists.before[d]!.players });
  expect(lists.published.afterCorrection.equals(lists.published.atPublication)).toBe(true);
  // the CI cost the issue allows a season: about 25 ledger processes
  expect(lists.processes).toBeLessThanOrEqual(26);
  expect((JSON.parse(lists.published.atPublication.toString()) as RuleSetListJson).players).toEqual(lists.before[lists.published.asOf]!.players);

  const shown = (l: RuleSetListJson) => new Map(l.players.map((p) => [p.id, { rating: p.rating, ...(p.grade == null ? {} : { grade: p.grade }) }]));
  const [was, now] = [shown(lists.before[lists.published.asOf]!), shown(lists.after[lists.published.asOf]!)];
  const changed = [...new Set([...was.keys(), ...now.keys()])].filter((id) => JSON.stringify(was.get(id)) !== JSON.stringify(now.get(id))).sort();
  // a season whose correction changed nothing on the published date could not tell a ledger that ignores corrections
  expect(changed.length).toBeGreaterThan(0);
  expect(lists.diff.players.map((p) => p.id).sort()).toEqual(changed);
  for (const p of lists.diff.players) {
    expect({ id: p.id, before: p.before, after: p.after }).toEqual({ id: p.id, before: was.get(p.id) ?? null, after: now.get(p.id) ?? null });
  }
};

/**
 * One suite of seasons: each on SQLite (one test a season), then all of them on PostgreSQL (one test, skipped with the
 * reason when no server could be started), whose lists must equal SQLite's.
 */
export const describeSeasons = (title: string, seasons: readonly (readonly [SeasonDescription, SpecSystem<any>])[]): void => {
  const onSqlite = new Map<string, SeasonLists>();
  describe.skipIf(!cliBuilt())(title, () => {
    for (const [season, sys] of seasons) {
      it(`SQLite: ${season.ruleSet}`, async () => {
        const lists = await runSeason(`sqlite:${path.join(tempDir(`season-${season.ruleSet}`), 'ledger.db')}`, season);
        holdsToTheSpec(season, sys, lists);
        onSqlite.set(season.ruleSet, lists);
      }, 180_000);
    }
    it.skipIf(!pgUrl)(`PostgreSQL: the same seasons give the same lists${pgUrl ? '' : ` (skipped: ${pgSkipReason()})`}`, async () => {
      for (const [season, sys] of seasons) {
        const lists = await withPostgresDatabase(`season_${season.ruleSet}`, (url) => runSeason(url, season));
        holdsToTheSpec(season, sys, lists);
        const sqlite = onSqlite.get(season.ruleSet);
        if (sqlite) expect({ ruleSet: season.ruleSet, before: lists.before, after: lists.after }).toEqual({ ruleSet: season.ruleSet, before: sqlite.before, after: sqlite.after });
      }
    }, 600_000);
  });
};
