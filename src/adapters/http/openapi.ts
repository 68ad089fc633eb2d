import { codecSchema } from './codec-schema';
import { AppointmentBody } from './officer-routes';
import { badParameter, common, date, int, json, needsToken, ok, okOrPage, pageProblems, pathParam, problem, publicRoute, query, ref, security, str, writes, writeSecurity } from './openapi-schema';
import { publicationPaths } from './openapi-publications';
import { submissionPaths } from './openapi-submissions';
import { commandExamples } from './openapi-commands';
import { componentSchemas } from './openapi-components';
import { diffPaths, listPaths, rules } from './openapi-lists';
import { playerPaths, tournamentPaths } from './openapi-players';

/** The routes of the service itself: the route list (and the list page), its assets, this document, health, the log, verify. */
const servicePaths = {
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
      responses: { '200': okOrPage('The routes.', ref('RouteList')), ...badParameter, ...needsToken, ...common, ...pageProblems },
    },
  },
  '/assets/pages.css': { get: { summary: 'The pages\' style sheet', security: [{}], responses: { '200': { description: 'CSS.', content: { 'text/css': { schema: str } } }, ...common } } },
  '/assets/pages.js': { get: { summary: 'The pages\' script (sorting and search; the pages work without it)', security: [{}], responses: { '200': { description: 'JavaScript.', content: { 'text/javascript': { schema: str } } }, ...common } } },
  '/openapi.json': { get: { summary: 'This document', security: [{}], responses: { '200': ok('OpenAPI 3.1.', { type: 'object' }), ...common } } },
  '/health': {
    get: { summary: 'Liveness and the head of the log', ...publicRoute, responses: { '200': ok('Up; the store (its file path or URL) only to a signed-in reader, for it tells anyone else where the ledger lives.', ref('Health')), ...needsToken, ...common } },
  },
  '/events': {
    get: {
      summary: 'The raw log in recorded order',
      ...security('auditor'),
      parameters: [query('from', int, 'After this global position (default 0).'), query('limit', int, 'At most this many (1 to 10,000; default 100).')],
      responses: { '200': ok('Events.', ref('EventPage')), ...badParameter, ...needsToken, ...common },
    },
  },
  '/verify': {
    get: {
      summary: 'The hash chain walked and every published list re-computed (ledger verify); the head hash to note down',
      ...security('auditor'),
      responses: {
        '200': ok('What holds and what does not: one sentence per finding.', ref('Verification')),
        ...needsToken,
        ...common,
      },
    },
  },
};

const commandPaths = {
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
};

const officerPaths = {
  '/officers': {
    get: { summary: 'The officers and their roles now', ...security('admin'), responses: { '200': ok('Officers.', ref('OfficerList')), ...needsToken, ...common } },
    post: {
      summary: 'Appoint an officer or change their role; a new officer\'s token is in the answer, once',
      ...writeSecurity('admin'),
      requestBody: { required: true, content: json(codecSchema(AppointmentBody)) },
      responses: {
        '200': ok('Already in that role (no token).', ref('Appointment')),
        '201': ok('Appointed.', ref('Appointment')),
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
        '200': ok('Revoked (or already).', ref('Revocation')),
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
      responses: { '201': ok('The new token, shown once.', ref('NewToken')), '429': writes['429'], ...needsToken, '422': problem('Not an officer in office.'), ...common },
    },
  },
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
    schemas: componentSchemas(),
  },
  paths: { ...servicePaths, ...playerPaths, ...tournamentPaths, ...listPaths, ...publicationPaths, ...submissionPaths, ...diffPaths, ...commandPaths, ...officerPaths },
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
