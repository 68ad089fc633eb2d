import * as path from 'path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { careersFromModel } from '../../../src/adapters/http/tournament-index';
import { startApi, type Api } from './api';
import { cliBuilt, ledger, tempDir } from '../../support/helpers';

/**
 * A player's careers under the non-FESA rule sets (GET /players/:id, his page) come from the saved careers model when
 * it reflects the server's position — the same answer as the server's own fold — and from the fold once the log moves on.
 */
describe.skipIf(!cliBuilt())('a player\'s non-FESA careers over HTTP from the saved careers model', () => {
  let api: Api;
  let token: string;
  let db = '';
  const command = async (body: Record<string, unknown>): Promise<void> => {
    const { status, body: answer } = await api.post('/commands', body, token);
    expect([body.kind, status, answer.detail]).toEqual([body.kind, 201, undefined]);
  };
  const tournament = async (id: string, date: string, result: string): Promise<void> => {
    await command({ kind: 'RegisterTournament', validDate: date, tournamentId: id, name: id, place: '', startDate: date, endDate: date, ratingSystem: 'fide', rated: true, timeControl: { mainMinutes: 90, byoyomiSeconds: 0, incrementSeconds: 30 } });
    await command({ kind: 'ReportGame', validDate: date, tournamentId: id, gameId: 'g1', round: 1, first: 'P1', second: 'P2', result });
    await command({ kind: 'CloseTournament', validDate: date, tournamentId: id });
  };

  beforeAll(async () => {
    db = path.join(tempDir('player-careers-model'), 'ledger.db');
    expect((await ledger('init', '--db', db)).code).toBe(0);
    api = await startApi(db);
    token = await api.appoint('kari', 'officer');
    for (const [id, name] of [['P1', 'Hansen'], ['P2', 'Berg']]) await command({ kind: 'RegisterPlayer', validDate: '2019-01-01', playerId: id, familyName: name, givenName: 'Ola', country: 'NO' });
    for (const [id, rating] of [['P1', 1800], ['P2', 1700]] as const) {
      await command({ kind: 'ImportOpeningBalance', validDate: '2019-01-01', playerId: id, ruleSet: 'fide', state: { rating, games: 50, birthYear: null, reached2400: false }, source: 'FIDE list' });
    }
    await command({ kind: 'ImportOpeningBalance', validDate: '2019-01-01', playerId: 'P1', ruleSet: 'pan-atlantic', state: { rating: 2000, games: 60 }, source: 'pan-atlantic list' });
    await tournament('F1', '2020-03-01', 'draw');
  });
  afterAll(async () => {
    await api.close();
  });

  it('answers from the model at its position as the fold does, and folds again after a new fact', async () => {
    const careers = async (): Promise<unknown> => {
      const answer = await api.get('/players/P1');
      expect(answer.status).toBe(200);
      return answer.body.ruleSets;
    };
    const served = careersFromModel.here;
    const folded = await careers();
    expect(careersFromModel.here).toBe(served);
    expect(await ledger('projections', 'rebuild', '--rules', 'fide', '--db', db)).toMatchObject({ code: 0, err: '' });
    expect(await careers()).toEqual(folded);
    expect(careersFromModel.here).toBe(served + 1);
    expect(folded).toMatchObject([{ ruleSet: 'pan-atlantic', rating: 2000 }, { ruleSet: 'fide', tournaments: [{ tournamentId: 'F1', before: 1800 }] }]);
    // a new tournament: the model is behind the server's position, the page folds (and shows it)
    await tournament('F2', '2020-04-01', 'win');
    const after = (await careers()) as { ruleSet: string; tournaments: { tournamentId: string }[] }[];
    expect(after.find((c) => c.ruleSet === 'fide')!.tournaments.map((t) => t.tournamentId)).toEqual(['F1', 'F2']);
    expect(careersFromModel.here).toBe(served + 1);
  });
  it('counts a player\'s games under each rule set as that rule set\'s list does (FIDE 2024: the open period\'s games too)', async () => {
    for (const [id, rating] of [['P1', 1800], ['P2', 1700]] as const) {
      await command({ kind: 'ImportOpeningBalance', validDate: '2020-04-15', playerId: id, ruleSet: 'fide-2024', state: { rating, games: 40, birthYear: null, reached2400: false }, source: 'FIDE list' });
    }
    await command({ kind: 'RegisterTournament', validDate: '2020-05-01', tournamentId: 'F3', name: 'F3', place: '', startDate: '2020-05-01', endDate: '2020-05-01', ratingSystem: 'fide-2024', rated: true, timeControl: { mainMinutes: 90, byoyomiSeconds: 0, incrementSeconds: 30 } });
    await command({ kind: 'ReportGame', validDate: '2020-05-01', tournamentId: 'F3', gameId: 'g1', round: 1, first: 'P1', second: 'P2', result: 'draw' });
    await command({ kind: 'CloseTournament', validDate: '2020-05-01', tournamentId: 'F3' });
    const page = (await api.get('/players/P1')).body as { ruleSets: { ruleSet: string; games: number; rating: number | null }[] };
    expect(page.ruleSets.map((c) => c.ruleSet)).toContain('fide-2024');
    for (const c of page.ruleSets.filter((r) => r.rating !== null)) {
      const listed = (await api.get(`/lists?rules=${c.ruleSet}&as-of=2020-12-31`)).body as { players: { id: string; games: number }[] };
      expect({ ruleSet: c.ruleSet, games: c.games }).toEqual({ ruleSet: c.ruleSet, games: listed.players.find((p) => p.id === 'P1')!.games });
    }
  });
});
