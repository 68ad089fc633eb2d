import * as E from 'fp-ts/Either';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DomainEvent, LoggedEvent } from '../../../domain/events';
import { foldFesa, type FesaFold, type FoldError } from '../../../projections/fesa/history';
import { FesaProjection } from '../../../projections/fesa/incremental';
import { ListNames } from '../../../projections/fesa/list-names';
import { nameKey } from '../../../projections/fesa/name-key';
import { inBatches, ledgers } from '../../support/gen';

/**
 * Namesakes are people (issue 28, point 1): two registered players may share a name. The FESA engine knows players
 * only by name, so the folds give each id a list name of its own; whatever the names, every id must get the rating,
 * games and grade it gets when every name is unique.
 */

type Naming = 'unique' | 'namesakes';

/**
 * The same ledger under two namings: `unique` gives every id a name of its own (U<id>), `namesakes` gives most ids
 * one name ("Same Name"; every third keeps its own), and a player renamed by a correction half-way through the log
 * goes into the clash (or, every other ledger, out of it). Opening balances carry the names their registrations
 * gave (a FESA list holding a name twice).
 */
const named = (facts: readonly LoggedEvent[], naming: Naming): LoggedEvent[] => {
  const ids: string[] = [...new Set(facts.flatMap((f) => (f.event.type === 'PlayerRegistered' ? [f.event.playerId as string] : [])))];
  const nameOf = (id: string): { lastName: string; firstName: string } => {
    if (naming === 'unique') return { lastName: `U${id}`, firstName: 'A' };
    return ids.indexOf(id) % 3 === 2 ? { lastName: `Own${id}`, firstName: '' } : { lastName: 'Same', firstName: 'Name' };
  };
  const out: DomainEvent[] = facts.map((f) => {
    const e = f.event;
    if (e.type === 'PlayerRegistered') {
      const n = nameOf(e.playerId);
      return { ...e, familyName: n.lastName, givenName: n.firstName } as DomainEvent;
    }
    if (e.type === 'OpeningBalanceImported') {
      const n = nameOf(e.playerId);
      return { ...e, state: { ...(e.state as object), lastName: n.lastName, firstName: n.firstName } } as DomainEvent;
    }
    return e;
  });
  // a correction of the registration of one player, after it: into the clash, or out of it
  const renamed = ids[facts.length % ids.length]!;
  const after = out.findIndex((e) => e.type === 'PlayerRegistered' && e.playerId === renamed);
  const at = after + 1 + (facts.length % Math.max(1, out.length - after));
  const into = facts.length % 2 === 0;
  const newName = naming === 'unique' ? { lastName: `V${renamed}`, firstName: 'B' } : into ? { lastName: 'Same', firstName: 'Name' } : { lastName: `Other${renamed}`, firstName: 'C' };
  out.splice(at, 0, { type: 'PlayerRegistrationCorrected', version: 1, eventId: `rename:${renamed}`, validDate: '2020-01-01', actor: 't', playerId: renamed, familyName: newName.lastName, givenName: newName.firstName, reason: 'spelling' } as unknown as DomainEvent);
  return out.map((event, i) => ({ event, globalPosition: i + 1 }));
};

/** The fold by id: each list entry's id and everything of its record but the name, and each run's results by id. */
const byId = (fold: E.Either<FoldError, FesaFold>) => {
  if (E.isLeft(fold)) return { error: fold.left.message };
  const f = fold.right;
  const record = (p: FesaFold['list'][number]) => ({ id: f.playerIdOf(p), ...p, lastName: undefined, firstName: undefined });
  return {
    list: f.list.map(record),
    runs: f.runs.map((r) => ({ id: r.tournamentId, players: r.players, after: r.after.map(record) })),
    names: [...f.names.keys()].sort(),
  };
};

describe('namesakes in the FESA folds', () => {
  it('random ledgers with namesakes (renamed into and out of a clash, merged, unmerged) fold as they do with unique names, by id', () => {
    let withMeetingNamesakes = 0;
    fc.assert(
      fc.property(ledgers(), fc.integer({ min: 1, max: 3 }), ({ facts, batches }, every) => {
        const unique = foldFesa(named(facts, 'unique'));
        const log = named(facts, 'namesakes');
        const folded = foldFesa(log);
        expect(byId(folded)).toEqual(byId(unique));
        // every id has a name of its own on every list
        if (E.isRight(folded)) {
          const keys = [...folded.right.names].filter(([id]) => folded.right.survivorOf(id) === id).map(([, n]) => nameKey(n));
          expect(new Set(keys).size).toBe(keys.length);
          if (folded.right.runs.some((r) => r.report.players.filter((p) => p.lastName === 'Same').length > 1)) withMeetingNamesakes++;
        }
        // the incremental projection, batch by batch, as the fold from scratch
        const projection = new FesaProjection({ runs: 'full', checkpointEvery: every });
        let seen = 0;
        for (const batch of inBatches(log, batches)) {
          projection.apply(batch);
          seen += batch.length;
          expect(byId(projection.current())).toEqual(byId(foldFesa(log.slice(0, seen))));
        }
      }),
      // the seed of the incremental test: ledgers the FESA engine's iteration is known to finish
      { numRuns: 40, seed: 20261121 },
    );
    expect(withMeetingNamesakes).toBeGreaterThan(5);
  });

  it('the first bearer of a name keeps it; a later namesake, rename or unmerge never renames an earlier bearer', () => {
    const holder = (id: string, lastName: string, firstName: string, namedAt: number) => ({ id, name: { lastName, firstName }, namedAt });
    const names = ListNames.of([holder('D2', 'Same', 'Name', 2), holder('D1', 'Same', 'Name', 1), holder('X', 'Same', '', 3)]);
    expect(Object.fromEntries(names.byId)).toEqual({ D1: { lastName: 'Same', firstName: 'Name' }, D2: { lastName: 'Same', firstName: 'Name (D2)' }, X: { lastName: 'Same', firstName: '' } });
    // a registration whose own name is another's distinguished name is distinguished itself
    expect(names.set('Y', holder('Y', 'Same', 'Name (D2)', 4))).toEqual([[nameKey({ lastName: 'Same', firstName: 'Name (D2) (Y)' }), 'Y']]);
    expect(names.byId.get('D2')).toEqual({ lastName: 'Same', firstName: 'Name (D2)' });
    // D1 renamed away: D2 is the only Same Name left and bears it plainly, which leaves Y his own name
    names.set('D1', holder('D1', 'Other', 'Name', 5));
    expect(names.byId.get('D2')).toEqual({ lastName: 'Same', firstName: 'Name' });
    expect(names.byId.get('Y')).toEqual({ lastName: 'Same', firstName: 'Name (D2)' });
    // D1 renamed back later: he is the later bearer now
    names.set('D1', holder('D1', 'Same', 'Name', 6));
    expect(names.byId.get('D1')).toEqual({ lastName: 'Same', firstName: 'Name (D1)' });
    expect(names.byId.get('D2')).toEqual({ lastName: 'Same', firstName: 'Name' });
    // the same holders given at once: the same names
    const again = ListNames.of([holder('D2', 'Same', 'Name', 2), holder('X', 'Same', '', 3), holder('Y', 'Same', 'Name (D2)', 4), holder('D1', 'Same', 'Name', 6)]);
    expect(Object.fromEntries(again.byId)).toEqual(Object.fromEntries(names.byId));
    // merged away (nobody) and back
    names.set('D2', undefined);
    expect(names.byId.get('D1')).toEqual({ lastName: 'Same', firstName: 'Name' });
    names.set('D2', holder('D2', 'Same', 'Name', 2));
    expect(names.byId.get('D2')).toEqual({ lastName: 'Same', firstName: 'Name' });
    expect(names.byId.get('D1')).toEqual({ lastName: 'Same', firstName: 'Name (D1)' });
  });
});
