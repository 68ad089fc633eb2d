import * as path from 'path';
import { describe, expect, it } from 'vitest';
import { ledger, tempDir } from '../../support/helpers';

/** A small federation: two players, one closed tournament with a handicap game and a bye. */
const setUp = async (): Promise<string> => {
  const db = path.join(tempDir('officer'), 'ledger.db');
  const run = async (...argv: string[]) => {
    const r = await ledger(...argv, '--db', db);
    expect({ argv, err: r.err, code: r.code }).toEqual({ argv, err: '', code: 0 });
  };
  await run('player', 'add', '--id', 'P1', '--family', 'Hansen', '--given', 'Ola', '--country', 'NO', '--club', 'Oslo SK', '--grade', '3 Kyu', '--grade-source', 'NSR');
  await run('player', 'add', '--id', 'P2', '--family', 'Berg', '--given', 'Kari', '--country', 'NO');
  await run('tournament', 'add', '--id', 'oslo-2026', '--name', 'Oslo Open', '--start', '2026-03-07', '--end', '2026-03-08');
  await run('game', 'report', '--tournament', 'oslo-2026', '--game', 'g1', '--round', '1', '--first', 'P1', '--second', 'P2', '--result', 'win', '--handicap', 'bishop', '--giver', 'P2');
  await run('game', 'report', '--tournament', 'oslo-2026', '--game', 'g2', '--round', '2', '--first', 'P2', '--second', 'P1', '--result', 'draw');
  await run('tournament', 'close', '--id', 'oslo-2026');
  return db;
};

describe('games by id, players and tournaments listed and shown (issue 13)', () => {
  it('game correct takes the game id and only what changes; withdraw takes the id', async () => {
    const db = await setUp();
    const fixed = await ledger('game', 'correct', '--game', 'g1', '--result', 'loss', '--reason', 'score sheet', '--db', db);
    expect(fixed).toMatchObject({ code: 0, err: '' });
    expect(fixed.out).toContain('game g1 of oslo-2026 corrected');
    const shown = JSON.parse((await ledger('tournament', 'show', 'oslo-2026', '--json', '--db', db)).out) as { games: { game: string; result: string; handicap: string; status: string }[] };
    // the round, players and handicap stayed as reported; only the result changed
    expect(shown.games.find((g) => g.game === 'g1')).toEqual({ game: 'g1', round: 1, first: 'P1', second: 'P2', result: 'loss', handicap: 'bishop given by P2', status: 'corrected 1x' });
    const even = await ledger('game', 'correct', '--game', 'g1', '--handicap', 'even', '--reason', 'it was an even game', '--db', db);
    expect(even.code).toBe(0);
    const again = JSON.parse((await ledger('tournament', 'show', 'oslo-2026', '--json', '--db', db)).out) as { games: { game: string; result: string; handicap: string }[] };
    expect(again.games.find((g) => g.game === 'g1')).toMatchObject({ result: 'loss', handicap: '' });
    expect(await ledger('game', 'correct', '--game', 'g7', '--result', 'loss', '--reason', 'x', '--db', db)).toMatchObject({ code: 1, err: 'ledger: no tournament has a game "g7" (ledger tournament show ID prints a tournament\'s game ids)\n' });
    expect(await ledger('game', 'withdraw', '--game', 'g2', '--reason', 'never played', '--db', db)).toMatchObject({ code: 0, out: expect.stringContaining('game g2 of oslo-2026 withdrawn') });
    const after = JSON.parse((await ledger('tournament', 'show', 'oslo-2026', '--json', '--db', db)).out) as { games: { game: string; status: string }[]; rows: unknown[] };
    expect(after.games.find((g) => g.game === 'g2')!.status).toBe('withdrawn');
  });

  it('tournament show prints every game id and each player\'s rating before and after', async () => {
    const db = await setUp();
    const text = (await ledger('tournament', 'show', 'oslo-2026', '--db', db)).out;
    expect(text).toMatch(/nr +player +nat +grade +before +after +rounds +pts +\+\/-/);
    expect(text).toMatch(/Hansen Ola +NO +- +\d+\*/);
    expect(text).toContain('Games (ledger game correct --game ID):');
    expect(text).toMatch(/g1 +1 +P1 +P2 +win +bishop given by P2/);
    expect(text).toMatch(/g2 +2 +P2 +P1 +draw/);
  });

  it('tournament list, player list and player show', async () => {
    const db = await setUp();
    const tournaments = JSON.parse((await ledger('tournament', 'list', '--json', '--db', db)).out);
    expect(tournaments).toEqual([{ id: 'oslo-2026', name: 'Oslo Open', start: '2026-03-07', end: '2026-03-08', games: 2, closed: true }]);
    const players = JSON.parse((await ledger('player', 'list', '--json', '--db', db)).out) as { id: string; club: string }[];
    expect(players.map((p) => [p.id, p.club])).toEqual([['P1', 'Oslo SK'], ['P2', '']]);
    const p1 = JSON.parse((await ledger('player', 'show', 'P1', '--json', '--db', db)).out);
    expect(p1).toMatchObject({ id: 'P1', family: 'Hansen', given: 'Ola', club: 'Oslo SK', priorGrades: { NSR: '3 Kyu' }, tournaments: [{ id: 'oslo-2026', end: '2026-03-08', closed: true }] });
    expect(p1.fesa).toMatchObject({ place: expect.any(Number), rating: expect.any(Number), lastPlayed: '2026-03-08' });
    expect((await ledger('player', 'show', 'P1', '--db', db)).out).toContain('registered');
    expect(await ledger('player', 'show', 'P9', '--db', db)).toMatchObject({ code: 1, err: 'ledger: unknown player "P9" (ledger player list shows the registered ones)\n' });
  });

  it('another rule set on a ledger that starts empty says why nobody is rated and how to start them', async () => {
    const db = await setUp();
    const none = await ledger('list', '--rules', 'fide', '--db', db);
    expect(none.err).toContain('No player has a rating under fide');
    expect(none.err).toContain('ledger rerate --rules fide');
    expect(none.err).toContain('--entry grade');
    const rerated = await ledger('rerate', '--rules', 'fide', '--db', db);
    expect(rerated.out).toMatch(/\nP1 +Hansen Ola +\d+ +\S+ +\d+ /);
  });

  it('rerate --rules S --option re-rates the history with the rule set\'s options, checked by the rule set', async () => {
    const db = await setUp();
    // two decisive even games, one each: rated once per event they cancel out, rated game by game they do not
    await ledger('game', 'correct', '--game', 'g2', '--result', 'win', '--reason', 'score sheet', '--db', db);
    await ledger('game', 'report', '--tournament', 'oslo-2026', '--game', 'g3', '--round', '3', '--first', 'P1', '--second', 'P2', '--result', 'win', '--db', db);
    const perEvent = JSON.parse((await ledger('rerate', '--rules', 'fide', '--json', '--db', db)).out) as { players: { playerId: string; fide: { rating: number } | null }[] };
    const perGame = await ledger('rerate', '--rules', 'fide', '--option', 'updateMode=game', '--json', '--db', db);
    expect(perGame.code).toBe(0);
    const after = JSON.parse(perGame.out) as { options: unknown; players: { playerId: string; fide: { rating: number } | null }[] };
    expect(after.options).toEqual({ updateMode: 'game' });
    // The second game between P1 and P2 is rated from the ratings after the first: another rating than once per event.
    const p2 = (x: typeof after.players) => x.find((p) => p.playerId === 'P2')?.fide?.rating;
    expect(p2(after.players)).toEqual(expect.any(Number));
    expect(p2(after.players)).not.toBe(p2(perEvent.players));
    expect(await ledger('rerate', '--rules', 'fide', '--option', 'updateMode=week', '--db', db)).toMatchObject({ code: 2, err: expect.stringMatching(/^ledger: --option for fide: .*updateMode.*\n$/) });
    expect(await ledger('rerate', '--rules', 'fesa', '--option', 'k=24', '--db', db)).toMatchObject({ code: 2, err: expect.stringContaining('--option re-rates under a non-FESA rule set') });
    const gone = await ledger('ratings', '--rules', 'fide', '--option', 'updateMode=game', '--db', db);
    expect(gone).toMatchObject({ code: 2, err: 'ledger: ledger ratings is gone: ledger rerate --rules fide --option updateMode=game does what it did\n' });
  });
});
