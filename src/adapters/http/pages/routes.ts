import type express from 'express';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import * as E from 'fp-ts/Either';
import type { PlayerRegistered } from '../../../../domain/events';
import { FESA_RULE_SETS } from '../../../../projections/fesa/history';
import { isFesaRuleSet } from '../../../../projections/fesa/fesa-facts';
import { listsOffered } from '../../../app/house-rule-set';
import type { Ledger } from '../../../app/ledger';
import { LIST_FORMATS, type ListRow } from '../../../app/lists';
import { today } from '../../clock';
import type { LiveAuditTrail } from '../../../app/read-models/audit-trail';
import type { PlayerIndex, RatedTournamentViews, TournamentIndex } from '../tournament-index';
import type { FoldJobs } from '../fold-jobs';
import { careerNow, explanationNow, type NamesNow, type ReadModels } from '../read-models';
import { bothFesa, diffQueryOf, pageOfDiff, ruleSetPairOf, sideBySideJson, type Diffs } from '../diffs';
import type { Directories } from '../../../app/read-models/directories';
import { tournamentPage, tournamentsPage } from './tournament-page';
import { tournamentViewOf, viewUnderRuleSet } from './tournament-view';
import { foldsUnderOtherRuleSet } from '../tournament-routes';
import { NotFound, problemTitle, toProblem } from '../problems';
import { leadingFirst, playerRulesOf } from '../player-rules';
import { genericRulesOf, pageRowsOf, publishedUnderRuleSet, RULE_SET_LIST_FORMATS, type RuleSetLists } from '../rule-set-lists';
import { publishedArchivePage, publishedDiffPage, ruleSetListDiffPage, ruleSetsPage, sideBySidePage } from './audit-pages';
import { mountPublications } from './publication-routes';
import { queryOf } from '../query';
import { wantsHtml } from '../access';
import { seesPersonalData } from '../personal';
import { PAGES_CSS, PAGES_JS } from './assets';
import { html } from './html';
import { page } from './layout';
import { LIST_SORTS, listPage } from './list-page';
import { explanationPage, playerPage, playersPage } from './player-page';
import { ruleSetExplanationPage } from './rule-set-explanation-page';

/** Passes requests that do not ask for a page on to the API's route of the same path. */
const pagesOnly: RequestHandler = (req, _res, next) => (wantsHtml(req) ? next() : next('route'));

export interface PageDependencies {
  readonly ledger: Ledger;
  /** Who and what the ledger holds (registrations, tournaments, merges), kept up with the log. */
  readonly directories: Directories;
  /** The reads no saved model answers, folded on the worker thread (fold-jobs.ts). */
  readonly foldJobs: FoldJobs;
  readonly auditTrail: LiveAuditTrail;
  readonly tournaments: TournamentIndex;
  readonly players: PlayerIndex;
  readonly diffs: Diffs;
  /** Careers and explanations from the careers' read model next to the log, where there is one. */
  readonly models: ReadModels;
  /** Tournaments under the other rule sets (TRF and EGD imports), kept until the log moves. */
  readonly ratedViews: RatedTournamentViews;
  /** The lists of the non-FESA rule sets kept for the head (the JSON's and CSV's too). */
  readonly ruleSetLists: RuleSetLists;
  /** The API's guards of whole-ledger folds (rate limit, at most so many at once). */
  readonly folds: readonly RequestHandler[];
  /** The API's access check (and CORS) for public reads: a page is exactly as public as its JSON. */
  readonly publicRead: readonly RequestHandler[];
  /** The API's access check for auditors' reads (a browser signs in with the token as a Basic password). */
  readonly auditorRead: RequestHandler;
  /** `auditorRead`, then the answers kept at the head of the log (answer-cache.ts: ETag, 304; a kept one skips the fold guards after it). */
  readonly auditorKept: readonly RequestHandler[];
  readonly ruleSetOf: (req: Request) => string;
  /** Players' names as FESA files know them, for a cross table read from the model (warmed with the directories). */
  readonly names: NamesNow;
  /** The log position a reader's list must reflect at least (server.ts: read-your-writes). */
  readonly floorOf: (req: Request, res: Response) => number;
}

export const sendPage = (res: Response, body: string): void => {
  // computed from the log at this moment: a browser may keep it but asks again before showing it
  res.set('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(body);
};

/** The rule set a page was asked for (kept in its links), undefined when each tournament's own applies. */
const askedRules = (req: Request): string | undefined => queryOf(req).oneOf('rules', Object.keys(FESA_RULE_SETS));

/** A registered player as now known (corrections applied), or a 404 naming the id. */
const registrationOf = async (directories: Directories, playerId: string): Promise<PlayerRegistered> => {
  const registration = (await directories.caughtUp()).players.registrationOf(playerId);
  if (!registration) throw new NotFound(`no player "${playerId}" in the ledger`);
  return registration;
};

const tournamentNameOf = async (directories: Directories) => (await directories.caughtUp()).tournaments.nameOf;

/**
 * The list page (at / and at /lists without a format): a date's list rows, kept until the log moves — from the list's
 * read model when it reflects the head of the log, else a fold job of the date (the live projection on the worker,
 * which replays the tournaments since the checkpoint before it, a third of a second at a million games); the next
 * page, sort or search need not repeat either.
 */
const mountListPages = (app: express.Express, deps: PageDependencies): void => {
  const { ledger, directories, foldJobs, ruleSetLists, models, publicRead, ruleSetOf } = deps;
  const keptRows = new Map<string, { position: number; rows: readonly ListRow[] }>();
  const rowsOf = async (ruleSet: string, asOf: string, floor: number): Promise<{ position: number; rows: readonly ListRow[] }> => {
    const key = `${ruleSet}|${asOf}`;
    const head = await ledger.store.headPosition();
    const kept = keptRows.get(key);
    if (kept?.position === head) return kept;
    const modelled = await models.list({ ruleSet, asOf, format: 'csv', activeYears: 2 }, floor);
    const rows = modelled !== undefined ? { position: modelled.position, rows: modelled.rows } : await foldJobs({ kind: 'fesa-list-rows', ruleSet, asOf });
    keptRows.delete(key);
    // the eight dates asked for last
    if (keptRows.size >= 8) keptRows.delete(keptRows.keys().next().value!);
    keptRows.set(key, rows);
    return rows;
  };

  // the rule sets rating the tournaments, counted once per log position (not over every tournament per request)
  let offeredAt: { position: number; offered: ReturnType<typeof listsOffered> } | undefined;
  const offeredNow = async (): Promise<ReturnType<typeof listsOffered>> => {
    const now = await directories.caughtUp();
    if (offeredAt?.position !== now.position) offeredAt = { position: now.position, offered: listsOffered(now.tournaments.ratingRuleSets()) };
    return offeredAt.offered;
  };

  const listHandler: RequestHandler = async (req, res) => {
    const q = queryOf(req);
    const offered = await offeredNow();
    const generic = genericRulesOf(req) ?? (req.query.rules === undefined ? offered.house : undefined);
    if (generic !== undefined) {
      const list = await ruleSetLists.of(req, generic);
      const query = { asOf: list.asOf, dated: q.date('as-of') !== undefined, search: (q.string('q') ?? '').trim(), sort: q.oneOf('sort', LIST_SORTS) ?? 'rank', descending: q.oneOf('dir', ['asc', 'desc']) === 'desc', page: q.int('page', 1) ?? 1, ruleSet: generic, activeYears: list.activeYears, offered: offered.lists };
      sendPage(res, listPage(pageRowsOf(list), query, RULE_SET_LIST_FORMATS, { computedAt: new Date(), position: await ledger.store.headPosition(), ruleSet: generic }));
      return;
    }
    const ruleSet = ruleSetOf(req);
    const given = q.date('as-of');
    const asOf = given ?? today();
    const { position, rows } = await rowsOf(ruleSet, asOf, deps.floorOf(req, res));
    const sortParam = q.oneOf('sort', LIST_SORTS);
    let latestTournament: string | undefined;
    // the last tournament FESA rated: one under another rule set is on that rule set's list, not this one
    if (rows.length === 0) latestTournament = (await directories.caughtUp()).tournaments.latestClosedBy(asOf, isFesaRuleSet);
    const body = listPage(
      rows,
      { asOf, dated: given !== undefined, search: (q.string('q') ?? '').trim(), sort: sortParam ?? 'rank', descending: q.oneOf('dir', ['asc', 'desc']) === 'desc', page: q.int('page', 1) ?? 1, ruleSet: askedRules(req), offered: offered.lists, ...(latestTournament !== undefined ? { latestTournament } : {}) },
      LIST_FORMATS,
      { computedAt: new Date(), position, ruleSet },
    );
    sendPage(res, body);
  };
  app.get('/', pagesOnly, ...publicRead, listHandler);
  // a list URL with a format is a download (whatever the browser accepts); without one, the page
  app.get('/lists', (req, res, next) => (req.query.format === undefined && req.query['known-at'] === undefined && wantsHtml(req) ? next() : next('route')), ...publicRead, listHandler);
};

/** The players page, a player's page (his careers under every rule set) and his explanation game by game. */
const mountPlayerPages = (app: express.Express, deps: PageDependencies): void => {
  const { directories, foldJobs, players, ratedViews, models, publicRead, ruleSetOf } = deps;
  app.get('/players', pagesOnly, ...publicRead, async (req, res) => {
    const q = queryOf(req);
    const search = (q.string('q') ?? '').trim();
    const { shown, paging, position } = await players.page(search, q.int('page', 1) ?? 1);
    sendPage(res, playersPage(shown, { search, ...paging }, seesPersonalData(res), { computedAt: new Date(), position }));
  });

  const playerHandler: RequestHandler = async (req, res) => {
    const playerId = req.params.id as string;
    await registrationOf(directories, playerId);
    const merged = (await directories.caughtUp()).players.mergedIdOf(playerId);
    // an absorbed id's record is the survivor's, under the survivor's name
    const registration = await registrationOf(directories, merged?.survivor ?? playerId);
    const { fesa: ruleSet, fesaAsked, leading } = playerRulesOf(req);
    const { career, position } = await careerNow(models, foldJobs, ruleSet, playerId);
    if (E.isLeft(career)) throw new NotFound(career.left);
    // his ratings under fide, gobase-go … (TRF and EGD imports), from the non-FESA fold kept for the head of the log
    const others = leadingFirst(await ratedViews.careersOf(await directories.caughtUp(), playerId), leading);
    sendPage(res, playerPage(registration, career.right, others, fesaAsked, seesPersonalData(res), { computedAt: new Date(), position, ruleSet }, leading, merged));
  };
  app.get('/players/:id', pagesOnly, ...publicRead, playerHandler);
  app.get('/players/:id/history', pagesOnly, ...publicRead, playerHandler);

  app.get('/players/:id/explain', pagesOnly, ...publicRead, async (req, res) => {
    const playerId = req.params.id as string;
    const registration = await registrationOf(directories, playerId);
    const tournamentId = queryOf(req).string('tournament');
    const { leading } = playerRulesOf(req);
    if (leading !== undefined) {
      // under another rule set: in its own terms, as the JSON of the same URL (player-routes.ts)
      const { position } = await directories.caughtUp();
      const explained = await foldJobs({ kind: 'rule-set-explanation', playerId, position, ruleSet: leading, ...(tournamentId !== undefined ? { tournamentId } : {}) });
      if (E.isLeft(explained)) throw new NotFound(explained.left);
      sendPage(res, ruleSetExplanationPage(registration, explained.right, leading, tournamentId, await tournamentNameOf(directories), { computedAt: new Date(), position, ruleSet: leading }));
      return;
    }
    const ruleSet = ruleSetOf(req);
    const { explanation, position } = await explanationNow(models, foldJobs, ruleSet, playerId, tournamentId);
    if (E.isLeft(explanation)) throw new NotFound(explanation.left);
    sendPage(res, explanationPage(registration, explanation.right.data, tournamentId, askedRules(req), await tournamentNameOf(directories), { computedAt: new Date(), position, ruleSet }));
  });
};

/** The tournaments page and a tournament's page (its view model: tournament-view.ts). */
const mountTournamentPages = (app: express.Express, deps: PageDependencies): void => {
  const { tournaments, publicRead, ruleSetOf, names, folds } = deps;
  app.get('/tournaments', pagesOnly, ...publicRead, async (req, res) => {
    const q = queryOf(req);
    const search = (q.string('q') ?? '').trim();
    const { shown, paging, position } = await tournaments.page(search, q.int('page', 1) ?? 1);
    sendPage(res, tournamentsPage(shown, { search, ...paging }, { computedAt: new Date(), position }));
  });

  // the official program's file (format=fesa-html) and JSON stay the API's
  app.get('/tournaments/:id', (req, _res, next) => (req.query.format === undefined && wantsHtml(req) ? next() : next('route')), ...publicRead, ...foldsUnderOtherRuleSet(folds), async (req, res) => {
    const other = playerRulesOf(req).leading;
    if (other !== undefined) {
      const { view, position } = await viewUnderRuleSet(deps, names, req.params.id as string, other, { rules: other, personal: seesPersonalData(res) });
      sendPage(res, tournamentPage(view, { computedAt: new Date(), position, ruleSet: other }));
      return;
    }
    const ruleSet = ruleSetOf(req);
    const { view, position } = await tournamentViewOf(deps, names, req.params.id as string, ruleSet, { rules: askedRules(req), personal: seesPersonalData(res) });
    sendPage(res, tournamentPage(view, { computedAt: new Date(), position, ruleSet }));
  });
};

/** The published lists' archive, their publications, what changed since one was published, and two rule sets compared. */
const mountArchivePages = (app: express.Express, deps: PageDependencies): void => {
  const { ledger, directories, auditTrail, ruleSetLists, diffs, publicRead, auditorKept, folds } = deps;
  app.get('/lists/published', pagesOnly, ...publicRead, async (_req, res) => {
    const { trail, position } = await auditTrail.caughtUp();
    sendPage(res, publishedArchivePage(trail.published, { computedAt: new Date(), position }));
  });

  mountPublications(app, deps);

  app.get('/lists/published/:id/diff', pagesOnly, publishedUnderRuleSet(ledger.store), ...publicRead, ...folds, async (req, res) => {
    const { entry, position } = await diffs.publishedEntry(req.params.id as string);
    const diff = await ruleSetLists.diffSince(entry.event.listId);
    sendPage(res, ruleSetListDiffPage(entry, diff, { computedAt: new Date(), position, ruleSet: entry.event.ruleSet }));
  });
  // Reproducing a published list folds the log as it was then: done once per list and head of the log, not per request.
  app.get('/lists/published/:id/diff', pagesOnly, ...publicRead, ...diffs.guardedUnlessKept(folds), async (req, res) => {
    const found = await diffs.sincePublished(req.params.id as string);
    const query = diffQueryOf(req);
    // the amendments recorded after the publication in the tournaments the list covers: why it changed
    const { tournaments: known } = await directories.caughtUp();
    const { trail } = await auditTrail.caughtUp();
    const covered = (tournamentId: string) => (known.listing(tournamentId)?.registration.endDate ?? '') <= found.entry.event.asOf;
    const since = [...trail.amendments.values()].flat().filter((a) => a.position > found.entry.position && a.position <= found.position && covered(a.tournamentId)).sort((a, b) => a.position - b.position);
    sendPage(res, publishedDiffPage(found.entry, found, pageOfDiff(found, query), query, since, await tournamentNameOf(directories), seesPersonalData(res), { computedAt: new Date(), position: found.position, ruleSet: found.entry.event.ruleSet }));
  });

  // Two rule sets side by side, from the live projections of each: for auditors, as the JSON at the same URL.
  app.get('/diff', pagesOnly, ...auditorKept, ...folds, async (req, res) => {
    const pair = ruleSetPairOf(req, true);
    const query = diffQueryOf(req);
    if (!bothFesa(pair.rules)) {
      const compared = await diffs.sideBySide(pair.rules[0], pair.rules[1], pair.asOf);
      sendPage(res, sideBySidePage(pair, sideBySideJson(compared, query), { computedAt: new Date(), position: await ledger.store.headPosition(), ruleSet: pair.rules.join(', ') }));
      return;
    }
    const found = await diffs.underRuleSets(pair.rules[0], pair.rules[1], pair.asOf);
    sendPage(res, ruleSetsPage(pair, found, pageOfDiff(found, query), query, await tournamentNameOf(directories), { computedAt: new Date(), position: found.position }));
  });
};

/**
 * The pages people open in a browser, on the API's own URLs (mounted before the API's routes: a request that does
 * not ask for HTML falls through to them). Every page reads the server's live projections, which read only the
 * events recorded since the last request; none folds the whole ledger again.
 */
export const mountPages = (app: express.Express, deps: PageDependencies): void => {
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

  mountListPages(app, deps);
  mountPlayerPages(app, deps);
  mountTournamentPages(app, deps);
  mountArchivePages(app, deps);
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

