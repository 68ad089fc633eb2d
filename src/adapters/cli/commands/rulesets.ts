import * as E from 'fp-ts/Either';
import { unratable } from '../../../app/failure';
import type { Command } from '../../../../domain/commands/decide';
import { BUCKETS } from '../../../../domain/evaluation/metrics';
import { GENERIC_RULE_SETS, type EntryPolicy } from '../../../../projections/generic/systems';
import { footballEvents, loadFootballMatches } from '../../formats/football';
import { evaluateLedger, evaluateReplay, unknownRuleSet, type Evaluation, type EvaluationRow } from '../../../app/evaluate';
import { loadFacts } from '../../../app/load';
import { adoptRuleSet, CONVERSION_RULE_SETS, driftCorrection, oneTimeConversion, redetermination } from '../../../app/rules/officer';
import { decideAllWithConsequences, recordWithConsequences, type Consequences } from '../../../app/consequences';
import { UsageError } from '../args';
import { consequencesText } from '../consequences';
import type { CliContext, CommandRun } from '../context';
import { table } from '../output';


/** `--option k=v`: the value is read as JSON when it is JSON (numbers, booleans, null), else as a string. */
export const parseOptionFlags = (values: readonly string[]): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  for (const kv of values) {
    const eq = kv.indexOf('=');
    if (eq <= 0) throw new UsageError(`--option must be key=value, got "${kv}"`);
    const raw = kv.slice(eq + 1);
    let value: unknown = raw;
    try {
      value = JSON.parse(raw);
    } catch {
      value = raw;
    }
    out[kv.slice(0, eq)] = value;
  }
  return out;
};


/**
 * The commands of one officer operation, decided together and recorded all at once or not at all (`dryRun`: decided
 * only), with what they change in the ratings.
 */
const executeAll = async (ctx: CliContext, commands: readonly Command[], dryRun: boolean): Promise<{ appended: number; unchanged: number; consequences: Consequences }> => {
  const { value: appended, consequences } = await decideAllWithConsequences(await ctx.ledger(), (draft) => commands.filter((c) => draft.decide(c).status === 'appended').length, dryRun);
  return { appended, unchanged: commands.length - appended, consequences };
};

/** An officer fact decided, recorded unless `dryRun`, with its consequences beside the command's own answer. */
const recordOfficerFact = async (ctx: CliContext, command: Command, dryRun: boolean) => {
  const { result, consequences } = await recordWithConsequences(await ctx.ledger(), command, dryRun);
  const recorded = result.status === 'unchanged' ? ' (already recorded)' : dryRun ? ' (dry run, nothing recorded)' : ` (recorded at position ${result.position})`;
  return { status: result.status, dryRun, consequences, recorded, lines: result.status === 'unchanged' ? [] : consequencesText(consequences) };
};

const orThrow = <T>(x: E.Either<string, T>): T => {
  if (E.isLeft(x)) throw new UsageError(x.left);
  return x.right;
};

// ---- officer commands ------------------------------------------------------------------------------------------

export const adopt: CommandRun = {
  async run(ctx) {
    const ruleSetId = ctx.opts.required('rules', 'the rule set to adopt');
    const from = ctx.opts.requiredDate('from', 'the first date the rule set applies to');
    const command = orThrow(adoptRuleSet(ruleSetId, from, parseOptionFlags(ctx.opts.all('option')), ctx.actor, ctx.opts.string('reason')));
    const r = await recordOfficerFact(ctx, command, ctx.opts.flag('dry-run'));
    ctx.print({ ruleSetId, from, options: command.options, status: r.status, dryRun: r.dryRun, ...r.consequences }, () =>
      [`${ruleSetId} adopted from ${from}${Object.keys(command.options).length ? ` with ${JSON.stringify(command.options)}` : ''}${r.recorded}`, ...r.lines].join('\n'));
    return 0;
  },
};

export const convert: CommandRun = {
  async run(ctx) {
    const ruleSet = ctx.opts.required('rules', CONVERSION_RULE_SETS.join(' or '));
    if (!(CONVERSION_RULE_SETS).includes(ruleSet)) throw new UsageError(`--rules ${ruleSet}: a one-time conversion exists for ${CONVERSION_RULE_SETS.join(', ')}`);
    const date = ctx.opts.requiredDate('date', 'the date the converted ratings apply from');
    const reason = ctx.opts.required('reason', 'why the officers convert');
    const source = ctx.opts.string('source');
    const conversion = orThrow(oneTimeConversion({
      facts: await loadFacts(await ctx.store()), ruleSet: ruleSet, date, reason, actor: ctx.actor, entry: entryOf(ctx, 'system'),
      ...(source !== undefined ? { source } : {}),
    }));
    const dryRun = ctx.opts.flag('dry-run');
    const { consequences, ...outcome } = await executeAll(ctx, conversion.commands, dryRun);
    ctx.print({ ...conversion, commands: conversion.commands.length, ...(dryRun ? { appended: 0, unchanged: 0 } : outcome), dryRun, ...consequences }, () =>
      [
        `one-time conversion to ${ruleSet} from ${conversion.source} on ${date}: ${conversion.commands.length} adjustment(s)${dryRun ? ' (dry run, nothing recorded)' : `, ${outcome.appended} recorded`}`,
        table(['player', 'before', 'after'], conversion.rows.map((r) => [r.playerId, r.from, r.to])),
        ...(outcome.appended === 0 ? [] : ['what it changes in the lists:', ...consequencesText(consequences)]),
      ].join('\n'));
    return 0;
  },
};

export const drift: CommandRun = {
  async run(ctx) {
    const date = ctx.opts.requiredDate('date', 'the date of the correction');
    const reason = ctx.opts.required('reason', 'the officers\' decision');
    const outcome = orThrow(driftCorrection({ facts: await loadFacts(await ctx.store()), date, reason, actor: ctx.actor, entry: entryOf(ctx, 'system'), ...(ctx.opts.int('amount') !== undefined ? { amount: ctx.opts.int('amount')! } : {}) }));
    const dryRun = ctx.opts.flag('dry-run');
    const recorded = outcome.command ? await executeAll(ctx, [outcome.command], dryRun) : { appended: 0, unchanged: 0, consequences: undefined };
    const { command: _c, ...shown } = outcome;
    ctx.print({ ...shown, recorded: !dryRun && recorded.appended > 0, dryRun, ...recorded.consequences }, () =>
      [
        `pan-atlantic drift correction on ${date} (snapshot ${outcome.snapshotDate}): cohort of ${outcome.cohort.length}${outcome.cohort.length ? ` (${outcome.cohort.join(', ')})` : ''}`,
        `  average then ${outcome.averageThen?.toFixed(2) ?? '-'}, now ${outcome.averageNow?.toFixed(2) ?? '-'}, difference ${outcome.difference.toFixed(2)}`,
        `  allowed ${outcome.allowed}, requested ${outcome.requested}, applied ${outcome.applied}${outcome.command ? (dryRun ? ' (dry run, nothing recorded)' : recorded.appended ? ' — recorded' : ' — already recorded') : ' — nothing to record'}`,
        ...(recorded.consequences === undefined || recorded.appended === 0 ? [] : consequencesText(recorded.consequences)),
      ].join('\n'));
    return 0;
  },
};

export const redetermine: CommandRun = {
  async run(ctx) {
    const playerId = ctx.opts.positional[0];
    if (!playerId) throw new UsageError('missing the player id: ledger rules redetermine <player-id> --grade 2-kyu --date … --reason …');
    const command = orThrow(redetermination({
      facts: await loadFacts(await ctx.store()), playerId, clubGrade: ctx.opts.required('grade', 'the new club grade, e.g. 2-kyu'),
      date: ctx.opts.requiredDate('date', 'the date'), reason: ctx.opts.required('reason', 'why'), actor: ctx.actor,
    }));
    const r = await recordOfficerFact(ctx, command, ctx.opts.flag('dry-run'));
    ctx.print({ playerId, details: command.details, status: r.status, dryRun: r.dryRun, ...r.consequences }, () => [`${playerId} redetermined at ${String(command.details?.clubGrade)}${r.recorded}`, ...r.lines].join('\n'));
    return 0;
  },
};

// ---- read commands ---------------------------------------------------------------------------------------------

/** `--entry system|grade|<rating>`: how players new to a rule set enter it (projections/generic/systems.ts). */
export const entryOf = (ctx: CliContext, def: EntryPolicy): EntryPolicy => {
  const v = ctx.opts.string('entry');
  if (v === undefined) return def;
  if (v === 'system' || v === 'grade') return v;
  if (/^\d+$/.test(v)) return { rating: Number(v) };
  throw new UsageError(`--entry must be system, grade or a starting rating such as 1500, got "${v}"`);
};

/**
 * Commands replaced by `list --rules S` and `explain P --rules S`: for one release they answer with the command that
 * replaced them (exit 2), so a script that still calls them stops with the way forward.
 */
/** An option of a replaced command as the command that replaced it takes it (nothing when not given). */
const carried = (option: string, value: string | undefined): string => (value === undefined ? '' : ` --${option} ${value}`);

export const ratings: CommandRun = {
  run(ctx) {
    const rules = ctx.opts.string('rules') ?? 'ID';
    const asOf = carried('as-of', ctx.opts.string('as-of'));
    const options = ctx.opts.all('option').map((o) => ` --option ${o}`).join('');
    // Options re-rate every tournament under the rule set: that is rerate's job, not the list's (as recorded).
    const replacement = ctx.opts.flag('rerate') || options !== '' ? `ledger rerate --rules ${rules}${options}${asOf}` : `ledger list --rules ${rules}${asOf}${carried('entry', ctx.opts.string('entry'))}`;
    throw new UsageError(`ledger ratings is gone: ${replacement} does what it did`);
  },
};

export const explainGenericCommand: CommandRun = {
  run(ctx) {
    const replacement = `ledger explain ${ctx.opts.positional[0] ?? '<player-id>'} --rules ${ctx.opts.string('rules') ?? 'ID'}${carried('entry', ctx.opts.string('entry'))}`;
    throw new UsageError(`ledger explain-generic is gone: ${replacement} does what it did`);
  },
};

// ---- evaluate --------------------------------------------------------------------------------------------------

/** The football results CSV read here, then replayed by the use case. */
const evaluateFootballFile = (path: string, ruleSets: readonly string[], from: string | undefined, entry: EntryPolicy): E.Either<string, Evaluation> => {
  const loaded = loadFootballMatches(path);
  if (E.isLeft(loaded)) throw new UsageError(loaded.left);
  return evaluateReplay(path, footballEvents(loaded.right), ruleSets, from, entry);
};

const f = (x: number, d: number): string => (Number.isFinite(x) ? x.toFixed(d) : '-');

export const renderEvaluation = (ev: Evaluation): string => {
  const metricRows = (rows: readonly EvaluationRow[]) =>
    table(['rule set', 'games', 'predicted', 'log-loss', 'deviance', 'Brier', 'mean E', 'mean actual'],
      rows.map((r) => [r.ruleSet, r.games, r.predicted, f(r.metrics.logLoss, 4), f(r.metrics.binomialDeviance, 4), f(r.metrics.brier, 4), f(r.metrics.meanExpected, 3), f(r.metrics.meanActual, 3)]));
  const lines = [`Pre-game expected scores against results (${ev.source}${ev.from ? `, games from ${ev.from}` : ''}; lower is better):`, metricRows(ev.rows)];
  if (ev.common) lines.push('', `On the ${ev.common.games} games every rule set predicted:`, metricRows(ev.common.rows));
  lines.push('', 'Calibration: mean expected → mean actual (games) per bucket of the expected score');
  const rows = [];
  for (let k = 0; k < BUCKETS; k++) {
    rows.push([`${(k / BUCKETS).toFixed(1)}–${((k + 1) / BUCKETS).toFixed(1)}`, ...ev.rows.map((r) => {
      const b = r.metrics.calibration[k]!;
      return b.count === 0 ? '-' : `${f(b.meanExpected!, 3)} → ${f(b.meanActual!, 3)} (${b.count})`;
    })]);
  }
  lines.push(table(['bucket', ...ev.rows.map((r) => r.ruleSet)], rows));
  lines.push('', 'log-loss: natural log; deviance: Deloitte/FIDE challenge binomial deviance (log10, E clipped to [0.01, 0.99]).');
  return lines.join('\n');
};

export const evaluate: CommandRun = {
  async run(ctx) {
    const ruleSets = ctx.opts.all('rules').flatMap((r) => r.split(',')).map((s) => s.trim()).filter((s) => s !== '');
    if (ruleSets.length === 0) throw new UsageError(`missing --rules ID[,ID…] (fesa, ${GENERIC_RULE_SETS.join(', ')})`);
    const from = ctx.opts.date('from');
    const football = ctx.opts.string('football');
    const entry = entryOf(ctx, football !== undefined ? { rating: 1500 } : 'grade');
    for (const id of ruleSets) {
      const unknown = unknownRuleSet(id);
      if (unknown !== undefined) throw new UsageError(unknown);
    }
    const evaluated = football !== undefined ? evaluateFootballFile(football, ruleSets, from, entry) : evaluateLedger(await loadFacts(await ctx.store()), ruleSets, from, entry);
    if (E.isLeft(evaluated)) throw unratable(evaluated.left);
    const ev = evaluated.right;
    ctx.out(ctx.json ? JSON.stringify(ev, null, 2) : renderEvaluation(ev));
    return 0;
  },
};

