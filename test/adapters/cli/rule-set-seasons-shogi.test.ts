/**
 * Issue 29's acceptance seasons for us-shogi-1997-text, us-shogi-1997-card and pan-atlantic (test/support/seasons-shogi.ts):
 * each built only through the real `ledger` process (opening balances, six or more tournaments with draws and handicap
 * games, pan-atlantic with a European one, then a correction of a game of the second), its lists at every tournament's
 * date before and after the correction equal to an independent fold of the spec (test/support/spec-folds/, written
 * from ../shared/rules/*.md), `--known-at` before the correction giving the earlier list, a list published before it
 * read back byte for byte, `diff --published` naming exactly the players whose rating or grade changed. SQLite and
 * PostgreSQL, which must give the same lists.
 */
import { describeSeasons } from '../../support/season-check';
import { panSeason, usSeason } from '../../support/seasons-shogi';
import { panSystem } from '../../support/spec-folds/pan-atlantic';
import { usSystem } from '../../support/spec-folds/us-shogi-1997';

const pan = panSeason();
describeSeasons('acceptance seasons of the shogi rule sets through the CLI (issue 29)', [
  [usSeason('us-shogi-1997-text'), usSystem('text')],
  [usSeason('us-shogi-1997-card'), usSystem('card')],
  [pan, panSystem(pan)],
]);
