import * as E from 'fp-ts/Either';
import * as t from 'io-ts';
import { describeDecodeErrors } from '../errors';
import { GameReported } from './game-reported';
import { GradeAwarded } from './grade-awarded';
import { ListReconciled } from './list-reconciled';
import { OfficerAppointed } from './officer-appointed';
import { OfficerRevoked } from './officer-revoked';
import { OpeningBalanceImported } from './opening-balance-imported';
import { PlayerRegistered } from './player-registered';
import { PlayerRegistrationCorrected } from './player-registration-corrected';
import { PlayersMerged } from './players-merged';
import { PlayersUnmerged } from './players-unmerged';
import { PriorGradeDeclared } from './prior-grade-declared';
import { RatingAdjusted } from './rating-adjusted';
import { RatingListPublished } from './rating-list-published';
import { ResultCorrected } from './result-corrected';
import { GameWithdrawn } from './game-withdrawn';
import { RuleSetAdopted } from './rule-set-adopted';
import { SubmissionApproved } from './submission-approved';
import { SubmissionReceived } from './submission-received';
import { SubmissionRejected } from './submission-rejected';
import { TournamentClosed } from './tournament-closed';
import { TournamentRegistered } from './tournament-registered';

export * from './common';
export * from './game-reported';
export * from './game-withdrawn';
export * from './grade-awarded';
export * from './list-reconciled';
export * from './officer-appointed';
export * from './officer-revoked';
export * from './opening-balance-imported';
export * from './player-registered';
export * from './player-registration-corrected';
export * from './players-merged';
export * from './players-unmerged';
export * from './prior-grade-declared';
export * from './rating-adjusted';
export * from './rating-list-published';
export * from './result-corrected';
export * from './rule-set-adopted';
export * from './submission-approved';
export * from './submission-received';
export * from './submission-rejected';
export * from './tournament-closed';
export * from './tournament-registered';

/** The event catalogue: one codec per event type (schema version inside each payload). */
export const eventCodecs = {
  PlayerRegistered,
  PlayerRegistrationCorrected,
  PlayersMerged,
  PlayersUnmerged,
  PriorGradeDeclared,
  TournamentRegistered,
  GameReported,
  ResultCorrected,
  GameWithdrawn,
  TournamentClosed,
  OpeningBalanceImported,
  RatingAdjusted,
  ListReconciled,
  GradeAwarded,
  RuleSetAdopted,
  RatingListPublished,
  OfficerAppointed,
  OfficerRevoked,
  SubmissionReceived,
  SubmissionApproved,
  SubmissionRejected,
} as const;

export type EventType = keyof typeof eventCodecs;
export type DomainEvent = { [K in EventType]: t.TypeOf<(typeof eventCodecs)[K]> }[EventType];
export type EventOf<K extends EventType> = Extract<DomainEvent, { type: K }>;

/**
 * A fact with its two clocks: the valid date inside the event (when it happened or applies), and where and when the
 * ledger recorded it (global position, time). What every fold reads; the stream and revision only when the reader
 * asked for whole events (`readDomainEvents`).
 */
export interface LoggedEvent {
  readonly event: DomainEvent;
  readonly globalPosition: number;
  readonly recordedAt?: string;
  readonly streamId?: string;
  readonly revision?: number;
}

export const isEventType = (s: string): s is EventType => Object.prototype.hasOwnProperty.call(eventCodecs, s);

/**
 * Decodes one stored payload of the named type. Earlier schema versions would be upcast here; every event is
 * at version 1 so far, and an unknown version is an error rather than a guess.
 */
export const decodeEvent = (type: string, data: unknown): E.Either<string, DomainEvent> => {
  if (!isEventType(type)) return E.left(`unknown event type "${type}"`);
  const version = (data as { version?: unknown } | null)?.version;
  if (version !== 1) return E.left(`${type}: unsupported schema version ${JSON.stringify(version)} (this ledger reads version 1)`);
  const codec = eventCodecs[type] as unknown as t.Type<DomainEvent, unknown>;
  // The guard first: these codecs never transform a value, so a payload the guard accepts decodes to itself (io-ts's
  // law for `is`), and checking it allocates nothing. `decode` runs only to say what is wrong.
  const decoded = codec.is(data) ? E.right(data) : codec.decode(data);
  if (E.isLeft(decoded)) return E.left(`${type}: ${describeDecodeErrors(decoded.left)}`);
  if (decoded.right.type !== type) return E.left(`${type}: payload says it is a ${decoded.right.type}`);
  return decoded;
};

/** Streams: one per player, one per tournament, and ledger-wide streams for officer-wide decisions. */
export const playerStream = (playerId: string): string => `player-${playerId}`;
export const tournamentStream = (tournamentId: string): string => `tournament-${tournamentId}`;
export const RULES_STREAM = 'ledger-rules';
export const LISTS_STREAM = 'ledger-lists';
export const ADJUSTMENTS_STREAM = 'ledger-adjustments';
export const officerStream = (officer: string): string => `officer-${officer}`;
export const submissionStream = (submissionId: string): string => `submission-${submissionId}`;

export const streamOf = (e: DomainEvent): string => {
  switch (e.type) {
    case 'PlayerRegistered':
    case 'PlayerRegistrationCorrected':
    case 'PriorGradeDeclared':
    case 'OpeningBalanceImported':
    case 'GradeAwarded':
      return playerStream(e.playerId);
    case 'PlayersMerged':
    case 'PlayersUnmerged':
      return playerStream(e.absorbed);
    case 'TournamentRegistered':
    case 'GameReported':
    case 'ResultCorrected':
    case 'GameWithdrawn':
    case 'TournamentClosed':
      return tournamentStream(e.tournamentId);
    case 'RatingAdjusted':
      return e.target.kind === 'player' ? playerStream(e.target.playerId) : ADJUSTMENTS_STREAM;
    case 'ListReconciled':
      return ADJUSTMENTS_STREAM;
    case 'RuleSetAdopted':
      return RULES_STREAM;
    case 'RatingListPublished':
      return LISTS_STREAM;
    case 'OfficerAppointed':
    case 'OfficerRevoked':
      return officerStream(e.officer);
    case 'SubmissionReceived':
    case 'SubmissionApproved':
    case 'SubmissionRejected':
      return submissionStream(e.submissionId);
  }
};
