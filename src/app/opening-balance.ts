import * as E from 'fp-ts/Either';
import type { Command } from '../../domain/commands/decide';
import { streamsReadBy, type StreamsRead } from '../../domain/commands/reads';
import { playerName } from '../../domain/commands/decision';
import type { LedgerState } from '../../domain/commands/state';
import { isValidIsoDate } from '../../domain/events/iso-date';
import { FESA_RULE_SET_IDS } from '../../domain/rules/rule-set-ids';
import { openingState } from '../../projections/generic/opening-state';
import { GENERIC_RULE_SETS, isGenericRuleSet } from '../../projections/generic/systems';
import { CommandRejected } from './errors';

/** An officer's opening balance as given on the command line or in one CSV row (`ledger player balance`). */
export interface BalanceRequest {
  readonly playerId: string;
  readonly ruleSet: string;
  readonly rating: number;
  readonly games?: number;
  readonly grade?: string;
  readonly date: string;
  readonly reason: string;
}

/**
 * A legacy list is of a day that has come: a balance dated later would lie in wait for the games played before it and
 * replace what they gave the player on that day (games dated before a balance are rated, then superseded by it).
 */
export const refuseBalanceAfterToday = (state: LedgerState, playerId: string, ruleSet: string, date: string, today: string): void => {
  if (date <= today) return;
  const who = state.players.has(playerId) ? playerName(state, playerId) : `"${playerId}"`;
  throw new CommandRejected(`the opening balance of ${who} under ${ruleSet} is dated ${date}, after today (${today}): a balance is the legacy list's record as of its date, so record it on or after that date`);
};

/**
 * The ImportOpeningBalance command for a legacy list's entry: the rule set's own player state built from the rating,
 * games and grade (the player's birth year from his registration, for FIDE's junior rule). Balances under FESA come
 * from its own list files, whose records hold far more than a rating. The decider checks the rest (player, state,
 * games already played under the rule set). Refused here: a FESA balance, an unknown rule set, a date after `today`.
 */
export const openingBalanceCommand = (request: BalanceRequest, state: LedgerState, actor: string, today: string): Command => {
  const { playerId, ruleSet, date } = request;
  refuseBalanceAfterToday(state, playerId, ruleSet, date, today);
  if ((FESA_RULE_SET_IDS as readonly string[]).includes(ruleSet)) {
    throw new CommandRejected(`a FESA opening balance is a whole list record (grades, streaks, bonus counter); import the list it comes from with ledger fesa import <folder>`);
  }
  if (!isGenericRuleSet(ruleSet)) throw new CommandRejected(`unknown rule set "${ruleSet}"; expected one of ${GENERIC_RULE_SETS.join(', ')}`);
  const registration = state.players.get(playerId);
  const birthYear = (registration?.current ?? registration?.registration)?.birthYear;
  const built = openingState(ruleSet, { rating: request.rating, games: request.games, grade: request.grade, birthYear });
  if (E.isLeft(built)) throw new CommandRejected(`the opening balance of ${registration ? playerName(state, playerId) : `"${playerId}"`} under ${ruleSet}: ${built.left}`);
  return {
    kind: 'ImportOpeningBalance', validDate: date, actor, playerId, ruleSet, state: built.right,
    // one officer balance per player, rule set and date: the same command again records nothing
    source: sourceOf(request), reason: request.reason,
  };
};

const sourceOf = (request: BalanceRequest): string => `balance ${request.date}`;

/**
 * The streams the balance's decision reads (domain/commands/reads.ts): its player's, which also gives
 * `openingBalanceCommand` the birth year, and those of the games the person played.
 */
export const openingBalanceReads = (request: BalanceRequest): StreamsRead | undefined =>
  streamsReadBy({ kind: 'ImportOpeningBalance', validDate: request.date, actor: '', playerId: request.playerId, ruleSet: request.ruleSet, state: {}, source: sourceOf(request) });

/** The HTTP API's RecordOpeningBalance: the same request as JSON (validDate the balance's date), each field checked. */
export const balanceRequestOf = (body: Readonly<Record<string, unknown>>): BalanceRequest => {
  const fields = ['kind', 'playerId', 'ruleSet', 'rating', 'games', 'grade', 'validDate', 'reason'];
  const unknown = Object.keys(body).find((k) => !fields.includes(k));
  if (unknown !== undefined) throw new CommandRejected(`RecordOpeningBalance: unknown field \`${unknown}\`; it carries ${fields.slice(1).join(', ')}`);
  const wrong = (field: string, expected: string) => new CommandRejected(`RecordOpeningBalance: field \`${field}\`: expected ${expected}, got ${JSON.stringify(body[field]) ?? 'nothing'}`);
  const text = (field: string) => {
    if (typeof body[field] !== 'string' || body[field] === '') throw wrong(field, 'text');
    return body[field];
  };
  if (typeof body.rating !== 'number' || !Number.isFinite(body.rating)) throw wrong('rating', 'a number');
  if (body.games !== undefined && !(typeof body.games === 'number' && Number.isInteger(body.games) && body.games >= 0)) throw wrong('games', 'a whole number of rated games');
  if (body.grade !== undefined && typeof body.grade !== 'string') throw wrong('grade', 'a grade such as "2 Dan" or "2-dan"');
  const date = text('validDate');
  if (!isValidIsoDate(date)) throw wrong('validDate', 'a date YYYY-MM-DD that exists');
  return {
    playerId: text('playerId'), ruleSet: text('ruleSet'), rating: body.rating, date, reason: text('reason'),
    ...(body.games !== undefined ? { games: body.games } : {}), ...(body.grade !== undefined ? { grade: body.grade } : {}),
  };
};
