import { createHash } from 'crypto';
import * as E from 'fp-ts/Either';
import type { Command } from '../../domain/commands/decide';
import type { DomainEvent, OfficerRole, SubmissionFormat, SubmittedFile } from '../../domain/events';
import type { FoldDiff } from '../../projections/fesa/diff';
import { readFacts } from './event-log';
import { importFesaFolders, type EventFolder, type ImportOutcome } from './fesa-import';
import { CommandRejected, type ExecuteResult, type Ledger } from './ledger';
import type { EventStore } from './ports/event-store';

/** Reads a submission's files as their importer would (the adapter that knows the format's files and bytes). */
export type FolderReader = (files: readonly SubmittedFile[], tournamentId: string) => E.Either<string, EventFolder>;

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

/** Only FESA folders have an importer wired to submissions so far; the others are refused with what to do instead. */
const importerOf = (format: SubmissionFormat): void => {
  if (format !== 'fesa') throw new CommandRejected(`submissions in the ${format} format are not taken yet; an officer imports them with ledger ${format === 'csv' ? 'game report --csv' : `${format} import`}`);
};

/**
 * Organisers hand in a tournament's files; an officer approves them (they are imported as `fesa import` would, in the
 * same command as the approval) or rejects them. Nothing of a submission is rated before it is approved.
 */
export class Submissions {
  constructor(
    private readonly ledger: Ledger,
    private readonly readFolder: FolderReader,
  ) {}

  /** Checks the files as their import would (every refusal before anything is recorded) and records them as pending. */
  async submit(input: SubmissionInput): Promise<{ result: ExecuteResult; submissionId: string; preview: FoldDiff }> {
    importerOf(input.format);
    if (input.files.length === 0) throw new CommandRejected('a submission holds at least one file');
    const outcome = await this.importOf(input.files, input.tournamentId, { dryRun: true });
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
    return { result, submissionId, preview: outcome.changes };
  }

  /** What approving a pending submission would change now (the ledger may have moved since it was checked). */
  async preview(submissionId: string): Promise<FoldDiff> {
    const received = await this.received(submissionId);
    return (await this.importOf(received.files, received.tournamentId, { dryRun: true })).changes;
  }

  /** The import and the approval in one whole-or-nothing command; approving an approved submission changes nothing. */
  async approve(input: { submissionId: string; by: string; reason: string; validDate: string }): Promise<ImportOutcome | undefined> {
    const approval: Command = { kind: 'ApproveSubmission', validDate: input.validDate, actor: input.by, submissionId: input.submissionId, reason: input.reason };
    const status = (await this.ledger.catchUp()).submissions.get(input.submissionId)?.status;
    // decided alone when it cannot import: the decider says why (unknown, rejected) or that nothing changes
    if (status !== 'pending') {
      await this.ledger.execute(approval);
      return undefined;
    }
    const received = await this.received(input.submissionId);
    return this.importOf(received.files, received.tournamentId, { actor: input.by, alsoDecide: [approval] });
  }

  async reject(input: { submissionId: string; by: string; reason: string; validDate: string }): Promise<ExecuteResult> {
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

  private async importOf(files: readonly SubmittedFile[], tournamentId: string, options: { dryRun?: boolean; actor?: string; alsoDecide?: readonly Command[] }): Promise<ImportOutcome> {
    const folder = this.readFolder(files, tournamentId);
    if (E.isLeft(folder)) throw new CommandRejected(folder.left);
    return importFesaFolders(this.ledger, [folder.right], { actor: options.actor ?? 'submission-check', ...options });
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
