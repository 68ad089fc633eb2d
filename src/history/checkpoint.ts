/**
 * The FESA projection saved on disk so that a restart does not fold thirty years again.
 *
 * Where: a `projections` table in the ledger's own SQLite file (one row per projection name: the global position it
 * reflects, when it was saved, and its state as JSON). Same file = same backup and the same WAL transaction
 * guarantees; the events table is never touched. Other stores (PostgreSQL, EventStoreDB) have no checkpoint: the
 * callers fold from the log instead.
 *
 * What: the facts the fold reads, compacted (each game with its latest facts, not its corrections), the list at the
 * head and at the last few in-memory checkpoints, and the officer facts. A restart reads only the events after the
 * saved position; when one of them is dated before the last rated tournament, the projection re-folds from the
 * latest saved list before that date (or from the start when none is old enough).
 */
import type BetterSqlite3 from 'better-sqlite3';
import type { DomainEvent } from '../../domain/events';
import { AS_ADOPTED, FesaFacts, type FactInLog, type OfficerFact } from '../../projections/fesa/history';
import { FesaProjection, type ListCheckpoint } from '../../projections/fesa/incremental';
import { readFacts } from '../event-log';
import type { EventStore } from '../store/port';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const Database: typeof BetterSqlite3 = require('better-sqlite3');

export const CHECKPOINT_FORMAT = 1;
const KEEP_LIST_CHECKPOINTS = 4;

interface SavedProjection {
  readonly format: number;
  readonly ruleSet: string;
  readonly checkpointEvery: number;
  readonly position: number;
  readonly facts: readonly FactInLog[];
  readonly head: ListCheckpoint;
  readonly checkpoints: readonly ListCheckpoint[];
  readonly officerFacts: readonly OfficerFact[];
}

export interface CheckpointOptions {
  readonly ruleSet?: string;
  readonly checkpointEvery?: number;
}

const projectionName = (ruleSet: string): string => `fesa-list:${ruleSet}`;

/** Facts that rebuild the same `FesaFacts` (registration order, positions of everything the timeline orders by). */
export const compactFacts = (facts: FesaFacts): FactInLog[] => {
  const out: FactInLog[] = [];
  const synthetic = (event: Record<string, unknown>): DomainEvent => ({ version: 1, actor: 'checkpoint', ...event }) as unknown as DomainEvent;
  for (const { event, position } of facts.registrations.values()) out.push({ event, globalPosition: position });
  for (const [playerId, grades] of facts.priorGrades) {
    grades.forEach((g, i) => out.push({ event: synthetic({ type: 'PriorGradeDeclared', eventId: `checkpoint:prior:${playerId}:${i}`, validDate: g.date, playerId, grade: g.grade, source: 'checkpoint' }), globalPosition: 0 }));
  }
  for (const t of facts.tournaments.values()) {
    const { tournamentId, endDate } = t.registration;
    out.push({ event: t.registration, globalPosition: t.position });
    for (const [gameId, g] of t.games) {
      out.push({ event: synthetic({ type: 'GameReported', eventId: `checkpoint:game:${tournamentId}:${gameId}`, validDate: endDate, gameId, tournamentId, ...g.facts }), globalPosition: t.position });
      if (g.withdrawn) out.push({ event: synthetic({ type: 'GameWithdrawn', eventId: `checkpoint:withdrawn:${tournamentId}:${gameId}`, validDate: endDate, gameId, tournamentId, reason: 'checkpoint' }), globalPosition: t.position });
    }
    if (t.closedAt !== undefined) out.push({ event: synthetic({ type: 'TournamentClosed', eventId: `checkpoint:closed:${tournamentId}`, validDate: t.closedAt, tournamentId }), globalPosition: t.position });
  }
  for (const item of facts.items) {
    if (item.kind === 'opening') out.push(...item.group);
    else if (item.kind !== 'tournament') out.push({ event: item.event, globalPosition: item.position });
  }
  return out;
};

const openDb = (file: string): BetterSqlite3.Database => {
  const db = new Database(file);
  db.pragma('busy_timeout = 5000');
  db.exec('CREATE TABLE IF NOT EXISTS projections (name TEXT PRIMARY KEY, position INTEGER NOT NULL, saved_at TEXT NOT NULL, state TEXT NOT NULL)');
  return db;
};

/** Saves the projection with the global position it reflects. */
export const saveCheckpoint = (file: string, projection: FesaProjection, options: CheckpointOptions = {}): { position: number; bytes: number } => {
  const ruleSet = options.ruleSet ?? AS_ADOPTED;
  const checkpoints = projection.listCheckpoints();
  const head = projection.headCheckpoint();
  const saved: SavedProjection = {
    format: CHECKPOINT_FORMAT,
    ruleSet,
    checkpointEvery: options.checkpointEvery ?? 250,
    position: projection.position,
    facts: compactFacts(projection.facts),
    // slots are the in-memory projection's numbering (list-state.ts); a restored projection numbers its own
    head: { ...head, slots: undefined },
    checkpoints: checkpoints.slice(-KEEP_LIST_CHECKPOINTS).map((c) => ({ ...c, slots: undefined })),
    officerFacts: projection.officerFactsSoFar(),
  };
  const text = JSON.stringify(saved);
  const db = openDb(file);
  try {
    db.prepare('INSERT INTO projections (name, position, saved_at, state) VALUES (?, ?, ?, ?) ON CONFLICT(name) DO UPDATE SET position = excluded.position, saved_at = excluded.saved_at, state = excluded.state').run(
      projectionName(ruleSet),
      saved.position,
      new Date().toISOString(),
      text,
    );
  } finally {
    db.close();
  }
  return { position: saved.position, bytes: text.length };
};

export const dropCheckpoint = (file: string, ruleSet: string = AS_ADOPTED): void => {
  const db = openDb(file);
  try {
    db.prepare('DELETE FROM projections WHERE name = ?').run(projectionName(ruleSet));
  } finally {
    db.close();
  }
};

export interface Resumed {
  readonly projection: FesaProjection;
  /** Global position of the checkpoint used (0 = none, folded from the start). */
  readonly checkpointPosition: number;
  /** Events read from the log (only those after the checkpoint). */
  readonly eventsRead: number;
  /** Timeline items applied again after the checkpoint ([from, to) of the timeline). */
  readonly refolded: { readonly from: number; readonly to: number };
}

const loadCheckpoint = (file: string, ruleSet: string): SavedProjection | undefined => {
  const db = openDb(file);
  try {
    const row = db.prepare('SELECT state FROM projections WHERE name = ?').pluck().get(projectionName(ruleSet)) as string | undefined;
    if (row === undefined) return undefined;
    const saved = JSON.parse(row) as SavedProjection;
    return saved.format === CHECKPOINT_FORMAT && saved.ruleSet === ruleSet ? saved : undefined;
  } finally {
    db.close();
  }
};

/**
 * The projection as of the head of the log: from the saved checkpoint plus the events after it (or from the start
 * when there is none), then saved again when anything new was read.
 */
export const resumeProjection = async (store: EventStore, file: string, options: CheckpointOptions = {}): Promise<Resumed> => {
  const ruleSet = options.ruleSet ?? AS_ADOPTED;
  const saved = loadCheckpoint(file, ruleSet);
  const projection = new FesaProjection({ ruleSet, checkpointEvery: saved?.checkpointEvery ?? options.checkpointEvery, runs: 'none' });
  if (saved) {
    projection.apply(saved.facts);
    projection.position = saved.position;
    projection.restore(saved.checkpoints, saved.head, [], saved.officerFacts);
  }
  const from = saved?.position ?? 0;
  let eventsRead = 0;
  for await (const batch of readFacts(store, { fromPosition: from })) {
    projection.apply(batch);
    eventsRead += batch.length;
  }
  projection.refresh();
  const refolded = eventsRead > 0 ? projection.lastRefold : { from: 0, to: 0 };
  if (eventsRead > 0 || !saved) saveCheckpoint(file, projection, { ruleSet, checkpointEvery: saved?.checkpointEvery ?? options.checkpointEvery ?? 250 });
  return { projection, checkpointPosition: from, eventsRead, refolded };
};

/** Starts over: drops the checkpoint, folds the whole log, saves a fresh checkpoint. */
export const rebuildProjection = async (store: EventStore, file: string, options: CheckpointOptions = {}): Promise<Resumed> => {
  dropCheckpoint(file, options.ruleSet ?? AS_ADOPTED);
  return resumeProjection(store, file, options);
};
