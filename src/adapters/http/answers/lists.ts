/** The answers of the rating lists: FESA's list (List) and any other rule set's (RuleSetList), and their diffs. */
import * as t from 'io-ts';
import type { ListChange as ListChangeValue, RunChange as RunChangeValue } from '../../../../projections/fesa/diff';
import type { ListRow } from '../../../app/lists';
import type { RuleSetList as RuleSetListValue, RuleSetListRow } from '../../../app/rule-set-list';
import type { RuleSetListDiff as RuleSetListDiffValue } from '../../../app/rule-set-publication';
import { component, described } from '../codec-schema';
import { date, integer, nullable, ruleSetId, sameShape } from './parts';

const ListRowAnswer = t.intersection([
  t.type({ rank: integer, playerId: t.string, name: t.string, country: t.string, grade: t.string, rating: t.number, games: integer, provisional: t.boolean, lastPlayed: nullable(date) }),
  t.partial({ id: described(t.string, 'The player, as every rule set\'s list names him (a FESA list published before rows carried it has playerId alone).') }),
]);
sameShape<Omit<t.TypeOf<typeof ListRowAnswer>, 'id'>, ListRow>(true);

/** A FESA list as JSON (app/lists.ts `renderRows`), as GET /lists and a published list's bytes give it. */
export const List = component('List', t.type({ asOf: date, activeYears: integer, players: t.readonlyArray(ListRowAnswer) }));
export type List = t.TypeOf<typeof List>;

const RuleSetListRowAnswer = t.intersection([
  t.type({ rank: integer, id: t.string, name: t.string, country: t.string, rating: t.number, games: integer, provisional: t.boolean, lastPlayed: nullable(date) }),
  t.partial({ grade: described(nullable(t.string), 'The system\'s own grade ("2-dan"); only under us-shogi-1997-*, pan-atlantic and gobase-go; null while none is earned.') }),
]);
sameShape<t.TypeOf<typeof RuleSetListRowAnswer>, RuleSetListRow>(true);

/** Another rule set's list as JSON (app/rule-set-publication.ts writes the RuleSetList itself). */
export const RuleSetList = component('RuleSetList', t.type({ ruleSet: ruleSetId, asOf: date, activeYears: integer, players: t.readonlyArray(RuleSetListRowAnswer) }));
export type RuleSetList = t.TypeOf<typeof RuleSetList>;
sameShape<RuleSetList, RuleSetListValue>(true);

export const RuleSetStanding = component('RuleSetStanding', t.intersection([t.type({ rating: t.number }), t.partial({ grade: nullable(t.string) })]));

/** What changed since a list published under another rule set, player by player. */
export const RuleSetListDiff = component('RuleSetListDiff', t.type({
  labels: t.readonly(t.tuple([t.string, t.string])),
  players: t.readonlyArray(t.type({ id: t.string, name: t.string, before: nullable(RuleSetStanding), after: nullable(RuleSetStanding) })),
}));
export type RuleSetListDiff = t.TypeOf<typeof RuleSetListDiff>;
sameShape<RuleSetListDiff, RuleSetListDiffValue>(true);

const rating = nullable(t.number);
/** A rating after a tournament that differs (projections/fesa/diff.ts). */
export const RunChange = t.type({ tournamentId: t.string, date: t.string, playerId: t.string, oldRating: rating, newRating: rating });
sameShape<t.TypeOf<typeof RunChange>, RunChangeValue>(true);
/** A player of the FESA list whose rating or grade differs. */
export const ListChange = t.type({ playerId: t.string, oldRating: rating, newRating: rating, oldGrade: t.string, newGrade: t.string });
sameShape<t.TypeOf<typeof ListChange>, ListChangeValue>(true);
const pageCount = t.type({ page: integer, pages: integer, matching: integer, total: integer });

/** A page of a FESA diff (diffs.ts `diffJson`): since a published list, or two FESA rule sets side by side. */
export const Diff = component('Diff', t.type({
  labels: t.readonly(t.tuple([t.string, t.string])),
  runs: t.readonlyArray(RunChange),
  list: t.readonlyArray(ListChange),
  paging: t.type({ pageSize: integer, list: pageCount, runs: pageCount }),
}));
export type Diff = t.TypeOf<typeof Diff>;

const SideRating = nullable(t.type({ rating: t.number, grade: described(t.string, "The system's grade ('-': none, or a system without grades).") }));
/** Two rule sets side by side when they are not both FESA (`ledger diff --rules A --rules B --json`, whose columns are named by the rule sets). */
export const SideBySideDiff = component('SideBySideDiff', t.intersection([
  t.type({
    labels: t.readonly(t.tuple([t.string, t.string])),
    asOf: date,
    players: t.readonlyArray(t.intersection([
      t.type({
        playerId: t.string,
        name: t.string,
        a: described(SideRating, 'Under labels[0] (null: not rated under it).'),
        b: described(SideRating, 'Under labels[1] (null: not rated under it).'),
        delta: described(nullable(t.number), "b's rating less a's, where both rate him."),
      }),
      t.partial({ why: described(t.readonlyArray(t.string), 'Why his ratings differ under two non-FESA rule sets: the game terms that differ.') }),
    ])),
    paging: t.type({ pageSize: integer, players: pageCount }),
  }),
  t.partial({ enteredAtGrade: described(t.readonlyArray(t.string), 'The rule sets whose own entry rule rated nobody on these facts: their newcomers entered at their declared grade.') }),
]));
export type SideBySideDiff = t.TypeOf<typeof SideBySideDiff>;
