import { LIST_PRINTER } from '../formats/list-printer';
import { namesakeNotice } from '../../app/namesakes';
import { PlayerNames } from '../../app/player-names';
import cors from 'cors';
import express, { type Request, type RequestHandler, type Response } from 'express';
import helmet from 'helmet';
import * as E from 'fp-ts/Either';
import { dryRunOf, recordCommand } from './command-answer';
import { AS_ADOPTED, FESA_RULE_SETS } from '../../../projections/fesa/history';
import { readDomainEvents } from '../../app/event-log';
import type { CheckpointStorage } from '../store/checkpoint-storage';
import { knownAtPositionOf, listKnownAt, publishedFromModel } from '../../app/list-known-at';
import { verifyLedger } from '../../app/verify';
import { contentHash, LIST_FORMATS, listBytes, type ListFormat } from '../../app/lists';
import type { Ledger } from '../../app/ledger';
import { today } from '../clock';
import { crosstableOfInputs, reportedGamesOf } from '../../app/tournaments';
import { formatTurneringHtml } from '../formats/fesa/turnering-html';
import { LiveProjections } from './live';
import { LiveAuditTrail } from '../../app/read-models/audit-trail';
import { PlayerIndex, RatedTournamentViews, TournamentIndex, tournamentNow } from './tournament-index';
import { ReadModels, careerNow, explanationNow } from './read-models';
import { ModelCatchUp } from './model-catch-up';
import { serverFoldJobs } from './fold-jobs';
import { diffJson, diffQueryOf, Diffs, pageOfDiff, ruleSetPairOf } from './diffs';
import { mountPages, pageErrors } from './pages/routes';
import { mountRuleSetLists, RuleSetLists } from './rule-set-lists';
import { leadingFirst, playerRulesOf } from './player-rules';
import { accessControl, hostCheck, isLoopback, signedIn, type Access } from './access';
import { DEFAULT_LIMITS, foldGate, perMinute, type Limits } from './limits';
import { BadRequest, NotFound, Problem, problemHandler } from './problems';
import { openApiDocument } from './openapi';
import { publicOfficerFacts, publicPlayer, seesPersonalData, withoutActor } from './personal';
import { queryOf } from './query';
import { isOfficerRole, type Officers } from '../../app/officers';
import { OFFICER_ROLES } from '../../../domain/events';
import { ROUTED_ELSEWHERE } from './openapi-commands';
import { Directories } from '../../app/read-models/directories';
import { GENERIC_RULE_SETS } from '../../../projections/generic/systems';
import { AnswerCache } from './answer-cache';
import { mountSubmissions, SUBMISSION_ROUTES } from './submission-routes';

const CONTENT_TYPES: Record<ListFormat, string> = {
  json: 'application/json; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  table: 'text/plain; charset=utf-8',
  fesa: 'text/plain; charset=iso-8859-1',
  'fesa-all': 'text/plain; charset=iso-8859-1',
};

/** The log position an answer reflects, and the one a reader asks its answer to reflect at least. */
const POSITION = 'X-Ledger-Position';
const MIN_POSITION = 'X-Ledger-Min-Position';

/** Each route with who may call it (under --private, public routes need an auditor). GET / lists them. */
const ROUTES: readonly (readonly [route: string, access: Access])[] = [
  ['GET /health', 'public'],
  ['GET /openapi.json', 'public'],
  ['GET /events?from=&limit=', 'auditor'],
  ['GET /verify', 'auditor'],
  ['GET /players?q=&page=', 'public'],
  ['GET /players/:id?rules=', 'public'],
  ['GET /players/:id/history?rules=', 'public'],
  ['GET /players/:id/explain?tournament=&rules=', 'public'],
  ['GET /tournaments?q=&page=', 'public'],
  ['GET /tournaments/:id?format=json|fesa-html&rules=', 'public'],
  ['GET /lists?as-of=&format=json|csv|table|fesa|fesa-all&active-years=&rules=', 'public'],
  [`GET /lists?rules=${GENERIC_RULE_SETS.join('|')}&format=json|csv|table`, 'public'],
  ['GET /lists?known-at=…', 'auditor'],
  ['GET /lists/published', 'public'],
  ['GET /lists/published/:id', 'public'],
  ['GET /lists/published/:id/diff?q=&page=&runs-page=', 'public'],
  ['GET /diff?rules=A&rules=B&as-of=&q=&page=&runs-page=', 'auditor'],
  ['POST /commands', 'officer'],
  ['GET /officers', 'admin'],
  ['POST /officers', 'admin'],
  ['DELETE /officers/:name?reason=', 'admin'],
  ['POST /officers/:name/token', 'admin'],
  ...SUBMISSION_ROUTES,
];

/** JSON bodies nest at most this deep: a command nests four levels; a deeper body is an attack on the decoders' stacks. */
const MAX_BODY_DEPTH = 32;

const depthOf = (value: unknown): number => {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    deepest = Math.max(deepest, depth);
    if (deepest > MAX_BODY_DEPTH) return deepest;
    for (const child of Object.values(v as object)) stack.push([child, depth + 1]);
  }
  return deepest;
};

export interface ServerOptions {
  readonly checkpoints?: CheckpointStorage;
  /** Who may sign in (absent: nobody, so every route above public answers 401). */
  readonly officers?: Officers;
  /** Every route needs a signed-in officer (an auditor at least). */
  readonly private?: boolean;
  /** The origin public GET routes allow in CORS (default `*`; none when private unless given). */
  readonly corsOrigin?: string;
  /** The address the server is bound to: on a loopback address the Host header is checked (DNS rebinding). */
  readonly host?: string;
  /** Host names a loopback server also answers for (a reverse proxy's). */
  readonly allowedHosts?: readonly string[];
  /** Express's `trust proxy` (behind a reverse proxy, so that rate limits see the client's address). */
  readonly trustProxy?: string | number | boolean;
  readonly limits?: Partial<Limits>;
  /** Largest request body accepted (bytes); default 1 MiB. */
  readonly bodyLimit?: number;
  /**
   * The store's setting (`ledger serve`'s --db or --store): with it and `checkpoints`, the saved read models are
   * caught up on a worker thread of its own connections (model-catch-up.ts), never on the thread that answers.
   */
  readonly storeSpec?: string;
  /** Where the server tells its operator what needs a hand (a saved model edited by hand); default: a line on stderr. */
  readonly warn?: (line: string) => void;
}

/**
 * The ledger over HTTP for club webmasters, auditors and officers' tools: read the log, the rating list of any date
 * (as known now or at a point of the second clock) in every format, a published list exactly, a player's career and
 * explanation, and submit commands. Every write goes through the same deciders as the CLI, with the signed-in
 * officer as its actor; every error is an RFC 9457 problem with one sentence naming the parameter, player or list.
 */
export const createServer = (ledger: Ledger, options: ServerOptions = {}): express.Express => {
  const app = express();
  const worker = options.storeSpec !== undefined ? new ModelCatchUp(options.storeSpec, options.checkpoints !== undefined) : undefined;
  // the server's own writes to the ledger's file take turns with the worker's saves (model-catch-up.ts says why)
  const turn = <A>(write: () => Promise<A>): Promise<A> => (worker === undefined ? write() : worker.exclusive(write));
  const checkpoints = worker !== undefined && options.checkpoints !== undefined ? worker.guarded(options.checkpoints) : options.checkpoints;
  const live = new LiveProjections(ledger.store, checkpoints);
  const auditTrail = new LiveAuditTrail(ledger.store);
  const directories = new Directories(ledger.store);
  const tournaments = new TournamentIndex(ledger.store, directories);
  const players = new PlayerIndex(directories);
  const ratedViews = new RatedTournamentViews(ledger, checkpoints);
  // the reads no model answers fold on the worker (fold-jobs.ts)
  const foldJobs = serverFoldJobs(ledger, live, worker);
  const ruleSetLists = new RuleSetLists(ledger.store, foldJobs);
  const diffs = new Diffs(ledger, live, auditTrail, foldJobs, checkpoints, worker);
  const models = new ReadModels(ledger.store, checkpoints, worker, options.warn ?? ((line) => void process.stderr.write(`${line}\n`)));
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const access = accessControl(options.officers, options.private === true);
  const corsOrigin = options.corsOrigin ?? (options.private ? undefined : '*');
  // public data may be read from any page (CORS); writes and auditors' routes never get CORS headers
  // fifty readers of one page at a million games cost one answer (answer-cache.ts says when a kept one is given)
  const answers = new AnswerCache({ head: () => ledger.store.headPosition(), ...(ledger.store.changeStamp ? { stamp: () => ledger.store.changeStamp!() } : {}), floorOf: (req, res) => floorOf(req, res) });
  const publicRead: RequestHandler[] = [access('public'), ...(corsOrigin !== undefined ? [cors({ origin: corsOrigin, methods: ['GET', 'HEAD'] })] : []), answers.handler];
  // a write's body is read only once its sender signed in and is within the rate limit
  const writes: RequestHandler[] = [
    perMinute(limits.writesPerMinute, 'writes', 'officer'),
    // not strict: `null`, `"text"` or `7` are JSON too, and the route's own sentence says what it expected instead;
    // an empty body parses as {} here, so whether there were any bytes is noted on the way
    express.json({ limit: options.bodyLimit ?? 1024 * 1024, strict: false, verify: (_req, res, bytes) => void ((res as Response).locals.bodyBytes = bytes.length) }),
    (req, _res, next) => {
      if (req.body !== undefined && depthOf(req.body) > MAX_BODY_DEPTH) throw new Problem(400, 'body-too-deep', `the request body nests deeper than ${MAX_BODY_DEPTH} levels`, { parameter: 'body' });
      next();
    },
  ];
  const folds = [perMinute(limits.foldsPerMinute, 'whole-ledger folds', 'client'), foldGate(limits.foldsAtOnce)];

  app.disable('x-powered-by');
  // lists carry their own strong ETag (the content hash); no weak ETags elsewhere
  app.set('etag', false);
  if (options.trustProxy !== undefined) app.set('trust proxy', options.trustProxy);
  // public data is meant to be fetched from other sites' pages, hence cross-origin resources
  app.use(helmet({ crossOriginResourcePolicy: { policy: 'cross-origin' } }));
  if (options.host !== undefined && isLoopback(options.host)) app.use(hostCheck(options.host, options.allowedHosts ?? []));

  /** The FESA rule set a request forces (`rules`), else each tournament's own (as adopted). */
  const ruleSetOf = (req: Request): string => queryOf(req).oneOf('rules', Object.keys(FESA_RULE_SETS)) ?? AS_ADOPTED;

  /**
   * The log position below which a reader may not be answered: the last write the signed-in officer made through this
   * server (read-your-writes), or the `X-Ledger-Min-Position` a client sends (e.g. the position another server
   * acknowledged its write at). A list kept from before it is not given; the reader waits for the catch-up.
   */
  const lastWrites = new Map<string, number>();
  const floorOf = (req: Request, res: Response): number => {
    const asked = req.get(MIN_POSITION);
    if (asked !== undefined && !/^\d{1,15}$/.test(asked.trim())) throw new Problem(400, 'bad-header', `${MIN_POSITION} must be a log position (a whole number), got ${JSON.stringify(asked.slice(0, 40))}`, { parameter: MIN_POSITION });
    const officer = signedIn(res)?.officer;
    return Math.max(asked === undefined ? 0 : Number(asked), officer === undefined ? 0 : (lastWrites.get(officer) ?? 0));
  };

  // pages for people at the API's own URLs: a request that asks for HTML is answered there, any other falls through
  mountPages(app, { ledger, directories, auditTrail, tournaments, players, ratedViews, ruleSetLists, diffs, foldJobs, models, folds, publicRead, auditorRead: access('auditor'), ruleSetOf, floorOf });

  app.get('/', ...publicRead, (_req, res) => {
    res.json({ routes: ROUTES.map(([route, who]) => `${route}${who === 'public' ? '' : ` (${who})`}`) });
  });

  const document = JSON.stringify(openApiDocument());
  app.get('/openapi.json', cors({ origin: '*', methods: ['GET'] }), (_req, res) => {
    res.type('application/json').send(document);
  });

  app.get('/health', ...publicRead, async (_req, res) => {
    res.json({ status: 'ok', ...(seesPersonalData(res) ? { store: ledger.store.description } : {}), head: await ledger.store.headPosition() });
  });

  app.get('/events', access('auditor'), async (req, res) => {
    const q = queryOf(req);
    const from = q.int('from', 0) ?? 0;
    const limit = Math.min(q.int('limit', 1) ?? 100, 10_000);
    const out: unknown[] = [];
    for await (const batch of readDomainEvents(ledger.store, { fromPosition: from, batchSize: limit })) {
      for (const e of batch) if (out.length < limit) out.push({ position: e.globalPosition, recordedAt: e.recordedAt, stream: e.streamId, event: e.event });
      if (out.length >= limit) break;
    }
    res.json({ events: out });
  });

  // the whole chain walked and every published list re-computed: as long as `ledger verify`, for auditors only
  app.get('/verify', access('auditor'), async (_req, res) => {
    const report = await verifyLedger(ledger.store, LIST_PRINTER);
    res.json({ holds: report.findings.length === 0, events: report.events, head: report.head ?? null, lists: report.lists, findings: report.findings });
  });

  // by name, 100 a page, searchable: the same page a browser shows at this URL
  app.get('/players', ...publicRead, async (req, res) => {
    const q = queryOf(req);
    const { shown, paging } = await players.page((q.string('q') ?? '').trim(), q.int('page', 1) ?? 1);
    res.json({ players: seesPersonalData(res) ? shown : shown.map(publicPlayer), ...paging });
  });

  // newest first, 100 a page, searchable by name: the same page a browser shows at this URL
  app.get('/tournaments', ...publicRead, async (req, res) => {
    const q = queryOf(req);
    const { shown, paging } = await tournaments.page((q.string('q') ?? '').trim(), q.int('page', 1) ?? 1);
    const personal = seesPersonalData(res);
    res.json({ tournaments: shown.map((t) => ({ ...(personal ? t.registration : withoutActor(t.registration)), games: t.reported, closed: t.closed })), ...paging });
  });

  /**
   * The official program's turnering.html, byte for byte: it writes names as they were given, markup and all (a family
   * name `<meta http-equiv="refresh" …>` would send a visitor elsewhere, and a CSP does not stop a refresh). So it is
   * a file to save, never a page of this site: an attachment, not sniffed, and sandboxed should a browser show it.
   */
  const sendProgramHtml = (res: Response, tournamentId: string, text: string): void => {
    res.attachment(`${tournamentId}-turnering.html`);
    res.set('Content-Type', 'text/html; charset=iso-8859-1').set('Content-Security-Policy', "sandbox; default-src 'none'").set('X-Content-Type-Options', 'nosniff');
    res.send(Buffer.from(text, 'latin1'));
  };

  // A rated tournament's cross table with its games (as `tournament show --json`), or the official program's
  // turnering.html (ISO-8859-1, byte for byte); from the live projection, as the tournament page, so no request
  // folds the whole log again.
  app.get('/tournaments/:id', ...publicRead, async (req, res) => {
    const format = queryOf(req).oneOf('format', ['json', 'fesa-html']) ?? 'json';
    const tournamentId = req.params.id as string;
    // a tournament under fide, uscf-k, gobase-go … (a TRF or EGD import): `tournament show --json`'s view, from the
    // part of the log its fold reads, without the FESA projections (which never rate it)
    const other = format === 'json' ? await ratedViews.ofOtherRuleSet(await directories.caughtUp(), tournamentId) : undefined;
    if (other !== undefined) {
      res.json(other);
      return;
    }
    // a FESA tournament the careers' read model rated: its cross table from what the engine rated it from
    const inputs = await models.tournament(ruleSetOf(req), tournamentId);
    if (inputs !== undefined) {
      const modelled = crosstableOfInputs(inputs);
      if (format === 'json') res.json({ ...modelled, games: await reportedGamesOf(ledger.store, tournamentId) });
      else sendProgramHtml(res, tournamentId, formatTurneringHtml(modelled));
      return;
    }
    const { now, games, table } = await tournamentNow(ledger.store, directories, foldJobs, ruleSetOf(req), tournamentId);
    const crosstable = table.crosstable;
    if (typeof crosstable === 'string') {
      // a tournament under fide, uscf-k, gobase-go … that none of them rates (closed while a FESA rule set was
      // adopted): no view, and the sentence says why
      const rated = format === 'json' ? await ratedViews.at(now.position, tournamentId) : undefined;
      if (rated === undefined) throw new NotFound(crosstable);
      res.json(rated);
      return;
    }
    if (format === 'json') res.json({ ...crosstable, games });
    else sendProgramHtml(res, tournamentId, formatTurneringHtml(crosstable));
  });

  app.get('/players/:id', ...publicRead, async (req, res) => {
    const playerId = req.params.id as string;
    const now = await directories.caughtUp();
    const registration = now.players.registrationOf(playerId);
    if (!registration) throw new NotFound(`no player "${playerId}" in the ledger`);
    const { fesa, leading } = playerRulesOf(req);
    const { career } = await careerNow(models, foldJobs, fesa, playerId);
    if (E.isLeft(career)) throw new NotFound(career.left);
    res.json({ registration: seesPersonalData(res) ? registration : publicPlayer(registration), mergedInto: now.players.mergedIdOf(playerId), career: career.right, ruleSets: leadingFirst(await ratedViews.careersOf(now, playerId), leading) });
  });

  app.get('/players/:id/history', ...publicRead, async (req, res) => {
    const { career } = await careerNow(models, foldJobs, ruleSetOf(req), req.params.id as string);
    if (E.isLeft(career)) throw new NotFound(career.left);
    res.json(career.right);
  });

  app.get('/players/:id/explain', ...publicRead, async (req, res) => {
    const tournamentId = queryOf(req).string('tournament');
    const { explanation } = await explanationNow(models, foldJobs, ruleSetOf(req), req.params.id as string, tournamentId);
    if (E.isLeft(explanation)) throw new NotFound(explanation.left);
    const { data } = explanation.right;
    res.json(seesPersonalData(res) ? data : { ...data, officerFacts: publicOfficerFacts(data.officerFacts) });
  });

  /** A list's bytes with its hash as a strong ETag: a client holding them gets 304 Not Modified. */
  const sendList = (res: Response, text: string, format: ListFormat): void => {
    const bytes = listBytes(text, format);
    const hash = contentHash(bytes);
    res.set('Content-Type', CONTENT_TYPES[format]).set('X-Content-SHA256', hash).set('ETag', `"${hash}"`).send(bytes);
  };

  // The list of a date as a federation publishes it, as known now (from the live projection: only new events are
  // read); as known at a position or time (folded from the log up to there) for auditors.
  const knownAtList = [access('auditor'), ...folds];
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

  app.get('/lists/published', ...publicRead, async (_req, res) => {
    const { trail } = await auditTrail.caughtUp();
    const personal = seesPersonalData(res);
    res.json({
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
    });
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
  app.get('/diff', access('auditor'), ...folds, async (req, res) => {
    const { asOf, rules } = ruleSetPairOf(req, false);
    const diff = await diffs.underRuleSets(rules[0], rules[1], asOf);
    res.json(diffJson(diff, pageOfDiff(diff, diffQueryOf(req))));
  });

  /** A JSON object body, or a 400 naming what came instead and what the route expected (`expected`: "a JSON object with …"). */
  const objectBody = (req: Request, res: Response, expected: string): Record<string, unknown> => {
    const body: unknown = req.body;
    const empty = res.locals.bodyBytes === 0 || (body === undefined && req.get('transfer-encoding') === undefined && Number(req.get('content-length') ?? 0) === 0);
    if (typeof body === 'object' && body !== null && !Array.isArray(body) && !empty) return body as Record<string, unknown>;
    const came =
      empty ? 'empty'
      : body === undefined ? 'not JSON (send it with Content-Type: application/json)'
      : body === null ? 'null'
      : Array.isArray(body) ? 'an array'
      : `a JSON ${typeof body}`;
    throw new Problem(400, 'body-not-object', `the request body is ${came}; expected ${expected}`, { parameter: 'body' });
  };

  const officerCommands = new Set(['AppointOfficer', 'RevokeOfficer']);
  /** A command refused for one of its fields ("field `ratingSystem`: …") names it as the problem's parameter too. */
  app.post('/commands', access('officer'), ...writes, async (req, res) => {
    const who = signedIn(res)!;
    const body = objectBody(req, res, 'a JSON object with a kind, such as {"kind":"ReportGame", …}');
    if (officerCommands.has(body.kind as string)) {
      if (who.role !== 'admin') throw new Problem(403, 'forbidden', `${String(body.kind)} needs the admin role; ${who.officer} is an ${who.role}`, { requiredRole: 'admin' });
      throw new Problem(422, 'use-officers-route', `officers are appointed and revoked through POST /officers and DELETE /officers/:name, which also issue and withdraw their tokens`, { parameter: 'kind' });
    }
    if ((ROUTED_ELSEWHERE as readonly unknown[]).includes(body.kind)) {
      throw new Problem(422, 'use-submissions-route', `submissions are received, approved and rejected through /submissions, which checks their files first`, { parameter: 'kind' });
    }
    if (body.actor !== undefined && body.actor !== who.officer) {
      throw new Problem(422, 'actor-not-signed-in', `the actor is the signed-in officer (${who.officer}); the body names ${JSON.stringify(body.actor)}: leave actor out`, { parameter: 'actor' });
    }
    if (body.eventId !== undefined) {
      throw new Problem(422, 'event-id-derived', 'eventId is derived from the command\'s own ids (so a resubmission is never recorded twice); leave it out', { parameter: 'eventId' });
    }
    // a published list's hash is the ledger's own (of the list it writes), never the caller's: see app/publish.ts
    // an opening balance from a legacy list's values: the rule set's own state is the ledger's to build (as the CLI's)
    const dryRun = dryRunOf(req.query['dry-run']);
    const { result, consequences } = await turn(() => recordCommand(ledger, body, who.officer, dryRun));
    if (result.position !== undefined) lastWrites.set(who.officer, Math.max(result.position, lastWrites.get(who.officer) ?? 0));
    // a registered namesake: the answer says how FESA files tell him apart (list-names.ts)
    const namesake = body.kind === 'RegisterPlayer' && typeof body.playerId === 'string' && !dryRun ? await namesakeNotice(ledger.store, PlayerNames.ofState(await ledger.catchUp()), body.playerId) : undefined;
    res.status(result.status === 'appended' && !dryRun ? 201 : 200).json({ ...result, dryRun, ...consequences, ...(namesake === undefined ? {} : { namesake }) });
  });

  const officers = (): Officers => {
    if (options.officers === undefined) throw new Problem(503, 'no-credentials', 'this server was started without a credentials table; officers are managed with ledger officer …');
    return options.officers;
  };
  app.get('/officers', access('admin'), async (_req, res) => {
    res.json({ officers: (await officers().list()).map((o) => ({ officer: o.officer, role: o.role ?? null, tokenIssuedAt: o.tokenIssuedAt ?? null })) });
  });

  app.post('/officers', access('admin'), ...writes, async (req, res) => {
    const body = objectBody(req, res, 'a JSON object with officer, role and reason');
    const unknown = Object.keys(body).filter((k) => !['officer', 'role', 'reason'].includes(k));
    if (unknown.length > 0) throw new Problem(422, 'unknown-field', `unknown field "${unknown[0]}"; an appointment has officer, role and reason`, { parameter: unknown[0]! });
    if (typeof body.officer !== 'string') throw new Problem(422, 'bad-field', 'officer must be the officer\'s name (text)', { parameter: 'officer' });
    if (typeof body.role !== 'string' || !isOfficerRole(body.role)) throw new Problem(422, 'bad-field', `role must be one of ${OFFICER_ROLES.join(', ')}`, { parameter: 'role' });
    if (body.reason !== undefined && typeof body.reason !== 'string') throw new Problem(422, 'bad-field', 'reason must be text', { parameter: 'reason' });
    const appointment = { officer: body.officer, role: body.role, actor: signedIn(res)!.officer, validDate: today(), ...(body.reason !== undefined ? { reason: body.reason as string } : {}) };
    const { result, token } = await turn(() => officers().appoint(appointment));
    res.status(result.status === 'appended' ? 201 : 200).json({ officer: body.officer, role: body.role, status: result.status, token: token ?? null });
  });

  app.delete('/officers/:name', access('admin'), ...writes, async (req, res) => {
    const reason = queryOf(req).string('reason')?.trim();
    const officer = req.params.name as string;
    // a revocation takes rights away: the log says why, as the CLI's --reason does
    if (!reason) throw new BadRequest(`say why ${officer} is revoked: DELETE /officers/${encodeURIComponent(officer)}?reason=TEXT`, 'reason');
    const result = await turn(() => officers().revoke({ officer, actor: signedIn(res)!.officer, validDate: today(), reason }));
    res.json({ officer, status: result.status });
  });

  app.post('/officers/:name/token', access('admin'), ...writes, async (req, res) => {
    const officer = req.params.name as string;
    res.status(201).json({ officer, token: await turn(() => officers().rotateToken(officer)) });
  });

  mountSubmissions(app, { ledger, access, writes, turn, foldJobs, objectBody, wrote: (officer, position) => position !== undefined && lastWrites.set(officer, Math.max(position, lastWrites.get(officer) ?? 0)) });

  app.use((req) => {
    throw new NotFound(`no resource ${req.method} ${req.path}; the API has ${ROUTES.map(([route]) => route).join(', ')}`);
  });

  app.use(pageErrors);
  app.use(problemHandler);
  return app;
};
