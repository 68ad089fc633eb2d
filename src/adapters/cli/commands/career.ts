import { FoldProgress } from '../output';
import * as E from 'fp-ts/Either';
import { unratable } from '../../../app/failure';
import { playerCareer, renderCareer } from '../../../../projections/fesa/career';
import { AS_ADOPTED, FESA_RULE_SETS } from '../../../../projections/fesa/history';
import { FesaProjection } from '../../../../projections/fesa/incremental';
import { rebuildProjection } from '../../../app/checkpoint';
import { loadFacts } from '../../../app/load';
import { defaultStoreSpec } from '../../store/open';
import { UsageError } from '../args';
import type { CliContext, CommandRun } from '../context';

const ruleSetOf = (ctx: CliContext): string => {
  const id = ctx.opts.string('rules');
  if (id === undefined) return AS_ADOPTED;
  if (!(id in FESA_RULE_SETS)) throw new UsageError(`--rules ${id}: available are ${Object.keys(FESA_RULE_SETS).join(', ')}`);
  return id;
};

const history: CommandRun = {
  name: 'history',
  async run(ctx) {
    const playerId = ctx.opts.positional[0];
    if (!playerId) throw new UsageError('missing the player id: ledger history <player-id> [--json]');
    const progress = new FoldProgress('history');
    const projection = new FesaProjection({ ruleSet: ruleSetOf(ctx), runs: 'reports', onProgress: progress.fold });
    projection.apply(await loadFacts(await ctx.store(), undefined, progress.read));
    const folded = projection.current();
    progress.done();
    if (E.isLeft(folded)) throw unratable(folded.left);
    const career = playerCareer(folded.right, playerId);
    if (E.isLeft(career)) throw new UsageError(career.left);
    ctx.out(ctx.json ? JSON.stringify(career.right, null, 2) : renderCareer(career.right));
    return 0;
  },
};

const rebuild: CommandRun = {
  name: 'projections rebuild',
  async run(ctx) {
    const ruleSet = ruleSetOf(ctx);
    const started = process.hrtime.bigint();
    const checkpoints = await ctx.checkpoints();
    if (checkpoints === undefined) throw new UsageError(`projection checkpoints are kept next to the log in SQLite or PostgreSQL; the store "${ctx.storeSpec ?? defaultStoreSpec()}" keeps none (list and the other commands fold from the log)`);
    const result = await rebuildProjection(await ctx.store(), checkpoints, { ruleSet });
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    const folded = result.projection.current();
    if (E.isLeft(folded)) throw unratable(folded.left);
    const summary = { ruleSet, position: result.projection.position, events: result.eventsRead, players: folded.right.list.length, milliseconds: Math.round(ms) };
    ctx.print(summary, () => `projection ${ruleSet} rebuilt from ${summary.events} events up to position ${summary.position}: ${summary.players} players on the list (${summary.milliseconds} ms); checkpoint saved`);
    return 0;
  },
};

export const careerCommands: readonly CommandRun[] = [history, rebuild];
