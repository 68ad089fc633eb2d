/**
 * A server deciding from streams keeps the streams it read (src/app/stream-tails.ts) and reads only what was appended
 * to them since. Its decisions must be those from a fresh whole read of the streams, whatever another writer (a CLI
 * process: here a second connection to the file) appended in between, whatever commands were refused, and however
 * few events the bound lets it keep; and what it keeps is never changed by a decision.
 */
import * as fc from 'fast-check';
import * as path from 'path';
import { describe, expect, it } from 'vitest';
import type { Command } from '../../domain/commands/decide';
import { decide } from '../../domain/commands/decide';
import { streamsReadBy, streamsReadByAll } from '../../domain/commands/reads';
import { playerStream, tournamentStream } from '../../domain/events';
import { openStore, parseStoreSpec } from '../../src/adapters/store/open';
import { Ledger } from '../../src/app/ledger';
import { StreamTails } from '../../src/app/stream-tails';
import { LiveStreamIndex } from '../../src/app/stream-index';
import { openCheckpointStorage } from '../../src/adapters/store/checkpoint-storage';
import { tempDir } from '../support/helpers';
import { asOutcome, base, commandArb, PLAYERS, tournament, wholeLogDecision } from '../support/ledger-commands';

const attempt = (write: Promise<unknown>) => write.catch(() => undefined);

describe('deciding from the streams kept', () => {
  it('decides as a fresh whole read of the streams and as the whole log, with another writer appending in between', async () => {
    const step = fc.record({ command: commandArb, together: fc.option(commandArb, { nil: undefined }), other: fc.option(commandArb, { nil: undefined }) });
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(3, 40, 50_000), fc.array(step, { minLength: 5, maxLength: 25 }), async (kept, steps) => {
        const file = path.join(tempDir('stream-tails'), 'ledger.db');
        const store = await openStore(`sqlite:${file}`);
        const elsewhere = await openStore(`sqlite:${file}`);
        const storage = (await openCheckpointStorage(parseStoreSpec(`sqlite:${file}`)))!;
        // a merge's and a balance's streams: the stream index, kept by the server, saved beside the log
        const indexed = new LiveStreamIndex(store, () => Promise.resolve(storage));
        try {
          const server = new Ledger(store, 'streams', kept, () => indexed.now());
          const other = new Ledger(elsewhere, 'streams');
          for (const p of PLAYERS.slice(0, 3)) await server.execute({ ...base, kind: 'RegisterPlayer', playerId: p, familyName: `F${p}`, givenName: 'G', country: 'NO' } as Command);
          await server.execute(tournament('T1'));
          await server.execute({ ...base, kind: 'ReportGame', tournamentId: 'T1', gameId: 'g1', round: 1, first: 'P2', second: 'P3', result: 'win' } as Command);
          for (const { command, together, other: between } of steps) {
            // another process appends to the streams the server kept
            if (between !== undefined) await attempt(other.execute(between));
            const reads = streamsReadBy(command);
            if (reads !== undefined) {
              const index = await indexed.now();
              const fromKept = await server.stateOfStreams(reads, index);
              const fresh = await new Ledger(store, 'streams').stateOfStreams(reads, await new LiveStreamIndex(store, () => Promise.resolve(storage)).now());
              expect(asOutcome(decide(command, fromKept))).toEqual(asOutcome(decide(command, fresh)));
              expect(asOutcome(decide(command, fromKept))).toEqual(asOutcome(await wholeLogDecision(store, command)));
              expect([...fromKept.streamRevisions].sort()).toEqual([...fresh.streamRevisions].sort());
            }
            // a write of two commands folds the first's events into the draft's state before deciding the second
            await attempt(server.decideAll((draft) => [command, ...(together ? [together] : [])].map((c) => draft.decide(c)), { reads: together ? streamsReadByAll([command, together]) : reads }));
          }
        } finally {
          await storage.close();
          await elsewhere.close();
          await store.close();
        }
      }),
      { numRuns: 40 },
    );
  }, 120_000);

  it('keeps frozen events that decisions folding them cannot change, within its bound', async () => {
    const store = await openStore(`sqlite:${path.join(tempDir('stream-tails-frozen'), 'ledger.db')}`);
    try {
      const server = new Ledger(store, 'streams');
      for (const p of ['P1', 'P2']) await server.execute({ ...base, kind: 'RegisterPlayer', playerId: p, familyName: `F${p}`, givenName: 'G', country: 'NO' } as Command);
      await server.execute(tournament('T1'));
      await server.execute({ ...base, kind: 'ReportGame', tournamentId: 'T1', gameId: 'g1', round: 1, first: 'P1', second: 'P2', result: 'win' } as Command);
      // the state holds the kept registration by reference: a change through it would reach the next decision
      const state = await server.stateOfStreams(() => [playerStream('P1')]);
      const registration = state.players.get('P1')!.registration;
      const before = structuredClone(registration);
      expect(() => {
        (registration as { familyName: string }).familyName = 'Changed';
      }).toThrow(TypeError);
      await server.decideAll(
        (draft) => {
          draft.decide({ ...base, kind: 'CorrectPlayerRegistration', playerId: 'P1', familyName: 'Other', reason: 'typo' } as Command);
          draft.decide({ ...base, kind: 'CorrectPlayerRegistration', playerId: 'P1', givenName: 'H', reason: 'typo' } as Command);
        },
        { reads: () => [playerStream('P1')] },
      );
      const next = await server.stateOfStreams(() => [playerStream('P1')]);
      expect(next.players.get('P1')!.registration).toBe(registration);
      expect(registration).toEqual(before);
      expect(next.players.get('P1')!.current).toMatchObject({ familyName: 'Other', givenName: 'H' });
      expect(next.streamRevisions.get(playerStream('P1'))).toBe(2);

      const small = new StreamTails(store, 3);
      await small.read(playerStream('P1'));
      await small.read(tournamentStream('T1'));
      expect(small.size).toBeLessThanOrEqual(3);
      expect((await small.read(playerStream('P1'))).map((e) => e.revision)).toEqual([0, 1, 2]);
    } finally {
      await store.close();
    }
  });
});
