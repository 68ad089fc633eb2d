/**
 * `GET /lists?rules=S` for the six non-FESA rule sets: the list folded from the log (no read model holds them), as a
 * page with names or as a JSON, CSV or table download; FESA's own files are FESA's alone.
 */
import type { Express, Request, RequestHandler, Response } from 'express';
import { publishedEvent } from '../../app/list-known-at';
import type { ListFormat, ListRow } from '../../app/lists';
import { renderRuleSetList, type RuleSetListDiff } from '../../app/rule-set-publication';
import { LIST_PRINTER } from '../formats/list-printer';
import type { RuleSetListDiff as RuleSetListDiffAnswer } from './answers/lists';
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
 * kept, so that a page asked again, its JSON and its CSV fold once per new fact. While a list is being folded for a
 * newer head, the last one folded is given at once to a reader whose floor it reaches (as the FESA lists are,
 * read-models.ts): under a burst of writes the readers then never queue one fold per new fact behind each other. A
 * list as known at a past position (an auditor's) is folded each time: rare, and never the head's.
 */
export class RuleSetLists {
  /** The lists and diffs being folded or folded, all of the log as it stood at `head`, the last asked for last. */
  private kept = new Map<string, Promise<unknown>>();
  private head = -1;
  /** The last list folded per request (rule set, as-of, active-years) and the head it reflects. */
  private readonly latest = new Map<string, { list: RuleSetList; position: number }>();
  /** Folds of a list under way, by request. */
  private readonly folding = new Map<string, number>();

  constructor(
    private readonly store: EventStore,
    private readonly folds: FoldJobs,
    private readonly capacity = 4,
  ) {}

  async of(req: Request, ruleSet: GenericRuleSetId, floor = 0): Promise<RuleSetList> {
    return (await this.positioned(req, ruleSet, floor)).list;
  }

  /** The list a request asks for and the log position it reflects (none for a list as known at `known-at`). */
  async positioned(req: Request, ruleSet: GenericRuleSetId, floor = 0): Promise<{ list: RuleSetList; position?: number }> {
    const { asOf, activeYears, knownAt, key } = this.requestOf(req, ruleSet);
    if (knownAt !== undefined) return { list: await this.folds({ kind: 'rule-set-list', ruleSet, asOf, activeYears, upTo: { knownAt } }) };
    const latest = this.latest.get(key);
    if (latest !== undefined && latest.position >= floor && (this.folding.get(key) ?? 0) > 0) return latest;
    this.folding.set(key, (this.folding.get(key) ?? 0) + 1);
    try {
      // facts up to the head read here, so that what is kept under it is the list of that head, whatever came since
      const folded = await this.atHead(key, async (position) => ({ list: await this.folds({ kind: 'rule-set-list', ruleSet, asOf, activeYears, upTo: { position } }), position }));
      if (folded.position >= (this.latest.get(key)?.position ?? 0)) {
        this.latest.delete(key);
        // the sixteen lists asked for last
        if (this.latest.size >= 16) this.latest.delete(this.latest.keys().next().value!);
        this.latest.set(key, folded);
      }
      return folded;
    } finally {
      this.folding.set(key, this.folding.get(key)! - 1);
    }
  }

  /**
   * Whether the list a request asks for would be answered without a fold of its own (kept at the head last seen, or
   * the last one given while another is folded): such a request needs no fold guard.
   */
  answeredWithoutFold(req: Request, ruleSet: GenericRuleSetId, floor: number): boolean {
    const { knownAt, key } = this.requestOf(req, ruleSet);
    if (knownAt !== undefined) return false;
    const latest = this.latest.get(key);
    return this.kept.has(key) || (latest !== undefined && latest.position >= floor && (this.folding.get(key) ?? 0) > 0);
  }

  private requestOf(req: Request, ruleSet: GenericRuleSetId) {
    const q = queryOf(req);
    const asOf = q.date('as-of') ?? today();
    const activeYears = q.int('active-years', 0) ?? 0;
    return { asOf, activeYears, knownAt: q.string('known-at'), key: JSON.stringify([ruleSet, asOf, activeYears]) };
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
  /** The log position below which a reader may not be answered (server.ts: read-your-writes). */
  readonly floorOf: (req: Request, res: Response) => number;
}

/**
 * The JSON and download routes (the page is the list page's, pages/routes.ts): `/lists?rules=S`, as known at
 * `known-at` for auditors, and `/lists/published/:id/diff` of a list published under S.
 */
export const mountRuleSetLists = (app: Express, { store, lists, publicRead, auditor, folds, sendList, floorOf }: RuleSetListRoutes): void => {
  const underRuleSet = (knownAt: boolean): RequestHandler => (req, _res, next) => (genericRulesOf(req) !== undefined && (req.query['known-at'] !== undefined) === knownAt ? next() : next('route'));
  const sendRuleSetList: RequestHandler = async (req, res) => {
    const ruleSet = genericRulesOf(req)!;
    const format = queryOf(req).oneOf('format', RULE_SET_LIST_FORMATS) ?? 'json';
    const { list, position } = await lists.positioned(req, ruleSet, floorOf(req, res));
    if (position !== undefined) res.set('X-Ledger-Position', String(position));
    sendList(res, renderRuleSetList(LIST_PRINTER, list, format), format);
  };
  // a list kept, or given while a newer one is folded, costs no fold: no guard
  const unlessAnswered = folds.map((guard): RequestHandler => (req, res, next) => (lists.answeredWithoutFold(req, genericRulesOf(req)!, floorOf(req, res)) ? next() : guard(req, res, next)));
  app.get('/lists', underRuleSet(false), ...publicRead, ...unlessAnswered, sendRuleSetList);
  app.get('/lists', underRuleSet(true), ...auditor, sendRuleSetList);
  app.get('/lists/published/:id/diff', publishedUnderRuleSet(store), ...publicRead, ...folds, async (req, res) => {
    const diff: RuleSetListDiffAnswer = await lists.diffSince(req.params.id as string);
    res.json(diff);
  });
};
