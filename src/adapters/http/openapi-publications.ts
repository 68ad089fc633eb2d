import { array, common, date, folds, int, needsToken, nullable, object, okOrPage, pageProblems, pathParam, problemOrPage, publicRoute, str } from './openapi-schema';

const player = object({ playerId: str, name: str, rating: int, grade: nullable(str) }, undefined, false);
const change = object({ playerId: str, name: str, before: int, after: int, change: int }, undefined, false);

/** A published list's bulletin (src/app/bulletin.ts), as `ledger list bulletin --json` prints it. */
export const BULLETIN_SCHEMA = object(
  {
    listId: str,
    asOf: date,
    ruleSet: str,
    previous: nullable(object({ listId: str, asOf: date }, undefined, false)),
    newPlayers: array(player),
    grades: array(object({ playerId: str, name: str, from: nullable(str), to: nullable(str) }, undefined, false)),
    gains: array(change),
    losses: array(change),
    corrections: array(object({ kind: { enum: ['corrected', 'withdrawn'] }, gameId: str, tournamentId: str, tournamentName: str, reason: str, validDate: date, recordedAt: nullable(str), position: int, actor: str }, undefined, false)),
  },
  undefined,
  false,
);

/** The routes of the publications for players and club websites: the bulletin and the Atom feed. */
export const publicationPaths = {
  '/lists/published/{id}/bulletin': {
    get: {
      summary: 'A published list\'s bulletin: new players, grade changes, biggest gains and losses, corrections since the publication before it of the same rule set (for a browser, the page)',
      ...publicRoute,
      parameters: [pathParam('id', 'List id.')],
      responses: { '200': okOrPage('The bulletin.', BULLETIN_SCHEMA), '404': problemOrPage('No list published under this id.'), ...needsToken, ...folds, ...common, ...pageProblems },
    },
  },
  '/lists/published.atom': {
    get: {
      summary: 'An Atom 1.0 feed of the published lists, newest first, each entry linking to the list\'s page and its bulletin (for a club website to subscribe to)',
      ...publicRoute,
      responses: { '200': { description: 'The feed.', content: { 'application/atom+xml': { schema: str } } }, ...needsToken, ...common },
    },
  },
};
