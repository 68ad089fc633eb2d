import * as E from 'fp-ts/Either';
import type { LedgerState } from '../../domain/commands/state';
import type { GameFacts, GameResult, LoggedEvent } from '../../domain/events';
import { foldGeneric } from '../../projections/generic/history';
import { genericSystem } from '../../projections/generic/systems';
import { trfPoints, type TrfPlayer, type TrfResultCode, type TrfRoundEntry, type TrfTournament } from './trf-file';
import type { Ledger } from './ledger';
import { CommandRejected } from './ledger';
import { LedgerFailure } from './failure';
import { fileReads } from './file-streams';
import { decideFile, refuseImportedBefore, type FileDecision, type Located, type TournamentFileOutcome } from './interchange';

/**
 * A FIDE tournament report (TRF16 or TRF-2026) as ledger facts, and back.
 *
 * Players: one with a FIDE number is the ledger player `FIDE-<number>` — the same person in every file, matched to the
 * ledger by that number and never registered twice (his name in the ledger stays as first registered). One without a
 * FIDE number becomes a new player `<tournament>-<starting rank>`: names are never matched, as two files spell one
 * person differently and two people share a name.
 *
 * Rule set: fide-2024 unless the import names fide or uscf-k.
 *
 * Ratings: the 001 record's rating is what FIDE published before the event. A player the ledger has no rating for under
 * the chosen rule set enters with it as an opening balance (source `TRF <tournament>`, dated the start), counted as
 * established (30 games: the file does not say how many he has, and FIDE K 40 is for players still under 30); a player
 * the ledger already rates keeps the ledger's rating, which the file does not override.
 */

export const TRF_RULE_SETS = ['fide-2024', 'fide', 'uscf-k'] as const;
export type TrfRuleSet = (typeof TRF_RULE_SETS)[number];
/** A club importing FIDE's report expects the numbers FIDE publishes (issue 31); the seed's Elo stays for comparison. */
export const TRF_DEFAULT_RULE_SET: TrfRuleSet = 'fide-2024';
/** Games a TRF rating counts for: established (see above). */
export const TRF_BALANCE_GAMES = 30;

export interface TrfImportOptions extends FileDecision {
  readonly file: string;
  readonly actor: string;
  readonly tournamentId: string;
  readonly ruleSet: TrfRuleSet;
  /** For files without 042/052 (pairing engines' test files): the dates to register the tournament with. */
  readonly startDate?: string;
  readonly endDate?: string;
  /** Decide the file and tell what it would change, recording nothing. */
  readonly dryRun?: boolean;  /** Today: the file's opening balances (dated its start) are refused after it, the whole file with them. */
  readonly today: string;
}

export type TrfImportOutcome = TournamentFileOutcome;

const RESULT_OF: Partial<Record<TrfResultCode, GameResult>> = { '1': 'win', '0': 'loss', '=': 'draw', '+': 'forfeit-win', '-': 'forfeit-loss' };
const SHORT_GAME: Partial<Record<TrfResultCode, 0 | 0.5 | 1>> = { W: 1, D: 0.5, L: 0 };
const BYE_KIND: Record<string, NonNullable<GameFacts['byeKind']>> = { H: 'half-point', F: 'full-point', U: 'pairing-allocated', Z: 'zero-point', '+': 'forfeit-win', '-': 'forfeit-loss' };

export const trfPlayerId = (tournamentId: string, p: TrfPlayer): string => (p.fideId !== null ? `FIDE-${p.fideId}` : `${tournamentId}-${p.startRank}`);

const splitName = (name: string): { familyName: string; givenName: string } => {
  const comma = name.indexOf(',');
  return comma < 0 ? { familyName: name, givenName: '' } : { familyName: name.slice(0, comma).trim() || name, givenName: name.slice(comma + 1).trim() };
};

const extremes = (dates: readonly (string | null)[]): { first?: string; last?: string } => {
  const known = dates.filter((d): d is string => d !== null).sort();
  return { first: known[0], last: known[known.length - 1] };
};

/** The file's facts as commands, each with the line it comes from. */
const trfCommands = (t: TrfTournament, o: TrfImportOptions, state: LedgerState, rated: ReadonlySet<string>): { commands: Located[]; counts: Omit<TrfImportOutcome, 'appended' | 'position' | 'dryRun' | 'consequences'> } => {
  const { first, last } = extremes(t.roundDates);
  const startDate = t.startDate ?? o.startDate ?? first;
  const endDate = t.endDate ?? o.endDate ?? last ?? startDate;
  if (startDate === undefined || endDate === undefined) {
    throw new CommandRejected(`${o.file}: the file has no date of start (record 042) nor round dates (record 132); give its first day and, if another, its last: --start YYYY-MM-DD [--end YYYY-MM-DD] (a submission over HTTP: options.startDate and options.endDate)`);
  }
  const { actor, tournamentId } = o;
  refuseImportedBefore(state, o.file, tournamentId, { name: t.name, place: t.city, startDate, endDate, ratingSystem: o.ruleSet, players: t.players.length });
  const idOf = new Map(t.players.map((p) => [p.startRank, trfPlayerId(tournamentId, p)]));
  const lineOf = new Map(t.players.map((p) => [p.startRank, p.line]));
  const at = (line: number) => `${o.file}, line ${line}`;
  const commands: Located[] = [];
  let newPlayers = 0;
  let openingBalances = 0;
  let matched = 0;
  for (const p of [...t.players].sort((a, b) => a.startRank - b.startRank)) {
    const playerId = idOf.get(p.startRank)!;
    if (p.fideId !== null && state.players.has(playerId)) matched++;
    if (!state.players.has(playerId)) {
      newPlayers++;
      commands.push({
        where: at(p.line),
        command: { kind: 'RegisterPlayer', validDate: startDate, actor, playerId, ...splitName(p.name), country: p.federation, ...(p.birthYear !== null ? { birthYear: p.birthYear } : {}) },
      });
    }
    if (p.rating !== null && !rated.has(playerId)) {
      openingBalances++;
      const birthYear = p.birthYear ?? state.players.get(playerId)?.registration.birthYear ?? null;
      commands.push({
        where: at(p.line),
        command: { kind: 'ImportOpeningBalance', validDate: startDate, actor, playerId, ruleSet: o.ruleSet, source: `TRF ${tournamentId}`, state: { rating: p.rating, games: TRF_BALANCE_GAMES, birthYear, reached2400: p.rating >= 2400 } },
      });
    }
  }
  // A ledger that imported this file before arbiters were kept has its registration without them: the same file
  // again is the same tournament, not "other details" (the arbiters are left as that registration has them).
  const registered = state.tournaments.get(tournamentId)?.registration;
  const withArbiters = registered === undefined || registered.chiefArbiter !== undefined || registered.deputyArbiters !== undefined;
  commands.push({
    where: o.file,
    command: {
      kind: 'RegisterTournament', validDate: startDate, actor, tournamentId, name: t.name, place: t.city, startDate, endDate, ratingSystem: o.ruleSet, rated: true,
      timeControl: { mainMinutes: 0, byoyomiSeconds: 0, incrementSeconds: 0 }, entrants: [...t.players].sort((a, b) => a.startRank - b.startRank).map((p) => idOf.get(p.startRank)!),
      ...(withArbiters && t.chiefArbiter ? { chiefArbiter: t.chiefArbiter } : {}), ...(withArbiters && t.deputyArbiters.length > 0 ? { deputyArbiters: [...t.deputyArbiters] } : {}),
    },
  });
  const dateOf = (round: number) => t.roundDates[round - 1] ?? endDate;
  for (const g of t.games) {
    const doubleForfeit = g.result === '-';
    const result: GameResult = RESULT_OF[g.result] && !(doubleForfeit && isDoubleForfeit(t, g)) ? RESULT_OF[g.result]! : 'unplayed';
    const shortGameScore = SHORT_GAME[g.result];
    commands.push({
      where: `${at(lineOf.get(g.first)!)}, round ${g.round}`,
      command: {
        kind: 'ReportGame', validDate: dateOf(g.round), actor, tournamentId, gameId: `r${g.round}-${g.first}-${g.second}`, round: g.round,
        first: idOf.get(g.first)!, second: idOf.get(g.second)!, result,
        ...(g.firstColour ? { firstColour: g.firstColour } : {}), ...(shortGameScore !== undefined ? { shortGameScore } : {}),
      },
    });
  }
  for (const b of t.byes) {
    commands.push({
      where: `${at(lineOf.get(b.player)!)}, round ${b.round}`,
      command: { kind: 'ReportGame', validDate: dateOf(b.round), actor, tournamentId, gameId: `r${b.round}-${b.player}-bye`, round: b.round, first: idOf.get(b.player)!, second: null, result: 'bye', byeKind: BYE_KIND[b.result] },
    });
  }
  const finalRanks = Object.fromEntries(t.players.filter((p) => p.rank !== null).map((p) => [idOf.get(p.startRank)!, p.rank!]));
  commands.push({ where: o.file, command: { kind: 'CloseTournament', validDate: endDate, actor, tournamentId, ...(Object.keys(finalRanks).length > 0 ? { finalRanks } : {}) } });
  return { commands, counts: { tournamentId, players: t.players.length, withId: t.players.filter((p) => p.fideId !== null).length, matched, newPlayers, openingBalances, games: t.games.length, byes: t.byes.length } };
};

/** A game both of whose lines say `-`: a double forfeit, which has no winner. */
const isDoubleForfeit = (t: TrfTournament, g: { round: number; second: number }): boolean =>
  t.players.find((p) => p.startRank === g.second)?.rounds.find((r) => r.round === g.round)?.result === '-';

/** The whole file is one decision: every fact is checked against the ledger and the facts above it, then all are recorded. */
export const importTrf = async (ledger: Ledger, t: TrfTournament, o: TrfImportOptions): Promise<TrfImportOutcome> => {
  const { knownUnder, reads } = await fileReads(ledger.store, { tournamentId: o.tournamentId, name: t.name, playerIds: t.players.map((p) => trfPlayerId(o.tournamentId, p)), also: o.alsoReads, saved: o.saved });
  const known = knownUnder(o.ruleSet);
  const { value, ...decided } = await decideFile(ledger, o.file, (state) => {
    const { commands, counts } = trfCommands(t, o, state, known);
    return { commands, value: counts };
  }, { ...o, reads });
  return { ...value, ...decided };
};

// ---- export -----------------------------------------------------------------------------------------------------

/** Asked to export a tournament the ledger does not hold. */
export class TrfExportError extends LedgerFailure {
  constructor(message: string) {
    super('not-found', message);
    this.name = 'TrfExportError';
  }
}

const CODES: Record<GameResult, [TrfResultCode, TrfResultCode]> = {
  win: ['1', '0'], loss: ['0', '1'], draw: ['=', '='], sennichite: ['=', '='], 'forfeit-win': ['+', '-'], 'forfeit-loss': ['-', '+'], unplayed: ['-', '-'], bye: ['U', 'U'],
};
const SHORT_CODES: Record<number, [TrfResultCode, TrfResultCode]> = { 1: ['W', 'L'], 0.5: ['D', 'D'], 0: ['L', 'W'] };
const BYE_CODE: Record<NonNullable<GameFacts['byeKind']>, TrfResultCode> = { 'half-point': 'H', 'full-point': 'F', 'pairing-allocated': 'U', 'zero-point': 'Z', 'forfeit-win': '+', 'forfeit-loss': '-' };

/**
 * A tournament of the ledger as a TRF's content: entrants in their order are the starting ranks (players of games
 * who are not entrants follow, by id); each player's rating is his rating under the tournament's rule set before it.
 * The final rank (columns 86-89, "ties allowed") is the one the closing recorded from the tournament's report; else
 * the standings by points: one more than the number of players with more points, so players level on points share a
 * rank (the ledger keeps no tie-break rules). The arbiters are the
 * registration's (records 102 and 112), when the ledger knows them.
 */
export const trfOfTournament = (facts: readonly LoggedEvent[], state: LedgerState, tournamentId: string): Omit<TrfTournament, 'games' | 'byes' | 'version'> => {
  const tournament = state.tournaments.get(tournamentId);
  if (!tournament) throw new TrfExportError(`unknown tournament "${tournamentId}"; ledger tournament list shows the tournaments`);
  const reg = tournament.registration;
  const games = [...tournament.games.values()].filter((g) => !g.withdrawn).map((g) => g.facts);
  const order = [...(reg.entrants ?? [])] as string[];
  const others = new Set<string>();
  for (const g of games) for (const id of [g.first, g.second]) if (id !== null && !order.includes(id)) others.add(id);
  order.push(...[...others].sort());
  const rank = new Map(order.map((id, i) => [id, i + 1]));
  const rounds = new Map<string, TrfRoundEntry[]>(order.map((id) => [id, []]));
  for (const g of games) {
    if (g.second === null) {
      const code = g.byeKind ? BYE_CODE[g.byeKind] : g.byePoints === 0.5 ? 'H' : g.byePoints === 0 ? 'Z' : 'U';
      rounds.get(g.first)!.push({ round: g.round, opponent: null, colour: null, result: code });
      continue;
    }
    const [mine, theirs] = g.result === 'unplayed' && g.shortGameScore !== undefined ? SHORT_CODES[g.shortGameScore]! : CODES[g.result];
    const colour = g.firstColour === 'white' ? 'w' : g.firstColour === 'black' ? 'b' : null;
    rounds.get(g.first)!.push({ round: g.round, opponent: rank.get(g.second)!, colour, result: mine });
    rounds.get(g.second)!.push({ round: g.round, opponent: rank.get(g.first)!, colour: colour === 'w' ? 'b' : colour === 'b' ? 'w' : null, result: theirs });
  }
  const ruleSet: string = reg.ratingSystem;
  const fold = foldGeneric(facts);
  const sys = (TRF_RULE_SETS as readonly string[]).includes(ruleSet) ? genericSystem(ruleSet) : undefined;
  const before = E.isRight(fold) ? fold.right.runs.find((r) => r.tournamentId === tournamentId)?.before ?? {} : {};
  const beforeStart = sys ? foldGeneric(facts, { asOf: reg.startDate }) : undefined;
  const ratingOf = (id: string): number | null => {
    if (!sys) return null;
    const s = before[id] ?? (beforeStart && E.isRight(beforeStart) ? beforeStart.right.states.get(sys.id)?.get(id) : undefined);
    const r = s === undefined ? null : sys.rating(s);
    return r === null ? null : Math.round(r);
  };
  const roundCount = Math.max(0, ...games.map((g) => g.round));
  const roundDates: (string | null)[] = Array.from({ length: roundCount }, () => null);
  for (const g of tournament.games.values()) if (!g.withdrawn) roundDates[g.facts.round - 1] ??= g.validDate;
  const pointsOf = new Map(order.map((id) => [id, trfPoints(rounds.get(id)!)]));
  const reported: Readonly<Record<string, number>> = tournament.closed?.finalRanks ?? {};
  const finalRank = (id: string): number => reported[id] ?? 1 + order.filter((other) => pointsOf.get(other)! > pointsOf.get(id)!).length;
  return {
    name: reg.name, city: reg.place, federation: '', startDate: reg.startDate, endDate: reg.endDate, roundDates,
    chiefArbiter: reg.chiefArbiter ?? '', deputyArbiters: reg.deputyArbiters ?? [],
    players: order.map((id) => {
      const p = state.players.get(id);
      const r = p?.current ?? p?.registration;
      const fide = /^FIDE-(\d+)$/.exec(id);
      const entries = rounds.get(id)!.sort((a, b) => a.round - b.round);
      return {
        line: 0, startRank: rank.get(id)!, sex: '', title: '', name: r ? (r.givenName ? `${r.familyName}, ${r.givenName}` : r.familyName) : id,
        rating: ratingOf(id), federation: r?.country ?? '', fideId: fide ? fide[1]! : null, birthYear: r?.birthYear ?? null, rank: finalRank(id), rounds: entries,
      };
    }),
  };
};
