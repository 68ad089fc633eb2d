import * as path from 'path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Api } from './api';
import { chainOf, FIXTURES, ledger, nekomadoChain, tempDir } from '../../support/helpers';
import { Ledger } from '../../../src/app/ledger';
import { loadFacts } from '../../../src/app/load';
import { openSqliteStore } from '../../../src/adapters/store/sqlite';
import { ratedTournamentView } from '../../../src/app/tournaments';

/**
 * An EGD and a TRF tournament on a ledger of FESA tournaments, after corrections, a withdrawal, a merge and a rename:
 * `tournament show --json`, `GET /tournaments/ID` and the tournament page read them from their slice of the log
 * (src/app/rated-tournament.ts) and give what the view folded from the whole log gives.
 */
describe('a non-FESA tournament on a FESA ledger, CLI and HTTP', () => {
  const dir = tempDir('rated-tournament');
  const db = path.join(dir, 'ledger.db');
  let api: Api;

  const cli = async (...argv: string[]) => {
    const r = await ledger(...argv, '--db', db);
    if (r.code !== 0) throw new Error(`${argv.join(' ')}: ${r.err}`);
    return r.out;
  };
  /** The view of the whole log, as every reader gave it before (src/app/tournaments.ts). */
  const wholeLog = async (id: string): Promise<unknown> => {
    const store = openSqliteStore(db);
    try {
      return JSON.parse(JSON.stringify(ratedTournamentView(await loadFacts(store), await new Ledger(store).catchUp(), id)));
    } finally {
      await store.close();
    }
  };
  const shown = async (id: string): Promise<unknown> => JSON.parse(await cli('tournament', 'show', id, '--json'));
  const served = async (id: string): Promise<unknown> => {
    const r = await api.get(`/tournaments/${id}`);
    expect(r.status).toBe(200);
    return r.body;
  };

  beforeAll(async () => {
    await cli('fesa', 'import', chainOf(nekomadoChain().slice(0, 4)));
    await cli('egd', 'import', path.join(FIXTURES, 'egd', 'opengotha-tournoi-de-juvisy.h9'), '--tournament', 'juv');
    api = await startApi(db);
  });
  afterAll(async () => api.close());

  it('gives the whole log\'s view from the CLI, the API and the page, as the log grows', async () => {
    // read once: the CLI saves the index it starts from, the server keeps its own
    expect(await shown('juv')).toEqual(await wholeLog('juv'));
    expect(await served('juv')).toEqual(await wholeLog('juv'));
    const games = (await shown('juv')) as { games: { game: string; first: string; second: string | null; result: string }[] };
    const played = games.games.filter((g) => g.second !== null);
    await cli('game', 'correct', '--game', played[0]!.game, '--tournament', 'juv', '--result', played[0]!.result === 'win' ? 'loss' : 'win', '--reason', 'the score sheet says otherwise');
    await cli('game', 'withdraw', '--game', played[1]!.game, '--tournament', 'juv', '--reason', 'never played');
    await cli('player', 'rename', '--id', 'juv-3', '--family', 'Renamed', '--reason', 'married');
    await cli('trf', 'import', path.join(FIXTURES, 'trf', 'grandmommyscup.trf'), '--tournament', 'gm');
    // one person who played in both: his chess id joins his go id
    const chess = ((await shown('gm')) as { players: { playerId: string }[] }).players[0]!.playerId;
    await cli('player', 'merge', 'juv-1', chess, '--reason', 'one person under two ids');
    // both caught up from what they kept: the CLI's saved index, the server's (two requests at once: one catch-up)
    const [juv, gm] = await Promise.all([served('juv'), served('gm')]);
    expect(juv).toEqual(await wholeLog('juv'));
    expect(gm).toEqual(await wholeLog('gm'));
    for (const id of ['juv', 'gm']) expect(await shown(id)).toEqual(await wholeLog(id));
    const view = (await shown('juv')) as { players: { playerId: string; name: string }[]; games: { status: string }[] };
    expect(view.players.find((p) => p.playerId === 'juv-3')!.name).toMatch(/^Renamed/);
    expect(view.games.map((g) => g.status)).toEqual(expect.arrayContaining(['corrected 1x', 'withdrawn']));
    // the page: the view's players and games, and the amendments from the tournament's stream
    const page = await api.request('GET', '/tournaments/juv', { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    const html = new TextDecoder().decode(page.bytes);
    expect(html).toContain('the score sheet says otherwise');
    expect(html).toContain('never played');
    expect(html).toContain('Renamed');
    // an unknown one is a sentence, as before
    expect(await ledger('tournament', 'show', 'no-such', '--db', db)).toMatchObject({ code: 2, err: 'ledger: no tournament "no-such" in the ledger\n' });
  });
});
