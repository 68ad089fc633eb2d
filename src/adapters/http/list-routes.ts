import type express from 'express';
import type { RequestHandler, Response } from 'express';
import { knownAtPositionOf, listKnownAt, publishedFromModel } from '../../app/list-known-at';
import { contentHash, LIST_FORMATS, listBytes, type ListFormat } from '../../app/lists';
import { today } from '../clock';
import { LIST_PRINTER } from '../formats/list-printer';
import { LIST_ANSWER } from './answer-cache';
import type { PublishedLists } from './answers/publications';
import { bothFesa, diffJson, diffQueryOf, pageOfDiff, ruleSetPairOf, sideBySideJson } from './diffs';
import type { SideBySideDiff } from './answers/lists';
import { seesPersonalData } from './personal';
import { queryOf } from './query';
import { mountRuleSetLists } from './rule-set-lists';
import type { ServerContext } from './server-context';

const CONTENT_TYPES: Record<ListFormat, string> = {
  json: 'application/json; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  table: 'text/plain; charset=utf-8',
  fesa: 'text/plain; charset=iso-8859-1',
  'fesa-all': 'text/plain; charset=iso-8859-1',
};

/** The log position an answer reflects. */
const POSITION = 'X-Ledger-Position';

/** A list's bytes with its hash as a strong ETag: a client holding them gets 304 Not Modified. */
const sendList = (res: Response, text: string, format: ListFormat): void => {
  const bytes = listBytes(text, format);
  const hash = contentHash(bytes);
  res.locals[LIST_ANSWER] = true;
  res.set('Content-Type', CONTENT_TYPES[format]).set('X-Content-SHA256', hash).set('ETag', `"${hash}"`).send(bytes);
};

/**
 * The list of a date as a federation publishes it, as known now (from the list's read model, or folded on the
 * worker); as known at a position or time (folded from the log up to there) for auditors; another rule set's list.
 */
export const mountListRoutes = (app: express.Express, context: ServerContext): void => {
  const { ledger, checkpoints, worker, models, foldJobs, ruleSetLists, publicRead, folds, knownAtList, floorOf, ruleSetOf } = context;
  // another rule set's list and what changed since one was published: folded from the log
  mountRuleSetLists(app, { store: ledger.store, lists: ruleSetLists, publicRead, auditor: knownAtList, folds, sendList, floorOf });
  app.get(
    '/lists',
    (req, res, next) => (req.query['known-at'] === undefined ? next() : next('route')),
    ...publicRead,
    async (req, res) => {
      const q = queryOf(req);
      const asOf = q.date('as-of') ?? today();
      const format = q.oneOf('format', LIST_FORMATS) ?? 'json';
      const activeYears = q.int('active-years', 0) ?? 2;
      // from the list's read model when it reflects the head of the log (no projection held), else the live one
      const modelled = await models.list({ ruleSet: ruleSetOf(req), asOf, format, activeYears }, floorOf(req, res));
      if (modelled !== undefined) {
        sendList(res.set(POSITION, String(modelled.position)), modelled.text, format);
        return;
      }
      const listed = await foldJobs({ kind: 'fesa-list', ruleSet: ruleSetOf(req), asOf, format, activeYears });
      sendList(res.set(POSITION, String(listed.position)), listed.text, format);
    },
  );
  app.get('/lists', ...knownAtList, async (req, res) => {
    const q = queryOf(req);
    const asOf = q.date('as-of') ?? today();
    const format = q.oneOf('format', LIST_FORMATS) ?? 'json';
    const activeYears = q.int('active-years', 0) ?? 2;
    const ruleSet = ruleSetOf(req);
    if (checkpoints !== undefined) {
      // from the list's read model once it reflects that position (caught up first when behind it); else folded
      const knownAt = await knownAtPositionOf(ledger.store, q.string('known-at')!, 'known-at');
      const read = await listKnownAt(LIST_PRINTER, ledger.store, checkpoints, { ruleSet, asOf, format, activeYears, knownAt }, worker && (() => worker.run(ruleSet)));
      if (read !== undefined) {
        sendList(res, read.text, format);
        return;
      }
    }
    sendList(res, (await foldJobs({ kind: 'fesa-list-known-at', ruleSet, asOf, format, activeYears, knownAt: q.string('known-at')! })).text, format);
  });
  mountPublishedRoutes(app, context);
};

/** The lists published, each exactly as published, what changed since, and two FESA rule sets compared. */
const mountPublishedRoutes = (app: express.Express, { ledger, checkpoints, worker, auditTrail, diffs, foldJobs, publicRead, auditorKept, folds }: ServerContext): void => {
  app.get('/lists/published', ...publicRead, async (_req, res) => {
    const { trail } = await auditTrail.caughtUp();
    const personal = seesPersonalData(res);
    const body: PublishedLists = {
      lists: trail.published.map(({ event: e, recordedAt, position }) => ({
        listId: e.listId,
        asOf: e.asOf,
        ruleSet: e.ruleSet,
        format: e.format,
        contentHash: e.contentHash,
        activeYears: e.activeYears ?? null,
        reason: e.reason ?? null,
        ...(personal ? { actor: e.actor } : {}),
        recordedAt,
        position,
      })),
    };
    res.json(body);
  });

  // A published list never changes: it is reproduced once, then served from memory, cacheable for ever.
  const published = new Map<string, { text: string; format: ListFormat }>();
  app.get(
    '/lists/published/:id',
    ...publicRead,
    ...folds.map((guard): RequestHandler => (req, res, next) => (published.has(req.params.id as string) ? next() : guard(req, res, next))),
    async (req, res) => {
      const id = req.params.id as string;
      let list = published.get(id);
      if (list === undefined) {
        // from the list's read model as known just before the publication, checked by its hash; else folded
        const fromModel = checkpoints && (await publishedFromModel(LIST_PRINTER, ledger.store, checkpoints, id, worker && ((ruleSet) => worker.run(ruleSet))));
        const { event, text } = fromModel ?? (await foldJobs({ kind: 'published-text', listId: id }));
        list = { text, format: event.format as ListFormat };
        published.set(id, list);
      }
      res.set('Cache-Control', 'public, max-age=31536000, immutable');
      sendList(res, list.text, list.format);
    },
  );

  // What changed since a list was published, and what two FESA rule sets make of the same facts (as `ledger diff
  // --json`, a page of 100 players and 100 ratings at a time, as the pages at the same URLs show them).
  app.get('/lists/published/:id/diff', ...publicRead, ...diffs.guardedUnlessKept(folds), async (req, res) => {
    const diff = await diffs.sincePublished(req.params.id as string);
    res.json(diffJson(diff, pageOfDiff(diff, diffQueryOf(req))));
  });

  // auditors': a comparison is for checking a change of rules (a browser signs in with the token as its password)
  app.get('/diff', ...auditorKept, ...folds, async (req, res) => {
    const { asOf, rules } = ruleSetPairOf(req, false);
    if (!bothFesa(rules)) {
      // any other pair player by player, as `ledger diff --rules A --rules B` puts them
      const body: SideBySideDiff = sideBySideJson(await diffs.sideBySide(rules[0], rules[1], asOf), diffQueryOf(req));
      res.json(body);
      return;
    }
    const diff = await diffs.underRuleSets(rules[0], rules[1], asOf);
    res.json(diffJson(diff, pageOfDiff(diff, diffQueryOf(req))));
  });
};
