/** The answers of the publications: the archive of published lists and a published list's bulletin. */
import * as t from 'io-ts';
import type { Bulletin as BulletinValue } from '../../../app/bulletin';
import { component, described } from '../codec-schema';
import { date, integer, keys, nullable, sameShape } from './parts';

/** Every published list in recorded order (GET /lists/published); who published it to a signed-in reader only. */
export const PublishedLists = component(
  'PublishedLists',
  t.type({
    lists: t.readonlyArray(
      t.intersection([
        t.type({ listId: t.string, asOf: date, ruleSet: t.string, format: t.string, contentHash: t.string, activeYears: nullable(integer), reason: nullable(t.string), recordedAt: nullable(t.string), position: integer }),
        t.partial({ actor: described(t.string, 'Who published it: to a signed-in reader only.') }),
      ]),
    ),
  }),
);
export type PublishedLists = t.TypeOf<typeof PublishedLists>;

const BulletinPlayer = t.type({ playerId: t.string, name: t.string, rating: integer, grade: nullable(t.string) });
const BulletinChange = t.type({ playerId: t.string, name: t.string, before: integer, after: integer, change: integer });

/** A published list's bulletin (app/bulletin.ts), as `ledger list bulletin --json` prints it. */
export const Bulletin = component(
  'Bulletin',
  t.type({
    listId: t.string,
    asOf: date,
    ruleSet: t.string,
    previous: described(nullable(t.type({ listId: t.string, asOf: date })), 'The publication of the same rule set recorded before it; null for the first one.'),
    newPlayers: t.readonlyArray(BulletinPlayer),
    grades: t.readonlyArray(t.type({ playerId: t.string, name: t.string, from: nullable(t.string), to: nullable(t.string) })),
    gains: t.readonlyArray(BulletinChange),
    losses: t.readonlyArray(BulletinChange),
    corrections: t.readonlyArray(
      t.type({ kind: keys('corrected', 'withdrawn'), gameId: t.string, tournamentId: t.string, tournamentName: t.string, reason: t.string, validDate: date, recordedAt: nullable(t.string), position: integer, actor: t.string }),
    ),
  }),
);
export type Bulletin = t.TypeOf<typeof Bulletin>;
sameShape<Bulletin, BulletinValue>(true);
