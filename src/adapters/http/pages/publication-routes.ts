import type express from 'express';
import type { RequestHandler } from 'express';
import { loadFacts } from '../../../app/load';
import { publishedRows, type PublishedRow } from '../../../app/published-rows';
import { LIST_PRINTER } from '../../formats/list-printer';
import { wantsHtml } from '../access';
import { seesPersonalData } from '../personal';
import { queryOf } from '../query';
import { publishedListPage } from './publication-pages';
import { sendPage, type PageDependencies } from './routes';

/**
 * What a federation's publications tell players and club websites: each published list as a page with its table.
 * Mounted by the pages (routes.ts) before the API's routes, so a request that does not ask for a page falls through.
 */
export const mountPublications = (app: express.Express, deps: PageDependencies): void => {
  const { ledger, diffs, publicRead, folds } = deps;

  // a published list never changes: its rows are reproduced once (a fold of the log as known then) and kept
  const rowsKept = new Map<string, readonly PublishedRow[]>();
  const rowsOf = async (listId: string): Promise<readonly PublishedRow[]> => {
    let rows = rowsKept.get(listId);
    if (rows === undefined) {
      rows = publishedRows(LIST_PRINTER, await loadFacts(ledger.store), listId).rows;
      rowsKept.set(listId, rows);
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
};
