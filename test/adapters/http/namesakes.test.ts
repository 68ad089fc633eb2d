import * as path from 'path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Api } from './api';
import { ledger, tempDir } from '../../support/helpers';

const BROWSER = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

/**
 * Namesakes are people (issue 28, point 1) on the server: the officer registering a namesake over HTTP is told how
 * FESA files show him, and the pages that answered 409 once two namesakes met (`/`, `/lists`, both players' pages, the
 * tournament's) answer 200 and show two players.
 */
describe('namesakes over HTTP', () => {
  const db = path.join(tempDir('namesakes-http'), 'ledger.db');
  let api: Api;
  let token: string;

  const command = async (body: Record<string, unknown>): Promise<Record<string, unknown>> => {
    const answer = await api.post('/commands', body, token);
    expect({ kind: body.kind, status: answer.status, detail: answer.body.detail }).toEqual({ kind: body.kind, status: 201, detail: undefined });
    return answer.body;
  };
  const page = (url: string) => api.request('GET', url, { headers: BROWSER });

  beforeAll(async () => {
    expect((await ledger('init', '--db', db)).code).toBe(0);
    api = await startApi(db);
    token = await api.appoint('kari', 'officer');
  });
  afterAll(async () => {
    await api.close();
  });

  it('registers a namesake with a notice, and every page shows the two players apart', async () => {
    const player = (playerId: string, familyName: string, givenName: string) => ({ kind: 'RegisterPlayer', validDate: '2026-01-01', playerId, familyName, givenName, country: 'NO' });
    expect((await command(player('D1', 'Same', 'Name'))).namesake).toBeUndefined();
    expect((await command(player('D2', 'Same', 'Name'))).namesake).toEqual({ namesakes: ['D1'], listedAs: 'Same Name (D2)' });
    await command(player('P3', 'Other', 'Guy'));
    const tournament = (tournamentId: string, date: string) => ({ kind: 'RegisterTournament', validDate: date, tournamentId, name: tournamentId, place: '', startDate: date, endDate: date, ratingSystem: 'fesa', rated: true, timeControl: { mainMinutes: 30, byoyomiSeconds: 30, incrementSeconds: 0 } });
    const game = (tournamentId: string, date: string, first: string, second: string) => ({ kind: 'ReportGame', validDate: date, tournamentId, gameId: 'g1', round: 1, first, second, result: 'win' });
    for (const [t, date, first, second] of [['t0', '2026-02-08', 'D1', 'P3'], ['t1', '2026-03-08', 'D1', 'D2']] as const) {
      await command(tournament(t, date));
      await command(game(t, date, first, second));
      await command({ kind: 'CloseTournament', validDate: date, tournamentId: t });
    }

    for (const url of ['/', '/lists?as-of=2026-03-31']) {
      const html = await page(url);
      expect([url, html.status]).toEqual([url, 200]);
      const text = html.bytes.toString();
      expect(text).toContain('href="/players/D1"');
      expect(text).toContain('href="/players/D2"');
      const json = await api.get(url === '/' ? '/lists' : url);
      expect(json.status).toBe(200);
      const rows = json.body.players as { playerId: string; rating: number; games: number }[];
      expect(rows.filter((r) => r.playerId === 'D1' || r.playerId === 'D2').map((r) => [r.playerId, r.games])).toEqual([['D1', 2], ['D2', 1]]);
    }
    for (const id of ['D1', 'D2']) {
      const html = await page(`/players/${id}`);
      expect([id, html.status]).toEqual([id, 200]);
      const career = await api.get(`/players/${id}/history`);
      expect(career.status).toBe(200);
      // each career holds his own tournaments: D2 never played t0
      expect(JSON.stringify(career.body).includes('"t0"')).toBe(id === 'D1');
    }
    for (const t of ['t0', 't1']) {
      const html = await page(`/tournaments/${t}`);
      expect([t, html.status]).toEqual([t, 200]);
    }
    const t1 = (await page('/tournaments/t1')).bytes.toString();
    expect(t1).toContain('href="/players/D1"');
    expect(t1).toContain('href="/players/D2"');
    expect(t1).toContain('Same Name (D2)');
    expect((await api.get('/tournaments/t1')).status).toBe(200);
  }, 120_000);
});
