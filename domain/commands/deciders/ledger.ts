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

export const adoptRuleSet = (event: EventOf<'RuleSetAdopted'>, state: LedgerState): Decided =>
  state.ruleSetAdoptions.has(event.eventId) ? nothing(event) : decided(event);

/** A list id is published once: the same content again is a no-op, other content under that id is refused. */
export const publishRatingList = (event: EventOf<'RatingListPublished'>, state: LedgerState): Decided => {
  const before = state.publishedLists.get(event.listId);
  if (before === undefined) return decided(event);
  return before === event.contentHash ? nothing(event) : reject(`rating list "${event.listId}" was already published with other content (hash ${before.slice(0, 12)}…)`);
};
