import * as path from 'path';
import { describe, expect, it } from 'vitest';
import type { Command } from '../../../domain/commands/decide';
import type { LoggedEvent } from '../../../domain/events';
import { openStore } from '../../../src/adapters/store/open';
import { readFacts } from '../../../src/app/event-log';
import { Ledger } from '../../../src/app/ledger';
import { foldReadModel, LiveReadModel } from '../../../src/app/read-model';
import { Directories } from '../../../src/app/read-models/directories';
import { TOURNAMENT_DIRECTORY } from '../../../src/app/read-models/tournament-directory';
import { tempDir } from '../../support/helpers';

const base = { validDate: '2026-03-07', actor: 'test' };
const tournament = (id: string): Command =>
  ({ ...base, kind: 'RegisterTournament', tournamentId: id, name: `Open ${id}`, place: 'Oslo', startDate: '2026-03-07', endDate: '2026-03-07', ratingSystem: 'fesa', rated: true, timeControl: { mainMinutes: 30, byoyomiSeconds: 30, incrementSeconds: 0 } }) as Command;

describe('a live read model', () => {
  it('follows the log in steps, reading each fact once, at the same answers as one fold of the whole log; catch-ups at once share the reads', async () => {
    const store = await openStore(`sqlite:${path.join(tempDir('live-read-model'), 'ledger.db')}`);
    try {
      const writer = new Ledger(store);
      const live = new LiveReadModel(TOURNAMENT_DIRECTORY, store);
      const directories = new Directories(store);
      const steps: Command[][] = [
        [
          { ...base, kind: 'RegisterPlayer', playerId: 'P1', familyName: 'Hansen', givenName: 'Ola', country: 'NO' },
          { ...base, kind: 'RegisterPlayer', playerId: 'P2', familyName: 'Berg', givenName: 'Kari', country: 'NO' },
          tournament('T1'),
        ] as Command[],
        [{ ...base, kind: 'ReportGame', tournamentId: 'T1', gameId: 'g1', round: 1, first: 'P1', second: 'P2', result: 'win' }] as Command[],
        [
          { ...base, kind: 'ReportGame', tournamentId: 'T1', gameId: 'g2', round: 2, first: 'P2', second: 'P1', result: 'win' },
          { ...base, kind: 'WithdrawGame', tournamentId: 'T1', gameId: 'g1', reason: 'not played' },
          tournament('T2'),
          { ...base, kind: 'CorrectPlayerRegistration', playerId: 'P2', familyName: 'Berg-Lie', reason: 'married' },
        ] as Command[],
      ];
      for (const step of steps) {
        for (const c of step) await writer.execute(c);
        const [a, b] = await Promise.all([live.caughtUp(), live.caughtUp()]);
        const head = await store.headPosition();
        expect([a.position, b.position]).toEqual([head, head]);
        const whole: LoggedEvent[] = [];
        for await (const batch of readFacts(store)) whole.push(...batch);
        const folded = TOURNAMENT_DIRECTORY.queries(foldReadModel(TOURNAMENT_DIRECTORY, whole));
        expect(a.queries.registeredSince(0)).toEqual(folded.registeredSince(0));
        expect(a.queries.listing('T1')).toEqual(folded.listing('T1'));
      }
      const now = await directories.caughtUp();
      expect(now.tournaments.listing('T1')).toMatchObject({ reported: 2, withdrawn: new Set(['g1']) });
      expect(now.players.nameOf('P2')).toBe('Berg-Lie Kari');
      // asked for an earlier position than it reflects, it stays where it is: a read model never goes back
      expect((await live.caughtUp(1)).position).toBe(await store.headPosition());
    } finally {
      await store.close();
    }
  });
});
