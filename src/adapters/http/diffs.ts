import type { Request, RequestHandler } from 'express';
import * as E from 'fp-ts/Either';
import type { Diff, SideBySideDiff } from './answers/lists';
import { GENERIC_RULE_SETS } from '../../../projections/generic/systems';
import type { PublishedEntry } from '../../../projections/audit-trail';
import type { FoldDiff, ListChange, RunChange } from '../../../projections/fesa/diff';
import { AS_ADOPTED, FESA_RULE_SETS, type FesaFold, type FoldError } from '../../../projections/fesa/history';
import type { CheckpointStorage } from '../../app/ports/checkpoint-storage';
import type { Ledger } from '../../app/ledger';
import { unratable } from '../../app/failure';
import type { LiveProjections } from './live';
import type { LiveAuditTrail } from '../../app/read-models/audit-trail';
import { ruleSetsFromListModels, sincePublishedFromListModel, type PlainDiff } from './diff-models';
import type { ModelCatchUp } from './model-catch-up';
import type { FoldJobs, PlainSideBySide } from './fold-jobs';
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
 * The date and the two rule sets to compare (any pair) (`as-of`, `rules=A&rules=B`); without rules, when `optional` (the
 * page's empty form), the first two rule sets.
 */
export const ruleSetPairOf = (req: Request, optional: boolean): { asOf: string; rules: readonly [string, string]; known: readonly string[] } => {
  const q = queryOf(req);
  const known = [...Object.keys(FESA_RULE_SETS), ...GENERIC_RULE_SETS];
  const asked = q.all('rules');
  if (!(optional && asked.length === 0) && (asked.length !== 2 || !asked.every((r) => known.includes(r)))) {
    throw new BadRequest(`give two rule sets to compare: rules=A&rules=B, each one of ${known.join(', ')}`, 'rules');
  }
  const rules = (asked.length === 2 ? asked : known.slice(0, 2)) as unknown as readonly [string, string];
  return { asOf: q.date('as-of') ?? today(), rules, known };
};

/** Whether two rule sets are compared list by list (both FESA: `Diff`), else player by player side by side (`SideBySideDiff`). */
export const bothFesa = (rules: readonly [string, string]): boolean => rules.every((r) => r in FESA_RULE_SETS);

/** The JSON of a page of a side-by-side comparison: `ledger diff --rules A --rules B --json`'s players, 100 a page. */
export const sideBySideJson = (d: PlainSideBySide, q: { search: string; page: number }): SideBySideDiff => {
  const why = new Map(d.why);
  const found = q.search === '' ? d.rows : d.rows.filter((r) => matchesSearch(`${r.name} ${r.playerId}`, q.search));
  const shown = pageOf(found, q.page);
  return {
    labels: d.labels,
    asOf: d.asOf,
    ...(d.byGrade.length > 0 ? { enteredAtGrade: d.byGrade } : {}),
    players: shown.shown.map((r) => (why.has(r.playerId) ? { ...r, why: why.get(r.playerId)! } : r)),
    paging: { pageSize: PAGE_SIZE, players: { page: shown.page, pages: shown.pages, matching: shown.matching, total: d.rows.length } },
  };
};

/** The JSON of a page of a diff: `ledger diff --json`'s fields, the rows of this page, and how to reach the others. */
export const diffJson = (d: NamedDiff, p: DiffPage): Diff => ({
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
  private sideBySides: { key: string; diff: PlainSideBySide } | undefined;

  constructor(
    private readonly ledger: Ledger,
    private readonly live: LiveProjections,
    private readonly auditTrail: LiveAuditTrail,
    /** Where a diff no model answers is folded (fold-jobs.ts). */
    private readonly folds: FoldJobs,
    private readonly checkpoints?: CheckpointStorage,
    /** Where the diffs read from the models are computed (absent: on this thread). */
    private readonly worker?: ModelCatchUp,
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
      const storage = this.checkpoints;
      const fromModel =
        storage === undefined ? undefined
        : this.worker !== undefined ? await this.onWorker(this.worker, { sincePublished: listId })
        : await sincePublishedFromListModel(this.ledger.store, storage, listId);
      const diff = fromModel !== undefined && fromModel !== 'busy' ? fromModel : await this.folds({ kind: 'since-published', listId });
      found = { ...namedDiff(diff), position, entry };
      for (const old of this.published.keys()) if (old.startsWith(`${listId}@`)) this.published.delete(old);
      this.published.set(key, found);
    }
    return found;
  }

  /**
   * Two rule sets side by side, from their saved list models (diff-models.ts: each brought up to the head of the log
   * first when a fact that may change the lists was recorded after it; an officer's appointment or a published list
   * costs no fold), on the worker thread when there is one; else, or when a model cannot answer (the fold failed
   * under its rule set: the projections then say why), a fold job of the live projections of both with their reports.
   */
  async underRuleSets(a: string, b: string, asOf: string): Promise<NamedDiff> {
    const storage = this.checkpoints;
    if (storage !== undefined) {
      const head = await this.ledger.store.headPosition();
      if (this.ruleSets?.key === `${a}|${b}|${asOf}@${head}`) return this.ruleSets.diff;
      const read =
        this.worker !== undefined ? await this.onWorker(this.worker, { compare: { a, b, asOf } })
        : await ruleSetsFromListModels(this.ledger.store, storage, () => this.live.caughtUp(AS_ADOPTED, 'none'), a, b, asOf);
      if (read === 'busy') throw new Problem(503, 'busy', 'the log kept moving while the two rule sets were compared; retry in a few seconds', { headers: { 'Retry-After': '5' } });
      if (read !== undefined) {
        const diff = namedDiff(read);
        this.ruleSets = { key: `${a}|${b}|${asOf}@${read.position}`, diff };
        return diff;
      }
    }
    const head = await this.ledger.store.headPosition();
    const key = `${a}|${b}|${asOf}@${head}`;
    if (this.ruleSets?.key !== key) this.ruleSets = { key, diff: namedDiff(await this.folds({ kind: 'rule-set-pair', a, b, asOf })) };
    return this.ruleSets.diff;
  }

  /**
   * Two rule sets not both FESA side by side (`ledger diff --rules A --rules B`), a fold job kept for the head of the
   * log it was asked at as `underRuleSets` keeps its diff: the JSON's pages and the page for people read one fold,
   * and the next append (by anyone) makes the next request fold again.
   */
  async sideBySide(a: string, b: string, asOf: string): Promise<PlainSideBySide> {
    const key = `${a}|${b}|${asOf}@${await this.ledger.store.headPosition()}`;
    if (this.sideBySides?.key !== key) this.sideBySides = { key, diff: await this.folds({ kind: 'side-by-side', a, b, asOf }) };
    return this.sideBySides.diff;
  }

  /** A diff from the models computed on the worker; undefined when they cannot answer (then the folds say why). */
  private async onWorker(worker: ModelCatchUp, job: Parameters<ModelCatchUp['diff']>[0]): Promise<PlainDiff | 'busy' | undefined> {
    return (await worker.diff(job)) ?? undefined;
  }
}

/** A diff posted back by the worker, naming its players as the projections do. */
const namedDiff = (d: PlainDiff): NamedDiff => {
  const names = new Map(d.names);
  return { labels: d.labels, diff: d.diff, nameOf: (playerId) => names.get(playerId) ?? playerId, position: d.position };
};
