import * as fs from 'fs';
import { listRuleSystems, listRuleSystemsJson } from '../../../app/rules/list';
import { runCases } from '../../../app/rules/run-case';
import { logChecksum, migrate } from '../../store/migrate';
import { openStore } from '../../store/open';
import { redact } from '../../store/shared';
import { UsageError } from '../args';
import type { CommandRun } from '../context';
import { Progress } from '../output';

const readStdin = (): string => fs.readFileSync(0, 'utf8');

export const runCase: CommandRun = {
  async run(ctx) {
    const file = ctx.opts.string('file');
    const out = runCases(file !== undefined ? fs.readFileSync(file, 'utf8') : readStdin());
    ctx.out(out);
    // the answers are JSON for programs either way; the exit code says whether any case was refused
    const answers = JSON.parse(out) as unknown;
    const refused = (Array.isArray(answers) ? answers : [answers]).filter((a) => typeof a === 'object' && a !== null && 'error' in a).length;
    if (refused > 0) ctx.err(`ledger: ${refused} case${refused > 1 ? 's' : ''} refused (see "error" in the output)`);
    return refused > 0 ? 1 : 0;
  },
};

export const list: CommandRun = {
  async run(ctx) {
    ctx.out(ctx.json ? listRuleSystemsJson() : listRuleSystems());
    return 0;
  },
};

export const migrateCommand: CommandRun = {
  async run(ctx) {
    const fromSpec = ctx.opts.required('from', 'source store');
    const toSpec = ctx.opts.required('to', 'target store');
    if (fromSpec === toSpec) throw new UsageError('--from and --to name the same store');
    const from = await openStore(fromSpec, { mustExist: true });
    let to;
    try {
      to = await openStore(toSpec, { migrationTarget: { source: redact(fromSpec), replace: ctx.opts.flag('replace') } });
    } catch (e) {
      await from.close();
      throw e;
    }
    try {
      const total = await from.headPosition();
      const progress = new Progress('migrating', total);
      const result = await migrate(from, to, (p) => progress.update(p.copied));
      progress.done();
      ctx.print(result, () => `copied ${result.copied} events from ${from.description} to ${to.description}; checksums ${result.source.sha256 === result.target.sha256 ? 'match' : 'DIFFER'}: ${result.target.sha256}`);
      return 0;
    } finally {
      await from.close();
      await to.close();
    }
  },
};

export const checksum: CommandRun = {
  async run(ctx) {
    const sum = await logChecksum(await ctx.store());
    ctx.print(sum, () => `${sum.events} events, sha256 ${sum.sha256}${sum.head === undefined ? '' : `, head hash ${sum.head}`}`);
    return 0;
  },
};
