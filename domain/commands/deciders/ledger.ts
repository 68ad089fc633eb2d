import type { EventOf } from '../../events';
import type { Decided } from '../decision';
import { decided, nothing, reject } from '../decision';
import type { LedgerState } from '../state';

export const adjustRating = (event: EventOf<'RatingAdjusted'>, state: LedgerState): Decided => {
  if (event.target.kind === 'player' && !state.players.has(event.target.playerId)) {
    return reject(`cannot adjust the rating of unknown player "${event.target.playerId}"`);
  }
  return state.adjustments.has(event.adjustmentId) ? nothing(event) : decided(event);
};

/** Every player the reconcile names must be registered; each is on the list once and pinned at most once. */
export const reconcileList = (event: EventOf<'ListReconciled'>, state: LedgerState): Decided => {
  if (state.reconciles.has(event.eventId)) return nothing(event);
  const listed = new Set<string>();
  for (const id of event.order) {
    if (!state.players.has(id)) return reject(`cannot reconcile ${event.source}: player "${id}" is not registered; register the player first`);
    if (listed.has(id)) return reject(`cannot reconcile ${event.source}: player "${id}" is on the list twice`);
    listed.add(id);
  }
  const pinned = new Set<string>();
  for (const { playerId } of event.pins) {
    if (!listed.has(playerId)) return reject(`cannot reconcile ${event.source}: player "${playerId}" is pinned but not on the list`);
    if (pinned.has(playerId)) return reject(`cannot reconcile ${event.source}: player "${playerId}" is pinned twice`);
    pinned.add(playerId);
  }
  return decided(event);
};

export const adoptRuleSet = (event: EventOf<'RuleSetAdopted'>, state: LedgerState): Decided =>
  state.ruleSetAdoptions.has(event.eventId) ? nothing(event) : decided(event);

/** A list id is published once: the same content again is a no-op, other content under that id is refused. */
export const publishRatingList = (event: EventOf<'RatingListPublished'>, state: LedgerState): Decided => {
  const before = state.publishedLists.get(event.listId);
  if (before === undefined) return decided(event);
  return before === event.contentHash ? nothing(event) : reject(`rating list "${event.listId}" was already published with other content (hash ${before.slice(0, 12)}…)`);
};
