/** A ledger large enough that a fold of it takes many `/health` answers, and how to count them (fold-jobs tests). */
import { expect } from 'vitest';
import type { DomainEvent } from '../../../domain/events';
import { playerStream, tournamentStream } from '../../../domain/events';
import { toNewEvent } from '../../../src/app/event-log';
import type { EventStore } from '../../../src/app/ports/event-store';
import type { Api } from './api';

export const PLAYERS = 600;
export const TOURNAMENTS = 300;
export const PER_TOURNAMENT = 20;
export const ROUNDS = 5;

const fact = (event: Record<string, unknown>) => toNewEvent({ version: 1, actor: 'test', ...event } as unknown as DomainEvent);

/**
 * A ledger written straight into the store (a CSV or HTTP import of this size would spawn or post for minutes):
 * PLAYERS players, TOURNAMENTS closed tournaments of `ruleSet` of PER_TOURNAMENT players × ROUNDS rounds, one a week.
 */
export const writeRatedLedger = async (store: EventStore, ruleSet: 'fide' | 'fesa'): Promise<number> => {
  for (let p = 0; p < PLAYERS; p++) {
    const registered = fact({ type: 'PlayerRegistered', eventId: `player:p${p}:registered`, validDate: '2000-01-01', playerId: `p${p}`, familyName: `Family${p}`, givenName: 'F', country: 'NO' });
    const state = { rating: 1400 + ((p * 37) % 800), games: 50, birthYear: null, reached2400: false };
    const balance = fact({ type: 'OpeningBalanceImported', eventId: `opening:fide:p${p}:list-1999`, validDate: '2000-01-01', playerId: `p${p}`, ruleSet: 'fide', state, source: 'FIDE list' });
    // FESA rates newcomers from their games; FIDE rates nobody among unrated players only
    await store.append(playerStream(`p${p}`), ruleSet === 'fide' ? [registered, balance] : [registered], 'no_stream');
  }
  let games = 0;
  for (let t = 0; t < TOURNAMENTS; t++) {
    const date = new Date(Date.UTC(2000, 0, 3 + 7 * t)).toISOString().slice(0, 10);
    const entrants = Array.from({ length: PER_TOURNAMENT }, (_, i) => `p${(t * 7 + i * 31) % PLAYERS}`);
    const tid = `t${t}`;
    const batch = [
      fact({ type: 'TournamentRegistered', eventId: `tournament:${tid}:registered`, validDate: date, tournamentId: tid, name: `Open ${t}`, place: 'Oslo', startDate: date, endDate: date, ratingSystem: ruleSet, rated: true, timeControl: { mainMinutes: 90, byoyomiSeconds: 0, incrementSeconds: 30 } }),
    ];
    for (let round = 1; round <= ROUNDS; round++) {
      for (let board = 0; board < PER_TOURNAMENT / 2; board++) {
        const [first, second] = [entrants[board]!, entrants[(board + round) % (PER_TOURNAMENT / 2) + PER_TOURNAMENT / 2]!];
        const gameId = `g${round}-${board}`;
        batch.push(fact({ type: 'GameReported', eventId: `game:${tid}:${gameId}:reported`, validDate: date, tournamentId: tid, gameId, round, first, second, result: (t + round + board) % 3 === 0 ? 'draw' : 'win' }));
        games++;
      }
    }
    batch.push(fact({ type: 'TournamentClosed', eventId: `tournament:${tid}:closed`, validDate: date, tournamentId: tid }));
    await store.append(tournamentStream(tid), batch, 'no_stream');
  }
  return games;
};

/**
 * `url`'s answer, with the `/health` answers that came before it: `/health` asked again and again, one after the other,
 * while `url` is pending. Nothing is timed: a fold on the thread that answers holds its event loop (SQLite reads are
 * synchronous), so no `/health` asked after `url` could be answered before `url`; on the worker they keep coming.
 */
export const healthWhilePending = (server: Api, url: string, token?: string, accept = '*/*') =>
  healthWhile(server, url, server.request('GET', url, { ...(token !== undefined ? { token } : {}), headers: { accept } }));

/** `request`'s answer (of any method, named `what`), with the `/health` answers that came before it, as above. */
export const healthWhile = async <A>(server: Api, what: string, request: Promise<A>) => {
  const order: string[] = [];
  let pending = true;
  const answer = request.then((r) => {
    order.push(what);
    pending = false;
    return r;
  });
  while (pending) {
    const health = await server.get('/health');
    expect(health.status).toBe(200);
    if (pending) order.push('/health');
  }
  return { answer: await answer, healthBefore: order.indexOf(what) };
};
