/**
 * The JSON Schema of what a write changes (app/consequences.ts), as `POST /commands` answers it: kept apart from
 * openapi.ts so that the document's size does not grow with each answer's shape.
 */
const str = { type: 'string' };
const rating = { type: ['number', 'null'] };
const grade = { type: ['string', 'null'], description: 'null: the player has no grade (as list JSON says it).' };
const rated = { type: 'object', properties: { rating, grade }, required: ['rating'], additionalProperties: false };
const override = {
  type: 'object',
  description: 'The first later fact that sets the player\'s rating anew (a reconcile\'s pin, an adjustment): the change does not reach the lists after it.',
  properties: { position: { type: 'integer' }, kind: { enum: ['ListReconciled', 'RatingAdjusted'] }, date: str, reason: str },
  required: ['position', 'kind', 'date', 'reason'],
  additionalProperties: false,
};

export const CONSEQUENCES_PROPERTIES = {
  dryRun: { type: 'boolean', description: 'true: decided with ?dry-run=true and not recorded.' },
  changes: {
    type: 'array',
    description: 'Per tournament and player, the rating (and grade where the rule set has grades) before and after the command.',
    items: {
      type: 'object',
      properties: { tournament: str, date: str, player: str, name: str, ruleSet: str, before: rated, after: rated, overriddenBy: override },
      required: ['tournament', 'date', 'player', 'name', 'ruleSet', 'before', 'after'],
      additionalProperties: false,
    },
  },
  list: {
    type: 'array',
    description: 'The FESA list of today: the players whose rating or grade differ (players rated 0, whom the list leaves out, are not named).',
    items: { type: 'object', properties: { playerId: str, oldRating: rating, newRating: rating, oldGrade: grade, newGrade: grade }, required: ['playerId', 'oldRating', 'newRating', 'oldGrade', 'newGrade'], additionalProperties: false },
  },
  unavailable: { type: 'string', description: 'Why the ratings before and after could not be compared (the command stands).' },
} as const;
