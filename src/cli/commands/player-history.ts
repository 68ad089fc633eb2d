import * as E from 'fp-ts/Either';
import { foldFesa } from '../../../projections/fesa/history';
import { playerHistory } from '../../../projections/fesa/player-history';
import { loadFacts } from '../../history/load';
import { UsageError } from '../args';
import type { CliCommand } from '../context';
import { table } from '../output';

const history: CliCommand = {
  name: 'history',
  summary: "a player's rating history, grade history (with the rule that gave each grade) and dan-qualifying games",
  usage: 'history <player-id> [--rules fesa|fesa-published] [--as-of DATE] [--json]',
  async run(ctx) {
    const playerId = ctx.opts.positional[0];
    if (!playerId) throw new UsageError('missing the player id: ledger history <player-id>');
    const asOf = ctx.opts.string('as-of');
    const folded = foldFesa(await loadFacts(await ctx.store()), { ruleSet: ctx.opts.string('rules') ?? 'fesa', ...(asOf ? { asOf } : {}) });
    if (E.isLeft(folded)) throw new Error(folded.left);
    const h = playerHistory(folded.right, playerId);
    if (E.isLeft(h)) throw new UsageError(h.left);
    if (ctx.json) {
      ctx.out(JSON.stringify(h.right, null, 2));
      return 0;
    }
    const { ratings, grades, danQualifying } = h.right;
    ctx.out(`${playerId}: rating history`);
    ctx.out(table(['date', 'tournament', 'method', 'games', 'before', 'after', 'change', 'total', 'bonus', 'LB', 'MP'], ratings.map((r) => [r.date, r.tournamentId, r.method, r.games, r.before, r.after, r.change, `${r.totalGames}${r.provisional ? 'p' : ''}`, r.bonusCount, r.lbStreak, r.mpStreak])));
    ctx.out('\ngrade history');
    ctx.out(grades.length === 0 ? 'no grade yet' : table(['date', 'grade', 'rule', 'tournament / reason'], grades.map((g) => [g.date, g.grade, g.rule, g.tournamentId ?? g.reason])));
    ctx.out('\ndan-qualifying games (seed 000 §7b: games against opponents rated at least the midpoint of the grade below)');
    ctx.out(table(['target', 'needed', 'vs at least', 'games', 'opponents', 'satisfied'], danQualifying.map((d) => [`${d.dan} Dan`, d.required, d.minOpponent, d.games, d.distinctOpponents, d.satisfied ? 'yes' : 'no'])));
    return 0;
  },
};

export const playerHistoryCommands: readonly CliCommand[] = [history];
