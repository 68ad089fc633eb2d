import { LIST_PRINTER } from '../../formats/list-printer';
import fs from 'node:fs';
import readline from 'node:readline';
import { once } from 'node:events';
import type { LoggedEvent } from '../../../../domain/events';
import { consequences, ledgerRatings } from '../../../app/consequences';
import { loadFacts } from '../../../app/load';
import { exportLines, importLog } from '../../../app/log-export';
import { consequencesText } from '../consequences';
import { verifyLedger } from '../../../app/verify';
import { openInputFile } from '../../formats/files';
import { UsageError } from '../args';

/** An export of a federation's whole history is some hundred MB; a file of more than 16 GB is not one. */
const MAX_LOG_FILE_BYTES = 16 * 1024 ** 3;
import type { CommandRun } from '../context';

export const verify: CommandRun = {
  async run(ctx) {
    const notedHead = ctx.opts.string('head');
    if (notedHead !== undefined && !/^[0-9a-f]{64}$/.test(notedHead)) throw new UsageError(`--head must be a hash as verify prints it (64 hexadecimal digits), got "${notedHead}"`);
    const report = await verifyLedger(await ctx.store(), LIST_PRINTER, notedHead !== undefined ? { notedHead } : {}, await ctx.checkpoints());
    ctx.print(report, () =>
      [
        report.chainBreak === undefined ? `${report.events} events chained` : `the chain holds up to the event before position ${report.chainBreak.position}`,
        `${report.lists.filter((l) => l.reproduced).length} of ${report.lists.length} published lists reproduced`,
        report.head === undefined ? (report.chainBreak === undefined ? 'the log is empty' : 'no head: the log cannot be read past the break') : `head: position ${report.head.position}, hash ${report.head.hash}`,
      ].join('\n'),
    );
    for (const finding of report.findings) ctx.err(finding);
    return report.findings.length === 0 ? 0 : 1;
  },
};

export const exportLog: CommandRun = {
  async run(ctx) {
    const file = ctx.opts.required('jsonl', 'the file to write, e.g. ledger.jsonl');
    const store = await ctx.store();
    // written beside, then renamed: a file named FILE is always a whole export
    const partial = `${file}.partial`;
    let events = -2;
    let closing = '';
    try {
      const out = fs.createWriteStream(partial);
      try {
        // an error of the file (no such folder, a full disk) comes as an event: it ends the loop below
        const failed = once(out, 'error').then(([e]) => Promise.reject(e as Error));
        failed.catch(() => undefined);
        for await (const line of exportLines(store)) {
          events++;
          closing = line;
          if (!out.write(`${line}\n`)) await Promise.race([once(out, 'drain'), failed]);
        }
        out.end();
        await Promise.race([once(out, 'finish'), failed]);
      } catch (e) {
        out.destroy();
        fs.rmSync(partial, { force: true });
        throw e;
      }
      fs.renameSync(partial, file);
    } catch (e) {
      // the temporary file is ours, not the user's: a message about it names the file asked for
      if ((e as { path?: unknown }).path === partial) (e as { path: string }).path = file;
      throw e;
    }
    const { sha256, head } = JSON.parse(closing) as { sha256: string; head?: string };
    ctx.print({ file, events, sha256, head }, () => `wrote ${events} events to ${file}; checksum ${sha256}${head === undefined ? '' : `, head hash ${head}`}`);
    return 0;
  },
};

const lines = (file: string): AsyncIterable<string> => readline.createInterface({ input: fs.createReadStream(file), crlfDelay: Infinity });

export const importLogCommand: CommandRun = {
  async run(ctx) {
    const file = ctx.opts.required('jsonl', 'the export to read, e.g. ledger.jsonl');
    if (!fs.existsSync(file)) throw new UsageError(`--jsonl ${file}: there is no such file`);
    if (fs.statSync(file).isDirectory()) throw new UsageError(`--jsonl ${file} is a folder, expected an export file`);
    // read as a stream, so a large log costs no memory; what is not a regular file (/dev/zero) would never end
    fs.closeSync(openInputFile(file, MAX_LOG_FILE_BYTES));
    const dryRun = ctx.opts.flag('dry-run');
    const store = await ctx.createStore();
    const replayed: LoggedEvent[] = [];
    const result = await importLog(store, file, () => lines(file), undefined, { dryRun, ...(dryRun ? { onReplayed: (fact: LoggedEvent) => replayed.push(fact) } : {}) });
    // the rebuilt store's own positions, once written: those are what a later reference to a fact names
    const found = consequences(ledgerRatings([]), ledgerRatings(dryRun ? replayed : await loadFacts(store)));
    const sums = `checksum ${result.sha256}${result.head === undefined ? '' : `, head hash ${result.head}`}`;
    ctx.print({ ...result, dryRun, ...found }, () => [
      dryRun ? `dry run: ${result.events} events of ${file} checked for ${store.description}; nothing imported; ${sums}` : `imported ${result.events} events from ${file} into ${store.description}; ${sums}`,
      ...consequencesText(found),
    ].join('\n'));
    return 0;
  },
};
