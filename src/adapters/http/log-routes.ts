import cors from 'cors';
import type express from 'express';
import { readDomainEvents } from '../../app/event-log';
import { verifyLedger } from '../../app/verify';
import { LIST_PRINTER } from '../formats/list-printer';
import { openApiDocument } from './openapi';
import { seesPersonalData } from './personal';
import { queryOf } from './query';
import type { LoggedEvent } from './answers/ledger';
import type { EventPage, Health, RouteList, Verification } from './answers/service';
import { ROUTES } from './route-table';
import type { ServerContext } from './server-context';

/** The API's own description, its health, and the log itself (its facts and the check of its chain) for auditors. */
export const mountLogRoutes = (app: express.Express, { ledger, publicRead, access }: ServerContext): void => {
  app.get('/', ...publicRead, (_req, res) => {
    const body: RouteList = { routes: ROUTES.map(([route, who]) => `${route}${who === 'public' ? '' : ` (${who})`}`) };
    res.json(body);
  });

  const document = JSON.stringify(openApiDocument());
  app.get('/openapi.json', cors({ origin: '*', methods: ['GET'] }), (_req, res) => {
    res.type('application/json').send(document);
  });

  app.get('/health', ...publicRead, async (_req, res) => {
    const body: Health = { status: 'ok', ...(seesPersonalData(res) ? { store: ledger.store.description } : {}), head: await ledger.store.headPosition() };
    res.json(body);
  });

  app.get('/events', access('auditor'), async (req, res) => {
    const q = queryOf(req);
    const from = q.int('from', 0) ?? 0;
    const limit = Math.min(q.int('limit', 1) ?? 100, 10_000);
    const out: LoggedEvent[] = [];
    for await (const batch of readDomainEvents(ledger.store, { fromPosition: from, batchSize: limit })) {
      for (const e of batch) if (out.length < limit) out.push({ position: e.globalPosition, recordedAt: e.recordedAt, stream: e.streamId, event: e.event });
      if (out.length >= limit) break;
    }
    const body: EventPage = { events: out };
    res.json(body);
  });

  // the whole chain walked and every published list re-computed: as long as `ledger verify`, for auditors only
  app.get('/verify', access('auditor'), async (_req, res) => {
    const report = await verifyLedger(ledger.store, LIST_PRINTER);
    const body: Verification = { holds: report.findings.length === 0, events: report.events, head: report.head ?? null, lists: report.lists, findings: report.findings };
    res.json(body);
  });
};
