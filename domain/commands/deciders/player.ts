import * as E from 'fp-ts/Either';
import { decodePlayerState, GENERIC_FOLD_RULE_SETS } from '../../rules/registry';
import { RULE_SET_IDS } from '../../rules/rule-set-ids';
import { correctedRegistration } from '../state';
import type { EventOf } from '../../events';
import type { Decided } from '../decision';
import { decided, nothing, playerName, reject, sameContent } from '../decision';
import { personOf, ruleSetInForceOf, type LedgerState } from '../state';

/** A player id names one person for ever: the same registration again is a no-op, other details are refused. */
export const registerPlayer = (event: EventOf<'PlayerRegistered'>, state: LedgerState): Decided => {
  const existing = state.players.get(event.playerId);
  if (!existing) return decided(event);
  return sameContent(existing.registration, event, ['eventId', 'actor'])
    ? nothing(event)
    : reject(`player "${event.playerId}" is already registered as ${playerName(state, event.playerId)} with other details; player ids are never reused`);
};

/**
 * A correction must change something, and a name may not become another player's name (FESA lists know players by
 * their names).
 */
export const correctPlayerRegistration = (event: EventOf<'PlayerRegistrationCorrected'>, state: LedgerState): Decided => {
  const player = state.players.get(event.playerId);
  if (!player) return reject(`cannot correct unknown player "${event.playerId}"; register the player first (ledger player add)`);
  if (player.mergedInto) return reject(`${playerName(state, event.playerId)} is merged into ${playerName(state, player.mergedInto.survivor)}; correct ${player.mergedInto.survivor}, or unmerge ${event.playerId} first`);
  const before = player.current ?? player.registration;
  const after = correctedRegistration(before, event);
  if (sameContent(before, after)) return reject(`the correction of ${playerName(state, event.playerId)} changes nothing; give the fields that are wrong`);
  if (after.familyName !== before.familyName || after.givenName !== before.givenName) {
    for (const [id, other] of state.players) {
      const r = other.current ?? other.registration;
      if (id !== event.playerId && r.familyName === after.familyName && r.givenName === after.givenName) {
        return reject(`${playerName(state, id)} already has the name ${after.familyName}${after.givenName ? ` ${after.givenName}` : ''}; if they are the same person, that is a merge, not a rename`);
      }
    }
  }
  return decided(event);
};

/**
 * A body's grade as of a date. The declared grades are read by date whatever their body (projections/declared-grades.ts:
 * of two on one date, the one recorded last stands), so a later grade from the same body (promoted in Japan since) is a
 * new dated declaration, and one dated the day of an earlier one corrects it. Nothing is recorded when the grade read
 * as of that date is already this one: it would change no reading (a command run again, a certificate seen twice).
 */
export const declarePriorGrade = (event: EventOf<'PriorGradeDeclared'>, state: LedgerState): Decided => {
  const player = state.players.get(event.playerId);
  if (!player) return reject(`unknown player "${event.playerId}"; register the player first (ledger player add)`);
  let standing: { readonly date: string; readonly grade: string } | undefined;
  for (const d of player.priorGrades) if (d.date <= event.validDate && (standing === undefined || d.date >= standing.date)) standing = d;
  return standing?.grade === event.grade ? nothing(event) : decided(event);
};

const PLAYED: ReadonlySet<string> = new Set(['win', 'loss', 'draw', 'sennichite']);

/**
 * A game the person played in a closed, rated tournament that `ruleSet` rates, ending on or before `date`. Played is
 * enough, rated by the system or not: either way the system entered the person by its newcomer rule then, so a
 * balance now would rewrite a record the ledger already keeps.
 */
const gameUnder = (state: LedgerState, ruleSet: string, person: string, date: string): string | undefined => {
  for (const t of state.tournaments.values()) {
    const r = t.registration;
    if (!t.closed || !r.rated || r.endDate > date || ruleSetInForceOf(state, r) !== ruleSet) continue;
    for (const g of t.games.values()) {
      const { first, second, result } = g.facts;
      if (g.withdrawn || second === null || !PLAYED.has(result)) continue;
      if (personOf(state, first) === person || personOf(state, second) === person) return `game ${g.gameId} of tournament "${r.tournamentId}", ending ${r.endDate}`;
    }
  }
  return undefined;
};

/**
 * The state one rule set continues a player's record from. Refused: an unknown player or rule set, the same balance
 * (event id) with other values, a state the rule set's decoder does not read, and a balance under a registry rule set
 * for a player who already played under it on or before its date — changing a record is an adjustment.
 */
export const importOpeningBalance = (event: EventOf<'OpeningBalanceImported'>, state: LedgerState): Decided => {
  const { playerId, ruleSet, validDate } = event;
  if (!state.players.has(playerId)) return reject(`opening balance for unknown player "${playerId}"; register the player first`);
  if (!RULE_SET_IDS.includes(ruleSet)) return reject(`unknown rule set "${ruleSet}"; expected one of ${RULE_SET_IDS.join(', ')}`);
  const before = state.openingBalances.get(event.eventId);
  if (before) {
    return sameContent(before, event)
      ? nothing(event)
      : reject(`${playerName(state, playerId)} already has the opening balance "${event.eventId}" under ${ruleSet} with other values; a balance is recorded once, and a different rating is a rating adjustment`);
  }
  // a FESA balance is a list record the FESA projection reads; the generic fold's rule sets check their state here
  if (!GENERIC_FOLD_RULE_SETS.has(ruleSet)) return decided(event);
  const played = gameUnder(state, ruleSet, personOf(state, playerId), validDate);
  if (played !== undefined) {
    return reject(`${playerName(state, playerId)} already played under ${ruleSet} on or before ${validDate} (${played}); an opening balance starts a record, a change to it is a rating adjustment`);
  }
  const decoded = decodePlayerState(ruleSet, playerId, event.state);
  return E.isLeft(decoded) ? reject(`the opening balance of ${playerName(state, playerId)} under ${ruleSet}: ${decoded.left.message.split(`input.players.${playerId}`).join('state')}`) : decided(event);
};

export const awardGrade = (event: EventOf<'GradeAwarded'>, state: LedgerState): Decided => {
  const player = state.players.get(event.playerId);
  if (!player) return reject(`cannot award ${event.grade} to unknown player "${event.playerId}"`);
  return player.awardedGrades.has(`${event.ruleSet}:${event.grade}`) ? nothing(event) : decided(event);
};

/** The games in which the two people (ids as merged so far) met, or both played the same round of one tournament. */
const meetings = (state: LedgerState, a: string, b: string): string | undefined => {
  for (const t of state.tournaments.values()) {
    const rounds = new Map<number, { person: string; gameId: string }>();
    for (const g of t.games.values()) {
      if (g.withdrawn) continue;
      const people = [g.facts.first, g.facts.second].filter((id): id is NonNullable<typeof id> => id !== null).map((id) => personOf(state, id));
      const tournamentId = t.registration.tournamentId;
      if (people.includes(a) && people.includes(b)) {
        return `they played each other in game ${g.gameId} of tournament "${tournamentId}" (round ${g.facts.round}), and one person cannot play himself; if that game names the wrong player, correct it first (ledger game correct --game ${g.gameId})`;
      }
      for (const person of people) {
        if (person !== a && person !== b) continue;
        const other = rounds.get(g.facts.round);
        if (other && other.person !== person) {
          return `both played round ${g.facts.round} of tournament "${tournamentId}" (games ${other.gameId} and ${g.gameId}), and one person plays one game a round; if one of those games names the wrong player, correct it first`;
        }
        rounds.set(g.facts.round, { person, gameId: g.gameId });
      }
    }
  }
  return undefined;
};

/**
 * Two ids are one person. Refused: an id with itself, unknown ids, an id already merged (into another), a survivor
 * that is itself merged, an absorbed id that has absorbed others (merges are not chained), and two ids that met in a
 * game or played the same round of one tournament (one person cannot). The same merge again records nothing.
 */
export const mergePlayers = (event: EventOf<'PlayersMerged'>, state: LedgerState): Decided => {
  const { survivor, absorbed } = event;
  if (survivor === absorbed) return reject(`cannot merge ${playerName(state, survivor)} with itself; give the id that stays and the id that goes`);
  for (const id of [survivor, absorbed]) {
    if (!state.players.has(id)) return reject(`cannot merge unknown player "${id}"; ledger player list shows the registered ids`);
  }
  const absorbedState = state.players.get(absorbed)!;
  if (absorbedState.mergedInto?.survivor === survivor) return nothing(event);
  if (absorbedState.mergedInto) return reject(`${playerName(state, absorbed)} is already merged into ${playerName(state, absorbedState.mergedInto.survivor)}; unmerge it first (ledger player unmerge ${absorbed} --reason …)`);
  const survivorMerge = state.players.get(survivor)!.mergedInto;
  if (survivorMerge) return reject(`${playerName(state, survivor)} is itself merged into ${playerName(state, survivorMerge.survivor)}; merge into ${survivorMerge.survivor} instead`);
  const absorbedOthers = [...state.players].filter(([, p]) => p.mergedInto?.survivor === absorbed).map(([id]) => id);
  if (absorbedOthers.length > 0) return reject(`${playerName(state, absorbed)} has absorbed ${absorbedOthers.join(', ')}; merges are not chained: unmerge ${absorbedOthers.join(', ')} first, then merge each into ${survivor}`);
  const met = meetings(state, survivor, absorbed);
  if (met !== undefined) return reject(`cannot merge ${playerName(state, absorbed)} into ${playerName(state, survivor)}: ${met}`);
  return decided(event);
};

/**
 * Undoes the merge in force of `absorbed` into `survivor`; the event names that merge, so an old one cannot be undone
 * twice. The same unmerge again (the merge it names was the last one undone) records nothing.
 */
export const unmergePlayers = (event: EventOf<'PlayersUnmerged'>, state: LedgerState): Decided => {
  const player = state.players.get(event.absorbed);
  if (!player) return reject(`cannot unmerge unknown player "${event.absorbed}"; ledger player list shows the registered ids`);
  const merge = player.mergedInto;
  if (!merge) {
    const undone = player.lastUnmerged;
    return undone?.merge === event.merge && undone.survivor === event.survivor
      ? nothing(event)
      : reject(`${playerName(state, event.absorbed)} is not merged into another player; there is nothing to unmerge`);
  }
  if (merge.survivor !== event.survivor) return reject(`${playerName(state, event.absorbed)} is merged into ${playerName(state, merge.survivor)}, not into "${event.survivor}"`);
  if (merge.merge !== event.merge) return reject(`the merge in force of ${event.absorbed} into ${merge.survivor} is "${merge.merge}", not "${event.merge}"`);
  return decided(event);
};
