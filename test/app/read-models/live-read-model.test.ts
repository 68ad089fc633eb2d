import * as path from 'path';
import { describe, expect, it } from 'vitest';
import type { Command } from '../../../domain/commands/decide';
import type { LoggedEvent } from '../../../domain/events';
import { openStore } from '../../../src/adapters/store/open';
import { readFacts } from '../../../src/app/event-log';
import { Ledger } from '../../../src/app/ledger';
import { foldReadModel, LiveReadModel } from '../../../src/app/read-model';
import { Directories } from '../../../src/app/read-models/directories';
import { AUDIT_TRAIL } from '../../../src/app/read-models/audit-trail';
import { tempDir } from '../../support/helpers';

const base = { validDate: '2026-03-07', actor: 'test' };
const tournament = (id: string): Command =>
  ({ ...base, kind: 'RegisterTournament', tournamentId: id, name: `Open ${id}`, place: 'Oslo', startDate: '2026-03-07', endDate: '2026-03-07', ratingSystem: 'fesa', rated: true, timeControl: { mainMinutes: 30, byoyomiSeconds: 30, incrementSeconds: 0 } }) as Command;

describe('a live read model', () => {
  it('follows the log in steps, reading each fact once, at the same answers as one fold of the whole log; catch-ups at once share the reads', async () => {
    const store = await openStore(`sqlite:${path.join(tempDir('live-read-model'), 'ledger.db')}`);
    try {
      const writer = new Ledger(store);
      // the audit trail lists every amendment it is given: a fact read twice would show twice
      const live = new LiveReadModel(AUDIT_TRAIL, store);
      const directories = new Directories(store);
      const steps: Command[][] = [
        [
          { ...base, kind: 'RegisterPlayer', playerId: 'P1', familyName: 'Hansen', givenName: 'Ola', country: 'NO' },
          { ...base, kind: 'RegisterPlayer', playerId: 'P2', familyName: 'Berg', givenName: 'Kari', country: 'NO' },
          tournament('T1'),
        ] as Command[],
        [
          { ...base, kind: 'ReportGame', tournamentId: 'T1', gameId: 'g1', round: 1, first: 'P1', second: 'P2', result: 'win' },
          { ...base, kind: 'CorrectResult', tournamentId: 'T1', gameId: 'g1', round: 1, first: 'P1', second: 'P2', result: 'draw', reason: 'sheet' },
        ] as Command[],
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
        expect(a.queries).toEqual(AUDIT_TRAIL.queries(foldReadModel(AUDIT_TRAIL, whole)));
      }
      expect((await live.caughtUp()).queries.amendments.get('T1')?.map((a) => a.kind)).toEqual(['corrected', 'withdrawn']);
      const now = await directories.caughtUp();
      expect(now.tournaments.registeredSince(0).map((r) => r.tournamentId)).toEqual(['T1', 'T2']);
      expect(now.players.nameOf('P2')).toBe('Berg-Lie Kari');
      // asked for an earlier position than it reflects, it stays where it is: a read model never goes back
      expect((await live.caughtUp(1)).position).toBe(await store.headPosition());
    } finally {
      await store.close();
    }
  });
});
