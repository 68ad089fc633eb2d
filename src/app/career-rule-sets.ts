import * as E from 'fp-ts/Either';
import type { LedgerState } from '../../domain/commands/state';
import type { LoggedEvent } from '../../domain/events';
import { foldGeneric } from '../../projections/generic/history';
import { GENERIC_RULE_SETS, genericSystem, type GenericRuleSetId } from '../../projections/generic/systems';
import { givesGrades, type RuleSetListRow } from './rule-set-list';
import { genericCareer, type GenericCareer } from './tournaments';

/** A player's record under one of the non-FESA rule sets, as his page shows it beside (or instead of) his FESA career. */
export interface RuleSetCareer {
  readonly ruleSet: GenericRuleSetId;
  /** The rating the system's state holds for him now (rounded); null while the system gives him none. */
  readonly rating: number | null;
  /** The rated games the system's state counts (where it keeps no count: his games it rated). */
  readonly games: number;
  /** His grade in the system's own words as its list gives it (null: none earned yet); absent where it has none. */
  readonly grade?: string | null;
  readonly provisional: boolean;
  readonly openingBalances: GenericCareer['openingBalances'];
  /** His tournaments rated under it, oldest first, each with his rating before and after and his games. */
  readonly tournaments: GenericCareer['tournaments'];
  /** His grade changes with the rule behind each, where the system's spec defines them (absent elsewhere). */
  readonly grades?: GenericCareer['grades'];
  /** The counters the system keeps on him beside his rating (US 1997's promotion streaks, pan-atlantic's grade runs), where it keeps any. */
  readonly counters?: Readonly<Record<string, number>>;
  /** The grade a ratification was requested for and not yet awarded (pan-atlantic's 5-dan and 6-dan, the NSR's): null for none; absent where the system has no ratification. */
  readonly ratificationRequested?: string | null;
}

/** What a player's page shows of his state under one rule set: what its fold holds for him now and his row of its list. */
export interface RuleSetStanding {
  readonly ruleSet: GenericRuleSetId;
  /** The rating the state holds, rounded (null: none yet). */
  readonly rating: number | null;
  /** The rated games the state counts, where the system keeps a count. */
  readonly games?: number;
  /** His row's grade, where the system has grades and he is on its list. */
  readonly grade?: string | null;
  readonly provisional: boolean;
  /** The system's counters on him, where it keeps any (see RuleSetCareer). */
  readonly counters?: Readonly<Record<string, number>>;
  /** A ratification requested and pending, where the system has ratification (see RuleSetCareer). */
  readonly ratificationRequested?: string | null;
}

/**
 * What the non-FESA fold holds for `playerId` under each rule set it holds a state for him, with his list rows
 * (`listed`; their grade and category): what the page shows beside his career (a saved careers model keeps these).
 */
export const ruleSetStandings = (
  fold: ReturnType<typeof foldGeneric>,
  playerId: string,
  listed: (ruleSet: GenericRuleSetId) => RuleSetListRow | undefined,
): RuleSetStanding[] => {
  if (E.isLeft(fold)) return [];
  const standings: RuleSetStanding[] = [];
  for (const ruleSet of GENERIC_RULE_SETS) {
    const own = fold.right.states.get(ruleSet)?.get(playerId);
    if (own === undefined) continue;
    // the system's own count, as its list shows it: a raw `games` field can lag (FIDE's open period is counted in
    // the next list's games, not yet in the state's)
    const system = genericSystem(ruleSet, fold.right.registry);
    const rating = system.rating(own);
    const row = listed(ruleSet);
    standings.push({
      ruleSet,
      rating: rating === null ? null : Math.round(rating),
      games: system.games(own),
      ...(row?.grade !== undefined ? { grade: row.grade } : {}),
      provisional: row?.provisional ?? false,
      ...(system.counters !== undefined ? { counters: system.counters(own) } : {}),
      ...(system.grades?.ratification !== undefined ? { ratificationRequested: system.grades.ratification.requested(own) } : {}),
    });
  }
  return standings;
};

/**
 * Every non-FESA rule set `playerId` is rated under — one that rated a tournament of his, gave him an opening balance
 * or holds a state for him — in the order of GENERIC_RULE_SETS. `fold` is the non-FESA fold of `facts` (a caller that
 * shows many players folds once); `listed` his row of a rule set's list (`ruleSetList`), whose grade and category
 * the page repeats. A fold that fails leaves his tournaments without ratings: accepted facts never make his page fail.
 */
export const ruleSetCareers = (
  facts: readonly LoggedEvent[],
  state: LedgerState,
  playerId: string,
  fold: ReturnType<typeof foldGeneric> = foldGeneric(facts),
  listed: (ruleSet: GenericRuleSetId) => RuleSetListRow | undefined = () => undefined,
): RuleSetCareer[] => careersOfStandings(genericCareer(facts, state, playerId, fold), ruleSetStandings(fold, playerId, listed));

/** A player's careers under the non-FESA rule sets from his career under all of them and his standings (see `ruleSetCareers`). */
export const careersOfStandings = (career: GenericCareer | undefined, standings: readonly RuleSetStanding[]): RuleSetCareer[] => {
  const careers: RuleSetCareer[] = [];
  for (const ruleSet of GENERIC_RULE_SETS) {
    const tournaments = career?.tournaments.filter((t) => t.ruleSet === ruleSet) ?? [];
    const openingBalances = career?.openingBalances.filter((b) => b.ruleSet === ruleSet) ?? [];
    const own = standings.find((s) => s.ruleSet === ruleSet);
    if (tournaments.length === 0 && openingBalances.length === 0 && own === undefined) continue;
    careers.push({
      ruleSet,
      rating: own?.rating ?? null,
      games: own?.games ?? tournaments.reduce((n, t) => n + t.games.filter((g) => g.rated === 'yes').length, 0),
      ...(own?.grade !== undefined ? { grade: own.grade } : {}),
      provisional: own?.provisional ?? false,
      openingBalances,
      tournaments,
      ...(givesGrades(ruleSet) ? { grades: career?.grades.filter((g) => g.ruleSet === ruleSet) ?? [] } : {}),
      ...(own?.counters !== undefined ? { counters: own.counters } : {}),
      ...(own?.ratificationRequested !== undefined ? { ratificationRequested: own.ratificationRequested } : {}),
    });
  }
  return careers;
};

/**
 * Balances and tournaments in the folds' order: by valid date, a balance before the tournaments of its date (officer
 * facts come first on a date), each kind in its own order — so a balance recorded after the games it follows is read
 * where it stands (`history`, the page's chart).
 */
export const balancesAndTournamentsByDate = <B extends { readonly date: string }, T extends { readonly endDate: string }>(balances: readonly B[], tournaments: readonly T[]): ({ readonly balance: B } | { readonly tournament: T })[] =>
  [...balances.map((balance) => ({ date: balance.date, phase: 0, item: { balance } })), ...tournaments.map((tournament) => ({ date: tournament.endDate, phase: 1, item: { tournament } }))]
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.phase - b.phase))
    .map(({ item }) => item);
