/**
 * Facts that leave the FESA fold's lists and careers as they are: a write that records only such facts needs no FESA
 * comparison (saved-ratings.ts), and the FESA models saved before them still answer for the log after them (a game of
 * a fide tournament, a TRF import's opening balances, an officer's appointment), so a read does not restore the whole
 * FESA projection to fold facts it passes over (on a mixed million-game ledger, a gigabyte and seconds on a server's
 * worker after every fide correction).
 */
import { tournamentStream, type DomainEvent, type TournamentRegistered } from '../../domain/events';
import { ruleSetInForce, type RecordedAdoption } from '../../domain/rules/in-force';
import { isFesaRuleSet, PASSED_OVER_BY_THE_FOLD } from '../../projections/fesa/fesa-facts';
import { isGenericRuleSet } from '../../projections/generic/systems';
import { decodeRecorded, readFacts } from './event-log';
import type { EventStore } from './ports/event-store';

/**
 * Whether `events` leave every FESA list as it is: each is one of `passedOver` (facts that rate, grade and rename
 * nobody on one), or an opening balance under another rule set, or is of a tournament a rule set outside FESA rates —
 * its own, unless an adoption in force at its end says otherwise (domain/rules/in-force.ts), as the folds read it.
 */
export const leavesFesaAlone = async (store: EventStore, events: readonly DomainEvent[], passedOver: ReadonlySet<string>): Promise<boolean> => {
  const registered = new Map<string, TournamentRegistered>();
  const tournaments = new Set<string>();
  for (const e of events) {
    if (passedOver.has(e.type)) continue;
    if (e.type === 'OpeningBalanceImported' && isGenericRuleSet(e.ruleSet)) continue;
    if (e.type === 'TournamentRegistered') registered.set(e.tournamentId, e);
    else if (e.type !== 'GameReported' && e.type !== 'ResultCorrected' && e.type !== 'GameWithdrawn' && e.type !== 'TournamentClosed') return false;
    tournaments.add(e.tournamentId);
  }
  if (tournaments.size === 0) return true;
  const adoptions: RecordedAdoption[] = [];
  for await (const batch of readFacts(store, { types: ['RuleSetAdopted'] })) for (const f of batch) if (f.event.type === 'RuleSetAdopted') adoptions.push({ event: f.event, position: f.globalPosition });
  for (const tournamentId of tournaments) {
    const registration = registered.get(tournamentId) ?? (await registrationOf(store, tournamentId));
    if (registration === undefined || isFesaRuleSet(ruleSetInForce(adoptions, registration))) return false;
  }
  return true;
};

/** A tournament's registration as the log holds it last (its stream), or undefined. */
const registrationOf = async (store: EventStore, tournamentId: string): Promise<TournamentRegistered | undefined> => {
  let found: TournamentRegistered | undefined;
  for (const recorded of await store.readStream(tournamentStream(tournamentId))) {
    const { event } = decodeRecorded(recorded);
    if (event.type === 'TournamentRegistered') found = event;
  }
  return found;
};

/**
 * Past this many facts recorded since the models were saved, a read catches them up rather than checking the facts
 * on every read (the catch-up saves them at the head, and the next reads need no check).
 */
const HOLD_READ_LIMIT = 5_000;

/** What each store was last found to hold: the FESA models saved at `from` answer for every position up to `to`. */
const held = new WeakMap<EventStore, { readonly from: number; readonly to: number }>();

/**
 * The position up to which the FESA models saved at `saved` (a list or careers model, the checkpoint they came with)
 * answer as a catch-up would: `upTo` itself when every fact recorded after `saved` up to it leaves FESA alone
 * (`leavesFesaAlone`; a new registration is not passed over here, as a namesake may change the names a FESA list
 * prints), undefined when one may change them (the caller catches up). Remembered per store, so that a server's
 * reads check each fact once.
 */
export const fesaModelsReach = async (store: EventStore, saved: number, upTo: number): Promise<number | undefined> => {
  if (saved === upTo) return upTo;
  if (saved > upTo || upTo - saved > HOLD_READ_LIMIT) return undefined;
  const known = held.get(store);
  if (known !== undefined && known.from === saved && known.to >= upTo) return upTo;
  const from = known !== undefined && known.from === saved ? known.to : saved;
  const events: DomainEvent[] = [];
  for await (const batch of readFacts(store, { fromPosition: from, toPosition: upTo })) for (const f of batch) events.push(f.event);
  if (!(await leavesFesaAlone(store, events, PASSED_OVER_BY_THE_FOLD))) return undefined;
  held.set(store, { from: saved, to: upTo });
  return upTo;
};
