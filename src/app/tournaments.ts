import * as E from 'fp-ts/Either';
import { fesaCrosstable, type FesaCrosstable } from '../../projections/fesa/crosstable';
import type { LedgerState, PlayerState, TournamentState } from '../../domain/commands/state';
import { AS_ADOPTED, FesaFacts, nameKey, type FesaFold, type TournamentFacts, type TournamentRun } from '../../projections/fesa/history';
import type { GameFacts, LoggedEvent } from '../../domain/events';
import { foldGeneric, ruleSetInForce, type GenericGame, type GenericRun } from '../../projections/generic/history';
import { genericSystem, isGenericRuleSet, type GenericRuleSetId } from '../../projections/generic/systems';
import { gradeHistory, type GradeChange } from '../../projections/generic/grades';
import { playerItems } from '../../projections/generic/by-player';
import { runOf, type RunInputs } from '../../projections/fesa/career-model';
import type { FesaEvent } from '../../domain/rules/fesa/types';
import { toFesaEvent, type TournamentGame } from '../../projections/fesa/tournament-event';
import { initialLedgerState, evolve, ruleSetInForceOf } from '../../domain/commands/state';
import { tournamentStream } from '../../domain/events';
import { decodeRecorded } from './event-log';
import type { EventStore } from './ports/event-store';
import { LedgerFailure, unratable } from './failure';
import { foldOrThrow } from './lists';

/** Asked for a tournament the ledger has no record of, or one it does not rate. */
export class UnknownTournamentError extends LedgerFailure {
  constructor(message: string) {
    super('not-found', message);
    this.name = 'UnknownTournamentError';
  }
}

/**
 * A rated tournament's cross table, as the official program would have written it for the event: the fold up to the
 * tournament's date keeps its rating report and its players' records before it; the event is rebuilt from the facts
 * (corrections applied, withdrawn games left out) exactly as the fold rated it.
 */
export const tournamentCrosstable = (facts: readonly LoggedEvent[], tournamentId: string, ruleSet: string = AS_ADOPTED): FesaCrosstable => {
  const collected = new FesaFacts();
  for (const fact of facts) collected.add(fact);
  const tournament = collected.tournaments.get(tournamentId);
  if (!tournament) throw new UnknownTournamentError(`no tournament "${tournamentId}" in the ledger`);
  return crosstableOf(tournament, foldOrThrow(facts, { ruleSet, asOf: tournament.registration.endDate, runs: 'changes' }), tournamentId);
};

/**
 * The cross table from the tournament's facts and a fold that rated it (any fold that reaches its date and keeps
 * its run: the CLI's fold up to its end date, or a server's live projection).
 */
export const crosstableOf = (tournament: TournamentFacts, folded: FesaFold, tournamentId: string): FesaCrosstable => {
  const { registration } = tournament;
  const run = folded.runs.find((r) => r.tournamentId === tournamentId);
  if (!run) {
    throw new UnknownTournamentError(
      tournament.closedAt === undefined
        ? `tournament "${tournamentId}" is not closed, so it is not rated yet (ledger tournament close --id ${tournamentId})`
        : `tournament "${tournamentId}" is not rated under a FESA rule set (rated: ${registration.rated}, rating system ${registration.ratingSystem})`,
    );
  }
  const games: TournamentGame[] = [];
  for (const [gameId, g] of tournament.games) if (!g.withdrawn) games.push({ gameId, facts: g.facts });
  const built = toFesaEvent(registration, games, (id) => folded.names.get(id), folded.survivorOf);
  if (E.isLeft(built)) throw unratable(built.left);
  return crosstableOfRun(built.right.event, run, tournamentId);
};

const crosstableOfRun = (event: FesaEvent, run: TournamentRun, tournamentId: string): FesaCrosstable => {
  const table = fesaCrosstable(event, run.report, (p) => run.before.get(nameKey(p)));
  if (E.isLeft(table)) throw unratable(`tournament "${tournamentId}": ${table.left}`);
  return table.right;
};

/**
 * The cross table from what the engine rated the tournament from (the careers' read model keeps it): the event file
 * the fold built and rated, rated again as the fold's `changes` runs are.
 */
export const crosstableOfInputs = (inputs: RunInputs): FesaCrosstable => crosstableOfRun(inputs.event, runOf(inputs, false), inputs.tournamentId);

/** A tournament's games as `reportedGames` lists them, from its own stream (its games are facts of that stream only). */
export const reportedGamesOf = async (store: EventStore, tournamentId: string): Promise<ReportedGame[]> => {
  const state = initialLedgerState();
  for (const recorded of await store.readStream(tournamentStream(tournamentId))) {
    const logged = decodeRecorded(recorded);
    evolve(state, logged.event, logged);
  }
  return reportedGames(state, tournamentId);
};

/** One reported game as `tournament show` lists it: its id, its current facts, whether it was corrected or withdrawn. */
export interface ReportedGame {
  readonly game: string;
  readonly round: number;
  readonly first: string;
  readonly second: string | null;
  readonly result: string;
  readonly handicap: string;
  readonly status: string;
}

/** A tournament's games as reported (after corrections), by round, with their ids: what `game correct --game` takes. */
export const reportedGames = (state: LedgerState, tournamentId: string): ReportedGame[] =>
  [...(state.tournaments.get(tournamentId)?.games.values() ?? [])]
    .sort((a, b) => a.facts.round - b.facts.round)
    .map((g) => ({
      game: g.gameId,
      round: g.facts.round,
      first: g.facts.first,
      second: g.facts.second,
      result: g.facts.result,
      handicap: g.facts.handicap ? `${g.facts.handicap.code ?? g.facts.handicap.type} given by ${g.facts.handicap.giver}` : '',
      status: g.withdrawn ? 'withdrawn' : g.corrections > 0 ? `corrected ${g.corrections}x` : '',
    }));

/** A tournament rated under one of the non-FESA rule sets (fide, uscf-k, gobase-go …), as `tournament show` gives it. */
export interface RatedTournamentView {
  readonly tournamentId: string;
  readonly name: string;
  readonly place: string;
  readonly startDate: string;
  readonly endDate: string;
  /** The rule set that rated it (its own, or one adopted for its date); null while it is not closed. */
  readonly ruleSet: string | null;
  readonly closed: boolean;
  readonly chiefArbiter?: string;
  readonly deputyArbiters?: readonly string[];
  /** Go (an EGD table's header): class, handicap rule, komi. */
  readonly tournamentClass?: string;
  readonly handicapRule?: string;
  readonly komi?: string;
  /** Where it is played, when recorded (pan-atlantic rates Europe by its own rules). */
  readonly region?: 'america' | 'europe';
  readonly players: readonly {
    readonly nr: number;
    readonly playerId: string;
    readonly name: string;
    readonly country: string;
    readonly before: number | null;
    readonly after: number | null;
    readonly points: number;
    /**
     * Once closed, the final rank the closing recorded (a TRF's columns 86-89), or where it recorded none (a tournament
     * entered game by game) the place by points, players on equal points sharing it.
     */
    readonly rank?: number;
  }[];
  readonly games: readonly {
    readonly game: string;
    readonly round: number;
    readonly date: string;
    readonly first: string;
    readonly firstColour: 'white' | 'black' | null;
    readonly second: string | null;
    /** The result as the first player's: win, loss, draw, forfeit-win, …; a bye's kind; W/D/L's score. */
    readonly result: string;
    readonly handicapStones?: number;
    /** "yes", or why the rule set did not rate it. */
    readonly rated: string;
    readonly status: string;
  }[];
}

const BYE_POINTS: Record<NonNullable<GameFacts['byeKind']>, number> = { 'half-point': 0.5, 'full-point': 1, 'pairing-allocated': 1, 'zero-point': 0, 'forfeit-win': 1, 'forfeit-loss': 0 };
const FIRST_POINTS: Partial<Record<GameFacts['result'], number>> = { win: 1, loss: 0, draw: 0.5, sennichite: 0.5, 'forfeit-win': 1, 'forfeit-loss': 0, unplayed: 0 };

/** Points of both players of a game (the first's, the second's), byes as their kind says. */
const pointsOf = (g: GameFacts): [number, number] => {
  if (g.second === null) return [g.byeKind !== undefined ? BYE_POINTS[g.byeKind] : (g.byePoints ?? 1), 0];
  if (g.shortGameScore !== undefined) return [g.shortGameScore, 1 - g.shortGameScore];
  const first = FIRST_POINTS[g.result] ?? 0;
  // a double forfeit ("unplayed"): nobody scores
  return g.result === 'unplayed' ? [0, 0] : [first, 1 - first];
};

const resultText = (g: GameFacts): string => {
  if (g.second === null) return `bye${g.byeKind ? ` (${g.byeKind})` : g.byePoints !== undefined ? ` (${g.byePoints})` : ''}`;
  if (g.shortGameScore !== undefined) return `${g.shortGameScore === 0.5 ? '½-½' : g.shortGameScore === 1 ? '1-0' : '0-1'} (played, not rated)`;
  return g.result;
};

/**
 * The standings' ranks of a closed tournament: the ones its closing recorded, else each player's place by points (1 +
 * the players with more points), as a club prints standings without tie-breaks.
 */
const placesOf = (recorded: Readonly<Record<string, number>> | undefined, players: readonly string[], points: ReadonlyMap<string, number>): Readonly<Record<string, number>> => {
  if (recorded !== undefined && Object.keys(recorded).length > 0) return recorded;
  const scores = players.map((id) => points.get(id) ?? 0);
  return Object.fromEntries(players.map((id, i) => [id, 1 + scores.filter((s) => s > scores[i]!).length]));
};

const verdictsOf = (run: GenericRun | undefined): Map<string, GenericGame['rating']> => new Map((run?.games ?? []).map((g) => [g.gameId, g.rating]));

/** "yes", or why a game was not rated (a bye, handicap stones, less than one move, a forfeit, the rule set's reason). */
const gameVerdict = (rated: boolean, v: GenericGame['rating'] | undefined, g: GameFacts): string => {
  if (!rated) return 'not yet (the tournament is not closed)';
  if (g.second === null) return 'no: a bye';
  // egd-gor rates go handicap games; the other rule sets have no rule for the stones
  if (g.handicapStones !== undefined && g.handicapStones > 0 && v?.rated !== true) return `no: ${g.handicapStones} handicap stone${g.handicapStones > 1 ? 's' : ''}`;
  if (g.shortGameScore !== undefined) return 'no: less than one move played';
  if (v === undefined) return 'no';
  if (v.rated) return 'yes';
  return `no: ${v.reason === 'not-played' ? (g.result.startsWith('forfeit') ? 'a forfeit' : 'not played') : v.reason}`;
};

/**
 * Every tournament of the ledger rated under one non-FESA rule set (`tournament show T --rules S`), newcomers entering
 * by the system's own rule or at their declared grade.
 */
export interface ForcedRuleSet {
  readonly ruleSet: GenericRuleSetId;
  readonly entry: 'system' | 'grade';
}

/**
 * The view of a tournament registered under a non-FESA rule set (or any tournament, every one rated under `forced`): its players in entry order with their rating before
 * and after it under the rule set that rated it, and every game with its colours, handicap stones and whether it was
 * rated (forfeits, byes and games of less than one move never are, handicap games only under egd-gor). Undefined for a
 * FESA tournament.
 */
export const ratedTournamentView = (facts: readonly LoggedEvent[], state: LedgerState, tournamentId: string, forced?: ForcedRuleSet): RatedTournamentView | undefined => {
  const tournament = state.tournaments.get(tournamentId);
  if (!tournament) throw new UnknownTournamentError(`no tournament "${tournamentId}" in the ledger`);
  const reg = tournament.registration;
  // registered under FESA but ending after an adoption of another rule set: that rule set's (as the folds rate it)
  if (forced === undefined && !isGenericRuleSet(ruleSetInForceOf(state, reg))) return undefined;
  const fold = foldGeneric(facts, forced === undefined ? { asOf: reg.endDate } : { asOf: reg.endDate, ruleSet: forced.ruleSet, entry: forced.entry });
  if (forced !== undefined && E.isLeft(fold)) throw unratable(fold.left);
  const run = E.isRight(fold) ? fold.right.runs.find((r) => r.tournamentId === tournamentId) : undefined;
  if (tournament.closed !== undefined && run === undefined) return undefined;
  const sys = run ? genericSystem(run.ruleSet) : undefined;
  // a player none of whose games was rated is not in the run: his rating is what the fold has, before and after
  const kept = run && E.isRight(fold) ? fold.right.states.get(run.ruleSet) : undefined;
  const ratingOf = (s: unknown): number | null => {
    const r = sys && s !== undefined ? sys.rating(s) : null;
    return r === null || r === undefined ? null : Math.round(r);
  };
  const verdict = verdictsOf(run);
  const order = [...((reg.entrants ?? []) as readonly string[])];
  const nr = (id: string): number => (order.includes(id) ? order.indexOf(id) : order.length);
  const games = [...tournament.games.values()].sort((a, b) => a.facts.round - b.facts.round || nr(a.facts.first) - nr(b.facts.first) || (a.gameId < b.gameId ? -1 : 1));
  const points = new Map<string, number>();
  for (const g of games) {
    if (g.withdrawn) continue;
    const [a, b] = pointsOf(g.facts);
    for (const [id, p] of [[g.facts.first, a], [g.facts.second, b]] as const) {
      if (id === null) continue;
      if (!order.includes(id)) order.push(id);
      points.set(id, (points.get(id) ?? 0) + p);
    }
  }
  const ranks = tournament.closed === undefined ? {} : placesOf(tournament.closed.finalRanks, order, points);
  const why = (gameId: string, g: GameFacts): string => gameVerdict(run !== undefined, verdict.get(gameId), g);
  return {
    tournamentId, name: reg.name, place: reg.place, startDate: reg.startDate, endDate: reg.endDate, ruleSet: run?.ruleSet ?? null, closed: tournament.closed !== undefined,
    ...(reg.chiefArbiter !== undefined ? { chiefArbiter: reg.chiefArbiter } : {}), ...(reg.deputyArbiters !== undefined ? { deputyArbiters: reg.deputyArbiters } : {}),
    ...(reg.tournamentClass !== undefined ? { tournamentClass: reg.tournamentClass } : {}), ...(reg.handicapRule !== undefined ? { handicapRule: reg.handicapRule } : {}),
    ...(reg.komi !== undefined ? { komi: reg.komi } : {}), ...(reg.region !== undefined ? { region: reg.region } : {}),
    players: order.map((id, i) => {
      const p = state.players.get(id);
      const r = p?.current ?? p?.registration;
      return {
        nr: i + 1, playerId: id, name: r ? (r.givenName ? `${r.familyName} ${r.givenName}` : r.familyName) : id, country: r?.country ?? '',
        before: ratingOf(run?.before[id] ?? kept?.get(id)), after: ratingOf(run?.after[id] ?? kept?.get(id)), points: points.get(id) ?? 0, ...(ranks[id] !== undefined ? { rank: ranks[id] } : {}),
      };
    }),
    games: games.map((g) => ({
      game: g.gameId, round: g.facts.round, date: g.validDate, first: g.facts.first, firstColour: g.facts.firstColour ?? null, second: g.facts.second, result: resultText(g.facts),
      ...(g.facts.handicapStones !== undefined ? { handicapStones: g.facts.handicapStones } : {}),
      rated: g.withdrawn ? 'no: withdrawn' : why(g.gameId, g.facts),
      status: g.withdrawn ? 'withdrawn' : g.corrections > 0 ? `corrected ${g.corrections}x` : '',
    })),
  };
};

/** One player's career under the non-FESA rule sets: opening balances, then each tournament with every game of his. */
export interface GenericCareer {
  readonly playerId: string;
  readonly name: string;
  readonly openingBalances: readonly { readonly date: string; readonly ruleSet: string; readonly rating: number | null; readonly source: string; readonly reason?: string }[];
  /** Grade changes under the systems with grades (US ranks, pan-atlantic grades and ratification requests), each with its rule. */
  readonly grades: readonly GradeChange[];
  readonly tournaments: readonly {
    readonly tournamentId: string;
    readonly name: string;
    readonly endDate: string;
    readonly ruleSet: string | null;
    readonly before: number | null;
    readonly after: number | null;
    readonly games: readonly {
      readonly game: string;
      readonly round: number;
      readonly colour: 'white' | 'black' | null;
      readonly opponent: string | null;
      /** The player's own result: win, loss, draw, forfeit-loss …, a bye's kind. */
      readonly result: string;
      readonly handicapStones?: number;
      readonly rated: string;
    }[];
  }[];
}

const FLIPPED: Partial<Record<GameFacts['result'], GameFacts['result']>> = { win: 'loss', loss: 'win', 'forfeit-win': 'forfeit-loss', 'forfeit-loss': 'forfeit-win' };
const OTHER_COLOUR = { white: 'black', black: 'white' } as const;

/**
 * The career `ledger history` gives a player of the non-FESA rule sets (a TRF or EGD import, an officer's balance):
 * undefined when he played in none of their tournaments and has no opening balance under them. Colours, handicap stones, byes and unrated games are there, from his side of the board.
 */
export const genericCareer = (facts: readonly LoggedEvent[], state: LedgerState, playerId: string, folded?: ReturnType<typeof foldGeneric>): GenericCareer | undefined =>
  careerReader(facts, state, folded)(playerId);

/**
 * `genericCareer` of every player of `facts` and `state`, the tournaments each played, the balances and the fold read
 * once for all of them (what a saved careers model is made of: one scan per player would be quadratic).
 */
export const careerReader = (facts: readonly LoggedEvent[], state: LedgerState, folded?: ReturnType<typeof foldGeneric>): ((playerId: string) => GenericCareer | undefined) => {
  // the tournaments the list counts: rated under the rule set in force at their end date (an adoption takes a
  // FESA-registered one too), whatever system they were registered under
  const adoptions = facts.flatMap((f) => (f.event.type === 'RuleSetAdopted' ? [{ event: f.event, position: f.globalPosition }] : []));
  const playedBy = new Map<string, Set<TournamentState>>();
  for (const t of state.tournaments.values()) {
    if (!isGenericRuleSet(ruleSetInForce(adoptions, t.registration))) continue;
    for (const g of t.games.values()) {
      if (g.withdrawn) continue;
      for (const id of [g.facts.first, g.facts.second]) if (id !== null) playedBy.set(id, (playedBy.get(id) ?? new Set()).add(t));
    }
  }
  // an officer's opening balance (a legacy list) is a career under its rule set before any game
  const balanced = new Set<string>(facts.flatMap((f) => (f.event.type === 'OpeningBalanceImported' && isGenericRuleSet(f.event.ruleSet) ? [f.event.playerId] : [])));
  let fold = folded;
  let runsById: Map<string, GenericRun> | undefined;
  return (playerId) => {
    const player = state.players.get(playerId);
    const played = [...(playedBy.get(playerId) ?? [])];
    if (player === undefined || (played.length === 0 && !balanced.has(playerId))) return undefined;
    // folded once, and only when a player has a career
    fold ??= foldGeneric(facts);
    const folded = fold;
    runsById ??= new Map((E.isRight(folded) ? folded.right.runs : []).map((run) => [run.tournamentId, run]));
    return careerOf(player, playerId, played, folded, runsById);
  };
};

const ratingUnder = (ruleSet: string, s: unknown): number | null => {
  if (s === undefined || !isGenericRuleSet(ruleSet)) return null;
  const r = genericSystem(ruleSet).rating(s);
  return r === null ? null : Math.round(r);
};

/** The name a career gives its player: as registered, or as corrected since. */
export const careerName = (player: PlayerState): string => {
  const r = player.current ?? player.registration;
  return r.givenName ? `${r.familyName} ${r.givenName}` : r.familyName;
};

const careerOf = (player: PlayerState, playerId: string, played: TournamentState[], fold: ReturnType<typeof foldGeneric>, runsById: ReadonlyMap<string, GenericRun>): GenericCareer => {
  return {
    playerId,
    name: careerName(player),
    openingBalances: (E.isRight(fold) ? playerItems(fold.right, playerId).officerFacts : [])
      .filter((f) => f.kind === 'opening-balance')
      .map((f) => ({ date: f.date, ruleSet: f.ruleSet, rating: f.changes[playerId]?.after === null || f.changes[playerId] === undefined ? null : Math.round(f.changes[playerId].after), source: (f.event as { source: string }).source, ...((f.event as { reason?: string }).reason !== undefined ? { reason: (f.event as { reason: string }).reason } : {}) })),
    grades: E.isRight(fold) ? gradeHistory(fold.right, playerId) : [],
    tournaments: played
      .sort((a, b) => (a.registration.endDate < b.registration.endDate ? -1 : a.registration.endDate > b.registration.endDate ? 1 : 0))
      .map((t) => {
        const reg = t.registration;
        const run = runsById.get(reg.tournamentId);
        const verdicts = verdictsOf(run);
        const games = [...t.games.values()]
          .filter((g) => !g.withdrawn && (g.facts.first === playerId || g.facts.second === playerId))
          .sort((a, b) => a.facts.round - b.facts.round)
          .map((g) => {
            const mine = g.facts.first === playerId;
            const colour = g.facts.firstColour === undefined ? null : mine ? g.facts.firstColour : OTHER_COLOUR[g.facts.firstColour];
            const shortScore = g.facts.shortGameScore === undefined ? undefined : mine ? g.facts.shortGameScore : 1 - g.facts.shortGameScore;
            const result = g.facts.second === null ? resultText(g.facts)
              : shortScore !== undefined ? `${shortScore === 1 ? 'win' : shortScore === 0 ? 'loss' : 'draw'} (less than one move, not rated)`
              : mine ? g.facts.result : FLIPPED[g.facts.result] ?? g.facts.result;
            return {
              game: g.gameId, round: g.facts.round, colour, opponent: mine ? g.facts.second : g.facts.first, result,
              ...(g.facts.handicapStones !== undefined ? { handicapStones: g.facts.handicapStones } : {}),
              rated: gameVerdict(run !== undefined, verdicts.get(g.gameId), g.facts),
            };
          });
        return {
          tournamentId: reg.tournamentId, name: reg.name, endDate: reg.endDate, ruleSet: run?.ruleSet ?? null,
          before: run ? ratingUnder(run.ruleSet, run.before[playerId]) : null, after: run ? ratingUnder(run.ruleSet, run.after[playerId]) : null, games,
        };
      }),
  };
};
