/** The answers of a player's careers: under FESA (Career, Explanation) and under the other rule sets (RuleSetCareer). */
import * as t from 'io-ts';
import type { RuleSetCareer as RuleSetCareerValue } from '../../../app/career-rule-sets';
import type { MergedId as MergedIdValue } from '../../../app/read-models/player-directory';
import type { PlayerCareer } from '../../../../projections/fesa/career';
import type { GenericExplanation } from '../../../../projections/generic/explain';
import { component, described } from '../codec-schema';
import { date, integer, keys, nullable, opaqueObject, ruleSetId, sameShape } from './parts';

const RatingStep = t.type({
  tournamentId: t.string,
  name: t.string,
  date: t.string,
  before: t.number,
  after: t.number,
  change: t.number,
  method: keys('standard', 'performance'),
  eventGames: described(integer, 'Rated games against players of this tournament (phantom history and grade games not counted).'),
  gamesTotal: described(integer, 'Counters after the tournament (from the list record).'),
  provisional: t.boolean,
  bonusCount: integer,
  lbStreak: nullable(t.type({ n: integer, reachedMp: t.boolean })),
  mpStreak: nullable(integer),
  grade: t.string,
});
const OfficerRatingStep = t.intersection([t.type({ date: t.string, kind: keys('reconcile', 'adjustment'), rating: nullable(t.number), reason: t.string }), t.partial({ shift: t.number })]);
const GradeStep = t.type({
  date: t.string,
  grade: t.string,
  from: t.string,
  rule: keys('UB', 'MP-streak', 'LB-streak', 'look-ahead', 'provisional-UB+1', 'prior-grade', 'opening-balance', 'officer-award'),
  detail: described(t.string, 'Tournament of an engine promotion; the source of a prior grade; the reason of an officer award.'),
});
const DanCount = t.type({ dan: integer, minOpponent: t.number, gamesNeeded: integer, games: integer, opponents: t.readonlyArray(t.string), met: t.boolean });

/** A player's FESA career (projections/fesa/career.ts): rating per tournament, officers' ratings, grades with their rule, dan counts. */
export const Career = component('Career', t.intersection([
  t.type({ playerId: t.string, ratings: t.readonlyArray(RatingStep), officerRatings: t.readonlyArray(OfficerRatingStep), grades: t.readonlyArray(GradeStep), dan: t.readonlyArray(DanCount) }),
  t.partial({ mergedInto: described(t.string, 'The id this one is merged into: the career is that player\'s.'), absorbed: described(t.readonlyArray(t.string), 'The ids merged into this player.') }),
]));
export type Career = t.TypeOf<typeof Career>;
sameShape<Career, PlayerCareer>(true);

/** Every rating change of a player, game by game (projections/fesa/explain.ts). */
export const Explanation = component('Explanation', t.intersection([
  t.type({
    playerId: t.string,
    tournaments: t.array(t.type({ tournamentId: t.string, date: t.string, ruleSet: t.string, report: opaqueObject('The FESA engine\'s report of the player in this tournament, game by game.') })),
    officerFacts: t.array(opaqueObject('An opening balance, adjustment or reconcile with its event (without who recorded it, to a reader not signed in).')),
  }),
  t.partial({ mergedInto: t.string }),
]));
export type Explanation = t.TypeOf<typeof Explanation>;

/** Where an id merged into another went (app/read-models/player-directory.ts). */
export const MergedId = component('MergedId', t.type({ absorbed: t.string, survivor: t.string, survivorName: t.string, registeredAs: t.string, date, reason: t.string, merge: described(t.string, 'The merge\'s event id (`ledger player unmerge` names it).') }));
sameShape<t.TypeOf<typeof MergedId>, MergedIdValue>(true);

const GenericGame = t.intersection([
  t.type({ game: t.string, round: integer, colour: nullable(keys('white', 'black')), opponent: nullable(t.string), result: t.string, rated: t.string }),
  t.partial({ handicapStones: integer }),
]);
const GradeChange = t.intersection([
  t.type({
    date,
    ruleSet: t.string,
    kind: keys('entry', 'opening-balance', 'promotion', 'ratification-requested', 'redetermination', 'scale', 'award'),
    from: nullable(t.string),
    to: t.string,
    rule: t.string,
    rating: described(nullable(t.number), 'The rating after the change (null: unrated).'),
  }),
  t.partial({ tournamentId: t.string }),
]);

/** Every rating change of a player under one of the non-FESA rule sets, game by game in its own terms (projections/generic/explain.ts). */
export const RuleSetExplanation = component('RuleSetExplanation', t.type({
  playerId: t.string,
  tournaments: t.readonlyArray(t.intersection([
    t.type({
      tournamentId: t.string,
      date,
      ruleSet: ruleSetId,
      ruleSetSource: described(t.string, 'The rule set\'s version (its spec and source).'),
      before: described(nullable(t.number), 'His rating before it (null: unrated).'),
      after: nullable(t.number),
      games: t.readonlyArray(t.intersection([
        t.type({
          gameId: t.string,
          round: integer,
          opponent: t.string,
          score: t.number,
          rated: t.boolean,
          opponentRatingUsed: nullable(t.number),
          expected: described(nullable(t.number), 'His expected score, where the system states one.'),
          terms: described(t.record(t.string, t.unknown), 'The system\'s own terms for this game (K, C, bracket and percentage, stage, multiplier …).'),
        }),
        t.partial({ reason: described(t.string, 'Why the game was not rated.') }),
      ])),
    }),
    t.partial({ detail: opaqueObject('What the system\'s typed API explained for this player (US: Δ and the adjusted rating as fractions).') }),
  ])),
  officerFacts: t.readonlyArray(t.intersection([
    t.type({ date, ruleSet: t.string, kind: t.string, reason: t.string, before: nullable(t.number), after: nullable(t.number) }),
    t.partial({ operation: t.string }),
  ])),
  grades: t.readonlyArray(GradeChange),
}));
export type RuleSetExplanation = t.TypeOf<typeof RuleSetExplanation>;
sameShape<RuleSetExplanation, GenericExplanation['data']>(true);

/** A player's record under one of the non-FESA rule sets (app/career-rule-sets.ts). */
export const RuleSetCareer = component('RuleSetCareer', t.intersection([
  t.type({
    ruleSet: ruleSetId,
    rating: described(nullable(integer), 'The rating the system\'s state holds for him now (rounded); null while it gives him none.'),
    games: integer,
    provisional: t.boolean,
    openingBalances: t.readonlyArray(t.intersection([t.type({ date, ruleSet: t.string, rating: nullable(integer), source: t.string }), t.partial({ reason: t.string })])),
    tournaments: t.readonlyArray(t.type({ tournamentId: t.string, name: t.string, endDate: date, ruleSet: nullable(t.string), before: nullable(integer), after: nullable(integer), games: t.readonlyArray(GenericGame) })),
  }),
  t.partial({
    grade: described(nullable(t.string), 'His grade in the system\'s own words (null: none earned yet); absent where the system has none.'),
    grades: described(t.readonlyArray(GradeChange), 'His grade changes with the rule behind each, where the system\'s spec defines them.'),
    counters: described(t.record(t.string, integer), 'The counters the system keeps on him beside his rating, where it keeps any: US Shogi 1997\'s `promotionStreak.<rank>` (§4), pan-atlantic\'s `lbStreak.<grade>` and `mpStreak.<grade>` (§4.1).'),
    ratificationRequested: described(nullable(t.string), 'The grade a ratification was requested for and is still pending (pan-atlantic\'s 5-dan and 6-dan, the NSR\'s to award, §4.2); null: none. Absent where the system has no ratification.'),
  }),
]));
export type RuleSetCareer = t.TypeOf<typeof RuleSetCareer>;
sameShape<RuleSetCareer, RuleSetCareerValue>(true);
