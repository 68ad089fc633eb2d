import express from 'express';
import type { Command } from '../../domain/commands/decide';
import { readDomainEvents } from '../event-log';
import type { Ledger } from '../ledger';
import { CommandRejected } from '../ledger';
import { ConcurrencyError } from '../store/port';

/**
 * The ledger over HTTP for club webmasters and tools: read the log, submit commands.
 * Every write goes through the same deciders as the CLI; errors come back as one sentence.
 */
export const createServer = (ledger: Ledger): express.Express => {
  const app = express();
  app.use(express.json({ limit: '5mb' }));

  app.get('/health', async (_req, res) => {
    res.json({ status: 'ok', store: ledger.store.description, head: await ledger.store.headPosition() });
  });

  app.get('/events', async (req, res) => {
    const from = Number(req.query.from ?? 0);
    const limit = Math.min(Number(req.query.limit ?? 100), 10_000);
    if (!Number.isInteger(from) || from < 0 || !Number.isInteger(limit) || limit < 1) {
      res.status(400).json({ error: 'from must be a non-negative integer and limit a positive integer' });
      return;
    }
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

  return app;
};
