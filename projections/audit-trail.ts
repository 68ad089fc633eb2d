import type { GameWithdrawn, LoggedEvent, RatingListPublished, ResultCorrected, SubmissionFormat, SubmissionImportOptions } from '../domain/events';
import { everyTypeHandled, passedOver, type EventSelection } from '../domain/events/selection';

/** A reported game changed after the fact: corrected (its facts replaced) or withdrawn, with the officer's reason. */
export interface GameAmendment {
  readonly kind: 'corrected' | 'withdrawn';
  readonly gameId: string;
  readonly tournamentId: string;
  readonly reason: string;
  /** The valid date the officer gave the amendment. */
  readonly validDate: string;
  /** When the ledger learned it (the second clock). */
  readonly recordedAt: string | null;
  readonly position: number;
  readonly actor: string;
}

/** A published list as the archive shows it: what was published, under which rules, when, with which hash. */
export interface PublishedEntry {
  readonly event: RatingListPublished;
  readonly recordedAt: string | null;
  readonly position: number;
}

/** Who did something to a submission, on which valid date, and when the ledger recorded it. */
export interface SubmissionStep {
  readonly by: string;
  readonly on: string;
  readonly recordedAt: string | null;
  readonly position: number;
}

/**
 * A submission as the audit reads it: who sent which files of which tournament, and who approved or rejected it,
 * when and why. The files' bytes stay in the fact (the trail is kept in memory; their hash says which they were).
 */
export interface SubmissionEntry {
  readonly submissionId: string;
  readonly tournamentId: string;
  readonly format: SubmissionFormat;
  readonly role: string;
  readonly files: readonly string[];
  readonly contentHash: string;
  /** What the import is told besides the files (a TRF's rule set and dates, an EGD table's rule set); absent: its defaults. */
  readonly options?: SubmissionImportOptions;
  readonly received: SubmissionStep;
  readonly decision?: SubmissionStep & { readonly outcome: 'approved' | 'rejected'; readonly reason: string };
}

/**
 * What an auditor reads beside the ratings: every amendment of every tournament's games, every published list and
 * every submission with its decision, in recorded order. A small read model folded one fact at a time (a server
 * keeps it and feeds it new facts).
 */
export interface AuditTrail {
  readonly amendments: Map<string, GameAmendment[]>;
  readonly published: PublishedEntry[];
  /** By submission id, in the order received. */
  readonly submissions: Map<string, SubmissionEntry>;
}

/** The only facts the audit trail reads (a reader may ask the store for these alone). */
export const AUDIT_TRAIL_EVENTS = {
  handles: ['ResultCorrected', 'GameWithdrawn', 'RatingListPublished', 'SubmissionReceived', 'SubmissionApproved', 'SubmissionRejected'],
  passesOver: [
    'PlayerRegistered', 'PlayerRegistrationCorrected', 'PlayersMerged', 'PlayersUnmerged', 'PriorGradeDeclared',
    'TournamentRegistered', 'GameReported', 'TournamentClosed', 'OpeningBalanceImported', 'RatingAdjusted',
    'ListReconciled', 'GradeAwarded', 'RuleSetAdopted', 'OfficerAppointed', 'OfficerRevoked',
  ],
} as const satisfies EventSelection;
const passedOverByTheTrail = passedOver(AUDIT_TRAIL_EVENTS.passesOver);

export const initialAuditTrail = (): AuditTrail => ({ amendments: new Map(), published: [], submissions: new Map() });

const amendment = (e: ResultCorrected | GameWithdrawn, fact: LoggedEvent): GameAmendment => ({
  kind: e.type === 'ResultCorrected' ? 'corrected' : 'withdrawn',
  gameId: e.gameId,
  tournamentId: e.tournamentId,
  reason: e.reason,
  validDate: e.validDate,
  recordedAt: fact.recordedAt ?? null,
  position: fact.globalPosition,
  actor: e.actor,
});

export const evolveAuditTrail = (trail: AuditTrail, fact: LoggedEvent): void => {
  const e = fact.event;
  if (passedOverByTheTrail(e)) return;
  switch (e.type) {
    case 'ResultCorrected':
    case 'GameWithdrawn': {
      const list = trail.amendments.get(e.tournamentId) ?? [];
      list.push(amendment(e, fact));
      trail.amendments.set(e.tournamentId, list);
      break;
    }
    case 'RatingListPublished':
      trail.published.push({ event: e, recordedAt: fact.recordedAt ?? null, position: fact.globalPosition });
      break;
    case 'SubmissionReceived':
      trail.submissions.set(e.submissionId, {
        submissionId: e.submissionId,
        tournamentId: e.tournamentId,
        format: e.format,
        role: e.role,
        files: e.files.map((f) => f.name),
        contentHash: e.contentHash,
        ...(e.options !== undefined ? { options: e.options } : {}),
        received: { by: e.actor, on: e.validDate, recordedAt: fact.recordedAt ?? null, position: fact.globalPosition },
      });
      break;
    case 'SubmissionApproved':
    case 'SubmissionRejected': {
      const entry = trail.submissions.get(e.submissionId);
      const outcome = e.type === 'SubmissionApproved' ? 'approved' : 'rejected';
      // the deciders record one decision per submission; a fact without its receipt is not the trail's to invent
      if (entry !== undefined) trail.submissions.set(e.submissionId, { ...entry, decision: { outcome, reason: e.reason, by: e.actor, on: e.validDate, recordedAt: fact.recordedAt ?? null, position: fact.globalPosition } });
      break;
    }
    default:
      everyTypeHandled(e);
  }
};
