/**
 * `GET /lists?rules=S` for the six non-FESA rule sets: the list folded from the log (no read model holds them), as a
 * page with names or as a JSON, CSV or table download; FESA's own files are FESA's alone.
 */
import type { Express, Request, RequestHandler, Response } from 'express';
import { publishedEvent } from '../../app/list-known-at';
import type { ListFormat, ListRow } from '../../app/lists';
import { publishedRuleSetDiff, renderRuleSetList } from '../../app/rule-set-publication';
import { LIST_PRINTER } from '../formats/list-printer';
import { factsKnownAt, loadFacts } from '../../app/load';
import type { EventStore } from '../../app/ports/event-store';
import { ruleSetList, type RuleSetList } from '../../app/rule-set-list';
import { isGenericRuleSet, type GenericRuleSetId } from '../../../projections/generic/systems';
import { today } from '../clock';
import { queryOf } from './query';

/** The formats another rule set's list is written in (the FESA program's files are not among them). */
export const RULE_SET_LIST_FORMATS = ['json', 'csv', 'table'] as const;

/** The non-FESA rule set a request's `rules` names, if it names one. */
export const genericRulesOf = (req: Request): GenericRuleSetId | undefined => {
  const rules = req.query.rules;
  return typeof rules === 'string' && isGenericRuleSet(rules) ? rules : undefined;
};

/**
 * The lists a request asks for (as of `as-of`, everybody rated unless `active-years` says otherwise, as known at
 * `known-at`). No read model holds them, so each is a fold of the whole log on the thread that answers: the few asked
 * for last at the log's head are kept, so that a page asked again, its JSON and its CSV fold once per new fact. A
 * list as known at a past position (an auditor's) is folded each time: rare, and never the head's.
 */
export class RuleSetLists {
  /** The lists being folded or folded, all of the log as it stood at `head`, the last asked for last. */
  private kept = new Map<string, Promise<RuleSetList>>();
  private head = -1;

  constructor(
    private readonly store: EventStore,
    private readonly capacity = 4,
  ) {}

  async of(req: Request, ruleSet: GenericRuleSetId): Promise<RuleSetList> {
    const q = queryOf(req);
    const asOf = q.date('as-of') ?? today();
    const activeYears = q.int('active-years', 0) ?? 0;
    const knownAtText = q.string('known-at');
    if (knownAtText !== undefined) {
      const known = await factsKnownAt(this.store, knownAtText, 'known-at');
      return ruleSetList(known.facts, ruleSet, { asOf, activeYears, ...(known.knownAt !== undefined ? { knownAt: known.knownAt } : {}) });
    }
    const head = await this.store.headPosition();
    // the log only grows: a list of an older head is never asked for again
    if (head !== this.head) {
      this.kept = new Map();
      this.head = head;
    }
    const key = JSON.stringify([ruleSet, asOf, activeYears]);
    const kept = this.kept.get(key);
    this.kept.delete(key);
    // facts up to the head read above, so that what is kept under it is the list of that head, whatever came since
    const list = kept ?? loadFacts(this.store, { position: head }).then((facts) => ruleSetList(facts, ruleSet, { asOf, activeYears }));
    if (this.kept.size >= this.capacity) this.kept.delete(this.kept.keys().next().value!);
    this.kept.set(key, list);
    // a fold that failed (a store error) is not kept: the next request folds again
    list.catch(() => (this.kept.get(key) === list ? this.kept.delete(key) : undefined));
    return list;
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
    res.json(publishedRuleSetDiff(LIST_PRINTER, await loadFacts(store), req.params.id as string));
  });
};
