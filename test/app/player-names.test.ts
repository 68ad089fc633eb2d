/**
 * `player add` names a new player's namesakes from a saved player-names model caught up with the naming facts since
 * (src/app/player-names.ts), not from the deciders' state of the whole log. Random registrations, renames, merges
 * and unmerges: after each, the model — saved, loaded and caught up, or folded without storage — names the same
 * namesakes in the same order, and the same name, as the whole log's state.
 */
import * as fc from 'fast-check';
import * as path from 'path';
import { describe, expect, it } from 'vitest';
import type { Command } from '../../domain/commands/decide';
import { openCheckpointStorage } from '../../src/adapters/store/checkpoint-storage';
import { openStore, parseStoreSpec } from '../../src/adapters/store/open';
import { CommandRejected, Ledger } from '../../src/app/ledger';
import { PlayerNames, playerNamesNow } from '../../src/app/player-names';
import { tempDir } from '../support/helpers';

const IDS = ['P1', 'P2', 'P3', 'P4', 'P5'];
const NAMES = ['Berg', 'Dahl'];
const base = { validDate: '2026-03-07', actor: 'test' };
const id = fc.constantFrom(...IDS);
const name = fc.constantFrom(...NAMES);
const commandArb: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ p: id, family: name }).map(({ p, family }) => ({ ...base, kind: 'RegisterPlayer', playerId: p, familyName: family, givenName: 'Ola', country: 'NO' }) as Command),
  fc.record({ p: id, family: name }).map(({ p, family }) => ({ ...base, kind: 'CorrectPlayerRegistration', playerId: p, familyName: family, reason: 'typo' }) as Command),
  fc.uniqueArray(id, { minLength: 2, maxLength: 2 }).map(([survivor, absorbed]) => ({ ...base, kind: 'MergePlayers', survivor, absorbed, reason: 'twice' }) as Command),
  fc.uniqueArray(id, { minLength: 2, maxLength: 2 }).map(([survivor, absorbed]) => ({ ...base, kind: 'UnmergePlayers', survivor, absorbed, merge: `player:${absorbed}:merge:1`, reason: 'two' }) as Command),
);

const seen = (names: PlayerNames) => IDS.map((p) => [names.nameOf(p) ?? null, names.namesakesOf(p)]);

describe('the player-names model', () => {
  it('names every player and his namesakes as the whole log does, saved, caught up or folded', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(commandArb, { minLength: 3, maxLength: 20 }), async (commands) => {
        const spec = `sqlite:${path.join(tempDir('player-names'), 'ledger.db')}`;
        const store = await openStore(spec);
        const storage = await openCheckpointStorage(parseStoreSpec(spec));
        try {
          const ledger = new Ledger(store);
          for (const command of commands) {
            await ledger.execute(command).catch((e: unknown) => {
              if (!(e instanceof CommandRejected)) throw e;
            });
            const whole = seen(PlayerNames.ofState(await ledger.catchUp()));
            expect(seen(await playerNamesNow(store, storage!))).toEqual(whole);
            expect(seen(await playerNamesNow(store, undefined))).toEqual(whole);
          }
        } finally {
          await storage?.close();
          await store.close();
        }
      }),
      {
        numRuns: 30,
        // namesakes, one merged into the other and back: a namesake again
        examples: [[[
          { ...base, kind: 'RegisterPlayer', playerId: 'P1', familyName: 'Berg', givenName: 'Ola', country: 'NO' } as Command,
          { ...base, kind: 'RegisterPlayer', playerId: 'P2', familyName: 'Berg', givenName: 'Ola', country: 'NO' } as Command,
          { ...base, kind: 'MergePlayers', survivor: 'P1', absorbed: 'P2', reason: 'twice' } as Command,
          { ...base, kind: 'UnmergePlayers', survivor: 'P1', absorbed: 'P2', merge: 'player:P2:merge:1', reason: 'two' } as Command,
        ]]],
      },
    );
  }, 120_000);
});
