import type { Command } from '../../domain/commands/decide';
import type { StreamsRead } from '../../domain/commands/reads';
import type { LedgerState } from '../../domain/commands/state';
import { GAME_RESULTS, type GameResult } from '../../domain/events';
import { decideAllWithConsequences, type Consequences } from './consequences';
import { CommandRejected } from './errors';
import { DECIMAL } from './game-fields';
import type { Ledger } from './ledger';
import type { CheckpointStorage } from './ports/checkpoint-storage';

/** One command's fields, from flags or from a CSV row (same names); `where` names the source in errors. */
export interface FieldInput {
  readonly where: string;
  readonly get: (name: string) => string | undefined;
}

/** A CSV file as read: its header (lower case) and its rows, each with the line it starts on. */
export interface FieldTable {
  readonly header: readonly string[];
  readonly records: readonly { readonly line: number; readonly get: (name: string) => string | undefined }[];
}

/** The sentence refusing a file's header with columns the command does not read, or undefined. */
export const unknownColumns = (file: string, header: readonly string[], fields: readonly string[]): string | undefined => {
  const unknown = header.filter((h) => !fields.includes(h));
  return unknown.length === 0 ? undefined : `${file}, line 1: unknown column${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}; expected ${fields.join(', ')}`;
};

/** `--replay-of none` says a corrected game replays no other (the way `--handicap even` removes a handicap). */
export const NO_REPLAY = 'none';

const parseResult = (value: string, where: string, refuse: (message: string) => never): GameResult => {
  const aliases: Record<string, GameResult> = { '1-0': 'win', '0-1': 'loss', '1/2': 'draw', '+': 'win', '-': 'loss', '=': 'draw', forfeit: 'forfeit-win' };
  const result = (GAME_RESULTS as readonly string[]).includes(value) ? (value as GameResult) : aliases[value];
  return result ?? refuse(`${where}: result "${value}" is not one of ${GAME_RESULTS.join(', ')} (or 1-0, 0-1, 1/2)`);
};

export interface GameCommandOptions {
  readonly actor: string;
  readonly kind: 'ReportGame' | 'CorrectResult';
  /** The date a game without one is played on (its tournament's end); `today` when that is not known either. */
  readonly defaultDate: (tournamentId: string) => string | undefined;
  readonly today: string;
  /** How a field at fault is refused: the CLI's usage error, a submission's rejection. */
  readonly refuse: (message: string) => never;
}

/** One game from flags or from a CSV row; both use the same field names. */
export const gameCommand = (input: FieldInput, o: GameCommandOptions): Command => {
  const need = (name: string) => input.get(name) ?? o.refuse(`${input.where}: missing ${name}`);
  const tournamentId = need('tournament');
  const round = need('round');
  if (!/^\d+$/.test(round)) o.refuse(`${input.where}: round must be a positive integer, got "${round}"`);
  const result = parseResult(need('result'), input.where, o.refuse);
  const handicap = input.get('handicap');
  const num = (name: string) => {
    const v = input.get(name);
    if (v === undefined) return undefined;
    if (!DECIMAL.test(v)) o.refuse(`${input.where}: ${name} must be a number written in digits (such as 90 or 1.5), got "${v}"`);
    return Number(v);
  };
  // a time control is given by any of its parts; a part not given is 0 (a report) or stays as it was (a correction)
  const main = num('main');
  const byoyomi = num('byoyomi');
  const increment = num('increment');
  const timed = main !== undefined || byoyomi !== undefined || increment !== undefined;
  const replayOf = input.get('replay-of');
  return {
    kind: o.kind,
    validDate: input.get('date') ?? o.defaultDate(tournamentId) ?? o.today,
    actor: o.actor,
    tournamentId,
    gameId: need('game'),
    round: Number(round),
    first: need('first'),
    second: result === 'bye' ? (input.get('second') ?? null) : need('second'),
    result,
    ...(handicap !== undefined && handicap !== 'even' ? { handicap: { type: handicap, giver: need('giver') } } : {}),
    ...(timed ? { timeControl: { mainMinutes: main ?? 0, byoyomiSeconds: byoyomi ?? 0, incrementSeconds: increment ?? 0 } } : {}),
    ...(replayOf !== undefined && replayOf !== NO_REPLAY ? { replayOf } : {}),
  } as Command;
};

/** One row of a file: where it is and the commands it makes (one may need the state with the rows above it). */
export interface FileRow {
  readonly where: string;
  readonly commands: readonly (Command | ((state: LedgerState) => Command))[];
}

export interface RowsDecided {
  readonly rows: number;
  readonly appended: number;
  readonly unchanged: number;
  readonly consequences: Consequences;
}

/**
 * Every row of a file decided as one operation: each is checked against the ledger and the rows above it, then all
 * are recorded, or none. The first refused row is named by file and line; with `everyRefusal` every one is (one a
 * line), so that a submitter fixes his file once. `alsoDecide` follows the rows in the same operation.
 */
export const decideRows = async (
  ledger: Ledger,
  file: string,
  rows: readonly FileRow[],
  options: { readonly dryRun?: boolean; readonly everyRefusal?: boolean; readonly alsoDecide?: readonly Command[]; readonly saved?: CheckpointStorage; readonly reads?: StreamsRead } = {},
): Promise<RowsDecided> => {
  const { value: appended, consequences } = await decideAllWithConsequences(ledger, (draft) => {
    let count = 0;
    const refusals: string[] = [];
    for (const { where, commands } of rows) {
      try {
        // a row counts as recorded when its first fact (the game, the registration) is new
        if (commands.map((c) => draft.decide(typeof c === 'function' ? c(draft.state) : c))[0]!.status === 'appended') count++;
      } catch (error) {
        if (!(error instanceof CommandRejected)) throw error;
        refusals.push(`${where}: ${error.message}`);
        if (!options.everyRefusal) break;
      }
    }
    if (refusals.length === 1 && !options.everyRefusal) throw new CommandRejected(`${refusals[0]}; nothing of ${file} was recorded`);
    if (refusals.length > 0) throw new CommandRejected(refusals.join('\n'));
    for (const command of options.alsoDecide ?? []) draft.decide(command);
    return count;
  }, options.dryRun === true, options.saved, options.reads);
  return { rows: rows.length, appended, unchanged: rows.length - appended, consequences };
};
