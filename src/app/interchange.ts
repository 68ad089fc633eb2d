import * as E from 'fp-ts/Either';
import { canonicalJson, type Command } from '../../domain/commands/decide';
import type { StreamsRead } from '../../domain/commands/reads';
import type { LedgerState } from '../../domain/commands/state';
import type { LoggedEvent } from '../../domain/events';
import { foldGeneric } from '../../projections/generic/history';
import { type GenericRuleSetId } from '../../projections/generic/systems';
import type { Ledger } from './ledger';
import type { CheckpointStorage } from './ports/checkpoint-storage';
import { CommandRejected } from './ledger';
import { decideAllWithConsequences, type Consequences } from './consequences';
import { refuseBalanceAfterToday } from './opening-balance';

/** What importing one tournament file (TRF, EGD) recorded: counts of what it held and of the events appended. */
export interface TournamentFileOutcome {
  readonly tournamentId: string;
  readonly players: number;
  /** Players with a FIDE number (TRF) or an EGD PIN: the ledger player FIDE-<number> / EGD-<PIN> in every file. */
  readonly withId: number;
  /** Of those, the ones the ledger had already (matched by that number, never by name). */
  readonly matched: number;
  readonly newPlayers: number;
  readonly openingBalances: number;
  readonly games: number;
  readonly byes: number;
  readonly appended: number;
  readonly position?: number;
  /** true: decided and not recorded (`appended` counts what would be). */
  readonly dryRun: boolean;
  /** What the file changes in the ratings, per tournament and player. */
  readonly consequences: Consequences;
}

/** A command read from a file, with where it comes from (file and line) for the one sentence a refusal gives. */
export interface Located {
  readonly where: string;
  readonly command: Command;
}

/**
 * Players the ledger already knows under a rule set: rated there, entered by its newcomer rule in a game (rated yet or
 * not: a balance then would rewrite that record, which the deciders refuse), or given an opening balance for it. A
 * results file's rating or rank never overrides what the ledger has; it only starts a player the ledger has nothing for.
 */
export const knownUnder = (facts: readonly LoggedEvent[], ruleSet: GenericRuleSetId): Set<string> => {
  const known = new Set<string>();
  for (const f of facts) if (f.event.type === 'OpeningBalanceImported' && f.event.ruleSet === ruleSet) known.add(f.event.playerId);
  const fold = foldGeneric(facts);
  if (E.isRight(fold)) {
    for (const id of fold.right.states.get(ruleSet)?.keys() ?? []) known.add(id);
  }
  return known;
};

/** How a file is decided: tried out only (nothing recorded), or with more commands in the same decision (an approval). */
export interface FileDecision {
  readonly dryRun?: boolean;
  /** Decided after the file's commands, in the same whole-or-nothing append (a submission's approval). */
  readonly alsoDecide?: readonly Command[];
  /** The checkpoint storage beside the log: the consequences from what it saved (saved-ratings.ts). */
  readonly saved?: CheckpointStorage;
  /** The streams the file's decision reads, for a ledger that decides from streams (else the whole log's state). */
  readonly reads?: StreamsRead;
  /** The streams the `alsoDecide` commands read (a submission's, for its approval). */
  readonly alsoReads?: readonly string[];
  /** The tournament is recorded already (a corrected submission): a game it holds with other facts is corrected, not reported again. */
  readonly correct?: boolean;
  /** The day the file is decided on: an opening balance it makes dated after it is refused, as `player balance`'s is. */
  readonly today?: string;
}

/**
 * Under `correct`, a ReportGame of a game the tournament holds with other facts than its file's becomes its
 * CorrectResult (back to the facts first reported too), and one of a game corrected to the file's facts already is
 * nothing to decide: the report's idempotency is judged against the facts first reported, so it would be refused.
 */
const correcting = (state: LedgerState, command: Command, file: string): Command | undefined => {
  if (command.kind !== 'ReportGame') return command;
  const { kind: _kind, validDate, actor, tournamentId, gameId, ...facts } = command as Command & { tournamentId: string; gameId: string };
  const old = state.tournaments.get(tournamentId)?.games.get(gameId);
  if (old === undefined || old.withdrawn) return command;
  if (canonicalJson(facts) === canonicalJson(old.facts)) return canonicalJson(old.facts) === canonicalJson(old.reported) ? command : undefined;
  return { kind: 'CorrectResult', validDate, actor, tournamentId, gameId, reason: `corrected results file ${file}`, ...facts } as Command;
};

/**
 * Under `correct`, the games a tournament holds that the corrected file no longer has are withdrawn (as a corrected
 * FESA folder's are), on the date the file gives its games: the file is the tournament's results now.
 */
const withdrawingLeftOut = (state: LedgerState, commands: readonly Located[], file: string): Command[] => {
  const reported = new Map<string, { readonly games: Set<string>; readonly validDate: string; readonly actor: string }>();
  for (const { command } of commands) {
    if (command.kind !== 'ReportGame') continue;
    const t = reported.get(command.tournamentId) ?? { games: new Set<string>(), validDate: command.validDate, actor: command.actor };
    t.games.add(command.gameId);
    reported.set(command.tournamentId, t);
  }
  return [...reported].flatMap(([tournamentId, { games, validDate, actor }]) =>
    [...(state.tournaments.get(tournamentId)?.games ?? [])]
      .filter(([gameId, game]) => !game.withdrawn && !games.has(gameId))
      .map(([gameId]) => ({ kind: 'WithdrawGame', validDate, actor, tournamentId, gameId, reason: `not in the corrected results file ${file}` })),
  );
};

/**
 * A whole file as one decision: its commands are decided in order against the ledger and the ones above them, then
 * all are appended at once, or nothing (a refusal names the file's line and says nothing was recorded).
 */
export const decideFile = async <T>(
  ledger: Ledger,
  file: string,
  build: (state: LedgerState) => { commands: readonly Located[]; value: T },
  decision: FileDecision = {},
): Promise<{ value: T; appended: number; position?: number; dryRun: boolean; consequences: Consequences }> => {
  const dryRun = decision.dryRun === true;
  const { value, events, position, consequences } = await decideAllWithConsequences(ledger, (draft) => {
    const { commands, value } = build(draft.state);
    // the games the corrected file no longer has go first: a player's bye in their place is refused while he plays them
    if (decision.correct === true) for (const withdrawal of withdrawingLeftOut(draft.state, commands, file)) draft.decide(withdrawal);
    for (const { where, command } of commands) {
      try {
        const decided = decision.correct === true ? correcting(draft.state, command, file) : command;
        if (decided?.kind === 'ImportOpeningBalance' && decision.today !== undefined) refuseBalanceAfterToday(draft.state, decided.playerId, decided.ruleSet, decided.validDate, decision.today);
        if (decided !== undefined) draft.decide(decided);
      } catch (error) {
        if (error instanceof CommandRejected) throw new CommandRejected(`${where}: ${error.message}; nothing of ${file} was recorded`);
        throw error;
      }
    }
    for (const command of decision.alsoDecide ?? []) draft.decide(command);
    return value;
  }, dryRun, decision.saved, decision.reads);
  return { value, appended: events.length, ...(position !== undefined ? { position } : {}), dryRun, consequences };
};

/** What makes two results files the same tournament, whatever their file names: its name, place, dates and field. */
export interface TournamentIdentity {
  readonly name: string;
  readonly place: string;
  readonly startDate: string;
  readonly endDate: string;
  readonly ratingSystem: string;
  readonly players: number;
}

/**
 * Refuses a results file whose tournament the ledger holds already under another id. The id comes from the file name
 * unless given, so the same file copied under another name would otherwise record every game a second time.
 */
export const refuseImportedBefore = (state: LedgerState, file: string, tournamentId: string, same: TournamentIdentity): void => {
  for (const [id, { registration: r }] of state.tournaments) {
    if (id === tournamentId) continue;
    if (r.name === same.name && r.place === same.place && r.startDate === same.startDate && r.endDate === same.endDate && r.ratingSystem === same.ratingSystem && (r.entrants?.length ?? -1) === same.players) {
      throw new CommandRejected(`${file}: its tournament ("${same.name}", ${same.startDate} to ${same.endDate}, ${same.players} players) was imported before as "${id}"; a tournament is recorded once (give --tournament ${id} to import the file again under that id); nothing of ${file} was recorded`);
    }
  }
};
