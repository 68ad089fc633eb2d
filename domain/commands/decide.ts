import * as E from 'fp-ts/Either';
import type * as t from 'io-ts';
import type { DomainEvent, EventOf } from '../events';
import { decodeEvent, eventCodecs, handicapFromCode } from '../events';
import type { Decided } from './decision';
import { adjustRating, adoptRuleSet, publishRatingList, reconcileList } from './deciders/ledger';
import { correctResult, reportGame, withdrawGame } from './deciders/game';
import { awardGrade, correctPlayerRegistration, declarePriorGrade, importOpeningBalance, mergePlayers, registerPlayer, unmergePlayers } from './deciders/player';
import { appointOfficer, revokeOfficer } from './deciders/officer';
import { approveSubmission, receiveSubmission, rejectSubmission } from './deciders/submission';
import { closeTournament, registerTournament } from './deciders/tournament';
import type { LedgerState } from './state';
import { unknownField, valueProblem } from './strict-input';

export type { Decision } from './decision';
export { canonicalJson } from './decision';

/**
 * Commands: what an officer asks for. Each is decided by its own decider (deciders/) against the folded ledger
 * state into zero or one event
 * (zero = the outcome already happened: idempotent resubmission), or rejected with one clear sentence.
 * Event ids are derived from the command's own ids, so a resubmitted command can never append a duplicate.
 */
// Commands carry raw input (plain strings and numbers, the codecs' output types); deciding checks them.
type Payload<K extends DomainEvent['type']> = Omit<t.OutputOf<(typeof eventCodecs)[K]>, 'type' | 'version' | 'eventId'> & { eventId?: string };

export type Command =
  | ({ kind: 'RegisterPlayer' } & Payload<'PlayerRegistered'>)
  | ({ kind: 'CorrectPlayerRegistration' } & Payload<'PlayerRegistrationCorrected'>)
  | ({ kind: 'MergePlayers' } & Payload<'PlayersMerged'>)
  | ({ kind: 'UnmergePlayers' } & Payload<'PlayersUnmerged'>)
  | ({ kind: 'DeclarePriorGrade' } & Payload<'PriorGradeDeclared'>)
  | ({ kind: 'RegisterTournament' } & Payload<'TournamentRegistered'>)
  | ({ kind: 'ReportGame' } & Payload<'GameReported'>)
  | ({ kind: 'CorrectResult' } & Payload<'ResultCorrected'>)
  | ({ kind: 'WithdrawGame' } & Payload<'GameWithdrawn'>)
  | ({ kind: 'CloseTournament' } & Payload<'TournamentClosed'>)
  | ({ kind: 'ImportOpeningBalance' } & Payload<'OpeningBalanceImported'>)
  | ({ kind: 'AdjustRating' } & Payload<'RatingAdjusted'>)
  | ({ kind: 'ReconcileList' } & Payload<'ListReconciled'>)
  | ({ kind: 'AwardGrade' } & Payload<'GradeAwarded'>)
  | ({ kind: 'AdoptRuleSet' } & Payload<'RuleSetAdopted'>)
  | ({ kind: 'PublishRatingList' } & Payload<'RatingListPublished'>)
  | ({ kind: 'AppointOfficer' } & Payload<'OfficerAppointed'>)
  | ({ kind: 'RevokeOfficer' } & Payload<'OfficerRevoked'>)
  | ({ kind: 'ReceiveSubmission' } & Payload<'SubmissionReceived'>)
  | ({ kind: 'ApproveSubmission' } & Payload<'SubmissionApproved'>)
  | ({ kind: 'RejectSubmission' } & Payload<'SubmissionRejected'>);

export type CommandKind = Command['kind'];

/** The event each command records when it is accepted (its fields are the command's, see Payload). */
export const EVENT_OF_COMMAND = {
  RegisterPlayer: 'PlayerRegistered',
  CorrectPlayerRegistration: 'PlayerRegistrationCorrected',
  MergePlayers: 'PlayersMerged',
  UnmergePlayers: 'PlayersUnmerged',
  DeclarePriorGrade: 'PriorGradeDeclared',
  RegisterTournament: 'TournamentRegistered',
  ReportGame: 'GameReported',
  CorrectResult: 'ResultCorrected',
  WithdrawGame: 'GameWithdrawn',
  CloseTournament: 'TournamentClosed',
  ImportOpeningBalance: 'OpeningBalanceImported',
  AdjustRating: 'RatingAdjusted',
  ReconcileList: 'ListReconciled',
  AwardGrade: 'GradeAwarded',
  AdoptRuleSet: 'RuleSetAdopted',
  PublishRatingList: 'RatingListPublished',
  AppointOfficer: 'OfficerAppointed',
  RevokeOfficer: 'OfficerRevoked',
  ReceiveSubmission: 'SubmissionReceived',
  ApproveSubmission: 'SubmissionApproved',
  RejectSubmission: 'SubmissionRejected',
} as const satisfies Record<CommandKind, DomainEvent['type']>;

export const COMMAND_KINDS = Object.keys(EVENT_OF_COMMAND) as readonly CommandKind[];

const defaultEventId = (c: Command, state: LedgerState): string => {
  switch (c.kind) {
    case 'RegisterPlayer':
      return `player:${c.playerId}:registered`;
    case 'CorrectPlayerRegistration':
      return `player:${c.playerId}:correction:${(state.players.get(c.playerId)?.corrections ?? 0) + 1}`;
    case 'MergePlayers':
    case 'UnmergePlayers':
      // the absorbed id's n-th merge or unmerge
      return `player:${c.absorbed}:${c.kind === 'MergePlayers' ? 'merge' : 'unmerge'}:${(state.players.get(c.absorbed)?.identityChanges ?? 0) + 1}`;
    case 'DeclarePriorGrade': {
      // the body's first declaration keeps its historical id; its n-th (a later grade, a correction) is numbered
      const n = (state.players.get(c.playerId)?.priorGrades.filter((d) => d.source === c.source).length ?? 0) + 1;
      return `player:${c.playerId}:prior-grade:${c.source}${n === 1 ? '' : `:${n}`}`;
    }
    case 'RegisterTournament':
      return `tournament:${c.tournamentId}:registered`;
    case 'ReportGame':
      return `game:${c.tournamentId}:${c.gameId}:reported`;
    case 'CorrectResult': {
      const n = (state.tournaments.get(c.tournamentId)?.games.get(c.gameId)?.corrections ?? 0) + 1;
      return `game:${c.tournamentId}:${c.gameId}:correction:${n}`;
    }
    case 'WithdrawGame':
      return `game:${c.tournamentId}:${c.gameId}:withdrawn`;
    case 'CloseTournament':
      return `tournament:${c.tournamentId}:closed`;
    case 'ImportOpeningBalance':
      return `opening:${c.ruleSet}:${c.playerId}:${c.source}`;
    case 'AdjustRating':
      return `adjustment:${c.adjustmentId}`;
    case 'ReconcileList':
      return `reconcile:${c.ruleSet}:${c.source}`;
    case 'AwardGrade':
      return `grade:${c.ruleSet}:${c.playerId}:${c.grade}`;
    case 'AdoptRuleSet':
      return `rules:${c.ruleSetId}:${c.ruleSetVersion}:${c.validDate}`;
    case 'PublishRatingList':
      return `list:${c.listId}`;
    case 'AppointOfficer':
    case 'RevokeOfficer':
      // the officer's n-th appointment or revocation (the same role twice is decided as no change, not counted)
      return `officer:${c.officer}:${(state.officers.get(c.officer)?.changes ?? 0) + 1}`;
    case 'ReceiveSubmission':
      return `submission:${c.submissionId}:received`;
    case 'ApproveSubmission':
      return `submission:${c.submissionId}:approved`;
    case 'RejectSubmission':
      return `submission:${c.submissionId}:rejected`;
  }
};

/**
 * Builds the event and checks it against the catalogue's codec, which names every malformed field, and against what
 * new input may carry (strict-input). Exported for use cases that check a command's fields before computing the facts
 * the ledger adds to it (a published list's hash).
 */
export const toEvent = (c: Command, state: LedgerState): E.Either<string, DomainEvent> => {
  // commands also arrive as JSON (the HTTP API): check the shape the types promise before using it
  if (typeof c !== 'object' || c === null || Array.isArray(c)) return E.left(`a command is a JSON object with a "kind" (one of ${Object.keys(EVENT_OF_COMMAND).join(', ')})`);
  const { kind, eventId, ...payload } = c;
  if (!Object.prototype.hasOwnProperty.call(EVENT_OF_COMMAND, kind)) return E.left(`unknown command kind ${JSON.stringify(kind)}; expected one of ${Object.keys(EVENT_OF_COMMAND).join(', ')}`);
  const type = EVENT_OF_COMMAND[kind];
  const candidate: Record<string, unknown> = { type, version: 1, eventId: eventId ?? defaultEventId(c, state), ...payload };
  if ('handicap' in candidate && candidate.handicap && typeof candidate.handicap === 'object') {
    const h = candidate.handicap as { type?: unknown; giver?: unknown; code?: unknown };
    if (typeof h.type === 'string' && !handicapFromCode(h.type)) {
      return E.left(`handicap type "${h.type}" does not exist; expected sente, lance, bishop, rook, rook-lance, 2p, 3p, 4p, 5p, 6p, 7p, 8p or a FESA code M S L B R RL 2p 4p 5p 6p`);
    }
    if (typeof h.type === 'string') {
      const canonical = handicapFromCode(h.type)!;
      candidate.handicap = canonical === h.type ? h : { ...h, type: canonical, code: h.code ?? h.type };
    }
  }
  const decoded = E.mapLeft((m: string) => m.replace(/^\w+: /, `${kind}: `))(decodeEvent(type, candidate));
  if (E.isLeft(decoded)) return decoded;
  const unknown = unknownField(eventCodecs[type], candidate);
  if (unknown !== undefined) return E.left(`${kind}: unknown field \`${unknown}\`; a command carries only the fields of its event in the catalogue`);
  const problem = valueProblem(decoded.right);
  return problem === undefined ? decoded : E.left(`${kind}: ${problem}`);
};

/** One decider per command kind, each in the module of its aggregate (player, tournament, game, ledger). */
const DECIDERS: { readonly [K in CommandKind]: (event: EventOf<(typeof EVENT_OF_COMMAND)[K]>, state: LedgerState) => Decided } = {
  RegisterPlayer: registerPlayer,
  CorrectPlayerRegistration: correctPlayerRegistration,
  MergePlayers: mergePlayers,
  UnmergePlayers: unmergePlayers,
  DeclarePriorGrade: declarePriorGrade,
  RegisterTournament: registerTournament,
  ReportGame: reportGame,
  CorrectResult: correctResult,
  WithdrawGame: withdrawGame,
  CloseTournament: closeTournament,
  ImportOpeningBalance: importOpeningBalance,
  AdjustRating: adjustRating,
  ReconcileList: reconcileList,
  AwardGrade: awardGrade,
  AdoptRuleSet: adoptRuleSet,
  PublishRatingList: publishRatingList,
  AppointOfficer: appointOfficer,
  RevokeOfficer: revokeOfficer,
  ReceiveSubmission: receiveSubmission,
  ApproveSubmission: approveSubmission,
  RejectSubmission: rejectSubmission,
};

/** The pure decide step: build the event (the catalogue's codec checks every field), then the command's decider. */
export const decide = (command: Command, state: LedgerState): Decided => {
  const built = toEvent(command, state);
  if (E.isLeft(built)) return built;
  const decider = DECIDERS[command.kind] as (event: DomainEvent, state: LedgerState) => Decided;
  return decider(built.right, state);
};

const KIND_OF = Object.fromEntries(Object.entries(EVENT_OF_COMMAND).map(([kind, type]) => [type, kind])) as { readonly [T in DomainEvent['type']]: CommandKind };

/**
 * Why `event` is not a fact the deciders could have recorded on `state`, or undefined when it is: the checks of new
 * input (no unknown field, values a list can hold) and its command's decider, which must record exactly it. A log
 * brought in from a file (`ledger import --jsonl`) is replayed through here event by event, so that what it holds reads
 * like a log the ledger wrote itself.
 */
export const inadmissible = (event: DomainEvent, state: LedgerState): string | undefined => {
  const unknown = unknownField(eventCodecs[event.type], event);
  if (unknown !== undefined) return `unknown field \`${unknown}\``;
  const problem = valueProblem(event);
  if (problem !== undefined) return problem;
  const decider = DECIDERS[KIND_OF[event.type]] as (event: DomainEvent, state: LedgerState) => Decided;
  const decision = decider(event, state);
  if (E.isLeft(decision)) return decision.left;
  if (decision.right.events.length === 0) return `it records again what the log holds before it (${event.type} ${event.eventId})`;
  return undefined;
};
