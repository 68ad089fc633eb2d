/**
 * `GET /lists?rules=S` for the six non-FESA rule sets: the list folded from the log (no read model holds them), as a
 * page with names or as a JSON, CSV or table download; FESA's own files are FESA's alone.
 */
import type { Express, Request, RequestHandler, Response } from 'express';
import { publishedEvent } from '../../app/list-known-at';
import type { ListFormat, ListRow } from '../../app/lists';
import { renderRuleSetList, type RuleSetListDiff } from '../../app/rule-set-publication';
import { LIST_PRINTER } from '../formats/list-printer';
import type { EventStore } from '../../app/ports/event-store';
import type { RuleSetList } from '../../app/rule-set-list';
import { isGenericRuleSet, type GenericRuleSetId } from '../../../projections/generic/systems';
import { today } from '../clock';
import { queryOf } from './query';
import type { FoldJobs } from './fold-jobs';

/** The formats another rule set's list is written in (the FESA program's files are not among them). */
export const RULE_SET_LIST_FORMATS = ['json', 'csv', 'table'] as const;

/** The non-FESA rule set a request's `rules` names, if it names one. */
export const genericRulesOf = (req: Request): GenericRuleSetId | undefined => {
  const rules = req.query.rules;
  return typeof rules === 'string' && isGenericRuleSet(rules) ? rules : undefined;
};

/**
 * The lists a request asks for (as of `as-of`, everybody rated unless `active-years` says otherwise, as known at
 * `known-at`), and what changed since a list published under such a rule set. No read model holds them, so each is
 * a fold of the whole log, run as a fold job (fold-jobs.ts: under `ledger serve` on the worker thread, so that the
 * fold never holds the thread that answers `/health` and the pages). The few asked for last at the log's head are
 * kept, so that a page asked again, its JSON and its CSV fold once per new fact. A list as known at a past position
 * (an auditor's) is folded each time: rare, and never the head's.
 */
export class RuleSetLists {
  /** The lists and diffs being folded or folded, all of the log as it stood at `head`, the last asked for last. */
  private kept = new Map<string, Promise<unknown>>();
  private head = -1;

  constructor(
    private readonly store: EventStore,
    private readonly folds: FoldJobs,
    private readonly capacity = 4,
  ) {}

  async of(req: Request, ruleSet: GenericRuleSetId): Promise<RuleSetList> {
    const q = queryOf(req);
    const asOf = q.date('as-of') ?? today();
    const activeYears = q.int('active-years', 0) ?? 0;
    const knownAt = q.string('known-at');
    if (knownAt !== undefined) return this.folds({ kind: 'rule-set-list', ruleSet, asOf, activeYears, upTo: { knownAt } });
    // facts up to the head read here, so that what is kept under it is the list of that head, whatever came since
    return this.atHead(JSON.stringify([ruleSet, asOf, activeYears]), (position) => this.folds({ kind: 'rule-set-list', ruleSet, asOf, activeYears, upTo: { position } }));
  }

  /** What changed since the list `listId` (published under a non-FESA rule set) in the list of the same day now. */
  diffSince(listId: string): Promise<RuleSetListDiff> {
    return this.atHead(JSON.stringify(['published', listId]), () => this.folds({ kind: 'rule-set-diff', listId }));
  }

  private async atHead<A>(key: string, fold: (head: number) => Promise<A>): Promise<A> {
    const head = await this.store.headPosition();
    // the log only grows: a list of an older head is never asked for again
    if (head !== this.head) {
      this.kept = new Map();
      this.head = head;
    }
    const kept = this.kept.get(key) as Promise<A> | undefined;
    this.kept.delete(key);
    const folded = kept ?? fold(head);
    if (this.kept.size >= this.capacity) this.kept.delete(this.kept.keys().next().value!);
    this.kept.set(key, folded);
    // a fold that failed (a store error, a list the ledger cannot reproduce) is not kept: the next request folds again
    folded.catch(() => (this.kept.get(key) === folded ? this.kept.delete(key) : undefined));
    return folded;
  }
}

/** A list's rows as the list page shows them (no grade: an empty cell). */
export const pageRowsOf = (list: RuleSetList): ListRow[] =>
  list.players.map((r) => ({ rank: r.rank, playerId: r.id, name: r.name, country: r.country, grade: r.grade ?? '', rating: r.rating, games: r.games, provisional: r.provisional, lastPlayed: r.lastPlayed }));

/** Passes on to the next route unless `:id` is a list published under a non-FESA rule set (an unknown id: the FESA route's 404). */
export const publishedUnderRuleSet = (store: EventStore): RequestHandler => async (req, _res, next) => {
  const found = await publishedEvent(store, req.params.id as string).catch(() => undefined);
  next(found !== undefined && isGenericRuleSet(found.event.ruleSet) ? undefined : 'route');
};

export interface RuleSetListRoutes {
  readonly store: EventStore;
  /** The lists kept for the head (shared with the list page). */
  readonly lists: RuleSetLists;
  readonly publicRead: readonly RequestHandler[];
  /** An auditor's whole-ledger reads (a list as known at a past position). */
  readonly auditor: readonly RequestHandler[];
  readonly folds: readonly RequestHandler[];
  readonly sendList: (res: Response, text: string, format: ListFormat) => void;
}

/**
 * The JSON and download routes (the page is the list page's, pages/routes.ts): `/lists?rules=S`, as known at
 * `known-at` for auditors, and `/lists/published/:id/diff` of a list published under S.
 */
export const mountRuleSetLists = (app: Express, { store, lists, publicRead, auditor, folds, sendList }: RuleSetListRoutes): void => {
  const underRuleSet = (knownAt: boolean): RequestHandler => (req, _res, next) => (genericRulesOf(req) !== undefined && (req.query['known-at'] !== undefined) === knownAt ? next() : next('route'));
  const sendRuleSetList: RequestHandler = async (req, res) => {
    const ruleSet = genericRulesOf(req)!;
    const format = queryOf(req).oneOf('format', RULE_SET_LIST_FORMATS) ?? 'json';
    sendList(res, renderRuleSetList(LIST_PRINTER, await lists.of(req, ruleSet), format), format);
  };
  app.get('/lists', underRuleSet(false), ...publicRead, ...folds, sendRuleSetList);
  app.get('/lists', underRuleSet(true), ...auditor, sendRuleSetList);
  app.get('/lists/published/:id/diff', publishedUnderRuleSet(store), ...publicRead, ...folds, async (req, res) => {
    res.json(await lists.diffSince(req.params.id as string));
  });
};
