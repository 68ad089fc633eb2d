/** The answers of the directories: the players and the tournaments, a page at a time, one player and one tournament. */
import * as t from 'io-ts';
import { TournamentRegistered } from '../../../../domain/events';
import type { RatedTournamentView, ReportedGame } from '../../../app/tournaments';
import { component, described } from '../codec-schema';
import { Career, MergedId, RuleSetCareer } from './careers';
import { Player } from './ledger';
import { date, integer, keys, nullable, opaqueObject, sameShape, withOptional } from './parts';

/** Which page of how many, of how many matching a search, of how many in all (paging.ts `pagingOf`). */
const paging = { page: integer, pages: integer, pageSize: integer, matching: integer, total: integer };

export const PlayersPage = component('PlayersPage', t.type({ players: t.readonlyArray(Player), ...paging }));
export type PlayersPage = t.TypeOf<typeof PlayersPage>;

/** A player: the registration as now known, where his id was merged, his FESA career and his records under the other rule sets. */
export const PlayerRecord = component(
  'PlayerRecord',
  t.intersection([
    t.type({ registration: Player, ruleSets: t.readonlyArray(RuleSetCareer) }),
    t.partial({ career: described(Career, 'His FESA career with its dan-qualifying table: only where FESA rated him (or no rule set did).'), mergedInto: MergedId }),
  ]),
);
export type PlayerRecord = t.TypeOf<typeof PlayerRecord>;

export const TournamentsPage = component(
  'TournamentsPage',
  t.type({
    tournaments: t.readonlyArray(
      t.intersection([
        withOptional(TournamentRegistered, ['actor']),
        t.type({ games: described(integer, 'Every game reported, withdrawn ones too.'), closed: described(nullable(date), 'The date it was closed (null: open).') }),
      ]),
    ),
    ...paging,
  }),
);
export type TournamentsPage = t.TypeOf<typeof TournamentsPage>;

const ReportedGameAnswer = t.type({ game: t.string, round: integer, first: t.string, second: nullable(t.string), result: t.string, handicap: t.string, status: t.string });
sameShape<t.TypeOf<typeof ReportedGameAnswer>, ReportedGame>(true);

/** A FESA tournament's cross table as the official program shows it (projections/fesa/crosstable.ts), with its games as reported. */
export const CrossTable = component(
  'CrossTable',
  t.type({
    name: t.string,
    date: t.string,
    rounds: integer,
    rows: t.readonlyArray(opaqueObject('A player\'s line of the table with the values the official program shows.')),
    promotions: t.readonlyArray(t.type({ lastName: t.string, firstName: t.string, toLevel: integer, toName: t.string })),
    games: t.readonlyArray(ReportedGameAnswer),
  }),
);
export type CrossTable = t.TypeOf<typeof CrossTable>;

/** A tournament rated under fide, uscf-k, gobase-go … (app/tournaments.ts), as `tournament show --json` gives it. */
export const RatedTournament = component(
  'RatedTournament',
  t.intersection([
    t.type({
      tournamentId: t.string,
      name: t.string,
      place: t.string,
      startDate: date,
      endDate: date,
      ruleSet: described(nullable(t.string), 'The rule set that rated it; null while it is not closed.'),
      closed: t.boolean,
      players: t.readonlyArray(
        t.intersection([t.type({ nr: integer, playerId: t.string, name: t.string, country: t.string, before: nullable(integer), after: nullable(integer), points: t.number }), t.partial({ rank: integer })]),
      ),
      games: t.readonlyArray(
        t.intersection([
          t.type({ game: t.string, round: integer, date, first: t.string, firstColour: nullable(keys('white', 'black')), second: nullable(t.string), result: t.string, rated: described(t.string, '"yes", or why the rule set did not rate it.'), status: t.string }),
          t.partial({ handicapStones: integer }),
        ]),
      ),
    }),
    t.partial({ chiefArbiter: t.string, deputyArbiters: t.readonlyArray(t.string), tournamentClass: t.string, handicapRule: t.string, komi: t.string, region: keys('america', 'europe') }),
  ]),
);
export type RatedTournament = t.TypeOf<typeof RatedTournament>;
sameShape<RatedTournament, RatedTournamentView>(true);

/** A tournament with every tournament of the ledger rated under the rule set asked for (`tournament show T --rules S --json`). */
export const RatedTournamentUnder = component(
  'RatedTournamentUnder',
  t.intersection([
    RatedTournament,
    t.type({
      asked: described(
        t.type({ rules: t.string, enteredAtGrade: described(t.boolean, "true: the rule set's own entry rule rates nobody on the ledger (no opening balance under it to be rated against), so its newcomers entered at their declared grade's midpoint, as `diff --rules` enters them.") }),
        'The rule set asked for (`rules`): every tournament of the ledger rated under it, not as recorded.',
      ),
    }),
  ]),
);
export type RatedTournamentUnder = t.TypeOf<typeof RatedTournamentUnder>;
