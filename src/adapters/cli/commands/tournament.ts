import * as fs from 'fs';
import type { FesaCrosstable } from '../../../../projections/fesa/crosstable';
import { AS_ADOPTED, FESA_RULE_SETS } from '../../../../projections/fesa/history';
import { loadFacts } from '../../../app/load';
import { readTournamentModel } from '../../../app/career-model';
import { ratedTournamentViewOf } from '../../../app/rated-tournament';
import { tournamentUnderRuleSet, type TournamentUnderRuleSet } from '../../../app/side-by-side';
import { crosstableOfInputs, reportedGamesOf, tournamentCrosstable, type RatedTournamentView, type ReportedGame } from '../../../app/tournaments';
import { GENERIC_RULE_SETS, isGenericRuleSet } from '../../../../projections/generic/systems';
import { careerModelStale, fromCareerModel } from './career';
import { formatTurneringHtml, lispScore } from '../../formats/fesa/turnering-html';
import { UsageError } from '../args';
import type { CliContext, CommandRun } from '../context';
import { table } from '../output';

const FORMATS = ['table', 'fesa-html'] as const;

const crosstableText = (t: FesaCrosstable, games: readonly ReportedGame[]): string => {
  const rows = t.rows.map((r) => [
    r.nr,
    `${r.lastName}${r.firstName ? ` ${r.firstName}` : ''}`,
    r.nationality,
    r.gradeLevel > 0 ? `${r.gradeLevel} ${r.gradeName}` : '',
    r.provisional ? '-' : r.rating,
    r.provisional ? `${r.rating}*` : r.rating + (r.change ?? 0),
    r.rounds.map((g) => `${g.opponent}${g.score === 1 ? '+' : g.score === 0 ? '-' : '='}${g.handicap ? `(${g.handicap.side}${g.handicap.type})` : ''}`).join(' '),
    lispScore(r.points),
    r.change === null ? '' : r.change >= 0 ? `+${r.change}` : String(r.change),
  ]);
  const promotions = t.promotions.map((p) => `\n${p.lastName}${p.firstName ? ` ${p.firstName}` : ''} promoted to ${p.toLevel} ${p.toName}`).join('');
  const gameRows = games.map((g) => [g.game, g.round, g.first, g.second ?? '(bye)', g.result, g.handicap, g.status]);
  // the footnote explains the stars: a tournament of established players has none
  const footnote = t.rows.some((r) => r.provisional) ? '\n(* provisional: the new performance rating)' : '';
  return (
    `${t.name} (${t.date})\n${table(['nr', 'player', 'nat', 'grade', 'before', 'after', 'rounds', 'pts', '+/-'], rows)}${footnote}${promotions}` +
    `\n\nGames (ledger game correct --game ID):\n${table(['game', 'round', 'first', 'second', 'result', 'handicap', ''], gameRows)}`
  );
};

const signed = (n: number): string => (n >= 0 ? `+${n}` : String(n));

const goHeader = (t: RatedTournamentView): string => {
  const parts = [t.tournamentClass && `class ${t.tournamentClass}`, t.handicapRule && `handicap rule ${t.handicapRule}`, t.komi && `komi ${t.komi}`].filter(Boolean);
  return parts.length > 0 ? `\n${parts.join(', ')}` : '';
};

/** A tournament under fide, uscf-k, gobase-go …: players with ratings before and after, games with colours and stones. */
const ratedTournamentText = (t: RatedTournamentView): string => {
  const arbiters = t.chiefArbiter !== undefined || (t.deputyArbiters ?? []).length > 0
    ? `\narbiters: ${[t.chiefArbiter, ...(t.deputyArbiters ?? []).map((d) => `${d} (deputy)`)].filter((a) => a !== undefined && a !== '').join(', ')}`
    : '';
  const heading = `${t.name} (${t.tournamentId})${t.place ? `, ${t.place}` : ''}${t.region !== undefined ? ` (${t.region})` : ''}, ${t.startDate}${t.endDate !== t.startDate ? ` to ${t.endDate}` : ''}: ` +
    `${t.closed ? `closed, rated under ${t.ruleSet}` : 'not closed yet, so not rated'}${arbiters}${goHeader(t)}`;
  const players = t.players.map((p) => [p.nr, p.playerId, p.name, p.country, p.before ?? '-', p.after ?? '-', p.before !== null && p.after !== null ? signed(p.after - p.before) : '', p.points, p.rank ?? '']);
  const colour = (c: 'white' | 'black' | null, first: boolean): string => (c === null ? '' : first === (c === 'white') ? 'white' : 'black');
  const games = t.games.map((g) => [g.game, g.round, g.date, g.first, colour(g.firstColour, true), g.second ?? '(bye)', colour(g.firstColour, false), g.result, g.handicapStones ?? '', g.rated, g.status]);
  return (
    `${heading}\n${table(['nr', 'player', 'name', 'fed', 'before', 'after', '+/-', 'pts', 'rank'], players)}` +
    `\n\nGames (result as the first player's; ledger game correct --game ID):\n${table(['game', 'round', 'date', 'first', 'colour', 'second', 'colour', 'result', 'stones', 'rated', ''], games)}`
  );
};

/** `tournament show T --rules S` of a non-FESA S: every tournament of the ledger rated under it (side-by-side.ts). */
const forcedView = async (ctx: CliContext, id: string, ruleSet: string): Promise<TournamentUnderRuleSet> =>
  tournamentUnderRuleSet(await loadFacts(await ctx.store()), id, ruleSet)!;

const forcedText = (forced: TournamentUnderRuleSet, ruleSet: string): string => {
  const note = forced.enteredAtGrade ? `\n(nobody on the ledger is rated under ${ruleSet} by its own entry rule: its newcomers entered at their declared grade's midpoint, as in ledger diff --rules)` : '';
  return `${ratedTournamentText(forced.view)}\n\nEvery tournament of the ledger rated under ${ruleSet}, as asked (--rules ${ruleSet}); ledger tournament show without --rules gives the ratings as recorded.${note}`;
};

export const show: CommandRun = {
  async run(ctx) {
    const id = ctx.opts.positional[0];
    if (!id) throw new UsageError('missing the tournament id: ledger tournament show ID [--format table|fesa-html]');
    const format = ctx.opts.string('format') ?? 'table';
    if (!(FORMATS as readonly string[]).includes(format)) throw new UsageError(`--format must be one of ${FORMATS.join(', ')}, got "${format}"`);
    const rules = ctx.opts.string('rules') ?? AS_ADOPTED;
    if (rules !== AS_ADOPTED && !(rules in FESA_RULE_SETS) && !isGenericRuleSet(rules)) {
      throw new UsageError(`--rules ${rules}: unknown rule set; known are ${[...Object.keys(FESA_RULE_SETS), ...GENERIC_RULE_SETS].join(', ')}`);
    }
    const out = ctx.opts.string('out');
    const write = (text: string): void => {
      if (out !== undefined) fs.writeFileSync(out, `${text}\n`);
      else ctx.out(text);
    };
    if (isGenericRuleSet(rules)) {
      if (format === 'fesa-html') throw new UsageError(`--format fesa-html is the FESA program's page; under --rules ${rules} leave --format out`);
      const forced = await forcedView(ctx, id, rules);
      write(ctx.json ? JSON.stringify({ ...forced.view, asked: { rules, enteredAtGrade: forced.enteredAtGrade } }, null, 2) : forcedText(forced, rules));
      return 0;
    }
    // another rule system's tournament (fide, uscf-k, gobase-go …): from the part of the log its fold reads (its
    // tournaments, their players), starting from the index of registrations and ledger-wide facts saved next to the log;
    // with --rules fesa|fesa-published the FESA fold rates it below, as it rates every tournament under a forced rule set
    const rated = rules === AS_ADOPTED ? await ratedTournamentViewOf(await ctx.store(), id, { storage: await ctx.checkpoints() }) : undefined;
    if (rated !== undefined) {
      if (format === 'fesa-html') throw new UsageError(`--format fesa-html is the FESA program's page; tournament "${id}" is registered under ${rated.ruleSet ?? 'a non-FESA rule set'} (leave --format out)`);
      write(ctx.json ? JSON.stringify(rated, null, 2) : ratedTournamentText(rated));
      return 0;
    }
    // the careers' read model keeps what the engine rated a FESA tournament from; without it (no run of it: the fold
    // says why), the facts folded
    const onStale = careerModelStale(ctx);
    const inputs = await fromCareerModel(ctx, 'tournament show', rules, (store, checkpoints) => readTournamentModel(store, checkpoints, rules, id, onStale));
    const crosstable = inputs !== undefined ? crosstableOfInputs(inputs) : tournamentCrosstable(await loadFacts(await ctx.store()), id, rules);
    if (format === 'fesa-html') {
      // the program's file: ISO-8859-1, byte for byte
      const bytes = Buffer.from(formatTurneringHtml(crosstable), 'latin1');
      if (out !== undefined) fs.writeFileSync(out, bytes);
      else process.stdout.write(bytes);
      return 0;
    }
    const games = await reportedGamesOf(await ctx.store(), id);
    write(ctx.json ? JSON.stringify({ ...crosstable, games }, null, 2) : crosstableText(crosstable, games));
    return 0;
  },
};

export const list: CommandRun = {
  async run(ctx) {
    const state = await (await ctx.readLedger()).catchUp();
    const rows = [...state.tournaments.values()]
      .sort((a, b) => (a.registration.endDate < b.registration.endDate ? -1 : a.registration.endDate > b.registration.endDate ? 1 : 0))
      .map((t) => ({
        id: t.registration.tournamentId,
        name: t.registration.name,
        start: t.registration.startDate,
        end: t.registration.endDate,
        games: [...t.games.values()].filter((g) => !g.withdrawn).length,
        closed: t.closed !== undefined,
      }));
    ctx.print(rows, () => (rows.length === 0 ? 'no tournaments yet (ledger tournament add)' : table(['id', 'name', 'start', 'end', 'games', 'closed'], rows.map((r) => [r.id, r.name, r.start, r.end, r.games, r.closed ? 'yes' : 'no']))));
    return 0;
  },
};
