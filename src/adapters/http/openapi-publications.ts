import { common, folds, needsToken, okOrPage, pageProblems, pathParam, problemOrPage, publicRoute, ref, str } from './openapi-schema';

/** The routes of the publications for players and club websites: the bulletin and the Atom feed. */
export const publicationPaths = {
  '/lists/published/{id}/bulletin': {
    get: {
      summary: 'A published list\'s bulletin: new players, grade changes, biggest gains and losses, corrections since the publication before it of the same rule set (for a browser, the page)',
      ...publicRoute,
      parameters: [pathParam('id', 'List id.')],
      responses: { '200': okOrPage('The bulletin.', ref('Bulletin')), '404': problemOrPage('No list published under this id.'), ...needsToken, ...folds, ...common, ...pageProblems },
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
