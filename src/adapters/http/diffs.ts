import { LIST_PRINTER } from '../formats/list-printer';
import type { Request, RequestHandler } from 'express';
import * as E from 'fp-ts/Either';
import type { PublishedEntry } from '../../../projections/audit-trail';
import { diffFolds, diffListModels, type FoldDiff, type ListChange, type RunChange } from '../../../projections/fesa/diff';
import { AS_ADOPTED, FESA_RULE_SETS, type FesaFold, type FoldError } from '../../../projections/fesa/history';
import { listModelHistory } from '../../app/checkpoint';
import type { CheckpointStorage } from '../../app/ports/checkpoint-storage';
import type { Ledger } from '../../app/ledger';
import { unratable } from '../../app/failure';
import { publishedAndNow } from '../../app/lists';
import { CAREER_MODEL_FORMAT } from '../../app/career-model';
import { publishedDiffFromModel } from '../../app/list-known-at';
import { loadFacts } from '../../app/load';
import type { LiveAuditTrail, LiveProjections } from './live';
import { matchesSearch, pageOf, PAGE_SIZE, type PageOf } from './paging';
import { BadRequest, NotFound, Problem } from './problems';
import { queryOf } from './query';
import { today } from '../clock';

/** A diff of two folds with what to call them and the names its player ids stand for. */
export interface NamedDiff {
  readonly labels: readonly [string, string];
  readonly diff: FoldDiff;
  readonly nameOf: (playerId: string) => string;
  /** The log position the folds had read. */
  readonly position: number;
}

export const nameIn =
  (fold: Pick<FesaFold, 'names'>) =>
  (playerId: string): string => {
    const n = fold.names.get(playerId);
    return n ? `${n.lastName}${n.firstName ? ` ${n.firstName}` : ''}` : playerId;
  };

export const foldOf = (folded: E.Either<FoldError, FesaFold>): FesaFold => {
  if (E.isLeft(folded)) throw unratable(folded.left);
  return folded.right;
};

/** What a page of a diff shows: the players the search finds, 100 list entries and 100 re-rated ratings at a time. */
export interface DiffPage {
  readonly list: PageOf<ListChange>;
  readonly runs: PageOf<RunChange>;
}

export const pageOfDiff = (d: NamedDiff, q: { search: string; page: number; runsPage: number }): DiffPage => {
  if (q.search === '') return { list: pageOf(d.diff.list, q.page), runs: pageOf(d.diff.runs, q.runsPage) };
  const found = (playerId: string) => matchesSearch(`${d.nameOf(playerId)} ${playerId}`, q.search);
  return { list: pageOf(d.diff.list.filter((l) => found(l.playerId)), q.page), runs: pageOf(d.diff.runs.filter((r) => found(r.playerId)), q.runsPage) };
};

/** The search and the pages a diff was asked for (`q`, `page` of the list's players, `runs-page` of the ratings). */
export const diffQueryOf = (req: Request) => {
  const q = queryOf(req);
  return { search: (q.string('q') ?? '').trim(), page: q.int('page', 1) ?? 1, runsPage: q.int('runs-page', 1) ?? 1 };
};

/**
 * The date and the two FESA rule sets to compare (`as-of`, `rules=A&rules=B`); without rules, when `optional` (the
 * page's empty form), the first two rule sets.
 */
export const ruleSetPairOf = (req: Request, optional: boolean): { asOf: string; rules: readonly [string, string]; known: readonly string[] } => {
  const q = queryOf(req);
  const known = Object.keys(FESA_RULE_SETS);
  const asked = q.all('rules');
  if (!(optional && asked.length === 0) && (asked.length !== 2 || !asked.every((r) => known.includes(r)))) {
    throw new BadRequest(`give two FESA rule sets to compare: rules=A&rules=B, each one of ${known.join(', ')}`, 'rules');
  }
  const rules = (asked.length === 2 ? asked : known.slice(0, 2)) as unknown as readonly [string, string];
  return { asOf: q.date('as-of') ?? today(), rules, known };
};

/** The JSON of a page of a diff: `ledger diff --json`'s fields, the rows of this page, and how to reach the others. */
export const diffJson = (d: NamedDiff, p: DiffPage) => ({
  labels: d.labels,
  runs: p.runs.shown,
  list: p.list.shown,
  paging: {
    pageSize: PAGE_SIZE,
    list: { page: p.list.page, pages: p.list.pages, matching: p.list.matching, total: d.diff.list.length },
    runs: { page: p.runs.page, pages: p.runs.pages, matching: p.runs.matching, total: d.diff.runs.length },
  },
});

/**
 * The two diffs the server answers, for the pages and the JSON alike, each computed once per head of the log and
 * kept: "what changed since" a published list (reproducing the list folds the log as it was then), and two rule sets
 * side by side (from the list read models of both saved next to the log: no fold when they reflect the head; without
 * them, from the live projections of both with their tournaments' reports).
 */
export class Diffs {
  private readonly published = new Map<string, NamedDiff & { entry: PublishedEntry }>();
  private ruleSets: { key: string; diff: NamedDiff } | undefined;

  constructor(
    private readonly ledger: Ledger,
    private readonly live: LiveProjections,
    private readonly auditTrail: LiveAuditTrail,
    private readonly checkpoints?: CheckpointStorage,
  ) {}

  /** A published list's entry in the audit trail, or a 404 naming it. */
  async publishedEntry(listId: string): Promise<{ entry: PublishedEntry; position: number }> {
    const { trail, position } = await this.auditTrail.caughtUp();
    const entry = trail.published.find((p) => p.event.listId === listId);
    if (!entry) throw new NotFound(`no published list "${listId}" in the ledger (ledger list publish --id … records one)`);
    return { entry, position };
  }

  /**
   * The fold guards of the API (rate limit, folds at once) for a published list's diff not yet computed at this head
   * of the log; a diff already kept is answered without them.
   */
  guardedUnlessKept(folds: readonly RequestHandler[]): RequestHandler[] {
    return [
      async (req, res, next) => {
        const { position } = await this.auditTrail.caughtUp();
        res.locals.diffKept = this.published.has(`${req.params.id as string}@${position}`);
        next();
      },
      ...folds.map((guard): RequestHandler => (req, res, next) => (res.locals.diffKept === true ? next() : guard(req, res, next))),
    ];
  }

  async sincePublished(listId: string): Promise<NamedDiff & { entry: PublishedEntry }> {
    const { entry, position } = await this.publishedEntry(listId);
    const key = `${listId}@${position}`;
    let found = this.published.get(key);
    if (found === undefined) {
      const fromModel = this.checkpoints && (await this.fromListModel(this.checkpoints, listId));
      if (fromModel !== undefined) found = { ...fromModel, position, entry };
      else {
        const facts = await loadFacts(this.ledger.store);
        // an unknown list is a LedgerFailure 'not-found', one that cannot be reproduced 'unreproducible' (problems.ts)
        const pair = publishedAndNow(LIST_PRINTER, facts, listId);
        found = { labels: pair.labels, diff: diffFolds(pair.before, pair.after), nameOf: nameIn(pair.after), position, entry };
      }
      for (const old of this.published.keys()) if (old.startsWith(`${listId}@`)) this.published.delete(old);
      this.published.set(key, found);
    }
    return found;
  }

  /**
   * What changed since a published list, from the list's read model (the published list known just before its
   * publication, checked by its hash, and the list known now: only what changed since is read) and the players' names
   * from the careers' model saved with it; undefined when they cannot answer (then the folds do).
   */
  private async fromListModel(storage: CheckpointStorage, listId: string): Promise<Omit<NamedDiff, 'position'> | undefined> {
    const read = await publishedDiffFromModel(LIST_PRINTER, this.ledger.store, storage, listId);
    if (read === undefined) return undefined;
    const ids = [...new Set([...read.diff.runs.map((r) => r.playerId), ...read.diff.list.map((l) => l.playerId)])];
    const names = await storage.readCareerNames({ ruleSet: read.ruleSet, format: CAREER_MODEL_FORMAT, ids });
    if (names === undefined || names.position !== read.position) return undefined;
    return { labels: read.labels, diff: read.diff, nameOf: nameIn({ names: names.names }) };
  }

  async underRuleSets(a: string, b: string, asOf: string): Promise<NamedDiff> {
    const fromModels = this.checkpoints === undefined ? undefined : await this.fromListModels(this.checkpoints, a, b, asOf);
    if (fromModels !== undefined) return fromModels;
    const [before, after] = [await this.live.caughtUp(a, 'reports'), await this.live.caughtUp(b, 'reports')];
    const key = `${a}|${b}|${asOf}@${before.position}|${after.position}`;
    if (this.ruleSets?.key !== key) {
      const folds = [foldOf(before.asOf(asOf)), foldOf(after.asOf(asOf))] as const;
      this.ruleSets = { key, diff: { labels: [a, b], diff: diffFolds(folds[0], folds[1]), nameOf: nameIn(folds[1]), position: Math.min(before.position, after.position) } };
    }
    return this.ruleSets.diff;
  }

  /**
   * Two rule sets compared from their saved list models, each brought up to the head of the log first when a fact
   * that may change the lists was recorded after it (the events since its checkpoint are folded and saved, nothing is
   * kept in memory; an officer's appointment or a published list costs no fold). The tournaments' items and the
   * players' names come from the server's list projection at the head, whose timeline such models share. Undefined
   * when a model cannot answer (the fold failed under its rule set: the projections then say why).
   */
  private async fromListModels(storage: CheckpointStorage, a: string, b: string, asOf: string): Promise<NamedDiff | undefined> {
    // another process's write between the reads moves the head: read again (a few times at most)
    for (let attempt = 0; attempt < 5; attempt++) {
      const projection = await this.live.caughtUp(AS_ADOPTED, 'none');
      const position = projection.position;
      const key = `${a}|${b}|${asOf}@${position}`;
      if (this.ruleSets?.key === key) return this.ruleSets.diff;
      const before = await listModelHistory(this.ledger.store, storage, a, asOf, position);
      const after = before && (await listModelHistory(this.ledger.store, storage, b, asOf, position));
      if (before === undefined || after === undefined) return undefined;
      // a model ahead of the projection, or a projection moved on meanwhile: the timelines may differ
      if (before.position > position || after.position > position || projection.position !== position) continue;
      const diff: NamedDiff = { labels: [a, b], diff: diffListModels(before, after, projection.ratedItems()), nameOf: nameIn(projection), position };
      this.ruleSets = { key, diff };
      return diff;
    }
    throw new Problem(503, 'busy', 'the log kept moving while the two rule sets were compared; retry in a few seconds', { headers: { 'Retry-After': '5' } });
  }
}
