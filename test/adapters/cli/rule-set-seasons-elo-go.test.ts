import * as path from 'path';
import { describe, expect, it } from 'vitest';
import { cliBuilt, tempDir } from '../../support/helpers';
import { comparableRows, pgSkipReason, pgUrl, runSeason, withPostgresDatabase, type RuleSetListJson, type SeasonDescription, type SeasonLists } from '../../support/season';
import { eloSeason, goSeason } from '../../support/seasons-elo-go';
import { eloSystem } from '../../support/spec-folds/elo';
import { gobaseSystem } from '../../support/spec-folds/gobase-go';
import { expectedList, type SpecSystem } from '../../support/spec-folds/season-fold';

/**
 * Issue 29's acceptance seasons for fide, uscf-k and gobase-go: each built only through the real `ledger` process
 * (opening balances, six tournaments with draws and handicap games, a correction of a game of the second), its lists
 * at every tournament's date before and after the correction equal to an independent fold of the spec
 * (test/support/spec-folds), `--known-at` before the correction giving the earlier list, a list published before it
 * read back byte for byte, and `diff --published` naming exactly the players whose rating changed. SQLite and
 * PostgreSQL.
 */

const SEASONS: readonly [SeasonDescription, SpecSystem<any>][] = [
  [eloSeason('fide'), eloSystem('fide')],
  [eloSeason('uscf-k'), eloSystem('uscf-k')],
  [goSeason, gobaseSystem],
];

/** Everything the acceptance criterion asks of one season's lists, against the spec's fold. */
const checkSeason = (season: SeasonDescription, sys: SpecSystem<unknown>, lists: SeasonLists): void => {
  for (const d of lists.dates) {
    expect({ date: d, before: comparableRows(lists.before[d]!) }).toEqual({ date: d, before: expectedList(sys, season, d, false) });
    expect({ date: d, after: comparableRows(lists.after[d]!) }).toEqual({ date: d, after: expectedList(sys, season, d, true) });
    expect(lists.after[d]!.players.map((p) => p.rank)).toEqual(lists.after[d]!.players.map((_, i) => i + 1));
  }
  // the correction reaches the list from its tournament on; a season whose correction changed nothing proves nothing
  const last = lists.dates.at(-1)!;
  expect(comparableRows(lists.after[last]!)).not.toEqual(comparableRows(lists.before[last]!));
  for (const [d, known] of Object.entries(lists.knownAt)) expect({ date: d, knownAt: known.players }).toEqual({ date: d, knownAt: lists.before[d]!.players });
  expect(lists.published.afterCorrection.equals(lists.published.atPublication)).toBe(true);
  expect((JSON.parse(lists.published.atPublication.toString()) as RuleSetListJson).players).toEqual(lists.before[lists.published.asOf]!.players);
  // the CI cost the issue allows a season: about 25 processes
  expect(lists.processes).toBeLessThanOrEqual(26);
  const rating = (l: typeof lists.before[string]) => new Map(l.players.map((p) => [p.id, p.rating]));
  const [was, now] = [rating(lists.before[lists.published.asOf]!), rating(lists.after[lists.published.asOf]!)];
  const changed = [...new Set([...was.keys(), ...now.keys()])].filter((id) => was.get(id) !== now.get(id)).sort();
  expect(lists.diff.players.map((p) => p.id).sort()).toEqual(changed);
  for (const p of lists.diff.players) expect([p.before?.rating ?? null, p.after?.rating ?? null]).toEqual([was.get(p.id) ?? null, now.get(p.id) ?? null]);
};

/** The lists of each SQLite season, which PostgreSQL must give again. */
const onSqlite = new Map<string, SeasonLists>();

describe.skipIf(!cliBuilt())('acceptance seasons of fide, uscf-k and gobase-go through the CLI (issue 29)', () => {
  for (const [season, sys] of SEASONS) {
    it(`SQLite: ${season.ruleSet}`, async () => {
      const lists = await runSeason(`sqlite:${path.join(tempDir(`season-${season.ruleSet}`), 'ledger.db')}`, season);
      checkSeason(season, sys, lists);
      onSqlite.set(season.ruleSet, lists);
    }, 120_000);
  }

  it.skipIf(!pgUrl)(`PostgreSQL: the same seasons give the same lists${pgUrl ? '' : ` (skipped: ${pgSkipReason()})`}`, async () => {
    for (const [season, sys] of SEASONS) {
      const lists = await withPostgresDatabase(`season_${season.ruleSet}`, (url) => runSeason(url, season));
      checkSeason(season, sys, lists);
      const sqlite = onSqlite.get(season.ruleSet);
      if (sqlite) expect({ ruleSet: season.ruleSet, before: lists.before, after: lists.after }).toEqual({ ruleSet: season.ruleSet, before: sqlite.before, after: sqlite.after });
    }
  }, 360_000);
});
