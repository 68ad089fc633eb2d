/** The schemas of the OpenAPI document's components: what the routes' requests and answers are made of. */
import { OFFICER_ROLES } from '../../../domain/events';
import { GENERIC_RULE_SETS } from '../../../projections/generic/systems';
import { CONSEQUENCES_PROPERTIES } from './consequences-schema';
import { array, date, int, nullable, object, ref, str } from './openapi-schema';
import { commandSchemas } from './openapi-commands';

/** A rating list: FESA's (List) and any other rule set's (RuleSetList), and their diffs. */
const LIST_SCHEMAS = {
  RuleSetList: object(
    {
      ruleSet: { type: 'string', enum: [...GENERIC_RULE_SETS] },
      asOf: date,
      activeYears: int,
      players: array(
        object(
          { rank: int, id: str, name: str, country: str, grade: { ...nullable(str), description: 'The system\'s own grade ("2-dan"); only under us-shogi-1997-*, pan-atlantic and gobase-go; null while none is earned.' }, rating: { type: 'number' }, games: int, provisional: { type: 'boolean' }, lastPlayed: nullable(date) },
          ['rank', 'id', 'name', 'country', 'rating', 'games', 'provisional', 'lastPlayed'],
          false,
        ),
      ),
    },
    undefined,
    false,
  ),
  RuleSetListDiff: object({ labels: array(str), players: array(object({ id: str, name: str, before: nullable(ref('RuleSetStanding')), after: nullable(ref('RuleSetStanding')) }, undefined, false)) }, undefined, false),
  RuleSetStanding: object({ rating: { type: 'number' }, grade: nullable(str) }, ['rating'], false),
  List: object(
    {
      asOf: date,
      activeYears: int,
      players: array(
        object(
          { rank: int, id: { ...str, description: 'The player, as every rule set\'s list names him (a FESA list published before rows carried it has playerId alone).' }, playerId: str, name: str, country: str, grade: str, rating: { type: 'number' }, games: int, provisional: { type: 'boolean' }, lastPlayed: nullable(date) },
          ['rank', 'playerId', 'name', 'country', 'grade', 'rating', 'games', 'provisional', 'lastPlayed'],
          false,
        ),
      ),
    },
    undefined,
    false,
  ),
  Diff: object(
    {
      labels: { type: 'array', items: str, minItems: 2, maxItems: 2 },
      runs: array(object({ tournamentId: str, date: str, playerId: str, oldRating: nullable({ type: 'number' }), newRating: nullable({ type: 'number' }) }, undefined, false)),
      list: array(object({ playerId: str, oldRating: nullable({ type: 'number' }), newRating: nullable({ type: 'number' }), oldGrade: str, newGrade: str }, undefined, false)),
      paging: object(
        {
          pageSize: int,
          list: object({ page: int, pages: int, matching: int, total: int }, undefined, false),
          runs: object({ page: int, pages: int, matching: int, total: int }, undefined, false),
        },
        undefined,
        false,
      ),
    },
    undefined,
    false,
  ),
};

/** A player's career under FESA and under the other rule sets, and his explanation game by game. */
const CAREER_SCHEMAS = {
  Career: object({
    playerId: str,
    mergedInto: str,
    absorbed: array(str),
    ratings: array(object({ tournamentId: str, name: str, date: str, before: { type: 'number' }, after: { type: 'number' }, change: { type: 'number' }, method: { enum: ['standard', 'performance'] }, eventGames: int, gamesTotal: int, provisional: { type: 'boolean' }, grade: str })),
    grades: array(object({ date: str, grade: str, from: str, rule: str, detail: str })),
    dan: array(object({ dan: int, minOpponent: { type: 'number' }, gamesNeeded: int, games: int, opponents: array(str), met: { type: 'boolean' } })),
  }, ['playerId', 'ratings', 'grades', 'dan']),
  MergedId: object({ absorbed: str, survivor: str, survivorName: str, registeredAs: str, date, reason: str, merge: str }, undefined, false),
  RuleSetCareer: object({
    ruleSet: { enum: [...GENERIC_RULE_SETS] },
    rating: nullable(int),
    games: int,
    openingBalances: array(object({ date, ruleSet: str, rating: nullable(int), source: str, reason: str }, ['date', 'ruleSet', 'rating', 'source'])),
    tournaments: array(object({ tournamentId: str, name: str, endDate: date, ruleSet: nullable(str), before: nullable(int), after: nullable(int), games: array({ type: 'object' }) })),
    grade: nullable(str),
    provisional: { type: 'boolean' },
    grades: array(object({ date, ruleSet: str, kind: str, from: nullable(str), to: str, rule: str, tournamentId: str, rating: nullable({ type: 'number' }) }, ['date', 'ruleSet', 'kind', 'from', 'to', 'rule', 'rating'])),
  }, ['ruleSet', 'rating', 'games', 'provisional', 'openingBalances', 'tournaments']),
  Explanation: object({
    playerId: str,
    tournaments: array(object({ tournamentId: str, date: str, ruleSet: str, report: { type: 'object' } })),
    officerFacts: array({ type: 'object' }),
  }),
};

export const componentSchemas = () => ({
  Problem: object(
    {
      type: str,
      title: str,
      status: int,
      detail: str,
      parameter: str,
      requiredRole: { type: 'string', enum: [...OFFICER_ROLES] },
      code: { type: 'string', description: "The rule engine's error code when it refused (e.g. no-convergence, unknown-grade)." },
    },
    ['type', 'title', 'status', 'detail'],
    false,
  ),
  Event: object({ type: str, version: int, eventId: str, validDate: date, actor: str }),
  PublicPlayer: object({ playerId: str, familyName: str, givenName: str, country: str }, undefined, false),
  /** What anybody sees of a player (as a published list shows him); a signed-in reader gets the registration itself. */
  Player: { anyOf: [ref('PublicPlayer'), ref('Event')], description: 'Without a token: id, names and country. Signed in (any role): the registration as now known, with club, birth year and who recorded it.' },
  LoggedEvent: object({ position: int, recordedAt: str, stream: str, event: ref('Event') }, undefined, false),
  ...LIST_SCHEMAS,
  ...CAREER_SCHEMAS,
  CommandResult: object(
    {
      status: { enum: ['appended', 'unchanged'] },
      stream: str,
      events: array(ref('Event')),
      position: int,
      // RegisterPlayer of a player whose name another registered player bears
      namesake: object({ namesakes: array(str), listedAs: str }, ['namesakes', 'listedAs'], false),
      ...CONSEQUENCES_PROPERTIES,
    },
    ['status', 'stream', 'events'],
    false,
  ),
  ...commandSchemas(),
  Officer: object({ officer: str, role: nullable({ enum: [...OFFICER_ROLES] }), tokenIssuedAt: nullable(str) }, undefined, false),
});
