import type { LedgerState } from '../../domain/commands/state';
import type { GameFacts, GameResult } from '../../domain/events';
import type { EgdPlayer, EgdSymbol, EgdTournament } from './egd-table';
import type { Ledger } from './ledger';
import { fileReads } from './file-streams';
import { decideFile, refuseImportedBefore, type FileDecision, type Located, type TournamentFileOutcome } from './interchange';

/**
 * A European Go Database tournament table as ledger facts, rated under `egd-gor` (the EGD's own GoR) unless the
 * import names `gobase-go`.
 *
 * Players: one with an EGD PIN is the ledger player `EGD-<PIN>` in every file (registered once, his ledger name kept);
 * one without is a new player `<tournament>-<place>` — names are never matched. A player the ledger has nothing for
 * under the rule set enters with the file's grade as an opening balance (`{rating: null, games: 0, rank}`, source
 * `EGD <tournament>`): that grade's starting rating on the rule set's scale. Games keep their colours (Black is the
 * first player) and handicap stones; egd-gor rates a handicap game, gobase-go has no handicap rule and does not; a
 * game given without play (`!`) and the free rounds are recorded and never rated. The header's class (which egd-gor
 * weighs the tournament by), handicap rule and komi are kept with the tournament's registration.
 */

/** The go rule sets an EGD table can be rated under; the first is the default. */
export const EGD_RULE_SETS = ['egd-gor', 'gobase-go'] as const;
export type EgdRuleSet = (typeof EGD_RULE_SETS)[number];

export interface EgdImportOptions extends FileDecision {
  readonly file: string;
  readonly actor: string;
  readonly tournamentId: string;
  /** Absent: the go rule set the tournament was imported under before, else egd-gor. */
  readonly ruleSet?: EgdRuleSet;
  /** Decide the table and tell what it would change, recording nothing. */
  readonly dryRun?: boolean;  /** Today: the file's opening balances (dated its start) are refused after it, the whole file with them. */
  readonly today: string;
}

export type EgdImportOutcome = TournamentFileOutcome & { readonly ruleSet: EgdRuleSet };

export const egdPlayerId = (tournamentId: string, p: EgdPlayer): string => (p.pin !== null ? `EGD-${p.pin}` : `${tournamentId}-${p.place}`);

const RESULT_OF: Record<EgdSymbol, GameResult> = { '+': 'win', '-': 'loss', '=': 'draw' };
const FORFEIT_OF: Record<EgdSymbol, GameResult> = { '+': 'forfeit-win', '-': 'forfeit-loss', '=': 'unplayed' };
/** The format's free rounds: `0+` a free win, `0-` a free round, `0=` a free round with 0.5 added. */
const BYE_KIND: Record<EgdSymbol, NonNullable<GameFacts['byeKind']>> = { '+': 'full-point', '-': 'zero-point', '=': 'half-point' };

const egdCommands = (t: EgdTournament, o: EgdImportOptions & { readonly ruleSet: EgdRuleSet }, state: LedgerState, known: ReadonlySet<string>): { commands: Located[]; value: Omit<EgdImportOutcome, 'appended' | 'position' | 'dryRun' | 'consequences'> } => {
  const { actor, tournamentId, ruleSet } = o;
  refuseImportedBefore(state, o.file, tournamentId, { name: t.name, place: t.place, startDate: t.startDate, endDate: t.endDate, ratingSystem: ruleSet, players: t.players.length });
  const idOf = new Map(t.players.map((p) => [p.place, egdPlayerId(tournamentId, p)]));
  const lineOf = new Map(t.players.map((p) => [p.place, p.line]));
  const at = (line: number) => `${o.file}, line ${line}`;
  const byPlace = [...t.players].sort((a, b) => a.place - b.place);
  const commands: Located[] = [];
  let newPlayers = 0;
  let openingBalances = 0;
  let matched = 0;
  for (const p of byPlace) {
    const playerId = idOf.get(p.place)!;
    if (p.pin !== null && state.players.has(playerId)) matched++;
    if (!state.players.has(playerId)) {
      newPlayers++;
      commands.push({
        where: at(p.line),
        command: { kind: 'RegisterPlayer', validDate: t.startDate, actor, playerId, familyName: p.familyName, givenName: p.givenName, country: p.country, ...(p.club ? { club: p.club } : {}) },
      });
    }
    if (!known.has(playerId)) {
      openingBalances++;
      commands.push({
        where: at(p.line),
        command: { kind: 'ImportOpeningBalance', validDate: t.startDate, actor, playerId, ruleSet, source: `EGD ${tournamentId}`, state: { rating: null, games: 0, rank: p.rank } },
      });
    }
  }
  // A ledger that imported this table before the header was kept has its registration without it: the same table
  // again is the same tournament, not "other details" (the header left as that registration has it).
  const registered = state.tournaments.get(tournamentId)?.registration;
  const withHeader = registered === undefined || registered.tournamentClass !== undefined || registered.handicapRule !== undefined || registered.komi !== undefined;
  commands.push({
    where: o.file,
    command: {
      kind: 'RegisterTournament', validDate: t.startDate, actor, tournamentId, name: t.name, place: t.place, startDate: t.startDate, endDate: t.endDate,
      ratingSystem: ruleSet, rated: true, timeControl: { mainMinutes: 0, byoyomiSeconds: 0, incrementSeconds: 0 }, entrants: byPlace.map((p) => idOf.get(p.place)!),
      ...(withHeader && t.tournamentClass ? { tournamentClass: t.tournamentClass } : {}), ...(withHeader && t.handicapRule ? { handicapRule: t.handicapRule } : {}),
      ...(withHeader && t.komi ? { komi: t.komi } : {}),
    },
  });
  for (const g of t.games) {
    const result = g.bothLost ? 'unplayed' : g.unplayed ? FORFEIT_OF[g.symbol] : RESULT_OF[g.symbol];
    commands.push({
      where: `${at(lineOf.get(g.first)!)}, round ${g.round}`,
      command: {
        kind: 'ReportGame', validDate: t.endDate, actor, tournamentId, gameId: `r${g.round}-${g.first}-${g.second}`, round: g.round, first: idOf.get(g.first)!, second: idOf.get(g.second)!, result,
        ...(g.firstColour ? { firstColour: g.firstColour } : {}), ...(g.stones > 0 ? { handicapStones: g.stones } : {}),
      },
    });
  }
  for (const b of t.byes) {
    commands.push({
      where: `${at(lineOf.get(b.player)!)}, round ${b.round}`,
      command: { kind: 'ReportGame', validDate: t.endDate, actor, tournamentId, gameId: `r${b.round}-${b.player}-bye`, round: b.round, first: idOf.get(b.player)!, second: null, result: 'bye', byeKind: BYE_KIND[b.symbol] },
    });
  }
  commands.push({ where: o.file, command: { kind: 'CloseTournament', validDate: t.endDate, actor, tournamentId } });
  return { commands, value: { tournamentId, ruleSet, players: t.players.length, withId: t.players.filter((p) => p.pin !== null).length, matched, newPlayers, openingBalances, games: t.games.length, byes: t.byes.length } };
};

/** The whole table is one decision: every fact checked against the ledger and the ones above it, then all recorded. */
export const importEgd = async (ledger: Ledger, t: EgdTournament, o: EgdImportOptions): Promise<EgdImportOutcome> => {
  const { knownUnder, reads } = await fileReads(ledger.store, { tournamentId: o.tournamentId, name: t.name, playerIds: t.players.map((p) => egdPlayerId(o.tournamentId, p)), also: o.alsoReads, saved: o.saved });
  const { value, ...decided } = await decideFile(ledger, o.file, (state) => {
    // a table imported again keeps the rule set it was imported under (gobase-go was the only one before egd-gor)
    const before = state.tournaments.get(o.tournamentId)?.registration.ratingSystem;
    const ruleSet = o.ruleSet ?? EGD_RULE_SETS.find((r) => r === before) ?? EGD_RULE_SETS[0];
    return egdCommands(t, { ...o, ruleSet }, state, knownUnder(ruleSet));
  }, { ...o, reads });
  return { ...value, ...decided };
};
