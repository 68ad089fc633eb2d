import { verifyLedger } from '../../../app/verify';
import { UsageError } from '../args';
import type { CommandRun } from '../context';

const verify: CommandRun = {
  name: 'verify',
  async run(ctx) {
    const notedHead = ctx.opts.string('head');
    if (notedHead !== undefined && !/^[0-9a-f]{64}$/.test(notedHead)) throw new UsageError(`--head must be a hash as verify prints it (64 hexadecimal digits), got "${notedHead}"`);
    const report = await verifyLedger(await ctx.store(), notedHead !== undefined ? { notedHead } : {});
    ctx.print(report, () =>
      [
        report.chainBreak === undefined ? `${report.events} events chained` : `the chain holds up to the event before position ${report.chainBreak.position}`,
        `${report.lists.filter((l) => l.reproduced).length} of ${report.lists.length} published lists reproduced`,
        report.head === undefined ? 'the log is empty' : `head: position ${report.head.position}, hash ${report.head.hash}`,
      ].join('\n'),
    );
    for (const finding of report.findings) ctx.err(finding);
    return report.findings.length === 0 ? 0 : 1;
  },
};

export const auditCommands: readonly CommandRun[] = [verify];
