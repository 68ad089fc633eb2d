import type express from 'express';
import type { RequestHandler } from 'express';
import type { PublishedRow } from '../../../app/published-rows';
import { wantsHtml } from '../access';
import { seesPersonalData } from '../personal';
import { queryOf } from '../query';
import { bulletinPage, publishedListPage } from './publication-pages';
import type { Bulletin } from '../../../app/bulletin';
import type { Bulletin as BulletinAnswer } from '../answers/publications';
import { publicationFeed } from '../publication-feed';
import { sendPage, type PageDependencies } from './routes';

/**
 * What a federation's publications tell players and club websites: each published list as a page with its table,
 * its bulletin (page and JSON) and the Atom feed of them all.
 * Mounted by the pages (routes.ts) before the API's routes, so a request that does not ask for a page falls through.
 */
export const mountPublications = (app: express.Express, deps: PageDependencies): void => {
  const { foldJobs, diffs, auditTrail, publicRead, folds } = deps;

  // a published list never changes: its rows are reproduced once (a fold job of the log as known then, checked by the
  // list's hash) and kept; requests that come while it folds wait for the same job
  const rowsKept = new Map<string, Promise<readonly PublishedRow[]>>();
  const rowsOf = (listId: string): Promise<readonly PublishedRow[]> => {
    let rows = rowsKept.get(listId);
    if (rows === undefined) {
      const folded = foldJobs({ kind: 'published-rows', listId }).then((found) => found.rows);
      // a refusal is not kept: the next request asks again
      folded.catch(() => rowsKept.get(listId) === folded && rowsKept.delete(listId));
      rowsKept.set(listId, (rows = folded));
    }
    return rows;
  };
  /** The API's fold guards, for a list whose rows are not kept yet. */
  const unlessKept = folds.map((guard): RequestHandler => (req, res, next) => (rowsKept.has(req.params.id as string) ? next() : guard(req, res, next)));

  // ?download=1 is the exact bytes whatever the browser accepts (the API's route)
  app.get('/lists/published/:id', (req, _res, next) => (req.query.download === undefined && wantsHtml(req) ? next() : next('route')), ...publicRead, ...unlessKept, async (req, res) => {
    const { entry, position } = await diffs.publishedEntry(req.params.id as string);
    const rows = await rowsOf(entry.event.listId);
    sendPage(res, publishedListPage(entry, rows, queryOf(req).int('page', 1) ?? 1, seesPersonalData(res), { computedAt: new Date(), position, ruleSet: entry.event.ruleSet }));
  });
  // a bulletin compares two published lists and the corrections recorded between them: none of it changes later
  const bulletins = new Map<string, Bulletin>();
  app.get(
    '/lists/published/:id/bulletin',
    ...publicRead,
    ...folds.map((guard): RequestHandler => (req, res, next) => (bulletins.has(req.params.id as string) ? next() : guard(req, res, next))),
    async (req, res) => {
      const { entry, position } = await diffs.publishedEntry(req.params.id as string);
      let found = bulletins.get(entry.event.listId);
      if (found === undefined) {
        found = await foldJobs({ kind: 'bulletin', listId: entry.event.listId });
        bulletins.set(entry.event.listId, found);
      }
      if (wantsHtml(req)) sendPage(res, bulletinPage(found, { computedAt: new Date(), position, ruleSet: found.ruleSet }));
      else {
        const body: BulletinAnswer = found;
        res.json(body);
      }
    },
  );

  app.get('/lists/published.atom', ...publicRead, async (req, res) => {
    const { trail } = await auditTrail.caughtUp();
    res.set('Cache-Control', 'no-cache').type('application/atom+xml; charset=utf-8').send(publicationFeed(trail.published, `${req.protocol}://${req.get('host') ?? 'localhost'}`));
  });
};
