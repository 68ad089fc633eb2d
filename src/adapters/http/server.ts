import cors from 'cors';
import express, { type Request, type RequestHandler, type Response } from 'express';
import helmet from 'helmet';
import type { CheckpointStorage } from '../store/checkpoint-storage';
import type { Ledger } from '../../app/ledger';
import { LiveProjections } from './live';
import { LiveAuditTrail } from '../../app/read-models/audit-trail';
import { PlayerIndex, RatedTournamentViews, TournamentIndex } from './tournament-index';
import { NamesNow, ReadModels } from './read-models';
import { ModelCatchUp } from './model-catch-up';
import { serverFoldJobs } from './fold-jobs';
import { Diffs } from './diffs';
import { mountPages, pageErrors } from './pages/routes';
import { RuleSetLists } from './rule-set-lists';
import { accessControl, hostCheck, isLoopback, signedIn } from './access';
import { DEFAULT_LIMITS, foldGate, perMinute, type Limits } from './limits';
import { NotFound, Problem, problemHandler } from './problems';
import { fesaRuleSetOf } from './player-rules';
import type { Officers } from '../../app/officers';
import { Directories } from '../../app/read-models/directories';
import { AnswerCache } from './answer-cache';
import { ListChanges } from '../../app/list-changes';
import { mountSubmissions } from './submission-routes';
import { depthOf, MAX_BODY_DEPTH, objectBody } from './request-body';
import { ROUTES } from './route-table';
import type { ServerContext } from './server-context';
import { mountLogRoutes } from './log-routes';
import { requestTurns, writeTurns } from './turns';
import { mountPlayerRoutes } from './player-routes';
import { mountTournamentRoutes } from './tournament-routes';
import { mountListRoutes } from './list-routes';
import { mountCommandRoutes } from './command-routes';
import { mountOfficerRoutes } from './officer-routes';

/** The log position a reader asks its answer to reflect at least. */
const MIN_POSITION = 'X-Ledger-Min-Position';

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
  /**
   * Begin folding the directories (every registration and tournament: what a player's or a tournament's page names)
   * and the names FESA files know players by (a tournament's cross table) as the server starts, rather than on the
   * first page: at a million games the first player's page waited 1.6–3.4 s for them, the first tournament's 1.1 s.
   */
  readonly warmUp?: boolean;
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
  // the server's own writes to the ledger's file take turns with the worker's saves (model-catch-up.ts says why), and
  // with each other, one an event-loop turn (turns.ts)
  const turn = writeTurns(<A>(write: () => Promise<A>): Promise<A> => (worker === undefined ? write() : worker.exclusive(write)));
  const checkpoints = worker !== undefined && options.checkpoints !== undefined ? worker.guarded(options.checkpoints) : options.checkpoints;
  const live = new LiveProjections(ledger.store, checkpoints);
  const auditTrail = new LiveAuditTrail(ledger.store);
  const directories = new Directories(ledger.store);
  // the reads no model answers fold on the worker (fold-jobs.ts)
  const foldJobs = serverFoldJobs(ledger, live, worker);
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const access = accessControl(options.officers, options.private === true);
  const corsOrigin = options.corsOrigin ?? (options.private ? undefined : '*');
  // public data may be read from any page (CORS); writes and auditors' routes never get CORS headers
  // fifty readers of one page at a million games cost one answer (answer-cache.ts says when a kept one is given)
  const listChanges = new ListChanges(ledger.store);
  const answers = new AnswerCache({ head: () => ledger.store.headPosition(), lastListChange: (head) => listChanges.lastChangeUpTo(head), ...(ledger.store.changeStamp ? { stamp: () => ledger.store.changeStamp!() } : {}), floorOf: (req, res) => floorOf(req, res) });
  if (worker !== undefined) worker.onAnswered = () => answers.ownCommit();
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
  app.use(requestTurns());
  app.use(helmet({ crossOriginResourcePolicy: { policy: 'cross-origin' } }));
  if (options.host !== undefined && isLoopback(options.host)) app.use(hostCheck(options.host, options.allowedHosts ?? []));

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

  const context: ServerContext = {
    ledger,
    checkpoints,
    worker,
    officers: options.officers,
    directories,
    auditTrail,
    tournaments: new TournamentIndex(ledger.store, directories),
    players: new PlayerIndex(directories),
    ratedViews: new RatedTournamentViews(ledger, foldJobs, checkpoints),
    ruleSetLists: new RuleSetLists(ledger.store, foldJobs),
    diffs: new Diffs(ledger, live, auditTrail, foldJobs, checkpoints, worker),
    models: new ReadModels(ledger.store, checkpoints, worker, options.warn ?? ((line) => void process.stderr.write(`${line}\n`))),
    foldJobs,
    folds,
    publicRead,
    access,
    auditorRead: access('auditor'),
    auditorKept: [access('auditor'), answers.handler],
    // the list as known at a past position: an auditor's whole-ledger read
    knownAtList: [access('auditor'), ...folds],
    writes,
    turn,
    objectBody,
    // the FESA rule set a request forces (`rules`), else each tournament's own (as adopted)
    ruleSetOf: fesaRuleSetOf,
    floorOf,
    names: new NamesNow(),
    wrote: (officer, position) => {
      if (position !== undefined) lastWrites.set(officer, Math.max(position, lastWrites.get(officer) ?? 0));
    },
  };

  // a page asked while it runs waits for it (catch-ups take turns), one asked later finds them ready; a failure here
  // is the first page's to meet and tell
  if (options.warmUp === true) void directories.caughtUp().then((now) => context.names.caughtUp(ledger.store, now)).catch(() => undefined);

  // pages for people at the API's own URLs: a request that asks for HTML is answered there, any other falls through
  mountPages(app, context);
  mountLogRoutes(app, context);
  mountPlayerRoutes(app, context);
  mountTournamentRoutes(app, context);
  mountListRoutes(app, context);
  mountCommandRoutes(app, context);
  mountOfficerRoutes(app, context);
  mountSubmissions(app, context);

  app.use((req) => {
    throw new NotFound(`no resource ${req.method} ${req.path}; the API has ${ROUTES.map(([route]) => route).join(', ')}`);
  });

  app.use(pageErrors);
  app.use(problemHandler);
  return app;
};
