import type { Command } from '../../../domain/commands/decide';
import type { LedgerState } from '../../../domain/commands/state';
import type { StreamsRead } from '../../../domain/commands/reads';
import { overrideSentences, ratingAndGradeText, recordWithConsequences, type Consequences, type RatingAndGrade } from '../../app/consequences';
import type { CheckpointStorage } from '../../app/ports/checkpoint-storage';
import type { CliContext } from './context';
import { table } from './output';

const shown = (r: RatingAndGrade): string => ratingAndGradeText(r, '-');

/** The table of a write's consequences, then one line per change a later officer fact overrides. */
export const consequencesText = (c: Consequences): string[] => {
  if (c.unavailable !== undefined) return [`the ratings before and after cannot be compared: ${c.unavailable}`];
  if (c.changes.length === 0) return ['no rating or grade changed'];
  return [
    table(['tournament', 'date', 'player', 'name', 'rule set', 'before', 'after'], c.changes.map((x) => [x.tournament, x.date, x.player, x.name, x.ruleSet, shown(x.before), shown(x.after)])),
    ...overrideSentences(c).map((s) => `note: ${s}`),
  ];
};

/**
 * The checkpoint storage a write's consequences read (src/app/saved-ratings.ts), none under --dry-run: opening it makes
 * its tables and a slice may save the rated-tournaments index, and a dry run leaves the store's file as it was.
 */
export const savedUnlessDry = async (ctx: CliContext, dryRun: boolean): Promise<CheckpointStorage | undefined> => (dryRun ? undefined : ctx.checkpoints());

/**
 * A write command's answer: what was recorded (or, under --dry-run, would be) and what it changes in the ratings
 * per tournament and player. `what` is the sentence of the recorded fact ("game g1 of oslo corrected"); `dryRun` is
 * the command's --dry-run (read where the command reads its options, so that its usage is checked against them).
 */
export const recordAndReport = async (ctx: CliContext, command: Command | ((state: LedgerState) => Command), what: string, dryRun: boolean, reads?: StreamsRead): Promise<number> => {
  const { result, consequences } = await recordWithConsequences(await ctx.ledger(), command, dryRun, await savedUnlessDry(ctx, dryRun), reads);
  const head =
    result.status === 'unchanged' ? `${what}: already recorded, nothing changed`
    : dryRun ? `dry run: ${what}; nothing recorded`
    : `${what} (recorded at position ${result.position})`;
  ctx.print(
    { status: result.status, dryRun, stream: result.stream, ...(result.position !== undefined ? { position: result.position } : {}), events: result.events, ...consequences },
    () => [head, ...(result.status === 'unchanged' ? [] : consequencesText(consequences))].join('\n'),
  );
  return 0;
};
