import * as fs from 'fs';
import type { FesaCrosstable } from '../../../../projections/fesa/crosstable';
import { AS_ADOPTED, FESA_RULE_SETS } from '../../../../projections/fesa/history';
import { loadFacts } from '../../../app/load';
import { tournamentCrosstable, UnknownTournamentError } from '../../../app/tournaments';
import { formatTurneringHtml, lispScore } from '../../formats/fesa/turnering-html';
import { UsageError } from '../args';
import type { CliCommand } from '../context';
import { table } from '../output';

const FORMATS = ['table', 'fesa-html'] as const;

const crosstableText = (t: FesaCrosstable): string => {
  const rows = t.rows.map((r) => [
    r.nr,
    `${r.lastName}${r.firstName ? ` ${r.firstName}` : ''}`,
    r.nationality,
    r.gradeLevel > 0 ? `${r.gradeLevel} ${r.gradeName}` : '',
    `${r.rating}${r.provisional ? '*' : ''}`,
    r.rounds.map((g) => `${g.opponent}${g.score === 1 ? '+' : g.score === 0 ? '-' : '='}${g.handicap ? `(${g.handicap.side}${g.handicap.type})` : ''}`).join(' '),
    lispScore(r.points),
    r.change === null ? '' : r.change >= 0 ? `+${r.change}` : String(r.change),
  ]);
  const promotions = t.promotions.map((p) => `\n${p.lastName}${p.firstName ? ` ${p.firstName}` : ''} promoted to ${p.toLevel} ${p.toName}`).join('');
  return `${t.name} (${t.date})\n${table(['nr', 'player', 'nat', 'grade', 'rating', 'rounds', 'pts', '+/-'], rows)}\n(* provisional: the new performance rating)${promotions}`;
};

const show: CliCommand = {
  name: 'tournament show',
  summary: "a rated tournament's cross table: grades, ratings, results per round, points, rating changes, promotions",
  usage: 'tournament show ID [--format table|fesa-html] [--rules fesa|fesa-published] [--out FILE] [--json]',
  async run(ctx) {
    const id = ctx.opts.positional[0];
    if (!id) throw new UsageError('missing the tournament id: ledger tournament show ID [--format table|fesa-html]');
    const format = ctx.opts.string('format') ?? 'table';
    if (!(FORMATS as readonly string[]).includes(format)) throw new UsageError(`--format must be one of ${FORMATS.join(', ')}, got "${format}"`);
    const rules = ctx.opts.string('rules') ?? AS_ADOPTED;
    if (rules !== AS_ADOPTED && !(rules in FESA_RULE_SETS)) throw new UsageError(`--rules ${rules}: cross tables are available for ${Object.keys(FESA_RULE_SETS).join(', ')}`);
    let crosstable: FesaCrosstable;
    try {
      crosstable = tournamentCrosstable(await loadFacts(await ctx.store()), id, rules);
    } catch (e) {
      throw e instanceof UnknownTournamentError ? new UsageError(e.message) : e;
    }
    const out = ctx.opts.string('out');
    if (format === 'fesa-html') {
      // the program's file: ISO-8859-1, byte for byte
      const bytes = Buffer.from(formatTurneringHtml(crosstable), 'latin1');
      if (out !== undefined) fs.writeFileSync(out, bytes);
      else process.stdout.write(bytes);
      return 0;
    }
    const text = ctx.json ? JSON.stringify(crosstable, null, 2) : crosstableText(crosstable);
    if (out !== undefined) fs.writeFileSync(out, `${text}\n`);
    else ctx.out(text);
    return 0;
  },
};

export const tournamentCommands: readonly CliCommand[] = [show];
