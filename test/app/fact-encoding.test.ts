import * as E from 'fp-ts/Either';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LoggedEvent } from '../../domain/events';
import { foldFesaFast } from '../../projections/fesa/incremental';
import { hashAt } from '../../src/app/chain';
import { loadFacts } from '../../src/app/load';
import { decodeFacts, deserializeFactEncoding, encodeFacts, encodingMatches, serializeFactEncoding } from '../../src/app/fact-encoding';
import { ledgers, resultCorrection } from '../support/gen';
import { places, record } from '../support/places';

const [, openSqlite] = places[0]!;

/** What a fold gives: the list, or the error it stops with. */
const folded = (facts: readonly LoggedEvent[]): string => {
  const fold = foldFesaFast(facts, { runs: 'none' });
  return E.isLeft(fold) ? `error: ${fold.left.message}` : JSON.stringify(fold.right.list);
};

/** The facts back from the encoding's bytes, as a fold would read them beside the log. */
const throughBytes = (facts: readonly LoggedEvent[], position: number, hash: string | null): LoggedEvent[] =>
  [...decodeFacts(deserializeFactEncoding(serializeFactEncoding(encodeFacts(facts, position, hash))), 3)].flat();

describe('the fact encoding (what the folds read, kept beside the log)', () => {
  it('gives back every fact of random ledgers (corrections, withdrawals, merges) field by field, and the fold from it is the fold from the log', async () => {
    let merged = 0;
    await fc.assert(
      fc.asyncProperty(ledgers(8, 6), async ({ facts }) => {
        const { store, close } = await openSqlite();
        try {
          await record(store, facts);
          const fromLog = await loadFacts(store);
          const position = await store.headPosition();
          const fromEncoding = throughBytes(fromLog, position, await hashAt(store, position));
          expect(fromEncoding).toStrictEqual(fromLog);
          expect(folded(fromEncoding)).toBe(folded(fromLog));
          if (fromLog.some((f) => f.event.type === 'PlayersMerged')) merged++;
        } finally {
          await close();
        }
      }),
      { numRuns: 25 },
    );
    expect(merged).toBeGreaterThan(0);
  });

  it('stands for the log only at the position and head hash it was made at', async () => {
    const { store, close } = await openSqlite();
    try {
      const { facts } = fc.sample(ledgers(4, 2), { numRuns: 1, seed: 7 })[0]!;
      await record(store, facts);
      const position = await store.headPosition();
      const head = { position, hash: await hashAt(store, position) };
      const encoding = deserializeFactEncoding(serializeFactEncoding(encodeFacts(await loadFacts(store), head.position, head.hash)));
      expect(encodingMatches(encoding, head)).toBe(true);
      const game = facts.find((f) => f.event.type === 'GameReported')!.event;
      if (game.type !== 'GameReported') throw new Error('no game in the sample');
      await record(store, [resultCorrection(game, position + 1, 'late-fix')]);
      const moved = await store.headPosition();
      expect(encodingMatches(encoding, { position: moved, hash: await hashAt(store, moved) })).toBe(false);
      expect(encodingMatches(encoding, { position, hash: 'another hash' })).toBe(false);
    } finally {
      await close();
    }
  });

  it('keeps nested values, nulls, booleans, numbers and the recording time', () => {
    const facts = [
      { globalPosition: 1, recordedAt: '2026-01-01T00:00:00.000Z', event: { type: 'GameReported', version: 1, eventId: 'g', first: 'p1', second: null, result: 'bye', byePoints: 0.5, round: 2 } },
      { globalPosition: 2, event: { type: 'TournamentRegistered', version: 1, eventId: 't', rated: false, timeControl: { mainMinutes: 40, byoyomiSeconds: 30 } } },
    ] as unknown as LoggedEvent[];
    expect(throughBytes(facts, 2, null)).toStrictEqual(facts);
    // a string holding the table's separator: the table is kept as JSON instead
    const named = [{ globalPosition: 3, event: { type: 'PlayerRegistered', version: 1, eventId: 'r', familyName: 'Nul\u0000Name', rating: -1.25e300 } }] as unknown as LoggedEvent[];
    expect(throughBytes(named, 3, null)).toStrictEqual(named);
  });
});
