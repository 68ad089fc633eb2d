/** The answers of the service itself (its routes, health, the log, verify) and of the officers' routes. */
import * as t from 'io-ts';
import type { VerifyReport } from '../../../app/verify';
import { component, described } from '../codec-schema';
import { LoggedEvent, Officer } from './ledger';
import { integer, keys, nullable, sameShape } from './parts';

export const RouteList = component('RouteList', t.type({ routes: described(t.readonlyArray(t.string), 'Each route with the role it needs (none said: public).') }));
export type RouteList = t.TypeOf<typeof RouteList>;

export const Health = component(
  'Health',
  t.intersection([t.type({ status: t.literal('ok'), head: described(integer, 'The global position of the last fact of the log (0: none).') }), t.partial({ store: described(t.string, 'The store\'s file path or URL: to a signed-in reader only.') })]),
);
export type Health = t.TypeOf<typeof Health>;

export const EventPage = component('EventPage', t.type({ events: t.readonlyArray(LoggedEvent) }));
export type EventPage = t.TypeOf<typeof EventPage>;

/** `ledger verify` over HTTP (app/verify.ts): the chain, the head to note down, every published list re-computed. */
export const Verification = component(
  'Verification',
  t.type({
    holds: t.boolean,
    events: integer,
    head: nullable(t.type({ position: integer, hash: t.string })),
    lists: t.readonlyArray(t.type({ listId: t.string, contentHash: t.string, reproduced: t.boolean })),
    findings: described(t.readonlyArray(t.string), 'One sentence per finding; empty when everything holds.'),
  }),
);
export type Verification = t.TypeOf<typeof Verification>;
sameShape<Pick<Verification, 'events' | 'lists' | 'findings'>, Pick<VerifyReport, 'events' | 'lists' | 'findings'>>(true);
sameShape<NonNullable<Verification['head']>, NonNullable<VerifyReport['head']>>(true);

export const OfficerList = component('OfficerList', t.type({ officers: t.readonlyArray(Officer) }));
export type OfficerList = t.TypeOf<typeof OfficerList>;

/** POST /officers: an appointment recorded (a new officer's token, once) or already so (no token). */
export const Appointment = component(
  'Appointment',
  t.union([
    t.type({ officer: t.string, role: t.string, status: t.literal('appended'), token: described(nullable(t.string), 'A new officer\'s token, shown once (null: an officer in office changed role).') }),
    t.type({ officer: t.string, role: t.string, status: t.literal('unchanged'), token: t.null }),
  ]),
);
export type Appointment = t.TypeOf<typeof Appointment>;

export const Revocation = component('Revocation', t.type({ officer: t.string, status: keys('appended', 'unchanged') }));
export type Revocation = t.TypeOf<typeof Revocation>;

export const NewToken = component('NewToken', t.type({ officer: t.string, token: described(t.string, 'Shown once.') }));
export type NewToken = t.TypeOf<typeof NewToken>;
