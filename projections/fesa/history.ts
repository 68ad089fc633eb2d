import * as E from 'fp-ts/Either';
import type { DomainEvent, LoggedEvent, PlayerRegistered } from '../../domain/events';
import type { FesaError, FesaErrorCode, FesaEvent, FesaPlayer, FesaRatingReport } from '../../domain/rules/fesa/types';
import { AS_ADOPTED } from '../../domain/rules/rule-set-ids';
import { FESA_CONTRACTS, FESA_RULE_SETS, FesaFacts } from './fesa-facts';
import { decodeOpeningGroup, gradeOrder, latestGrade, matchesFilter, newPlayerRecord, openingPlayerIds, parseGrade, reconciledList } from './list-records';
import { type ListName } from './list-names';
import { nameKey } from './name-key';
import { toFesaEvent, type TournamentGame } from './tournament-event';

export * from './timeline';
export { FESA_CONTRACTS, FESA_FOLD_EVENTS, FESA_RULE_SETS, FesaFacts, PASSED_OVER_BY_THE_FOLD, isFesaRuleSet } from './fesa-facts';

/**
 * Rate each tournament under the rule set in force for it: the latest FESA-family RuleSetAdopted dated on or before
 * the tournament's end date, else the tournament's own rating system, else `fesa`. Any other rule-set id forces that
 * rule set on every tournament (re-rating under other rules).
 */
export { AS_ADOPTED };

/** One rated tournament in the fold: the list before and after, and why every number came out as it did. */
export interface TournamentRun {
  readonly tournamentId: string;
  readonly name: string;
  readonly date: string;
  readonly ruleSet: string;
  readonly before: ReadonlyMap<string, FesaPlayer>;
  readonly after: readonly FesaPlayer[];
  readonly report: FesaRatingReport;
  /** playerId by "last\u0000first" for the players of this event. */
  readonly players: readonly string[];
}

/** A fact applied to the list outside tournaments (opening balance, officer adjustment, grade award). */
export interface OfficerFact {
  readonly date: string;
  readonly kind: 'opening-balance' | 'reconcile' | 'adjustment' | 'grade-award';
  readonly playerIds: readonly string[];
  readonly event: DomainEvent;
}

/**
 * Why accepted facts cannot be folded into a list: one sentence naming the tournament or officer fact, and when the
 * FESA engine refused a tournament, its error code (`no-convergence`, `unknown-grade`, ...).
 */
export interface FoldError {
  readonly message: string;
  readonly code?: FesaErrorCode;
}

/** A tournament the engine refused, its code kept. */
export const tournamentFoldError = (reg: { readonly tournamentId: string; readonly endDate: string }, error: FesaError): FoldError => ({
  message: `tournament "${reg.tournamentId}" (${reg.endDate}): ${error.message}`,
  code: error.code,
});

export const foldError = (message: string): FoldError => ({ message });

export interface FesaFold {
  /** The list in the program's order (what `ratingliste.post` would hold). */
  readonly list: readonly FesaPlayer[];
  readonly runs: readonly TournamentRun[];
  readonly officerFacts: readonly OfficerFact[];
  /** playerId for a list record (by last and first name). */
  readonly playerIdOf: (p: Pick<FesaPlayer, 'lastName' | 'firstName'>) => string | undefined;
  readonly names: ReadonlyMap<string, { lastName: string; firstName: string }>;
  /** The id whose record an id's facts go to (the survivor of a merge in force that absorbed it, else itself). */
  readonly survivorOf: (playerId: string) => string;
}

export interface FoldOptions {
  /** `fesa` (the official program) or `fesa-published` (the prose) forced on every tournament; default AS_ADOPTED. */
  readonly ruleSet?: string;
  /** Fold only facts with validDate ≤ asOf. */
  readonly asOf?: string;
  /** Fold only facts recorded at or before this global position (the second clock). */
  readonly knownAt?: number;
  /**
   * Stop before the rating of tournament `tournamentId` (or, when it is not in the log, before any tournament
   * ending after `date`): the list an event file's `ratingliste.pre` should equal.
   */
  readonly stopBefore?: { readonly date: string; readonly tournamentId: string };
  /** Keep the list before/after every tournament (for explanations and diffs). Default true. */
  readonly keepRuns?: boolean;
}

export { nameKey };

/**
 * The FESA list as a fold over the facts, in valid-date order: on each date, officer facts (opening balances,
 * adjustments, grade awards) first, then the tournaments closed by then, by end date and then in recorded order.
 * Each tournament is rated exactly as the official program would rate its event file against the list so far,
 * so that the list after it is byte-identical to the program's `ratingliste.post`.
 */
export const foldFesa = (log: Iterable<LoggedEvent>, options: FoldOptions = {}): E.Either<FoldError, FesaFold> => {
  const ruleSet = options.ruleSet ?? AS_ADOPTED;
  if (ruleSet !== AS_ADOPTED && !FESA_RULE_SETS[ruleSet]) return E.left(foldError(`unknown FESA rule set "${ruleSet}"; expected ${Object.keys(FESA_RULE_SETS).join(' or ')}`));
  const keepRuns = options.keepRuns ?? true;

  const facts = new FesaFacts();
  for (const fact of log) if (options.knownAt === undefined || fact.globalPosition <= options.knownAt) facts.add(fact);
  const { registrations } = facts;
  const timeline = facts.timeline();

  const names = new Map<string, { lastName: string; firstName: string }>();
  const idByName = new Map<string, string>();
  for (const id of registrations.keys()) {
    if (facts.merges.has(id)) continue;
    // the name FESA files know him by: a namesake's is distinguished (list-names.ts)
    const name = facts.listNames.byId.get(id)!;
    names.set(id, name);
    idByName.set(nameKey(name), id);
  }
  // an absorbed id goes by its survivor's name: that is how its games and balances become the survivor's
  for (const [absorbed, { survivor }] of facts.merges) names.set(absorbed, names.get(survivor)!);
  const survivorOf = (id: string) => facts.survivorOf(id);
  const playerIdOf = (p: Pick<FesaPlayer, 'lastName' | 'firstName'>) => idByName.get(nameKey(p));

  let list: FesaPlayer[] = [];
  let lastTournamentDate: string | null = null;
  const runs: TournamentRun[] = [];
  const officerFacts: OfficerFact[] = [];

  for (const item of timeline) {
    if (options.asOf !== undefined && item.date > options.asOf) break;
    const stop = options.stopBefore;
    if (stop && (item.date > stop.date || (item.kind === 'tournament' && item.tournament.registration.tournamentId === stop.tournamentId))) break;
    switch (item.kind) {
      case 'opening': {
        const group = decodeOpeningGroup(item.group, (id) => names.get(id), survivorOf);
        if (E.isLeft(group)) return E.left(foldError(group.left));
        const ordered = group.right;
        // A group of balances from one source is a list: its players take that list's order, in front of the
        // players it does not mention (stable sorting makes the order of equal ratings observable).
        const replaced = new Set(ordered.map((o) => nameKey(o.player)));
        list = [...ordered.map((o) => o.player), ...list.filter((p) => !replaced.has(nameKey(p)))];
        officerFacts.push({ date: item.date, kind: 'opening-balance', playerIds: openingPlayerIds(item.group, survivorOf), event: item.group[0]!.event });
        break;
      }
      case 'reconcile': {
        list = reconciledList(list, item.event, (id) => names.get(id));
        officerFacts.push({ date: item.date, kind: 'reconcile', playerIds: item.event.pins.map((p) => survivorOf(p.playerId)), event: item.event });
        break;
      }
      case 'adjustment': {
        const { target, change } = item.event;
        const affected: string[] = [];
        list = list.map((p) => {
          const id = playerIdOf(p);
          const hit = target.kind === 'player' ? id === survivorOf(target.playerId) : matchesFilter(p, id, target.filter, item.date, survivorOf);
          if (!hit) return p;
          if (id) affected.push(id);
          return { ...p, eloNumber: change.kind === 'set' ? change.rating : p.eloNumber + change.by };
        });
        officerFacts.push({ date: item.date, kind: 'adjustment', playerIds: affected, event: item.event });
        break;
      }
      case 'award': {
        const playerId = survivorOf(item.event.playerId);
        const [level, name] = parseGrade(item.event.grade);
        list = list.map((p) => (playerIdOf(p) === playerId && gradeOrder(level, name) > gradeOrder(p.gradeLevel, p.gradeName) ? { ...p, gradeLevel: level, gradeName: name } : p));
        officerFacts.push({ date: item.date, kind: 'grade-award', playerIds: [playerId], event: item.event });
        break;
      }
      case 'tournament': {
        const t = item.tournament;
        const reg = t.registration;
        const games: TournamentGame[] = [...t.games].filter(([, g]) => !g.withdrawn).map(([gameId, g]) => ({ gameId, facts: g.facts }));
        const built = toFesaEvent(reg, games, (id) => names.get(id), facts.merges.size > 0 ? survivorOf : undefined);
        if (E.isLeft(built)) return E.left(foldError(built.left));
        const fesaEvent = built.right.event;
        const newcomers = newcomersOf(registrations, facts.merges, (id) => names.get(id)!, list, lastTournamentDate, reg.endDate, fesaEvent).map(([id, r]) => newPlayerRecord(r.event, latestGrade(facts.priorGradesOf(id), reg.endDate), names.get(id)));
        const ruleSetUsed = facts.ruleSetFor(reg, ruleSet);
        const rated = FESA_CONTRACTS[ruleSetUsed]!.rateEventFile(list, newcomers, fesaEvent, keepRuns);
        if (E.isLeft(rated)) return E.left(tournamentFoldError(reg, rated.left));
        lastTournamentDate = reg.endDate;
        if (keepRuns) {
          runs.push({
            tournamentId: reg.tournamentId,
            name: reg.name,
            date: reg.endDate,
            ruleSet: ruleSetUsed,
            before: new Map([...newcomers, ...list].map((p) => [nameKey(p), p])),
            after: rated.right.list,
            report: rated.right.report,
            players: fesaEvent.players.map((p) => idByName.get(nameKey(p)) ?? nameKey(p)),
          });
        }
        list = [...rated.right.list];
        break;
      }
    }
  }
  return E.right({ list, runs, officerFacts, playerIdOf, names, survivorOf });
};

/**
 * Who enters the list with a tournament, in registration order (what the program does with its `nye-spillere`):
 * the players registered since the tournament before it up to its date, and — because a registration's date says when
 * the ledger learned of the person, not when he may be rated — any player of the tournament not on the list, whatever
 * the date of his registration. Simultaneous givers are never looked up in the list, so they do not enter it, not
 * even when registered since the tournament before (a giver in the program's `nye-spillere` is imported with the
 * record it gives him, as an opening balance).
 */
const newcomersOf = (
  registrations: ReadonlyMap<string, { event: PlayerRegistered; position: number }>,
  merges: ReadonlyMap<string, unknown>,
  listNameOf: (playerId: string) => ListName,
  list: readonly FesaPlayer[],
  lastTournamentDate: string | null,
  endDate: string,
  event: FesaEvent,
): [string, { event: PlayerRegistered; position: number }][] => {
  const onList = new Set(list.map(nameKey));
  const playing = new Set(event.players.filter((p) => !p.simultaneousGiver).map(nameKey));
  const giving = new Set(event.players.filter((p) => p.simultaneousGiver).map(nameKey));
  return [...registrations.entries()]
    .filter(([id, r]) => {
      // an absorbed id enters as nobody: its games are the survivor's
      if (merges.has(id)) return false;
      const key = nameKey(listNameOf(id));
      if (onList.has(key)) return false;
      // a simultaneous display's giver is not rated by giving it: he does not enter the list with it
      if (giving.has(key) && !playing.has(key)) return false;
      return playing.has(key) || (r.event.validDate <= endDate && (lastTournamentDate === null || r.event.validDate > lastTournamentDate));
    })
    .sort((a, b) => a[1].position - b[1].position);
};
