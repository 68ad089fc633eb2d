import express, { type NextFunction, type Request, type Response } from 'express';
import * as E from 'fp-ts/Either';
import type { Command } from '../../../domain/commands/decide';
import { playerCareer } from '../../../projections/fesa/career';
import { diffFolds } from '../../../projections/fesa/diff';
import { explainPlayer } from '../../../projections/fesa/explain';
import { AS_ADOPTED, FESA_RULE_SETS, type FesaFold } from '../../../projections/fesa/history';
import { readDomainEvents } from '../../app/event-log';
import type { CheckpointStorage } from '../store/checkpoint-storage';
import { factsKnownAt, KnownAtError, loadFacts } from '../../app/load';
import { contentHash, foldOrThrow, LIST_FORMATS, listBytes, publishedAndNow, renderList, reproducePublished, underRuleSets, withListError, type FoldPair, type ListFormat } from '../../app/lists';
import type { Ledger } from '../../app/ledger';
import { CommandRejected } from '../../app/ledger';
import { ConcurrencyError } from '../../app/ports/event-store';
import { tournamentCrosstable, UnknownTournamentError } from '../../app/tournaments';
import type { FesaCrosstable } from '../../../projections/fesa/crosstable';
import { formatTurneringHtml } from '../formats/fesa/turnering-html';
import { LiveProjections } from './live';
import { BadRequest, NotFound, queryOf } from './query';
import { today } from '../clock';

const CONTENT_TYPES: Record<ListFormat, string> = {
  json: 'application/json; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  table: 'text/plain; charset=utf-8',
  fesa: 'text/plain; charset=iso-8859-1',
  'fesa-all': 'text/plain; charset=iso-8859-1',
};


const ROUTES = [
  'GET /health',
  'GET /events?from=&limit=',
  'GET /players',
  'GET /players/:id/history?rules=',
  'GET /players/:id/explain?tournament=&rules=',
  'GET /tournaments',
  'GET /tournaments/:id?format=json|fesa-html&rules=',
  'GET /lists?as-of=&format=json|csv|table|fesa|fesa-all&active-years=&rules=&known-at=',
  'GET /lists/published/:id',
  'GET /lists/published/:id/diff',
  'GET /diff?rules=A&rules=B&as-of=',
  'POST /commands',
];

/**
 * The ledger over HTTP for club webmasters and tools: read the log, the rating list of any date (as known now or
 * at a point of the second clock) in every format, a published list exactly, a player's career and explanation,
 * and submit commands. Every write goes through the same deciders as the CLI; every error comes back as JSON with
 * one sentence naming the parameter, player or list.
 */
export const createServer = (ledger: Ledger, options: { readonly checkpoints?: CheckpointStorage } = {}): express.Express => {
  const app = express();
  const live = new LiveProjections(ledger.store, options.checkpoints);
  app.use(express.json({ limit: '5mb' }));

  app.get('/', (_req, res) => {
    res.json({ routes: ROUTES });
  });

  app.get('/health', async (_req, res) => {
    res.json({ status: 'ok', store: ledger.store.description, head: await ledger.store.headPosition() });
  });

  app.get('/events', async (req, res) => {
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

  app.get('/players', async (_req, res) => {
    const state = await ledger.catchUp();
    res.json({ players: [...state.players.values()].map((p) => p.registration) });
  });

  app.get('/tournaments', async (_req, res) => {
    const state = await ledger.catchUp();
    res.json({
      tournaments: [...state.tournaments.values()].map((t) => ({ ...t.registration, games: t.games.size, closed: t.closed?.validDate ?? null })),
    });
  });

  /** The FESA rule set a request forces (`rules`), else each tournament's own (as adopted). */
  const ruleSetOf = (req: Request): string => queryOf(req).oneOf('rules', Object.keys(FESA_RULE_SETS)) ?? AS_ADOPTED;

  // A rated tournament's cross table: JSON, or the official program's turnering.html (ISO-8859-1, byte for byte).
  app.get('/tournaments/:id', async (req, res) => {
    const format = queryOf(req).oneOf('format', ['json', 'fesa-html']) ?? 'json';
    let crosstable: FesaCrosstable;
    try {
      crosstable = tournamentCrosstable(await loadFacts(ledger.store), req.params.id as string, ruleSetOf(req));
    } catch (e) {
      throw e instanceof UnknownTournamentError ? new NotFound(e.message) : e;
    }
    if (format === 'json') res.json(crosstable);
    else res.set('Content-Type', 'text/html; charset=iso-8859-1').send(Buffer.from(formatTurneringHtml(crosstable), 'latin1'));
  });

  /** The fold with the per-tournament reports (what careers and explanations read), up to the head of the log. */
  const withReports = async (req: Request): Promise<FesaFold> => {
    const folded = (await live.caughtUp(ruleSetOf(req), 'reports')).current();
    if (E.isLeft(folded)) throw new Error(folded.left);
    return folded.right;
  };

  app.get('/players/:id/history', async (req, res) => {
    const career = playerCareer(await withReports(req), req.params.id as string);
    if (E.isLeft(career)) throw new NotFound(career.left);
    res.json(career.right);
  });

  app.get('/players/:id/explain', async (req, res) => {
    const explanation = explainPlayer(await withReports(req), req.params.id as string, queryOf(req).string('tournament'));
    if (E.isLeft(explanation)) throw new NotFound(explanation.left);
    res.json(explanation.right.data);
  });

  /** Something read from a published list; not having the list is a 404. */
  const knownList = <A>(read: () => A): A => withListError(read, (message) => new NotFound(message));

  const sendList = (res: Response, text: string, format: ListFormat): void => {
    const bytes = listBytes(text, format);
    res.set('Content-Type', CONTENT_TYPES[format]).set('X-Content-SHA256', contentHash(bytes)).send(bytes);
  };

  // The list of a date as a federation publishes it, as known now (from the live projection: only new events are
  // read) or as known at a position or time (folded from the log up to there).
  app.get('/lists', async (req, res) => {
    const q = queryOf(req);
    const asOf = q.date('as-of') ?? today();
    const format = q.oneOf('format', LIST_FORMATS) ?? 'json';
    const activeYears = q.int('active-years', 0) ?? 2;
    const ruleSet = ruleSetOf(req);
    const knownAt = q.string('known-at');
    let folded: FesaFold;
    if (knownAt === undefined) {
      const at = (await live.caughtUp(ruleSet, 'none')).asOf(asOf);
      if (E.isLeft(at)) throw new Error(at.left);
      folded = at.right;
    } else {
      const known = await factsKnownAt(ledger.store, knownAt, 'known-at').catch((e: unknown) => {
        throw e instanceof KnownAtError ? new BadRequest(e.message) : e;
      });
      folded = foldOrThrow(known.facts, { ruleSet, asOf, runs: 'none', knownAt: known.knownAt });
    }
    sendList(res, renderList(folded, asOf, format, activeYears), format);
  });

  app.get('/lists/published/:id', async (req, res) => {
    const facts = await loadFacts(ledger.store);
    const { event, text } = knownList(() => reproducePublished(facts, req.params.id as string));
    sendList(res, text, event.format as ListFormat);
  });

  // What changed since a list was published, and what two FESA rule sets make of the same facts (as `ledger diff --json`).
  const sendDiff = (res: Response, read: () => FoldPair): void => {
    const { labels, before, after } = knownList(read);
    res.json({ labels, ...diffFolds(before, after) });
  };

  app.get('/lists/published/:id/diff', async (req, res) => {
    const facts = await loadFacts(ledger.store);
    sendDiff(res, () => publishedAndNow(facts, req.params.id as string));
  });

  app.get('/diff', async (req, res) => {
    const q = queryOf(req);
    const rules = q.all('rules');
    const known = Object.keys(FESA_RULE_SETS);
    if (rules.length !== 2 || !rules.every((r) => known.includes(r))) throw new BadRequest(`give two FESA rule sets to compare: rules=A&rules=B, each one of ${known.join(', ')}`);
    const asOf = q.date('as-of') ?? today();
    const facts = await loadFacts(ledger.store);
    sendDiff(res, () => underRuleSets(facts, rules[0]!, rules[1]!, asOf));
  });

  app.post('/commands', async (req, res) => {
    try {
      const result = await ledger.execute(req.body as Command);
      res.status(result.status === 'appended' ? 201 : 200).json(result);
    } catch (error) {
      if (error instanceof CommandRejected) res.status(422).json({ error: error.message });
      else if (error instanceof ConcurrencyError) res.status(409).json({ error: error.message });
      else res.status(500).json({ error: error instanceof Error ? error.message : String(error) });
    }
  });

  app.use((req, res) => {
    res.status(404).json({ error: `no resource ${req.method} ${req.path}; the API has ${ROUTES.join(', ')}` });
  });

  // Errors as JSON, one sentence each: the client's (a body that is not JSON, a bad parameter, an unknown player or
  // list), or the ledger's (facts that cannot be folded, named by the fold's message).
  app.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const parseFailed = typeof error === 'object' && error !== null && (error as { type?: unknown }).type === 'entity.parse.failed';
    if (parseFailed) res.status(400).json({ error: `the request body is not valid JSON: ${(error as Error).message}` });
    else if (error instanceof BadRequest || error instanceof NotFound) res.status(error.status).json({ error: error.message });
    else res.status(500).json({ error: error instanceof Error ? error.message : String(error) });
  });

  return app;
};
