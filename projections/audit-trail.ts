import type { GameWithdrawn, LoggedEvent, RatingListPublished, ResultCorrected } from '../domain/events';
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

/**
 * What an auditor reads beside the ratings: every amendment of every tournament's games and every published list,
 * in recorded order. A small read model folded one fact at a time (a server keeps it and feeds it new facts).
 */
export interface AuditTrail {
  readonly amendments: Map<string, GameAmendment[]>;
  readonly published: PublishedEntry[];
}

/** The only facts the audit trail reads (a reader may ask the store for these alone). */
export const AUDIT_TRAIL_EVENTS = {
  handles: ['ResultCorrected', 'GameWithdrawn', 'RatingListPublished'],
  passesOver: [
    'PlayerRegistered', 'PlayerRegistrationCorrected', 'PlayersMerged', 'PlayersUnmerged', 'PriorGradeDeclared',
    'TournamentRegistered', 'GameReported', 'TournamentClosed', 'OpeningBalanceImported', 'RatingAdjusted',
    'ListReconciled', 'GradeAwarded', 'RuleSetAdopted', 'OfficerAppointed', 'OfficerRevoked',
    'SubmissionReceived', 'SubmissionApproved', 'SubmissionRejected',
  ],
} as const satisfies EventSelection;
const passedOverByTheTrail = passedOver(AUDIT_TRAIL_EVENTS.passesOver);

export const initialAuditTrail = (): AuditTrail => ({ amendments: new Map(), published: [] });

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
    default:
      everyTypeHandled(e);
  }
};
