import type { Command } from '../../../domain/commands/decide';
import { streamsReadByAll, type StreamIndex, type StreamsRead } from '../../../domain/commands/reads';
import type { LedgerState } from '../../../domain/commands/state';
import { tournamentStream } from '../../../domain/events';
import type { CheckpointStorage } from '../ports/checkpoint-storage';
import type { RunChange } from '../../../projections/fesa/diff';
import { CommandRejected } from '../errors';
import { GAME_FIELDS } from '../game-fields';
import { decideRows, gameCommand, unknownColumns, type FieldTable, type FileRow, type RowsDecided } from '../game-rows';
import type { Ledger } from '../ledger';

export interface GamesCsvOptions {
  readonly file: string;
  readonly tournamentId: string;
  readonly actor: string;
  /** The day the submission was received: the date of a game that gives none and whose tournament has no end. */
  readonly receivedOn: string;
  readonly dryRun?: boolean;
  readonly alsoDecide?: readonly Command[];
  /** The streams `alsoDecide` reads (the submission's). */
  readonly alsoReads?: readonly string[];
  readonly saved?: CheckpointStorage;
}

const refused = (message: string): never => {
  throw new CommandRejected(message);
};

/**
 * A games CSV's rows as `game report --csv` makes them (the same parser and the same decider), every row at fault
 * named at once. A submission is of one tournament: a row of another is refused. The tournament must be in the
 * ledger already, as for `game report --csv` (its decider says how to register it).
 */
const rowsOf = (table: FieldTable, o: GamesCsvOptions, endDate: (tournamentId: string) => string | undefined): { rows: FileRow[]; problems: string[] } => {
  const columns = unknownColumns(o.file, table.header, GAME_FIELDS);
  if (columns !== undefined) throw new CommandRejected(columns);
  if (table.records.length === 0) throw new CommandRejected(`${o.file}: no games, only the header; expected one game a row (${GAME_FIELDS.join(',')})`);
  const problems: string[] = [];
  const rows: FileRow[] = [];
  for (const record of table.records) {
    const where = `${o.file}, line ${record.line}`;
    try {
      const command = gameCommand({ where, get: record.get }, { actor: o.actor, kind: 'ReportGame', defaultDate: endDate, today: o.receivedOn, refuse: refused });
      const of = (command as { tournamentId: string }).tournamentId;
      if (of !== o.tournamentId) problems.push(`${where}: the game is of tournament "${of}"; this submission is of ${o.tournamentId} (one tournament a submission)`);
      else rows.push({ where, commands: [command] });
    } catch (error) {
      if (!(error instanceof CommandRejected)) throw error;
      problems.push(error.message);
    }
  }
  return { rows, problems };
};

const lineOf = (problem: string): number => Number(/, line (\d+)/.exec(problem)?.[1] ?? 0);

/** Rated tournaments whose ratings the games change (a late result in a closed tournament), as a preview lists them. */
export const rerated = (decided: RowsDecided): RunChange[] =>
  decided.consequences.changes
    .filter((c) => c.tournament !== '-')
    .map((c) => ({ tournamentId: c.tournament, date: c.date, playerId: c.player, oldRating: c.before.rating, newRating: c.after.rating }));

/** The games of a submitted CSV decided as one operation (recorded with `alsoDecide`, or not under `dryRun`). */
export const decideGamesCsv = async (ledger: Ledger, table: FieldTable, o: GamesCsvOptions): Promise<RowsDecided> => {
  // the tournament's own stream says its end date: a submission is of one tournament
  const state = await ledger.stateOfStreams(() => [tournamentStream(o.tournamentId)]);
  const { rows, problems } = rowsOf(table, o, (t) => state.tournaments.get(t)?.registration.endDate);
  const commands = rows.flatMap((r) => r.commands);
  // a command made from the state (none of a game's row today) reads what only the whole state says
  const games = commands.every((c): c is Command => typeof c !== 'function') ? streamsReadByAll(commands) : undefined;
  // Object.assign keeps what the reads say of themselves (an index asked, a decision at the head)
  const reads: StreamsRead | undefined = games && Object.assign((read: LedgerState, index: StreamIndex) => [...games(read, index), ...(o.alsoReads ?? [])], games);
  if (problems.length === 0) return decideRows(ledger, o.file, rows, { dryRun: o.dryRun, everyRefusal: true, alsoDecide: o.alsoDecide, saved: o.saved, reads });
  // the rows that could be read are decided too (nothing recorded), so that the one answer names every row at fault
  try {
    await decideRows(ledger, o.file, rows, { dryRun: true, everyRefusal: true });
  } catch (error) {
    if (!(error instanceof CommandRejected)) throw error;
    problems.push(...error.message.split('\n'));
  }
  throw new CommandRejected(problems.sort((a, b) => lineOf(a) - lineOf(b)).join('\n'));
};
