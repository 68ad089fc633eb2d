/**
 * A rating list's answer kept across facts that change no list (issue 28: a server under a burst of registrations and
 * games of an open tournament does not make every list again after each one). The cache on its own with a route that
 * counts its calls, then a real server whose kept lists are held, after every command of random sequences, to the
 * list `ledger list` makes afresh in its own process.
 */
import express from 'express';
import type { AddressInfo } from 'net';
import * as path from 'path';
import { afterAll, describe, expect, it } from 'vitest';
import { AnswerCache, LIST_ANSWER } from '../../../src/adapters/http/answer-cache';
import { ledger, tempDir } from '../../support/helpers';
import { startApi } from './api';

describe('the answer cache and the lists', () => {
  const clock = { head: 5, lastChange: 5, stamp: 1 };
  const made = { list: 0, other: 0 };
  const app = express();
  app.use(new AnswerCache({ head: async () => clock.head, stamp: () => clock.stamp, lastListChange: async () => clock.lastChange, floorOf: () => 0 }).handler);
  app.get('/list', (_req, res) => {
    made.list++;
    res.locals[LIST_ANSWER] = true;
    res.set('X-Ledger-Position', String(clock.head)).send(`list ${made.list}`);
  });
  app.get('/other', (_req, res) => void res.send(`other ${++made.other}`));
  const server = app.listen(0, '127.0.0.1');
  afterAll(() => void server.close());
  const get = async (route: string) => {
    const answer = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${route}`);
    return { text: await answer.text(), position: answer.headers.get('x-ledger-position') };
  };

  it('gives a list again at a new head while no fact since changes a list, saying the new head; any other answer is made again', async () => {
    expect(await get('/list')).toEqual({ text: 'list 1', position: '5' });
    expect((await get('/other')).text).toBe('other 1');
    clock.head = 8;
    expect(await get('/list')).toEqual({ text: 'list 1', position: '8' });
    expect((await get('/other')).text).toBe('other 2');
    // a fact at 9 changes a list
    clock.head = 10;
    clock.lastChange = 9;
    expect(await get('/list')).toEqual({ text: 'list 2', position: '10' });
    // another process committed without moving the head (a saved model edited by hand): everything is made again
    clock.stamp = 2;
    expect(await get('/list')).toEqual({ text: 'list 3', position: '10' });
    expect(made).toEqual({ list: 3, other: 2 });
  });
});

describe('a server keeping its lists across facts that change none', () => {
  const db = path.join(tempDir('list-answers-kept'), 'ledger.db');

  it('answers, after every command of random sequences, the list made afresh', async () => {
    const api = await startApi(db);
    try {
      const officer = await api.appoint('kari', 'officer');
      const post = async (body: Record<string, unknown>) => {
        const answer = await api.post('/commands', { validDate: '2026-01-10', ...body }, officer);
        expect(answer.status, JSON.stringify(answer.body)).toBeOneOf([200, 201]);
      };
      const player = (id: string, family = `Family${id}`) => post({ kind: 'RegisterPlayer', playerId: id, familyName: family, givenName: 'Given', country: 'NO' });
      const tournament = (id: string, date: string) =>
        post({ kind: 'RegisterTournament', validDate: date, tournamentId: id, name: id, place: '', startDate: date, endDate: date, ratingSystem: 'fesa', rated: true, timeControl: { mainMinutes: 30, byoyomiSeconds: 30, incrementSeconds: 0 } });
      let games = 0;
      const game = (t: string, date: string, first: string, second: string, result: string) =>
        post({ kind: 'ReportGame', validDate: date, tournamentId: t, gameId: `G${++games}`, round: games, first, second, result });
      for (const id of ['P1', 'P2', 'P3', 'P4']) await player(id);
      await tournament('T1', '2026-01-10');
      await game('T1', '2026-01-10', 'P1', 'P2', 'win');
      await game('T1', '2026-01-10', 'P3', 'P4', 'draw');
      await post({ kind: 'CloseTournament', validDate: '2026-01-10', tournamentId: 'T1' });

      // a seeded sequence: mostly facts that change no list, with ones that do in between
      let seed = 7;
      const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648) % n);
      let players = 4;
      let open: string | undefined;
      let tournaments = 1;
      const step = async (): Promise<string> => {
        const players4 = () => [`P${1 + random(players)}`, `P${1 + random(players)}`];
        switch (random(7)) {
          case 0:
            await player(`P${++players}`);
            return 'registration';
          case 1:
            // a namesake of a listed player: he is distinguished, nobody on the list is renamed
            await player(`P${++players}`, 'FamilyP1');
            return 'namesake';
          case 2: {
            if (open !== undefined) {
              const [a, b] = players4();
              if (a !== b) await game(open, '2026-02-01', a!, b!, 'win');
              return 'game of an open tournament';
            }
            open = `T${++tournaments}`;
            await tournament(open, '2026-02-01');
            return 'tournament';
          }
          case 3: {
            if (open === undefined) return 'nothing';
            await post({ kind: 'CloseTournament', validDate: '2026-02-01', tournamentId: open });
            open = undefined;
            return 'closure';
          }
          case 4:
            // a late result into the closed T1: it is rated again
            await game('T1', '2026-01-10', 'P2', 'P3', random(2) === 0 ? 'win' : 'loss');
            return 'late result';
          case 5:
            await post({ kind: 'CorrectPlayerRegistration', playerId: 'P3', familyName: `Renamed${random(100)}`, reason: 'spelling' });
            return 'rename';
          default:
            await post({ kind: 'AdjustRating', adjustmentId: `A${kinds.length}`, ruleSet: 'fesa', target: { kind: 'player', playerId: 'P4' }, change: { kind: 'set', rating: 1000 + random(500) }, reason: 'officer' });
            return 'adjustment';
        }
      };
      const kinds: string[] = [];
      for (let i = 0; i < 24; i++) {
        kinds.push(await step());
        const served = await api.get('/lists?format=csv&active-years=0');
        const fresh = await ledger('list', '--format', 'csv', '--active-years', '0', '--db', db);
        expect(fresh.code, fresh.err).toBe(0);
        expect(served.bytes.toString(), `after ${kinds.join(', ')}`).toBe(fresh.out);
        expect(served.headers.get('x-ledger-position')).toBe(String(await api.store.headPosition()));
      }
      // the sequence holds facts of both kinds
      expect(kinds).toEqual(expect.arrayContaining(['registration', 'namesake', 'game of an open tournament', 'closure', 'late result', 'rename', 'adjustment']));
    } finally {
      await api.close();
    }
  }, 120_000);
});
