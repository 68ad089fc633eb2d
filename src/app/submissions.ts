import { createHash } from 'crypto';
import * as E from 'fp-ts/Either';
import type { Command } from '../../domain/commands/decide';
import { playerStream, submissionStream, tournamentStream, type DomainEvent, type LoggedEvent, type OfficerRole, type SubmissionFormat, type SubmissionImportOptions, type SubmittedFile } from '../../domain/events';
import type { Consequences } from './consequences';
import type { CheckpointStorage } from './ports/checkpoint-storage';
import type { FoldDiff } from '../../projections/fesa/diff';
import { EGD_RULE_SETS, importEgd, type EgdRuleSet } from './egd';
import type { EgdTournament } from './egd-table';
import { readFacts } from './event-log';
import { LedgerFailure } from './failure';
import { importFesaFolders, ListMismatchError, type EventFolder, type ImportOptions } from './fesa-import';
import type { FieldTable } from './game-rows';
import type { TournamentFileOutcome } from './interchange';
import { CommandRejected, type ExecuteResult, type Ledger } from './ledger';
import { loadFacts } from './load';
import { foldReadModel } from './read-model';
import { AUDIT_TRAIL } from './read-models/audit-trail';
import type { EventStore } from './ports/event-store';
import { contentChanges, contentOf, playerMatches, type ContentChange, type PlayerMatch, type ReadSubmission, type SubmissionDifferences } from './submissions/contents';
import { decideGamesCsv, rerated } from './submissions/games-csv';
import { importTrf, TRF_DEFAULT_RULE_SET, TRF_RULE_SETS, type TrfImportOptions, type TrfRuleSet } from './trf';
import type { TrfTournament } from './trf-file';

export type { ContentChange, PlayerMatch, SubmissionDifferences } from './submissions/contents';

/** Reads a submission's files as their importer would (the adapter that knows the format's files and bytes). */
export type FolderReader = (files: readonly SubmittedFile[], tournamentId: string) => E.Either<string, EventFolder>;

/** The readers of each format a submission may be in: the FESA folder's files, one TRF file, one EGD table, a games CSV. */
export interface SubmissionReaders {
  readonly fesa: FolderReader;
  readonly trf: (file: SubmittedFile) => E.Either<string, TrfTournament>;
  readonly egd: (file: SubmittedFile) => E.Either<string, EgdTournament>;
  readonly csv: (file: SubmittedFile) => E.Either<string, FieldTable>;
}

/**
 * What approving a submission would change (or changed): the FESA list's players and re-rated tournaments (a TRF or
 * EGD file, rated under its own rule set, changes neither), for a TRF or EGD file what it holds, for a games CSV how
 * many of its games are new, and (before approval) how each player of the files is matched.
 */
export interface SubmissionPreview extends FoldDiff {
  /** Per tournament and player the rating and grade before → after, under the rule set each is rated with (a write's `--dry-run`). */
  readonly consequences?: Consequences;
  /** Of FESA files for a tournament recorded already: how many of its results they correct. */
  readonly corrections?: number;
  readonly tournament?: Omit<TournamentFileOutcome, 'appended' | 'position' | 'dryRun' | 'consequences'> & { readonly ruleSet: string };
  /** Of a games CSV: its rows, those that would be recorded, those the ledger holds already. */
  readonly games?: { readonly rows: number; readonly recorded: number; readonly unchanged: number };
  readonly players?: readonly PlayerMatch[];
}

/**
 * A pending submission's preview, or why approving it now would be refused (the ledger moved since it was checked: an
 * other submission of the tournament approved, a player merged): the submission is still shown, with the reason.
 */
/** What a reviewer is shown of a pending submission: its preview, or why approving it now would be refused. */
export interface SubmissionReview {
  readonly preview?: SubmissionPreview;
  readonly previewRefused?: string;
}

export const previewOrRefusal = async (preview: Promise<SubmissionPreview>): Promise<SubmissionReview> => {
  try {
    return { preview: await preview };
  } catch (error) {
    if (error instanceof CommandRejected || error instanceof ListMismatchError) return { previewRefused: error.message };
    throw error;
  }
};

/** One submission as a reader is shown it (`Submissions.review`). */
export interface SubmissionShown {
  readonly view: SubmissionView;
  readonly review: SubmissionReview;
  readonly differences?: SubmissionDifferences;
}

/** Where a submission is checked and recorded: the server's fold worker and its turn of writes; by default here, at once. */
export interface SubmitWhere {
  readonly check?: (input: SubmissionInput) => Promise<SubmissionPreview>;
  readonly inTurn?: <A>(write: () => Promise<A>) => Promise<A>;
}

/** A submission's files imported (or tried): how many facts it recorded, and what it changes. */
export interface SubmissionImport {
  readonly recorded: number;
  readonly changes: SubmissionPreview;
}

export interface Submitter {
  readonly name: string;
  readonly role: OfficerRole;
}

export interface SubmissionInput {
  readonly files: readonly SubmittedFile[];
  readonly format: SubmissionFormat;
  readonly tournamentId: string;
  readonly by: Submitter;
  readonly validDate: string;
  /** What the import is told besides the files, as `trf import`'s and `egd import`'s options (see the fact's codec). */
  readonly options?: SubmissionImportOptions;
}

/** An officer's decision on a submission: who, on which date, why. */
export interface SubmissionDecision {
  readonly submissionId: string;
  readonly by: string;
  readonly reason: string;
  readonly validDate: string;
}

/** What an officer reviews: the submission, where it stands, and what approving it would change now. */
export interface SubmissionView {
  readonly submissionId: string;
  readonly tournamentId: string;
  readonly format: SubmissionFormat;
  readonly submitter: string;
  readonly role: string;
  readonly receivedOn: string;
  /** When the ledger recorded it (the second clock). */
  readonly received: Recorded;
  readonly files: readonly string[];
  readonly contentHash: string;
  readonly options?: SubmissionImportOptions;
  readonly status: 'pending' | 'approved' | 'rejected';
  /** The officer's decision: who, on which date, why, and when it was recorded. */
  readonly decision?: { readonly by: string; readonly on: string; readonly reason: string } & Recorded;
}

interface Recorded {
  readonly recordedAt: string | null;
  readonly position: number;
}

type Received = Extract<DomainEvent, { type: 'SubmissionReceived' }>;

const SUBMISSION_TYPES = ['SubmissionReceived', 'SubmissionApproved', 'SubmissionRejected'] as const;

/**
 * sha256 over each file's name and bytes, in the order given, then the import's options when there are any: the same
 * files told the same give the same hash (the same files under another rule set are another submission).
 */
export const submissionHash = (files: readonly SubmittedFile[], options: SubmissionImportOptions = {}): string => {
  const hash = createHash('sha256');
  for (const f of files) {
    const bytes = Buffer.from(f.base64, 'base64');
    hash.update(`${f.name}\n${bytes.length}\n`).update(bytes);
  }
  const told = Object.entries(options).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : 1));
  if (told.length > 0) hash.update(`\noptions\n${JSON.stringify(told)}`);
  return hash.digest('hex');
};

/** The rule sets a TRF file's or an EGD table's import may rate under, as `trf import --rules` and `egd import --rules`. */
const RULE_SETS_OF: Partial<Record<SubmissionFormat, readonly string[]>> = { trf: TRF_RULE_SETS, egd: EGD_RULE_SETS };

/** A submission's files by what they are, with their article: "an EGD file", never "a egd file". */
const FILES_OF: Readonly<Record<SubmissionFormat, string>> = { fesa: 'a FESA folder', trf: 'a TRF file', egd: 'an EGD file', csv: 'a games CSV' };

/** The options a format's import takes, or the sentence saying which one it does not. */
const checkedOptions = (format: SubmissionFormat, options: SubmissionImportOptions = {}): SubmissionImportOptions => {
  const ruleSets = RULE_SETS_OF[format];
  if (options.ruleSet !== undefined && ruleSets === undefined) {
    throw new CommandRejected(`${FILES_OF[format]} is rated as ${format === 'fesa' ? 'fesa import rates it, under the rule set in force' : "its tournament's games are, under its rule set"}; a rule set is given only with a TRF or an EGD file`);
  }
  if (options.ruleSet !== undefined && ruleSets !== undefined && !ruleSets.includes(options.ruleSet)) {
    throw new CommandRejected(`${FILES_OF[format]} is rated under ${ruleSets.join(' or ')}; got "${options.ruleSet}"`);
  }
  if ((options.startDate !== undefined || options.endDate !== undefined) && format !== 'trf') {
    throw new CommandRejected(`${FILES_OF[format]}'s dates are its own; a first or last day is given only with a TRF file that has none`);
  }
  if (options.startDate !== undefined && options.endDate !== undefined && options.endDate < options.startDate) {
    throw new CommandRejected(`the last day ${options.endDate} lies before the first day ${options.startDate}`);
  }
  return options;
};

/** A TRF, EGD or games CSV submission is one file: its name is the file a refusal names. */
const oneFile = (files: readonly SubmittedFile[], format: SubmissionFormat): SubmittedFile => {
  if (files.length !== 1) throw new CommandRejected(`${FILES_OF[format]} is submitted alone; got ${files.length} (${files.map((f) => f.name).join(', ')})`);
  return files[0]!;
};

const orRefused = <A>(read: E.Either<string, A>): A => {
  if (E.isLeft(read)) throw new CommandRejected(read.left);
  return read.right;
};

const NO_FESA_CHANGE: FoldDiff = { runs: [], list: [] };
const NO_CONSEQUENCES: Consequences = { changes: [], list: [] };

/** A submission's decisions read the submission's own stream alone. */
const ownStream = (submissionId: string) => () => [submissionStream(submissionId)];

/**
 * Organisers hand in a tournament's files; an officer approves them (they are imported as `fesa import` would, in the
 * same command as the approval) or rejects them. Nothing of a submission is rated before it is approved.
 */
export class Submissions {
  /** `saved`: the checkpoint storage beside the log, where a write's consequences are read from (saved-ratings.ts). */
  constructor(
    private readonly ledger: Ledger,
    private readonly readers: SubmissionReaders,
    private readonly saved?: CheckpointStorage,
  ) {}

  /**
   * Checks the files as their import would (every refusal before anything is recorded) and records them as pending.
   * The server checks where its whole-log folds run and records in its turn with them (`how`); the CLI here, at once.
   */
  async submit(input: SubmissionInput, how: SubmitWhere = {}): Promise<{ result: ExecuteResult; submissionId: string; preview: SubmissionPreview; differences?: SubmissionDifferences }> {
    const preview = await (how.check ?? ((i: SubmissionInput) => this.check(i)))(input);
    const recorded = await (how.inTurn ?? ((write) => write()))(() => this.record(input));
    const differences = await this.differences(recorded.submissionId);
    return { ...recorded, preview, ...(differences ? { differences } : {}) };
  }

  /** What the files would change were they approved now; a refusal says what is wrong with them. Records nothing. */
  async check(input: SubmissionInput): Promise<SubmissionPreview> {
    if (input.files.length === 0) throw new CommandRejected('a submission holds at least one file');
    return this.previewOf(this.read(input), input.validDate);
  }

  /** Records checked files as a pending submission (the same files by the same submitter again: the same submission). */
  async record(input: SubmissionInput): Promise<{ result: ExecuteResult; submissionId: string }> {
    // the submissions' facts alone (few), not the deciders' state of the whole log
    const views = await submissionViews(this.ledger.store);
    const options = checkedOptions(input.format, input.options);
    const contentHash = submissionHash(input.files, options);
    const same = views.find((v) => v.tournamentId === input.tournamentId && v.contentHash === contentHash && v.submitter === input.by.name);
    const ofTournament = views.filter((v) => v.tournamentId === input.tournamentId).length;
    const submissionId = same?.submissionId ?? `${input.tournamentId}-${ofTournament + 1}`;
    const result = await this.ledger.execute({
      kind: 'ReceiveSubmission',
      validDate: input.validDate,
      actor: input.by.name,
      submissionId,
      role: input.by.role,
      tournamentId: input.tournamentId,
      format: input.format,
      files: [...input.files],
      contentHash,
      ...(Object.keys(options).length > 0 ? { options } : {}),
    }, { reads: ownStream(submissionId) });
    return { result, submissionId };
  }

  /** What approving a pending submission would change now (the ledger may have moved since it was checked). */
  async preview(submissionId: string): Promise<SubmissionPreview> {
    const received = await this.received(submissionId);
    return this.previewOf(this.read(received), received.validDate);
  }

  /**
   * What changed in the files since the latest earlier submission of the same tournament that is pending (else the
   * latest earlier one, decided): players and games added, removed or changed. Undefined for the first submission.
   */
  async differences(submissionId: string): Promise<SubmissionDifferences | undefined> {
    const views = await submissionViews(this.ledger.store);
    const at = views.findIndex((v) => v.submissionId === submissionId);
    const earlier = views.slice(0, Math.max(at, 0)).filter((v) => v.tournamentId === views[at]?.tournamentId).reverse();
    const since = earlier.find((v) => v.status === 'pending') ?? earlier[0];
    if (since === undefined) return undefined;
    // two submissions' files never change: their differences are read and compared once
    const key = `${since.submissionId}\u0000${submissionId}`;
    let changes = this.compared.get(key);
    if (changes === undefined) {
      const [before, after] = await Promise.all([this.received(since.submissionId), this.received(submissionId)]);
      changes = contentChanges(contentOf(this.read(before)), contentOf(this.read(after)));
      this.compared.set(key, changes);
    }
    return { since: since.submissionId, sinceStatus: since.status, changes };
  }

  /** The differences between two submissions' files, by the earlier's id and the later's (see `differences`). */
  private readonly compared = new Map<string, readonly ContentChange[]>();

  /** The import's dry run with how each player of the files is matched, on the ledger as it stands. */
  private async previewOf(read: ReadSubmission, receivedOn: string): Promise<SubmissionPreview> {
    // a FESA folder's players as its import named them, not from every fact again
    let fesaIds: readonly string[] | undefined;
    const changes = (await this.importOf(read, receivedOn, { dryRun: true, onPlayerIds: (_, ids) => (fesaIds = ids) })).changes;
    const players = await playerMatches(read, (ids) => this.registered(ids), () => loadFacts(this.ledger.store), fesaIds);
    return { ...changes, players };
  }

  /** The import and the approval in one whole-or-nothing command; approving an approved submission changes nothing. */
  async approve(input: SubmissionDecision): Promise<SubmissionImport | undefined> {
    const approval: Command = { kind: 'ApproveSubmission', validDate: input.validDate, actor: input.by, submissionId: input.submissionId, reason: input.reason };
    const status = (await submissionViews(this.ledger.store)).find((v) => v.submissionId === input.submissionId)?.status;
    // decided alone when it cannot import: the decider says why (unknown, rejected) or that nothing changes
    if (status !== 'pending') {
      await this.ledger.execute(approval, { reads: ownStream(input.submissionId) });
      return undefined;
    }
    const received = await this.received(input.submissionId);
    return this.importOf(this.read(received), received.validDate, { actor: input.by, alsoDecide: [approval], alsoReads: [submissionStream(input.submissionId)], today: input.validDate });
  }

  async reject(input: SubmissionDecision): Promise<ExecuteResult> {
    return this.ledger.execute({ kind: 'RejectSubmission', validDate: input.validDate, actor: input.by, submissionId: input.submissionId, reason: input.reason }, { reads: ownStream(input.submissionId) });
  }

  /** The submissions `who` may see: an organiser his own, an officer or above every one. */
  async list(who: Submitter): Promise<SubmissionView[]> {
    const views = await submissionViews(this.ledger.store);
    return who.role === 'organiser' ? views.filter((v) => v.submitter === who.name) : views;
  }

  /**
   * One submission as `who` may see it; another organiser's is not found (his submissions are not shown). `listed`
   * tells the reader where he lists them (the CLI's command, the server's URL).
   */
  async show(submissionId: string, who: Submitter, listed: string): Promise<SubmissionView> {
    const view = (await this.list(who)).find((v) => v.submissionId === submissionId);
    if (!view) throw new LedgerFailure('not-found', `there is no submission ${submissionId}${who.role === 'organiser' ? ` of ${who.name}` : ''}; ${listed}`);
    return view;
  }

  /**
   * What a reader is shown of one submission: where it stands, while pending what approving it would change now (or
   * why it would be refused), and what changed since the tournament's earlier submission. The server folds the
   * preview where its whole-log folds run and keeps it for the log's head (`preview`); the CLI folds it here.
   */
  async review(submissionId: string, who: Submitter, how: { readonly listed: string; readonly preview?: (submissionId: string) => Promise<SubmissionReview> }): Promise<SubmissionShown> {
    const view = await this.show(submissionId, who, how.listed);
    const preview = how.preview ?? ((id: string) => previewOrRefusal(this.preview(id)));
    const review = view.status === 'pending' ? await preview(view.submissionId) : {};
    const differences = await this.differences(view.submissionId);
    return { view, review, ...(differences ? { differences } : {}) };
  }

  /** The files through their format's reader, every refusal as the import's would be. */
  private read(submission: { readonly files: readonly SubmittedFile[]; readonly tournamentId: string; readonly format: SubmissionFormat; readonly options?: SubmissionImportOptions }): ReadSubmission {
    const { files, tournamentId, format } = submission;
    const options = checkedOptions(format, submission.options);
    if (format === 'fesa') return { format, tournamentId, folder: orRefused(this.readers.fesa(files, tournamentId)) };
    const file = oneFile(files, format);
    if (format === 'trf') return { format, tournamentId, file: file.name, trf: orRefused(this.readers.trf(file)), options };
    if (format === 'egd') return { format, tournamentId, file: file.name, egd: orRefused(this.readers.egd(file)), options };
    return { format, tournamentId, file: file.name, table: orRefused(this.readers.csv(file)) };
  }

  /** The files through their format's importer, as `fesa import`, `trf import`, `egd import` or `game report --csv` would record them. */
  private async importOf(read: ReadSubmission, receivedOn: string, options: { dryRun?: boolean; actor?: string; alsoDecide?: readonly Command[]; alsoReads?: readonly string[]; onPlayerIds?: ImportOptions['onPlayerIds']; today?: string }): Promise<SubmissionImport> {
    const { tournamentId } = read;
    // a tournament recorded already (an earlier submission approved): a results file corrects it, result by result;
    // a games CSV adds to a tournament the ledger holds anyway
    const correct = read.format !== 'csv' && (await this.ledger.stateOfStreams(() => [tournamentStream(tournamentId)])).tournaments.has(tournamentId);
    // the day it is decided on (checked: the day received; approved: the approval's), after which no balance is dated
    const decision = { actor: options.actor ?? 'submission-check', today: receivedOn, ...options, ...(this.saved !== undefined ? { saved: this.saved } : {}) };
    switch (read.format) {
      case 'fesa': {
        const outcome = await importFesaFolders(this.ledger, [read.folder], { ...decision, correct, withConsequences: true });
        const corrections = outcome.folders.reduce((n, f) => n + f.corrections, 0);
        const consequences = outcome.consequences ?? NO_CONSEQUENCES;
        return { recorded: outcome.folders.reduce((n, f) => n + f.appended, 0), changes: { ...outcome.changes, consequences, ...(correct ? { corrections } : {}) } };
      }
      case 'csv': {
        const decided = await decideGamesCsv(this.ledger, read.table, { ...decision, file: read.file, tournamentId, receivedOn });
        return { recorded: decided.appended, changes: { runs: rerated(decided), list: decided.consequences.list.map((c) => ({ ...c, oldGrade: c.oldGrade ?? '-', newGrade: c.newGrade ?? '-' })), consequences: decided.consequences, games: { rows: decided.rows, recorded: decided.appended, unchanged: decided.unchanged } } };
      }
      case 'trf':
      case 'egd': {
        // rated under its own rule set: the FESA list does not change, the consequences say what does
        const { appended, position: _, dryRun: _dryRun, consequences, ...tournament } =
          read.format === 'trf'
            ? await this.importTrf(read, { ...decision, correct })
            : await importEgd(this.ledger, read.egd, { ...decision, correct, file: read.file, tournamentId, ...(read.options.ruleSet !== undefined ? { ruleSet: read.options.ruleSet as EgdRuleSet } : {}) });
        // a recorded tournament's same registration and close are no-ops: what is appended are its corrections
        return { recorded: appended, changes: { ...NO_FESA_CHANGE, consequences, tournament, ...(correct ? { corrections: appended } : {}) } };
      }
    }
  }

  /** A TRF file's import as `trf import --rules --start --end` would make it, with the rule set it rated under. */
  private async importTrf(read: Extract<ReadSubmission, { format: 'trf' }>, decision: Omit<TrfImportOptions, 'file' | 'tournamentId' | 'ruleSet'>) {
    const { ruleSet = TRF_DEFAULT_RULE_SET, startDate, endDate } = read.options;
    const options = { ...decision, file: read.file, tournamentId: read.tournamentId, ruleSet: ruleSet as TrfRuleSet, ...(startDate !== undefined ? { startDate } : {}), ...(endDate !== undefined ? { endDate } : {}) };
    return { ...(await importTrf(this.ledger, read.trf, options)), ruleSet };
  }

  /** Which of `ids` the ledger has registered, read from their streams. */
  private async registered(ids: readonly string[]): Promise<ReadonlySet<string>> {
    const state = await this.ledger.stateOfStreams(() => ids.map(playerStream));
    return new Set(ids.filter((id) => state.players.has(id)));
  }

  private async received(submissionId: string): Promise<Received> {
    for await (const batch of readFacts(this.ledger.store, { types: ['SubmissionReceived'] })) {
      for (const { event } of batch) if (event.type === 'SubmissionReceived' && event.submissionId === submissionId) return event;
    }
    throw new CommandRejected(`there is no submission ${submissionId}; the submissions are listed by ledger submission list`);
  }
}

/** Every submission with the officer's decision on it, in the order received, as the audit trail holds them. */
const submissionViews = async (store: EventStore): Promise<SubmissionView[]> => {
  const facts: LoggedEvent[] = [];
  for await (const batch of readFacts(store, { types: [...SUBMISSION_TYPES] })) facts.push(...batch);
  return [...foldReadModel(AUDIT_TRAIL, facts).submissions.values()].map((s) => ({
    submissionId: s.submissionId,
    tournamentId: s.tournamentId,
    format: s.format,
    submitter: s.received.by,
    role: s.role,
    receivedOn: s.received.on,
    received: { recordedAt: s.received.recordedAt, position: s.received.position },
    files: s.files,
    contentHash: s.contentHash,
    ...(s.options !== undefined ? { options: s.options } : {}),
    status: s.decision?.outcome ?? 'pending',
    ...(s.decision ? { decision: { by: s.decision.by, on: s.decision.on, reason: s.decision.reason, recordedAt: s.decision.recordedAt, position: s.decision.position } } : {}),
  }));
};
