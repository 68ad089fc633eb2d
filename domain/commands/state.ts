import type { DomainEvent, OfficerRole, OpeningBalanceImported, PlayerRegistered, PlayerRegistrationCorrected, TournamentClosed, TournamentRegistered } from '../events';
import { streamOf } from '../events';
import { GameTable, Interned } from './games';
import { everyTypeHandled } from '../events/selection';

export type { GameState, Games } from './games';

export interface TournamentState {
  readonly registration: TournamentRegistered;
  /** Its reported games by id, in report order (compact: see GameTable). */
  readonly games: GameTable;
  closed?: TournamentClosed;
}

export interface PlayerState {
  registration: PlayerRegistered;
  current?: PlayerRegistered;
  corrections?: number;
  /** Declared prior grades of every awarding body, in the order recorded (read by date: projections/declared-grades.ts). */
  priorGrades: { readonly source: string; readonly date: string; readonly grade: string }[];
  awardedGrades: Set<string>;
  /** The merge in force that made this id another player's (the survivor's), by the merge's event id. */
  mergedInto?: { readonly survivor: string; readonly merge: string; readonly validDate: string; readonly reason: string };
  /** The merge last undone (an unmerge resubmitted is judged against it). */
  lastUnmerged?: { readonly survivor: string; readonly merge: string };
  /** How many merges and unmerges this id had as the absorbed one (numbers their event ids). */
  identityChanges?: number;
}

/**
 * The rule set that rates a tournament ending on `endDate`: the latest adoption dated on or before it (of two on one
 * date, the later recorded), else its own system. Every fold and view asks this one question the same way.
 */
export const ruleSetInForceOf = (state: Pick<LedgerState, 'ruleSetAdoptions'>, registration: { readonly endDate: string; readonly ratingSystem: string }): string => {
  let best: { ruleSetId: string; validDate: string } | undefined;
  // recorded order: of two adoptions on one date the later recorded holds
  for (const a of state.ruleSetAdoptions.values()) if (a.validDate <= registration.endDate && (!best || a.validDate >= best.validDate)) best = a;
  return best?.ruleSetId ?? registration.ratingSystem;
};

/** The person an id stands for: the survivor of the merge in force that absorbed it, else the id itself. */
export const personOf = (state: LedgerState, id: string): string => state.players.get(id)?.mergedInto?.survivor ?? id;

/**
 * What the command deciders need to know about the ledger: who exists, which tournaments and games exist and what
 * they say, and each stream's revision (for optimistic concurrency). It is folded from the log; the accumulator is
 * owned by the fold, so `evolve` updates it in place to stay linear on a million-event log.
 */
export interface LedgerState {
  /**
   * `registration` as first recorded (a resubmitted registration is judged against it); `current` with the
   * corrections since applied (what the player is now called, where he plays).
   */
  readonly players: Map<string, PlayerState>;
  readonly tournaments: Map<string, TournamentState>;
  readonly streamRevisions: Map<string, number>;
  readonly adjustments: Set<string>;
  /** Event ids of list reconciles (one per source file). */
  readonly reconciles: Set<string>;
  /** Each adoption by event id, in recorded order: which rule set rates the tournaments ending from its date on. */
  readonly ruleSetAdoptions: Map<string, { readonly ruleSetId: string; readonly validDate: string }>;
  /** Opening balances by event id (a balance resubmitted is judged against the one recorded). */
  readonly openingBalances: Map<string, OpeningBalanceImported>;
  readonly publishedLists: Map<string, string>;
  /** Each officer's role now (undefined once revoked) and how many appointments and revocations they had. */
  readonly officers: Map<string, { role: OfficerRole | undefined; changes: number }>;
  /** Each submission's submitter and where its review stands (the files stay in the log, not here). */
  readonly submissions: Map<string, SubmissionState>;
  /** The player ids and dates the games name, each kept once (see GameTable). */
  readonly strings: Interned;
  position: number;
}

export interface SubmissionState {
  readonly submitter: string;
  readonly tournamentId: string;
  readonly contentHash: string;
  readonly status: 'pending' | 'approved' | 'rejected';
}

export const initialLedgerState = (): LedgerState => ({
  players: new Map(),
  tournaments: new Map(),
  streamRevisions: new Map(),
  adjustments: new Set(),
  reconciles: new Set(),
  ruleSetAdoptions: new Map(),
  openingBalances: new Map(),
  publishedLists: new Map(),
  officers: new Map(),
  submissions: new Map(),
  strings: new Interned(),
  position: 0,
});

/**
 * A copy a multi-command decision can evolve without touching the original: every map and set that `evolve`
 * changes in place is copied (a tournament's games copy-on-write); events and game states, which it only replaces, are
 * shared.
 */
export const forkLedgerState = (state: LedgerState): LedgerState => ({
  players: new Map([...state.players].map(([id, p]) => [id, { ...p, priorGrades: [...p.priorGrades], awardedGrades: new Set(p.awardedGrades) }])),
  tournaments: new Map([...state.tournaments].map(([id, t]) => [id, { ...t, games: t.games.fork() }])),
  streamRevisions: new Map(state.streamRevisions),
  adjustments: new Set(state.adjustments),
  reconciles: new Set(state.reconciles),
  ruleSetAdoptions: new Map(state.ruleSetAdoptions),
  openingBalances: new Map(state.openingBalances),
  publishedLists: new Map(state.publishedLists),
  // evolve replaces an officer's entry, never changes it in place
  officers: new Map(state.officers),
  // evolve replaces a submission's entry too
  submissions: new Map(state.submissions),
  strings: state.strings,
  position: state.position,
});

export interface Positioned {
  readonly globalPosition: number;
  readonly revision: number;
  readonly streamId?: string;
}

/** A registration with a correction's fields put in (the registration date as `registeredOn`). */
export const correctedRegistration = (r: PlayerRegistered, c: PlayerRegistrationCorrected): PlayerRegistered => ({
  ...r,
  ...(c.familyName !== undefined ? { familyName: c.familyName } : {}),
  ...(c.givenName !== undefined ? { givenName: c.givenName } : {}),
  ...(c.country !== undefined ? { country: c.country } : {}),
  ...(c.club !== undefined ? { club: c.club } : {}),
  ...(c.birthYear !== undefined ? { birthYear: c.birthYear } : {}),
  ...(c.registeredOn !== undefined ? { validDate: c.registeredOn } : {}),
});

export const evolve = (state: LedgerState, event: DomainEvent, recorded?: Positioned): LedgerState => {
  if (recorded) {
    state.streamRevisions.set(recorded.streamId ?? streamOf(event), recorded.revision);
    state.position = recorded.globalPosition;
  }
  switch (event.type) {
    case 'PlayerRegistered':
      state.players.set(event.playerId, { registration: event, priorGrades: [], awardedGrades: new Set() });
      break;
    case 'PlayerRegistrationCorrected': {
      const player = state.players.get(event.playerId);
      if (player) {
        player.current = correctedRegistration(player.current ?? player.registration, event);
        player.corrections = (player.corrections ?? 0) + 1;
      }
      break;
    }
    case 'PlayersMerged':
    case 'PlayersUnmerged': {
      const absorbed = state.players.get(event.absorbed);
      if (absorbed) {
        absorbed.mergedInto = event.type === 'PlayersMerged' ? { survivor: event.survivor, merge: event.eventId, validDate: event.validDate, reason: event.reason } : undefined;
        if (event.type === 'PlayersUnmerged') absorbed.lastUnmerged = { survivor: event.survivor, merge: event.merge };
        absorbed.identityChanges = (absorbed.identityChanges ?? 0) + 1;
      }
      break;
    }
    case 'PriorGradeDeclared':
      state.players.get(event.playerId)?.priorGrades.push({ source: event.source, date: event.validDate, grade: event.grade });
      break;
    case 'GradeAwarded':
      state.players.get(event.playerId)?.awardedGrades.add(`${event.ruleSet}:${event.grade}`);
      break;
    case 'TournamentRegistered':
      state.tournaments.set(event.tournamentId, { registration: event, games: GameTable.empty(state.strings) });
      break;
    case 'GameReported': {
      const { type: _t, version: _v, eventId: _e, validDate, actor: _a, gameId, tournamentId, ...facts } = event;
      state.tournaments.get(tournamentId)?.games.set(gameId, { gameId, facts, reported: facts, validDate, corrections: 0, withdrawn: false });
      break;
    }
    case 'ResultCorrected': {
      const { type: _t, version: _v, eventId: _e, validDate: _d, actor: _a, gameId, tournamentId, reason: _r, ...facts } = event;
      const games = state.tournaments.get(tournamentId)?.games;
      const old = games?.get(gameId);
      if (games && old) games.set(gameId, { ...old, facts, corrections: old.corrections + 1 });
      break;
    }
    case 'GameWithdrawn': {
      const games = state.tournaments.get(event.tournamentId)?.games;
      const old = games?.get(event.gameId);
      if (games && old) games.set(event.gameId, { ...old, withdrawn: true });
      break;
    }
    case 'TournamentClosed': {
      const tournament = state.tournaments.get(event.tournamentId);
      if (tournament) tournament.closed = event;
      break;
    }
    case 'RatingAdjusted':
      state.adjustments.add(event.adjustmentId);
      break;
    case 'ListReconciled':
      state.reconciles.add(event.eventId);
      break;
    case 'RuleSetAdopted':
      state.ruleSetAdoptions.set(event.eventId, { ruleSetId: event.ruleSetId, validDate: event.validDate });
      break;
    case 'RatingListPublished':
      state.publishedLists.set(event.listId, event.contentHash);
      break;
    case 'OfficerAppointed':
    case 'OfficerRevoked':
      state.officers.set(event.officer, {
        role: event.type === 'OfficerAppointed' ? event.role : undefined,
        changes: (state.officers.get(event.officer)?.changes ?? 0) + 1,
      });
      break;
    case 'OpeningBalanceImported':
      state.openingBalances.set(event.eventId, event);
      break;
    case 'SubmissionReceived':
      state.submissions.set(event.submissionId, { submitter: event.actor, tournamentId: event.tournamentId, contentHash: event.contentHash, status: 'pending' });
      break;
    case 'SubmissionApproved':
    case 'SubmissionRejected': {
      const received = state.submissions.get(event.submissionId);
      if (received) state.submissions.set(event.submissionId, { ...received, status: event.type === 'SubmissionApproved' ? 'approved' : 'rejected' });
      break;
    }
    default:
      everyTypeHandled(event);
  }
  return state;
};
