import * as fs from 'fs';
import * as path from 'path';
import * as E from 'fp-ts/Either';
import { isId } from '../../../../domain/events/common';
import { loadFacts } from '../../../app/load';
import { today } from '../../clock';
import { importTrf, TRF_DEFAULT_RULE_SET, TRF_RULE_SETS, trfOfTournament, type TrfRuleSet } from '../../../app/trf';
import { readNamedFile } from '../../formats/files';
import { decodeTrf, formatTrf, parseTrf } from '../../formats/trf';
import { decodeEgd, parseEgd } from '../../formats/egd';
import { EGD_RULE_SETS, importEgd, type EgdRuleSet } from '../../../app/egd';
import type { TournamentFileOutcome } from '../../../app/interchange';
import { UsageError } from '../args';
import { consequencesText, savedUnlessDry } from '../consequences';
import type { CliContext, CommandRun } from '../context';

/** A file's text: UTF-8, or Latin-1 where it is not valid UTF-8 (older pairing programs write ISO-8859-1). */
export const readText = (file: string): string => decodeTrf(readNamedFile(file));

/** --tournament, or the file's name without its extension. */
const tournamentIdFor = (ctx: CliContext, file: string): string => {
  const id = ctx.opts.string('tournament') ?? path.basename(file).replace(/\.[^.]*$/, '');
  if (!isId(id)) throw new UsageError(`"${id}" cannot be a tournament id (1 to 200 characters, no "/" or "\\", no spaces at the ends); give one with --tournament ID`);
  return id;
};

/**
 * How a file's players were matched to the ledger's, said with every import: by the federation's number only, and
 * those without one are new players named after the tournament (names are never matched).
 */
const playersSentence = (o: TournamentFileOutcome, number: string, asId: string, withoutAs: string): string => {
  const without = o.players - o.withId;
  return (
    `${o.players} players: ${o.withId} with ${number} (${o.matched} matched to the ledger's player ${asId}, ${o.withId - o.matched} new), ` +
    `${without} without${without > 0 ? ` (players ${withoutAs}: names are never matched)` : ''}; ${o.newPlayers} registered`
  );
};
const recorded = (o: TournamentFileOutcome): string =>
  o.appended === 0 ? 'all already in the ledger, nothing recorded' : o.dryRun ? `dry run: ${o.appended} facts would be recorded; nothing recorded` : `${o.appended} facts recorded`;
/** The JSON answer: the consequences' fields beside the counts, as every write command answers them. */
const answer = ({ consequences, ...counts }: TournamentFileOutcome) => ({ ...counts, ...consequences });
/** The import's sentence, then what it changes in the ratings (nothing when the whole file was in the ledger). */
const withConsequences = (o: TournamentFileOutcome, sentence: string): string => [sentence, ...(o.appended === 0 ? [] : consequencesText(o.consequences))].join('\n');

export const trfImport: CommandRun = {
  async run(ctx) {
    const file = ctx.opts.positional[0];
    if (!file) throw new UsageError('missing the file: ledger trf import FILE [--tournament ID] [--rules fide-2024|fide|uscf-k]');
    const ruleSet = ctx.opts.string('rules') ?? TRF_DEFAULT_RULE_SET;
    if (!(TRF_RULE_SETS as readonly string[]).includes(ruleSet)) throw new UsageError(`--rules must be one of ${TRF_RULE_SETS.join(', ')}, got "${ruleSet}"`);
    const tournamentId = tournamentIdFor(ctx, file);
    const parsed = parseTrf(readText(file), file);
    if (E.isLeft(parsed)) throw parsed.left;
    const startDate = ctx.opts.date('start');
    const endDate = ctx.opts.date('end');
    const outcome = await importTrf(await ctx.ledger(), parsed.right, {
      file, actor: ctx.actor, tournamentId, ruleSet: ruleSet as TrfRuleSet, ...(startDate ? { startDate } : {}), ...(endDate ? { endDate } : {}), dryRun: ctx.opts.flag('dry-run'), saved: await savedUnlessDry(ctx, ctx.opts.flag('dry-run')), today: today(),
    });
    ctx.print(answer(outcome), () => withConsequences(outcome,
      `${file} (${parsed.right.version}): tournament ${tournamentId} "${parsed.right.name}", ${playersSentence(outcome, 'a FIDE number', 'FIDE-<number>', `${tournamentId}-<starting rank>`)}; ` +
      `${outcome.openingBalances} with their rating as opening balance under ${ruleSet}; ${outcome.games} games, ${outcome.byes} byes; ${recorded(outcome)}`));
    return 0;
  },
};

export const trfExport: CommandRun = {
  async run(ctx) {
    const tournamentId = ctx.opts.positional[0];
    if (!tournamentId) throw new UsageError('missing the tournament id: ledger trf export TOURNAMENT [--out FILE]');
    const store = await ctx.store();
    const facts = await loadFacts(store);
    const state = await (await ctx.ledger()).catchUp();
    const text = formatTrf(trfOfTournament(facts, state, tournamentId));
    const out = ctx.opts.string('out');
    if (out === undefined) process.stdout.write(text);
    else if (!fs.existsSync(path.dirname(path.resolve(out)))) throw new UsageError(`--out ${out} cannot be written: its folder ${path.dirname(out)} does not exist`);
    else fs.writeFileSync(out, text);
    return 0;
  },
};

export const egdImport: CommandRun = {
  async run(ctx) {
    const file = ctx.opts.positional[0];
    if (!file) throw new UsageError('missing the file: ledger egd import FILE [--tournament ID] [--rules egd-gor|gobase-go]');
    const ruleSet = ctx.opts.string('rules');
    if (ruleSet !== undefined && !(EGD_RULE_SETS as readonly string[]).includes(ruleSet)) throw new UsageError(`--rules must be one of ${EGD_RULE_SETS.join(', ')}, got "${ruleSet}"`);
    const tournamentId = tournamentIdFor(ctx, file);
    const parsed = parseEgd(decodeEgd(readNamedFile(file)), file);
    if (E.isLeft(parsed)) throw parsed.left;
    const outcome = await importEgd(await ctx.ledger(), parsed.right, { file, actor: ctx.actor, tournamentId, ...(ruleSet !== undefined ? { ruleSet: ruleSet as EgdRuleSet } : {}), dryRun: ctx.opts.flag('dry-run'), saved: await savedUnlessDry(ctx, ctx.opts.flag('dry-run')), today: today() });
    ctx.print(answer(outcome), () => withConsequences(outcome,
      `${file}: tournament ${tournamentId} "${parsed.right.name}", ${playersSentence(outcome, 'an EGD PIN', 'EGD-<PIN>', `${tournamentId}-<place>`)}; ` +
      `${outcome.openingBalances} starting from their grade under ${outcome.ruleSet}; ${outcome.games} games, ${outcome.byes} free rounds; ${recorded(outcome)}`));
    return 0;
  },
};
