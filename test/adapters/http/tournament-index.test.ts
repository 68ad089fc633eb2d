import * as path from 'path';
import { describe, expect, it } from 'vitest';
import type { Command } from '../../../domain/commands/decide';
import { TournamentIndex } from '../../../src/adapters/http/tournament-index';
import { openStore } from '../../../src/adapters/store/open';
import { Ledger } from '../../../src/app/ledger';
import { Directories } from '../../../src/app/read-models/directories';
import { tempDir } from '../../support/helpers';

const base = { validDate: '2026-03-07', actor: 'test' };

describe('the tournaments index', () => {
  it('counts the games of the tournaments it shows from their streams: reported, and not withdrawn; a closure and a new tournament show at the next page', async () => {
    const store = await openStore(`sqlite:${path.join(tempDir('tournament-index'), 'ledger.db')}`);
    try {
      const writer = new Ledger(store);
      const index = new TournamentIndex(store, new Directories(store));
      const tournament = (id: string, endDate: string) =>
        ({ ...base, kind: 'RegisterTournament', tournamentId: id, name: `Open ${id}`, place: 'Oslo', startDate: endDate, endDate, ratingSystem: 'fesa', rated: true, timeControl: { mainMinutes: 30, byoyomiSeconds: 30, incrementSeconds: 0 } }) as Command;
      const commands = [
        { ...base, kind: 'RegisterPlayer', playerId: 'P1', familyName: 'Hansen', givenName: 'Ola', country: 'NO' },
        { ...base, kind: 'RegisterPlayer', playerId: 'P2', familyName: 'Berg', givenName: 'Kari', country: 'NO' },
        tournament('T1', '2026-03-07'),
        { ...base, kind: 'ReportGame', tournamentId: 'T1', gameId: 'g1', round: 1, first: 'P1', second: 'P2', result: 'win' },
        { ...base, kind: 'ReportGame', tournamentId: 'T1', gameId: 'g2', round: 2, first: 'P2', second: 'P1', result: 'win' },
        { ...base, kind: 'WithdrawGame', tournamentId: 'T1', gameId: 'g1', reason: 'not played' },
      ] as Command[];
      for (const c of commands) await writer.execute(c);
      const first = await index.page('', 1);
      expect(first.shown).toMatchObject([{ registration: { tournamentId: 'T1' }, games: 1, reported: 2, closed: null }]);
      expect(first.position).toBe(await store.headPosition());
      await writer.execute(tournament('T2', '2026-04-01'));
      await writer.execute({ ...base, validDate: '2026-03-08', kind: 'CloseTournament', tournamentId: 'T1' } as Command);
      const next = await index.page('', 1);
      expect(next.shown.map((t) => [t.registration.tournamentId, t.games, t.closed])).toEqual([['T2', 0, null], ['T1', 1, '2026-03-08']]);
    } finally {
      await store.close();
    }
  });
});
