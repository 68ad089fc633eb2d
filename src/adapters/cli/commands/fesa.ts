import * as E from 'fp-ts/Either';
import { CommandRejected } from '../../../app/errors';
import { UsageError } from '../args';
import type { CliContext, CommandRun } from '../context';
import { consequencesText, savedUnlessDry } from '../consequences';
import { printFesaRun } from '../fesa-run-main';
import { Progress, table } from '../output';
import type { FoldDiff } from '../../../../projections/fesa/diff';

export const fesaRun: CommandRun = {
  async run(ctx) {
    const dir = ctx.opts.positional[0];
    if (!dir) throw new UsageError('missing the event folder: ledger fesa run <dir> [--out-dir DIR | --out FILE]');
    const out = ctx.opts.string('out');
    const outDir = ctx.opts.string('out-dir');
    if (out !== undefined && outDir !== undefined) throw new UsageError('give --out FILE (the post list only) or --out-dir DIR (all three files), not both');
    await printFesaRun({ dir, ...(out !== undefined ? { out } : {}), ...(outDir !== undefined ? { outDir } : {}) }, ctx.json, (text) => ctx.out(text));
    return 0;
  },
};

export const printChanges = (ctx: CliContext, changes: FoldDiff): void => {
  if (changes.runs.length === 0 && changes.list.length === 0) {
    ctx.out('no rating changed in tournaments rated before');
    return;
  }
  if (changes.runs.length > 0) {
    ctx.out('Ratings changed per tournament:');
    ctx.out(table(['tournament', 'date', 'player', 'old', 'new'], changes.runs.map((r) => [r.tournamentId, r.date, r.playerId, r.oldRating ?? '-', r.newRating ?? '-'])));
  }
  if (changes.list.length > 0) {
    ctx.out('\nCurrent list differences:');
    ctx.out(table(['player', 'old rating', 'new rating', 'old grade', 'new grade'], changes.list.map((c) => [c.playerId, c.oldRating ?? '-', c.newRating ?? '-', c.oldGrade, c.newGrade])));
  }
};

export const fesaImport: CommandRun = {
  async run(ctx) {
    const dir = ctx.opts.positional[0];
    if (!dir) throw new UsageError('missing the folder: ledger fesa import <folder> [--reconcile] [--correct]');
    const [{ readEventFolders }, { importFesaFolders }] = await Promise.all([import('../../formats/fesa/folders'), import('../../../app/fesa-import')]);
    const folders = readEventFolders(dir);
    if (E.isLeft(folders)) throw new CommandRejected(folders.left);
    const from = ctx.opts.string('from');
    const only = ctx.opts.string('only');
    const ledger = await ctx.ledger();
    const progress = new Progress('importing', 1);
    const dryRun = ctx.opts.flag('dry-run');
    // one folder is decided from its streams and the saved checkpoint (app/fesa-import-saved.ts)
    const saved = await savedUnlessDry(ctx, dryRun);
    const outcome = await importFesaFolders(ledger, folders.right, {
      actor: ctx.actor,
      dryRun,
      withConsequences: true,
      reconcile: ctx.opts.flag('reconcile'),
      correct: ctx.opts.flag('correct'),
      ...(saved !== undefined ? { saved } : {}),
      ...(from !== undefined ? { from } : {}),
      ...(only !== undefined ? { only: only.split(',').map((s) => s.trim()).filter(Boolean) } : {}),
      onProgress: (done, total, folder) => {
        progress.setTotal(total);
        progress.update(done, folder);
      },
    });
    progress.done();
    const { consequences, ...counts } = outcome;
    if (ctx.json) {
      // `changes` stays the FESA diff it always was; the per-player consequences sit beside it, as in other writes
      ctx.out(JSON.stringify({ ...counts, dryRun, consequences }, null, 2));
      return 0;
    }
    ctx.out(
      table(
        ['folder', 'date', dryRun ? 'would record' : 'recorded', 'unchanged', 'note'],
        outcome.folders.map((f) => [
          f.folder,
          f.date,
          f.appended,
          f.unchanged,
          [f.late ? 'late report: later tournaments re-rated' : '', f.corrections > 0 ? `${f.corrections} correction(s)` : '', f.reconciled.length > 0 ? `reconciled ${f.reconciled.length} difference(s)` : ''].filter(Boolean).join('; '),
        ]),
      ),
    );
    for (const f of outcome.folders) for (const d of f.reconciled) ctx.out(`  reconciled ${f.folder}: ${d}`);
    if (outcome.folders.every((f) => f.appended === 0)) {
      ctx.out('all already in the ledger, nothing recorded');
      return 0;
    }
    ctx.out(`\n${dryRun ? 'dry run: nothing recorded; ratings it would change' : 'Ratings changed'} per tournament and player:`);
    ctx.out(consequencesText(consequences!).join('\n'));
    return 0;
  },
};
