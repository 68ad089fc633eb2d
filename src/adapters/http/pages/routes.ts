import type express from 'express';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import * as E from 'fp-ts/Either';
import type { PlayerRegistered } from '../../../../domain/events';
import { playerCareer } from '../../../../projections/fesa/career';
import { explainPlayer } from '../../../../projections/fesa/explain';
import { FESA_RULE_SETS, type FesaFold } from '../../../../projections/fesa/history';
import type { FesaProjection } from '../../../../projections/fesa/incremental';
import type { Ledger } from '../../../app/ledger';
import { LIST_FORMATS, listRows } from '../../../app/lists';
import { today } from '../../clock';
import type { LiveProjections } from '../live';
import { NotFound, problemTitle, toProblem } from '../problems';
import { queryOf } from '../query';
import { PAGES_CSS, PAGES_JS } from './assets';
import { html } from './html';
import { page, type Provenance } from './layout';
import { LIST_SORTS, listPage } from './list-page';
import { explanationPage, playerPage } from './player-page';

/**
 * Whether a request asks for a page: a browser's Accept prefers text/html to JSON; an API client (no Accept, `*\/*`,
 * or JSON first) gets JSON at the same URL, so a link copied from the browser works in a script.
 */
export const wantsHtml = (req: Request): boolean => req.accepts(['application/json', 'text/html']) === 'text/html';

/** Passes requests that do not ask for a page on to the API's route of the same path. */
const pagesOnly: RequestHandler = (req, _res, next) => (wantsHtml(req) ? next() : next('route'));

export interface PageDependencies {
  readonly ledger: Ledger;
  readonly live: LiveProjections;
  /** The API's access check (and CORS) for public reads: a page is exactly as public as its JSON. */
  readonly publicRead: readonly RequestHandler[];
  readonly ruleSetOf: (req: Request) => string;
}

const sendPage = (res: Response, body: string): void => {
  // computed from the log at this moment: a browser may keep it but asks again before showing it
  res.set('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(body);
};

const provenanceOf = (projection: FesaProjection, ruleSet: string): Provenance => ({ computedAt: new Date(), position: projection.position, ruleSet });

const foldOf = (folded: E.Either<string, FesaFold>): FesaFold => {
  if (E.isLeft(folded)) throw new Error(folded.left);
  return folded.right;
};

/** The rule set a page was asked for (kept in its links), undefined when each tournament's own applies. */
const askedRules = (req: Request): string | undefined => queryOf(req).oneOf('rules', Object.keys(FESA_RULE_SETS));

/**
 * The pages people open in a browser, on the API's own URLs (mounted before the API's routes: a request that does
 * not ask for HTML falls through to them). Every page reads the server's live projections, which read only the
 * events recorded since the last request; none folds the whole ledger again.
 */
export const mountPages = (app: express.Express, deps: PageDependencies): void => {
  const { ledger, live, publicRead, ruleSetOf } = deps;

  app.get('/assets/pages.css', (_req, res) => {
    res.set('Cache-Control', 'public, max-age=3600').type('text/css; charset=utf-8').send(PAGES_CSS);
  });
  app.get('/assets/pages.js', (_req, res) => {
    res.set('Cache-Control', 'public, max-age=3600').type('text/javascript; charset=utf-8').send(PAGES_JS);
  });

  // the same URL answers HTML or JSON: caches must keep them apart
  app.use((req, res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD') res.vary('Accept');
    next();
  });

  const listHandler: RequestHandler = async (req, res) => {
    const q = queryOf(req);
    const ruleSet = ruleSetOf(req);
    const given = q.date('as-of');
    const asOf = given ?? today();
    const projection = await live.caughtUp(ruleSet, 'none');
    const rows = listRows(foldOf(projection.asOf(asOf)), asOf, 2);
    const sortParam = q.oneOf('sort', LIST_SORTS);
    const body = listPage(
      rows,
      { asOf, dated: given !== undefined, search: (q.string('q') ?? '').trim(), sort: sortParam ?? 'rank', descending: q.oneOf('dir', ['asc', 'desc']) === 'desc', page: q.int('page', 1) ?? 1, ruleSet: askedRules(req) },
      LIST_FORMATS,
      provenanceOf(projection, ruleSet),
    );
    sendPage(res, body);
  };
  app.get('/', pagesOnly, ...publicRead, listHandler);
  // a list URL with a format is a download (whatever the browser accepts); without one, the page
  app.get('/lists', (req, res, next) => (req.query.format === undefined && req.query['known-at'] === undefined && wantsHtml(req) ? next() : next('route')), ...publicRead, listHandler);

  /** A registered player as now known (corrections applied), or a 404 naming the id. */
  const registrationOf = async (playerId: string): Promise<PlayerRegistered> => {
    const player = (await ledger.catchUp()).players.get(playerId);
    if (!player) throw new NotFound(`no player "${playerId}" in the ledger`);
    return player.current ?? player.registration;
  };

  const playerHandler: RequestHandler = async (req, res) => {
    const playerId = req.params.id as string;
    const registration = await registrationOf(playerId);
    const ruleSet = ruleSetOf(req);
    const projection = await live.caughtUp(ruleSet, 'reports');
    const career = playerCareer(foldOf(projection.current()), playerId);
    if (E.isLeft(career)) throw new NotFound(career.left);
    sendPage(res, playerPage(registration, career.right, askedRules(req), provenanceOf(projection, ruleSet)));
  };
  app.get('/players/:id', pagesOnly, ...publicRead, playerHandler);
  app.get('/players/:id/history', pagesOnly, ...publicRead, playerHandler);

  app.get('/players/:id/explain', pagesOnly, ...publicRead, async (req, res) => {
    const playerId = req.params.id as string;
    const registration = await registrationOf(playerId);
    const ruleSet = ruleSetOf(req);
    const tournamentId = queryOf(req).string('tournament');
    const projection = await live.caughtUp(ruleSet, 'reports');
    const explanation = explainPlayer(foldOf(projection.current()), playerId, tournamentId);
    if (E.isLeft(explanation)) throw new NotFound(explanation.left);
    sendPage(res, explanationPage(registration, explanation.right.data, tournamentId, askedRules(req), provenanceOf(projection, ruleSet)));
  });
};

/** Errors of a request that asked for a page, as a page (same status and sentence as the API's problem). */
export const pageErrors = (error: unknown, req: Request, res: Response, next: NextFunction): void => {
  if (!wantsHtml(req)) return next(error);
  const problem = toProblem(error);
  for (const [name, value] of Object.entries(problem.extra.headers ?? {})) res.set(name, value);
  res
    .status(problem.status)
    .type('text/html; charset=utf-8')
    .send(page(problemTitle(problem), undefined, html`<p>${problem.message}</p><p><a href="/">The current rating list</a></p>`));
};

