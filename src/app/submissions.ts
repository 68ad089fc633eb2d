import { createHash } from 'crypto';
import * as E from 'fp-ts/Either';
import type { Command } from '../../domain/commands/decide';
import type { DomainEvent, OfficerRole, SubmissionFormat, SubmittedFile } from '../../domain/events';
import type { FoldDiff } from '../../projections/fesa/diff';
import { importEgd } from './egd';
import type { EgdTournament } from './egd-table';
import { readFacts } from './event-log';
import { importFesaFolders, type EventFolder } from './fesa-import';
import type { TournamentFileOutcome } from './interchange';
import { CommandRejected, type ExecuteResult, type Ledger } from './ledger';
import type { EventStore } from './ports/event-store';
import { importTrf, TRF_DEFAULT_RULE_SET } from './trf';
import type { TrfTournament } from './trf-file';

/** Reads a submission's files as their importer would (the adapter that knows the format's files and bytes). */
export type FolderReader = (files: readonly SubmittedFile[], tournamentId: string) => E.Either<string, EventFolder>;

/** The readers of each format a submission may be in: the FESA folder's files, one TRF file, one EGD table. */
export interface SubmissionReaders {
  readonly fesa: FolderReader;
  readonly trf: (file: SubmittedFile) => E.Either<string, TrfTournament>;
  readonly egd: (file: SubmittedFile) => E.Either<string, EgdTournament>;
}

/**
 * What approving a submission would change (or changed): the FESA list's players and re-rated FESA tournaments (a TRF
 * or EGD file, rated under its own rule set, changes neither), and for a TRF or EGD file what it holds and how its
 * players are matched (by FIDE number or EGD PIN).
 */
export interface SubmissionPreview extends FoldDiff {
  /** Of FESA files for a tournament recorded already: how many of its results they correct. */
  readonly corrections?: number;
  readonly tournament?: Omit<TournamentFileOutcome, 'appended' | 'position' | 'dryRun' | 'consequences'> & { readonly ruleSet: string };
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
  readonly files: readonly string[];
  readonly contentHash: string;
  readonly status: 'pending' | 'approved' | 'rejected';
  /** The officer's decision: who, on which date, why. */
  readonly decision?: { readonly by: string; readonly on: string; readonly reason: string };
}

type Received = Extract<DomainEvent, { type: 'SubmissionReceived' }>;

const SUBMISSION_TYPES = ['SubmissionReceived', 'SubmissionApproved', 'SubmissionRejected'] as const;

/** sha256 over each file's name and bytes, in the order given: the same files give the same hash. */
export const submissionHash = (files: readonly SubmittedFile[]): string => {
  const hash = createHash('sha256');
  for (const f of files) {
    const bytes = Buffer.from(f.base64, 'base64');
    hash.update(`${f.name}\n${bytes.length}\n`).update(bytes);
  }
  return hash.digest('hex');
};

/** A games CSV has no importer wired to submissions yet: refused with what to do instead. */
const refuseUnwired = (format: SubmissionFormat): void => {
  if (format === 'csv') throw new CommandRejected('submissions of a games CSV are not taken yet; an officer imports it with ledger game report --csv');
};

/** A TRF or EGD submission is one file: its name is the file a refusal names. */
const oneFile = (files: readonly SubmittedFile[], format: SubmissionFormat): SubmittedFile => {
  if (files.length !== 1) throw new CommandRejected(`a ${format} submission is one file; got ${files.length} (${files.map((f) => f.name).join(', ')})`);
  return files[0]!;
};

const orRefused = <A>(read: E.Either<string, A>): A => {
  if (E.isLeft(read)) throw new CommandRejected(read.left);
  return read.right;
};

const NO_FESA_CHANGE: FoldDiff = { runs: [], list: [] };

/**
 * Organisers hand in a tournament's files; an officer approves them (they are imported as `fesa import` would, in the
 * same command as the approval) or rejects them. Nothing of a submission is rated before it is approved.
 */
export class Submissions {
  constructor(
    private readonly ledger: Ledger,
    private readonly readers: SubmissionReaders,
  ) {}

  /** Checks the files as their import would (every refusal before anything is recorded) and records them as pending. */
  async submit(input: SubmissionInput): Promise<{ result: ExecuteResult; submissionId: string; preview: SubmissionPreview }> {
    const preview = await this.check(input);
    return { ...(await this.record(input)), preview };
  }

  /** What the files would change were they approved now; a refusal says what is wrong with them. Records nothing. */
  async check(input: SubmissionInput): Promise<SubmissionPreview> {
    refuseUnwired(input.format);
    if (input.files.length === 0) throw new CommandRejected('a submission holds at least one file');
    return (await this.importOf(input, { dryRun: true })).changes;
  }

  /** Records checked files as a pending submission (the same files by the same submitter again: the same submission). */
  async record(input: SubmissionInput): Promise<{ result: ExecuteResult; submissionId: string }> {
    const state = await this.ledger.catchUp();
    const contentHash = submissionHash(input.files);
    const same = [...state.submissions].find(([, s]) => s.tournamentId === input.tournamentId && s.contentHash === contentHash && s.submitter === input.by.name);
    const ofTournament = [...state.submissions.values()].filter((s) => s.tournamentId === input.tournamentId).length;
    const submissionId = same?.[0] ?? `${input.tournamentId}-${ofTournament + 1}`;
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
    });
    return { result, submissionId };
  }

  /** What approving a pending submission would change now (the ledger may have moved since it was checked). */
  async preview(submissionId: string): Promise<SubmissionPreview> {
    return (await this.importOf(await this.received(submissionId), { dryRun: true })).changes;
  }

  /** The import and the approval in one whole-or-nothing command; approving an approved submission changes nothing. */
  async approve(input: SubmissionDecision): Promise<SubmissionImport | undefined> {
    const approval: Command = { kind: 'ApproveSubmission', validDate: input.validDate, actor: input.by, submissionId: input.submissionId, reason: input.reason };
    const status = (await this.ledger.catchUp()).submissions.get(input.submissionId)?.status;
    // decided alone when it cannot import: the decider says why (unknown, rejected) or that nothing changes
    if (status !== 'pending') {
      await this.ledger.execute(approval);
      return undefined;
    }
    return this.importOf(await this.received(input.submissionId), { actor: input.by, alsoDecide: [approval] });
  }

  async reject(input: SubmissionDecision): Promise<ExecuteResult> {
    return this.ledger.execute({ kind: 'RejectSubmission', validDate: input.validDate, actor: input.by, submissionId: input.submissionId, reason: input.reason });
  }

  /** The submissions `who` may see: an organiser his own, an officer or above every one. */
  async list(who: Submitter): Promise<SubmissionView[]> {
    const views = await submissionViews(this.ledger.store);
    return who.role === 'organiser' ? views.filter((v) => v.submitter === who.name) : views;
  }

  /** One submission as `who` may see it; another organiser's reads as unknown (his submissions are not shown). */
  async show(submissionId: string, who: Submitter): Promise<SubmissionView> {
    const view = (await this.list(who)).find((v) => v.submissionId === submissionId);
    if (!view) throw new CommandRejected(`there is no submission ${submissionId}${who.role === 'organiser' ? ` of ${who.name}` : ''}; the submissions are listed by ledger submission list`);
    return view;
  }

  /** The files through their format's importer, as `fesa import`, `trf import` or `egd import` would record them. */
  private async importOf(
    submission: { readonly files: readonly SubmittedFile[]; readonly tournamentId: string; readonly format: SubmissionFormat },
    options: { dryRun?: boolean; actor?: string; alsoDecide?: readonly Command[] },
  ): Promise<SubmissionImport> {
    const { files, tournamentId, format } = submission;
    const decision = { actor: options.actor ?? 'submission-check', ...options };
    if (format === 'fesa') {
      // a tournament recorded already (an earlier submission approved): these files correct it, result by result
      const correct = (await this.ledger.catchUp()).tournaments.has(tournamentId);
      const outcome = await importFesaFolders(this.ledger, [orRefused(this.readers.fesa(files, tournamentId))], { ...decision, correct });
      const corrections = outcome.folders.reduce((n, f) => n + f.corrections, 0);
      return { recorded: outcome.folders.reduce((n, f) => n + f.appended, 0), changes: { ...outcome.changes, ...(correct ? { corrections } : {}) } };
    }
    refuseUnwired(format);
    const file = oneFile(files, format);
    // the FESA list's changes are the preview's; the import's own consequences (under its rule set) are not shown yet
    const { appended, position: _, dryRun: _dryRun, consequences: _consequences, ...tournament } =
      format === 'trf'
        ? { ...(await importTrf(this.ledger, orRefused(this.readers.trf(file)), { ...decision, file: file.name, tournamentId, ruleSet: TRF_DEFAULT_RULE_SET })), ruleSet: TRF_DEFAULT_RULE_SET }
        : await importEgd(this.ledger, orRefused(this.readers.egd(file)), { ...decision, file: file.name, tournamentId });
    return { recorded: appended, changes: { ...NO_FESA_CHANGE, tournament } };
  }

  private async received(submissionId: string): Promise<Received> {
    for await (const batch of readFacts(this.ledger.store, { types: ['SubmissionReceived'] })) {
      for (const { event } of batch) if (event.type === 'SubmissionReceived' && event.submissionId === submissionId) return event;
    }
    throw new CommandRejected(`there is no submission ${submissionId}; the submissions are listed by ledger submission list`);
  }
}

/** Every submission with the officer's decision on it, in the order received. */
const submissionViews = async (store: EventStore): Promise<SubmissionView[]> => {
  const views = new Map<string, SubmissionView>();
  for await (const batch of readFacts(store, { types: [...SUBMISSION_TYPES] })) {
    for (const { event } of batch) {
      if (event.type === 'SubmissionReceived') {
        views.set(event.submissionId, {
          submissionId: event.submissionId,
          tournamentId: event.tournamentId,
          format: event.format,
          submitter: event.actor,
          role: event.role,
          receivedOn: event.validDate,
          files: event.files.map((f) => f.name),
          contentHash: event.contentHash,
          status: 'pending',
        });
      } else if (event.type === 'SubmissionApproved' || event.type === 'SubmissionRejected') {
        const view = views.get(event.submissionId);
        if (view) views.set(event.submissionId, { ...view, status: event.type === 'SubmissionApproved' ? 'approved' : 'rejected', decision: { by: event.actor, on: event.validDate, reason: event.reason } });
      }
    }
  }
  return [...views.values()];
};
