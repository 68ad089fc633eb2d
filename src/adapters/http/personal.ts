import type { Response } from 'express';
import type { PlayerRegistered } from '../../../domain/events';
import { signedIn } from './access';

/**
 * What anybody may read of a person is what a published rating list shows: id, name and country (ratings and grades
 * come from the folds). A birth year, a club and who recorded a fact (an officer's name, or the OS login the CLI
 * records for whoever ran it) are personal data: for signed-in officers and auditors only.
 */
export interface PublicPlayer {
  readonly playerId: string;
  readonly familyName: string;
  readonly givenName: string;
  readonly country: string;
}

export const publicPlayer = (p: PlayerRegistered): PublicPlayer => ({ playerId: p.playerId, familyName: p.familyName, givenName: p.givenName, country: p.country });

/** Whether the request's answer may hold personal data: its sender signed in (any role; under --private, all do). */
export const seesPersonalData = (res: Response): boolean => signedIn(res) !== undefined;

/** An explanation's officer facts (opening balances, adjustments …) without who recorded them. */
export const publicOfficerFacts = (facts: readonly unknown[]): unknown[] =>
  facts.map((f) => {
    const fact = f as { readonly event: { readonly actor?: unknown } };
    return { ...fact, event: withoutActor(fact.event) };
  });

/** A record without the name of who recorded it. */
export const withoutActor = <T extends { readonly actor?: unknown }>(record: T): Omit<T, 'actor'> => {
  const { actor: _actor, ...rest } = record;
  return rest;
};
