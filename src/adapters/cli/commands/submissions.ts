import { readFileSync } from 'fs';
import * as path from 'path';
import { officerStream, SUBMISSION_FORMATS, type OfficerRole, type SubmissionFormat, type SubmissionImportOptions, type SubmittedFile } from '../../../../domain/events';
import * as E from 'fp-ts/Either';
import { Submissions, type Submitter, type SubmissionDifferences, type SubmissionPreview, type SubmissionView } from '../../../app/submissions';
import { SUBMISSION_READERS } from '../../formats/submission-readers';
import { UsageError } from '../args';
import type { CliContext, CommandRun } from '../context';
import { table } from '../output';
import { printChanges } from './fesa';
import { consequencesText } from '../consequences';

const today = (): string => new Date().toISOString().slice(0, 10);

const submissionsOf = async (ctx: CliContext): Promise<Submissions> => new Submissions(await ctx.ledger(), SUBMISSION_READERS, await ctx.checkpoints());

/**
 * The CLI works on the store itself (whoever may write the file may do anything), so its submitter is the actor with
 * his role in the log, and an actor never appointed counts as an officer, as for every other write of the CLI.
 */
const submitterOf = async (ctx: CliContext): Promise<Submitter> => {
  // his own stream holds his appointments: the whole log is not folded to find one role
  const state = await (await ctx.ledger()).stateOfStreams(() => [officerStream(ctx.actor)]);
  const role: OfficerRole = state.officers.get(ctx.actor)?.role ?? 'officer';
  return { name: ctx.actor, role };
};

const readSubmittedFile = (file: string): SubmittedFile => {
  try {
    return { name: path.basename(file), base64: readFileSync(file).toString('base64') };
  } catch (error) {
    throw new UsageError(`${file}: cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)}); expected a file of the tournament`);
  }
};

export const submissionAdd: CommandRun = {
  async run(ctx) {
    const files = ctx.opts.positional;
    if (files.length === 0) throw new UsageError('missing the files: ledger submission add FILE... [--format fesa] [--tournament ID]');
    const format = (ctx.opts.string('format') ?? 'fesa') as SubmissionFormat;
    if (!SUBMISSION_FORMATS.includes(format)) throw new UsageError(`--format must be one of ${SUBMISSION_FORMATS.join(', ')}, got "${format}"`);
    const submitted = files.map(readSubmittedFile);
    const tournamentId = ctx.opts.string('tournament') ?? tournamentOfFiles(format, files, submitted);
    const { result, submissionId, preview, differences } = await (await submissionsOf(ctx)).submit({
      files: submitted,
      format,
      tournamentId,
      by: await submitterOf(ctx),
      validDate: ctx.opts.date('date') ?? today(),
      options: importOptions(ctx),
    });
    if (ctx.json) ctx.out(JSON.stringify({ submissionId, status: result.status, preview, ...(differences ? { differences } : {}) }, null, 2));
    else {
      ctx.out(result.status === 'appended' ? `submission ${submissionId} of ${tournamentId} received, pending an officer's approval (recorded at position ${result.position})` : `submission ${submissionId} already holds these files: nothing recorded`);
      ctx.out('What approving it would change now:');
      printPreview(ctx, preview);
      if (differences) printDifferences(ctx, differences);
    }
    return 0;
  },
};

/** What the import is told besides the files: `--rules`, and `--start`/`--end` for a TRF file without dates. */
const importOptions = (ctx: CliContext): SubmissionImportOptions => {
  const ruleSet = ctx.opts.string('rules');
  const startDate = ctx.opts.date('start');
  const endDate = ctx.opts.date('end');
  return { ...(ruleSet !== undefined ? { ruleSet } : {}), ...(startDate !== undefined ? { startDate } : {}), ...(endDate !== undefined ? { endDate } : {}) };
};

/**
 * As `fesa import`, `trf import` and `egd import` name a tournament after its folder or file; a games CSV is of the
 * tournament its rows name (the first row's, which every other row must name too).
 */
const tournamentOfFiles = (format: SubmissionFormat, paths: readonly string[], files: readonly SubmittedFile[]): string => {
  if (format === 'fesa') return path.basename(path.dirname(path.resolve(paths[0]!)));
  const rows = format === 'csv' ? SUBMISSION_READERS.csv(files[0]!) : undefined;
  const named = rows !== undefined && E.isRight(rows) ? rows.right.records[0]?.get('tournament') : undefined;
  return named ?? path.basename(paths[0]!).replace(/\.[^.]*$/, '');
};

const MATCHED: Record<'id' | 'name' | 'new', string> = { id: 'by id', name: 'by name', new: 'new' };

/** The FESA list's changes, what a TRF or EGD file holds, a games CSV's counts, and how each player is matched. */
const printPreview = (ctx: CliContext, preview: SubmissionPreview, approved = false): void => {
  const t = preview.tournament;
  if (preview.corrections !== undefined) ctx.out(`the tournament is recorded already: these files correct ${preview.corrections} of its results`);
  if (preview.games !== undefined) ctx.out(`${preview.games.rows} games: ${preview.games.recorded} ${approved ? 'recorded' : 'would be recorded'}, ${preview.games.unchanged} already in the ledger`);
  if (t === undefined) printChanges(ctx, preview);
  else ctx.out(`tournament ${t.tournamentId} under ${t.ruleSet}: ${t.players} players (${t.withId} with an id, ${t.matched} of them already in the ledger; ${t.newPlayers} new), ${t.openingBalances} opening balance(s), ${t.games} games, ${t.byes} byes`);
  // the same table as the import's --dry-run (and, once approved, its answer)
  if (preview.consequences !== undefined) ctx.out(consequencesText(preview.consequences).join('\n'));
  if (preview.players === undefined || preview.players.length === 0) return;
  ctx.out('How the players of the files are matched:');
  ctx.out(table(['player in the files', 'matched', 'ledger player'], preview.players.map((p) => [p.name, p.by === 'name' ? `by name "${p.name}"` : MATCHED[p.by], p.playerId])));
};

const printDifferences = (ctx: CliContext, d: SubmissionDifferences): void => {
  if (d.changes.length === 0) return ctx.out(`The same players and games as submission ${d.since} (${d.sinceStatus}).`);
  ctx.out(`Differences from submission ${d.since} (${d.sinceStatus}):`);
  ctx.out(table(['', 'player or game', 'change', 'before', 'after'], d.changes.map((c) => [c.subject, c.key, c.change, c.before ?? '', c.after ?? ''])));
};

const describe = (v: SubmissionView): string =>
  [
    `submission ${v.submissionId}: ${v.status}`,
    `tournament ${v.tournamentId} (${v.format}: ${v.files.join(', ')}), sha256 ${v.contentHash}`,
    `submitted by ${v.role} ${v.submitter} on ${v.receivedOn} (recorded at position ${v.received.position})`,
    ...(v.decision ? [`${v.status} by ${v.decision.by} on ${v.decision.on}: ${v.decision.reason} (recorded at position ${v.decision.position})`] : []),
  ].join('\n');

export const submissionList: CommandRun = {
  async run(ctx) {
    const views = await (await submissionsOf(ctx)).list(await submitterOf(ctx));
    ctx.print(views, () => (views.length === 0 ? 'no submissions' : table(['id', 'tournament', 'format', 'submitter', 'received', 'status', 'decided by, on, why'], views.map((v) => [v.submissionId, v.tournamentId, v.format, v.submitter, v.receivedOn, v.status, v.decision ? `${v.decision.by} on ${v.decision.on}: ${v.decision.reason}` : '']))));
    return 0;
  },
};

const submissionId = (ctx: CliContext, verb: string): string => {
  const id = ctx.opts.positional[0];
  if (!id) throw new UsageError(`missing the submission's id: ledger submission ${verb} ID (ledger submission list shows them)`);
  return id;
};

export const submissionShow: CommandRun = {
  async run(ctx) {
    const { view, review, differences } = await (await submissionsOf(ctx)).review(submissionId(ctx, 'show'), await submitterOf(ctx), { listed: 'the submissions are listed by ledger submission list' });
    if (ctx.json) ctx.out(JSON.stringify({ ...view, ...review, ...(differences ? { differences } : {}) }, null, 2));
    else {
      ctx.out(describe(view));
      if (review.previewRefused !== undefined) ctx.out(`Approving it now would be refused: ${review.previewRefused}`);
      if (review.preview) {
        ctx.out('What approving it would change now:');
        printPreview(ctx, review.preview);
      }
      if (differences) printDifferences(ctx, differences);
    }
    return 0;
  },
};

const decideOn = async (ctx: CliContext, verb: 'approve' | 'reject'): Promise<number> => {
    const id = submissionId(ctx, verb);
    const reason = ctx.opts.required('reason', verb === 'approve' ? 'why it is approved, e.g. "cross table checked"' : 'what the organiser must fix');
    const input = { submissionId: id, by: ctx.actor, reason, validDate: ctx.opts.date('date') ?? today() };
    const submissions = await submissionsOf(ctx);
    if (verb === 'reject') {
      const result = await submissions.reject(input);
      ctx.print({ submissionId: id, status: result.status }, () => (result.status === 'appended' ? `submission ${id} rejected (recorded at position ${result.position})` : `submission ${id} was already rejected: nothing recorded`));
      return 0;
    }
    const outcome = await submissions.approve(input);
    if (ctx.json) ctx.out(JSON.stringify({ submissionId: id, status: outcome ? 'appended' : 'unchanged', ...(outcome ? { outcome } : {}) }, null, 2));
    else if (!outcome) ctx.out(`submission ${id} was already approved: nothing recorded`);
    else {
      ctx.out(`submission ${id} approved: ${outcome.recorded} fact(s) of its files recorded with the approval`);
      printPreview(ctx, outcome.changes, true);
    }
    return 0;
};

export const submissionApprove: CommandRun = {
  async run(ctx) {
    return decideOn(ctx, 'approve');
  },
};

export const submissionReject: CommandRun = {
  async run(ctx) {
    return decideOn(ctx, 'reject');
  },
};
