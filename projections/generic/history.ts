import * as E from 'fp-ts/Either';
import { correctedRegistration } from '../../domain/commands/state';
import { gameAsPeople, type GameFacts, type GradeAwarded, type LoggedEvent, type OpeningBalanceImported, type PlayerRegistered, type RatingAdjusted, type RuleSetAdopted, type TimeControl as LedgerTimeControl, type TournamentRegistered } from '../../domain/events';
import { notRated, type Game, type GameResult, type Score, type TimeControl } from '../../domain/rules/elo-common/game';
import { decodePlayerState, genericFoldOf, RULE_SETS, type RuleSetRegistry } from '../../domain/rules/registry';
import { everyTypeHandled, passedOver, type EventSelection } from '../../domain/events/selection';
import type { EntryPolicy, GenericRuleSetId, GenericSystem } from './systems';
import type { TournamentFacts as RatedTournamentFacts } from '../../domain/rules/contract';
import { adoptionAt } from '../../domain/rules/in-force';
import { CopiedOnUse } from './copied-on-use';
import { gradeDeclaredBy } from '../declared-grades';
export { adoptionAt, ruleSetInForce } from '../../domain/rules/in-force';

/**
 * The ledger's tournaments rated under the six non-FESA rule systems: a pure fold over the facts in valid-date
 * order (on one date officer facts — opening balances, adjustments — first, then tournaments by end date and
 * recorded order), like projections/fesa/history.ts. Each tournament is rated under the rule set in force at its end
 * date (the latest RuleSetAdopted with validDate ≤ that date, else the tournament's own `ratingSystem`), or under a
 * forced rule set (re-rating). Tournaments whose rule set is not one of the six (FESA) are left to the FESA fold.
 * Every rule set keeps its own player states; an adjustment or opening balance applies to the rule set it names.
 */

/** One game of a tournament in the shape the specs rate, or why the ledger never hands it to a system. */
export interface GenericGame {
  readonly gameId: string;
  readonly round: number;
  readonly first: string;
  readonly second: string | null;
  readonly result: GameFacts['result'];
  /** Present when the game was played (win, loss, draw, sennichite). */
  readonly game?: Game;
  /** The system's verdict for played games; `not-played` for unplayed games, forfeits and byes (never rated). */
  readonly rating: GameResult | { readonly rated: false; readonly reason: 'not-played' };
}

export interface GenericRun {
  readonly tournamentId: string;
  readonly name: string;
  readonly date: string;
  /** The tournament's first day, as registered. */
  readonly startDate?: string;
  readonly ruleSet: GenericRuleSetId;
  readonly options: Readonly<Record<string, unknown>>;
  /** Where the rule set came from: a RuleSetAdopted (its event id), the tournament's own system, or forced. */
  readonly ruleSetSource: string;
  /** Where the tournament is played, as recorded on it (pan-atlantic rates Europe by its own rules). */
  readonly region?: 'america' | 'europe';
  /** Go: the EGF class an EGD table was registered with (egd-gor weighs by it). */
  readonly tournamentClass?: string;
  readonly games: readonly GenericGame[];
  /** States of the event's players before and after (the system's own state shape). */
  readonly before: Readonly<Record<string, unknown>>;
  readonly after: Readonly<Record<string, unknown>>;
  /** What the typed API explains per player, if anything (US: Δ and adjusted rating). */
  readonly detail?: Readonly<Record<string, unknown>>;
}

export interface GenericOfficerFact {
  readonly date: string;
  readonly ruleSet: GenericRuleSetId;
  readonly kind: 'opening-balance' | 'adjustment' | 'grade-award';
  readonly playerIds: readonly string[];
  readonly event: OpeningBalanceImported | RatingAdjusted | GradeAwarded;
  /** A grade award's outcome in the system's words: the grade held after it, and a ratification still pending. */
  readonly awarded?: { readonly grade: string | null; readonly pending: string | null };
  /** Rating before → after per affected player. */
  readonly changes: Readonly<Record<string, { readonly before: number | null; readonly after: number | null }>>;
}

export interface GenericFold {
  /** Player states per rule set. */
  readonly states: ReadonlyMap<GenericRuleSetId, ReadonlyMap<string, unknown>>;
  readonly runs: readonly GenericRun[];
  readonly officerFacts: readonly GenericOfficerFact[];
  /**
   * Date of each player's last game each rule set rated: a list under one rule set says when he last played a game
   * it rated, not a game of another federation's.
   */
  readonly lastPlayed: ReadonlyMap<GenericRuleSetId, ReadonlyMap<string, string>>;
  readonly players: ReadonlyMap<string, PlayerRegistered>;
  /** The rule sets the fold rated with, which its states and runs are read through. */
  readonly registry: RuleSetRegistry;
}

export interface GenericFoldOptions {
  /** Rate every tournament under this rule set (`ledger rerate --rules ID`), with `forcedOptions`. */
  readonly ruleSet?: GenericRuleSetId;
  readonly forcedOptions?: Readonly<Record<string, unknown>>;
  /** Fold only facts with validDate ≤ asOf. */
  readonly asOf?: string;
  /** Fold only facts recorded at or before this global position. */
  readonly knownAt?: number;
  readonly entry?: EntryPolicy;
  /** The rule sets to rate with: the ledger's own (domain/rules/registry.ts) unless given. */
  readonly registry?: RuleSetRegistry;
  /**
   * Told of every timeline item as it is folded, with the player states it set under its rule set and the rule set's
   * last-played dates after it: what a saved list model keeps (src/app/rule-set-list-model.ts) to answer any date
   * without folding again. An item that fails is told before it fails (its date is where lists stop being foldable).
   */
  readonly onItem?: (date: string) => void;
  readonly onStates?: (ruleSet: GenericRuleSetId, date: string, states: readonly (readonly [string, unknown])[], lastPlayed: ReadonlyMap<string, string>) => void;
  /**
   * Resume a fold from a cut (`GenericCut`): its states and last-played dates stand for every item dated before its
   * date, which is passed over; the items from it on are folded from the facts given (a slice from the cut on).
   */
  readonly resume?: GenericCut;
  /** Told of the fold's states at each cut's `date` (before its first item dated on or after it): what a resume starts from. */
  readonly cuts?: readonly { readonly date: string; readonly take: (cut: GenericCut) => void }[];
}

/**
 * The fold's player states and last-played dates after every item dated before `date`: what a fold of the items from
 * `date` on resumes from (src/app/rule-set-fold-cut.ts keeps one). The fold never changes a cut given or told.
 */
export interface GenericCut {
  readonly date: string;
  readonly states: ReadonlyMap<GenericRuleSetId, ReadonlyMap<string, unknown>>;
  readonly lastPlayed: ReadonlyMap<GenericRuleSetId, ReadonlyMap<string, string>>;
}

interface TournamentFacts {
  registration: TournamentRegistered;
  position: number;
  games: Map<string, { facts: GameFacts; position: number; withdrawn: boolean }>;
  closed: boolean;
}

type TimelineItem =
  | { kind: 'opening'; date: string; position: number; event: OpeningBalanceImported }
  | { kind: 'adjustment'; date: string; position: number; event: RatingAdjusted }
  | { kind: 'award'; date: string; position: number; event: GradeAwarded }
  | { kind: 'tournament'; date: string; position: number; tournament: TournamentFacts };

/**
 * The event types the fold's loop switches over, and those it passes over. A registration is read for an
 * adjustment's country filter and a player's birth year, as corrected: an identity holds for the whole record (as in
 * the FESA fold), so a corrected country moves a filter whatever the dates. A grade award counts under the rule set
 * it names (pan-atlantic's NSR ratification). The FESA list's reconciliations, a published list and the officers'
 * appointments rate nothing under these systems.
 */
export const GENERIC_FOLD_EVENTS = {
  handles: [
    'PlayerRegistered', 'PlayerRegistrationCorrected', 'PriorGradeDeclared', 'TournamentRegistered', 'GameReported',
    'ResultCorrected', 'GameWithdrawn', 'TournamentClosed', 'RuleSetAdopted', 'PlayersMerged', 'PlayersUnmerged',
    'OpeningBalanceImported', 'RatingAdjusted', 'GradeAwarded',
  ],
  passesOver: ['ListReconciled', 'RatingListPublished', 'OfficerAppointed', 'OfficerRevoked', 'SubmissionReceived', 'SubmissionApproved', 'SubmissionRejected'],
} as const satisfies EventSelection;
const passedOverByTheFold = passedOver(GENERIC_FOLD_EVENTS.passesOver);

const PHASE: Record<TimelineItem['kind'], number> = { opening: 0, adjustment: 1, tournament: 3, award: 4 };

const SCORE: Partial<Record<GameFacts['result'], Score>> = { win: 1, loss: 0, draw: 0.5, sennichite: 0.5 };

const toTimeControl = (tc: LedgerTimeControl | undefined): TimeControl | undefined =>
  tc === undefined || (tc.mainMinutes === 0 && tc.byoyomiSeconds === 0 && tc.incrementSeconds === 0)
    ? undefined
    : { main: tc.mainMinutes, byoyomi: tc.byoyomiSeconds, increment: tc.incrementSeconds };

/**
 * A reported game in the specs' shape: score from the result (sennichite is a draw, seed 000 §6), handicap type and
 * giver, the game's own time control or else the tournament's, left out when it is all zero (the officer checked it).
 * Unplayed games, forfeits and byes have no game: they are never rated.
 */
export const toSpecGame = (facts: GameFacts, tournamentTc: LedgerTimeControl, ratesGoHandicap = false): Game | undefined => {
  const score = SCORE[facts.result];
  if (score === undefined || facts.second === null) return undefined;
  // go handicap stones: only a system with a handicap rule for them (egd-gor) gets the game; gobase-go has none (seed 003)
  const stones = facts.handicapStones;
  if (stones !== undefined && (!ratesGoHandicap || facts.firstColour === undefined)) return undefined;
  const tc = toTimeControl(facts.timeControl ?? tournamentTc);
  return {
    a: facts.first,
    b: facts.second,
    score,
    ...(facts.handicap && facts.handicap.type !== 'even' ? { handicap: { type: facts.handicap.type, giver: facts.handicap.giver } } : {}),
    ...(tc ? { timeControl: tc } : {}),
    ...(stones !== undefined ? { goHandicap: { stones, receiver: facts.firstColour === 'black' ? facts.first : facts.second } } : {}),
  };
};

/** What a rule set is told of a tournament besides its games (the registration's, kept on its run for explain). */
export const tournamentFactsOf = (t: { readonly date: string; readonly startDate?: string; readonly region?: 'america' | 'europe'; readonly tournamentClass?: string }): RatedTournamentFacts => ({
  date: t.date, ...(t.startDate !== undefined ? { startDate: t.startDate } : {}), ...(t.region !== undefined ? { region: t.region } : {}),
  ...(t.tournamentClass !== undefined ? { tournamentClass: t.tournamentClass } : {}),
});

type Filter = Extract<RatingAdjusted['target'], { kind: 'filter' }>['filter'];

const matchesFilter = (f: Filter, id: string, rating: number | null, reg: PlayerRegistered | undefined, lastPlayed: string | undefined): boolean =>
  rating !== null &&
  (f.minRating === undefined || rating >= f.minRating) &&
  (f.maxRating === undefined || rating <= f.maxRating) &&
  (f.country === undefined || reg?.country === f.country) &&
  (f.activeSince === undefined || (lastPlayed !== undefined && lastPlayed >= f.activeSince)) &&
  (f.playerIds === undefined || (f.playerIds as readonly string[]).includes(id));

/** What rating one tournament reads and writes of the fold in progress. */
interface TournamentContext {
  readonly options: GenericFoldOptions;
  readonly entry: EntryPolicy;
  readonly registry: RuleSetRegistry;
  readonly adoptions: readonly { event: RuleSetAdopted; position: number }[];
  readonly person: (id: string) => string;
  readonly merged: () => boolean;
  readonly stateOf: (id: GenericRuleSetId) => Map<string, unknown>;
  readonly playerFacts: (playerId: string, date: string) => { playerId: string; grade: string | undefined; birthYear: number | undefined };
  readonly lastPlayedUnder: (ruleSet: GenericRuleSetId) => Map<string, string>;
  readonly runs: GenericRun[];
}

/** Rates a closed tournament under the rule set in force (or forced), appending its run; returns why it could not be rated. */
const rateTournamentItem = (t: TournamentFacts, { options, entry, registry, adoptions, person, merged, stateOf, playerFacts, lastPlayedUnder, runs }: TournamentContext): string | undefined => {
  const reg = t.registration;
  const adoption = options.ruleSet === undefined ? adoptionAt(adoptions, reg.endDate) : undefined;
  const ruleSet = options.ruleSet ?? adoption?.event.ruleSetId ?? reg.ratingSystem;
  const sys = registry.get(ruleSet);
  if (sys === undefined) return undefined;
  const rawOptions = options.ruleSet !== undefined ? options.forcedOptions ?? {} : adoption ? adoption.event.options : {};
  const typed = sys.options(rawOptions);
  const where = `tournament "${reg.tournamentId}" (${reg.endDate}) under ${ruleSet}`;
  if (E.isLeft(typed)) return `${where}: ${typed.left.message}`;
  const ordered = [...t.games]
    .filter(([, g]) => !g.withdrawn)
    .sort((a, b) => a[1].facts.round - b[1].facts.round || a[1].position - b[1].position);
  const mapped = ordered.map(([gameId, g]) => {
    const facts = merged() ? gameAsPeople(g.facts, person) : g.facts;
    return { gameId, facts, game: toSpecGame(facts, reg.timeControl, sys.ratesGoHandicap === true) };
  });
  const games = mapped.flatMap((m) => (m.game ? [m.game] : []));
  const map = stateOf(ruleSet);
  const before: Record<string, unknown> = {};
  for (const g of games) {
    for (const id of [g.a, g.b]) if (!(id in before)) before[id] = map.get(id) ?? sys.newPlayer(playerFacts(id, reg.endDate), entry);
  }
  const tournament = tournamentFactsOf({ date: reg.endDate, startDate: reg.startDate, region: reg.region, tournamentClass: reg.tournamentClass });
  const rated = sys.rateTournament(typed.right, tournament, { ...before }, games);
  if (E.isLeft(rated)) {
    const m = /^input\.games\[(\d+)\]/.exec(rated.left.field);
    const game = m ? mapped.filter((x) => x.game)[Number(m[1])] : undefined;
    return `${where}${game ? `, game ${game.gameId}` : ''}: ${rated.left.message}`;
  }
  const after: Record<string, unknown> = {};
  for (const id of Object.keys(before)) {
    const s = rated.right.players[id] ?? before[id];
    after[id] = s;
    map.set(id, s);
  }
  let k = 0;
  const runGames: GenericGame[] = mapped.map((m) => ({
    gameId: m.gameId, round: m.facts.round, first: m.facts.first, second: m.facts.second, result: m.facts.result,
    ...(m.game
      ? { game: m.game, rating: rated.right.gamesRated[k++]! }
      : { rating: m.facts.handicapStones !== undefined ? notRated('handicap-not-ratable') : { rated: false as const, reason: 'not-played' as const } }),
  }));
  const played = lastPlayedUnder(ruleSet);
  for (const g of runGames) {
    if (g.game && g.rating.rated) for (const id of [g.game.a, g.game.b]) played.set(id, reg.endDate);
  }
  options.onStates?.(ruleSet, reg.endDate, Object.entries(after), played);
  runs.push({
    tournamentId: reg.tournamentId, name: reg.name, date: reg.endDate, startDate: reg.startDate, ruleSet, options: rawOptions,
    ruleSetSource: options.ruleSet !== undefined ? 'forced' : adoption ? `adopted ${adoption.event.validDate} (${adoption.event.eventId})` : 'tournament',
    ...(reg.region !== undefined ? { region: reg.region } : {}),
    ...(reg.tournamentClass !== undefined ? { tournamentClass: reg.tournamentClass } : {}),
    games: runGames, before, after, ...(rated.right.detail ? { detail: rated.right.detail } : {}),
  });
  return undefined;
};

/** What the fold reads of the log (phase one of `foldGeneric`): registrations, grades, tournaments, adoptions, merges and the timeline of rated items in the fold's order. */
interface CollectedFacts {
  readonly players: Map<string, PlayerRegistered>;
  readonly grades: Map<string, { date: string; grade: string }[]>;
  readonly adoptions: { event: RuleSetAdopted; position: number }[];
  readonly timeline: TimelineItem[];
  readonly person: (id: string) => string;
  readonly merged: () => boolean;
}

const collectFacts = (log: Iterable<LoggedEvent>, knownAt: number | undefined, registered: (id: string) => boolean): CollectedFacts => {
  const players = new Map<string, PlayerRegistered>();
  const grades = new Map<string, { date: string; grade: string }[]>();
  const tournaments = new Map<string, TournamentFacts>();
  const adoptions: { event: RuleSetAdopted; position: number }[] = [];
  const timeline: TimelineItem[] = [];
  // Merges in force (absorbed → survivor): an identity holds for the whole record, as in the FESA fold (history.ts).
  const merges = new Map<string, { survivor: string; merge: string }>();
  const person = (id: string): string => merges.get(id)?.survivor ?? id;

  for (const fact of log) {
    if (knownAt !== undefined && fact.globalPosition > knownAt) continue;
    const e = fact.event;
    if (passedOverByTheFold(e)) continue;
    switch (e.type) {
      case 'PlayerRegistered':
        players.set(e.playerId, e);
        break;
      case 'PlayerRegistrationCorrected': {
        const registration = players.get(e.playerId);
        if (registration) players.set(e.playerId, correctedRegistration(registration, e));
        break;
      }
      case 'PriorGradeDeclared':
        grades.set(e.playerId, [...(grades.get(e.playerId) ?? []), { date: e.validDate, grade: e.grade }]);
        break;
      case 'TournamentRegistered':
        tournaments.set(e.tournamentId, { registration: e, position: fact.globalPosition, games: new Map(), closed: false });
        break;
      case 'GameReported':
        tournaments.get(e.tournamentId)?.games.set(e.gameId, { facts: e, position: fact.globalPosition, withdrawn: false });
        break;
      case 'ResultCorrected': {
        const g = tournaments.get(e.tournamentId)?.games.get(e.gameId);
        if (g) g.facts = e;
        break;
      }
      case 'GameWithdrawn': {
        const g = tournaments.get(e.tournamentId)?.games.get(e.gameId);
        if (g) g.withdrawn = true;
        break;
      }
      case 'TournamentClosed': {
        const t = tournaments.get(e.tournamentId);
        if (t) t.closed = true;
        break;
      }
      case 'RuleSetAdopted':
        adoptions.push({ event: e, position: fact.globalPosition });
        break;
      case 'PlayersMerged':
        if (players.has(e.survivor) && players.has(e.absorbed)) merges.set(e.absorbed, { survivor: e.survivor, merge: e.eventId });
        break;
      case 'PlayersUnmerged':
        if (merges.get(e.absorbed)?.merge === e.merge) merges.delete(e.absorbed);
        break;
      case 'OpeningBalanceImported':
        if (registered(e.ruleSet)) timeline.push({ kind: 'opening', date: e.validDate, position: fact.globalPosition, event: e });
        break;
      case 'RatingAdjusted':
        if (registered(e.ruleSet)) timeline.push({ kind: 'adjustment', date: e.validDate, position: fact.globalPosition, event: e });
        break;
      case 'GradeAwarded':
        if (registered(e.ruleSet)) timeline.push({ kind: 'award', date: e.validDate, position: fact.globalPosition, event: e });
        break;
      default:
        everyTypeHandled(e);
    }
  }
  for (const t of tournaments.values()) {
    if (t.closed && t.registration.rated) timeline.push({ kind: 'tournament', date: t.registration.endDate, position: t.position, tournament: t });
  }
  timeline.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : PHASE[a.kind] - PHASE[b.kind] || a.position - b.position));

  return { players, grades, adoptions, timeline, person, merged: () => merges.size > 0 };
};

export const foldGeneric = (log: Iterable<LoggedEvent>, options: GenericFoldOptions = {}): E.Either<string, GenericFold> => {
  const entry = options.entry ?? 'system';
  // a registry that holds the FESA family too: those tournaments are the FESA projection's, never rated here
  const registry = genericFoldOf(options.registry ?? RULE_SETS);
  const registered = (id: string): boolean => registry.has(id);
  const ruleSetOf = (id: string): GenericSystem<any, any> => registry.get(id)!;
  const { players, grades, adoptions, timeline, person, merged } = collectFacts(log, options.knownAt, registered);
  const copied = new CopiedOnUse<unknown>(options.resume?.states);
  const states = copied.maps;
  const stateOf = (id: GenericRuleSetId) => copied.of(id);
  const runs: GenericRun[] = [];
  const officerFacts: GenericOfficerFact[] = [];
  const copiedPlayed = new CopiedOnUse<string>(options.resume?.lastPlayed);
  const lastPlayed = copiedPlayed.maps;
  const lastPlayedUnder = (ruleSet: GenericRuleSetId) => copiedPlayed.of(ruleSet);
  const playerFacts = (playerId: string, date: string) => ({
    playerId,
    grade: gradeDeclaredBy(grades.get(playerId), date),
    birthYear: players.get(playerId)?.birthYear,
  });
  const inForced = (ruleSet: string) => options.ruleSet === undefined || options.ruleSet === ruleSet;

  const told = (ruleSet: GenericRuleSetId, date: string, states: readonly (readonly [string, unknown])[]): void => options.onStates?.(ruleSet, date, states, lastPlayed.get(ruleSet) ?? new Map<string, string>());
  const cuts = [...(options.cuts ?? [])].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  let taken = 0; // the cuts taken, earliest first
  const takeCutsBefore = (date: string): void => {
    for (; taken < cuts.length && cuts[taken]!.date <= date; taken++) cuts[taken]!.take({ date: cuts[taken]!.date, states: copied.snapshot(), lastPlayed: copiedPlayed.snapshot() });
  };
  for (const item of timeline) {
    if (options.resume !== undefined && item.date < options.resume.date) continue;
    if (options.asOf !== undefined && item.date > options.asOf) break;
    takeCutsBefore(item.date);
    options.onItem?.(item.date);
    switch (item.kind) {
      case 'opening': {
        const e = item.event;
        const ruleSet = e.ruleSet as GenericRuleSetId;
        if (!inForced(ruleSet)) break;
        const decoded = decodePlayerState(ruleSet, e.playerId, e.state, registry);
        if (E.isLeft(decoded)) {
          return E.left(`opening balance of ${e.playerId} under ${ruleSet} (position ${item.position}): ${decoded.left.message.replace(`input.players.${e.playerId}`, 'state')}`);
        }
        const sys = ruleSetOf(ruleSet);
        const map = stateOf(ruleSet);
        const id = person(e.playerId);
        const before = map.has(id) ? sys.rating(map.get(id)) : null;
        map.set(id, decoded.right);
        told(ruleSet, item.date, [[id, decoded.right]]);
        officerFacts.push({ date: item.date, ruleSet, kind: 'opening-balance', playerIds: [id], event: e, changes: { [id]: { before, after: sys.rating(decoded.right) } } });
        break;
      }
      case 'adjustment': {
        const e = item.event;
        const ruleSet = e.ruleSet as GenericRuleSetId;
        if (!inForced(ruleSet)) break;
        const sys = ruleSetOf(ruleSet);
        const map = stateOf(ruleSet);
        const changes: Record<string, { before: number | null; after: number | null }> = {};
        const set: [string, unknown][] = [];
        const apply = (id: string, s: unknown) => {
          const before = sys.rating(s);
          const next = adjusted(sys, s, e, item.date);
          if (next === undefined) return;
          map.set(id, next);
          set.push([id, next]);
          changes[id] = { before, after: sys.rating(next) };
        };
        if (e.target.kind === 'player') {
          const id = person(e.target.playerId);
          apply(id, map.get(id) ?? sys.newPlayer(playerFacts(id, item.date), entry));
        } else {
          const f = e.target.filter;
          for (const [id, s] of [...map]) if (matchesFilter(f, id, sys.rating(s), players.get(id), lastPlayed.get(ruleSet)?.get(id))) apply(id, s);
        }
        told(ruleSet, item.date, set);
        officerFacts.push({ date: item.date, ruleSet, kind: 'adjustment', playerIds: Object.keys(changes), event: e, changes });
        break;
      }
      case 'award': {
        const e = item.event;
        const ruleSet = e.ruleSet as GenericRuleSetId;
        const award = ruleSetOf(ruleSet).grades?.award;
        if (!inForced(ruleSet) || award === undefined) break;
        const sys = ruleSetOf(ruleSet);
        const map = stateOf(ruleSet);
        const id = person(e.playerId);
        const before = map.get(id) ?? sys.newPlayer(playerFacts(id, item.date), entry);
        const awarded = award(before, e.grade);
        // A grade the system has no place for changes nothing here (the decider took it for another rule set's scale).
        if (E.isLeft(awarded)) break;
        map.set(id, awarded.right);
        told(ruleSet, item.date, [[id, awarded.right]]);
        const grades = sys.grades!;
        const awardedGrade = { grade: grades.of(awarded.right), pending: grades.ratification?.requested(awarded.right) ?? null };
        officerFacts.push({ date: item.date, ruleSet, kind: 'grade-award', playerIds: [id], event: e, awarded: awardedGrade, changes: { [id]: { before: sys.rating(before), after: sys.rating(awarded.right) } } });
        break;
      }
      case 'tournament': {
        const failed = rateTournamentItem(item.tournament, { options, entry, registry, adoptions, person, merged, stateOf, playerFacts, lastPlayedUnder, runs });
        if (failed !== undefined) return E.left(failed);
        break;
      }
    }
  }
  takeCutsBefore(options.asOf ?? '9999-12-31');
  return E.right({ states, runs, officerFacts, lastPlayed, players, registry });
};

/**
 * One officer adjustment on one state: `set` gives the rating, `shift` moves an existing rating (an unrated player
 * is left alone: there is nothing to shift). pan-atlantic's redetermination (operation `redetermination` with
 * `details.clubGrade`) is that system's own operation: the player becomes unrated with two games at the new grade.
 */
const adjusted = (sys: GenericSystem<any, any>, s: unknown, e: RatingAdjusted, _date: string): unknown | undefined => {
  if (e.operation === 'redetermination' && sys.redetermine !== undefined && typeof e.details?.clubGrade === 'string') {
    return sys.redetermine(s, e.details.clubGrade);
  }
  if (e.change.kind === 'set') return sys.setRating(s, e.change.rating);
  const r = sys.rating(s);
  return r === null ? undefined : sys.setRating(s, r + e.change.by);
};

/** The date of the last game of `playerId` that `ruleSet` rated, if it rated any. */
export const lastPlayedUnder = (fold: GenericFold, ruleSet: GenericRuleSetId, playerId: string): string | undefined => fold.lastPlayed.get(ruleSet)?.get(playerId);

/** Ratings of one rule set (players with a rating), highest first. */
export const ratingsOf = (fold: GenericFold, ruleSet: GenericRuleSetId): { playerId: string; rating: number; state: unknown }[] => {
  const sys = fold.registry.get(ruleSet)!;
  return [...(fold.states.get(ruleSet) ?? new Map<string, unknown>())]
    .flatMap(([playerId, state]) => {
      const rating = sys.rating(state);
      return rating === null ? [] : [{ playerId, rating, state }];
    })
    .sort((a, b) => b.rating - a.rating || (a.playerId < b.playerId ? -1 : a.playerId > b.playerId ? 1 : 0));
};
