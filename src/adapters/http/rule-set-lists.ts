/**
 * `GET /lists?rules=S` for the six non-FESA rule sets: the list folded from the log (no read model holds them), as a
 * page with names or as a JSON, CSV or table download; FESA's own files are FESA's alone.
 */
import type { Request } from 'express';
import type { ListRow } from '../../app/lists';
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

/** The list a request asks for: as of `as-of`, everybody rated unless `active-years` says otherwise, as known at `known-at`. */
export const ruleSetListOf = async (store: EventStore, req: Request, ruleSet: GenericRuleSetId): Promise<RuleSetList> => {
  const q = queryOf(req);
  const asOf = q.date('as-of') ?? today();
  const activeYears = q.int('active-years', 0) ?? 0;
  const knownAtText = q.string('known-at');
  const known = knownAtText === undefined ? { facts: await loadFacts(store) } : await factsKnownAt(store, knownAtText, 'known-at');
  return ruleSetList(known.facts, ruleSet, { asOf, activeYears, ...(known.knownAt !== undefined ? { knownAt: known.knownAt } : {}) });
};

/** A list's rows as the list page shows them (no grade: an empty cell). */
export const pageRowsOf = (list: RuleSetList): ListRow[] =>
  list.players.map((r) => ({ rank: r.rank, playerId: r.id, name: r.name, country: r.country, grade: r.grade ?? '', rating: r.rating, games: r.games, provisional: r.provisional, lastPlayed: r.lastPlayed }));
