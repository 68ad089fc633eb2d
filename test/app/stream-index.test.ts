/**
 * The stream index (src/app/stream-index.ts) saved beside the log, read back in parts (a part no query reaches stays
 * the text it was read as), caught up and saved again, answers as a fold of the whole log.
 */
import * as path from 'path';
import { describe, expect, it } from 'vitest';
import type { Command } from '../../domain/commands/decide';
import { openCheckpointStorage } from '../../src/adapters/store/checkpoint-storage';
import { openStore, parseStoreSpec } from '../../src/adapters/store/open';
import { Ledger } from '../../src/app/ledger';
import { loadFacts } from '../../src/app/load';
import { foldReadModel } from '../../src/app/read-model';
import { LiveStreamIndex, STREAM_INDEX } from '../../src/app/stream-index';
import { tempDir } from '../support/helpers';
import { base, tournament } from '../support/ledger-commands';

const PLAYERS = Array.from({ length: 40 }, (_, i) => `Q${i}`);

/** `count` games in the given tournaments, each between two of the first `among` players, picked from `seed` on. */
const games = (tournaments: readonly string[], count: number, seed: number, among = PLAYERS.length): Command[] =>
  Array.from({ length: count }, (_, i) => {
    const n = seed + i;
    const [first, second] = [PLAYERS[n % among]!, PLAYERS[(n * 7 + 3) % among]!];
    return { ...base, kind: 'ReportGame', tournamentId: tournaments[n % tournaments.length]!, gameId: `g${n}`, round: 1 + n, first, second: second === first ? null : second, result: 'win' } as Command;
  });

describe('the stream index saved beside the log', () => {
  it('answers as the whole fold after a save, a catch-up of more than a thousand facts and a save again', async () => {
    const spec = `sqlite:${path.join(tempDir('stream-index'), 'ledger.db')}`;
    const store = await openStore(spec);
    const storage = (await openCheckpointStorage(parseStoreSpec(spec)))!;
    try {
      const ledger = new Ledger(store);
      const decideAll = (commands: readonly Command[]) => ledger.decideAll((draft) => commands.forEach((c) => draft.decide(c)));
      await decideAll([...PLAYERS.map((p) => ({ ...base, kind: 'RegisterPlayer', playerId: p, familyName: p, givenName: 'G', country: 'NO' }) as Command), tournament('T0'), tournament('T1')]);
      await decideAll(games(['T0', 'T1'], 300, 0));
      const live = () => new LiveStreamIndex(store, () => Promise.resolve(storage));
      const whole = async () => STREAM_INDEX.queries(foldReadModel(STREAM_INDEX, await loadFacts(store)));
      const same = async (index: Awaited<ReturnType<ReturnType<typeof live>['now']>>) => {
        const fold = await whole();
        for (const p of [...PLAYERS, 'nobody']) {
          expect(index!.tournamentsNaming(p)).toEqual(fold.tournamentsNaming(p));
          expect(index!.absorbedInto(p)).toEqual(fold.absorbedInto(p));
        }
        expect(index!.balanceHolder('b1')).toBe(fold.balanceHolder('b1'));
      };
      await same(await live().now());
      const savedAt = async () => {
        const header = await storage.load('stream-index', () => undefined);
        return (JSON.parse(header!) as { position: number }).position;
      };
      expect(await savedAt()).toBe(await store.headPosition());
      // more than a thousand facts since, of a few players: a reader asking about one catches up and saves the index
      // again, the parts of the others as they were read
      await decideAll([tournament('T2'), ...games(['T1', 'T2'], 1_100, 300, 6)]);
      await decideAll([
        { ...base, kind: 'MergePlayers', survivor: 'Q1', absorbed: 'Q39', reason: 'twice' } as Command,
        { ...base, kind: 'ImportOpeningBalance', eventId: 'b1', playerId: 'Q5', ruleSet: 'fide', source: 'list', state: { rating: 1800, games: 50, birthYear: null, reached2400: false } } as Command,
      ]);
      const asked = await live().now();
      expect(asked!.tournamentsNaming('Q2')).toEqual((await whole()).tournamentsNaming('Q2'));
      expect(await savedAt()).toBe(await store.headPosition());
      await same(await live().now());
    } finally {
      await storage.close();
      await store.close();
    }
  }, 60_000);
});
