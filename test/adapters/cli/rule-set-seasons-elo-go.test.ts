/**
 * Issue 29's acceptance seasons for fide, uscf-k and gobase-go (test/support/seasons-elo-go.ts): each built only
 * through the real `ledger` process (opening balances, six tournaments with draws and handicap games, a correction of
 * a game of the second), its lists at every tournament's date before and after the correction equal to an independent
 * fold of the spec (test/support/spec-folds/elo.ts and gobase-go.ts, written from ../shared/rules/*.md), `--known-at`
 * before the correction giving the earlier list, a list published before it read back byte for byte, `diff
 * --published` naming exactly the players whose rating changed. SQLite and PostgreSQL, which must give the same lists.
 */
import { describeSeasons } from '../../support/season-check';
import { eloSeason, goSeason } from '../../support/seasons-elo-go';
import { eloSystem } from '../../support/spec-folds/elo';
import { gobaseSystem } from '../../support/spec-folds/gobase-go';

describeSeasons('acceptance seasons of fide, uscf-k and gobase-go through the CLI (issue 29)', [
  [eloSeason('fide'), eloSystem('fide')],
  [eloSeason('uscf-k'), eloSystem('uscf-k')],
  [goSeason, gobaseSystem],
]);
