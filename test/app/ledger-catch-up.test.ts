/**
 * Found by s4-serve: two catch-ups of one Ledger at the same moment (two requests after an append) both read from the
 * same position and applied the same events twice, so counters that number the next event ids (a game's corrections)
 * counted them twice and the next correction took a wrong id. Callers at the same moment now share one read.
 */
import * as path from 'path';
import { describe, expect, it } from 'vitest';
import type { Command } from '../../domain/commands/decide';
import { openStore } from '../../src/adapters/store/open';
import { Ledger } from '../../src/app/ledger';
import { tempDir } from '../support/helpers';

describe('Ledger.catchUp', () => {
  it('applies every event once however many callers catch up at the same moment', async () => {
    const store = await openStore(`sqlite:${path.join(tempDir('catch-up'), 'ledger.db')}`);
    try {
      const writer = new Ledger(store);
      const base = { validDate: '2026-03-07', actor: 'test' };
      const commands: Command[] = [
        { ...base, kind: 'RegisterPlayer', playerId: 'P1', familyName: 'Hansen', givenName: 'Ola', country: 'NO' },
        { ...base, kind: 'RegisterPlayer', playerId: 'P2', familyName: 'Berg', givenName: 'Kari', country: 'NO' },
        { ...base, kind: 'RegisterTournament', tournamentId: 'T1', name: 'Open', place: 'Oslo', startDate: '2026-03-07', endDate: '2026-03-07', ratingSystem: 'fesa', rated: true, timeControl: { mainMinutes: 30, byoyomiSeconds: 30, incrementSeconds: 0 } },
        { ...base, kind: 'ReportGame', tournamentId: 'T1', gameId: 'g1', round: 1, first: 'P1', second: 'P2', result: 'win' },
        { ...base, kind: 'CorrectResult', tournamentId: 'T1', gameId: 'g1', round: 1, first: 'P1', second: 'P2', result: 'draw', reason: 'sheet' },
      ] as Command[];
      for (const c of commands) await writer.execute(c);
      const reader = new Ledger(store);
      const states = await Promise.all([reader.catchUp(), reader.catchUp(), reader.catchUp()]);
      expect(new Set(states).size).toBe(1);
      const fresh = await new Ledger(store).catchUp();
      expect(states[0]!.tournaments.get('T1')!.games.get('g1')!.corrections).toBe(1);
      expect(states[0]!.position).toBe(fresh.position);
      expect([...states[0]!.streamRevisions]).toEqual([...fresh.streamRevisions]);
    } finally {
      await store.close();
    }
  });
});
