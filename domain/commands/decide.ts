import * as E from 'fp-ts/Either';
import type * as t from 'io-ts';
import type { DomainEvent, EventOf, GameFacts, RatingAdjusted } from '../events';
import { decodeEvent, eventCodecs, handicapFromCode, streamOf } from '../events';
import type { GameState, LedgerState } from './state';

/**
 * Commands: what an officer asks for. Each is decided against the folded ledger state into zero or one event
 * (zero = the outcome already happened: idempotent resubmission), or rejected with one clear sentence.
 * Event ids are derived from the command's own ids, so a resubmitted command can never append a duplicate.
 */
// Commands carry raw input (plain strings and numbers, the codecs' output types); deciding checks them.
type Payload<K extends DomainEvent['type']> = Omit<t.OutputOf<(typeof eventCodecs)[K]>, 'type' | 'version' | 'eventId'> & { eventId?: string };

export type Command =
  | ({ kind: 'RegisterPlayer' } & Payload<'PlayerRegistered'>)
  | ({ kind: 'DeclarePriorGrade' } & Payload<'PriorGradeDeclared'>)
  | ({ kind: 'RegisterTournament' } & Payload<'TournamentRegistered'>)
  | ({ kind: 'ReportGame' } & Payload<'GameReported'>)
  | ({ kind: 'CorrectResult' } & Payload<'ResultCorrected'>)
  | ({ kind: 'WithdrawGame' } & Payload<'GameWithdrawn'>)
  | ({ kind: 'CloseTournament' } & Payload<'TournamentClosed'>)
  | ({ kind: 'ImportOpeningBalance' } & Payload<'OpeningBalanceImported'>)
  | ({ kind: 'AdjustRating' } & Payload<'RatingAdjusted'>)
  | ({ kind: 'AwardGrade' } & Payload<'GradeAwarded'>)
  | ({ kind: 'AdoptRuleSet' } & Payload<'RuleSetAdopted'>)
  | ({ kind: 'PublishRatingList' } & Payload<'RatingListPublished'>);

export type CommandKind = Command['kind'];

const EVENT_OF: Record<CommandKind, DomainEvent['type']> = {
  RegisterPlayer: 'PlayerRegistered',
  DeclarePriorGrade: 'PriorGradeDeclared',
  RegisterTournament: 'TournamentRegistered',
  ReportGame: 'GameReported',
  CorrectResult: 'ResultCorrected',
  WithdrawGame: 'GameWithdrawn',
  CloseTournament: 'TournamentClosed',
  ImportOpeningBalance: 'OpeningBalanceImported',
  AdjustRating: 'RatingAdjusted',
  AwardGrade: 'GradeAwarded',
  AdoptRuleSet: 'RuleSetAdopted',
  PublishRatingList: 'RatingListPublished',
};

export interface Decision {
  /** The stream the events go to (one command = one stream = one transaction). */
  readonly stream: string;
  readonly events: readonly DomainEvent[];
}

const reject = (message: string): E.Either<string, Decision> => E.left(message);

/** Canonical JSON (sorted keys) so that "same content" does not depend on key order. */
export const canonicalJson = (value: unknown): string =>
  JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).filter(([, x]) => x !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );

const sameContent = (a: object, b: object, ignore: readonly string[] = ['eventId', 'actor']): boolean => {
  const strip = (o: object) => Object.fromEntries(Object.entries(o).filter(([k]) => !ignore.includes(k)));
  return canonicalJson(strip(a)) === canonicalJson(strip(b));
};

const defaultEventId = (c: Command, state: LedgerState): string => {
  switch (c.kind) {
    case 'RegisterPlayer':
      return `player:${c.playerId}:registered`;
    case 'DeclarePriorGrade':
      return `player:${c.playerId}:prior-grade:${c.source}`;
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
    case 'AwardGrade':
      return `grade:${c.ruleSet}:${c.playerId}:${c.grade}`;
    case 'AdoptRuleSet':
      return `rules:${c.ruleSetId}:${c.ruleSetVersion}:${c.validDate}`;
    case 'PublishRatingList':
      return `list:${c.listId}`;
  }
};

/** Builds the event and checks it against the catalogue's codec, which names every malformed field. */
const toEvent = (c: Command, state: LedgerState): E.Either<string, DomainEvent> => {
  // commands also arrive as JSON (the HTTP API): check the shape the types promise before using it
  if (typeof c !== 'object' || c === null || Array.isArray(c)) return E.left(`a command is a JSON object with a "kind" (one of ${Object.keys(EVENT_OF).join(', ')})`);
  const { kind, eventId, ...payload } = c;
  if (!Object.prototype.hasOwnProperty.call(EVENT_OF, kind)) return E.left(`unknown command kind ${JSON.stringify(kind)}; expected one of ${Object.keys(EVENT_OF).join(', ')}`);
  const type = EVENT_OF[kind];
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
  return E.mapLeft((m: string) => m.replace(/^\w+: /, `${kind}: `))(decodeEvent(type, candidate));
};

const playerName = (state: LedgerState, id: string): string => {
  const p = state.players.get(id)?.registration;
  return p ? `${p.familyName}${p.givenName ? ` ${p.givenName}` : ''} (${id})` : id;
};

const RATED_RESULTS = new Set(['win', 'loss', 'draw', 'sennichite']);

/** The checks a game's facts must pass, for a new report and for a correction alike. */
const checkGameFacts = (state: LedgerState, tournamentId: string, gameId: string, facts: GameFacts, validDate: string): string | undefined => {
  const tournament = state.tournaments.get(tournamentId);
  if (!tournament) return `unknown tournament "${tournamentId}"; register it first (ledger tournament add)`;
  const reg = tournament.registration;
  for (const [role, id] of [['first', facts.first], ['second', facts.second]] as const) {
    if (id !== null && !state.players.has(id)) return `game ${gameId}: unknown ${role} player "${id}"; register the player first (ledger player add)`;
    if (id !== null && reg.entrants && !reg.entrants.includes(id)) return `game ${gameId}: ${playerName(state, id)} is not an entrant of tournament "${tournamentId}"`;
  }
  if (facts.first === facts.second) return `game ${gameId}: ${playerName(state, facts.first)} cannot play against himself`;
  if (facts.result === 'bye' && facts.second !== null) return `game ${gameId}: a bye has no second player, got "${facts.second}"`;
  if (facts.result !== 'bye' && facts.second === null) return `game ${gameId}: result "${facts.result}" needs a second player (only a bye has none)`;
  if (facts.round < 1) return `game ${gameId}: round must be 1 or more, got ${facts.round}`;
  if (validDate < reg.startDate || validDate > reg.endDate) {
    return `game ${gameId} is dated ${validDate}, outside tournament "${tournamentId}" (${reg.startDate} to ${reg.endDate})`;
  }
  if (facts.handicap) {
    const { giver } = facts.handicap;
    if (giver !== facts.first && giver !== facts.second) return `game ${gameId}: the handicap giver "${giver}" is not one of the two players`;
    if (!RATED_RESULTS.has(facts.result) && facts.result !== 'unplayed' && !facts.result.startsWith('forfeit')) return `game ${gameId}: a bye cannot have a handicap`;
  }
  if (facts.replayOf !== undefined) {
    const original = tournament.games.get(facts.replayOf);
    if (!original || original.withdrawn) return `game ${gameId}: it replays "${facts.replayOf}", which is not a game of tournament "${tournamentId}"`;
    if (original.facts.result !== 'sennichite') return `game ${gameId}: only a sennichite game is replayed, but "${facts.replayOf}" ended "${original.facts.result}"`;
    const samePlayers = new Set([original.facts.first, original.facts.second]);
    if (!samePlayers.has(facts.first) || !samePlayers.has(facts.second)) return `game ${gameId}: a replay is between the players of "${facts.replayOf}"`;
  }
  const inRound = (g: GameState) => !g.withdrawn && g.gameId !== gameId && g.facts.round === facts.round;
  for (const other of tournament.games.values()) {
    if (!inRound(other)) continue;
    const replayPair = facts.replayOf === other.gameId || other.facts.replayOf === gameId || (other.facts.replayOf !== undefined && other.facts.replayOf === facts.replayOf);
    if (replayPair) continue;
    for (const id of [facts.first, facts.second]) {
      if (id !== null && (other.facts.first === id || other.facts.second === id)) {
        return `game ${gameId}: ${playerName(state, id)} already plays game ${other.gameId} in round ${facts.round} of tournament "${tournamentId}"`;
      }
    }
  }
  return undefined;
};

const factsOf = (e: EventOf<'GameReported'> | EventOf<'ResultCorrected'>): GameFacts => {
  const { round, first, second, result, handicap, timeControl, replayOf, byePoints } = e;
  return { round, first, second, result, handicap, timeControl, replayOf, byePoints };
};

const decided = (event: DomainEvent): E.Either<string, Decision> => E.right({ stream: streamOf(event), events: [event] });
const nothing = (event: DomainEvent): E.Either<string, Decision> => E.right({ stream: streamOf(event), events: [] });

/** The pure decide step: validation + idempotency, no I/O. */
export const decide = (command: Command, state: LedgerState): E.Either<string, Decision> => {
  const built = toEvent(command, state);
  if (E.isLeft(built)) return built;
  const event = built.right;
  switch (event.type) {
    case 'PlayerRegistered': {
      const existing = state.players.get(event.playerId);
      if (!existing) return decided(event);
      return sameContent(existing.registration, event, ['eventId', 'actor'])
        ? nothing(event)
        : reject(`player "${event.playerId}" is already registered as ${playerName(state, event.playerId)} with other details; player ids are never reused`);
    }
    case 'PriorGradeDeclared': {
      const player = state.players.get(event.playerId);
      if (!player) return reject(`unknown player "${event.playerId}"; register the player first (ledger player add)`);
      const before = player.priorGrades.get(event.source);
      if (before === undefined) return decided(event);
      return before === event.grade ? nothing(event) : reject(`${playerName(state, event.playerId)} already declared ${before} from ${event.source}; a different ${event.source} grade needs a correction, not a second declaration`);
    }
    case 'TournamentRegistered': {
      if (event.endDate < event.startDate) return reject(`tournament "${event.tournamentId}" ends (${event.endDate}) before it starts (${event.startDate})`);
      for (const id of [...(event.entrants ?? []), ...(event.simulGivers ?? [])]) {
        if (!state.players.has(id)) return reject(`tournament "${event.tournamentId}": unknown entrant "${id}"; register the player first`);
      }
      const dup = (event.entrants ?? []).find((id, i, all) => all.indexOf(id) !== i);
      if (dup !== undefined) return reject(`tournament "${event.tournamentId}": ${playerName(state, dup)} is listed twice among the entrants`);
      const existing = state.tournaments.get(event.tournamentId);
      if (!existing) return decided(event);
      return sameContent(existing.registration, event) ? nothing(event) : reject(`tournament "${event.tournamentId}" is already registered with other details`);
    }
    case 'GameReported': {
      const tournament = state.tournaments.get(event.tournamentId);
      const existing = tournament?.games.get(event.gameId);
      if (existing) {
        if (existing.withdrawn) return reject(`game ${event.gameId} of tournament "${event.tournamentId}" was withdrawn; report the game again under a new game id`);
        // Idempotency is judged against the facts as first reported: resubmitting that report stays a no-op even
        // after a correction, while a different report under the same id is an error.
        return sameContent({ ...factsOf(event), validDate: event.validDate }, { ...existing.reported, validDate: existing.validDate }, [])
          ? nothing(event)
          : reject(`game ${event.gameId} of tournament "${event.tournamentId}" is already reported with other facts; use a correction (ledger game correct) to change it`);
      }
      const problem = checkGameFacts(state, event.tournamentId, event.gameId, factsOf(event), event.validDate);
      return problem ? reject(problem) : decided(event);
    }
    case 'ResultCorrected': {
      const tournament = state.tournaments.get(event.tournamentId);
      if (!tournament) return reject(`cannot correct game ${event.gameId}: unknown tournament "${event.tournamentId}"`);
      const existing = tournament.games.get(event.gameId);
      if (!existing) return reject(`cannot correct game ${event.gameId}: tournament "${event.tournamentId}" has no such game`);
      if (existing.withdrawn) return reject(`cannot correct game ${event.gameId}: it was withdrawn`);
      const facts = factsOf(event);
      if (sameContent(facts, existing.facts, [])) return nothing(event);
      const problem = checkGameFacts(state, event.tournamentId, event.gameId, facts, existing.validDate);
      return problem ? reject(problem) : decided(event);
    }
    case 'GameWithdrawn': {
      const existing = state.tournaments.get(event.tournamentId)?.games.get(event.gameId);
      if (!state.tournaments.has(event.tournamentId)) return reject(`cannot withdraw game ${event.gameId}: unknown tournament "${event.tournamentId}"`);
      if (!existing) return reject(`cannot withdraw game ${event.gameId}: tournament "${event.tournamentId}" has no such game`);
      return existing.withdrawn ? nothing(event) : decided(event);
    }
    case 'TournamentClosed': {
      const tournament = state.tournaments.get(event.tournamentId);
      if (!tournament) return reject(`cannot close unknown tournament "${event.tournamentId}"`);
      if (tournament.closed) {
        return tournament.closed.validDate === event.validDate
          ? nothing(event)
          : reject(`tournament "${event.tournamentId}" was already closed on ${tournament.closed.validDate}; it cannot be closed twice`);
      }
      if (event.validDate < tournament.registration.startDate) return reject(`tournament "${event.tournamentId}" cannot close on ${event.validDate}, before it starts (${tournament.registration.startDate})`);
      return decided(event);
    }
    case 'OpeningBalanceImported':
      return state.players.has(event.playerId) ? decided(event) : reject(`opening balance for unknown player "${event.playerId}"; register the player first`);
    case 'RatingAdjusted':
      return adjust(event, state);
    case 'GradeAwarded': {
      const player = state.players.get(event.playerId);
      if (!player) return reject(`cannot award ${event.grade} to unknown player "${event.playerId}"`);
      return player.awardedGrades.has(`${event.ruleSet}:${event.grade}`) ? nothing(event) : decided(event);
    }
    case 'RuleSetAdopted':
      return state.ruleSetAdoptions.has(event.eventId) ? nothing(event) : decided(event);
    case 'RatingListPublished': {
      const before = state.publishedLists.get(event.listId);
      if (before === undefined) return decided(event);
      return before === event.contentHash ? nothing(event) : reject(`rating list "${event.listId}" was already published with other content (hash ${before.slice(0, 12)}…)`);
    }
  }
};

const adjust = (event: RatingAdjusted, state: LedgerState): E.Either<string, Decision> => {
  if (event.target.kind === 'player' && !state.players.has(event.target.playerId)) {
    return reject(`cannot adjust the rating of unknown player "${event.target.playerId}"`);
  }
  return state.adjustments.has(event.adjustmentId) ? nothing(event) : decided(event);
};
