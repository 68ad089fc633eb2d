/**
 * Issue 29's acceptance seasons for us-shogi-1997-text, us-shogi-1997-card and pan-atlantic (test/support/seasons-shogi.ts):
 * each built only through the real `ledger` process (opening balances, six or more tournaments with draws and handicap
 * games, pan-atlantic with a European one, then a correction of a game of the second), its lists at every tournament's
 * date before and after the correction equal to an independent fold of the spec (test/support/spec-folds/, written
 * from ../shared/rules/*.md), `--known-at` before the correction giving the earlier list, a list published before it
 * read back byte for byte, `diff --published` naming exactly the players whose rating or grade changed. SQLite and
 * PostgreSQL, which must give the same lists.
 */
import * as path from 'path';
import { describe, expect, it } from 'vitest';
import { cliBuilt, tempDir } from '../../support/helpers';
import { pgSkipReason, pgUrl, runSeason, withPostgresDatabase, type SeasonDescription, type SeasonLists } from '../../support/season';
import { holdsToTheSpec } from '../../support/season-check';
import { panSeason, usSeason } from '../../support/seasons-shogi';
import { panSystem } from '../../support/spec-folds/pan-atlantic';
import type { SpecSystem } from '../../support/spec-folds/season-fold';
import { usSystem } from '../../support/spec-folds/us-shogi-1997';

const pan = panSeason();
const SEASONS: readonly [SeasonDescription, SpecSystem<any>][] = [
  [usSeason('us-shogi-1997-text'), usSystem('text')],
  [usSeason('us-shogi-1997-card'), usSystem('card')],
  [pan, panSystem(pan)],
];

/** The lists of each SQLite season, which PostgreSQL must give again. */
const onSqlite = new Map<string, SeasonLists>();

describe.skipIf(!cliBuilt())('acceptance seasons of the shogi rule sets through the CLI (issue 29)', () => {
  for (const [season, sys] of SEASONS) {
    it(`SQLite: ${season.ruleSet}`, async () => {
      const lists = await runSeason(`sqlite:${path.join(tempDir(`season-${season.ruleSet}`), 'ledger.db')}`, season);
      holdsToTheSpec(season, sys, lists);
      onSqlite.set(season.ruleSet, lists);
    }, 120_000);
  }

  it.skipIf(!pgUrl)(`PostgreSQL: the same seasons give the same lists${pgUrl ? '' : ` (skipped: ${pgSkipReason()})`}`, async () => {
    for (const [season, sys] of SEASONS) {
      const lists = await withPostgresDatabase(`season_${season.ruleSet}`, (url) => runSeason(url, season));
      holdsToTheSpec(season, sys, lists);
      const sqlite = onSqlite.get(season.ruleSet);
      if (sqlite) expect({ ruleSet: season.ruleSet, before: lists.before, after: lists.after }).toEqual({ ruleSet: season.ruleSet, before: sqlite.before, after: sqlite.after });
    }
  }, 360_000);
});
