/** The answers about the log and its writers: events as recorded, players, a command's result with its consequences, officers. */
import * as t from 'io-ts';
import { eventCodecs, OFFICER_ROLES, PlayerRegistered, type DomainEvent } from '../../../../domain/events';
import type { Consequences as ConsequencesValue } from '../../../app/consequences';
import type { ExecuteResult } from '../../../app/ledger';
import type { NamesakeNotice } from '../../../app/namesakes';
import { component, described } from '../codec-schema';
import type { PublicPlayer as PublicPlayerValue } from '../personal';
import { integer, keys, nullable, sameShape } from './parts';

/** Any domain event, by the codec of its type (domain/events: the codecs the store decodes with). */
export const Event = component(
  'Event',
  // io-ts types a union by a tuple; the catalogue is a record, whose values are every event's codec
  t.union(Object.values(eventCodecs) as unknown as [t.Mixed, t.Mixed, ...t.Mixed[]]) as t.Type<DomainEvent>,
);

/** One fact of the log with its recorded position (GET /events). */
export const LoggedEvent = component('LoggedEvent', t.intersection([t.type({ position: integer, event: Event }), t.partial({ recordedAt: t.string, stream: t.string })]));
export type LoggedEvent = t.TypeOf<typeof LoggedEvent>;

/** What anybody sees of a player (as a published list shows him). */
export const PublicPlayer = component('PublicPlayer', t.type({ playerId: t.string, familyName: t.string, givenName: t.string, country: t.string }));
sameShape<t.TypeOf<typeof PublicPlayer>, PublicPlayerValue>(true);

export const Player = component(
  'Player',
  described(t.union([PublicPlayer, PlayerRegistered]), 'Without a token: id, names and country. Signed in (any role): the registration as now known, with club, birth year and who recorded it.'),
);
export type Player = t.TypeOf<typeof Player>;

const rating = nullable(t.number);
const RatingAndGrade = t.intersection([t.type({ rating }), t.partial({ grade: described(nullable(t.string), 'null: the player has no grade (as list JSON says it).') })]);
const Override = described(
  t.type({ position: integer, kind: keys('ListReconciled', 'RatingAdjusted', 'OpeningBalanceImported'), date: t.string, reason: t.string }),
  'The first later fact that sets the player\'s rating anew (a reconcile\'s pin, an adjustment, an opening balance dated after the change): the change does not reach the lists after it.',
);
export const ConsequenceChanges = described(
  t.readonlyArray(t.intersection([t.type({ tournament: t.string, date: t.string, player: t.string, name: t.string, ruleSet: t.string, before: RatingAndGrade, after: RatingAndGrade }), t.partial({ overriddenBy: Override })])),
  'Per tournament and player, the rating (and grade where the rule set has grades) before and after the command.',
);
export const ConsequenceList = described(
  t.readonlyArray(t.type({ playerId: t.string, oldRating: rating, newRating: rating, oldGrade: nullable(t.string), newGrade: nullable(t.string) })),
  'The FESA list of today: the players whose rating or grade differ (players rated 0, whom the list leaves out, are not named).',
);
const Unavailable = described(t.string, 'Why the ratings before and after could not be compared (the command stands).');

/** What a write changes (app/consequences.ts). */
export const Consequences = t.intersection([t.type({ changes: ConsequenceChanges, list: ConsequenceList }), t.partial({ unavailable: Unavailable })]);
sameShape<t.TypeOf<typeof Consequences>, ConsequencesValue>(true);

/** What `POST /commands` answers: the result, whether it was a dry run, what it changes and a namesake's notice. */
export const CommandResult = component(
  'CommandResult',
  t.intersection([
    t.type({ status: keys('appended', 'unchanged'), stream: t.string, events: t.readonlyArray(Event), dryRun: described(t.boolean, 'true: decided with ?dry-run=true and not recorded.'), changes: ConsequenceChanges, list: ConsequenceList }),
    t.partial({
      position: integer,
      unavailable: Unavailable,
      // RegisterPlayer of a player whose name another registered player bears
      namesake: t.type({ namesakes: t.readonlyArray(t.string), listedAs: t.string }),
    }),
  ]),
);
export type CommandResult = t.TypeOf<typeof CommandResult>;
sameShape<Omit<CommandResult, 'dryRun' | 'changes' | 'list' | 'unavailable' | 'namesake'>, ExecuteResult>(true);
sameShape<NonNullable<CommandResult['namesake']>, NamesakeNotice>(true);

/** An officer and his role now (GET /officers). */
export const Officer = component('Officer', t.type({ officer: t.string, role: nullable(keys(...OFFICER_ROLES)), tokenIssuedAt: nullable(t.string) }));
export type Officer = t.TypeOf<typeof Officer>;
