import { OFFICER_ROLES } from '../../../domain/events';
import { GENERIC_RULE_SETS } from '../../../projections/generic/systems';
import { CONSEQUENCES_PROPERTIES } from './consequences-schema';
import { array, badParameter, common, date, folds, int, json, needsToken, nullable, object, ok, okOrPage, page, pageProblems, pathParam, problem, problemOrPage, publicRoute, query, ref, security, str, writes, writeSecurity } from './openapi-schema';
import { publicationPaths } from './openapi-publications';
import { submissionPaths } from './openapi-submissions';
import { commandExamples, commandSchemas } from './openapi-commands';

const rules = query('rules', { type: 'string', enum: ['fesa', 'fesa-published'] }, 'Fold every tournament under this FESA rule set (default: each under the rule set adopted for it).');
const playerRules = query('rules', { type: 'string', enum: ['fesa', 'fesa-published', ...GENERIC_RULE_SETS] }, 'fesa or fesa-published: fold the FESA career under this FESA rule set (default: each tournament under the rule set adopted for it). Any other: the FESA career as adopted, and that rule set\'s record first in ruleSets (on the page, its section first).');
const listRules = query(
  'rules',
  { type: 'string', enum: ['fesa', 'fesa-published', ...GENERIC_RULE_SETS] },
  'fesa or fesa-published: fold every tournament under this FESA rule set (default: each under the rule set adopted for it). Any other: that rule set\'s list of the tournaments rated under it as recorded, with names, the system\'s grade where it has grades, everybody rated unless active-years says otherwise (JSON RuleSetList; formats json, csv, table).',
);
/** A diff's search and pages, the same for its page and its JSON. */
const diffPaging = [
  query('q', str, 'Only players whose name or id holds these words.'),
  query('page', int, 'Which page of 100 of the players whose list entry differs (default 1).'),
  query('runs-page', int, 'Which page of 100 of the ratings after a tournament that differ (default 1).'),
];

const listContent = {
  'application/json': { schema: { anyOf: [ref('List'), ref('RuleSetList')] } },
  'text/csv': { schema: str },
  'text/plain': { schema: str },
};
const listHeaders = {
  ETag: { description: 'The list\'s SHA-256 in quotes; send it back in If-None-Match for a 304.', schema: str },
  'X-Content-SHA256': { description: 'SHA-256 of the body bytes (hex).', schema: str },
};

/**
 * The OpenAPI 3.1 description of the HTTP API (served at GET /openapi.json): every route, who may call it, every
 * status it answers and every body. The HTTP tests validate each response they receive against it.
 */
const documentedRoutes = () => ({
  openapi: '3.1.0',
  info: {
    title: 'Rating ledger',
    version: '1',
    description:
      'An event-sourced rating ledger for board-game federations. Public: lists, published lists, players, tournaments, careers, explanations, diffs of published lists. Auditor: also the raw log, lists as known at a past moment, rule-set comparisons. Organiser: POST /submissions and his own submissions. Officer: also POST /commands and the decisions on submissions. Admin: also the officers. Errors are RFC 9457 problem details.',
  },
  components: {
    securitySchemes: {
      bearer: { type: 'http', scheme: 'bearer', description: 'A token from `ledger officer add` (or POST /officers).' },
      basic: { type: 'http', scheme: 'basic', description: 'For a browser on reads (GET): the officer\'s name and the token as the password.' },
    },
    schemas: {
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
        openingBalances: array(object({ date, ruleSet: str, rating: nullable(int), source: str })),
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
    },
  },
  paths: {
    '/': {
      get: {
        summary: 'The routes, with the role each needs; for a browser (Accept: text/html) the current rating list page',
        ...publicRoute,
        parameters: [
          query('as-of', date, 'Page only: the list of this date (default today).'),
          query('q', str, 'Page only: players whose name holds these words.'),
          query('sort', { type: 'string', enum: ['rank', 'name', 'country', 'grade', 'rating', 'games', 'last-played'] }, 'Page only: the column to sort by.'),
          query('dir', { type: 'string', enum: ['asc', 'desc'] }, 'Page only: sort direction.'),
          query('page', int, 'Page only: which page of 100 players.'),
          rules,
        ],
        responses: { '200': okOrPage('The routes.', object({ routes: array(str) }, undefined, false)), ...badParameter, ...needsToken, ...common, ...pageProblems },
      },
    },
    '/assets/pages.css': { get: { summary: 'The pages\' style sheet', security: [{}], responses: { '200': { description: 'CSS.', content: { 'text/css': { schema: str } } }, ...common } } },
    '/assets/pages.js': { get: { summary: 'The pages\' script (sorting and search; the pages work without it)', security: [{}], responses: { '200': { description: 'JavaScript.', content: { 'text/javascript': { schema: str } } }, ...common } } },
    '/openapi.json': { get: { summary: 'This document', security: [{}], responses: { '200': ok('OpenAPI 3.1.', { type: 'object' }), ...common } } },
    '/health': {
      get: { summary: 'Liveness and the head of the log', ...publicRoute, responses: { '200': ok('Up; the store (its file path or URL) only to a signed-in reader, for it tells anyone else where the ledger lives.', object({ status: { const: 'ok' }, store: str, head: int }, ['status', 'head'], false)), ...needsToken, ...common } },
    },
    '/events': {
      get: {
        summary: 'The raw log in recorded order',
        ...security('auditor'),
        parameters: [query('from', int, 'After this global position (default 0).'), query('limit', int, 'At most this many (1 to 10,000; default 100).')],
        responses: { '200': ok('Events.', object({ events: array(ref('LoggedEvent')) }, undefined, false)), ...badParameter, ...needsToken, ...common },
      },
    },
    '/verify': {
      get: {
        summary: 'The hash chain walked and every published list re-computed (ledger verify); the head hash to note down',
        ...security('auditor'),
        responses: {
          '200': ok('What holds and what does not: one sentence per finding.', object({
            holds: { type: 'boolean' },
            events: int,
            head: nullable(object({ position: int, hash: str }, undefined, false)),
            lists: array(object({ listId: str, contentHash: str, reproduced: { type: 'boolean' } }, undefined, false)),
            findings: array(str),
          }, undefined, false)),
          ...needsToken,
          ...common,
        },
      },
    },
    '/players': {
      get: {
        summary: 'Registered players as now known, by family name, 100 a page (for a browser: the players page, the same rows)',
        ...publicRoute,
        parameters: [query('q', str, 'Players whose name or id holds these words.'), query('page', int, 'Which page of 100 (default 1; beyond the last, the last).')],
        responses: {
          '200': okOrPage('Players.', object({ players: array(ref('Player')), page: int, pages: int, pageSize: int, matching: int, total: int }, undefined, false)),
          ...badParameter,
          ...needsToken,
          ...common,
          ...pageProblems,
        },
      },
    },
    '/players/{id}': {
      get: {
        summary: 'A player: the registration as now known, the FESA career and his record under every other rule set he is rated under (for a browser: the player page with the rating charts)',
        ...publicRoute,
        parameters: [pathParam('id', 'Player id.'), playerRules],
        responses: { '200': okOrPage('The player.', object({ registration: ref('Player'), mergedInto: ref('MergedId'), career: ref('Career'), ruleSets: array(ref('RuleSetCareer')) }, ['registration', 'career', 'ruleSets'], false)), ...badParameter, '404': problemOrPage('Unknown player.'), ...needsToken, ...common, ...pageProblems },
      },
    },
    '/players/{id}/history': {
      get: {
        summary: 'A player\'s career: rating per tournament, grades with their rule, dan counts',
        ...publicRoute,
        parameters: [pathParam('id', 'Player id.'), rules],
        responses: { '200': okOrPage('The career.', ref('Career')), ...badParameter, '404': problemOrPage('Unknown player.'), ...needsToken, ...common, ...pageProblems },
      },
    },
    '/players/{id}/explain': {
      get: {
        summary: 'Every rating change of a player, game by game',
        ...publicRoute,
        parameters: [pathParam('id', 'Player id.'), query('tournament', str, 'Only this tournament.'), rules],
        responses: { '200': okOrPage('The explanation.', ref('Explanation')), ...badParameter, '404': problemOrPage('Unknown player or tournament.'), ...needsToken, ...common, ...pageProblems },
      },
    },
    '/tournaments': {
      get: {
        summary: 'Registered tournaments, newest first, 100 a page (for a browser: the tournaments page, the same rows)',
        ...publicRoute,
        parameters: [query('q', str, 'Tournaments whose name or id holds these words.'), query('page', int, 'Which page of 100 (default 1; beyond the last, the last).')],
        responses: {
          '200': okOrPage(
            'Tournaments.',
            object(
              { tournaments: array(object({ tournamentId: str, name: str, games: int, closed: nullable(date) })), page: int, pages: int, pageSize: int, matching: int, total: int },
              undefined,
              false,
            ),
          ),
          ...badParameter,
          ...needsToken,
          ...common,
          ...pageProblems,
        },
      },
    },
    '/tournaments/{id}': {
      get: {
        summary: 'A rated tournament\'s cross table and games (as tournament show --json), or the official program\'s turnering.html (ISO-8859-1); a tournament under fide, uscf-k, gobase-go … (a TRF or EGD import) as its players and games with colours, stones and whether each was rated',
        ...publicRoute,
        parameters: [pathParam('id', 'Tournament id.'), query('format', { type: 'string', enum: ['json', 'fesa-html'] }, 'Default json.'), rules],
        responses: {
          '200': {
            description: 'The cross table; fesa-html is the program\'s file; a browser without format gets the tournament page (cross table, games with ids, corrections and withdrawals).',
            content: {
              'application/json': {
                schema: {
                  anyOf: [
                    object({ rows: array({ type: 'object' }), games: array(object({ game: str, round: int, first: str, second: nullable(str), result: str, handicap: str, status: str })) }),
                    object(
                      {
                        tournamentId: str, name: str, place: str, startDate: date, endDate: date, ruleSet: nullable(str), closed: { type: 'boolean' },
                        tournamentClass: str, handicapRule: str, komi: str, region: { type: 'string', enum: ['america', 'europe'] },
                        players: array(object({ nr: int, playerId: str, name: str, country: str, before: nullable(int), after: nullable(int), points: { type: 'number' }, rank: int }, ['nr', 'playerId', 'name', 'country', 'before', 'after', 'points'])),
                        games: array(object({ game: str, round: int, date, first: str, firstColour: nullable({ type: 'string', enum: ['white', 'black'] }), second: nullable(str), result: str, handicapStones: int, rated: str, status: str }, ['game', 'round', 'date', 'first', 'firstColour', 'second', 'result', 'rated', 'status'])),
                      },
                      ['tournamentId', 'name', 'place', 'startDate', 'endDate', 'ruleSet', 'closed', 'players', 'games'],
                    ),
                  ],
                },
              },
              'text/html': { schema: str },
            },
          },
          ...badParameter,
          '404': problemOrPage('No such tournament (or, for JSON and fesa-html, not rated).'),
          ...needsToken,
          ...common,
          ...pageProblems,
        },
      },
    },
    '/lists': {
      get: {
        summary: 'The rating list of a date (public); as known at a past position or time (auditor, with known-at)',
        ...publicRoute,
        parameters: [
          query('as-of', date, 'The list\'s date (default today).'),
          query('format', { type: 'string', enum: ['json', 'csv', 'table', 'fesa', 'fesa-all'] }, 'fesa is the official program\'s ratingliste.post, fesa-all its all.txt; both ISO-8859-1.'),
          query('active-years', int, 'Players active in the last N years (0 = all; default 2).'),
          listRules,
          query('known-at', str, 'As the ledger knew it at this global position or ISO time (auditor).'),
          query('q', str, 'Page only: players whose name holds these words.'),
          query('sort', str, 'Page only: the column to sort by.'),
          query('dir', str, 'Page only: asc or desc.'),
          query('page', int, 'Page only: which page of 100 players.'),
          { name: 'If-None-Match', in: 'header', schema: str, description: 'An ETag from an earlier answer.' },
          { name: 'X-Ledger-Min-Position', in: 'header', schema: int, description: 'Wait until the list reflects at least this log position (e.g. a write\'s acknowledged position); without it a list kept from before a running catch-up may be given.' },
        ],
        responses: {
          '200': {
            description: 'The list; for a browser without format and known-at, the list page (as GET / with Accept: text/html).',
            headers: { ...listHeaders, 'X-Ledger-Position': { description: 'The log position the list reflects (as known now).', schema: str } },
            content: { ...listContent, ...page },
          },
          '304': { description: 'Unchanged since the ETag sent in If-None-Match.' },
          ...badParameter,
          ...needsToken,
          ...folds,
          ...common,
          ...pageProblems,
        },
      },
    },
    '/lists/published': {
      get: {
        summary: 'Every published list in recorded order: date, rule set, format, hash, when, and by whom to a signed-in reader (for a browser: the archive page)',
        ...publicRoute,
        responses: {
          '200': okOrPage(
            'The published lists.',
            object({ lists: array(object({ listId: str, asOf: date, ruleSet: str, format: str, contentHash: str, activeYears: nullable(int), reason: nullable(str), actor: str, recordedAt: nullable(str), position: int }, ['listId', 'asOf', 'ruleSet', 'format', 'contentHash', 'activeYears', 'reason', 'recordedAt', 'position'], false)) }, undefined, false),
          ),
          ...needsToken,
          ...common,
          ...pageProblems,
        },
      },
    },
    '/lists/published/{id}': {
      get: {
        summary: 'A published list, byte for byte as published (immutable)',
        ...publicRoute,
        parameters: [pathParam('id', 'List id.'), query('download', str, 'Any value: the bytes, even for a browser (which otherwise gets the list\'s page).'), { name: 'If-None-Match', in: 'header', schema: str }],
        responses: {
          '200': { description: 'The list, Cache-Control immutable; for a browser without download, the list\'s page.', headers: listHeaders, content: { ...listContent, ...page } },
          '304': { description: 'Unchanged (it never changes).' },
          '404': problemOrPage('No list published under this id.'),
          ...needsToken,
          ...folds,
          ...common,
          '409': problem('The list is in the log but cannot be reproduced (an unknown rule set or format, or other bytes), or the ledger holds facts its rule set cannot rate (`detail` names them).'),
        },
      },
    },
    ...publicationPaths,
    ...submissionPaths,
    '/lists/published/{id}/diff': {
      get: {
        summary: 'What changed since a list was published (100 players of the list and 100 ratings after a tournament a page; for a browser, the page)',
        ...publicRoute,
        parameters: [pathParam('id', 'List id.'), ...diffPaging],
        responses: { '200': okOrPage('The diff (of a list published under a non-FESA rule set: RuleSetListDiff, the players whose rating or grade changed).', { anyOf: [ref('Diff'), ref('RuleSetListDiff')] }), ...badParameter, '404': problemOrPage('No list published under this id.'), ...needsToken, ...folds, ...common, ...pageProblems, '409': problemOrPage('The list cannot be reproduced, or the ledger holds facts its rule set cannot rate (`detail` names them).') },
      },
    },
    '/diff': {
      get: {
        summary: 'What two FESA rule sets make of the same facts, 100 players and 100 ratings a page (auditor); for a browser, the page comparing them (rules optional there: fesa and fesa-published), signed in with Basic credentials (the token as the password)',
        ...security('auditor'),
        parameters: [query('rules', { type: 'array', items: str }, 'Twice: rules=A&rules=B.', true), query('as-of', date, 'Default today.'), ...diffPaging],
        responses: { '200': okOrPage('The diff.', ref('Diff')), ...badParameter, ...needsToken, ...folds, ...common, ...pageProblems },
      },
    },
    '/commands': {
      post: {
        summary: 'Record a command; the actor is the signed-in officer',
        ...writeSecurity('officer'),
        parameters: [query('dry-run', { type: 'boolean' }, 'true: decide the command and answer with what it would change (200), recording nothing.')],
        requestBody: { required: true, content: { 'application/json': { schema: ref('Command'), examples: commandExamples() } } },
        responses: {
          '200': ok('Already recorded, or a dry run: nothing changed.', ref('CommandResult')),
          '201': ok('Recorded.', ref('CommandResult')),
          ...writes,
          ...needsToken,
          '422': problem('The command is refused (one sentence says why), names another actor, or sends an eventId.'),
          ...common,
          '409': problem('Another writer changed the stream first (reload and retry: `concurrency-conflict`), or the ledger holds facts its rule set cannot rate (`unratable-ledger`: `detail` names them).'),
        },
      },
    },
    '/officers': {
      get: { summary: 'The officers and their roles now', ...security('admin'), responses: { '200': ok('Officers.', object({ officers: array(ref('Officer')) }, undefined, false)), ...needsToken, ...common } },
      post: {
        summary: 'Appoint an officer or change their role; a new officer\'s token is in the answer, once',
        ...writeSecurity('admin'),
        requestBody: { required: true, content: json(object({ officer: str, role: { enum: [...OFFICER_ROLES] }, reason: str }, ['officer', 'role'], false)) },
        responses: {
          '200': ok('Already in that role.', object({ officer: str, role: str, status: { const: 'unchanged' }, token: { type: 'null' } }, undefined, false)),
          '201': ok('Appointed.', object({ officer: str, role: str, status: { const: 'appended' }, token: nullable(str) }, undefined, false)),
          ...writes,
          ...needsToken,
          '422': problem('A field is missing or wrong, or the change would leave no admin (the last admin keeps the role until another is appointed).'),
          ...common,
        },
      },
    },
    '/officers/{name}': {
      delete: {
        summary: 'Revoke an officer: their token stops working on the next request',
        ...writeSecurity('admin'),
        parameters: [pathParam('name', 'The officer.'), query('reason', str, 'Why (required).', true)],
        responses: {
          '200': ok('Revoked (or already).', object({ officer: str, status: { enum: ['appended', 'unchanged'] } }, undefined, false)),
          '429': writes['429'],
          ...needsToken,
          '422': problem('Unknown officer, or the last admin (appoint another admin first).'),
          ...common,
          '400': problem('No reason given (`parameter`: reason), or a malformed path.'),
        },
      },
    },
    '/officers/{name}/token': {
      post: {
        summary: 'A new token for an officer; the old one stops working at once',
        ...writeSecurity('admin'),
        parameters: [pathParam('name', 'The officer.')],
        responses: { '201': ok('The new token, shown once.', object({ officer: str, token: str }, undefined, false)), '429': writes['429'], ...needsToken, '422': problem('Not an officer in office.'), ...common },
      },
    },
  },
});

/**
 * Every public read may be answered from the answers kept at the head of the log (answer-cache.ts), with a strong
 * ETag: a reader sending it back in If-None-Match gets 304 on each of them, not only on lists.
 */
export const openApiDocument = (): ReturnType<typeof documentedRoutes> => {
  const document = documentedRoutes();
  for (const route of Object.values(document.paths) as { get?: { security?: unknown; responses: Record<string, unknown> } }[]) {
    const read = route.get;
    if (read === undefined || read.security !== publicRoute.security || read.responses['304'] !== undefined) continue;
    read.responses['304'] = { description: 'Unchanged since the ETag sent in If-None-Match (while the log has not grown).' };
  }
  return document;
};
